import Foundation
import Testing

@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogReport

/// `--top` on the action tree (issue 54, rows 3 and 4): the biggest rows stay whatever
/// their depth, and "N more rows" and `hiddenActions` count rows of the whole table.
@Suite struct ReportTopTests {
  /// One-line records: a sidebar's drag (a group of three), a timer at the top level,
  /// and a tab's close button deep in the tree.
  static let log =
    String(repeating: "received action: AppAction.sidebar(.dragMoved)\n", count: 20)
    + String(repeating: "received action: AppAction.sidebar(.dragEnded)\n", count: 6)
    + String(repeating: "received action: AppAction.sidebar(.dragStarted)\n", count: 5)
    + String(repeating: "received action: AppAction.timerTicked\n", count: 15)
    + "received action: AppAction.tabs(.tab(.closeTapped))\n"
    + "received action: AppAction.tabs(.tab(.reloadTapped))\n"

  static func report(top: Int, minShare: Double = 0) throws -> ActionReport {
    var aggregator = ReportAggregator()
    let (records, statistics, _) = try parse(log)
    for r in records { aggregator.add(r.content) }
    aggregator.statistics = statistics
    var options = ReportOptions()
    options.top = top
    options.minShare = minShare
    return ActionReport(summary: aggregator.summary(), options: options)
  }

  @Test func topKeepsTheBiggestRowsWhateverTheirDepth() throws {
    let whole = try Self.report(top: 1000)
    #expect(
      whole.actionRows.map(\.path) == [
        "sidebar", "sidebar.dragMoved", "sidebar.dragEnded", "sidebar.dragStarted", "timerTicked", "tabs.tab",
        "tabs.tab.closeTapped", "tabs.tab.reloadTapped",
      ])
    #expect(whole.hiddenActionRows == 0)
    // The walk cut after three rows hid the timer (15 records) behind dragEnded (6).
    let three = try Self.report(top: 3)
    #expect(three.actionRows.map(\.path) == ["sidebar", "sidebar.dragMoved", "timerTicked"])
    #expect(three.actionRows.map(\.level) == [0, 1, 0])
    #expect(three.actionRows.map(\.parentPath) == [nil, "sidebar", nil])
    #expect(three.hiddenActionRows == 5)
    #expect(ReportPrinter(format: .text).render(three).contains("… 5 more rows (--top, --min-share)"))
  }

  /// The count was of tree nodes: a collapsed parent (`tabs`, all of it `tabs.tab`) and
  /// the children of a cut row counted as rows the table never had.
  @Test func hiddenRowsAreRowsOfTheWholeTable() throws {
    for top in 1...8 {
      let report = try Self.report(top: top)
      #expect(report.actionRows.count + report.hiddenActionRows == 8, "top \(top)")
      let json = ReportPrinter(format: .json).render(report)
      #expect(json.contains("\"hiddenActions\": \(8 - report.actionRows.count),"), "top \(top)")
    }
    // A share cut counts the same rows: those below 11 % of lines, and no more.
    let cut = try Self.report(top: 1000, minShare: 0.11)
    #expect(cut.actionRows.map(\.path) == ["sidebar", "sidebar.dragMoved", "sidebar.dragEnded", "timerTicked"])
    #expect(cut.hiddenActionRows == 4)
  }
}
