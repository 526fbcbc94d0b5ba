import Foundation
import Testing

/// Output that never misleads: nothing written when every input failed, the records a
/// rate rests on, and `--since -5m` counted back from a saved log's last record.
@Suite final class HonestOutputCLITests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-honest-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: dir) }

  @Test func nothingIsWrittenWhenEveryInputFailed() throws {
    let keep = dir.appendingPathComponent("keep.html").path
    let missing = dir.appendingPathComponent("missing.log").path
    try "an older report\n".write(toFile: keep, atomically: true, encoding: .utf8)
    let html = runInProcess(["report", "--format", "html", "-o", keep, missing])
    #expect(html.status == 2)
    #expect(try String(contentsOfFile: keep, encoding: .utf8) == "an older report\n")
    for arguments in [
      [missing], ["report", "--format", "json", missing], ["suggest", missing], ["filter", "-c", missing],
    ] {
      let run = runInProcess(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stdout.isEmpty, "\(arguments): \(String(decoding: run.stdout, as: UTF8.self))")
      #expect(run.stderr.contains("missing.log"), "\(arguments)")
    }
    // One input read: the report of it is written, and the error still fails the run.
    let some = runInProcess([missing, "Samples/todos-tca1.log"])
    #expect(some.status == 2 && !some.stdout.isEmpty)
  }

  /// browser-session.log: 64 of its 900 records carry a time; the span, rate and bursts say so.
  @Test func ratesSayHowManyRecordsTheyRestOn() throws {
    let text = String(decoding: runInProcess(["Samples/browser-session.log"]).stdout, as: UTF8.self)
    #expect(text.contains("span, rates, bursts: from the 64 of 900 records with a time\n"), "\(text)")
    #expect(text.contains("Bursts (busiest second per action)\nfrom the 64 of 900 records with a time\n"), "\(text)")
    let markdown = String(
      decoding: runInProcess(["report", "--format", "markdown", "Samples/browser-session.log"]).stdout, as: UTF8.self)
    #expect(markdown.contains("- span, rates, bursts: from the 64 of 900 records with a time\n"))
    #expect(markdown.contains("## Bursts (busiest second per action; from the 64 of 900 records with a time)"))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: runInProcess(["report", "--format", "json", "Samples/browser-session.log"]).stdout) as? [String: Any])
    #expect(json["timedRecords"] as? Int == 64)
    // Every record timed: nothing to say.
    let timed = String(decoding: runInProcess(["Samples/timestamped.log"]).stdout, as: UTF8.self)
    #expect(!timed.contains("with a time"))
  }

  /// On a file, -0s is the last record's time: only the records at it. Standard input
  /// counts from the clock: at the sample's last record it gives what the file gives; a
  /// week later, none.
  @Test func relativeSinceCountsBackFromTheLastRecordOfAFile() throws {
    // The sample's last record, 2026-11-20T10:06:46.604384+01:00.
    let lastRecordTime = 1_795_165_606.604384
    func timestamps(_ arguments: [String], stdin: Data? = nil, now: Double = lastRecordTime) throws -> [String] {
      let run = InProcess.run(["records"] + arguments, stdin: stdin, now: now)
      return try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map {
        let object = try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        return object["timestamp"] as? String ?? ""
      }
    }
    let all = try timestamps(["Samples/timestamped.log"])
    let last = try #require(all.max())
    let atTheEnd = try timestamps(["--since", "-0s", "Samples/timestamped.log"])
    #expect(!atTheEnd.isEmpty && atTheEnd.allSatisfy { $0 == last }, "\(atTheEnd)")
    #expect(try timestamps(["--since", "-1d", "Samples/timestamped.log"]).count == all.count)
    let minute = try timestamps(["--since", "-1m", "Samples/timestamped.log"])
    #expect(minute.count > atTheEnd.count && minute.count < all.count)
    let sample = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/timestamped.log"))
    #expect(try timestamps(["--since", "-1m"], stdin: sample) == minute)
    #expect(try timestamps(["--since", "-1m"], stdin: sample, now: lastRecordTime + 7 * 86_400).isEmpty)
  }
}
