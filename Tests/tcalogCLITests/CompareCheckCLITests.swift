import Foundation
import Testing

/// The project's session simulator, `Tests/Simulator/tcasim.py`, and a python3 to run it.
enum SessionsScript {
  static let path = packageRoot.appendingPathComponent("Tests/Simulator/tcasim.py").path
  static var hasPython: Bool {
    ["/usr/bin/python3", "/usr/local/bin/python3"].contains { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// `tcalog compare` and `tcalog check` end to end on sessions of `tcasim.py`'s browser
/// (known counts per action over known minutes), with a storm injected into one.
@Suite(.enabled(if: SessionsScript.hasPython, "python3 is absent: the simulator cannot run"))
struct CompareCheckCLITests {
  static let sessions = SessionsScript.path

  /// A session log and its labels: the log's path, per action path its records and lines,
  /// the session's minutes, and the log's records and lines.
  struct Session {
    var log: String
    var counts: [String: Int]
    var lines: [String: Int]
    var minutes: Double
    var records: Int
    var totalLines: Int
  }

  static func session(minutes: Int, seed: Int, in dir: URL) throws -> Session {
    let log = dir.appendingPathComponent("s\(seed).log").path
    let labels = dir.appendingPathComponent("s\(seed).labels.json").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", sessions, "--minutes", "\(minutes)", "--seed", "\(seed)", "--prefix", "oslog", "-o", log, "--labels",
      labels,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: labels))) as? [String: Any])
    let actions = try #require(json["actions"] as? [String: [String: Any]])
    return Session(
      log: log, counts: actions.compactMapValues { $0["count"] as? Int },
      lines: actions.compactMapValues { $0["lines"] as? Int },
      minutes: try #require(json["minutes"] as? Double), records: try #require(json["records"] as? Int),
      totalLines: try #require(json["lines"] as? Int))
  }

  static func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-cc-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  static func json(_ args: [String]) throws -> [String: Any] {
    let run = runInProcess(args)
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
    // json still lists every path, each unchanged.
    let same = try Self.json(["compare", "--format", "json", a.log, a.log])
    let sameActions = try #require(same["actions"] as? [[String: Any]])
    #expect(sameActions.count == a.counts.count)
    #expect(sameActions.allSatisfy { $0["status"] as? String == "unchanged" })
    #expect((same["statePaths"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "unchanged" } == true)
    #expect(same["hiddenActions"] as? Int == 0)

    // text and markdown show the rows json shows, in its order.
    let top = rows.prefix(5).compactMap { $0["path"] as? String }
    for format in ["text", "markdown"] {
      let run = runTCALog(
        ["compare", "--format", format, "--min-change", "0", "--top", "5", a.log, b.log],
        environment: ["COLUMNS": "200"])
      let text = String(decoding: run.stdout, as: UTF8.self)
      let positions = top.compactMap { text.range(of: $0)?.lowerBound }
      #expect(positions.count == 5, "\(format)")
      #expect(positions == positions.sorted(), "\(format)")
    }

    // A saved report stands for its log.
    let report = runInProcess(["report", "--format", "json", a.log])
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
    for (path, rate) in rates(fromLog) {
      #expect(abs((savedRates[path] ?? -1) - rate) < 1e-3 * max(1, rate), "\(path)")
    }
  }

