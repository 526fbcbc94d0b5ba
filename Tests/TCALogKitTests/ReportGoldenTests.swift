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

/// The text, markdown and json reports of a small fixed log equal committed files
/// (json compared as parsed objects). `TCALOG_UPDATE_GOLDEN=1 swift test` rewrites them.
struct ReportGoldenTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static let log = String(
    repeating: """
      2026-11-20 10:22:33.100000+0100 Browser[4242:1a2b] received action:
        AppAction.windows(.window(windowID: 1, action: .mouseMoved(x: 1)))
        AppState(
      -   windows: [1: 1]
      +   windows: [1: 2]
        )

      received action:
        AppAction.windows(.window(windowID: 1, action: .hover(.entered)))
        (No state changes)

      received action:
        AppAction.timerTicked
        (No state changes)

      an unrelated line
      2026-11-20 10:22:43.100000+0100 Browser[4242:1a2b] received action:
        AppAction.settings(.binding(.set(\\State.$dark, true)))
        AppState(
      -   dark: false
      +   dark: true
        )

      """, count: 4)

  static func report() throws -> ActionReport {
    var agg = ReportAggregator()
    let (records, statistics, _) = try parse(log)
    for r in records { agg.add(r.content) }
    agg.statistics = statistics
    return ActionReport(summary: agg.summary())
  }

  @Test(arguments: [ReportFormat.text, .markdown, .json])
  func reportEqualsGoldenFile(_ format: ReportFormat) throws {
    // Times print in the log's own offset (+01:00), whatever the machine's zone.
    let output = ReportPrinter(format: format).render(try Self.report())
    let file = Self.fixtures.appendingPathComponent("report-small.\(format == .markdown ? "md" : format.rawValue)")
    if ProcessInfo.processInfo.environment["TCALOG_UPDATE_GOLDEN"] == "1" {
      try output.write(to: file, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    if format == .json {
      // Compared as values (key order and spacing aside); a side that does not parse throws.
      let mine = try canonicalJSON(output)
      let golden = try canonicalJSON(expected)
      #expect(mine == golden)
    } else {
      #expect(output == expected)
    }
  }
}
