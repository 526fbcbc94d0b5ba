import Foundation
import TCALogCommands
import TCALogKit
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `tcalog view` on a real terminal: tmux runs the built binary in panes of 60, 80 and 200
/// columns, the test presses keys and reads the pane with its colours (`capture-pane -e`),
/// waiting on what the pane shows, never on time.
@Suite(.enabled(if: TmuxSession.tmux != nil, "tmux is absent: view needs a terminal (.ci/run installs it)"))
struct ViewCLITests {
  static let sample = "Samples/browser-session.log"

  /// The visible pane, with its SGR sequences.
  static func capture(_ session: TmuxSession) -> String {
    session.tmux(["capture-pane", "-p", "-e"], output: true)
  }

  /// Waits until the pane (without colours) satisfies `condition`; the pane with colours.
  @discardableResult
  static func waitForPane(_ session: TmuxSession, _ what: String, _ condition: (String) -> Bool) throws -> String {
    var last = ""
    let seen = waitUntil(timeout: 300, interval: 0.05) {
      last = capture(session)
      return condition(ANSI.withoutColor(last))
    }
    try #require(seen, "never shown: \(what)\n\(ANSI.withoutColor(last))")
    return last
  }

  /// What tmux says of the pane: alternate screen on, cursor shown.
  static func modes(_ session: TmuxSession) -> (alternate: Bool, cursor: Bool) {
    let text = session.tmux(["display-message", "-p", "#{alternate_on} #{cursor_flag}"], output: true)
    let words = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    return (words.first == "1", words.last == "1")
  }

