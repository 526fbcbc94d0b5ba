import CustomDump
import Foundation
import TCALogFilter
import TCALogKit
import TCALogTestSupport
import Testing

/// The repository read at run time (NSRegularExpression over `ActionPath.of`) silences
/// exactly what tcalog's repository (PCRE2 over the printed action's path, the matchers of
/// `filter --exclude-filters`) silences, record by record.
@Suite struct FilterFileTests {
  static let repositoryText = """
    \u{FEFF}# noise, in the subset both engines read alike (a byte order mark first, as
    # Windows editors write it, and comments after patterns: both sides drop them)
    hover = ^windows\\.window\\.hover(\\.|$)   # the window chrome
    mouse = (^|\\.)mouseMoved$
    tick = ^(timerTicked|sidebarSync\\.tick)$ # every second
    anyCase = (?i)^SETTINGS\\.dark
    digitsOrClass = ^todo\\.[a-t]+[A-Z]\\w*$
    lookahead = ^response\\.(?=fail)
    possessive = ^maybe\\.t[a-z]++$
    posix = ^labeled\\.[[:alpha:]]{7}$
    quoted = \\Qbinding.set\\E
      crlf = ^pair$\r
    """

  @Test func silencesWhatTcalogSilences() throws {
    var random = SeededRandom(seed: 1045)
    let drawn = (0..<1200).map { _ in RandomActions.action(&random).0 }
    var log = ""
    for action in drawn {
      var text = "received action:\n"
      customDump(action, to: &text, indent: 2)
      log += text + "\n  (No state changes)\n\n"
    }
    let records = try readRecords(log)
    try #require(records.count == drawn.count)
    let tcalog = try FilterRepository(parsing: Self.repositoryText, file: "filters")
    #expect(tcalog.appSideIssues.isEmpty)
    let app = try FilterFile(parsing: Self.repositoryText, file: "filters")
    #expect(app.entries.map(\.name) == tcalog.entries.map(\.name))
    let silence = ActionFilter<AppAction>.matching(app)
    var silenced = 0
    for (action, record) in zip(drawn, records) {
      let byTcalog = try tcalog.firstEntry(matching: record.actionPath)?.name
      #expect(app.firstEntry(matchingActionPath: ActionPath.of(action))?.name == byTcalog, "\(record.actionPath)")
      #expect(silence(action) == (byTcalog != nil))
      if byTcalog != nil { silenced += 1 }
    }
    // Both ways happen, and every entry silences something.
    #expect(silenced > 100 && silenced < drawn.count - 100)
    for entry in tcalog.entries {
      #expect(
        try records.contains { try tcalog.firstEntry(matching: $0.actionPath)?.name == entry.name }, "\(entry.name)")
    }
    let onlyTick = ActionFilter<AppAction>.matching(app, entries: ["tick"])
    #expect(onlyTick(.timerTicked) && !onlyTick(.windows(.window(windowID: 1, action: .hover(.entered)))))
    #expect(!ActionFilter<AppAction>.matching(nil)(.timerTicked))
  }

  @Test func badLinesAreReportedLikeTcalogDoes() {
    let text = "ok = ^a$\nbad line\n1x = b\nok = c\nempty =\nbroken = (?P<n>a)\n"
    #expect(throws: FilterFile.Error.self) { try FilterFile(parsing: text, file: "f") }
    do {
      _ = try FilterFile(parsing: text, file: "f")
    } catch {
      #expect(error.issues.map(\.line) == [2, 3, 4, 5, 6])
      #expect(error.issues[2].description == "f:4: duplicate name 'ok' (first defined on line 1)")
    }
    var reported: [String] = []
    #expect(FilterFile.load("/nonexistent/tcalog-filters", report: { reported.append($0) }) == nil)
    #expect(reported == ["/nonexistent/tcalog-filters: cannot read"])
  }

  /// tcalog warns on every pattern outside the subset, and only on those.
  @Test func tcalogFlagsPatternsOutsideTheAppSubset() throws {
    let outside = [
      "(*UTF)^a", "^a\\Kb", "(?|a|b)", "(a)(?1)", "(?R)", "(?&name)", "(?P<n>a)", "\\g{1}", "(?(1)a|b)",
      "(a)(?-1)", "[a&&b]", "[a--b]", "[[]a]", "(?Cx)",
    ]
    let inside = [
      "^a\\.b$", "[[:alpha:]]+", "a++", "(?>ab)", "(?<n>a)\\k<n>", "(?i)x", "\\Q(*UTF)\\E", "[]a]", "[^]a]",
      "a(?=b)", "(?<!a)b", "[a-z]-[0-9]", "\\[[a]", "(?:x)", "a{2,}+", "\\p{L}",
    ]
    for pattern in outside { #expect(FilterRepository.appSideIssue(pattern) != nil, "\(pattern)") }
    for pattern in inside { #expect(FilterRepository.appSideIssue(pattern) == nil, "\(pattern)") }
    // Inside: NSRegularExpression reads them.
    for pattern in inside { #expect(throws: Never.self) { try NSRegularExpression(pattern: pattern) } }
    let repository = try FilterRepository(parsing: "a = ^x$\nb = ^a\\Kb\n", file: "r")
    #expect(
      repository.appSideIssues.map(\.description) == [
        "r:2: 'b' uses \\K (PCRE2's match-start reset): TCALogFilter (NSRegularExpression) in the app will not read it alike"
      ])
  }
}

extension FilterFileTests {
  /// The repository of `silencesWhatTcalogSilences` with keep lines: broad entries, narrower
  /// keep lines inside them, and a keep line over no entry.
  static let repositoryWithKeepLines =
    repositoryText + """

      windowsAll = ^windows\\.
      keep windowTabs = ^windows\\.window\\.tab\\.
      keep  hoverEntered = hover\\.entered$
      todoAll = ^todo\\.
      keep\ttodoToggled = (?i)^TODO\\.toggled$
      keep searchSubmitted = ^search\\.submitted$
      """

  /// A blank is Unicode's for both readers alike (a tab or any space separator: Option-Space
  /// types U+00A0 on a Mac): around names and patterns, after `keep`, before a comment.
  @Test func bothReadersTakeEveryBlankAsABlank() throws {
    let text = "keep\u{A0}hoverKept = ^hover$\u{A0}# kept\n\u{3000}tick = ^tick$\u{2009}\n"
    let tcalog = try FilterRepository(parsing: text, file: "filters")
    let app = try FilterFile(parsing: text, file: "filters")
    let expected = ["keep hoverKept = ^hover$", "tick = ^tick$"]
    #expect(tcalog.entries.map { ($0.kind == .keep ? "keep " : "") + "\($0.name) = \($0.pattern)" } == expected)
    #expect(app.entries.map { ($0.kind == .keep ? "keep " : "") + "\($0.name) = \($0.pattern)" } == expected)
  }

  /// With keep lines, the app's repository silences exactly the records that `tcalog
  /// filter --exclude-filters` drops: the query built as that command builds it, run on
  /// the records tcalog reads from the printed actions.
  @Test func keepLinesSilenceWhatTcalogFilterSilences() throws {
    var random = SeededRandom(seed: 4145)
    let drawn = (0..<1500).map { _ in RandomActions.action(&random).0 }
    var log = ""
    for action in drawn {
      var text = "received action:\n"
      customDump(action, to: &text, indent: 2)
      log += text + "\n  (No state changes)\n\n"
    }
    let tcalog = try FilterRepository(parsing: Self.repositoryWithKeepLines, file: "filters")
    #expect(tcalog.appSideIssues.isEmpty)
    let query = RecordQuery(silences: tcalog.silencingMatchers, keeps: tcalog.keepingMatchers)
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcalog-keep-\(getpid())-\(UUID().uuidString).log").path
    try Data(log.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var dropped: [Bool] = []
    var paths: [String] = []
    var sink = EachRecord { record in
      dropped.append(!query.selects(record))
      paths.append(record.actionPath)
    }
    _ = try RecordStream(inputs: [path]).run(into: &sink)
    try #require(dropped.count == drawn.count)

    let app = try FilterFile(parsing: Self.repositoryWithKeepLines, file: "filters")
    #expect(app.entries.map(\.name) == tcalog.entries.map(\.name))
    #expect(app.entries.map { $0.kind == .keep } == tcalog.entries.map { $0.kind == .keep })
    let silence = ActionFilter<AppAction>.matching(app)
    var kept = 0
    for (i, action) in drawn.enumerated() {
      let appPath = ActionPath.of(action)
      #expect(silence(action) == dropped[i], "\(paths[i])")
      #expect(app.matches(actionPath: appPath) == dropped[i], "\(paths[i])")
      #expect(
        app.silencingEntry(forActionPath: appPath)?.name == tcalog.silencingEntry(forActionPath: paths[i]),
        "\(paths[i])")
      if app.firstEntry(matchingActionPath: appPath, kind: .silence) != nil && !dropped[i] { kept += 1 }
    }
    // Keep lines overrule entries for many records, and both ways happen.
    #expect(kept > 50)
    #expect(dropped.filter { $0 }.count > 200 && dropped.filter { !$0 }.count > 200)
    // Every keep line keeps something an entry would silence, but `searchSubmitted`, which
    // no entry matches.
    for entry in tcalog.entries where entry.kind == .keep && entry.name != "searchSubmitted" {
      #expect(
        try paths.contains {
          try tcalog.verdict(forActionPath: $0)
            == .kept(by: entry, over: tcalog.firstEntry(matching: $0, kind: .silence))
            && tcalog.firstEntry(matching: $0, kind: .silence) != nil
        },
        "\(entry.name)")
    }
    // Only the named entries, and the keep lines still hold.
    let onlyWindows = ActionFilter<AppAction>.matching(app, entries: ["windowsAll"])
    #expect(onlyWindows(.windows(.window(windowID: 1, action: .mouseMoved(x: 1, y: 2)))))
    #expect(!onlyWindows(.windows(.window(windowID: 1, action: .tab(.selected(id: 2))))))
    #expect(!onlyWindows(.timerTicked))
    // Keep lines alone silence nothing.
    let keepOnly = try FilterFile(parsing: "keep a = ^timerTicked$\n")
    #expect(!keepOnly.silencesAnything && !ActionFilter<AppAction>.matching(keepOnly)(.timerTicked))
  }
}
