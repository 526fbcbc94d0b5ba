import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Bursts (busiest second per action) and the per-minute rate of timestamped logs.
struct ReportTimeTests {
  /// One labels record per (second offset, action), with an NSLog-style prefix.
  static func log(_ events: [(Int, String)]) -> String {
    events.map { second, action in
      let m = second / 60
      let s = second % 60
      let time = "2026-11-20 10:\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s).250000+0100"
      return "\(time) Browser[4242:1a2b] received action: AppAction.\(action)\n"
    }.joined()
  }

  static let events: [(Int, String)] = {
    var e: [(Int, String)] = []
    for s in 0..<5 { e.append((s, "tick")) }
    for _ in 0..<7 { e.append((5, "hover")) }  // the burst
    for s in 6..<130 where s % 2 == 0 {
      e.append((s, "hover"))
      e.append((s, "tick"))
    }
    for _ in 0..<3 { e.append((130, "tick")) }
    return e
  }()

  @Test func burstsAndRatePerMinute() throws {
    var aggregator = ReportAggregator()
    for record in try parse(Self.log(Self.events)).records { aggregator.add(record.content) }
    let report = ActionReport(summary: aggregator.summary())
    #expect(report.bursts.map(\.path) == ["hover", "tick"])
    #expect(report.bursts.map(\.count) == [7, 3])
    #expect(report.bursts[0].second == 1_795_165_205)  // 10:00:05+01:00
    // Minutes 10:00, 10:01, 10:02.
    #expect(report.ratePerBucket == [5 + 7 + 54, 60, 10 + 3])
    let text = ReportPrinter(format: .text).render(report)
    #expect(text.contains("records per minute: "))
    #expect(text.contains("7 records in 1 s at "))
  }

  @Test func mergedPartsGiveTheSameBursts() throws {
    let records = try parse(Self.log(Self.events)).records
    var whole = ReportAggregator()
    for record in records { whole.add(record.content) }
    let expected = ActionReport(summary: whole.summary())
    // Cut anywhere, including inside the burst second and inside a one-second part.
    for cuts in [[3], [8], [6, 7, 9], Array(stride(from: 1, to: records.count, by: 1))] {
      var merged = ReportAggregator()
      var start = 0
      for end in cuts + [records.count] {
        var part = ReportAggregator()
        for record in records[start..<end] { part.add(record.content) }
        _ = merged.merge(part)
        start = end
      }
      let got = ActionReport(summary: merged.summary())
      #expect(got.bursts.map(\.count) == expected.bursts.map(\.count), "cuts \(cuts.prefix(5))")
      #expect(got.bursts.map(\.second) == expected.bursts.map(\.second))
      #expect(got.ratePerBucket == expected.ratePerBucket)
    }
  }
}

extension ReportTimeTests {
  @Test func timeSpansAreWrittenInTheLogsOffset() {
    let first = 1_795_166_553.5  // 2026-11-20T09:22:33.5Z
    #expect(TextFormatting.timeSpan(first, first + 10, offset: 3600) == "2026-11-20 10:22:33 – 10:22:43 +01:00")
    #expect(
      TextFormatting.timeSpan(first, first + 86_400, offset: -5 * 3600 - 1800)
        == "2026-11-20 03:52:33 – 2026-11-21 03:52:33 -05:30")
    #expect(TextFormatting.clockTime(1_795_166_553, offset: 0) == "09:22:33")
  }
}

/// Every line of the text report fits 80 columns, bursts and the rate line included.
struct ReportWidthTests {
  @Test func textReportFitsEightyColumns() throws {
    var events: [(Int, String)] = []
    for s in stride(from: 0, to: 3 * 3600, by: 7) {
      events.append(
        (
          s,
          "windows(.window(id: 1, action: .tabs(.tab(id: 2, action: .hoverChangedWithAVeryLongCaseNameIndeed(true)))))"
        ))
    }
    let log = events.map { second, action in
      let h = second / 3600
      let m = (second / 60) % 60
      let s = second % 60
      func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
      return
        "2026-11-20 \(two(10 + h)):\(two(m)):\(two(s)).250000+0100 Browser[4242:1a2b] received action: AppAction.\(action)\n"
    }.joined()
    var aggregator = ReportAggregator()
    let (records, statistics, _) = try parse(log)
    for record in records { aggregator.add(record.content) }
    aggregator.statistics = statistics
    let text = ReportPrinter(format: .text).render(ActionReport(summary: aggregator.summary()))
    #expect(text.contains("records per 5 minutes"))
    for line in text.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
  }
}
