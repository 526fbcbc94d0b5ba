import Foundation
import Testing

/// `../shared/bench/sessions.py`, beside the repository, and a python3 to run it.
enum SessionsScript {
  static let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/bench/sessions.py").path
  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: path)
      && ["/usr/bin/python3", "/usr/local/bin/python3"].contains { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// `tcalog compare` and `tcalog check` end to end on sessions of `sessions.py` (known
/// counts per action over known minutes), with a storm injected into one.
@Suite(.enabled(if: SessionsScript.isAvailable, "../shared/bench/sessions.py or python3 is absent"))
struct CompareCheckCLITests {
  static let sessions = SessionsScript.path

  /// A session log and its labels: (log path, per action count, minutes).
  static func session(minutes: Int, seed: Int, in dir: URL) throws -> (log: String, counts: [String: Int], minutes: Double) {
    let log = dir.appendingPathComponent("s\(seed).log").path
    let labels = dir.appendingPathComponent("s\(seed).labels.json").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", sessions, "--minutes", "\(minutes)", "--seed", "\(seed)", "--prefix", "oslog", "-o", log, "--labels", labels,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: labels))) as? [String: Any])
    let actions = try #require(json["actions"] as? [String: [String: Any]])
    return (log, actions.compactMapValues { $0["count"] as? Int }, try #require(json["minutes"] as? Double))
  }

  static func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-cc-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  static func json(_ args: [String]) throws -> [String: Any] {
    let run = runTCALog(args)
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
  }

  @Test func compareRatesMatchTheLabels() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = try Self.session(minutes: 6, seed: 3, in: dir)
    let b = try Self.session(minutes: 11, seed: 4, in: dir)
    let result = try Self.json(["compare", "--format", "json", "--min-change", "0", a.log, b.log])
    #expect(result["unit"] as? String == "per minute")
    let rows = try #require(result["actions"] as? [[String: Any]])
    var checked = 0
    for row in rows {
      let path = try #require(row["path"] as? String)
      let before = Double(a.counts[path] ?? 0) / a.minutes
      let after = Double(b.counts[path] ?? 0) / b.minutes
      // The log spans its first to its last record: within 2% of the session's minutes.
      #expect(abs((row["rateBefore"] as? Double ?? -1) - before) <= 0.02 * before + 1e-9, "\(path)")
      #expect(abs((row["rateAfter"] as? Double ?? -1) - after) <= 0.02 * after + 1e-9, "\(path)")
      #expect((row["status"] as? String == "new") == (a.counts[path] == nil && b.counts[path] != nil))
      #expect((row["status"] as? String == "gone") == (a.counts[path] != nil && b.counts[path] == nil))
      checked += 1
    }
    #expect(checked == Set(a.counts.keys).union(b.counts.keys).count)
    // Sorted by the size of the change.
    let changes = rows.compactMap { ($0["change"] as? Double).map(abs) }
    #expect(changes == changes.sorted(by: >))

    // A log compared with itself: nothing moved.
    let same = try Self.json(["compare", "--format", "json", a.log, a.log])
    #expect((same["actions"] as? [Any])?.isEmpty == true)
    #expect((same["statePaths"] as? [Any])?.isEmpty == true)
    #expect(same["hiddenActions"] as? Int == a.counts.count)

    // text and markdown show the rows json shows, in its order.
    let top = rows.prefix(5).compactMap { $0["path"] as? String }
    for format in ["text", "markdown"] {
      let run = runTCALog(["compare", "--format", format, "--min-change", "0", "--top", "5", a.log, b.log])
      let text = String(decoding: run.stdout, as: UTF8.self)
      let positions = top.compactMap { text.range(of: $0)?.lowerBound }
      #expect(positions.count == 5, "\(format)")
      #expect(positions == positions.sorted(), "\(format)")
    }

    // A saved report stands for its log.
    let report = runTCALog(["report", "--format", "json", a.log])
    let saved = dir.appendingPathComponent("baseline.json")
    try report.stdout.write(to: saved)
    let fromSaved = try Self.json(["compare", "--format", "json", "--min-change", "0", saved.path, b.log])
    let fromLog = try Self.json(["compare", "--format", "json", "--min-change", "0", a.log, b.log])
    func rates(_ json: [String: Any]) -> [String: Double] {
      Dictionary(
        uniqueKeysWithValues: (json["actions"] as? [[String: Any]] ?? []).compactMap { row in
          (row["path"] as? String).map { ($0, row["rateBefore"] as? Double ?? -1) }
        })
    }
    let savedRates = rates(fromSaved)
    for (path, rate) in rates(fromLog) { #expect(abs((savedRates[path] ?? -1) - rate) < 1e-3 * max(1, rate), "\(path)") }
  }

  /// `s1.log` with `copies` copies of its first `mouseMoved` record right after it: all in
  /// that record's second.
  static func injectStorm(into log: String, copies: Int, output: String) throws {
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let headers = lines.indices.filter { lines[$0].contains("Received action:") }
    // The first record whose action text (before its `State:` line) names mouseMoved.
    let start = try #require(
      zip(headers, headers.dropFirst()).first { header, next in
        lines[header..<next].prefix { !$0.contains("State:") }.contains { $0.contains(".mouseMoved(") }
      }?.0)
    let end = headers.first { $0 > start } ?? lines.count
    let record = lines[start..<end]
    var out = Array(lines[..<end])
    for _ in 0..<copies { out += record }
    out += lines[end...]
    try out.joined(separator: "\n").write(toFile: output, atomically: true, encoding: .utf8)
  }

  @Test func checkCatchesAnInjectedStorm() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = try Self.session(minutes: 5, seed: 7, in: dir)
    let budget = dir.appendingPathComponent("budget.txt").path
    let initRun = runTCALog(["check", "--init", "-o", budget, good.log])
    #expect(initRun.status == 0, "\(initRun.stderr)")
    let holds = runTCALog(["check", "--budget", budget, good.log])
    #expect(holds.status == 0, "\(String(decoding: holds.stdout, as: UTF8.self))")

    let stormy = dir.appendingPathComponent("storm.log").path
    try Self.injectStorm(into: good.log, copies: 400, output: stormy)
    let broken = runTCALog(["check", "--budget", budget, stormy])
    #expect(broken.status == 1)
    let text = String(decoding: broken.stdout, as: UTF8.self)
    let failing = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
    #expect(failing.count == 1, "\(text)")
    #expect(failing.first?.contains("mouseMoved") == true)
    // The measurement is on the line under the rule.
    let lines = text.split(separator: "\n")
    let detail = lines.firstIndex { $0.hasPrefix("FAIL") }.flatMap { $0 + 1 < lines.count ? lines[$0 + 1] : nil }
    let measured = detail.flatMap { line in
      line.range(of: "measured ").map { Int(line[$0.upperBound...].prefix { $0 != "/" }.filter { $0 != "," }) }
    }
    #expect(((measured ?? nil) ?? 0) > 400, "the 400 copies fall in one second: \(text)")

    // github: one annotation for the broken rule; junit: valid XML, one failure.
    let github = String(decoding: runTCALog(["check", "--format", "github", "--budget", budget, stormy]).stdout, as: UTF8.self)
    let annotations = github.split(separator: "\n")
    #expect(annotations.count == 1 && annotations[0].hasPrefix("::error file=") && annotations[0].contains(",line="))
    let junit = runTCALog(["check", "--format", "junit", "--budget", budget, stormy])
    #expect(junit.status == 1)
    let xml = dir.appendingPathComponent("junit.xml")
    try junit.stdout.write(to: xml)
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); s = r.find('testsuite'); "
        + "assert len(s.findall('testcase')) == int(s.get('tests')); "
        + "assert len([c for c in s.findall('testcase') if c.find('failure') is not None]) == int(s.get('failures')) == 1",
      xml.path,
    ]
    try python.run()
    python.waitUntilExit()
    #expect(python.terminationStatus == 0, "JUnit XML does not parse or does not add up")

    let json = try #require(try JSONSerialization.jsonObject(with: runTCALog(["check", "--format", "json", "--budget", budget, stormy]).stdout) as? [String: Any])
    #expect(json["broken"] as? Int == 1)
  }

  @Test func defaultRulesAndErrors() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // 25 records a second for 5 seconds: an effect loop.
    var log = ""
    for second in 0..<5 {
      for k in 0..<25 {
        log += "2026-11-20 10:00:0\(second).\(String(format: "%03d", k * 10))000+0100 0x1 Default 0x0 1 0 App: 🎬 Received action:\n"
        log += "  AppAction.effect(\n    EffectAction.response\n  )\n🖨️ State:\ncount:\n|\tCurrent: \(second * 25 + k + 1)\n|\tPrevious: \(second * 25 + k)\n\n"
      }
    }
    let loop = dir.appendingPathComponent("loop.log").path
    try log.write(toFile: loop, atomically: true, encoding: .utf8)
    let run = runTCALog(["check", "--default-rules", loop])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(String(decoding: run.stdout, as: UTF8.self).contains("effect-loop  effect.response"))

    let bad = dir.appendingPathComponent("bad.txt").path
    try "ok <= 1/s\nnot a rule\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let badRun = runTCALog(["check", "--budget", bad, loop])
    #expect(badRun.status == 2)
    #expect(badRun.stderr.hasPrefix("tcalog: error: \(bad):2: expected 'PATTERN <= LIMIT'"))

    // A rate rule on a log without timestamps is an error, not a pass.
    let rate = dir.appendingPathComponent("rate.txt").path
    try "todos <= 1/s\n".write(toFile: rate, atomically: true, encoding: .utf8)
    let rateRun = runTCALog(["check", "--budget", rate, "Samples/todos-tca1.log"])
    #expect(rateRun.status == 2)
    #expect(rateRun.stderr.contains("needs timestamps"))
    #expect(runTCALog(["check", "Samples/todos-tca1.log"]).status == 2)
  }
}
