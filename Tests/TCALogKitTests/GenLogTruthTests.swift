import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Logs from `Tests/Simulator/genlog.py` give exactly the counts of its truth file and,
/// record by record, its action paths and state changes.
@Suite(.enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"))
struct GenLogTruthTests {
  struct Variant: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let variants: [Variant] = [
    Variant(arguments: ["--format", "diffing"]),
    Variant(arguments: [
      "--format", "diffing", "--action-format", "labels", "--prefix", "everyline", "--noise", "0.1", "--truncate",
    ]),
    Variant(arguments: ["--format", "diffing", "--prefix", "oslog", "--noise", "0.2", "--crlf", "--truncate"]),
    Variant(arguments: ["--format", "tca1"]),
    Variant(arguments: ["--format", "tca1", "--prefix", "everyline", "--noise", "0.1", "--crlf", "--truncate"]),
    Variant(arguments: ["--format", "tca1", "--prefix", "oslog", "--noise", "0.2", "--truncate"]),
    // The cut record is followed by a noise line (with this seed, the last record's cut keeps
    // only its action).
    Variant(arguments: [
      "--format", "tca1", "--prefix", "none", "--noise", "0.3", "--truncate", "--records", "600", "--seed", "5",
    ]),
  ]

  @Test(arguments: variants)
  func recordsMatchTheTruthFile(_ variant: Variant) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-genlog-\(getpid())-\(abs(variant.testDescription.hashValue))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("log").path
    let truthPath = dir.appendingPathComponent("truth.json").path
    let recordsPath = dir.appendingPathComponent("records.ndjson").path
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments =
      [
        "python3", Repository.simulator("genlog.py"), "--records", "1500", "--seed", "5", "-o", log,
        "--truth", truthPath, "--records-truth", recordsPath,
      ] + variant.arguments
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)

    let truth = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as? [String: Any])
    let perRecord = try String(contentsOfFile: recordsPath, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let (records, statistics, _) = try RecordScanner.scan(InputOpener.open(log))
    let complete = records.filter(\.isComplete)
    #expect(complete.count == truth["records"] as? Int)
    #expect(records.count - complete.count == truth["truncated_records"] as? Int)
    #expect(statistics.noOpRecords == truth["noop_records"] as? Int)
    #expect(statistics.bytes == truth["bytes"] as? Int)
    #expect(statistics.recordLines + statistics.otherLines == statistics.lines)

    // Per action path: count, lines, no-ops.
    var actions: [String: [String: Int]] = [:]
    for record in complete {
      actions[record.actionPath, default: [:]]["count", default: 0] += 1
      actions[record.actionPath, default: [:]]["lines", default: 0] += record.lines
      if record.isNoOp { actions[record.actionPath, default: [:]]["noop", default: 0] += 1 }
    }
    let truthActions = try #require(truth["actions"] as? [String: [String: Int]])
    #expect(actions == truthActions.mapValues { $0.filter { $0.value != 0 } })
    var statePaths: [String: Int] = [:]
    for record in complete {
      for change in record.changes { statePaths[record.string(change.normalized), default: 0] += 1 }
    }
    #expect(statePaths == truth["state_paths"] as? [String: Int])

    // Record by record: action path, no-op, lines, bytes and every change with its kind (the
    // truth leaves the side a change lacks empty).
    try #require(perRecord.count == complete.count)
    for (record, expected) in zip(complete, perRecord) {
      #expect(record.actionPath == expected["action"] as? String)
      #expect(record.isNoOp == expected["noop"] as? Bool)
      #expect(record.lines == expected["lines"] as? Int, "record \(record.index) at line \(record.line)")
      #expect(record.bytes == expected["bytes"] as? Int, "record \(record.index) at line \(record.line)")
      let expectedChanges = try (expected["changes"] as? [[String: String]] ?? []).map { c -> Change in
        let kind = try #require(ChangeKind(rawValue: c["kind"] ?? ""), "\(c)")
        return Change(
          c["path"] ?? "", c["normalized"], kind, old: kind == .added ? nil : c["previous"] ?? "",
          new: kind == .removed ? nil : c["current"] ?? "")
      }
      let mine = record.changeList.sorted { $0.description < $1.description }
      let theirs = expectedChanges.sorted { $0.description < $1.description }
      if mine != theirs {
        Issue.record("record \(record.index) at line \(record.line): \(mine) != \(theirs)")
        break
      }
    }
  }
}
