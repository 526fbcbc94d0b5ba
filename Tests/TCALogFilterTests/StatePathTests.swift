import CustomDump
import Foundation
import TCALogKit
import TCALogTestSupport
import Testing

@testable import TCALogFilter

/// A state with every kind of segment FORMATS.md §5 names: properties (one with a leading
/// `_`), elements, dictionary keys, a set, enum cases with a labelled, an unlabeled and two
/// unlabeled payload values, and an optional.
struct RichState: Equatable, Sendable {
  struct Row: Equatable, Sendable {
    var id: Int
    var title: String
    var isComplete = false
  }
  enum Mode: Equatable, Sendable {
    case idle
    case loading(progress: Double)
    case pair(Int, String)
    case editing(Row)
  }
  var count = 0
  var _hovered: Int? = nil
  var rows: [Row] = (0..<6).map { Row(id: $0, title: "row \($0)") }
  var unread: [String: Int] = ["inbox": 1, "sent": 0]
  var tags: Set<String> = ["a"]
  var mode = Mode.idle
  var selection: Row? = nil

  /// One random change (or none), as a reducer makes it.
  mutating func mutate(_ random: inout SeededRandom) {
    switch Int.random(in: 0..<12, using: &random) {
    case 0: count += 1
    case 1: _hovered = _hovered == nil ? Int.random(in: 0..<9, using: &random) : nil
    case 2: rows[Int.random(in: 0..<rows.count, using: &random)].isComplete.toggle()
    case 3: rows[Int.random(in: 0..<rows.count, using: &random)].title += "!"
    case 4: rows.append(Row(id: rows.count, title: "new"))
    case 5: if rows.count > 1 { rows.remove(at: Int.random(in: 0..<rows.count, using: &random)) }
    case 6: unread["inbox", default: 0] += 1
    case 7: unread[unread["drafts"] == nil ? "drafts" : "spam"] = 3
    case 8: tags.insert("t\(Int.random(in: 0..<5, using: &random))")
    case 9:
      switch Int.random(in: 0..<4, using: &random) {
      case 0: mode = .loading(progress: Double(Int.random(in: 0..<10, using: &random)) / 10)
      case 1: mode = .pair(Int.random(in: 0..<3, using: &random), "x")
      case 2: mode = .editing(Row(id: 1, title: "e\(Int.random(in: 0..<3, using: &random))"))
      default: mode = .idle
      }
    case 10: selection = selection == nil ? rows.first : nil
    default:
      if case .loading(let progress) = mode { mode = .loading(progress: progress + 0.5) }
    }
  }
}

@Suite struct StatePathTests {
  /// The paths read from the printed diff are the normalized paths tcalog reads from the
  /// same record, for every change of a long random session.
  @Test func pathsAgreeWithTcalogsReading() throws {
    var random = SeededRandom(seed: 11)
    var state = RichState()
    var log = ""
    var expected: [[String]] = []
    for _ in 0..<600 {
      let old = state
      for _ in 0..<Int.random(in: 1..<3, using: &random) { state.mutate(&random) }
      guard let stateDiff = diff(old, state) else { continue }
      log += "received action:\n  AppAction.timerTicked\n\(stateDiff)\n\n"
      expected.append(ChangedStatePaths.of(diff: stateDiff))
    }
    let records = try readRecords(log)
    try #require(records.count == expected.count)
    var kinds = Set<String>()
    for (record, paths) in zip(records, expected) {
      var tcalogs: [String] = []
      for path in record.normalizedPaths where !tcalogs.contains(path) { tcalogs.append(path) }
      #expect(Set(paths) == Set(tcalogs), "\(paths) vs \(tcalogs)")
      kinds.formUnion(paths)
    }
    // The session reached every kind of segment.
    for path in [
      "count", "hovered", "rows[*].isComplete", "rows[*]", "unread[*]", "tags",
      "mode.pair.0", "mode.editing.title", "mode", "selection",
    ] {
      #expect(kinds.contains(path), "\(path) not in \(kinds.sorted())")
    }
  }

  @Test func patternsMatchNormalizedPaths() {
    var old = RichState()
    var new = old
    new.rows[2].isComplete = true
    new._hovered = 3
    let stateDiff = try! #require(diff(old, new))
    #expect(
      StatePathPatterns([#"^rows\[\*\]\.isComplete$"#]).matchingPaths(ofDiff: stateDiff) == ["rows[*].isComplete"])
    #expect(StatePathPatterns(["^hovered$"]).matchingPaths(ofDiff: stateDiff) == ["hovered"])
    #expect(StatePathPatterns(["title"]).matchingPaths(ofDiff: stateDiff).isEmpty)
    old = new
    #expect(diff(old, new) == nil)
  }

  @Test func aBadPatternIsReportedAndMatchesNothing() {
    var said: [String] = []
    let patterns = StatePathPatterns(["count", "(unclosed"]) { said.append($0) }
    #expect(said == ["onlyChanging: '(unclosed' is not a pattern NSRegularExpression reads; it matches nothing"])
    #expect(patterns.matches(path: "count"))
    #expect(!patterns.matches(path: "(unclosed"))
  }
}
