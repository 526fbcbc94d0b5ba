import Foundation
import Testing

@testable import TCALogOutput
@testable import TCALogReport

/// Numbers no log produces but a saved report or an option can carry (issue 54, row 9):
/// every Double turned into an Int is checked first, and a saved report with a span or
/// counts no run has is refused, not compared.
@Suite struct ExtremeNumberTests {
  /// `jq '.timeSpanSeconds=1e19'` made `compare` trap (SIGILL) in `Int(seconds)`.
  @Test func durationsPastIntsRangeAreWrittenInHours() {
    #expect(TextFormatting.duration(1e19) == "2,777,777,777,777,778h")
    #expect(TextFormatting.duration(.infinity) == "infh")
    #expect(TextFormatting.duration(3_725) == "1h 2m 5s")
  }

  /// Rates and budget values from such numbers: written as Doubles, not trapped.
  @Test func ratesAndValuesPastIntsRangeAreWrittenAsDoubles() {
    #expect(ComparisonPrinter.rate(1e30) == "1e+30")
    #expect(ComparisonPrinter.rate(1_234.4) == "1,234")
    #expect(BudgetPrinter.value(1e30, .records) == "1e+30 records")
    #expect(BudgetPrinter.value(83, .perSecond) == "83/s")
    #expect(NumberText.grouped(rounding: -.infinity) == "-inf")
  }

  @Test func savedReportsNoRunCouldWriteAreRefused() throws {
    typealias T = SavedReportSchemaTests
    let many = "9223372036854775807"
    let twoRows = """
      {"records": \(many), "lines": \(many), "noOpRecords": 0, "timeSpanSeconds": 60, "depth": null,
       "hiddenActions": 0,
       "actions": [{"path": "a", "group": false, "parent": null, "records": \(many), "lines": 1, "noOpRecords": 0},
                   {"path": "b", "group": false, "parent": null, "records": \(many), "lines": 1, "noOpRecords": 0}],
       "statePaths": [], "hiddenStatePaths": 0}
      """
    for (broken, message) in [
      (T.saved(span: "1e19"), "'timeSpanSeconds' is longer than any log's"),
      (T.saved(span: "1e300"), "'timeSpanSeconds' is longer than any log's"),
      (twoRows, "the actions rows add up past any count"),
      (
        T.saved().replacingOccurrences(of: "\"hiddenActions\": 0", with: "\"hiddenActions\": \(many)")
          .replacingOccurrences(of: "\"hiddenStatePaths\": 0", with: "\"hiddenStatePaths\": \(many)"),
        "'hiddenActions' and 'hiddenStatePaths' add up past any count"
      ),
    ] {
      do {
        _ = try RunProfile(savedReport: Data(broken.utf8), source: "x.json")
        Issue.record("accepted: \(broken)")
      } catch let error as SavedReportError {
        #expect(error.description == "x.json: not a valid report of 'tcalog report --format json': \(message)")
      }
    }
    // The longest span a log can have is still a report.
    let longest = try RunProfile(savedReport: Data(T.saved(span: "315000000000").utf8), source: "x.json")
    #expect(longest.spanSeconds == 315_000_000_000)
  }
}
