import Foundation
import Testing

@testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery

/// The trace of a state path equals, change for change, what `gen_log.py --records-truth`
/// says was printed for it: the record, the raw path, old and new values, the action.
@Suite(.enabled(if: Shared.isAvailable && Shared.hasPython, "../shared or python3 is absent: gen_log tests skipped"))
struct TraceTruthTests {
  @Test(arguments: [["--format", "diffing", "--prefix", "oslog"], ["--format", "tca1"]])
  func traceEqualsTheTruthFile(_ options: [String]) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-trace-truth-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("log").path
    let truthPath = dir.appendingPathComponent("records.ndjson").path
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments =
      ["python3", Shared.path("bench/gen_log.py"), "--records", "3000", "--seed", "5", "-o", log, "--records-truth", truthPath]
      + options
    python.standardOutput = FileHandle.nullDevice
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
    let isTCA1 = options.contains("tca1")

    // What the truth file says, per normalized path: (record, path, old, new, action) in order.
    var truth: [String: [String]] = [:]
    for line in try String(contentsOfFile: truthPath, encoding: .utf8).split(separator: "\n") {
      let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let index = try #require(record["index"] as? Int)
      let action = try #require(record["action"] as? String)
      for c in record["changes"] as? [[String: String]] ?? [] {
        let (previous, current) = (c["previous"] ?? "", c["current"] ?? "")
        var kind = ChangeKind(rawValue: c["kind"] ?? "") ?? .value
        if isTCA1 { kind = previous.isEmpty ? .added : current.isEmpty ? .removed : .value }
        let old = kind == .added ? "nil" : previous
        let new = kind == .removed ? "nil" : current
        truth[c["normalized"] ?? "", default: []].append("\(index) \(c["path"] ?? "") \(old) → \(new) by \(action)")
      }
    }
    // The three busiest paths and one that changes rarely.
    let ranked = truth.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
    try #require(ranked.count >= 4)
    let chosen = ranked.prefix(3) + [ranked.last!]
    for (normalized, expected) in chosen {
      // Anchored: `windows[*].x` as a bare literal would also match `persisted.windows[*].x`.
      let query = TraceQuery(paths: [try PatternMatcher("^\\Q\(normalized)\\E$")])
      var mine: [String] = []
      var sink = StateTrace(query: query) {
        mine.append("\($0.record) \($0.path) \($0.old ?? "nil") → \($0.new ?? "nil") by \($0.action)")
      }
      try RecordStream(inputs: [log], jobs: 2).run(into: &sink)
      #expect(mine.count == expected.count, "\(normalized)")
      let firstDifference = zip(mine, expected).first { $0 != $1 }
      #expect(firstDifference == nil, "\(normalized): \(String(describing: firstDifference))")
    }
  }
}
