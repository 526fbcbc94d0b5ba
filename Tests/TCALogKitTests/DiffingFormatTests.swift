import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// The `diffing` format: Difference trees after "🎬 Received action:" (FORMATS.md 4).
@Suite struct DiffingFormatTests {
  /// The illustrative record of FORMATS.md 4.4, with every top-level block kind.
  static let allBlocks = """
    🎬 Received action:
      AppAction.refresh
    🖨️ State:
    count:
    |\tCurrent: 2
    |\tPrevious: 1
    , title:
    |\tCurrent: Optional("Inbox")
    |\tPrevious: nil
    , items:
    |\tCollection[2]:
    |\t|\tCurrent: milk
    |\t|\tPrevious: eggs
    , mode:
    |\tEnum loading:
    |\t|\tprogress:
    |\t|\t|\tCurrent: 0.5
    |\t|\t|\tPrevious: 0.25
    , tabs:
    |\tRemoved key pairs:
    |\t|\tA1: Optional(MyApp.Tab(title: "Docs"))
    |\tAdded key pairs:
    |\t|\tB2: Optional(MyApp.Tab(title: "Mail"))
    , tags:
    |\tDifferent count:
    |\t|\tCurrent: (3)
    |\t|\tPrevious: (2)

    🎬 Received action:
      AppAction.timerTicked
    🖨️ State:
    🖨️ (No state changes)
    🎬 Received action:
      AppAction.refresh
    🖨️ State:
    selection:
    |\tAdded: b
    |\tRemoved: a

    """

  @Test func everyItemKindGivesItsLeaf() throws {
    let (records, statistics, _) = try parse(Self.allBlocks)
    try #require(records.count == 3)
    #expect(records.map(\.format) == [.diffing, .diffing, .diffing])
    #expect(
      records[0].changeList == [
        Change("count", old: "1", new: "2"),
        Change("title", old: "nil", new: #"Optional("Inbox")"#),
        Change("items[2]", "items[*]", old: "eggs", new: "milk"),
        Change("mode.loading.progress", old: "0.25", new: "0.5"),
        Change("tabs[A1]", "tabs[*]", .removed, old: #"Optional(MyApp.Tab(title: "Docs"))"#, new: nil),
        Change("tabs[B2]", "tabs[*]", .added, old: nil, new: #"Optional(MyApp.Tab(title: "Mail"))"#),
        Change("tags", .count, old: "2", new: "3"),
      ])
    #expect(records[0].lines == 28)  // through the blank line
    #expect(records[1].isNoOp && records[1].lines == 4)  // no blank line after the no-change line
    #expect(
      records[2].changeList == [
        Change("selection", .added, old: nil, new: "b"), Change("selection", .removed, old: "a", new: nil),
      ])
    #expect(records.allSatisfy { $0.isComplete })
    #expect(statistics.otherLines == 0)
    #expect(statistics.recordLines == statistics.lines)
  }

  @Test func expectationLabelsAreTheSameItems() throws {
    let log = """
      🎬 Received action:
        AppAction.load
      🖨️ State:
      names:
      |\tMissing key pairs:
      |\t|\tk: Optional(1)
      |\tExtra key pairs:
      |\t|\tj: 2
      , flag:
      |\tReceived: true
      |\tExpected: false
      , set:
      |\tExtra: x
      |\tMissing: y

      """
    let record = try #require(try parse(log).records.first)
    #expect(
      record.changeList == [
        Change("names[k]", "names[*]", .removed, old: "Optional(1)", new: nil),
        Change("names[j]", "names[*]", .added, old: nil, new: "2"),
        Change("flag", old: "false", new: "true"),
        Change("set", .added, old: nil, new: "x"),
        Change("set", .removed, old: "y", new: nil),
      ])
  }

