import Foundation
import Testing

/// `compare --format json` lists every action of both runs with its status, and
/// `--fail-above` / `--fail-new` fail a job.
@Suite final class CompareStatusCLITests {
  let dir: URL
  let before: String
  let after: String
  let log: ([(String, Int)]) -> String

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-compare-status-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    func log(_ counts: [(String, Int)]) -> String {
      counts.flatMap { action, n in Array(repeating: "received action: App.Action.\(action)\n", count: n) }.joined()
    }
    self.log = log
    before = dir.appendingPathComponent("before.log").path
    after = dir.appendingPathComponent("after.log").path
    // Per 1,000 records: grows 300 → 600 (×2), shrinks 400 → 100, steady 200 → 200,
    // retired 100 → gone, added new at 100 (counts above --fail-min-records' 20).
    try log([("grows", 30), ("shrinks", 40), ("steady", 20), ("retired", 10)])
      .write(toFile: before, atomically: true, encoding: .utf8)
    try log([("grows", 120), ("shrinks", 20), ("steady", 40), ("added", 20)])
      .write(toFile: after, atomically: true, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(at: dir) }

  @Test func jsonListsEveryActionWithItsStatus() throws {
    let run = runInProcess(["compare", "--format", "json", before, after])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    let rows = try #require(json["actions"] as? [[String: Any]])
    var status: [String: String] = [:]
    for row in rows { status[row["path"] as? String ?? "?"] = row["status"] as? String }
    #expect(
      status == ["grows": "changed", "shrinks": "changed", "steady": "unchanged", "retired": "gone", "added": "new"])
    #expect(json["hiddenActions"] as? Int == 0)
  }

  @Test func failAboveAndFailNewFailTheJob() throws {
    #expect(runInProcess(["compare", before, after]).status == 0)
    let grown = runInProcess(["compare", "--fail-above", "1.5", before, after])
    #expect(grown.status == 1)
    #expect(grown.stderr.contains("1 action grew more than ×1.5: grows ×2.0"), "\(grown.stderr)")
    #expect(!grown.stdout.isEmpty, "the comparison is still printed")
    #expect(runInProcess(["compare", "--fail-above", "x2", before, after]).status == 0)
    let new = runInProcess(["compare", "--fail-new", before, after])
    #expect(new.status == 1)
    #expect(new.stderr.contains("1 new action: added"), "\(new.stderr)")
    #expect(runInProcess(["compare", "--fail-new", after, after]).status == 0)
    #expect(runInProcess(["compare", "--fail-above", "0.5", before, after]).status == 2)
  }

  /// A gate counts every action: one whose rate moved less than --min-change (hidden from
  /// the table) still fails --fail-above (it passed before, the row being hidden).
  @Test func failAboveCountsTheRowsMinChangeHides() throws {
    let drifted = dir.appendingPathComponent("drifted.log").path
    let base = dir.appendingPathComponent("base.log").path
    // drift: 500 → 519 per 1,000 records, ×1.04, a move of 3.8 % (under --min-change's 10 %).
    try log([("steady", 100), ("drift", 100)]).write(toFile: base, atomically: true, encoding: .utf8)
    try log([("steady", 100), ("drift", 108)]).write(toFile: drifted, atomically: true, encoding: .utf8)
    for minChange in ["10%", "0"] {
      let run = runInProcess(["compare", "--min-change", minChange, "--fail-above", "1.03", base, drifted])
      #expect(run.status == 1, "--min-change \(minChange)")
      #expect(run.stderr.contains("1 action grew more than ×1.03: drift ×1.0"), "\(run.stderr)")
    }
  }

  /// 2 records becoming 7 is no finding: --fail-above needs 20 records on the larger side
  /// (--fail-min-records), and says which actions it left unjudged.
  @Test func failAboveNeedsEnoughRecords() throws {
    let few = dir.appendingPathComponent("few.log").path
    let more = dir.appendingPathComponent("more.log").path
    try log([("base", 200), ("rare", 2)]).write(toFile: few, atomically: true, encoding: .utf8)
    try log([("base", 200), ("rare", 7)]).write(toFile: more, atomically: true, encoding: .utf8)
    let run = runInProcess(["compare", "--fail-above", "2", few, more])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "1 action grew more than ×2 on fewer than 20 records (--fail-min-records), not judged: rare 2 → 7"),
      "\(run.stderr)")
    let judged = runInProcess(["compare", "--fail-above", "2", "--fail-min-records", "5", few, more])
    #expect(judged.status == 1, "\(judged.stderr)")
    #expect(runInProcess(["compare", "--fail-min-records", "0", few, more]).status == 2)
  }

  /// A baseline saved with --min-share or --top hides rows: a path it does not list but
  /// holds under a group (or among the top-level rows it left out) is neither new nor gone
  /// when the same log is compared with it (before, the hidden children landed on their
  /// group's path, which the log then lacked: exit 1).
  @Test func rowsASavedReportHidIsNotNew() throws {
    let session = dir.appendingPathComponent("session.log").path
    try log([
      ("windows(.window(.hover))", 300), ("windows(.window(.tabs(.tab(.close))))", 4),
      ("windows(.window(.tabs(.tab(.open))))", 3), ("windows(.window(.resize))", 2), ("timerTicked", 200),
      ("menu(.open)", 2),
    ]).write(toFile: session, atomically: true, encoding: .utf8)
    for options in [["--min-share", "0.1"], ["--top", "2"]] {
      let saved = dir.appendingPathComponent("saved.json").path
      let report = runInProcess(["report", "--format", "json"] + options + ["-o", saved, session])
      #expect(report.status == 0, "\(report.stderr)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any])
      #expect((json["hiddenActions"] as? Int ?? 0) > 0, "\(options): the baseline hides rows")
      for (before, after) in [(session, saved), (saved, session)] {
        let run = runInProcess(["compare", "--fail-new", "--min-change", "0", before, after])
        #expect(run.status == 0, "\(options) \(before): \(run.stderr)")
        #expect(!String(decoding: run.stdout, as: UTF8.self).contains(" new"), "\(options)")
      }
    }
  }

  /// Saved reports with extreme numbers (a count near Int.max, 1e308, a fraction, a
  /// negative), one field at a time over a report that hid rows: compare and its gates read
  /// them or refuse them (exit 2), and never trap; what they print as JSON parses.
  @Test func savedReportsWithExtremeNumbersAreReadOrRefused() throws {
    let saved = dir.appendingPathComponent("base.json").path
    let report = runInProcess(["report", "--format", "json", "--top", "3", "-o", saved, "Samples/browser-session.log"])
    try #require(report.status == 0, "\(report.stderr)")
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    // Every number of the report, by its place in the text.
    let numbers = try NSRegularExpression(pattern: #"(?<=: )-?[0-9][0-9.eE+-]*"#)
    let places = numbers.matches(in: text, range: NSRange(text.startIndex..., in: text)).map(\.range)
    let extremes = ["0", "1", "-1", "0.5", "9223372036854775807", "4611686018427387903", "1e15", "9.3e18", "1e308"]
    var state: UInt64 = 54
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let mutated = dir.appendingPathComponent("mutated.json").path
    for _ in 0..<60 {
      var copy = text
      let place = try #require(Range(places[next(places.count)], in: copy))
      copy.replaceSubrange(place, with: extremes[next(extremes.count)])
      try copy.write(toFile: mutated, atomically: true, encoding: .utf8)
      for (before, after) in [(mutated, "Samples/browser-session.log"), ("Samples/browser-session.log", mutated)] {
        let run = runInProcess(
          ["compare", "--format", "json", "--fail-above", "1.5", "--fail-new", "--min-change", "0", before, after])
        #expect([0, 1, 2].contains(run.status), "\(run.stderr)")
        if run.status != 2 {
          #expect((try? JSONSerialization.jsonObject(with: run.stdout)) != nil, "\(copy)")
        }
      }
    }
  }
}
