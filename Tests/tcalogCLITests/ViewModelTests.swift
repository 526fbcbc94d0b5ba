import Foundation
import TCALogCommands
import TCALogKit
import Testing

/// `tcalog view` without a terminal: the model built from a sample as the command builds
/// it, keys typed as values, the state and the frame read back.
@Suite struct ViewModelTests {
  static func model(_ sample: String = "Samples/browser-session.log", filters: String? = nil, width: Int = 100)
    throws -> ViewModel
  {
    var outcome = CommandOutcome()
    let model = try ViewRequest.model(
      files: [sample], filters: filters, width: width, height: 24, color: false, outcome: &outcome)
    #expect(outcome.status == 0)
    return model
  }

  static func type(_ keys: [ViewKey], into model: inout ViewModel) -> [ViewEffect] {
    keys.map { model.handle($0) }
  }

  static func type(_ text: String, into model: inout ViewModel) {
    for character in text { _ = model.handle(.character(character)) }
  }

  /// Moves the actions cursor to the row labelled `label`.
  static func select(_ label: String, in model: inout ViewModel) throws {
    if model.focus != .actions { _ = model.handle(.tab) }
    _ = model.handle(.home)
    let row = try #require(model.rows.firstIndex { $0.label == label })
    for _ in 0..<row { _ = model.handle(.down) }
    #expect(model.actionCursor == row)
  }

  /// The action paths of the records shown.
  static func shownPaths(_ model: ViewModel) -> [String] {
    model.visible.map { model.index.actionPaths[Int(model.index.entries[Int($0)].action)] }
  }

  /// The index holds every record by offset: read again there, each is the record the
  /// stream read (same path), and the actions pane is the report's tree.
  @Test func indexFindsEveryRecordAgainByItsOffset() throws {
    let model = try Self.model()
    #expect(model.index.entries.count == 900)
    #expect(model.visible.count == 900)
    let text = try Data(contentsOf: URL(fileURLWithPath: "Samples/browser-session.log"))
    for entry in model.index.entries.prefix(50) {
      let header = text[entry.offset..<(entry.offset + Int(entry.bytes))]
      #expect(String(decoding: header.prefix(160), as: UTF8.self).contains("eceived action"))
    }
    #expect(model.rows.first?.label == "windows.window.*")
    #expect(model.rows.contains { $0.label == "windows.window.tabs.tab.hoverChanged" && $0.actionClass == .noise })
  }

  /// `x` on a leaf hides its records at once and the title's count follows; `x` again
  /// shows them; `x` on a group hides every action under it, and `K` on one of them keeps
  /// it shown.
  @Test func silencingHidesRecordsAndCountsFollow() throws {
    var model = try Self.model()
    let hover = "windows.window.tabs.tab.hoverChanged"
    let hovers = Self.shownPaths(model).count { $0 == hover }
    #expect(hovers == 264)
    try Self.select(hover, in: &model)
    #expect(model.handle(.character("x")) == .redraw)
    #expect(!Self.shownPaths(model).contains(hover))
    #expect(model.visible.count == 900 - hovers)
    #expect(model.frame()[0].contains("\(900 - hovers) of 900 records"))
    #expect(model.frame()[1...].contains { ANSI.withoutColor($0).hasPrefix("x ") && $0.contains("hoverChanged") })
    _ = model.handle(.character("x"))
    #expect(model.visible.count == 900)

    try Self.select("windows.window.tabs.tab.*", in: &model)
    _ = model.handle(.character("x"))
    #expect(!Self.shownPaths(model).contains { $0.hasPrefix("windows.window.tabs.tab.") })
    try Self.select("windows.window.tabs.tab.titleChanged", in: &model)
    _ = model.handle(.character("K"))
    let shown = Set(Self.shownPaths(model).filter { $0.hasPrefix("windows.window.tabs.tab.") })
    #expect(shown == ["windows.window.tabs.tab.titleChanged"])
    // The root holds everything: refused with a word, nothing changes.
    _ = model.handle(.home)
    if model.rows[0].path.isEmpty {
      _ = model.handle(.character("x"))
      #expect(model.message?.contains("root") == true)
    }
  }

