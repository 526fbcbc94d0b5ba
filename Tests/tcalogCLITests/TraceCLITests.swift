import Foundation
import Testing

/// `tcalog trace` end to end on Samples/browser-session.log: every format says the same,
/// the exit statuses are grep's, and the output starts before a growing input ends.
@Suite struct TraceCLITests {
  static let sample = "Samples/browser-session.log"

  static func ndjson(_ args: [String]) throws -> [[String: Any]] {
    let run = runInProcess(["trace", "--format", "ndjson"] + args)
    #expect(run.status == 0, "\(run.stderr)")
    return try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func everyFormatSaysTheSame() throws {
    let changes = try Self.ndjson(["selectedTabID$", Self.sample])
    #expect(changes.count > 20)
    let paths = changes.compactMap { $0["path"] as? String }
    #expect(Set(paths).count == 2, "two windows, two histories")
    #expect(changes.allSatisfy { ($0["normalized"] as? String) == "windows[*].selectedTabID" })
    let records = changes.compactMap { $0["record"] as? Int }
    #expect(records == records.sorted(), "log order")
    // Per key, each change starts from the value the one before left.
    for path in Set(paths) {
      let history = changes.filter { $0["path"] as? String == path }
      for (a, b) in zip(history, history.dropFirst()) { #expect(a["new"] as? String == b["old"] as? String) }
    }

    // json: the same changes, grouped by path.
    let json = runInProcess(["trace", "--format", "json", "selectedTabID$", Self.sample])
    #expect(json.status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let groups = try #require(document["paths"] as? [[String: Any]])
    var firstSeen: [String] = []
    for path in paths where !firstSeen.contains(path) { firstSeen.append(path) }
    #expect(groups.compactMap { $0["path"] as? String } == firstSeen)
    for group in groups {
      let grouped = (group["changes"] as? [[String: Any]] ?? []).compactMap { $0["record"] as? Int }
      #expect(
        grouped
          == changes.filter { $0["path"] as? String == group["path"] as? String }.compactMap { $0["record"] as? Int })
    }

    // csv: a header and one row per change.
    let csv = runInProcess(["trace", "--format", "csv", "selectedTabID$", Self.sample])
    let rows = String(decoding: csv.stdout, as: UTF8.self).split(separator: "\n")
    #expect(rows.first == "record,file,line,timestamp,action,path,normalized,kind,old,new")
    #expect(rows.count == changes.count + 1)

    // text: each path named once, at its first change, with its number; every change
    // line starts with its path's number, in log order.
    let text = runInProcess(["trace", "selectedTabID$", Self.sample])
    let lines = String(decoding: text.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.contains("  #") }.count == changes.count)
    #expect(lines.filter { !$0.contains("  #") } == firstSeen.enumerated().map { "[\($0.offset + 1)] \($0.element)" })
    let numbers = Dictionary(uniqueKeysWithValues: firstSeen.enumerated().map { ($0.element, $0.offset + 1) })
    #expect(
      lines.filter { $0.contains("  #") }.map { $0.prefix { $0 != " " } }
        == changes.compactMap { ($0["path"] as? String).flatMap { numbers[$0] }.map { "[\($0)]" } })
    #expect(lines.contains { $0.contains(" → ") && $0.contains("windows.window.selectTab") })

    // --summary: the counts per path add up to the changes.
    let summary = runInProcess(["trace", "--summary", "--format", "json", "selectedTabID$", Self.sample])
    let summaries = try #require(
      (try JSONSerialization.jsonObject(with: summary.stdout) as? [String: Any])?["paths"] as? [[String: Any]])
    #expect(summaries.compactMap { $0["changes"] as? Int }.reduce(0, +) == changes.count)
    for s in summaries {
      let mine = changes.filter { $0["path"] as? String == s["path"] as? String }
      let actions = (s["actions"] as? [[String: Any]] ?? []).compactMap { $0["changes"] as? Int }.reduce(0, +)
      #expect(actions == mine.count)
      let values = Set(mine.flatMap { [$0["old"] as? String, $0["new"] as? String].compactMap { $0 } })
      #expect(s["distinct_values"] as? Int == values.count)
    }
  }

  @Test func actionConditionsAndLiteralPaths() throws {
    let all = try Self.ndjson(["selectedTabID$", Self.sample])
    let byTap = try Self.ndjson(["--action", "newTabButtonTapped$", "selectedTabID$", Self.sample])
    let notByTap = try Self.ndjson(["-x", "newTabButtonTapped$", "selectedTabID$", Self.sample])
    #expect(!byTap.isEmpty && !notByTap.isEmpty)
    #expect(byTap.count + notByTap.count == all.count)
    #expect(byTap.allSatisfy { ($0["action"] as? String)?.hasSuffix("newTabButtonTapped") == true })
    // -F takes a normalized path as written ([*] is not a character class).
    let literal = try Self.ndjson(["-F", "windows[*].selectedTabID", Self.sample])
    #expect(literal.count == all.count)
    // --since/--until as elsewhere: only the timed changes inside the window, and a
    // warning that counts the records without a time.
    let windowed = runInProcess(
      ["trace", "--format", "ndjson", "--since", "10:22:03", "--until", "10:22:05", "selectedTabID$", Self.sample])
    #expect(windowed.status == 0)
    let inWindow = String(decoding: windowed.stdout, as: UTF8.self).split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["timestamp"] as? String
    }
    let timed = all.compactMap { $0["timestamp"] as? String }.filter {
      $0.dropFirst(11).prefix(8) >= "10:22:03" && $0.dropFirst(11).prefix(8) <= "10:22:05"
    }
    #expect(!inWindow.isEmpty && inWindow == timed)
    #expect(windowed.stderr.contains("without a timestamp left out by --since/--until"))
  }

  @Test func exitStatusesAreGreps() {
    let none = runInProcess(["trace", "noSuchPath", Self.sample])
    #expect(none.status == 1)
    #expect(none.stdout.isEmpty)
    let bad = runInProcess(["trace", "selected(", Self.sample])
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("tcalog: error: invalid pattern"))
    let missing = runInProcess(["trace", "x", "Samples/no-such.log"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("tcalog: error:"))
    let follow = runTCALog(["trace", "--follow", "--summary", "x", Self.sample])
    #expect(follow.status == 2)
  }

  /// Changes are written while the input is still open: the first lines arrive before
  /// standard input is closed.
  @Test func outputStartsBeforeTheInputEnds() throws {
    guard let binary = tcalogBinary else {
      Issue.record("tcalog binary not found")
      return
    }
    let log = try String(contentsOfFile: packageRoot.appendingPathComponent(Self.sample).path, encoding: .utf8)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["trace", "--line-buffered", "selectedTabID$"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(log.utf8))
    // Standard input is still open: the trace must already write the changes it found.
    let arrived = DispatchSemaphore(value: 0)
    let reader = output.fileHandleForReading
    DispatchQueue.global().async {
      if !reader.availableData.isEmpty { arrived.signal() }
    }
    #expect(arrived.wait(timeout: .now() + 10) == .success, "no output while the input was open")
    try input.fileHandleForWriting.close()
    DispatchQueue.global().async { _ = reader.readDataToEndOfFile() }
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
