import Foundation
import Testing

@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery

/// The trace of a state path equals, change for change, what `genlog.py --records-truth`
/// says was printed for it: the record, the raw path, old and new values, the action.
@Suite(.enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"))
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
      [
        "python3", Repository.simulator("genlog.py"), "--records", "3000", "--seed", "5", "-o", log, "--records-truth",
        truthPath,
      ]
      + options
    python.standardOutput = FileHandle.nullDevice
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)

    // What the truth file says, per normalized path: (record, path, kind, old, new, action)
    // in order; it leaves the side that an added or removed change lacks empty.
    var truth: [String: [String]] = [:]
    for line in try String(contentsOfFile: truthPath, encoding: .utf8).split(separator: "\n") {
      let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let index = try #require(record["index"] as? Int)
      let action = try #require(record["action"] as? String)
      for c in record["changes"] as? [[String: String]] ?? [] {
        let (previous, current) = (c["previous"] ?? "", c["current"] ?? "")
        let kind = try #require(ChangeKind(rawValue: c["kind"] ?? ""), "\(c)")
        let old = kind == .added ? "nil" : previous
        let new = kind == .removed ? "nil" : current
        truth[c["normalized"] ?? "", default: []].append(
          "\(index) \(c["path"] ?? "") \(kind.rawValue) \(old) → \(new) by \(action)")
      }
    }
    func line(_ change: TracedChange) -> String {
      "\(change.record) \(change.path) \(change.kind.rawValue) \(change.old ?? "nil") → \(change.new ?? "nil") by \(change.action)"
    }

    // Every path at once: the trace of "." split by normalized path is the truth, path for path.
    var everything: [String: [String]] = [:]
    var all = StateTrace(query: TraceQuery(paths: [try PatternMatcher(".")])) {
      everything[$0.normalized, default: []].append(line($0))
    }
    try RecordStream(inputs: [log], jobs: 2).run(into: &all)
    #expect(Set(everything.keys) == Set(truth.keys))
    for (normalized, expected) in truth {
      let mine = everything[normalized] ?? []
      #expect(mine.count == expected.count, "\(normalized)")
      let firstDifference = zip(mine, expected).first { $0 != $1 }
      #expect(firstDifference == nil, "\(normalized): \(String(describing: firstDifference))")
    }

    // A pattern picks one path out: the three busiest paths and one that changes rarely,
    // each by its normalized path as a literal, and one key of the busiest by its raw path.
    let ranked = truth.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
    try #require(ranked.count >= 4)
    let chosen = ranked.prefix(3) + [ranked.last!]
    func traced(_ pattern: String) throws -> [String] {
      var mine: [String] = []
      var sink = StateTrace(query: TraceQuery(paths: [try PatternMatcher(pattern)])) { mine.append(line($0)) }
      try RecordStream(inputs: [log], jobs: 2).run(into: &sink)
      return mine
    }
    for (normalized, expected) in chosen {
      // Anchored: `windows[*].x` as a bare literal would also match `persisted.windows[*].x`.
      #expect(try traced("^\\Q\(normalized)\\E$") == expected, "\(normalized)")
    }
    // Per key: one raw path of the busiest keyed path is its own history, apart from the
    // other keys' (two windows' mouse locations are two histories).
    let keyed = try #require(ranked.first { $0.key.contains("[*]") }?.value)
    let rawPath = String(keyed[0].split(separator: " ")[1])
    let oneKey = keyed.filter { $0.split(separator: " ")[1] == rawPath }
    #expect(oneKey.count < keyed.count, "\(rawPath) is its normalized path's only key")
    #expect(try traced("^\\Q\(rawPath)\\E$") == oneKey, "\(rawPath)")
  }
}