  /// `w` appends the decisions as `suggest --review`'s lines (keep lines included, what
  /// was in the file kept), and `filter --exclude-filters` with that file selects exactly
  /// the records the viewer shows.
  @Test func writtenRepositoryFiltersAsTheViewerShows() throws {
    let path = CommandRequestTests.temporaryPath("view.filters")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "# mine\nticks = ^timerTicked$\n".write(toFile: path, atomically: true, encoding: .utf8)
    var model = try Self.model(filters: path)
    #expect(!Self.shownPaths(model).contains("timerTicked"))  // the file's entry, from the start
    try Self.select("windows.window.tabs.tab.*", in: &model)
    _ = model.handle(.character("x"))
    try Self.select("windows.window.tabs.tab.titleChanged", in: &model)
    _ = model.handle(.character("K"))
    try Self.select("windows.window.mouseMoved", in: &model)
    _ = model.handle(.character("x"))
    guard case .write(let entries) = model.handle(.character("w")) else {
      Issue.record("w did not ask to write")
      return
    }
    let (decisions, message) = ViewRequest.write(
      entries, to: path, inputs: ["Samples/browser-session.log"], actionPaths: model.index.actionPaths)
    model.wrote(fileDecisions: decisions, message: message)
    #expect(message == "wrote 3 of 3 lines to \(path)")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      written == """
        # mine
        ticks = ^timerTicked$
        # tcalog view of Samples/browser-session.log: 2 silenced, 1 kept
        windowsWindowMouseMoved = ^windows\\.window\\.mouseMoved(\\.|$)
        windowsWindowTabsTabAll = ^windows\\.window\\.tabs\\.tab(\\.|$)
        keep windowsWindowTabsTabTitleChanged = ^windows\\.window\\.tabs\\.tab\\.titleChanged(\\.|$)

        """)
    // The decisions are the file's now: the same records shown, nothing left to write.
    let shown = model.visible.map { model.index.entries[Int($0)].offset }
    #expect(model.repositoryEntries().isEmpty)
    let filtered = runInProcessText([
      "filter", "--exclude-filters", path, "--format", "ndjson", "-j", "1", "Samples/browser-session.log",
    ])
    let offsets = try filtered.stdout.split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let source = try #require(object["source"] as? [String: Any])
      return try #require(source["offset"] as? Int)
    }
    #expect(offsets == shown)
    #expect(shown.count < 900 && shown.count > 0)
  }

  /// `/` searches action paths and record text with PCRE2; `n` and `N` go on and back, round
  /// the end; a bad pattern is told on the status line.
  /// A player's log: a slider's binding streams (`\.$volume`), a toggle's is a tap
  /// (`\.$isMuted`), between taps on play.
  static func playerLog() -> String {
    var text = ""
    for n in 0..<90 {
      let second = String(format: "%02d", n % 60)
      let action: String
      let change: String
      switch n % 15 {
      case 0: (action, change) = ("Player.Action.binding(.set(\\.$isMuted, \(n % 2 == 0)))", "isMuted")
      case 1, 2: (action, change) = ("Player.Action.playTapped", "isPlaying")
      default: (action, change) = ("Player.Action.binding(.set(\\.$volume, 0.\(n % 10)))", "volume")
      }
      text += """
        2026-12-01 10:00:\(second).000 Player[42:7] received action:
          \(action)
          Player.State(
        -   \(change): 0,
        +   \(change): \(n),
            title: "Song"
          )

        """
    }
    return text
  }

  /// Right on a binding's row shows its key paths; `x` on one hides its records alone
  /// (the other key path's stay), `K` on one keeps it under a silenced binding, `w` says
  /// why it writes no line for them, Left hides the key paths again.
  @Test func aKeyPathOfABindingIsSilencedAlone() throws {
    let log = CommandRequestTests.temporaryPath("player.log")
    let filters = CommandRequestTests.temporaryPath("player.filters")
    defer {
      try? FileManager.default.removeItem(atPath: log)
      try? FileManager.default.removeItem(atPath: filters)
    }
    try Self.playerLog().write(toFile: log, atomically: true, encoding: .utf8)
    try "".write(toFile: filters, atomically: true, encoding: .utf8)
    var model = try Self.model(log, filters: filters)
    #expect(model.index.entries.count == 90)
    let binding = try #require(model.rows.first { !$0.keyPaths.isEmpty })
    #expect(Set(binding.keyPaths.map(\.keyPath)) == ["\\.$volume", "\\.$isMuted"])
    try Self.select(binding.label, in: &model)
    let row = model.actionCursor
    #expect(model.handle(.right) == .redraw)
    #expect(model.actionItems.count == model.rows.count + 2)
    // The key paths are the lines under the row, with their own counts.
    let volume = try #require(binding.keyPaths.firstIndex { $0.keyPath == "\\.$volume" })
    for _ in 0...volume { _ = model.handle(.down) }
    #expect(model.actionItems[model.actionCursor].row == row && model.actionItems[model.actionCursor].keyPath == volume)
    let frame = model.frame().map(ANSI.withoutColor)
    #expect(frame.contains { $0.contains("\\.$volume") && $0.contains(" 72 ") })

    let keyPathOf = { (model: ViewModel) in
      model.visible.map { model.index.entries[Int($0)].keyPath }.map { $0 < 0 ? "" : model.index.keyPaths[Int($0)] }
    }
    _ = model.handle(.character("x"))
    #expect(!keyPathOf(model).contains("\\.$volume"))
    #expect(keyPathOf(model).count { $0 == "\\.$isMuted" } == 6)
    #expect(model.visible.count == 90 - 72)
    #expect(model.frame().map(ANSI.withoutColor).contains { $0.hasPrefix("x ") && $0.contains("\\.$volume") })
    // No repository line selects one key path: w writes nothing and says why.
    #expect(model.handle(.character("w")) == .redraw)
    #expect(model.message?.hasPrefix("1 key-path decision not written") == true)
    #expect(try String(contentsOfFile: filters, encoding: .utf8) == "")
    _ = model.handle(.character("x"))
    #expect(model.visible.count == 90)

    // The binding silenced, one key path kept: its records alone of the binding's stay.
    _ = model.handle(.up)
    while model.actionItems[model.actionCursor].keyPath != nil { _ = model.handle(.up) }
    _ = model.handle(.character("x"))
    #expect(model.visible.count == 12)
    let muted = try #require(model.actionItems.firstIndex { model.keyPathKey(of: $0)?.keyPath == "\\.$isMuted" })
    for _ in model.actionCursor..<muted { _ = model.handle(.down) }
    _ = model.handle(.character("K"))
    #expect(Set(keyPathOf(model)) == ["", "\\.$isMuted"])
    #expect(model.visible.count == 12 + 6)

    // Left on a key path hides them and selects the binding's row; Right on a row
    // without key paths says so.
    #expect(model.handle(.left) == .redraw)
    #expect(model.actionCursor == row && model.actionItems.count == model.rows.count)
    #expect(model.visible.count == 18)
    let plain = try #require(model.rows.firstIndex { $0.keyPaths.isEmpty })
    _ = model.handle(.home)
    for _ in 0..<plain { _ = model.handle(.down) }
    #expect(model.handle(.right) == .bell)
    #expect(model.actionItems.count == model.rows.count)
  }

  @Test func searchMovesBetweenMatchingRecords() throws {
    var model = try Self.model()
    _ = model.handle(.character("/"))
    Self.type("rawValue: \"B2\"|sync\\.finished", into: &model)
    #expect(ANSI.withoutColor(model.frame().last ?? "") == "/rawValue: \"B2\"|sync\\.finished")
    _ = model.handle(.enter)
    let first = model.recordCursor
    let firstPath = Self.shownPaths(model)[first]
    #expect(firstPath == "sync.finished" || firstPath.hasSuffix("selectTab"))
    _ = model.handle(.character("n"))
    #expect(model.recordCursor > first)
    _ = model.handle(.character("N"))
    #expect(model.recordCursor == first)
    _ = model.handle(.character("N"))
    #expect(model.message == "search wrapped")
    _ = model.handle(.character("/"))
    Self.type("(", into: &model)
    _ = model.handle(.enter)
    #expect(model.message?.hasPrefix("/(: ") == true)
  }

  /// A search over many records goes in slices between keys, the status line saying how
  /// far it is; it ends on the record one pass finds; a key stops it.
  @Test func searchRunsInSlicesWithAProgressLine() throws {
    var whole = try Self.model()
    _ = whole.handle(.character("/"))
    Self.type("D457BD53", into: &whole)
    _ = whole.handle(.enter)
    #expect(whole.searching == nil)
    let found = whole.recordCursor
    #expect(found == 516)

    var model = try Self.model()
    model.searchSlice = 100
    _ = model.handle(.character("/"))
    Self.type("D457BD53", into: &model)
    _ = model.handle(.enter)
    #expect(model.searching == Double(100) / 900)
    #expect(model.recordCursor == 0)
    #expect(ANSI.withoutColor(model.frame().last ?? "").hasPrefix("searching /D457BD53: 11% of the records"))
    var slices = 1
    while model.searching != nil {
      model.continueSearch()
      slices += 1
    }
    #expect(slices == found / 100 + 1)
    #expect(model.recordCursor == found)

    // The one match: n searches the whole log round again; Esc stops it where it is.
    _ = model.handle(.character("n"))
    #expect(model.searching != nil)
    #expect(model.handle(.escape) == .redraw)
    #expect(model.searching == nil && model.message == "search stopped")
    #expect(model.recordCursor == found)
  }

  /// What the search matches is marked in the records pane's lines (black on yellow),
  /// wherever it is in them, and only there; with colour off nothing is marked.
  @Test func searchMatchesAreHighlightedInTheRecords() throws {
    var outcome = CommandOutcome()
    var model = try ViewRequest.model(
      files: ["Samples/browser-session.log"], filters: nil, width: 120, height: 40, color: true, outcome: &outcome)
    let mark = "\u{1B}[30;43m"
    #expect(!model.frame().joined().contains(mark))
    _ = model.handle(.character("/"))
    Self.type("hover[A-Z]\\w+", into: &model)
    _ = model.handle(.enter)
    let frame = model.frame()
    let marked = frame.filter { $0.contains(mark) }
    #expect(!marked.isEmpty)
    for line in marked {
      // Each mark holds a match and nothing else: the SGR right after it ends it.
      for piece in line.components(separatedBy: mark).dropFirst() {
        let matched = String(piece.prefix { $0 != "\u{1B}" })
        #expect(matched == "hoverChanged")
      }
    }
    // Lines without a match are left as they were.
    #expect(frame.filter { ANSI.withoutColor($0).contains("hoverChanged") }.count >= marked.count)
    _ = model.handle(.character("/"))
    _ = model.handle(.enter)
    #expect(!model.frame().joined().contains(mark))
  }

  /// `s` shows only the records that change a matching state path; empty shows all; `t`
  /// gives that path's value history, as `trace` prints it.
  @Test func stateNarrowingAndTrace() throws {
    var model = try Self.model()
    _ = model.handle(.character("s"))
    Self.type("selectedTabID$", into: &model)
    _ = model.handle(.enter)
    #expect(model.visible.count > 0 && model.visible.count < 900)
    for position in model.visible {
      let entry = model.index.entries[Int(position)]
      #expect(model.index.statePaths(of: entry).contains { model.index.statePaths[Int($0)].hasSuffix("selectedTabID") })
    }
    let narrowed = model.visible.count
    _ = model.handle(.character("t"))
    guard case .text(let title, let lines) = model.overlay else {
      Issue.record("t showed no history")
      return
    }
    #expect(title.hasPrefix("trace ") && title.hasSuffix("selectedTabID"))
    #expect(lines.count == narrowed)
    #expect(lines.allSatisfy { $0.contains(" → ") })
    #expect(model.handle(.character("q")) == .redraw)  // q closes the view, not the viewer
    #expect(model.overlay == .none)
    _ = model.handle(.character("s"))
    for _ in 0..<20 { _ = model.handle(.backspace) }
    _ = model.handle(.enter)
    #expect(model.visible.count == 900)
  }

  /// Enter opens the record whole without its console prefixes; at 60 columns the actions
  /// pane folds behind Tab; every frame fits its size.
  @Test func framesFitAndEnterOpensTheRecord() throws {
    var model = try Self.model("Samples/timestamped.log", width: 60)
    for width in [60, 80, 200] {
      model.width = width
      model.resized()
      for keys: [ViewKey] in [[], [.tab], [.tab], [.pageDown], [.character("?")], [.escape]] {
        for key in keys { _ = model.handle(key) }
        let frame = model.frame()
        #expect(frame.count == 24)
        #expect(frame.allSatisfy { ANSI.withoutColor($0).unicodeScalars.count <= width })
      }
    }
    model.width = 60
    model.focus = .records
    let frame = model.frame().map(ANSI.withoutColor)
    #expect(!frame.contains { $0.contains("│") })
    _ = model.handle(.tab)
    #expect(model.frame().map(ANSI.withoutColor)[1].contains("tabStrip"))
    _ = model.handle(.tab)
    _ = model.handle(.home)
    _ = model.handle(.enter)
    guard case .text(_, let lines) = model.overlay else {
      Issue.record("Enter opened nothing")
      return
    }
    #expect(lines.first == "received action:")
    #expect(!lines.contains { $0.contains("0x1a2b") })
    #expect(model.handle(.character("q")) == .redraw)
    #expect(model.handle(.character("q")) == .quit(0))
    #expect(model.handle(.interrupt) == .quit(130))
  }

  /// The terminal's bytes become keys: arrows, pages, Home and End in both spellings, a
  /// lone ESC, UTF-8 characters.
  @Test func terminalBytesDecodeToKeys() {
    func keys(_ bytes: [UInt8]) -> [ViewTerminal.Input] {
      var rest = bytes
      var out: [ViewTerminal.Input] = []
      while !rest.isEmpty {
        let (input, length) = ViewTerminal.decode(rest)
        out.append(input)
        rest.removeFirst(length)
      }
      return out
    }
    #expect(keys(Array("\u{1B}[A\u{1B}[B\u{1B}OA".utf8)) == [.up, .down, .up])
    #expect(
      keys(Array("\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~\u{1B}[H\u{1B}[F".utf8)) == [
        .pageUp, .pageDown, .home, .end, .home, .end,
      ])
    #expect(keys([0x1B]) == [.escape])
    #expect(keys(Array("\u{1B}[Cx\u{1B}[D".utf8)) == [.right, .character("x"), .left])
    #expect(keys(Array("\u{1B}[2~x".utf8)) == [.escape, .character("x")])
    #expect(keys([0x09, 0x0D, 0x7F, 0x03]) == [.tab, .enter, .backspace, .interrupt])
    #expect(keys(Array("é/".utf8)) == [.character("é"), .character("/")])
  }
}

/// A large log read in slices: the first screen from the first, the rest between keys;
/// no record is cut at a slice's end, and the counts end as one read's.
@Suite struct ViewSliceTests {
  @Test func slicesIndexEveryRecordOnceAtItsOffset() throws {
    let sample = "Samples/timestamped.log"
    let spooled = try Spooled([sample], console: .inMemory(), sliceBytes: 100_000)
    #expect(spooled.isSliced)
    let first = try #require(spooled.nextSlice())
    #expect(first.base == 0 && first.bytes.count <= 100_000 && first.progress != nil)
    var outcome = CommandOutcome()
    var model = try ViewRequest.model(
      files: spooled.paths, filters: nil, width: 100, height: 24, color: false, slice: first, outcome: &outcome)
    #expect(model.indexing != nil)
    let early = model.index.entries.count
    var slices = 1
    while ViewRequest.indexNextSlice(of: spooled, into: &model, filters: nil, jobs: 2) { slices += 1 }
    #expect(slices > 5)
    #expect(model.indexing == nil)
    let whole = try ViewModelTests.model(sample)
    #expect(early < whole.index.entries.count)
    #expect(model.index.entries == whole.index.entries)
    #expect(model.index.aggregator.statistics.lines == whole.index.aggregator.statistics.lines)
    #expect(model.rows == whole.rows)
    #expect(model.frame()[0].contains("of \(whole.index.entries.count) records"))
  }
}
