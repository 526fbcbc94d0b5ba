import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// `StateTrace` follows state paths key by key, in log order, the same read sequentially
/// or in parallel chunks; its printer puts values on one line.
struct TraceTests {
  static func trace(
    _ files: [String], paths: [String], actions: [String] = [], excludes: [String] = [],
    options: PatternMatcher.Options = [], jobs: Int = 1, chunkSize: Int = 1 << 20
  ) throws -> [TracedChange] {
    var stream = RecordStream(inputs: files, jobs: jobs)
    stream.chunkSize = chunkSize
    return try trace(stream, paths: paths, actions: actions, excludes: excludes, options: options)
  }

  /// The trace of a log held in memory, read sequentially.
  static func trace(
    text: String, paths: [String], actions: [String] = [], excludes: [String] = [],
    options: PatternMatcher.Options = []
  ) throws -> [TracedChange] {
    try trace(RecordStream(text: text), paths: paths, actions: actions, excludes: excludes, options: options)
  }

  static func trace(
    _ stream: RecordStream, paths: [String], actions: [String], excludes: [String], options: PatternMatcher.Options
  ) throws -> [TracedChange] {
    let query = TraceQuery(
      paths: try paths.map { try PatternMatcher($0, options: options) },
      actions: try actions.map { try PatternMatcher($0, options: options) },
      excludes: try excludes.map { try PatternMatcher($0, options: options) })
    var changes: [TracedChange] = []
    var sink = StateTrace(query: query) { changes.append($0) }
    try stream.run(into: &sink)
    #expect(sink.changeCount == changes.count)
    return changes
  }

  static let log = """
    received action:
      App.Action.windows(.window(id: 1, action: .selectTab(7)))
      App.State(
        windows: [
          1: Window(
    -       selectedTabID: 3,
    +       selectedTabID: 7,
            tabs: […]
          ),
          … (1 unchanged)
        ]
      )

    received action:
      App.Action.windows(.window(id: 2, action: .selectTab(9)))
      App.State(
        windows: [
          … (1 unchanged),
          2: Window(
    -       selectedTabID: 4,
    +       selectedTabID: 9,
            tabs: […]
          )
        ]
      )

    received action:
      App.Action.windows(.window(id: 1, action: .closeTab(7)))
      App.State(
        windows: [
          1: Window(
    -       selectedTabID: 7,
    +       selectedTabID: 3,
            tabs: […]
          ),
          … (1 unchanged)
        ]
      )

    received action:
      App.Action.timerTicked
      App.State(
    -   ticks: 1
    +   ticks: 2
      )

    """

