import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogReport

/// The app printer's own lines (TCALogFilter's cost summary, its filter file loads): read
/// outside records, summed over a log however it is cut, and shown by `report`.
@Suite struct PrinterCostTests {
  static let log = """
    2026-11-20T10:22:31.000Z tcalog printer: filters loaded from /tmp/App/.tcalog-filters: 2 entries, 1 keep line
    2026-11-20T10:22:32.000Z received action:
      AppAction.windows(.window(id: 1, action: .tab(.selected(2))))
      AppState(
    -   selectedTab: 1
    +   selectedTab: 2
      )

    2026-11-20T10:22:33.000Z tcalog printer: cost 10 printed, 300 silenced, 4 debounced, 1 unwatched, 2500 µs, 9000 bytes; windows.window.hover: 6 printed, 4 debounced, 0 unwatched, 1500 µs, 5000 bytes; -: 4 printed, 0 debounced, 1 unwatched, 900 µs, 4000 bytes
    2026-11-20T10:22:34.000Z received action:
      AppAction.timerTicked
      (No state changes)

    tcalog printer: cost 5 printed, 100 silenced, 0 debounced, 0 unwatched, 1000 µs, 3000 bytes; windows.window.hover: 5 printed, 0 debounced, 0 unwatched, 1000 µs, 3000 bytes
    2026-11-20T10:22:35.000Z tcalog printer: filters reloaded from /tmp/App/.tcalog-filters: 3 entries, 1 keep line
    2026-11-20T10:22:36.000Z tcalog printer: filters not reloaded (previous ones kept): /tmp/App/.tcalog-filters:2: empty pattern for 'x'

    """

  @Test func summaryLinesAddUpOutsideRecords() throws {
    let (records, statistics, warnings) = try RecordScanner.scan(MemoryByteSource(Self.log))
    #expect(records.map(\.actionPath) == ["windows.window.tab.selected", "timerTicked"])
    #expect(warnings.isEmpty)
    #expect(statistics.otherLines == 5)
    let cost = statistics.printerCost
    #expect(cost.summaries == 2 && cost.filterLoads == 2)
    var total = PrinterCost.Figures()
    (total.printed, total.silenced, total.debounced, total.unwatched) = (15, 400, 4, 1)
    (total.microseconds, total.bytes) = (3500, 12000)
    #expect(cost.total == total)
    #expect(cost.byActionPath["windows.window.hover"]?.printed == 11)
    #expect(cost.byActionPath["windows.window.hover"]?.microseconds == 2500)
    #expect(cost.byActionPath[""]?.unwatched == 1)
  }

  @Test func chunkedReadsSumTheSame() throws {
    let log = Self.log + Self.log
    var whole = EachRecord { _ in }
    let sequential = try RecordStream(text: log).run(into: &whole).statistics.printerCost
    #expect(sequential.summaries == 4 && sequential.total.silenced == 800)
    for chunkSize in [64, 300] {
      var aggregator = ReportAggregator()
      var stream = RecordStream(text: log, jobs: 2)
      stream.chunkSize = chunkSize
      _ = try stream.run(into: &aggregator)
      #expect(aggregator.statistics.printerCost == sequential)
    }
  }

  @Test func reportSaysWhatLoggingCost() throws {
    var aggregator = ReportAggregator()
    let (records, statistics, _) = try RecordScanner.scan(MemoryByteSource(Self.log))
    for record in records { aggregator.add(record.content) }
    aggregator.statistics = statistics
    let text = ReportPrinter(format: .text).render(ActionReport(summary: aggregator.summary()))
    #expect(
      text.contains(
        "logging cost 3.5 ms, 11.7 KiB: 15 printed, 400 silenced, 4 debounced\n"
          + "  most windows.window.hover 2.5 ms; filter file loaded 2 times\n"), "\(text)")
    let json = ReportPrinter(format: .json).render(ActionReport(summary: aggregator.summary()))
    #expect(json.contains(#""loggingSilenced": 400"#) || json.contains(#""loggingSilenced":400"#), "\(json)")
  }
}
