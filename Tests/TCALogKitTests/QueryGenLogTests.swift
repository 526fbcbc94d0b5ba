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

/// The query on a ~2 MB `Tests/Simulator/genlog.py` log: per-path counts equal the truth file's, and
/// selecting everything reproduces every record byte for byte.
@Suite(.enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"))
struct QueryGenLogTests {
  struct Generated {
    var log: String
    var truth: [String: Any]
    var dir: URL
  }

  func generate(_ extra: [String]) throws -> Generated {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-query-genlog-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let log = dir.appendingPathComponent("log").path
    let truthPath = dir.appendingPathComponent("truth.json").path
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments =
      [
        "python3", Repository.simulator("genlog.py"), "--size-mb", "2", "--seed", "7", "-o", log,
        "--truth", truthPath, "--records-truth", dir.appendingPathComponent("records.ndjson").path,
      ] + extra
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
    let truth = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as? [String: Any])
    return Generated(log: log, truth: truth, dir: dir)
  }

  /// A pattern that matches exactly `text`.
  func exactly(_ text: String) -> String {
    "^" + text.map { "\\^$.|?*+()[]{}".contains($0) ? "\\\($0)" : String($0) }.joined() + "$"
  }

  @Test(arguments: [["--format", "diffing"], ["--format", "tca1", "--prefix", "oslog", "--noise", "0.1"]])
  func countsPerActionPathMatchTheTruth(_ extra: [String]) throws {
    let generated = try generate(extra)
    defer { try? FileManager.default.removeItem(at: generated.dir) }
    let (records, _, _) = try RecordScanner.scan(InputOpener.open(generated.log))
    let actions = try #require(generated.truth["actions"] as? [String: [String: Int]])
    try #require(actions.count > 3)
    for (path, counts) in actions {
      let query = RecordQuery(actions: try matchers([exactly(path)]))
      #expect(records.count(where: { $0.isComplete && query.selects($0) }) == counts["count"], "\(path)")
      let noOps = RecordQuery(actions: try matchers([exactly(path)]), change: .unchanged)
      #expect(
        records.count(where: { $0.isComplete && noOps.selects($0) }) == counts["noop", default: 0], "\(path) no-ops")
    }
    // A prefix pattern selects the sum of the paths under it.
    let hoverTruth = actions.filter { $0.key.hasPrefix("windows.window.hover") }.values.reduce(0) {
      $0 + ($1["count"] ?? 0)
    }
    let hover = RecordQuery(actions: try matchers(["^windows\\.window\\.hover"]))
    #expect(hoverTruth > 0)
    #expect(records.count(where: { hover.selects($0) }) == hoverTruth)
    // Excluding it leaves the rest.
    let rest = RecordQuery(excludes: try matchers(["^windows\\.window\\.hover"]))
    #expect(records.count(where: { rest.selects($0) }) == records.count - hoverTruth)
  }

  @Test func selectingEverythingReproducesTheRecordsByteForByte() throws {
    let generated = try generate([
      "--format", "tca1", "--prefix", "everyline", "--noise", "0.1", "--crlf", "--truncate",
    ])
    defer { try? FileManager.default.removeItem(at: generated.dir) }
    var expected: [UInt8] = []
    var selected = 0
    let output = try captureOutput { out in
      let query = RecordQuery()
      var selector = RecordSelector(query: query, output: FilterPrinter(format: .raw, out: out))
      let result = try RecordStream(inputs: [generated.log]).run(into: &selector)
      #expect(result.errors.isEmpty)
      selected = selector.selectedCount
    }
    var collect = EachRecord { expected += $0.raw }
    try RecordStream(inputs: [generated.log]).run(into: &collect)
    #expect(selected == (generated.truth["records"] as? Int ?? 0) + (generated.truth["truncated_records"] as? Int ?? 0))
    #expect(output.count == expected.count)
    #expect(output == expected)
  }
}