  @Test func differentCountWithWholeValuesAndPreviousFirst() throws {
    let log =
      "🎬 Received action:\n  AppAction.add\n🖨️ State:\nitems:\n|\tDifferent count:\n|\t|\tCurrent: (3) [\"a\", \"b\", \"c\"]\n|\t|\tPrevious: (2) [\"a\", \"b\"]\n, flag:\n|\tPrevious: false\n|\tCurrent: true\n\n"
    let record = try #require(try parse(log).records.first)
    #expect(
      record.changeList == [Change("items", .count, old: "2", new: "3"), Change("flag", old: "false", new: "true")])
  }

  @Test func multiLineValueContinuesItsLeaf() throws {
    let log =
      "🎬 Received action:\n  AppAction.edit\n🖨️ State:\nnote:\n|\tCurrent: first line\nsecond line\n|\tPrevious: old\n\n"
    let record = try #require(try parse(log).records.first)
    #expect(record.changeList == [Change("note", old: "old", new: "first line\nsecond line")])
  }

  @Test func enumPayloadTupleAndRootValue() throws {
    let log =
      "🎬 Received action:\n  AppAction.a\n🖨️ State:\nphase:\n|\tEnum running:\n|\t|\t.1:\n|\t|\t|\tCurrent: 2\n|\t|\t|\tPrevious: 1\n\n🎬 Received action:\n  AppAction.b\n🖨️ State:\nCurrent: 3\nPrevious: 2\n\n"
    let records = try parse(log).records
    #expect(records[0].changeList == [Change("phase.running.1", old: "1", new: "2")])
    #expect(records[1].changeList == [Change("", old: "2", new: "3")])
  }

  @Test func variantsWithoutEmojiAndWithoutVariationSelector() throws {
    let log =
      "Received action:\n  AppAction.home(.howTo(.setSelectedSlide))\nState:\nhome:\n|\tCurrent: a\n|\tPrevious: b\n\n\u{1F3AC}Received action:\n  AppAction.x\n\u{1F5A8} State:\n\u{1F5A8}(No state changes)\n"
    let records = try parse(log).records
    #expect(records.map(\.actionPath) == ["home.howTo.setSelectedSlide", "x"])
    #expect(records.map(\.format) == [.diffing, .diffing])
    #expect(records[1].isNoOp && records[1].isComplete)
  }

  /// FORMATS.md 4.6: a lowercase header with a Difference tree, blocks joined without ", ".
  @Test func lowercaseHeaderWithATreeIsDiffing() throws {
    let log =
      "received action:\n  AppAction.refresh\ncount:\n|\tCurrent: 2\n|\tPrevious: 1\ntitle:\n|\tCurrent: b\n|\tPrevious: a\n\nreceived action:\n  AppAction.tick\n(No state changes)\n"
    let records = try parse(log).records
    #expect(records.map(\.format) == [.diffing, .diffing])
    #expect(records[0].changeList.map(\.path) == ["count", "title"])
    #expect(records[1].isNoOp)
  }

  /// FORMATS.md 9.9: indentation lost everywhere.
  @Test func treeWithoutIndentationChainsLabels() throws {
    let log =
      "🎬 Received action:\nAppAction.windows(\nWindowsAction.window(\nwindowID: WindowID(\nrawValue: \"131D\"\n),\naction: WindowAction.toggleListCollapsedState\n)\n)\n🖨️ State:\npersistedWindows:\nwindows:\nKey 131D:\ncollapsedListIDs:\nDifferent count:\nCurrent: (1)\nPrevious: (0)\n"
    let record = try #require(try parse(log).records.first)
    #expect(record.actionPath == "windows.window.toggleListCollapsedState")
    #expect(
      record.changeList == [
        Change(
          "persistedWindows.windows[131D].collapsedListIDs", "persistedWindows.windows[*].collapsedListIDs", .count,
          old: "0", new: "1")
      ])
    #expect(record.isComplete)
  }

  @Test func recordCutInsideTheTreeIsIncomplete() throws {
    let log = "🎬 Received action:\n  AppAction.a\n🖨️ State:\nwindows:\n|\tKey A:\n|\t|\tx:\n|\t|\t|\tCurrent: 1\n"
    let record = try #require(try parse(log).records.first)
    #expect(!record.isComplete)
    #expect(record.changeList == [Change("windows[A].x", "windows[*].x", old: nil, new: "1")])
    let cutInAction = try #require(try parse("🎬 Received action:\n  AppAction.a(\n").records.first)
    #expect(!cutInAction.isComplete && !cutInAction.hasStatePart)
  }
}