  /// The pane's line in inverse video below the title: the selected record's header.
  /// tmux writes an attribute once and carries it over line ends: the inverse state is
  /// followed through the SGR sequences of the whole pane.
  static func selectedLine(_ pane: String) -> String? {
    var inverse = false
    for (n, line) in pane.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var shown = false
      var scalars = line.unicodeScalars[...]
      while let scalar = scalars.popFirst() {
        if scalar == "\u{1B}", scalars.first == "[" {
          scalars.removeFirst()
          var parameters = ""
          while let next = scalars.popFirst(), !("@"..."~").contains(next) { parameters.unicodeScalars.append(next) }
          for parameter in parameters.split(separator: ";", omittingEmptySubsequences: false) {
            if parameter == "0" || parameter.isEmpty || parameter == "27" { inverse = false }
            if parameter == "7" { inverse = true }
          }
        } else if inverse && scalar != " " {
          shown = true
        }
      }
      if n > 0 && shown { return ANSI.withoutColor(String(line)) }
    }
    return nil
  }

  /// At each width: the first screen (title, both panes from 80 columns, the actions pane
  /// folded at 60, `-`/`+` lines red and green), moving, silencing and un-silencing with
  /// the counts following, and `q` giving the terminal back.
  @Test(arguments: [60, 80, 200])
  func movesSilencesAndQuitsAtWidth(width: Int) throws {
    let session = try TmuxSession()
    defer { session.close() }
    session.start(["view", Self.sample], width: width, height: 30, environment: "NO_COLOR=")
    // The whole first frame: its last line, the keys, is drawn after the panes (on a loaded
    // machine tmux showed the title before the colored lines had come).
    let first = try Self.waitForPane(session, "the first screen") {
      $0.contains("900 of 900 records") && $0.contains("?: keys")
    }
    #expect(Self.modes(session) == (true, false))
    let plain = ANSI.withoutColor(first).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(plain.allSatisfy { $0.unicodeScalars.count <= width })
    #expect(plain.contains { $0.contains("│") } == (width >= 80))
    // tmux writes its own SGR sequences: red and green foregrounds before the marks.
    #expect(first.contains("[31m") && first.contains("[32m"))
    let selected = try #require(Self.selectedLine(first))
    #expect(selected.contains("windows.window.mouseMoved"))

    session.press("j")
    let moved = try Self.waitForPane(session, "the second record selected") { _ in
      Self.selectedLine(Self.capture(session)) != selected
    }
    #expect(Self.selectedLine(moved)?.contains("windows.window.mouseMoved") == true)

    // The actions pane (at 60 it takes the screen), the third row: hoverChanged.
    session.press("Tab")
    session.press("j")
    session.press("j")
    session.press("x")
    try Self.waitForPane(session, "hoverChanged silenced") { $0.contains("636 of 900 records") }
    if width < 80 {
      #expect(!ANSI.withoutColor(Self.capture(session)).contains("│"))
    }
    session.press("x")
    try Self.waitForPane(session, "hoverChanged shown again") { $0.contains("900 of 900 records") }
    session.press("q")
    #expect(try session.waitForExit() == 0)
    #expect(Self.modes(session) == (false, true))
    #expect(session.terminalIsSane())
  }

  /// `x` on a group and `K` on one of its actions, `w`: the repository's lines, read back
  /// by `filter --exclude-filters`, select exactly as many records as the viewer shows.
  @Test func writtenRepositorySelectsWhatTheViewerShowed() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let filters = session.folder.appendingPathComponent("view.filters").path
    session.start(["view", "--filters", filters, Self.sample], width: 120, environment: "NO_COLOR=")
    try Self.waitForPane(session, "the title") { $0.contains("900 of 900 records") }
    session.press("Tab")
    session.press("j")  // windows.window.tabs.tab.*
    session.press("x")
    let silenced = try Self.waitForPane(session, "the group silenced") { $0.contains("actions silenced") }
    let shownBefore = try #require(Self.shown(silenced))
    session.press("j")
    session.press("K")  // hoverChanged kept under the silenced group
    let kept = try Self.waitForPane(session, "hoverChanged kept") { Self.shown($0) ?? 0 > shownBefore }
    let shown = try #require(Self.shown(kept))
    session.press("w")
    try Self.waitForPane(session, "the repository written") { $0.contains("wrote 2 of 2 lines to \(filters)") }
    session.press("q")
    #expect(try session.waitForExit() == 0)
    let written = try String(contentsOfFile: filters, encoding: .utf8)
    #expect(written.contains("windowsWindowTabsTabAll = ^windows\\.window\\.tabs\\.tab(\\.|$)\n"))
    #expect(written.contains("keep windowsWindowTabsTabHoverChanged = "))
    let count = runInProcessText(["filter", "--exclude-filters", filters, "-c", Self.sample])
    #expect(count.stdout == "\(shown)\n")
  }

  /// The records shown, from the title.
  static func shown(_ pane: String) -> Int? {
    let plain = ANSI.withoutColor(pane)
    guard let of = plain.range(of: " of 900 records") else { return nil }
    let digits = plain[..<of.lowerBound].reversed().prefix { $0.isNumber }
    return Int(String(digits.reversed()))
  }

  /// `/` with a PCRE2 pattern selects the first matching record, `n` the next.
  @Test func searchSelectsMatchingRecords() throws {
    let session = try TmuxSession()
    defer { session.close() }
    session.start(["view", Self.sample], width: 100, environment: "NO_COLOR=")
    try Self.waitForPane(session, "the title") { $0.contains("900 of 900 records") }
    for key in ["/", "s", "y", "n", "c", "\\", ".", "f", "i", "n", "i", "s", "h", "e", "d", "Enter"] {
      session.press(key)
    }
    let found = try Self.waitForPane(session, "sync.finished selected") { _ in
      Self.selectedLine(Self.capture(session))?.contains("sync.finished") == true
    }
    #expect(ANSI.withoutColor(found).contains("/sync\\.finished"))
    let firstHit = Self.selectedLine(found)
    session.press("n")
    try Self.waitForPane(session, "the next sync.finished") { _ in
      let line = Self.selectedLine(Self.capture(session))
      return line != firstHit && line?.contains("sync.finished") == true
    }
    session.press("C-c")
    #expect(try session.waitForExit() == 130)
    #expect(Self.modes(session) == (false, true))
    #expect(session.terminalIsSane())
  }

  /// Right on a binding's row shows its key paths; `x` on one hides its records alone,
  /// the title's count following.
  @Test func aKeyPathIsSilencedAlone() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let log = session.folder.appendingPathComponent("player.log")
    try ViewModelTests.playerLog().write(to: log, atomically: true, encoding: .utf8)
    var outcome = CommandOutcome()
    let model = try ViewRequest.model(
      files: [log.path], filters: nil, width: 100, height: 30, color: false, outcome: &outcome)
    let row = try #require(model.rows.firstIndex { !$0.keyPaths.isEmpty })
    let volume = try #require(model.rows[row].keyPaths.firstIndex { $0.keyPath == "\\.$volume" })
    session.start(["view", log.path], width: 100, height: 30, environment: "NO_COLOR=")
    try Self.waitForPane(session, "the title") { $0.contains("90 of 90 records") }
    session.press("Tab")
    for _ in 0..<row { session.press("Down") }
    session.press("Right")
    try Self.waitForPane(session, "the key paths") { $0.contains("\\.$volume") && $0.contains("\\.$isMuted") }
    for _ in 0...volume { session.press("Down") }
    session.press("x")
    let pane = try Self.waitForPane(session, "the key path silenced") { $0.contains("18 of 90 records") }
    #expect(ANSI.withoutColor(pane).split(separator: "\n").contains { $0.hasPrefix("x ") && $0.contains("\\.$volume") })
    session.press("q")
    #expect(try session.waitForExit() == 0)
    #expect(session.terminalIsSane())
  }

  /// `f` follows the file: records appended after the start join the panes and counts.
  @Test func followShowsAppendedRecords() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let log = session.folder.appendingPathComponent("growing.log")
    let sample = try String(contentsOfFile: Self.sample, encoding: .utf8)
    let records = sample.components(separatedBy: "\n\n")
    try (records.prefix(10).joined(separator: "\n\n") + "\n\n").write(to: log, atomically: true, encoding: .utf8)
    session.start(["view", log.path], width: 100, environment: "NO_COLOR=")
    let first = try Self.waitForPane(session, "the title") { $0.contains(" of ") && $0.contains(" records") }
    let before = Self.count(first)
    session.press("f")
    try Self.waitForPane(session, "following") { $0.contains("following") }
    let handle = try FileHandle(forWritingTo: log)
    handle.seekToEndOfFile()
    handle.write(Data((records[10..<20].joined(separator: "\n\n") + "\n\n").utf8))
    try handle.close()
    try Self.waitForPane(session, "the appended records") { Self.count($0) > before }
    session.press("q")
    #expect(try session.waitForExit() == 0)
  }

  /// `N of M records` of the title: M.
  static func count(_ pane: String) -> Int {
    let plain = ANSI.withoutColor(pane)
    guard let records = plain.range(of: " records") else { return 0 }
    let digits = plain[..<records.lowerBound].reversed().prefix { $0.isNumber }
    return Int(String(digits.reversed())) ?? 0
  }

  /// SIGTERM and SIGHUP end the viewer with the shell's status for them, the terminal
  /// given back (raw mode off, alternate screen left, cursor shown).
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc to find tcalog's process"),
    arguments: [SIGTERM, SIGHUP])
  func signalsGiveTheTerminalBack(signal: Int32) throws {
    let session = try TmuxSession()
    defer { session.close() }
    session.start(["view", Self.sample], width: 80, environment: "NO_COLOR=")
    try Self.waitForPane(session, "the title") { $0.contains("900 of 900 records") }
    let shell = try #require(
      Int32(
        session.tmux(["display-message", "-p", "#{pane_pid}"], output: true).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    let tcalog = try #require(TmuxSession.children(of: shell).first)
    #expect(kill(tcalog, signal) == 0)
    #expect(try session.waitForExit() == 128 + signal)
    #expect(Self.modes(session) == (false, true))
    #expect(session.terminalIsSane())
  }

  /// A closed terminal (the pane killed): the viewer ends instead of spinning on a dead
  /// descriptor.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc to find tcalog's process"))
  func aClosedTerminalEndsTheViewer() throws {
    let session = try TmuxSession()
    defer { session.close() }
    session.start(["view", Self.sample], width: 80, environment: "NO_COLOR=")
    try Self.waitForPane(session, "the title") { $0.contains("900 of 900 records") }
    let shell = try #require(
      Int32(
        session.tmux(["display-message", "-p", "#{pane_pid}"], output: true).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    let tcalog = try #require(TmuxSession.children(of: shell).first)
    session.tmux(["kill-server"])
    #expect(waitUntil(timeout: 300, interval: 0.05) { kill(tcalog, 0) != 0 && errno == ESRCH })
  }
}
