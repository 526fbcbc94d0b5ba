import Foundation
import TCALogKit
import Testing

/// The report's numbers, classes and suggestions, as a program using the library reads
/// them: the bundled browser session, whose noise and signal `Samples/README.md` names.
struct ReportAPITests {
  /// With the actions' shapes (their case steps), which suggestions are written from.
  static func summary(jobs: Int) throws -> ReportSummary {
    var aggregator = ReportAggregator(collectsShapes: true)
    try RecordStream(inputs: [Sample.path("browser-session.log")], jobs: jobs).run(into: &aggregator)
    return aggregator.summary()
  }

  /// Per action path: records, lines and no-ops, equal to counting the expected records
  /// by hand; the same in one job and three.
  @Test func theSummaryCountsWhatTheRecordsSay() throws {
    let expected = try Sample.expected("browser-session.log")
    var counts: [String: (records: Int, lines: Int, noOps: Int)] = [:]
    for json in expected {
      let path = (json["action"] as? [String: Any])?["path"] as? String ?? ""
      let noOp = (json["state"] as? [String: Any])?["changed"] as? Bool == false
      let lines = json["lines"] as? Int ?? 0
      let old = counts[path] ?? (0, 0, 0)
      counts[path] = (old.records + 1, old.lines + lines, old.noOps + (noOp ? 1 : 0))
    }
    let summary = try Self.summary(jobs: 1)
    #expect(summary.statistics.records == expected.count)
    #expect(Set(summary.actions.map(\.path)) == Set(counts.keys))
    for action in summary.actions {
      let want = try #require(counts[action.path])
      #expect(action.stats.count == want.records, "\(action.path)")
      #expect(action.stats.lines == want.lines, "\(action.path)")
      #expect(action.stats.noOps == want.noOps, "\(action.path)")
    }
    let parallel = try Self.summary(jobs: 3)
    #expect(parallel.actions.map(\.path) == summary.actions.map(\.path))
    #expect(parallel.actions.map(\.stats) == summary.actions.map(\.stats))
    #expect(parallel.states.map(\.path) == summary.states.map(\.path))
  }

  /// The report classifies the session's hover and mouse streams and its ticks as noise,
  /// and what a person taps as signal, each with its reasons.
  @Test func theReportClassifiesNoiseAndSignal() throws {
    let report = ActionReport(summary: try Self.summary(jobs: 2))
    let classes = Dictionary(report.classified.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    for noise in ["windows.window.tabs.tab.hoverChanged", "windows.window.mouseMoved", "timerTicked"] {
      #expect(classes[noise]?.actionClass == .noise, "\(noise)")
      #expect(classes[noise]?.reasons.isEmpty == false)
    }
    for signal in ["windows.window.newTabButtonTapped", "windows.window.tabs.tab.closeButtonTapped"] {
      #expect(classes[signal]?.actionClass == .signal, "\(signal)")
    }
    let top = try #require(report.actionRows.first { !$0.isGroup })
    #expect(top.path == "windows.window.tabs.tab.hoverChanged")
    #expect(abs(report.shareOfLines(top.stats) - 5280.0 / 16578.0) < 1e-9)
  }

  /// Suggestions silence the noise and never the signal; each entry's pattern matches its
  /// own action path, as the app's filter repository will.
  @Test func suggestionsSilenceTheNoiseOnly() throws {
    let summary = try Self.summary(jobs: 1)
    let set = Suggester().suggest(summary)
    let silenced = Set(set.suggestions.filter { $0.actionClass == .noise }.map(\.path))
    // A page's load progress is a stream too: the fitted model silences it (issue 50).
    #expect(
      silenced == [
        "windows.window.tabs.tab.hoverChanged", "windows.window.tabs.tab.loadProgressChanged",
        "windows.window.mouseMoved", "timerTicked",
      ])
    let signal = set.classified.filter { $0.actionClass == .signal }.map(\.path)
    #expect(!signal.isEmpty)
    for suggestion in set.suggestions where suggestion.actionClass == .noise {
      let pattern = try PatternMatcher(suggestion.regex)
      #expect(try pattern.matches(suggestion.path))
      for path in signal { #expect(try !pattern.matches(path), "\(suggestion.name) would silence \(path)") }
    }
  }

  /// A filter repository is an `ActionSilencer`: what it silences is not suggested again.
  @Test func whatARepositorySilencesIsNotSuggestedAgain() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString).filters")
    defer { try? FileManager.default.removeItem(at: file) }
    try "hover = ^windows\\.window\\.tabs\\.tab\\.hoverChanged(\\.|$)\n".write(
      to: file, atomically: true, encoding: .utf8)
    let repository = try FilterRepository.load(path: file.path)
    let set = Suggester(silencer: repository).suggest(try Self.summary(jobs: 1))
    #expect(!set.suggestions.map(\.path).contains("windows.window.tabs.tab.hoverChanged"))
    #expect(set.suggestions.map(\.path).contains("windows.window.mouseMoved"))
  }
}
