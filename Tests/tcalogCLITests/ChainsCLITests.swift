import Foundation
import Testing

/// `tcalog chains` against what `Tests/Simulator/apps/chains_apps.py` planted (issue 53):
/// every pair with its counts, unanswered record numbers and median latency, every
/// crossing and no allowed change named one, no pair caused by the 1 s timer; with and
/// without times, in both printed formats, and the same JSON for `-j 1`, `-j 4` and
/// standard input.
@Suite(.enabled(if: SessionsScript.hasPython, "python3 is absent: the simulator cannot run"))
struct ChainsCLITests {
  static let apps = packageRoot.appendingPathComponent("Tests/Simulator/apps/chains_apps.py").path

  struct Planted {
    var log: String
    var truth: [String: Any]
  }

  /// A session of `app` and what it planted.
  static func session(app: String, format: String, timed: Bool, minutes: Int, seed: Int, in dir: URL) throws -> Planted
  {
    let name = "\(app)-\(format)-\(timed ? "timed" : "untimed")-\(seed)"
    let log = dir.appendingPathComponent(name + ".log").path
    let truth = dir.appendingPathComponent(name + ".truth.json").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", SessionsScript.path, "--apps-module", apps, "--app", app, "--format", format, "--minutes",
      "\(minutes)", "--seed", "\(seed)", "--prefix", timed ? "oslog" : "none", "-o", log, "--truth", truth,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truth))) as? [String: Any])
    return Planted(log: log, truth: json)
  }

  static func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-chains-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let n = sorted.count
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
  }

  /// Compares one `chains --format json` output with the truth.
  static func expectMatches(_ output: [String: Any], _ truth: [String: Any], timed: Bool, _ what: String) throws {
    let pairs = try #require(output["pairs"] as? [[String: Any]])
    let planted = try #require(truth["pairs"] as? [[String: Any]])
    #expect(planted.count >= 5)
    for p in planted {
      let cause = try #require(p["cause"] as? String)
      let response = try #require(p["response"] as? String)
      guard let found = pairs.first(where: { $0["response"] as? String == response }) else {
        Issue.record("\(what): no pair answers \(response)")
        continue
      }
      #expect(found["cause"] as? String == cause, "\(what): \(response)")
      #expect(found["causes"] as? Int == p["causes"] as? Int, "\(what): \(cause) → \(response) causes")
      #expect(found["answered"] as? Int == p["answered"] as? Int, "\(what): \(cause) → \(response) answered")
      #expect(
        found["unansweredRecords"] as? [Int] == p["unansweredRecords"] as? [Int],
        "\(what): \(cause) → \(response) unanswered")
      if timed {
        let latencies = try #require(p["latencies"] as? [Double])
        let latency = try #require(found["latency"] as? [String: Any], "\(what): \(response)")
        let median = try #require(latency["median"] as? Double)
        #expect(abs(median - Self.median(latencies)) <= 0.1, "\(what): \(cause) → \(response) median \(median)")
      } else {
        #expect(found["latency"] is NSNull, "\(what): \(response) has a latency without times")
      }
    }
    let timer = try #require(truth["timer"] as? String)
    #expect(!pairs.contains { $0["cause"] as? String == timer }, "\(what): the timer named a cause")

    let crossings = try #require(output["crossings"] as? [[String: Any]])
    func key(_ c: [String: Any]) -> String { "\(c["action"] as? String ?? "?") \(c["statePath"] as? String ?? "?")" }
    let found = Dictionary(uniqueKeysWithValues: crossings.map { (key($0), $0["records"] as? Int ?? -1) })
    let expected = Dictionary(
      uniqueKeysWithValues: try #require(truth["crossings"] as? [[String: Any]]).map {
        (key($0), $0["records"] as? Int ?? -2)
      })
    #expect(expected.count == 5)
    #expect(found == expected, "\(what): crossings")
    for allowed in try #require(truth["allowed"] as? [[String: Any]]) {
      #expect(found[key(allowed)] == nil, "\(what): allowed change \(key(allowed)) named a crossing")
    }
    let loops = try #require(output["loops"] as? [[String: Any]]).compactMap { $0["actions"] as? [String] }
    for loop in try #require(truth["loops"] as? [[String]]) {
      #expect(loops.contains(loop), "\(what): loop \(loop) not found in \(loops)")
    }
  }

  @Test(arguments: ["tca1", "diffing"], [true, false])
  func chainsFindWhatTheSimulatorPlanted(format: String, timed: Bool) throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let session = try Self.session(app: "shop", format: format, timed: timed, minutes: 10, seed: 1, in: dir)
    let run = runInProcess(["chains", "--format", "json", "-j", "1", session.log])
    #expect(run.status == 0, "\(run.stderr)")
    let output = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    #expect(output["timed"] as? Bool == timed)
    try Self.expectMatches(output, session.truth, timed: timed, "shop \(format) timed \(timed)")

    // Every way of reading gives the same JSON.
    let four = runInProcess(["chains", "--format", "json", "-j", "4", session.log])
    #expect(four.stdout == run.stdout, "-j 4")
    let input = try Data(contentsOf: URL(fileURLWithPath: session.log))
    let stdin = runInProcess(["chains", "--format", "json", "-j", "4", "-"], stdin: input)
    #expect(stdin.stdout == run.stdout, "standard input")
  }

  /// A log whose first half lost its console prefixes (two captures pasted together) is
  /// read with windows in records, and says how many records had a time rather than "no
  /// times".
  @Test func aPartlyTimedLogSaysHowManyRecordsHadATime() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let session = try Self.session(app: "shop", format: "tca1", timed: true, minutes: 4, seed: 2, in: dir)
    let lines = try String(contentsOfFile: session.log, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let prefix = try Regex(#"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+[+-]\d{4} .*?: "#)
    var timedHeaders = 0
    var headers = 0
    let mixed = lines.enumerated().map { i, line -> Substring in
      let isHeader = line.hasSuffix("received action:")
      if isHeader { headers += 1 }
      guard i < lines.count / 2 else {
        if isHeader { timedHeaders += 1 }
        return line
      }
      return line.replacing(prefix, with: "", maxReplacements: 1)
    }.joined(separator: "\n")
    let path = dir.appendingPathComponent("mixed.log").path
    try mixed.write(toFile: path, atomically: true, encoding: .utf8)
    try #require(timedHeaders > 0 && timedHeaders < headers)

    let json = runInProcess(["chains", "--format", "json", path])
    #expect(json.status == 0, "\(json.stderr)")
    let output = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    #expect(output["timed"] as? Bool == false)
    #expect(output["timedRecords"] as? Int == timedHeaders)
    #expect(output["records"] as? Int == headers)
    let text = String(decoding: runInProcess(["chains", path]).stdout, as: UTF8.self)
    // The first line without commas: the numbers are grouped by thousands.
    let firstLine = text.prefix { $0 != "\n" }.replacingOccurrences(of: ",", with: "")
    #expect(
      firstLine.hasPrefix("\(headers) records (\(timedHeaders) of them with times window "), "\(firstLine)"
    )
  }

  /// The goal's held-out log (issue 53): `shop-heldout` on a seed the app was not tuned
  /// on, 20 minutes, with and without times.
  @Test(arguments: [true, false])
  func heldOutLogMeetsTheGoal(timed: Bool) throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let session = try Self.session(app: "shop-heldout", format: "tca1", timed: timed, minutes: 20, seed: 53, in: dir)
    let run = runInProcess(["chains", "--format", "json", session.log])
    #expect(run.status == 0, "\(run.stderr)")
    let output = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    try Self.expectMatches(output, session.truth, timed: timed, "held-out timed \(timed)")
  }

  @Test func textAndMarkdownNameTheSamePairsAndCrossings() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let session = try Self.session(app: "shop", format: "tca1", timed: true, minutes: 5, seed: 2, in: dir)
    let text = runInProcessText(["chains", session.log])
    let markdown = runInProcessText(["chains", "--format", "markdown", session.log])
    #expect(text.status == 0 && markdown.status == 0)
    #expect(text.stdout.contains("search.searchButtonTapped → search.searchResponse.success"))
    #expect(text.stdout.contains("rows.element.titleEdited changed lastEdited outside rows[*]"))
    #expect(markdown.stdout.contains("| `search.searchButtonTapped` | `search.searchResponse.success` |"))
    #expect(markdown.stdout.contains("| `rows.element.titleEdited` | `lastEdited` | `rows[*]` |"))
  }

  /// `check`'s `chains:` rules and the built-in unanswered-request rule, on what the
  /// simulator planted.
  @Test func checkMeasuresChainsRules() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let timed = try Self.session(app: "shop", format: "tca1", timed: true, minutes: 10, seed: 1, in: dir)
    let budget = dir.appendingPathComponent("budget.txt").path
    try """
    chains:crossings <= 0
    chains:unanswered <= 20%
    chains:unanswered(profile) <= 0
    chains:latency(searchResponse) <= 2s
    chains:latency(profileResponse) <= 500ms
    chains:loops <= 1
    chains:latency(noSuchAction) <= 1ms
    """.write(toFile: budget, atomically: true, encoding: .utf8)
    let planted = try #require(timed.truth["crossings"] as? [[String: Any]]).reduce(0) {
      $0 + ($1["records"] as? Int ?? 0)
    }
    let run = runInProcessText(["check", "--budget", budget, timed.log])
    #expect(run.status == 1, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    func verdict(_ line: Int) -> String? {
      lines.first { $0.contains("\(budget):\(line) ") }.map { String($0.prefix(4)) }
    }
    #expect(verdict(1) == "FAIL")
    #expect(run.stdout.contains("measured \(planted) crossings, limit 0 crossings"))
    #expect(verdict(2) == "ok  ")
    #expect(verdict(3) == "FAIL")
    #expect(verdict(4) == "ok  ")
    #expect(verdict(5) == "FAIL")
    #expect(verdict(6) == "ok  ")
    // A pattern that names no pair checks nothing: stale, as an action rule's.
    #expect(verdict(7) == "stal")
    #expect(!run.stdout.contains("actions no rule names"))

    // The built-in rule names the planted unanswered searches by their records.
    let defaults = runInProcessText(["check", "--default-rules", timed.log])
    #expect(defaults.status == 1)
    let search = try #require(
      (timed.truth["pairs"] as? [[String: Any]])?.first { $0["cause"] as? String == "search.searchButtonTapped" })
    let records = try #require(search["unansweredRecords"] as? [Int])
    #expect(defaults.stdout.contains("FAIL  unanswered-request"))
    #expect(defaults.stdout.contains(records.prefix(5).map { "#\($0)" }.joined(separator: " ")))
    #expect(defaults.stdout.contains("ok    feedback-loop"))

    // A latency needs times; a bad chains rule is a budget error.
    let untimed = try Self.session(app: "shop", format: "tca1", timed: false, minutes: 2, seed: 1, in: dir)
    let latency = dir.appendingPathComponent("latency.txt").path
    try "chains:latency(searchResponse) <= 500ms\n".write(toFile: latency, atomically: true, encoding: .utf8)
    let noTimes = runInProcessText(["check", "--budget", latency, untimed.log])
    #expect(noTimes.status == 2)
    #expect(noTimes.stderr.contains("tcalog: error: \(latency):1: a latency needs timestamps"))
    let bad = dir.appendingPathComponent("bad.txt").path
    try "chains:latency <= 5ms\nchains:crossings <= 5%\nchains:everything <= 1\n".write(
      toFile: bad, atomically: true, encoding: .utf8)
    let badRun = runInProcessText(["check", "--budget", bad, untimed.log])
    #expect(badRun.status == 2)
    #expect(badRun.stderr.contains("\(bad):1: chains:latency needs the pairs' pattern"))
    #expect(badRun.stderr.contains("\(bad):2: '5%' is not a count: N"))
    #expect(badRun.stderr.contains("\(bad):3: 'chains:everything' is not a chains rule"))
  }

  /// `trace --chains`: each change of the parent's badge, which the search's delegate
  /// sets, goes back through the response to the search that was answered.
  @Test func traceShowsTheChainBackToTheUserAction() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let session = try Self.session(app: "shop", format: "tca1", timed: true, minutes: 10, seed: 1, in: dir)
    let run = runInProcess(["trace", "--chains", "--format", "ndjson", "-j", "1", "^badge$", session.log])
    #expect(run.status == 0, "\(run.stderr)")
    let search = try #require(
      (session.truth["pairs"] as? [[String: Any]])?.first { $0["cause"] as? String == "search.searchButtonTapped" })
    let unanswered = Set(try #require(search["unansweredRecords"] as? [Int]))
    let changes = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
    #expect(changes.count == search["answered"] as? Int)
    for line in changes {
      let change = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let causes = try #require(change["causes"] as? [[String: Any]], "\(line)")
      #expect(
        causes.compactMap { $0["action"] as? String } == ["search.searchResponse.success", "search.searchButtonTapped"])
      let records = causes.compactMap { $0["record"] as? Int }
      let record = try #require(change["record"] as? Int)
      #expect(records.count == 2 && records[0] < record && records[1] < records[0])
      #expect(!unanswered.contains(records[1]))
    }
    let parallel = runInProcess(["trace", "--chains", "--format", "ndjson", "-j", "4", "^badge$", session.log])
    #expect(parallel.stdout == run.stdout)
    let text = runInProcessText(["trace", "--chains", "^badge$", session.log])
    #expect(text.stdout.contains("     ← search.searchResponse.success #"))
    #expect(runInProcessText(["trace", "--chains", "--follow", "^badge$", session.log]).status == 2)
  }

  /// The HTML report's chains section holds the planted pairs and crossings.
  @Test func htmlReportHasAChainsSection() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let session = try Self.session(app: "shop", format: "tca1", timed: true, minutes: 5, seed: 3, in: dir)
    let page = dir.appendingPathComponent("page.html").path
    let run = runInProcessText(["report", "--format", "html", "-o", page, session.log])
    #expect(run.status == 0, "\(run.stderr)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let section = try #require(html.range(of: "<section id=\"chains\">")).lowerBound
    let chains = String(html[section...]).components(separatedBy: "</section>")[0]
    #expect(chains.contains("<h2>What sets off what</h2>"))
    #expect(
      chains.contains("search.<wbr>searchButtonTapped</td><td class=\"path\">search.<wbr>searchResponse.<wbr>success"))
    for crossing in try #require(session.truth["crossings"] as? [[String: Any]]) {
      let action = try #require(crossing["action"] as? String)
      let path = try #require(crossing["statePath"] as? String)
      #expect(
        chains.contains(
          "<td class=\"path\">\(action.replacingOccurrences(of: ".", with: ".<wbr>"))</td><td class=\"path\">\(path.replacingOccurrences(of: ".", with: ".<wbr>"))</td>"
        ), "\(action) \(path)")
    }
  }

  @Test func unreadableInputIsAnError() {
    let run = runInProcessText(["chains", "/nonexistent/app.log"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("tcalog: error: "))
  }
}
