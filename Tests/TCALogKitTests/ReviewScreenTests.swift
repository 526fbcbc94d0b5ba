import Foundation
import Testing

@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogReport
@testable import TCALogSuggest

/// What `suggest --review` shows of one entry, at the widths a terminal has.
@Suite struct ReviewScreenTests {
  static let sample = Repository.root.appendingPathComponent("Samples/browser-session.log").path

  /// The flagship's suggestions and candidates, with the samples collected on the read
  /// that counts them.
  static func reviewed() throws -> (SuggestionSet, [Suggestion], [[ReviewSample]]) {
    var sinks = SinkPair(ReportAggregator(collectsShapes: true), ReviewSampleCollector())
    _ = try RecordStream(inputs: [sample]).run(into: &sinks)
    let set = Suggester(options: SuggestOptions()).suggest(sinks.first.summary())
    let entries = set.suggestions + set.candidates
    return (set, entries, sinks.second.samples(for: entries))
  }

  /// A real entry of the flagship, for tests that set its pattern path.
  static var template: Suggestion? {
    try? reviewed().1.first { $0.keyPath == nil }
  }

  @Test func everyLineFitsTheTerminal() throws {
    let (set, entries, samples) = try Self.reviewed()
    try #require(entries.count >= 3 && set.candidates.count >= 1)
    for width in [60, 80, 200] {
      let screen = ReviewScreen(width: width)
      for (i, entry) in entries.enumerated() {
        let text = screen.render(entry, samples: samples[i], index: i, total: entries.count, set: set)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for line in lines { #expect(line.unicodeScalars.count <= width, "\(width): \(line)") }
        #expect(lines.first?.hasPrefix("── \(i + 1) of \(entries.count) · ") == true)
        #expect(lines.contains { $0.hasPrefix("  share    ") && $0.contains("records") })
        #expect(lines.contains { $0.hasPrefix("  why      ") })
        #expect(lines.contains { $0.hasPrefix("  samples  ") })
        // The line the file gets, whole: on one line, or the name and then the pattern.
        let entryLines = lines.drop { !$0.hasPrefix("  entry    ") }.prefix { !$0.hasPrefix("  samples") }
        let joined = entryLines.map { String($0.dropFirst(11)) }.joined()
        let name = entry.name.replacingOccurrences(of: "`", with: "")
        #expect(joined == "\(name) = \(entry.regex)" || joined == "\(name)= \(entry.regex)", "\(width): \(joined)")
      }
      for line in screen.intro(noise: 3, ambiguous: 3, file: ".tcalog-filters").split(separator: "\n") {
        #expect(line.unicodeScalars.count <= width)
      }
      // Prompt and answer fit 60 columns.
      #expect((screen.prompt + "silenced").unicodeScalars.count <= 60)
    }
  }

  /// Samples differ where records of one path differ, and a narrow line keeps the
  /// innermost case and its payload.
  @Test func samplesShowWhatDiffers() throws {
    let (_, entries, samples) = try Self.reviewed()
    let i = try #require(entries.firstIndex { $0.patternPath == "windows.window.tabs.tab.loadProgressChanged" })
    try #require(samples[i].count == 3)
    #expect(Set(samples[i].map(\.distinctPart)).count == 3)
    let first = samples[i][0]
    #expect(first.action.hasPrefix(".windows(.window(windowID: WindowID(rawValue: \""))
    #expect(first.action.hasSuffix(".loadProgressChanged(0.5)))))"))
    #expect(first.changes == [.init(path: "windows[*].tabs[*].loadingProgress", old: "0.0", new: "0.5")])
    #expect(ReviewScreen.fitAction(first, 49) == ".windows(.window(wi….loadProgressChanged(0.5)))))")
    #expect(ReviewScreen.fitAction(first, 20) == "….loadProgressChang…")
    #expect(ReviewScreen.fitChange(first.changes[0], 60) == "→ windows[*].tabs[*].loadingProgress: 0.0 → 0.5")
    #expect(ReviewScreen.fitChange(first.changes[0], 40) == "→ windows[*].tabs[*].loadingProgress = …")
  }

  @Test func actionsOnOneLineWithoutCaseTypes() {
    let text =
      "AppAction.windows(\n  WindowsAction.window(\n    windowID: WindowID(\n      rawValue: \"A.b\"\n    ),\n    action: WindowAction.mouseMoved(\n      CGPoint(\n        x: 72.2,\n        y: 851.9\n      )\n    )\n  )\n)"
    let line = ReviewSample.oneLine(text)
    #expect(
      line
        == "AppAction.windows(WindowsAction.window(windowID: WindowID(rawValue: \"A.b\"), action: WindowAction.mouseMoved(CGPoint(x: 72.2, y: 851.9))))"
    )
    #expect(
      ReviewSample.withoutCaseTypes(line)
        == ".windows(.window(windowID: WindowID(rawValue: \"A.b\"), action: .mouseMoved(CGPoint(x: 72.2, y: 851.9))))")
    #expect(
      ReviewSample.withoutCaseTypes("BrowserFeature.Action.tabStrip(.close(\"Say \\\"Hi.there\\\"\"))")
        == ".tabStrip(.close(\"Say \\\"Hi.there\\\"\"))")
    #expect(ReviewSample.withoutCaseTypes("Feature.Action.Child") == "Feature.Action.Child")
  }
}

