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

/// Every published excerpt in Tests/RealLogs gives the records its README states.
@Suite
struct RealLogsTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    var format: RecordFormat
    var root: String?
    var path: String
    var changes: [Change]
    var lines: Int
    var bytes: Int
    var testDescription: String { file }
  }

  static let cases: [Expected] = [
    Expected(
      file: "01-tca-readme-v0.4-0.25-debug-figurespace.txt", format: .tca0, root: "AppAction",
      path: "todoCheckboxTapped",
      changes: [Change("todos[0].isComplete", "todos[*].isComplete", old: "false", new: "true")], lines: 24, bytes: 545),
    Expected(
      file: "02-tca-readme-v0.26-0.40-customdump.txt", format: .tca0, root: "AppAction", path: "todoCheckboxTapped",
      changes: [Change("todos[0].isComplete", "todos[*].isComplete", old: "false", new: "true")], lines: 13, bytes: 325),
    Expected(
      file: "03-tca-docc-faq-printchanges-syncups.txt", format: .tca1, root: "AppFeature.Action",
      path: "syncUpsList.addSyncUpButtonTapped",
      changes: [
        Change(
          "_syncUpsList._destination", "syncUpsList.destination", old: "nil",
          new: ".add(\n  SyncUpForm.State(\n    …\n  )\n)")
      ], lines: 14, bytes: 291),
    Expected(
      file: "07-pointfree-blog62-tictactoe-after-customdump.txt", format: .tca0, root: "AppAction",
      path: "newGame.game.cellTapped",
      changes: [
        Change("newGame.game.board.second.second", old: "nil", new: "Player.x"),
        Change("newGame.game.currentPlayer", old: "Player.x", new: "Player.o"),
      ], lines: 31, bytes: 645),
    Expected(
      file: "09-pointfree-blog62-todos-after-customdump.txt", format: .tca0, root: "AppAction",
      path: "todo.checkBoxToggled",
      changes: [Change("todos[2].isComplete", "todos[*].isComplete", old: "false", new: "true")], lines: 19, bytes: 430),
    Expected(
      file: "11-merowing-blog-debugdiffing-difference.txt", format: .diffing, root: "AppAction",
      path: "windows.window.toggleListCollapsedState",
      changes: [
        Change(
          "persistedWindows.windows[131DDF0A-DDE2-4757-B1AC-4DAB60269E8D].collapsedListIDs",
          "persistedWindows.windows[*].collapsedListIDs", .count, old: "0", new: "1")
      ], lines: 23, bytes: 579),
    Expected(
      file: "12-difference-readme-tca-example.txt", format: .diffing, root: "AppAction",
      path: "home.howTo.setSelectedSlide",
      changes: [Change("home.selectedHowTo.selectedSlide", old: "exei4wpqsmdk", new: "8mnkni91h4fe")], lines: 8,
      bytes: 167),
    Expected(
      file: "15-merowing-page-copy-degraded-missing-lines.txt", format: .diffing, root: nil,
      path: "toggleListCollapsedState",
      changes: [
        Change(
          "windows[131DDF0A-DDE2-4757-B1AC-4DAB60269E8D].collapsedListIDs", "windows[*].collapsedListIDs", .count,
          old: "0", new: "1")
      ], lines: 13, bytes: 430),
  ]

  func read(_ file: String) throws -> (records: [Record], statistics: ScanStatistics, warnings: [ScanWarning]) {
    try RecordScanner.scan(InputOpener.open(Repository.realLog(file)), file: file)
  }

  @Test(arguments: cases)
  func excerptGivesTheStatedRecord(_ expected: Expected) throws {
    let (records, statistics, _) = try read(expected.file)
    try #require(records.count == 1)
    let record = records[0]
    #expect(record.format == expected.format)
    #expect(record.actionRoot == expected.root)
    #expect(record.actionPath == expected.path)
    #expect(record.changeList == expected.changes)
    #expect(record.lines == expected.lines)
    #expect(record.bytes == expected.bytes)
    #expect(record.line == 1 && record.offset == 0)
    #expect(record.isComplete)
    #expect(record.timestamp == nil && record.storePrefix == nil)
    #expect(record.stateChanged)
    #expect(statistics.otherLines == 0)
  }

  @Test func removedElementWithoutItsLabelIsCounted() throws {
    let (records, _, _) = try read("04-tca-tutorial-syncups-ondelete.txt")
    let record = try #require(records.first)
    #expect(record.format == .tca1)
    #expect(record.actionPath == "syncUpsList.onDelete")
    #expect(record.lines == 39 && record.bytes == 999)
    let change = try #require(record.changeList.first)
    #expect(record.changes.count == 1)
    #expect(change.path == "_syncUpsList._syncUps[0]" && change.normalized == "syncUpsList.syncUps[*]")
    #expect(change.kind == .removed && change.new == nil)
    let old = try #require(change.old)
    #expect(old.split(separator: "\n", omittingEmptySubsequences: false).count == 21)
    #expect(old.hasPrefix("SyncUp(\n  id: Tagged(rawValue: UUID(BCD45D06-2291-4A22-906A-C1EF07500AB7)),"))
    #expect(old.hasSuffix("  title: \"Point-Free Morning Sync\"\n)"))
  }

  @Test func headerlessFragmentGivesNoRecordAndAWarning() throws {
    let (records, statistics, warnings) = try read("14-tca-tests-v1.25-shared-state-diff-fixture.txt")
    #expect(records.isEmpty)
    #expect(statistics.otherLines == 4)
    #expect(statistics.headerlessFragments == 1)
    #expect(warnings.count == 1)
  }

  /// FORMATS.md 11.1 gives the exact NDJSON of real-logs/11.
  @Test func ndjsonOfTheDebugDiffingExcerptIsExact() throws {
    let file = "real-logs/11-merowing-blog-debugdiffing-difference.txt"
    let records = try RecordScanner.scan(
      InputOpener.open(Repository.realLog(String(file.dropFirst("real-logs/".count)))), file: file
    ).records
    var bytes: [UInt8] = []
    RecordJSON.append(try #require(records.first), to: &bytes)
    let expected =
      #"{"index":0,"source":{"file":"real-logs/11-merowing-blog-debugdiffing-difference.txt","line":1,"offset":0},"format":"diffing","timestamp":null,"prefix":null,"action":{"path":"windows.window.toggleListCollapsedState","root":"AppAction","text":"AppAction.windows(\n  WindowsAction.window(\n    windowID: WindowID(\n      rawValue: \"131DDF0A-DDE2-4757-B1AC-4DAB60269E8D\"\n    ),\n    action: WindowAction.toggleListCollapsedState(\n      listID: RootOrListIdentifier.list(\n        Identifier<SidebarItem>(\n          rawValue: \"F686B64A-E221-49FB-9504-FE003FC6493F\"\n        )\n      )\n    )\n  )\n)"},"state":{"changed":true,"changes":[{"path":"persistedWindows.windows[131DDF0A-DDE2-4757-B1AC-4DAB60269E8D].collapsedListIDs","normalized":"persistedWindows.windows[*].collapsedListIDs","kind":"count","old":"0","new":"1"}]},"lines":23,"bytes":579,"complete":true}"#
    // Compared as values (FORMATS.md: consumers do not rely on key order); both must parse.
    let mine = try canonicalJSON(Data(bytes))
    let documented = try canonicalJSON(expected)
    #expect(mine == documented)
  }
}
