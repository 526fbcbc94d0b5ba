import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// `tca1`, `tca0` and `labels` records (FORMATS.md 5–7).
@Suite struct CustomDumpFormatTests {
  /// The illustrative tca1 record of FORMATS.md 5.2.
  static let inbox = """
    received action:
      Inbox.Action.messages(
        .element(
          id: UUID(00000000-0000-0000-0000-00000000000A),
          action: .markReadTapped
        )
      )
      Inbox.State(
        filter: .all,
        messages: [
          … (3 unchanged),
          [3]: Message(
            id: UUID(00000000-0000-0000-0000-00000000000A),
    -       isRead: false,
    +       isRead: true,
            subject: "Lunch?"
          ),
          [4]: Message(…)
        ],
        unreadCounts: [
    -     "inbox": 4,
    +     "inbox": 3,
          … (2 unchanged)
        ]
      )

    received action:
      Inbox.Action.refreshTicked
      (No state changes)

    received action: Inbox.Action.messages(.element(id:, action: .markReadTapped))

    """

  @Test func tca1RecordsAndALabelsRecord() throws {
    let (records, statistics, _) = try parse(Self.inbox)
    try #require(records.count == 3)
    #expect(records.map(\.format) == [.tca1, .tca1, .labels])
    #expect(
      records.map(\.actionPath) == [
        "messages.element.markReadTapped", "refreshTicked", "messages.element.markReadTapped",
      ])
    #expect(
      records[0].changeList == [
        Change("messages[3].isRead", "messages[*].isRead", old: "false", new: "true"),
        Change("unreadCounts[inbox]", "unreadCounts[*]", old: "4", new: "3"),
      ])
    #expect(records[0].lines == 26)
    #expect(records[1].isNoOp && records[1].lines == 4)
    #expect(!records[2].hasStatePart && records[2].lines == 1)
    #expect(records[2].actionText == "Inbox.Action.messages(.element(id:, action: .markReadTapped))")
    #expect(records.allSatisfy { $0.isComplete })
    #expect(statistics.otherLines == 0)
  }

  @Test func stackStateKeysAndEnumContextAddSegments() throws {
    let log = """
      received action:
        AppFeature.Action.path(.element(id: #1, action: .detail(.destination(.presented(.edit(.binding(.set(\\State.$standup, Standup(title: "")))))))))
        AppFeature.State(
          path: [
            #1: .detail(
              StandupDetail.State(
                _destination: .edit(
                  StandupForm.State(
                    _standup: Standup(
      -               title: "Daily"
      +               title: ""
                    )
                  )
                )
              )
            )
          ]
        )

      """
    let record = try #require(try parse(log).records.first)
    #expect(record.actionPath == "path.element.detail.destination.presented.edit.binding.set")
    #expect(
      record.changeList == [
        Change(
          "path[#1].detail._destination.edit._standup.title", "path[*].detail.destination.edit.standup.title",
          old: #""Daily""#, new: #""""#)
      ])
  }

  @Test func addedAndRemovedElementsKeepTheirIndexes() throws {
    let log = """
      received action:
        Todos.Action.addButtonTapped
        Todos.State(
          todos: [
            [0]: Todo(…),
      -     [1]: Todo(id: 1),
      +     [1]: Todo(id: 2),
      +     [2]: Todo(
      +       id: 3
      +     )
          ],
          tags: Set([
      -     "a",
      +     "b"
          ])
        )

      """
    let record = try #require(try parse(log).records.first)
    #expect(
      record.changeList == [
        Change("todos[1]", "todos[*]", old: "Todo(id: 1)", new: "Todo(id: 2)"),
        Change("todos[2]", "todos[*]", .added, old: nil, new: "Todo(\n  id: 3\n)"),
        Change("tags", .removed, old: #""a""#, new: nil),
        Change("tags", .added, old: nil, new: #""b""#),
      ])
  }

  @Test func severalUnlabeledPayloadValuesAreNumbered() throws {
    let log = """
      received action:
        Game.Action.move
        Game.State(
          phase: .playing(
            1,
      -     2
      +     3
          )
        )

      received action:
        Game.Action.load
        Game.State(
          phase: .loading(
            Progress(
      -       done: 1
      +       done: 2
            )
          )
        )

      """
    let records = try parse(log).records
    #expect(records[0].changeList == [Change("phase.playing.1", old: "2", new: "3")])
    #expect(records[1].changeList == [Change("phase.loading.done", old: "1", new: "2")])
  }

  @Test func multiLineStringValueStaysWhole() throws {
    let log =
      "received action:\n  Notes.Action.save\n  Notes.State(\n-   text: \"\"\"\n-     one\n-     \"\"\",\n+   text: \"two\"\n  )\n\n"
    let record = try #require(try parse(log).records.first)
    #expect(record.changeList == [Change("text", old: "\"\"\"\n  one\n  \"\"\"", new: #""two""#)])
  }

  /// TCA 0.1–0.24 `.debug("AppReducer")`: whole-state dump, U+2007/U+2212 markers.
  @Test func tca0WholeStateDiffWithUnicodeMarkers() throws {
    let log = """
      AppReducer: received action:
        AppAction.todo(
          id: 5834811A-83B4-4E5E-BCD3-8A38F6BDCA90,
          action: TodoAction.checkBoxToggled
        )
      \(figureSpace) AppState(
      \(figureSpace)   todos: [
      \(figureSpace)     Todo(
      \(figureSpace)       description: "Eggs",
      \(figureSpace)     ),
      \(figureSpace)     Todo(
      \(figureSpace)       description: "Milk",
      \(minusSign)       isComplete: false
      +       isComplete: true
      \(figureSpace)     ),
      \(figureSpace)   ]
      \(figureSpace) )

      AppReducer: received action:
        AppAction.filterPicked(
          Filter.active
        )
        (No state changes)

      AppReducer: received action:
        AppAction.onAppear


      """
    let (records, statistics, _) = try parse(log)
    try #require(records.count == 3)
    #expect(records.map(\.format) == [.tca0, .tca0, .tca0])
    #expect(records.map { $0.storePrefix } == ["AppReducer", "AppReducer", "AppReducer"])
    #expect(records.map(\.actionPath) == ["todo.checkBoxToggled", "filterPicked.active", "onAppear"])
    #expect(records[0].changeList == [Change("todos[1].isComplete", "todos[*].isComplete", old: "false", new: "true")])
    #expect(records[1].isNoOp)
    #expect(!records[2].hasStatePart && records[2].isComplete)  // .debugActions()
    #expect(records.allSatisfy { $0.isComplete })
    #expect(statistics.otherLines == 0)
  }

  @Test func tca0UnchangedDumpWithoutBlankLineIsANoOp() throws {
    let log =
      "received action:\n  AppAction.tick\n\(figureSpace) AppState(\n\(figureSpace)   count: 1\n\(figureSpace) )\nreceived action:\n  AppAction.tock\n  (No state changes)\n\n"
    let records = try parse(log).records
    #expect(records.count == 2)
    #expect(records[0].format == .tca0 && records[0].isNoOp && records[0].isComplete && records[0].lines == 5)
  }

  @Test func tca1CutAfterItsActionIsIncomplete() throws {
    let record = try #require(try parse("received action:\n  AppFeature.Action.tick\n").records.first)
    #expect(!record.isComplete && record.format == .tca1)
    let cutInState = try #require(
      try parse("received action:\n  A.Action.tick\n  A.State(\n-   n: 1,\n+   n: 2,\n").records.first)
    #expect(!cutInState.isComplete)
    #expect(cutInState.changeList == [Change("n", old: "1", new: "2")])
  }

  /// A log cut after an action and then followed by other output (the app went on
  /// logging): the action is whole but the state part never came. Only `.debugActions()`
  /// prints no state part, and it ends the action with a blank line.
  @Test func actionEndedByForeignTextOrHeaderLostItsStatePart() throws {
    let cut = try parse("received action:\n  AppAction.sidebarSync(.tick)\n[Analytics] track event=tab_switched\n")
    #expect(cut.records.count == 1 && cut.records[0].isComplete == false)
    #expect(cut.statistics.otherLines == 1)
    let beforeHeader = try parse(
      "received action:\n  AppAction.tick\nreceived action:\n  AppAction.tick\n  (No state changes)\n\n")
    #expect(beforeHeader.records.map(\.isComplete) == [false, true])
    let debugActions = try #require(try parse("received action:\n  AppAction.tick\n\nlater output\n").records.first)
    #expect(debugActions.isComplete && !debugActions.hasStatePart && debugActions.format == .tca0)
  }

  @Test func stateLinesWithoutIndentationNestByBrackets() throws {
    let log =
      "received action:\nA.Action.t\n  A.State(\n  items: [\n  Item(\n- on: false\n+ on: true\n  )\n  ]\n  )\n\n"
    let record = try #require(try parse(log).records.first)
    #expect(record.changeList == [Change("items[0].on", "items[*].on", old: "false", new: "true")])
  }
}
