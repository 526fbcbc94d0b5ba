import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline

/// The scanner takes a Custom Dump diff's changes from its memo of skeletons
/// (`CustomDumpMemo`) when an earlier diff had the same one: every record's changes equal
/// those the parser finds in the record alone, with a memo that has seen nothing.
struct CustomDumpMemoTests {
  /// Each record of `text`, read in one stream (the memo at work), against the same record
  /// read alone. Returns how many records have changes.
  static func expectMemoAgreesWithRecordsAlone(_ text: String, _ label: String) throws -> Int {
    let records = try parse(text).records
    var changed = 0
    for record in records {
      let alone = try parse(bytes: Array(record.raw)).records
      #expect(alone.count == 1, "\(label): record \(record.index) alone")
      guard let own = alone.first else { continue }
      #expect(
        record.changeList == own.changeList,
        "\(label): record \(record.index)\n\(String(decoding: record.raw, as: UTF8.self))")
      if !record.changes.isEmpty { changed += 1 }
    }
    return changed
  }

  /// Records of one layout whose changed values differ: each gets its own values, and the
  /// layouts that differ only where a skeleton looks (a label, a value's number of lines,
  /// a line that holds a string) get their own paths.
  @Test func recordsOfOneSkeletonKeepTheirOwnValues() throws {
    func record(_ state: [String]) -> String {
      "received action:\n  AppAction.tick\n" + state.joined(separator: "\n") + "\n\n"
    }
    var log = ""
    for n in 0..<6 {
      log += record([
        "  AppState(", "    count: 1,", "    position: Point(", "-     x: \(n),", "+     x: \(n + 1),",
        "      y: 0", "    ),", "    isOn: true", "  )",
      ])
      // One label differs: another path.
      log += record(["  AppState(", "-   count: \(n),", "+   count: \(n + 7),", "    isOn: true", "  )"])
      log += record(["  AppState(", "-   total: \(n),", "+   total: \(n + 7),", "    isOn: true", "  )"])
      // A value over three lines, then over one.
      log += record([
        "  AppState(", "-   point: Point(", "-     x: \(n)", "-   ),", "+   point: nil,", "    isOn: true", "  )",
      ])
      log += record(["  AppState(", "-   point: nil,", "+   point: Point(", "+     x: \(n)", "+   ),", "  )"])
      // Elements of a collection: positions, keys, an unchanged run.
      log += record([
        "  AppState(", "    items: [", "      … (\(n % 3 + 1) unchanged)", "-     [\(n)]: \"a(\",",
        "+     [\(n)]: \"b]\",",
        "      \"k\\(n)\": 3", "    ]", "  )",
      ])
      log += record([
        "  AppState(", "    tags: [", "-     \"old\(n)\",", "+     \"new\(n)\",", "      \"same\"", "    ]", "  )",
      ])
      // A multi-line string: the lines after it hold no bracket that counts.
      log += record([
        "  AppState(", "-   note: \"\"\"", "-     x(\(n)", "-     \"\"\",", "+   note: \"y\",", "    isOn: true", "  )",
      ])
    }
    let changed = try Self.expectMemoAgreesWithRecordsAlone(log, "layouts")
    #expect(changed == 48)
    // The memo answered: later records of a layout have the first one's paths but their
    // own values.
    let records = try parse(log).records
    let xs = records.filter { $0.changeList.first?.path == "position.x" }.map { $0.changeList[0].new }
    #expect(xs == ["1", "2", "3", "4", "5", "6"])
  }

  /// More skeletons than the memo holds: it starts over, and a skeleton it knew before is
  /// read afresh (its entry number is another skeleton's in the new memo).
  @Test func startsOverWhenFull() throws {
    var log = ""
    for n in 0..<(CustomDumpMemo.maximumSkeletons + 500) {
      log += "received action:\n  AppAction.tick\n  AppState(\n-   field\(n): 1,\n+   field\(n): 2,\n  )\n\n"
      if n % 7 == 0 {
        let label = ["count", "total", "name"][n % 3]
        log += "received action:\n  AppAction.tock\n  AppState(\n-   \(label): \(n),\n+   \(label): \(n + 1),\n  )\n\n"
      }
    }
    #expect(try Self.expectMemoAgreesWithRecordsAlone(log, "full") == CustomDumpMemo.maximumSkeletons + 500 + 657)
  }

  /// A diff too large to remember (a skeleton over a sixteenth of the memo) is parsed in
  /// full each time, and the diffs around it still come from the memo.
  @Test func largeDiffsAreParsedInFull() throws {
    func record(_ n: Int, lines: Int) -> String {
      var state = ["  AppState(", "    items: ["]
      for k in 0..<lines { state.append("-     [\(k)]: \(n + k),") }
      for k in 0..<lines { state.append("+     [\(k)]: \(n + k + 1),") }
      state += ["    ]", "  )"]
      return "received action:\n  AppAction.tick\n" + state.joined(separator: "\n") + "\n\n"
    }
    var log = ""
    for n in 0..<6 { log += record(n, lines: n % 2 == 0 ? 3 : 4_000) }
    let changed = try Self.expectMemoAgreesWithRecordsAlone(log, "large")
    #expect(changed == 6)
    let records = try parse(log).records
    #expect(records.map(\.changes.count) == [3, 4_000, 3, 4_000, 3, 4_000])
  }

  /// Random diffs from a few layouts, with random values, labels and markers mixed in.
  @Test func randomDiffsAgreeWithTheirRecordsAlone() throws {
    var random = SeededRandom(seed: 0xD1FF)
    let labels = ["id", "count", "name", "_hidden", "x", "items", "selected"]
    let values = [
      "1", "-2.5", "nil", "true", "\"s\"", "\"(\"", "\"a]b\"", "Point(…)", "[…]", "\"\"", "#\"r\"#", ".case",
      "Wrapped(rawValue: \"C0\")",
    ]
    func value() -> String { values.randomElement(using: &random)! }
    func label() -> String { labels.randomElement(using: &random)! }
    func marker() -> String { ["-", "+", " "].randomElement(using: &random)! }
    var log = ""
    var layouts: [[String]] = []
    for _ in 0..<12 {
      // A layout: lines whose values are holes ("$").
      var lines = ["  AppState("]
      var depth = 1
      for _ in 0..<Int.random(in: 2...14, using: &random) {
        let pad = String(repeating: "  ", count: depth)
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where depth < 4:
          lines.append("\(marker())   \(pad)\(label()): State(")
          depth += 1
        case 1 where depth < 4:
          lines.append("    \(pad)\(label()): [")
          depth += 1
        case 2 where depth > 1:
          depth -= 1
          lines.append("    \(String(repeating: "  ", count: depth)))" + (Bool.random(using: &random) ? "," : ""))
        case 3: lines.append("    \(pad)… (\(Int.random(in: 1...4, using: &random)) unchanged)")
        case 4: lines.append("\(marker())   \(pad)$,")
        case 5: lines.append("\(marker())   \(pad)[\(Int.random(in: 0...3, using: &random))]: $,")
        default: lines.append("\(marker())   \(pad)\(label()): $,")
        }
      }
      while depth > 1 {
        depth -= 1
        lines.append("    \(String(repeating: "  ", count: depth)))")
      }
      lines.append("  )")
      layouts.append(lines)
    }
    for _ in 0..<1_500 {
      let layout = layouts.randomElement(using: &random)!
      let state = layout.map { line in
        line.replacingOccurrences(of: "$", with: value())
      }
      log += "received action:\n  AppAction.tick\n" + state.joined(separator: "\n") + "\n\n"
    }
    #expect(try Self.expectMemoAgreesWithRecordsAlone(log, "random") > 500)
  }

  /// Samples, real logs and generated tca1 logs: every record's changes are its own.
  @Test func samplesAndRealLogs() throws {
    var files = Repository.samples
    let directory = Repository.realLogs
    files += try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }.sorted()
      .map { directory + "/" + $0 }
    var changed = 0
    for file in files {
      changed += try Self.expectMemoAgreesWithRecordsAlone(
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self), file)
    }
    #expect(changed > 100)
  }

  /// Every record the truth file says changed the state has its changes (so the memo was
  /// asked for each of them), and those are over a third of the log's records.
  @Test(.enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"))
  func generatedTCA1Log() throws {
    let truthPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcalog-dumpmemo-\(getpid())-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: truthPath) }
    let path = try generatedLog(["--format", "tca1", "--truth", truthPath], records: 3000, seed: 19, tag: "dumpmemo")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let truth = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as? [String: Any])
    let records = try #require(truth["records"] as? Int)
    let changedRecords = records - (try #require(truth["noop_records"] as? Int))
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(try Self.expectMemoAgreesWithRecordsAlone(text, "genlog tca1") == changedRecords)
    #expect(changedRecords * 3 > records)
  }
}
