import Foundation
import TCALogKit
import Testing

/// `PrettyRecordRenderer`, used as a program would: records read from log text, each
/// rendered as `tcalog view` shows it and `filter --format pretty` prints it.
struct PrettyAPITests {
  /// Every record of `log`, in order.
  struct Collector: RecordSink {
    var records: [Record] = []
    mutating func record(_ record: Record) -> StreamControl {
      records.append(record)
      return .more
    }
  }

  static func records(_ log: String) throws -> [Record] {
    var collector = Collector()
    try RecordStream(text: log, name: "app.log").run(into: &collector)
    return collector.records
  }

  static func texts(_ lines: [PrettyLine]) -> [String] { lines.map(\.text) }

  /// A `tca1` record in `log stream`'s prefixes: the prefixes are gone, the header has the
  /// time of day, the path and the action on one line with its UUID cut in the middle; the
  /// diff keeps Custom Dump's folding, marks and indentation.
  @Test func tca1RecordReadsAsHeaderAndCustomDumpDiff() throws {
    let prefix = "2026-11-20 10:05:00.003173+0100 0x1a2b     Default     0x0                  4242   0    Browser: "
    let log =
      [
        "received action:",
        "  Inbox.Action.messages(",
        "    .element(",
        "      id: UUID(7E1D3C42-9B0F-4F6A-8C11-2B5E4D7A9F30),",
        "      action: .markReadTapped",
        "    )",
        "  )",
        "  Inbox.State(",
        "    messages: [",
        "      … (3 unchanged),",
        "      [3]: Message(",
        "-       isRead: false,",
        "+       isRead: true,",
        "        subject: \"Lunch?\"",
        "      )",
        "    ],",
        "    unreadCounts: [",
        "-     \"inbox\": 4,",
        "+     \"inbox\": 3,",
        "      … (2 unchanged)",
        "    ]",
        "  )",
        "",
      ].map { prefix + $0 }.joined(separator: "\n") + "\n"
    let record = try #require(try Self.records(log).first)
    let renderer = PrettyRecordRenderer()
    let lines = renderer.lines(record)
    #expect(
      lines[0].text
        == "10:05:00.003  messages.element.markReadTapped  Inbox.Action.messages(.element(id: UUID(7E1D3C42…9F30), action: .markReadTapped))"
    )
    #expect(lines[0].runs.map(\.style) == [.time, .plain, .actionPath, .plain, .plain])
    #expect(
      Self.texts(Array(lines.dropFirst())) == [
        "  Inbox.State(",
        "    messages: [",
        "      … (3 unchanged),",
        "      [3]: Message(",
        "-       isRead: false,",
        "+       isRead: true,",
        "        subject: \"Lunch?\"",
        "      )",
        "    ],",
        "    unreadCounts: [",
        "-     \"inbox\": 4,",
        "+     \"inbox\": 3,",
        "      … (2 unchanged)",
        "    ]",
        "  )",
      ])
    // The changed property's name stands out from its line.
    #expect(lines[5].runs == [.init("-       ", .removed), .init("isRead", .removedName), .init(": false,", .removed)])
    #expect(lines[6].runs == [.init("+       ", .added), .init("isRead", .addedName), .init(": true,", .added)])
    #expect(lines[12].runs.map(\.text) == ["+     ", "\"inbox\"", ": 3,"])
    // Enter's view: the raw text without the console's prefixes.
    #expect(renderer.rawLines(record).first == "received action:")
    #expect(renderer.rawLines(record).count == 22)
  }

  /// TCA 0.1–0.24 printed the whole state with U+2007 and U+2212 marks: the marks become
  /// ASCII and what does not enclose the change folds as Custom Dump folds it.
  @Test func tca0WholeStateFoldsItsUnchangedRuns() throws {
    let same = "\u{2007}"
    let log = """
      AppReducer: received action:
        AppAction.todo(
          id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
          action: TodoAction.checkBoxToggled
        )
      \(same) AppState(
      \(same)   editMode: EditMode.inactive,
      \(same)   filter: Filter.all,
      \(same)   todos: [
      \(same)     Todo(
      \(same)       description: "Milk",
      \(same)       id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
      \u{2212}       isComplete: false
      +       isComplete: true
      \(same)     ),
      \(same)     Todo(
      \(same)       description: "Eggs",
      \(same)       id: 3B7C4F0E-1D2A-4C55-9E61-0F7B8A9C2D13,
      \(same)       isComplete: false
      \(same)     ),
      \(same)   ]
      \(same) )


      """
    let record = try #require(try Self.records(log).first)
    #expect(record.format == .tca0)
    let lines = PrettyRecordRenderer().lines(record)
    #expect(
      lines[0].text == "todo.checkBoxToggled  AppAction.todo(id: 5834811A…CA90, action: TodoAction.checkBoxToggled)")
    #expect(
      Self.texts(Array(lines.dropFirst())) == [
        "  AppState(",
        "    … (2 unchanged)",
        "    todos: [",
        "      Todo(",
        "        … (2 unchanged)",
        "-       isComplete: false",
        "+       isComplete: true",
        "      ),",
        "      … (1 unchanged)",
        "    ]",
        "  )",
      ])
    #expect(lines[2].runs.map(\.style) == [.note])
  }

  /// A `diffing` tree: indentation units become two spaces, `Previous:` comes before
  /// `Current:` with `-` and `+`, and the property they belong to is emphasized.
  @Test func diffingTreeReadsAsMarkedLines() throws {
    let log = """
      🎬 Received action:
        AppAction.windows(
          WindowsAction.window(
            windowID: WindowID(
              rawValue: "7E1D3C42-9B0F-4F6A-8C11-2B5E4D7A9F30"
            ),
            action: WindowAction.selectTab(
              TabID(
                rawValue: "B2"
              )
            )
          )
        )
      🖨️ State:
      windows:
      |\tKey 7E1D3C42-9B0F-4F6A-8C11-2B5E4D7A9F30:
      |\t|\tselectedTabID:
      |\t|\t|\tCurrent: TabID(rawValue: "B2")
      |\t|\t|\tPrevious: TabID(rawValue: "A1")
      |\t|\tcollapsedListIDs:
      |\t|\t|\tDifferent count:
      |\t|\t|\t|\tCurrent: (1)
      |\t|\t|\t|\tPrevious: (0)


      """
    let record = try #require(try Self.records(log).first)
    #expect(record.format == .diffing)
    let lines = PrettyRecordRenderer().lines(record)
    #expect(lines[0].text.hasPrefix("windows.window.selectTab  AppAction.windows(WindowsAction.window(windowID:"))
    #expect(
      Self.texts(Array(lines.dropFirst())) == [
        "  windows:",
        "    Key 7E1D3C42-9B0F-4F6A-8C11-2B5E4D7A9F30:",
        "      selectedTabID:",
        "-       Previous: TabID(rawValue: \"A1\")",
        "+       Current: TabID(rawValue: \"B2\")",
        "      collapsedListIDs:",
        "        Different count:",
        "-         Previous: (0)",
        "+         Current: (1)",
      ])
    #expect(
      lines.map { $0.runs.first?.style }
        == [
          .time, .plain, .plain, .changedName, .removed, .added, .changedName, .plain, .removed, .added,
        ].map { $0 == .time ? PrettyLine.Style.actionPath : $0 })
  }

  /// Colour is the caller's choice; a width cuts a line with `…`; escape sequences from the
  /// log never reach the terminal.
  @Test func renderedLinesColourAndFit() throws {
    let log = """
      received action:
        AppFeature.Action.titleChanged("\u{1B}[2Jhello")
        AppFeature.State(
      -   title: "",
      +   title: "\u{1B}[2Jhello",
        )

      received action:
        AppFeature.Action.timerTicked
        (No state changes)


      """
    let records = try Self.records(log)
    let renderer = PrettyRecordRenderer()
    let lines = renderer.lines(records[0])
    #expect(!lines.contains { $0.text.contains("\u{1B}") })
    #expect(lines[0].text.contains("\\e[2Jhello"))
    #expect(lines[2].rendered(color: false) == "-   title: \"\",")
    #expect(
      lines[2].rendered(color: true) == "\u{1B}[31m-   \u{1B}[0m\u{1B}[1;31mtitle\u{1B}[0m\u{1B}[31m: \"\",\u{1B}[0m")
    #expect(lines[0].rendered(color: false, width: 20) == "titleChanged  AppFe…")
    #expect(lines[0].rendered(color: false, width: 12) == "titleChange…")
    #expect(
      renderer.lines(records[1]).map(\.text) == ["timerTicked  AppFeature.Action.timerTicked", "  (No state changes)"])
  }
}
