import Foundation
import Testing

@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogReport

/// The saved report (`report --format json`, read back by `compare`) has one schema,
/// `SavedReport`: what the printer writes decodes with it, and a member renamed, missing
/// or of another type is an error that names it (it read as 0).
@Suite struct SavedReportSchemaTests {
  /// A saved report with one action row `a` and one state path `s`, each number as given.
  static func saved(
    records: String = "5", lines: String = "9", span: String = "60", depth: String = "null",
    actionRecords: String = "5", changes: String = "4"
  ) -> String {
    """
    {"records": \(records), "completeRecords": 5, "lines": \(lines), "noOpRecords": 1,
     "timeSpanSeconds": \(span), "depth": \(depth), "hiddenActions": 0,
     "actions": [{"path": "a", "group": false, "level": 0, "parent": null, "records": \(actionRecords),
                  "lines": 9, "noOpRecords": 1}],
     "statePaths": [{"path": "s", "changes": \(changes), "distinctPaths": 1}], "hiddenStatePaths": 0}
    """
  }

  static let log = """
    received action:
      AppFeature.Action.tick
      (No state changes)
    received action:
      AppFeature.Action.child(.toggle)
      AppFeature.State(
    -   isOn: false
    +   isOn: true
      )
    received action:
      AppFeature.Action.child(.volume)
      AppFeature.State(
    -   volume: 1
    +   volume: 2
      )

    """

  /// The printer's JSON is the schema's: every member `compare` reads is written, under
  /// the schema's name, with the report's numbers.
  @Test func printedReportDecodesWithTheSchema() throws {
    var aggregator = ReportAggregator()
    for record in try parse(bytes: Array(Self.log.utf8)).records { aggregator.add(record.content) }
    let report = ActionReport(summary: aggregator.summary())
    let json = ReportPrinter(format: .json).render(report)
    let schema = try SavedReport.decode(Data(json.utf8), source: "r.json")
    let statistics = report.statistics
    #expect(schema.records == statistics.records && schema.noOpRecords == statistics.noOpRecords)
    #expect(schema.lines == statistics.lines && schema.actions.count == 4 && schema.statePaths.count == 2)
    #expect(schema.timeSpanSeconds == nil && schema.depth == nil)
    #expect(schema.actions.map(\.path) == report.actionRows.map(\.path))
    #expect(schema.actions.map(\.records) == report.actionRows.map(\.stats.count))
    #expect(schema.actions.map(\.parent) == report.actionRows.map(\.parentPath))
    #expect(schema.statePaths.map(\.path) == report.stateRows.map(\.path))
  }

  /// Each member `compare` reads, renamed, is an error naming it; so is one of another type.
  @Test func aRenamedMemberIsAnError() throws {
    let good = Self.saved()
    #expect(throws: Never.self) { try RunProfile(savedReport: Data(good.utf8), source: "r.json") }
    let members: [(String, String)] =
      SavedReport.Key.allCases.map { ("\"\($0.rawValue)\": ", $0.rawValue) }
      + SavedReport.ActionRow.Key.allCases.map { ("\"\($0.rawValue)\": ", "actions[0].\($0.rawValue)") }
      + SavedReport.StateRow.Key.allCases.map { ("\"\($0.rawValue)\": ", "statePaths[0].\($0.rawValue)") }
    for (member, path) in members {
      // Rename the member where `path` has it: the first of its spellings at that level.
      let scope = path.hasPrefix("actions[") ? "\"actions\"" : path.hasPrefix("statePaths[") ? "\"statePaths\"" : "{"
      let start = try #require(good.range(of: scope)).upperBound
      let at = try #require(good.range(of: member, range: start..<good.endIndex))
      let renamed = good.replacingCharacters(in: at, with: member.replacingOccurrences(of: "\": ", with: "s\": "))
      #expect(throws: SavedReportError.self, "\(path)") {
        try RunProfile(savedReport: Data(renamed.utf8), source: "r.json")
      }
      do {
        _ = try RunProfile(savedReport: Data(renamed.utf8), source: "r.json")
      } catch let error as SavedReportError {
        #expect(error.description == "r.json: not a report of 'tcalog report --format json': '\(path)' is missing")
      }
    }
    for (broken, message) in [
      (Self.saved(lines: "\"many\""), "'lines' is not a number"),
      (Self.saved(actionRecords: "\"x\""), "'actions[0].records' is not a number"),
      (good.replacingOccurrences(of: "\"depth\": null", with: "\"depth\": \"2\""), "'depth' is not a number"),
      (#"{"records": 5, "actions": [1, 2]}"#, "'lines' is missing"),
      (#"[{"records": 5, "actions": []}]"#, nil), ("{", nil), ("", nil),
    ] {
      do {
        _ = try RunProfile(savedReport: Data(broken.utf8), source: "r.json")
        Issue.record("accepted: \(broken)")
      } catch let error as SavedReportError {
        let prefix = "r.json: not a report of 'tcalog report --format json'"
        #expect(error.description == prefix + (message.map { ": " + $0 } ?? ""), "\(broken)")
      }
    }
  }

  /// The members that may be null (no timestamps, no `--depth`, a top-level row) read as
  /// none; with numbers they read as given.
  @Test func nullMembersReadAsNone() throws {
    let profile = try RunProfile(savedReport: Data(Self.saved(span: "null", depth: "2").utf8), source: "r.json")
    #expect(profile.spanSeconds == nil && profile.timedRecords == 0 && profile.groupDepth == 2)
    #expect(profile.records == 5 && profile.lines == 9 && profile.noOps == 1)
    #expect(profile.actions["a"]?.records == 5 && profile.states["s"]?.records == 4)
  }
}
