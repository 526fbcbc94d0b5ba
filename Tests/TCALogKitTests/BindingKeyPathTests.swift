import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Bindings per key path (issue 41): records carry the key path, the classifier judges
/// each key path alone, `suggest` writes an entry for one, `filter` selects one.
@Suite struct BindingKeyPathTests {
  static func spelled(_ text: String) -> String? {
    Array(text.utf8).withUnsafeBufferPointer { ActionEntity.bindingKeyPath(in: $0) }.map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  @Test func keyPathsAreSpelledWithoutTheirRootType() {
    #expect(Self.spelled("AppFeature.Action.mixer(.binding(.set(\\MixerFeature.State.$volume, 0.5)))") == "\\.$volume")
    #expect(Self.spelled("AppAction.settings(.binding(.set(\\State.$isDarkMode, true)))") == "\\.$isDarkMode")
    #expect(Self.spelled("AppAction.form(.binding(.set(\\.name, \"Ana\")))") == "\\.name")
    #expect(Self.spelled("AppAction.form(.binding(\n  .set(\n    \\State.$title,\n    \"P\"\n  )\n))") == "\\.$title")
    // A backslash inside a string (an escape) is no key path; no backslash, none.
    #expect(Self.spelled("AppAction.search(.queryChanged(\"a\\nb\"))") == nil)
    #expect(Self.spelled("AppAction.refreshTapped") == nil)
    #expect(RecordQuery.spelledKeyPath("\\MixerFeature.State.$volume") == "\\.$volume")
    #expect(RecordQuery.spelledKeyPath("$volume") == "\\.$volume")
    #expect(RecordQuery.spelledKeyPath("\\.$volume") == "\\.$volume")
  }

  /// Issue 54, row 15: a backslash after `(` or a blank was a key path wherever it was: a
  /// regular expression or an escape in a string gave `\.d`, `\.u` to actions that are no
  /// binding. Only `.set(`'s first argument inside `binding(`, outside strings, is one.
  @Test func keyPathsAreReadOnlyInsideBindingSetOutsideStrings() {
    #expect(Self.spelled(#"App.Action.search(.queryChanged("(\d+)"))"#) == nil)
    #expect(Self.spelled(#"App.Action.setTitle(" \u{1b}")"#) == nil)
    #expect(Self.spelled(#"App.Action.log("binding(.set(\S.$x, 1))")"#) == nil)
    #expect(Self.spelled(##"App.Action.log(#"binding(.set(\S.$x, "1"))"#)"##) == nil)
    #expect(Self.spelled(#"App.Action.move(\S.x)"#) == nil)
    #expect(Self.spelled(#"App.Action.form(.binding(.set(\S.$x, "(\d+)")))"#) == "\\.$x")
    #expect(Self.spelled(#"App.Action.form(.binding( .set( \S.$x, 1)))"#) == "\\.$x")
    #expect(
      Self.spelled(
        #"AppAction.settings(SettingsAction.binding(BindingAction<SettingsState>.set(\SettingsState.$dark, true)))"#)
        == "\\.$dark")
  }

  /// Issue 54, row 16: a key path was cut at its first subscript (`\.items`); it is read
  /// whole, subscripts and optional chaining with it.
  @Test func keyPathsAreReadWhole() {
    #expect(Self.spelled(#"App.Action.list(.binding(.set(\S.items[0].$x, 1)))"#) == #"\.items[0].$x"#)
    #expect(Self.spelled(#"App.Action.list(.binding(.set(\S.rows[id: "a.b"].$x, 1)))"#) == #"\.rows[id: "a.b"].$x"#)
    #expect(Self.spelled(#"App.Action.list(.binding(.set(\S.child?.$name, "a")))"#) == #"\.child?.$name"#)
    #expect(RecordQuery.spelledKeyPath(#"\S.items[0].$x"#) == #"\.items[0].$x"#)
  }

  /// The entity of an action's text, as the scanner reads it.
  static func entity(_ text: String) -> String? {
    Array(text.utf8).withUnsafeBufferPointer { t in
      ActionEntity.range(in: t).map { String(decoding: UnsafeBufferPointer(rebasing: t[$0]), as: UTF8.self) }
    }
  }

  /// Issue 54, row 16: Custom Dump writes a string holding `"` as a raw string (`#"a"b"#`);
  /// its inner `"` ended the string, and the rest of the action spilled into the entity.
  @Test func rawStringEntitiesAreReadWhole() {
    #expect(Self.entity(##"App.Action.element(id: #"a"b"#, action: .tap)"##) == ##"#"a"b"#"##)
    #expect(Self.entity(###"App.Action.element(id: ##"a"#b"##, action: .tap)"###) == ###"##"a"#b"##"###)
    #expect(Self.entity(#"App.Action.element(id: "a\"b", action: .tap)"#) == #""a\"b""#)
  }

  /// Issue 50 (author-aa's tickets): a navigation stack's element id names the screen, so
  /// an `id:` inside the action it carries is the entity; alone, the stack id stays one.
  @Test func stackElementIDsGiveWayToTheIDInside() {
    #expect(Self.entity(#"App.Action.path(.element(id: #0, action: .seatMap(.seatSold(id: "E-12"))))"#) == #""E-12""#)
    #expect(Self.entity("App.Action.path(.element(id: #3, action: .detail(.saveTapped)))") == "#3")
    #expect(Self.entity("App.Action.path(.element(id: #1, action: .list(.element(id: 7, action: .tap))))") == "7")
    #expect(Self.entity("App.Action.rows(.element(id: 5, action: .cells(.element(id: 7, action: .tap))))") == "5")
  }

  /// The report keeps such actions whole: no key-path rows for a search.
  @Test func actionsWithBackslashesInStringsHaveNoKeyPathRows() throws {
    let log = String(repeating: #"received action: App.Action.search(.queryChanged("(\d+)"))"# + "\n", count: 3)
    let summary = try Self.summary(log)
    let search = try #require(summary.actions.first { $0.path == "search.queryChanged" })
    #expect(search.keyPaths.isEmpty)
  }

  /// A mixer without times: a slider's binding streams in runs of 40 (a drag), a toggle's
  /// and a stepper's come alone, with taps between them.
  static func mixerLog(seed: UInt64 = 5) -> String {
    var random = SeededRandom(seed: seed)
    var out = ""
    func record(_ action: String, _ property: String, _ value: String) {
      out +=
        "received action:\n  AppFeature.Action.\(action)\n  AppFeature.State(\n-   \(property): 0\n+   \(property): \(value)\n  )\n\n"
    }
    for gesture in 0..<30 {
      for k in 0..<40 {
        let v = String(format: "%.3f", random.next(in: 0...1))
        record("mixer(.binding(.set(\\MixerFeature.State.$volume, \(v))))", "volume", "\(v) \(k)")
      }
      record("transport(.playTapped)", "isPlaying", "\(gesture % 2 == 0)")
      if gesture % 2 == 0 {
        record("mixer(.binding(.set(\\MixerFeature.State.$isMuted, true)))", "isMuted", "\(gesture)")
      }
      record("transport(.stopTapped)", "isPlaying", "false")
      if gesture % 3 == 0 { record("mixer(.binding(.set(\\MixerFeature.State.$tempo, 120)))", "tempo", "\(gesture)") }
      record("exportTapped", "isExporting", "\(gesture)")
    }
    return out
  }

  static func summary(_ text: String) throws -> ReportSummary {
    var aggregator = ReportAggregator(collectsShapes: true)
    let (records, statistics, _) = try parse(text)
    for r in records { aggregator.add(r.content) }
    aggregator.statistics = statistics
    return aggregator.summary()
  }

  @Test func eachKeyPathIsJudgedAlone() throws {
    let summary = try Self.summary(Self.mixerLog())
    let binding = try #require(summary.actions.first { $0.path == "mixer.binding.set" })
    #expect(binding.keyPaths.map(\.keyPath) == ["\\.$isMuted", "\\.$tempo", "\\.$volume"])
    #expect(binding.keyPaths.map(\.stats.count) == [15, 10, 1200])
    let classified = ActionClassifier().classify(summary)
    let c = try #require(classified.first { $0.path == "mixer.binding.set" })
    #expect(c.actionClass == .ambiguous)
    #expect(
      c.keyPaths.map(\.actionClass) == [.signal, .signal, .noise], "\(c.keyPaths.map { ($0.score, $0.reasons) })")
  }

  @Test func suggestSilencesTheSliderAndNeverTheToggle() throws {
    let set = Suggester().suggest(try Self.summary(Self.mixerLog()))
    let slider = try #require(set.suggestions.first { $0.keyPath == "\\.$volume" })
    #expect(slider.closurePattern == ".mixer(.binding(\\.$volume))")
    #expect(slider.name == "mixerBindingVolume")
    #expect(slider.stats.count == 1200)
    #expect(!set.suggestions.contains { $0.keyPath == "\\.$isMuted" || $0.keyPath == "\\.$tempo" })
    // No entry covers the binding as a whole: the toggle stays.
    #expect(!set.silences(root: "AppFeature.Action", path: "mixer.binding.set"))
    #expect(!set.candidates.contains { $0.keyPath == nil && $0.patternPath == "mixer.binding" })
  }

  @Test func aQuerySelectsOneKeyPath() throws {
    let records = try parse(Self.mixerLog()).records
    let query = RecordQuery(keyPaths: ["\\MixerFeature.State.$isMuted"])
    #expect(query.needs.contains(.entity))
    #expect(records.filter { query.selects($0) }.count == 15)
    #expect(records.filter { $0.bindingKeyPath == "\\.$volume" }.count == 1200)
  }
}
