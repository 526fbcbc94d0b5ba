import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// RecordQuery + RecordSelector + FilterPrinter on small literal logs.
@Suite struct QuerySelectionTests {
  /// Seven tca1 / labels records: indexes 0–6.
  static let log = """
    received action:
      AppFeature.Action.windows(.window(id: #1, action: .hover(.entered)))
      (No state changes)

    received action:
      AppFeature.Action.windows(.window(id: #1, action: .mouseMoved(x: 3)))
      AppFeature.State(
        _windows: [
          #1: Window.State(
    -       mouseX: 2,
    +       mouseX: 3,
            title: "Main"
          )
        ]
      )

    received action:
      AppFeature.Action.timerTicked
      (No state changes)

    received action: AppFeature.Action.sidebar(.itemTapped)
    received action:
      AppFeature.Action.windows(.window(id: #2, action: .hover(.exited)))
      AppFeature.State(
    -   _hoveredWindow: #2
    +   _hoveredWindow: nil
      )

    received action:
      AppFeature.Action.settings(.binding(.set(\\State.$title, "Inbox")))
      AppFeature.State(
    -   title: "Mail"
    +   title: "Inbox"
      )

    received action:
      AppFeature.Action.timerTicked
      (No state changes)


    """

  let records: [Record]
  init() throws {
    records = try parse(Self.log).records
  }

  func indexes(_ query: RecordQuery) -> [Int] { records.filter { query.selects($0) }.map(\.index) }

