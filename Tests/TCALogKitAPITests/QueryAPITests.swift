import Foundation
import TCALogKit
import Testing

struct QueryAPITests {
  /// A `RecordQuery` selects records as `tcalog filter` does: by action path pattern,
  /// state path pattern and no-op condition.
  @Test func aQuerySelectsByActionAndStatePath() throws {
    let expected = try Sample.expected("browser-session.log")
    let actionPattern = try PatternMatcher("TAB", options: [.caseInsensitive])
    let query = RecordQuery(actions: [actionPattern], change: .changed)
    var selected: [Int] = []
    var sink = EachRecord { record in if query.selects(record) { selected.append(record.index) } }
    try RecordStream(inputs: [Sample.path("browser-session.log")]).run(into: &sink)
    let wanted = expected.enumerated().filter { _, json in
      let path = (json["action"] as? [String: Any])?["path"] as? String ?? ""
      let changed = (json["state"] as? [String: Any])?["changed"] as? Bool ?? false
      return path.lowercased().contains("tab") && changed
    }.map(\.offset)
    #expect(!wanted.isEmpty)
    #expect(selected == wanted)
    #expect(query.matchErrors.isEmpty)
  }

  /// Patterns are PCRE2: an invalid one is a `PatternError` that says where.
  @Test func patternsArePCRE2AndErrorsSayWhere() throws {
    let matcher = try PatternMatcher(#"^windows\.(?:tab|window)\b"#)
    #expect(try matcher.matches("windows.tab.hoverChanged"))
    #expect(try !matcher.matches("app.windows.tab"))
    let literal = try PatternMatcher("a.b", options: [.fixedString])
    #expect(try literal.matches("xa.by") && !(try literal.matches("axb")))
    #expect(throws: PatternError.self) { try PatternMatcher("(unclosed") }
    do {
      _ = try PatternMatcher("ab(c")
    } catch {
      #expect(error.pattern == "ab(c")
      #expect(error.offset == 4)
      #expect(!error.message.isEmpty)
    }
  }

  /// A match in a `String` is a range of that string's indices, after non-ASCII text too,
  /// for a pattern and for a fixed string alike.
  @Test func aMatchIsARangeOfTheStringsIndices() throws {
    let text = "état.caféSelected(id: 7)"
    let matcher = try PatternMatcher(#"caf.\w+"#)
    let range = try #require(try matcher.firstMatch(in: text))
    #expect(text[range] == "caféSelected")
    let literal = try PatternMatcher("(id", options: [.fixedString])
    #expect(try literal.firstMatch(in: text).map { String(text[$0]) } == "(id")
    #expect(try literal.firstMatch(in: "état") == nil)
  }

  /// A filter repository read from a file says which entry silences an action path, and
  /// a keep line wins.
  @Test func aFilterRepositoryGivesVerdicts() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString).filters")
    defer { try? FileManager.default.removeItem(at: file) }
    try """
    # silenced by the team
    hover = ^windows\\.window\\.tabs\\.tab\\.hoverChanged(\\.|$)
    timers = \\.tick$
    keep importantTick = ^clock\\.tick$
    """.write(to: file, atomically: true, encoding: .utf8)
    let repository = try FilterRepository.load(path: file.path)
    #expect(repository.entries.map(\.name) == ["hover", "timers", "importantTick"])
    #expect(repository.entries.map(\.kind) == [.silence, .silence, .keep])
    let hover = repository.entries[0]
    let timers = repository.entries[1]
    let important = repository.entries[2]
    #expect(try repository.verdict(forActionPath: "windows.window.tabs.tab.hoverChanged") == .silenced(by: hover))
    #expect(try repository.verdict(forActionPath: "player.tick") == .silenced(by: timers))
    #expect(try repository.verdict(forActionPath: "player.playTapped") == .untouched)
    #expect(try repository.verdict(forActionPath: "clock.tick") == .kept(by: important, over: timers))
    #expect(throws: FilterRepositoryError.self) { try FilterRepository.load(path: "/nonexistent.filters") }
  }
}
