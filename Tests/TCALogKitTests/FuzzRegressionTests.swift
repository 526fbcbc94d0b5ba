import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Inputs that `Tests/Fuzz/fuzz` found to break the parser or the filter-file reader,
/// reduced by hand, kept so the bugs stay fixed. Each also passes its fuzz harness's
/// invariants.
struct FuzzRegressionTests {
  /// Found by the pipeline fuzzer: two records 400 years apart made a rate of 5e-10
  /// records/s, written `0.` in the report's JSON (trailing zeros stripped, the dot left).
  @Test func tinyNumbersAreValidJSON() throws {
    #expect(MachineNumbers.text(5e-10) == "0")
    #expect(MachineNumbers.text(-5e-10) == "0")
    #expect(MachineNumbers.text(0.25) == "0.25")
    #expect(MachineNumbers.text(-1.5) == "-1.5")
    let log = """
      2026-11-20 10:05:45.539169+0100 0x1a2c     Default     0x0    42   0    App: received action:
        AppAction.a
        (No state changes)

      2426-11-20 10:05:46.174125+0100 0x1a2b     Default     0x0    42   0    App: received action:
        AppAction.a
        (No state changes)

      """
    var aggregator = ReportAggregator()
    let (records, statistics, _) = try parse(log)
    for r in records { aggregator.add(r.content) }
    aggregator.statistics = statistics
    let json = ReportPrinter(format: .json).render(ActionReport(summary: aggregator.summary()))
    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(json)")
  }

  /// Found by `fuzz budgetfile`: a budget limit of 22 digits (`hover <= 2222…`) made
  /// `check --format json` trap converting the limit to Int. Numbers past Int's range are
  /// written in their shortest form, which JSON reads.
  @Test func hugeBudgetLimitsAreWrittenAsNumbers() throws {
    #expect(NumberText.fixed(1e19, 1) == "1e+19")
    #expect(NumberText.fixed(-2.5e22, 0) == "-2.5e+22")
    #expect(MachineNumbers.text(12_345_678_901_234.5) == "12345678901234.5")
    let budget = try Budget(text: "hover <= 2222222222222222222222 2 records\n", file: "b")
    let results = budget.check(RunProfiler(source: "empty").profile)
    let json = BudgetPrinter(format: .json).render(results, defaults: [], source: "empty")
    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(json)")
    #expect(json.contains("\"limit\": 2.2222222222222223e+22"), "\(json)")
    #expect(MachineNumbers.text(1e20) == "1e+20")
    #expect(BudgetPrinter(format: .text).render(results, defaults: [], source: "empty").contains("ok"))
    #expect(BudgetPrinter.limit(budget.rules[0]) == "2.2222222222222223e+22 records")
  }

  /// Found by the fuzzer: a `Current:` label followed by U+2007 instead of a space. The
  /// value started one byte after the colon, inside the 3-byte character, so the record's
  /// JSON was invalid UTF-8 although its input was valid.
  @Test func leafValueAfterColonWithoutSpaceKeepsWholeCharacters() throws {
    let log = "🎬 Received action:\n  AppAction.tick\n🖨️ State:\nflag:\n|\tCurrent:\u{2007}x\n|\tPrevious:y\n\n"
    let (records, statistics, _) = try parse(log)
    try #require(records.count == 1)
    #expect(records[0].changeList == [Change("flag", old: "y", new: "\u{2007}x")])
    var json: [UInt8] = []
    RecordJSON.append(records[0], to: &json)
    #expect(UTF8Validation.isValid(json))
    #expect(statistics.recordLines + statistics.otherLines == statistics.lines)
  }

  /// Found by `fuzz filterfile`: a combining mark right after the blanks that follow `=`.
  /// Trimming by Character kept it alone as the pattern; written back as `A = ̌`, the mark
  /// joined the space into one Character, which trimming then kept: the pattern changed.
  /// The original input, then the same with the mark after `=` and after `#`.
  @Test func combiningMarkAfterBlanksSurvivesWritingBack() throws {
    let original = "#s\n" + String(repeating: "\t", count: 118) + "a=\u{FFFD}\nt =1\nA=\t\t\t\t\t\t\u{030C}\t\t\t\t\t\t"
    for text in [original, "A =\u{030C}x\n", "A = \u{030C}\n#\u{030C} comment\n"] {
      let repository = try FilterRepository(parsing: text, file: "f")
      let again = try FilterRepository(parsing: repository.rendered(), file: "again")
      #expect(again.entries.map(\.name) == repository.entries.map(\.name))
      #expect(
        again.entries.map { Array($0.pattern.unicodeScalars) }
          == repository.entries.map { Array($0.pattern.unicodeScalars) })
    }
    let entry = try #require(try FilterRepository(parsing: "A = \u{030C}\n", file: "f").entries.first)
    #expect(Array(entry.pattern.unicodeScalars) == ["\u{030C}"])
  }
}