  @Test func theLogParsesAsExpected() {
    #expect(
      records.map(\.actionPath) == [
        "windows.window.hover.entered", "windows.window.mouseMoved", "timerTicked", "sidebar.itemTapped",
        "windows.window.hover.exited", "settings.binding.set", "timerTicked",
      ])
  }

  @Test func actionPatternsAreAlternatives() throws {
    #expect(indexes(RecordQuery(actions: try matchers(["hover"]))) == [0, 4])
    #expect(indexes(RecordQuery(actions: try matchers(["hover", "^timer"]))) == [0, 2, 4, 6])
    #expect(indexes(RecordQuery(actions: try matchers(["^HOVER"], .caseInsensitive))) == [])
    #expect(indexes(RecordQuery(actions: try matchers(["WINDOW.HOVER"], .caseInsensitive))) == [0, 4])
    #expect(indexes(RecordQuery(actions: try matchers(["window.hover"], .fixedString))) == [0, 4])
    #expect(
      indexes(RecordQuery(actions: try matchers(["window.hover"], .fixedString), inverted: true)) == [1, 2, 3, 5, 6])
  }

  @Test func excludesRemoveWhatMatches() throws {
    #expect(indexes(RecordQuery(excludes: try matchers(["mouseMoved|hover", "Tick"]))) == [3, 5])
    #expect(indexes(RecordQuery(actions: try matchers(["^windows"]), excludes: try matchers(["exited"]))) == [0, 1])
  }

  @Test func statePatternsSeeRawAndNormalizedPaths() throws {
    #expect(indexes(RecordQuery(states: try matchers(["^windows\\[\\*\\]\\.mouseX$"]))) == [1])  // normalized
    #expect(indexes(RecordQuery(states: try matchers(["^_windows\\[#1\\]"]))) == [1])  // raw
    #expect(indexes(RecordQuery(states: try matchers(["^hoveredWindow$", "^title$"]))) == [4, 5])
    #expect(indexes(RecordQuery(states: try matchers(["."]), inverted: true)) == [0, 2, 3, 6])
  }

  @Test func textPatternsSeeTheRawRecord() throws {
    #expect(indexes(RecordQuery(texts: try matchers(["\"Inbox\""]))) == [5])
    #expect(indexes(RecordQuery(texts: try matchers(["id: #2"]))) == [4])
    #expect(indexes(RecordQuery(texts: try matchers(["No state changes\\)\\n\\n"]))) == [0, 2, 6])
  }

  @Test func changedAndUnchanged() throws {
    #expect(indexes(RecordQuery(change: .changed)) == [1, 4, 5])
    #expect(indexes(RecordQuery(change: .unchanged)) == [0, 2, 6])
    // Conditions combine; -v inverts the whole selection.
    #expect(indexes(RecordQuery(actions: try matchers(["hover"]), change: .unchanged)) == [0])
    #expect(
      indexes(RecordQuery(actions: try matchers(["hover"]), change: .unchanged, inverted: true)) == [1, 2, 3, 4, 5, 6])
  }

  /// Oneline: the header's line, the record's index, its action path and changed state paths.
  @Test func onelineShowsIndexPathAndStatePaths() throws {
    let query = RecordQuery(excludes: try matchers(["Tick"]))
    let (output, selected, _) = try runSelection(records, query: query)
    #expect(selected == 5)
    #expect(
      output == """
        1: #0 windows.window.hover.entered  (no state changes)
        5: #1 windows.window.mouseMoved  _windows[#1].mouseX
        21: #3 sidebar.itemTapped
        22: #4 windows.window.hover.exited  _hoveredWindow
        29: #5 settings.binding.set  title

        """)
  }

  @Test func contextIsCountedInRecordsWithSeparators() throws {
    let query = RecordQuery(actions: try matchers(["^sidebar|^settings"]))
    #expect(
      try runSelection(records, query: query, before: 1).output == """
        17- #2 timerTicked  (no state changes)
        21: #3 sidebar.itemTapped
        22- #4 windows.window.hover.exited  _hoveredWindow
        29: #5 settings.binding.set  title

        """)
    let first = RecordQuery(actions: try matchers(["entered|itemTapped"]))
    #expect(
      try runSelection(records, query: first, after: 1).output == """
        1: #0 windows.window.hover.entered  (no state changes)
        5- #1 windows.window.mouseMoved  _windows[#1].mouseX
        --
        21: #3 sidebar.itemTapped
        22- #4 windows.window.hover.exited  _hoveredWindow

        """)
    let ends = RecordQuery(actions: try matchers(["entered|set$"]))
    #expect(
      try runSelection(records, query: ends, before: 1, after: 1).output == """
        1: #0 windows.window.hover.entered  (no state changes)
        5- #1 windows.window.mouseMoved  _windows[#1].mouseX
        --
        22- #4 windows.window.hover.exited  _hoveredWindow
        29: #5 settings.binding.set  title
        36- #6 timerTicked  (no state changes)

        """)
  }

  @Test func maxCountStopsAfterTrailingContext() throws {
    let query = RecordQuery(actions: try matchers(["window"]))
    let once = try runSelection(records, query: query, maxCount: 1)
    #expect(once.selected == 1)
    #expect(once.output == "1: #0 windows.window.hover.entered  (no state changes)\n")
    let withContext = try runSelection(records, query: query, after: 2, maxCount: 2)
    #expect(withContext.selected == 2)
    #expect(
      withContext.output.split(separator: "\n").map { String($0.prefix { $0 != " " }) } == ["1:", "5:", "17-", "21-"])
    #expect(try runSelection(records, query: query, maxCount: 0).output == "")
  }

  @Test func countAndNDJSON() throws {
    let query = RecordQuery(actions: try matchers(["hover"]))
    #expect(try runSelection(records, query: query, format: .count).output == "2\n")
    #expect(try runSelection(records, query: query, format: .count, maxCount: 1).output == "1\n")
    let ndjson = try runSelection(records, query: query, format: .ndjson).output
    let objects = try ndjson.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(objects.map { $0?["index"] as? Int } == [0, 4])
  }

  @Test func rawWithoutConditionsReproducesEveryRecord() throws {
    let query = RecordQuery()
    #expect(query.selectsEverything)
    let (_, selected, bytes) = try runSelection(records, query: query, format: .raw)
    #expect(selected == 7)
    #expect(bytes == records.flatMap { Array($0.raw) })
    #expect(bytes == Array(Self.log.utf8))
  }

  @Test func rawSeparatorStartsOnItsOwnLine() throws {
    let (records, _, _) = try parse("received action: A.one\nreceived action: A.two\nreceived action: A.three")
    let query = RecordQuery(actions: try matchers(["one|three"]))
    #expect(
      try runSelection(records, query: query, format: .raw, after: 0, maxCount: nil).output
        == "received action: A.one\nreceived action: A.three")
    #expect(
      try runSelection(records, query: RecordQuery(actions: try matchers(["three"])), format: .raw, before: 1).output
        == "received action: A.two\nreceived action: A.three")
    // The last record of one file ends without a newline; the `--` before the next file's
    // records (its numbers start again, so they are not adjacent) goes on a line of its own.
    let (next, _, _) = try parse("received action: A.one\nreceived action: A.two\n")
    #expect(
      try runSelection(records + next, query: RecordQuery(actions: try matchers(["three"])), format: .raw, after: 1)
        .output == "received action: A.three\n--\nreceived action: A.one\n")
  }

  @Test func colorHighlightsTheMatchedPart() throws {
    let query = RecordQuery(actions: try matchers(["hover"]), states: try matchers(["Window"]))
    let output = try runSelection(records, query: query, color: true).output
    #expect(
      output
        == "\u{1B}[32m22\u{1B}[0m\u{1B}[36m:\u{1B}[0m #4 windows.window.\u{1B}[01;31mhover\u{1B}[0m.exited  _hovered\u{1B}[01;31mWindow\u{1B}[0m\n"
    )
    let raw = try runSelection(records, query: RecordQuery(texts: try matchers(["Inbox"])), format: .raw, color: true)
      .output
    #expect(raw.contains("\"\u{1B}[01;31mInbox\u{1B}[0m\""))
  }

  @Test func controlCharactersFromTheLogAreEscapedForTerminals() throws {
    let (evil, _, _) = try parse("received action: A.key(\"\u{1B}[2J\u{1B}]0;pwned\u{07}\")\n")
    let query = RecordQuery()
    // Pipe: byte for byte.
    #expect(
      try runSelection(evil, query: query, format: .raw).output
        == "received action: A.key(\"\u{1B}[2J\u{1B}]0;pwned\u{07}\")\n")
    // Terminal: visible escapes, layout kept.
    #expect(
      try runSelection(evil, query: query, format: .raw, escapes: true).output
        == #"received action: A.key("\e[2J\e]0;pwned\x07")"# + "\n")
    let (evilPath, _, _) = try parse(
      "received action:\n  App.Action.tapped\n  App.State(\n-   \"a\u{1B}[31mb\": 1\n+   \"a\u{1B}[31mb\": 2\n  )\n\n")
    let line = try runSelection(evilPath, query: query, color: true).output
    #expect(line.contains(#"a\e[31mb"#))
    #expect(!line.contains("\u{1B}[31mb"))
  }
}