/// The review's sampler finds the entry of an action path by its prefixes (issue 54, row
/// 20): the same entry as trying every entry in order, in work that grows with the paths,
/// not with paths × entries (6,000 candidates took 7 s before the first screen).
struct CoveringEntriesTests {
  /// The intro groups its counts as every other figure: "6,000 entries (4,500 noise,
  /// 1,500 ambiguous)", not "6,000 … 4500".
  @Test func theIntroGroupsItsCounts() {
    let intro = ReviewScreen(width: 200).intro(noise: 4_500, ambiguous: 1_500, file: "f")
    #expect(intro.hasPrefix("Review of 6,000 entries (4,500 noise, 1,500 ambiguous) for f"), "\(intro)")
  }

  /// The screens group theirs too: "── 1,000 of 6,000 · noise" under "6,000 entries".
  @Test func theScreensGroupTheirCounts() throws {
    let (set, entries, samples) = try ReviewScreenTests.reviewed()
    let text = ReviewScreen(width: 80).render(entries[0], samples: samples[0], index: 999, total: 6_000, set: set)
    #expect(text.hasPrefix("── 1,000 of 6,000 · "), "\(text)")
  }

  /// What `Suggestion.covers` and `firstIndex` gave.
  static func naive(_ patternPaths: [String?], _ path: String) -> Int? {
    patternPaths.firstIndex { $0.map { path == $0 || path.hasPrefix($0 + ".") } ?? false }
  }

  @Test func theFirstCoveringEntryAsInOrder() {
    let patternPaths: [String?] = [
      "windows.window.tab", nil, "windows", "windows.window.tab", "timerTicked", "", "windows.window.tabs.x", "a.b.c",
      "a",
    ]
    let covering = CoveringEntries(patternPaths)
    let paths = [
      "windows.window.tab", "windows.window.tab.scrolled", "windows.window.tabs", "windows.window.tabs.x.y",
      "windows", "windowsX", "timerTicked", "timerTickedLate", "", ".odd", "a.b.c.d", "a.b", "b", "windows.window",
    ]
    for path in paths {
      #expect(covering.first(covering: path) == Self.naive(patternPaths, path), "\(path)")
    }
  }

  @Test func workGrowsWithThePathsNotWithPathsTimesEntries() {
    func seconds(_ n: Int) -> Double {
      let patternPaths: [String?] = (0..<n).map { "feature\($0).panel" }
      let paths = (0..<n).map { "feature\(($0 * 7) % n).panel.row\($0).tap" }
      var best = Double.infinity
      for _ in 0..<3 {
        let start = threadCPUSeconds()
        let covering = CoveringEntries(patternPaths)
        var found = 0
        for path in paths where covering.first(covering: path) != nil { found += 1 }
        best = min(best, threadCPUSeconds() - start)
        #expect(found == n)
      }
      return best
    }
    var n = 500
    while seconds(n) < 0.02, n < 1 << 20 { n *= 2 }
    let small = seconds(n)
    let large = seconds(4 * n)
    #expect(large < 10 * small, "\(n) entries and paths \(small) s, \(4 * n): \(large) s")
  }
}