  /// `s1.log` with `copies` copies of its first `mouseMoved` record right after it: all in
  /// that record's second.
  static func injectStorm(into log: String, copies: Int, output: String) throws {
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
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
    let initRun = runInProcess(["check", "--init", "-o", budget, good.log])
    #expect(initRun.status == 0, "\(initRun.stderr)")
    let holds = runInProcess(["check", "--budget", budget, good.log])
    #expect(holds.status == 0, "\(String(decoding: holds.stdout, as: UTF8.self))")

    let stormy = dir.appendingPathComponent("storm.log").path
    try Self.injectStorm(into: good.log, copies: 400, output: stormy)
    let broken = runInProcess(["check", "--budget", budget, stormy])
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
    let github = String(
      decoding: runInProcess(["check", "--format", "github", "--budget", budget, stormy]).stdout, as: UTF8.self)
    let annotations = github.split(separator: "\n")
    #expect(annotations.count == 1 && annotations[0].hasPrefix("::error file=") && annotations[0].contains(",line="))
    let junit = runInProcess(["check", "--format", "junit", "--budget", budget, stormy])
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

    let json = try #require(
      try JSONSerialization.jsonObject(
        with: runInProcess(["check", "--format", "json", "--budget", budget, stormy]).stdout) as? [String: Any])
    #expect(json["broken"] as? Int == 1)
  }

  @Test func defaultRulesAndErrors() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // 200 records a second for 5 seconds: an effect loop (faster than any pointer).
    var log = ""
    for second in 0..<5 {
      for k in 0..<200 {
        log +=
          "2026-11-20 10:00:0\(second).\(String(format: "%03d", k * 5))000+0100 0x1 Default 0x0 1 0 App: 🎬 Received action:\n"
        log +=
          "  AppAction.effect(\n    EffectAction.response\n  )\n🖨️ State:\ncount:\n|\tCurrent: \(second * 200 + k + 1)\n|\tPrevious: \(second * 200 + k)\n\n"
      }
    }
    let loop = dir.appendingPathComponent("loop.log").path
    try log.write(toFile: loop, atomically: true, encoding: .utf8)
    let run = runInProcess(["check", "--default-rules", loop])
    #expect(run.status == 1, "\(run.stderr)")
    let text = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(text.first == "tcalog check \(loop): 1 of 4 rules broken (4 of them built in)")
    #expect(text.dropFirst().first?.hasPrefix("FAIL  effect-loop  no action at 150 or more records a second") == true)
    // The finding, with its start as the log writes its times.
    #expect(
      text.dropFirst(2).first
        == "      effect.response: 150 or more records a second for 5 seconds in a row (at most 200 in one) (from 2026-11-20 10:00:00 +01:00)"
    )
    #expect(text.contains { $0.hasPrefix("ok    no-op-flood") })
    // One action answering nothing: no request goes unanswered, no pairs make a cycle.
    #expect(text.contains { $0.hasPrefix("ok    unanswered-request") })
    #expect(text.last?.hasPrefix("ok    feedback-loop") == true)

    // A session at a person's pace breaks neither built-in rule: its pointer and scroll
    // streams (up to 60 a second for seconds on end) are no loop. Without timestamps the
    // loop rule is not measured, which breaks nothing.
    let session = try Self.session(minutes: 5, seed: 2, in: dir)
    #expect(runInProcess(["check", "--default-rules", session.log]).status == 0)
    let untimed = runInProcess(["check", "--default-rules", "Samples/todos-tca1.log"])
    #expect(untimed.status == 0)
    #expect(String(decoding: untimed.stdout, as: UTF8.self).contains("n/a   effect-loop"))
    // JUnit: the built-in rules are test cases too, the unmeasured one skipped.
    let junit = String(
      decoding: runInProcess(["check", "--default-rules", "--format", "junit", "Samples/todos-tca1.log"]).stdout,
      as: UTF8.self)
    // The two rate rules (effect-loop, feedback-loop) skipped without timestamps.
    #expect(junit.contains("tests=\"4\" failures=\"0\" errors=\"0\" skipped=\"2\""))

    let bad = dir.appendingPathComponent("bad.txt").path
    try "ok <= 1/s\nnot a rule\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let badRun = runInProcess(["check", "--budget", bad, loop])
    #expect(badRun.status == 2)
    #expect(badRun.stderr.hasPrefix("tcalog: error: \(bad):2: expected 'PATTERN <= LIMIT'"))

    // A rate rule on a log without timestamps is an error, not a pass.
    let rate = dir.appendingPathComponent("rate.txt").path
    try "todos <= 1/s\n".write(toFile: rate, atomically: true, encoding: .utf8)
    let rateRun = runInProcess(["check", "--budget", rate, "Samples/todos-tca1.log"])
    #expect(rateRun.status == 2)
    #expect(rateRun.stderr.contains("needs timestamps"))
    #expect(runInProcess(["check", "Samples/todos-tca1.log"]).status == 2)
  }

  /// Per second of the log's clock (seconds since midnight, as written), the records of
  /// each action path: from `tcalog records`, independently of `check`'s own counting.
  static func perSecond(_ log: String) throws -> (actions: [String: [Int: Int]], states: [String: Int]) {
    let run = runInProcess(["records", log])
    try #require(run.status == 0)
    var actions: [String: [Int: Int]] = [:]
    var states: [String: Int] = [:]
    for line in String(decoding: run.stdout, as: UTF8.self).split(separator: "\n") {
      let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let path = try #require((record["action"] as? [String: Any])?["path"] as? String)
      // `2026-11-20T10:00:03.123000+01:00`: one day, one offset in a session.
      let time = Array(try #require(record["timestamp"] as? String))
      let second = Int(String(time[11...12]))! * 3600 + Int(String(time[14...15]))! * 60 + Int(String(time[17...18]))!
      actions[path, default: [:]][second, default: 0] += 1
      for change in (record["state"] as? [String: Any])?["changes"] as? [[String: Any]] ?? [] {
        states[change["normalized"] as? String ?? "", default: 0] += 1
      }
    }
    return (actions, states)
  }

  /// Every unit on a session whose counts are known (its labels) and whose seconds are
  /// counted apart: each rule once at the measured value (holds) and once just under it
  /// (broken), with the measured value checked.
  @Test func everyUnitIsMeasuredOnASession() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let session = try Self.session(minutes: 4, seed: 9, in: dir)
    let (perSecond, states) = try Self.perSecond(session.log)
    // The busiest action, and a periodic one (a timer) for the minute rule.
    let busiest = try #require(session.counts.max { $0.value < $1.value }?.key)
    let timer = "timerTicked"
    let seconds = try #require(perSecond[busiest])
    let peakSecond = try #require(seconds.values.max())
    let timerSeconds = try #require(perSecond[timer])
    let peakMinute =
      timerSeconds.keys.map { start in
        timerSeconds.filter { $0.key >= start && $0.key < start + 60 }.values.reduce(0, +)
      }.max() ?? 0
    let records = try #require(session.counts[busiest])
    let lineShare = 100 * Double(try #require(session.lines[busiest])) / Double(session.totalLines)
    let recordShare = 100 * Double(records) / Double(session.records)
    let (statePath, stateChanges) = try #require(states.filter { $0.key.contains("[*]") }.max { $0.value < $1.value })
    func pattern(_ path: String) -> String { "^" + NSRegularExpression.escapedPattern(for: path) + "$" }
    func percent(_ value: Double, up: Bool) -> String {
      String(format: "%.2f", up ? (value * 100).rounded(.up) / 100 : (value * 100).rounded(.down) / 100 - 0.01)
    }
    // (rule, measured, holds)
    let rules: [(String, Double, Bool)] = [
      ("\(pattern(busiest)) <= \(peakSecond)/s", Double(peakSecond), true),
      ("\(pattern(busiest)) <= \(peakSecond - 1)/s", Double(peakSecond), false),
      ("\(pattern(timer)) <= \(peakMinute)/min", Double(peakMinute), true),
      ("\(pattern(timer)) <= \(peakMinute - 1)/min", Double(peakMinute), false),
      ("\(pattern(busiest)) <= \(records)", Double(records), true),
      ("\(pattern(busiest)) <= \(records - 1) records", Double(records), false),
      ("\(pattern(busiest)) <= \(percent(lineShare, up: true))%", lineShare, true),
      ("\(pattern(busiest)) <= \(percent(lineShare, up: false))% lines", lineShare, false),
      ("\(pattern(busiest)) <= \(percent(recordShare, up: true))% records", recordShare, true),
      ("\(pattern(busiest)) <= \(percent(recordShare, up: false))% records", recordShare, false),
      ("state:\(pattern(statePath)) <= \(stateChanges)", Double(stateChanges), true),
      ("state:\(pattern(statePath)) <= \(stateChanges - 1)", Double(stateChanges), false),
    ]
    let budget = dir.appendingPathComponent("budget.txt").path
    try ("# every unit\n" + rules.map(\.0).joined(separator: "\n") + "\n").write(
      toFile: budget, atomically: true, encoding: .utf8)
    let run = runInProcess(["check", "--format", "json", "--budget", budget, session.log])
    #expect(run.status == 1, "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    let results = try #require(json["rules"] as? [[String: Any]])
    try #require(results.count == rules.count)
    for (result, (text, measured, holds)) in zip(results, rules) {
      // json writes six decimals.
      #expect(abs((result["measured"] as? Double ?? -1) - measured) < 1e-5, "\(text): \(result)")
      #expect(result["holds"] as? Bool == holds, "\(text): \(result)")
    }
    #expect(json["broken"] as? Int == rules.count / 2)

    // Only the rules that hold: exit 0.
    let holding = dir.appendingPathComponent("holding.txt").path
    try rules.filter(\.2).map(\.0).joined(separator: "\n").write(toFile: holding, atomically: true, encoding: .utf8)
    #expect(runInProcess(["check", "--budget", holding, session.log]).status == 0)
  }

  /// `1,236`: thousands grouped as the printers group them.
  static func grouped(_ n: Int) -> String {
    var digits = String(n)
    var out = ""
    while digits.count > 3 {
      out = "," + digits.suffix(3) + out
      digits.removeLast(3)
    }
    return digits + out
  }

  /// A rate as the printers write it: three significant digits at most.
  static func rate(_ v: Double) -> String {
    v >= 100 ? grouped(Int(v.rounded())) : String(format: v >= 10 ? "%.1f" : "%.2f", v)
  }

  /// `change` as the printers write it, from a json row.
  static func changeText(_ row: [String: Any]) -> String {
    switch row["status"] as? String {
    case "new": return "new"
    case "gone": return "gone"
    default:
      let change = row["change"] as? Double ?? 0
      return (change >= 0 ? "+" : "−") + rate(abs(change)) + String(format: " (×%.2f)", row["factor"] as? Double ?? 0)
    }
  }

  /// text, markdown and json give each row the same rates, change, records and line shares.
  @Test func compareFormatsAgreeRowForRow() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = try Self.session(minutes: 3, seed: 5, in: dir)
    let b = try Self.session(minutes: 5, seed: 6, in: dir)
    let json = try Self.json(["compare", "--format", "json", "--top", "8", a.log, b.log])
    let markdown = String(
      decoding: runInProcess(["compare", "--format", "markdown", "--top", "8", a.log, b.log]).stdout, as: UTF8.self)
    // Wide enough that text keeps every column.
    let text = String(
      decoding: runTCALog(["compare", "--top", "8", a.log, b.log], environment: ["COLUMNS": "250"]).stdout,
      as: UTF8.self)
    let (grouped, rate) = (Self.grouped, Self.rate)
    func percent(_ v: Double?) -> String { String(format: "%.1f%%", (v ?? 0) * 100) }
    var checked = 0
    for key in ["actions", "statePaths"] {
      for row in try #require(json[key] as? [[String: Any]]) {
        let path = try #require(row["path"] as? String)
        var cells = [
          rate(row["rateBefore"] as? Double ?? -1), rate(row["rateAfter"] as? Double ?? -1), Self.changeText(row),
          "\(grouped(row["before"] as? Int ?? -1)) → \(grouped(row["after"] as? Int ?? -1))",
        ]
        if key == "actions" {
          cells.append("\(percent(row["lineShareBefore"] as? Double)) → \(percent(row["lineShareAfter"] as? Double))")
        }
        let markdownRow = "| `\(path)` | " + cells.joined(separator: " | ") + " |"
        #expect(markdown.contains(markdownRow + "\n"), "\(markdownRow)")
        let collapsed = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        let textRow = ([path] + cells).joined(separator: " ")
        #expect(collapsed.contains(textRow), "\(textRow)")
        checked += 1
      }
    }
    #expect(checked == 16)
  }

  /// A saved report stands for its log whatever its shape: a tree whose group is also an
  /// action of its own (`x` beside `x.y`), or rows grouped with --depth.
  @Test func savedReportsOfEveryShape() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("own.log").path
    try
      "received action: A.Action.x\nreceived action: A.Action.x(.y)\nreceived action: A.Action.x(.y)\nreceived action: A.Action.z\n"
      .write(toFile: log, atomically: true, encoding: .utf8)
    let tree = dir.appendingPathComponent("tree.json")
    try runInProcess(["report", "--format", "json", log]).stdout.write(to: tree)
    let same = try Self.json(["compare", "--format", "json", tree.path, log])
    let sameActions = try #require(same["actions"] as? [[String: Any]])
    #expect(sameActions.count == 3 && sameActions.allSatisfy { $0["status"] as? String == "unchanged" }, "\(same)")
    #expect(same["hiddenActions"] as? Int == 0)

    let session = try Self.session(minutes: 3, seed: 8, in: dir)
    let grouped = dir.appendingPathComponent("depth2.json")
    try runInProcess(["report", "--format", "json", "--depth", "2", session.log]).stdout.write(to: grouped)
    let fromGrouped = try Self.json(["compare", "--format", "json", "--min-change", "0", grouped.path, session.log])
    #expect(
      (fromGrouped["actions"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "unchanged" } == true,
      "grouped alike, nothing moved: \(fromGrouped)")

    // A report cut by --top says what it lacks.
    let cut = dir.appendingPathComponent("top.json")
    try runInProcess(["report", "--format", "json", "--top", "3", session.log]).stdout.write(to: cut)
    let fromCut = runInProcess(["compare", cut.path, session.log])
    #expect(fromCut.status == 0)
    #expect(fromCut.stderr.contains("tcalog: warning: \(cut.path): the saved report leaves out"))
  }

  /// `-o` replaces a regular file whole but writes through anything else: an atomic
  /// rename over a FIFO, a symbolic link or /dev/null would turn it into a regular file.
  @Test func initOutputWritesThroughAFIFOAndASymbolicLink() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = packageRoot.appendingPathComponent("Samples/timestamped.log").path
    let expected = runInProcess(["check", "--init", log]).stdout
    try #require(!expected.isEmpty)

    let target = dir.appendingPathComponent("budget.txt").path
    try "old".write(toFile: target, atomically: true, encoding: .utf8)
    let link = dir.appendingPathComponent("link.txt").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(runInProcess(["check", "--init", "-o", link, log]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(FileManager.default.contents(atPath: target) == expected)

    let fifo = dir.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let read = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var received = Data()
    DispatchQueue.global().async {
      // Opening blocks until tcalog opens the FIFO to write.
      received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
      read.signal()
    }
    #expect(runInProcess(["check", "--init", "-o", fifo, log]).status == 0)
    #expect(read.wait(timeout: .now() + 10) == .success)
    #expect(received == expected)
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still one")
  }
}

extension CompareCheckCLITests {
  /// A saved report whose member `compare` reads was renamed is refused with one line that
  /// names the member (exit 2), not compared as if the member were 0.
  @Test func savedReportWithARenamedMemberIsRefused() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = dir.appendingPathComponent("saved.json")
    let report = runInProcess(["report", "--format", "json", "Samples/todos-tca1.log"])
    #expect(report.status == 0)
    try report.stdout.write(to: saved)
    #expect(runInProcess(["compare", saved.path, "Samples/todos-tca1.log"]).status == 0)
    let text = String(decoding: report.stdout, as: UTF8.self)
    let renamed = try #require(text.range(of: "\"noOpRecords\":"))
    try text.replacingCharacters(in: renamed, with: "\"noopRecords\":").write(
      to: saved, atomically: true, encoding: .utf8)
    let run = runInProcess(["compare", saved.path, "Samples/todos-tca1.log"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "tcalog: error: \(saved.path): not a report of 'tcalog report --format json': 'noOpRecords' is missing\n")
    #expect(run.stdout.isEmpty)
  }
}