  @Test func eachKeyIsItsOwnHistoryInLogOrder() throws {
    let changes = try Self.trace(text: Self.log, paths: ["selectedTabID$"])
    #expect(changes.map(\.record) == [0, 1, 2])
    #expect(
      changes.map(\.path) == ["windows[1].selectedTabID", "windows[2].selectedTabID", "windows[1].selectedTabID"])
    #expect(Set(changes.map(\.normalized)) == ["windows[*].selectedTabID"])
    #expect(changes.map { "\($0.old ?? "nil")→\($0.new ?? "nil")" } == ["3→7", "4→9", "7→3"])
    #expect(
      changes.map(\.action) == ["windows.window.selectTab", "windows.window.selectTab", "windows.window.closeTab"])
    #expect(changes.map(\.line) == [1, 14, 27])

    // A normalized path as a literal, the action conditions, no match.
    let literal = try Self.trace(text: Self.log, paths: ["windows[*].selectedTabID"], options: [.fixedString])
    #expect(literal == changes)
    #expect(try Self.trace(text: Self.log, paths: ["selectedTabID"], actions: ["closeTab$"]).map(\.record) == [2])
    #expect(try Self.trace(text: Self.log, paths: ["selectedTabID"], excludes: ["closeTab$"]).map(\.record) == [0, 1])
    #expect(try Self.trace(text: Self.log, paths: ["SELECTEDtabid"], options: [.caseInsensitive]).count == 3)
    #expect(try Self.trace(text: Self.log, paths: ["^ticks$"]).map(\.record) == [3])
    #expect(try Self.trace(text: Self.log, paths: ["nothing"]).isEmpty)

    var summarizer = TraceSummarizer()
    for change in changes { summarizer.add(change) }
    let summaries = summarizer.summaries
    #expect(summaries.map(\.path) == ["windows[1].selectedTabID", "windows[2].selectedTabID"])
    #expect(summaries.map(\.changes) == [2, 1])
    #expect(summaries.map(\.distinctValues) == [2, 2])  // 3 and 7; 4 and 9
    #expect(summaries[0].actions.map(\.path) == ["windows.window.closeTab", "windows.window.selectTab"])
    #expect(summaries[0].firstRecord == 0 && summaries[0].lastRecord == 2)
  }

  /// Interleaved keys: each path is named once, at its first change, and every change line
  /// carries its path's number, so one history is `grep '^\[1\]'`.
  @Test func textNumbersEachPathOnceAndTagsItsChanges() throws {
    let changes = try Self.trace(text: Self.log, paths: ["selectedTabID$|^ticks$"])
    let text = String(
      decoding: try captureOutput { out in
        let printer = TracePrinter(format: .text, summary: false, valueWidth: 60, out: out)
        try printer.begin()
        for change in changes { try printer.take(change) }
        try printer.finish()
      }, as: UTF8.self)
    #expect(
      text == """
        [1] windows[1].selectedTabID
        [1]  #0  windows.window.selectTab  3 → 7
        [2] windows[2].selectedTabID
        [2]  #1  windows.window.selectTab  4 → 9
        [1]  #2  windows.window.closeTab  7 → 3
        [3] ticks
        [3]  #3  timerTicked  1 → 2

        """)
  }

  @Test func samplesGiveTheSameTraceInParallelChunks() throws {
    let directory = Repository.root.appendingPathComponent("Samples").path
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".log") }.sorted()
      .map { directory + "/" + $0 }
    let sequential = try Self.trace(files, paths: ["."])
    #expect(sequential.count > 100)
    // Every change of every record, in order: the trace of "." is the records' changes.
    var all: [String] = []
    var each = EachRecord { record in
      for c in record.changes { all.append("\(record.index) \(record.string(c.path))") }
    }
    try RecordStream(inputs: files).run(into: &each)
    #expect(sequential.map { "\($0.record) \($0.path)" } == all)
    for chunkSize in [2_000, 50_000] {
      #expect(try Self.trace(files, paths: ["."], jobs: 2, chunkSize: chunkSize) == sequential)
    }
    // The kinds the samples hold besides values: elements added and removed.
    #expect(Set(sequential.map(\.kind)).isSuperset(of: [.value, .added, .removed]))
    #expect(sequential.filter { $0.kind == .added }.allSatisfy { $0.old == nil && $0.new != nil })
    #expect(sequential.filter { $0.kind == .removed }.allSatisfy { $0.new == nil && $0.old != nil })
  }

  @Test func textPutsValuesOnOneLine() {
    #expect(TracePrinter.compact("Point(\n  x: 1,\n  y: 2\n)") == "Point(x: 1, y: 2)")
    #expect(TracePrinter.compact("[\n  \"a\",\n  \"b\"\n]") == "[\"a\", \"b\"]")
    #expect(TracePrinter.compact("plain \u{1B}[2J") == "plain \\e[2J")
    #expect(TracePrinter.shorten("abcdefgh", to: 5) == "abcd…")
    #expect(TracePrinter.shorten("abcde", to: 5) == "abcde")
    #expect(TracePrinter.shorten("abcdefgh", to: nil) == "abcdefgh")
    #expect(TracePrinter.timeOfDay("2026-11-20T10:05:00.003173+01:00") == "10:05:00.003")
    #expect(TracePrinter.timeOfDay("2026-11-20T10:05:00Z") == "10:05:00")
    #expect(TracePrinter.timeOfDay("10:05") == nil)
    var change = TracedChange(
      record: 12, file: "-", line: 3, timestamp: "2026-11-20T10:05:00.003173+01:00", action: "tabs.select",
      path: "tabs[1]", normalized: "tabs[*]", kind: .value, old: "1", new: "Tab(\n  id: 2\n)")
    #expect(TracePrinter.textLine(change, valueWidth: 60) == "  #12  10:05:00.003  tabs.select  1 → Tab(id: 2)")
    change.kind = .count
    change.timestamp = nil
    change.new = "2"
    #expect(TracePrinter.textLine(change, valueWidth: 60) == "  #12  tabs.select  count 1 → 2")
    change.kind = .added
    change.old = nil
    #expect(TracePrinter.textLine(change, valueWidth: 60) == "  #12  tabs.select  added 2")
    change.kind = .removed
    change.old = "3"
    change.new = nil
    #expect(TracePrinter.textLine(change, valueWidth: 60) == "  #12  tabs.select  removed 3")

    // On a terminal a change is one screen line: the action loses its start, then the values shrink.
    let long = TracedChange(
      record: 25, file: "-", line: 3, timestamp: "2026-11-20T10:22:03.067000+01:00",
      action: "windows.window.newTabButtonTapped", path: "p", normalized: "p", kind: .value,
      old: "TabID(rawValue: \"588EFBCE-B71E-D78A-1DC0-2E270DB317D9\")",
      new: "TabID(rawValue: \"0D0B7738-32DA-DAEB-FA7F-2F8A832AF3B7\")")
    // Values that must be cut lose the start they share (`TabID(rawValue: "`), so the
    // part that changed stays in view.
    for width in [60, 80, 120] {
      let line = TracePrinter.textLine(long, valueWidth: 60, lineWidth: width)
      #expect(line.unicodeScalars.count <= width, "\(width): \(line)")
      #expect(line.contains("Tapped  …588EFBCE") && line.contains(" → …0D0B7738"), "\(line)")
    }
    #expect(
      TracePrinter.dropSharedStart(["Point(x: 10, y: 2000)", "Point(x: 10, y: 3000)"]) == ["…y: 2000)", "…y: 3000)"])
    #expect(TracePrinter.dropSharedStart(["abc1", "abc2"]) == ["abc1", "abc2"], "a short shared start stays")
    #expect(TracePrinter.textLine(long, valueWidth: 60, lineWidth: 200) == TracePrinter.textLine(long, valueWidth: 60))
    // Short values leave the action whole.
    let short = TracedChange(
      record: 1, file: "-", line: 1, timestamp: nil, action: "todos.todos.element.binding.set", path: "p",
      normalized: "p", kind: .value, old: "\"\"", new: "\"Buy milk\"")
    #expect(
      TracePrinter.textLine(short, valueWidth: 60, lineWidth: 60)
        == "  #1  todos.todos.element.binding.set  \"\" → \"Buy milk\"")
  }
}
