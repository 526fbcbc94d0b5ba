import TCALogOutput
import TCALogParsing
@_spi(Scanner) import TCALogQuery
import TCALogReport
import TCALogSuggest

/// A key of `tcalog view`, as the terminal layer decodes it.
package enum ViewKey: Equatable, Sendable {
  case up, down, left, right, pageUp, pageDown, home, end, tab, enter, escape, backspace
  case character(Character)
  /// Ctrl-C.
  case interrupt
}

/// What the terminal layer does after a key: the model never touches the terminal or a file.
package enum ViewEffect: Equatable, Sendable {
  /// Draw the frame again.
  case redraw
  /// Ring the bell: the key means nothing here.
  case bell
  /// Append these lines to the repository (`w`), then tell the model (`wrote`).
  case write([FilterRepository.Entry])
  /// Start or stop following the file (`f`).
  case follow(Bool)
  /// Leave with this status (`q`: 0, Ctrl-C: 130).
  case quit(Int32)
}

/// `tcalog view` without a terminal: two panes (the report's actions, the records in log
/// order), their cursors, what is silenced or kept, search, narrowing by state path, and
/// the frame they make at a size. Keys go in (`handle`), state and an effect come out; the
/// records' text is asked of `source` only for the records a frame shows.
package struct ViewModel {
  /// Which pane the keys move.
  package enum Pane: Equatable, Sendable { case actions, records }
  /// A decision on an action path or group.
  package enum Decision: Equatable, Sendable { case silence, keep }
  /// What covers the panes.
  package enum Overlay: Equatable, Sendable {
    case none
    /// `?`: the keys.
    case help
    /// Enter, `t`: lines to read (a record whole, a value history), with a title.
    case text(title: String, lines: [String])
    /// `/` or `s`: a pattern being typed.
    case prompt(Prompt, String)
  }
  /// What a prompt asks for.
  package enum Prompt: Equatable, Sendable { case search, statePath }
  /// A line of the actions pane: a report row, or one key path of a binding's row (Right
  /// shows them under it, Left hides them).
  package struct ActionItem: Equatable, Sendable {
    /// The row (an index into `rows`).
    package var row: Int
    /// The key path (an index into the row's `keyPaths`); nil for the row itself.
    package var keyPath: Int?
  }
  /// A decision on one key path of a binding's action path.
  package struct KeyPathKey: Hashable, Sendable {
    package var path: String
    package var keyPath: String
    package init(path: String, keyPath: String) {
      self.path = path
      self.keyPath = keyPath
    }
  }

  package private(set) var index: ViewIndex
  /// The report's action rows (tree order, groups and leaves), with their classes.
  package private(set) var rows: [ActionRow]
  /// A record's text, read when it is shown (nil: it could not be read).
  let source: (ViewIndex.Entry) -> Record?
  /// A record's raw bytes, for search (no parse).
  let bytes: (ViewIndex.Entry) -> [UInt8]?
  /// The value history of a normalized state path (`trace`'s lines), for `t`.
  let trace: (String) -> [String]
  /// The repository `w` writes to (nil: `w` says to give `--filters`).
  package let filters: String?

  package var width: Int
  package var height: Int
  package var color: Bool
  package var focus: Pane = .records
  /// The selected line of the actions pane: a position in `actionItems`.
  package private(set) var actionCursor = 0
  /// The actions pane's lines: every row, and the key paths of the expanded bindings.
  package private(set) var actionItems: [ActionItem] = []
  /// The binding rows whose key paths are shown (by action path).
  package private(set) var expanded: Set<String> = []
  package private(set) var actionTop = 0
  /// The selected record: a position in `visible`.
  package private(set) var recordCursor = 0
  package private(set) var recordTop = 0
  /// The records shown: indices into `index.entries`, in log order.
  package private(set) var visible: [Int32] = []
  /// This session's decisions, by row key (`a.b` for an action path, `a.b.*` for a group).
  package private(set) var decisions: [String: Decision] = [:]
  /// What the repository file already decides for each action path (nil: nothing).
  package private(set) var fileDecisions: [Decision?]
  /// This session's decisions on one key path of a binding: they overrule the binding's
  /// own. A repository line selects whole action paths, so `w` does not write them.
  package private(set) var keyPathDecisions: [KeyPathKey: Decision] = [:]
  package private(set) var overlay: Overlay = .none
  package private(set) var overlayTop = 0
  package private(set) var searchPattern: String?
  package private(set) var narrowingPattern: String?
  package private(set) var following = false
  /// The status line's message, until the next key.
  package private(set) var message: String?
  private(set) var searchMatcher: PatternMatcher?
  /// A search still matching records, between keys: from which position, which way, how
  /// far (steps from `start`, of `count`).
  private struct PendingSearch {
    var forward: Bool
    var start: Int
    var step: Int
    var count: Int
  }
  private var pendingSearch: PendingSearch?
  /// Records a search matches before the terminal is asked for a key again (each is read
  /// from the file: a large log is searched over many slices, the progress shown).
  package var searchSlice = 4096
  /// How far a search that is still matching has come (nil: none is).
  package var searching: Double? {
    pendingSearch.map { Double($0.step) / Double(max($0.count, 1)) }
  }
  private var searchedActions: [Bool] = []
  private var narrowedStatePaths: [Bool]?
  private var silencedActions: [Bool] = []
  private var renderCache: [Int32: [PrettyLine]] = [:]
  private let renderer = PrettyRecordRenderer()

  /// The model of `index` at `width`×`height`; `fileDecisions` per action path of the index
  /// (what `--filters FILE` silences or keeps already).
  package init(
    index: ViewIndex, rows: [ActionRow], filters: String?, fileDecisions: [Decision?], width: Int, height: Int,
    color: Bool, source: @escaping (ViewIndex.Entry) -> Record?, bytes: @escaping (ViewIndex.Entry) -> [UInt8]?,
    trace: @escaping (String) -> [String] = { _ in [] }
  ) {
    self.bytes = bytes
    self.index = index
    self.rows = rows
    self.filters = filters
    self.fileDecisions = fileDecisions
    self.width = width
    self.height = height
    self.color = color
    self.source = source
    self.trace = trace
    relist()
    recompute()
  }

  /// The actions pane's lines again, after the rows or what is expanded changed.
  private mutating func relist() {
    actionItems.removeAll(keepingCapacity: true)
    for (n, row) in rows.enumerated() {
      actionItems.append(ActionItem(row: n, keyPath: nil))
      if !row.isGroup && expanded.contains(row.path) {
        actionItems += row.keyPaths.indices.map { ActionItem(row: n, keyPath: $0) }
      }
    }
    actionCursor = min(actionCursor, max(actionItems.count - 1, 0))
  }

  /// The key path of an actions pane line (nil for a row).
  package func keyPathKey(of item: ActionItem) -> KeyPathKey? {
    guard let keyPath = item.keyPath else { return nil }
    return KeyPathKey(path: rows[item.row].path, keyPath: rows[item.row].keyPaths[keyPath].keyPath)
  }

  // MARK: Silencing

  /// The key a row's decision is stored under.
  package static func key(of row: ActionRow) -> String { row.isGroup ? row.path + ".*" : row.path }

  /// The decision that applies to an action path: the session's most specific (the path,
  /// then its groups from the longest), else the file's.
  package func decision(forAction action: Int) -> Decision? {
    let path = index.actionPaths[action]
    if let own = decisions[path] { return own }
    var prefix = Substring(path)
    while true {
      if let group = decisions[prefix + ".*"] { return group }
      guard let dot = prefix.lastIndex(of: ".") else { break }
      prefix = prefix[..<dot]
    }
    return fileDecisions[action]
  }

  /// The decision on one key path of a binding: the session's on it, else the binding's.
  package func decision(forKeyPath key: KeyPathKey) -> Decision? {
    if let own = keyPathDecisions[key] { return own }
    guard let action = index.actionPaths.firstIndex(of: key.path) else { return nil }
    return decision(forAction: action)
  }

  /// The mark of a line of the actions pane.
  package func decision(forItem item: ActionItem) -> Decision? {
    if let key = keyPathKey(of: item) { return decision(forKeyPath: key) }
    return decision(forRow: rows[item.row])
  }

  /// The mark of a row: the session's own decision on it, else what applies to its path.
  package func decision(forRow row: ActionRow) -> Decision? {
    if let own = decisions[Self.key(of: row)] { return own }
    if !row.isGroup, let action = index.actionPaths.firstIndex(of: row.path) { return decision(forAction: action) }
    return nil
  }

  /// Recomputes what is silenced and which records are shown, keeping the selected record
  /// when it is still shown (else the next one that is).
  private mutating func recompute() {
    silencedActions = index.actionPaths.indices.map { decision(forAction: $0) == .silence }
    // A key path's decision, by action and key path number: whether its records are hidden.
    var keyPathSilenced: [Int64: Bool] = [:]
    if !keyPathDecisions.isEmpty {
      for (key, decision) in keyPathDecisions {
        guard let action = index.actionPaths.firstIndex(of: key.path),
          let keyPath = index.keyPaths.firstIndex(of: key.keyPath)
        else { continue }
        keyPathSilenced[Int64(action) << 32 | Int64(keyPath)] = decision == .silence
      }
    }
    let selected = visible.isEmpty ? nil : visible[min(recordCursor, visible.count - 1)]
    visible.removeAll(keepingCapacity: true)
    for (n, entry) in index.entries.enumerated() {
      var hidden = silencedActions[Int(entry.action)]
      if !keyPathSilenced.isEmpty && entry.keyPath >= 0,
        let own = keyPathSilenced[Int64(entry.action) << 32 | Int64(entry.keyPath)]
      {
        hidden = own
      }
      if hidden { continue }
      if let narrowed = narrowedStatePaths, !index.statePaths(of: entry).contains(where: { narrowed[Int($0)] }) {
        continue
      }
      visible.append(Int32(n))
    }
    if let selected {
      recordCursor = min(Self.firstPosition(in: visible, atLeast: selected), max(visible.count - 1, 0))
    } else {
      recordCursor = 0
    }
    recordTop = min(recordTop, recordCursor)
    scrollRecords()
  }

  static func firstPosition(in visible: [Int32], atLeast entry: Int32) -> Int {
    var low = 0
    var high = visible.count
    while low < high {
      let mid = (low + high) / 2
      if visible[mid] < entry { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Records and lines shown, of all.
  package var shownRecords: Int { visible.count }

  private mutating func toggle(_ decision: Decision) {
    guard focus == .actions, actionItems.indices.contains(actionCursor) else {
      message = "x and K act on the actions pane (Tab)"
      return
    }
    if let key = keyPathKey(of: actionItems[actionCursor]) {
      toggle(decision, keyPath: key)
      return
    }
    let row = rows[actionItems[actionCursor].row]
    if row.isGroup && row.path.isEmpty {
      message = "the root holds every action: silence its groups instead"
      return
    }
    let key = Self.key(of: row)
    let current = self.decision(forRow: row)
    if decisions[key] == decision {
      decisions[key] = nil
    } else if current == decision {
      // Decided by a group or the file: the opposite decision here undoes it.
      decisions[key] = decision == .silence ? .keep : .silence
    } else {
      decisions[key] = decision
    }
    let now = self.decision(forRow: row)
    message = "\(row.label): \(now == .silence ? "silenced" : now == .keep ? "kept" : "shown")"
    recompute()
  }

  /// `x`, `K` on a key path: the same toggle as on a row, over the binding's decision.
  private mutating func toggle(_ decision: Decision, keyPath key: KeyPathKey) {
    let current = self.decision(forKeyPath: key)
    if keyPathDecisions[key] == decision {
      keyPathDecisions[key] = nil
    } else if current == decision {
      keyPathDecisions[key] = decision == .silence ? .keep : .silence
    } else {
      keyPathDecisions[key] = decision
    }
    let now = self.decision(forKeyPath: key)
    message =
      "\(key.path) \(key.keyPath): \(now == .silence ? "silenced" : now == .keep ? "kept" : "shown")"
      + " (this session: a repository line cannot select one key path)"
    recompute()
  }

  /// Why `w` leaves the key-path decisions out, as `suggest --review` leaves out its
  /// key-path entries: what silences one key path for good.
  var keyPathNotWritten: String {
    let count = keyPathDecisions.count
    return "\(count) key-path decision\(count == 1 ? "" : "s") not written: a repository line selects whole "
      + "action paths; suggest's Swift matches one key path"
  }

  /// The lines `w` appends, as `suggest --review` writes them: a name from the path, the
  /// path's anchored pattern, and keep lines for what is kept.
  package func repositoryEntries() -> [FilterRepository.Entry] {
    decisions.keys.sorted().compactMap { key in
      guard let decision = decisions[key] else { return nil }
      let path = key.hasSuffix(".*") ? String(key.dropLast(2)) : key
      let segments = path.split(separator: ".").map(String.init)
      let name = SwiftIdentifier.camelName(segments) + (key.hasSuffix(".*") ? "All" : "")
      return FilterRepository.Entry(
        name: name, pattern: "^" + PatternMatcher.literal(path) + "(\\.|$)",
        kind: decision == .keep ? .keep : .silence)
    }
  }

  /// After `w`: the decisions are the file's now (`fileDecisions` as read back), or the
  /// reason they could not be written.
  package mutating func wrote(fileDecisions: [Decision?]?, message: String) {
    if let fileDecisions {
      self.fileDecisions = fileDecisions
      decisions = [:]
      recompute()
    }
    self.message = keyPathDecisions.isEmpty ? message : message + "; " + keyPathNotWritten
  }

  /// How much of the file is indexed while the rest is read in slices (nil: all of it).
  package private(set) var indexing: Double?

  /// Reads more of the log into the index (`read`), a slice at a time while the first
  /// screen is already shown: the counts, the actions pane and the records shown follow;
  /// `decisions` gives the repository's answers for action paths new to the index.
  package mutating func grow(
    progress: Double?, decisions: ([String]) -> [Decision?], read: (inout ViewIndex) -> Void
  ) {
    let known = index.actionPaths.count
    read(&index)
    fileDecisions += decisions(Array(index.actionPaths[known...]))
    indexing = progress
    var options = ReportOptions()
    options.top = Int.max
    rows = ActionReport(summary: index.aggregator.summary(), options: options).actionRows
    relist()
    recompute()
  }

  /// After a resize: the selected record stays on screen.
  package mutating func resized() {
    actionTop = min(actionTop, actionCursor)
    if actionCursor >= actionTop + paneHeight { actionTop = actionCursor - paneHeight + 1 }
    scrollRecords()
  }

  /// Following: records appended to the file join the index (and the actions pane's
  /// counts); with the last record selected, the selection moves to the new last, as
  /// `tail -f` shows the end. False when nothing was added.
  package mutating func follow(_ records: [Record]) -> Bool {
    guard !records.isEmpty else { return false }
    let wasAtEnd = visible.isEmpty || recordCursor == visible.count - 1
    for record in records { _ = index.record(record) }
    while fileDecisions.count < index.actionPaths.count { fileDecisions.append(nil) }
    var options = ReportOptions()
    options.top = Int.max
    rows = ActionReport(summary: index.aggregator.summary(), options: options).actionRows
    relist()
    recompute()
    if wasAtEnd && !visible.isEmpty {
      recordCursor = visible.count - 1
      scrollRecords()
    }
    return true
  }

  // MARK: Keys

  /// Takes a key; says what the terminal layer does next.
  package mutating func handle(_ key: ViewKey) -> ViewEffect {
    message = nil
    if pendingSearch != nil {
      // A key stops a running search (Esc and Ctrl-C only that, as in less); the others
      // then do what they do.
      pendingSearch = nil
      if key == .escape || key == .interrupt {
        message = "search stopped"
        return .redraw
      }
    }
    if case .prompt(let prompt, let text) = overlay { return handlePrompt(prompt, text, key) }
    if overlay != .none { return handleOverlay(key) }
    switch key {
    case .interrupt: return .quit(130)
    case .character("q"): return .quit(0)
    case .tab: focus = focus == .actions ? .records : .actions
    case .up, .character("k"): move(-1)
    case .down, .character("j"): move(1)
    case .pageUp: move(-max(paneHeight - 1, 1))
    case .pageDown, .character(" "): move(max(paneHeight - 1, 1))
    case .home, .character("g"): move(-Int.max / 2)
    case .end, .character("G"): move(Int.max / 2)
    case .character("x"): toggle(.silence)
    case .character("K"): toggle(.keep)
    case .character("?"): overlay = .help
    case .character("/"): overlay = .prompt(.search, "")
    case .character("s"): overlay = .prompt(.statePath, narrowingPattern ?? "")
    case .character("n"): findNext(forward: true)
    case .character("N"): findNext(forward: false)
    case .character("f"):
      following.toggle()
      message = following ? "following the file (f stops)" : "stopped following"
      return .follow(following)
    case .character("w"):
      guard let filters else {
        message = "w writes to the repository of --filters FILE: give one"
        return .bell
      }
      let entries = repositoryEntries()
      guard !entries.isEmpty else {
        message =
          keyPathDecisions.isEmpty
          ? "nothing decided: \(filters) is unchanged" : keyPathNotWritten + "; \(filters) is unchanged"
        return .redraw
      }
      return .write(entries)
    case .enter: openRecord()
    case .right: return showKeyPaths(true)
    case .left: return showKeyPaths(false)
    case .character("t"): traceSelected()
    default: return .bell
    }
    return .redraw
  }

  private mutating func handlePrompt(_ prompt: Prompt, _ text: String, _ key: ViewKey) -> ViewEffect {
    switch key {
    case .escape, .interrupt: overlay = .none
    case .backspace: overlay = .prompt(prompt, String(text.dropLast()))
    case .character(let c): overlay = .prompt(prompt, text + String(c))
    case .enter:
      overlay = .none
      switch prompt {
      case .search: search(text)
      case .statePath: narrow(text)
      }
    default: return .bell
    }
    return .redraw
  }

  private mutating func handleOverlay(_ key: ViewKey) -> ViewEffect {
    switch key {
    case .up, .character("k"): overlayTop = max(overlayTop - 1, 0)
    case .down, .character("j"): overlayTop += 1
    case .pageUp: overlayTop = max(overlayTop - paneHeight, 0)
    case .pageDown, .character(" "): overlayTop += paneHeight
    case .home, .character("g"): overlayTop = 0
    case .end, .character("G"): overlayTop = Int.max / 2
    case .interrupt: return .quit(130)
    default:
      overlay = .none
      overlayTop = 0
    }
    if case .text(_, let lines) = overlay { overlayTop = min(overlayTop, max(lines.count - paneHeight, 0)) }
    return .redraw
  }

  /// Right on a binding's row shows its key paths under it; Left hides them (from the row
  /// or one of its key paths, which then selects the row).
  private mutating func showKeyPaths(_ show: Bool) -> ViewEffect {
    guard focus == .actions, actionItems.indices.contains(actionCursor) else { return .bell }
    let item = actionItems[actionCursor]
    let row = rows[item.row]
    guard !row.isGroup, !row.keyPaths.isEmpty else {
      message = "\(row.label) is no binding with key paths"
      return .bell
    }
    // Right on shown key paths, Left on hidden ones: nothing to do.
    guard show != expanded.contains(row.path) else { return .bell }
    if show {
      expanded.insert(row.path)
      relist()
      return .redraw
    }
    return collapse(item)
  }

  private mutating func collapse(_ item: ActionItem) -> ViewEffect {
    expanded.remove(rows[item.row].path)
    relist()
    actionCursor = actionItems.firstIndex(of: ActionItem(row: item.row, keyPath: nil)) ?? 0
    actionTop = min(actionTop, actionCursor)
    return .redraw
  }

  private mutating func move(_ delta: Int) {
    switch focus {
    case .actions:
      guard !actionItems.isEmpty else { return }
      actionCursor = max(0, min(actionItems.count - 1, actionCursor + delta))
      if actionCursor < actionTop { actionTop = actionCursor }
      if actionCursor >= actionTop + paneHeight { actionTop = actionCursor - paneHeight + 1 }
    case .records:
      guard !visible.isEmpty else { return }
      recordCursor = max(0, min(visible.count - 1, recordCursor + delta))
      scrollRecords()
    }
  }

  /// Keeps the selected record's header and as much of its diff as fits on screen.
  private mutating func scrollRecords() {
    guard !visible.isEmpty else {
      recordTop = 0
      return
    }
    if recordCursor < recordTop { recordTop = recordCursor }
    // Lines from the top record through the selected one's end must fit: counted back from
    // the selected record (a page of records at most are rendered), the top moves down to
    // the first record that still fits.
    var lines = renderedCached(visible[recordCursor]).count
    var fits = recordCursor
    while fits > recordTop {
      let more = renderedCached(visible[fits - 1]).count
      if lines + more > paneHeight { break }
      lines += more
      fits -= 1
    }
    recordTop = fits
  }

  /// A record's lines, kept for the next frames.
  private mutating func renderedCached(_ entry: Int32) -> [PrettyLine] {
    if let lines = renderCache[entry] { return lines }
    if renderCache.count > 4096 { renderCache.removeAll(keepingCapacity: true) }
    let lines = rendered(entry)
    renderCache[entry] = lines
    return lines
  }

  private mutating func search(_ pattern: String) {
    guard !pattern.isEmpty else {
      searchPattern = nil
      searchMatcher = nil
      return
    }
    do {
      searchMatcher = try PatternMatcher(pattern, options: [])
      searchPattern = pattern
      searchedActions = []
      findNext(forward: true, includingCurrent: true)
    } catch {
      message = "/\(pattern): \(error)"
    }
  }

  private mutating func narrow(_ pattern: String) {
    guard !pattern.isEmpty else {
      narrowingPattern = nil
      narrowedStatePaths = nil
      message = "every state path"
      recompute()
      return
    }
    do {
      let matcher = try PatternMatcher(pattern, options: [])
      narrowedStatePaths = index.statePaths.map { (try? matcher.matches($0)) ?? false }
      narrowingPattern = pattern
      recompute()
      message = "records that change \(pattern): \(visible.count)"
    } catch {
      message = "s \(pattern): \(error)"
    }
  }

  /// Whether a record's action path or raw text matches the search (each action path
  /// asked once per pattern).
  private mutating func matches(_ entry: ViewIndex.Entry) -> Bool {
    guard let searchMatcher else { return false }
    let action = Int(entry.action)
    if searchedActions.count != index.actionPaths.count {
      searchedActions = index.actionPaths.map { (try? searchMatcher.matches($0)) ?? false }
    }
    if searchedActions[action] { return true }
    guard let text = bytes(entry) else { return false }
    return text.withUnsafeBufferPointer { (try? searchMatcher.matches($0)) ?? false }
  }

  /// `n`, `N`: the next (previous) record or action row that matches, round the end.
  private mutating func findNext(forward: Bool, includingCurrent: Bool = false) {
    guard searchMatcher != nil, searchPattern != nil else {
      message = "no search yet: / starts one"
      return
    }
    let count = focus == .actions ? actionItems.count : visible.count
    guard count > 0 else { return }
    pendingSearch = PendingSearch(
      forward: forward, start: focus == .actions ? actionCursor : recordCursor, step: includingCurrent ? 0 : 1,
      count: count)
    continueSearch()
  }

  /// Matches the next `searchSlice` records of a search (the actions pane's rows at once);
  /// what is left waits for the next call, the status line saying how far it is.
  package mutating func continueSearch() {
    guard var pending = pendingSearch, let searchMatcher, let pattern = searchPattern else {
      pendingSearch = nil
      return
    }
    let (start, count, forward) = (pending.start, pending.count, pending.forward)
    let last = min(pending.step + (focus == .actions ? count + 1 : max(searchSlice, 1)), count + 1)
    while pending.step < last {
      let step = pending.step
      pending.step += 1
      let position = ((start + (forward ? step : -step)) % count + count) % count
      let hit: Bool
      if focus == .actions {
        let item = actionItems[position]
        let text = keyPathKey(of: item)?.keyPath ?? rows[item.row].path
        hit = (try? searchMatcher.matches(text)) == true
      } else {
        hit = matches(index.entries[Int(visible[position])])
      }
      if hit {
        pendingSearch = nil
        if (forward && position < start) || (!forward && position > start) { message = "search wrapped" }
        move(position - start)
        return
      }
    }
    if pending.step > count {
      pendingSearch = nil
      message = "/\(pattern): no match"
    } else {
      pendingSearch = pending
    }
  }

  private mutating func openRecord() {
    guard focus == .records, !visible.isEmpty else {
      if focus == .actions, actionItems.indices.contains(actionCursor) {
        // Enter on an action (or one of its key paths): its records, as a search for its path.
        let row = rows[actionItems[actionCursor].row]
        focus = .records
        search("^" + PatternMatcher.literal(row.path) + (row.isGroup ? "(\\.|$)" : "$"))
      }
      return
    }
    let entry = index.entries[Int(visible[recordCursor])]
    guard let record = source(entry) else {
      message = "the record could not be read again"
      return
    }
    overlay = .text(title: "\(index.inputs[Int(entry.input)]):\(record.line)", lines: renderer.rawLines(record))
    overlayTop = 0
  }

  private mutating func traceSelected() {
    guard !visible.isEmpty else { return }
    let entry = index.entries[Int(visible[recordCursor])]
    let paths = index.statePaths(of: entry).map { index.statePaths[Int($0)] }
    let narrowed = narrowedStatePaths
    guard
      let path = paths.first(where: { path in
        narrowed == nil || index.statePaths.firstIndex(of: path).map { narrowed![$0] } == true
      }) ?? paths.first
    else {
      message = "this record changes no state path"
      return
    }
    overlay = .text(title: "trace \(path)", lines: trace(path))
    overlayTop = 0
  }

  // MARK: Frame

  /// Rows between the title and the status line.
  package var paneHeight: Int { max(height - 2, 1) }

  /// Whether both panes fit side by side (else the actions pane folds away behind Tab).
  package var showsBothPanes: Bool { width >= 80 }

  func rendered(_ entry: Int32) -> [PrettyLine] {
    if let lines = renderCache[entry] { return lines }
    guard let record = source(index.entries[Int(entry)]) else {
      return [PrettyLine([.init("(record at byte \(index.entries[Int(entry)].offset) unreadable)", .note)])]
    }
    return renderer.lines(record)
  }

  /// Renders (and caches) the records a frame shows.
  package mutating func prepareFrame() {
    if renderCache.count > 4096 { renderCache.removeAll(keepingCapacity: true) }
    guard !visible.isEmpty else { return }
    var lines = 0
    var position = recordTop
    while position < visible.count && lines < paneHeight {
      let entry = visible[position]
      if renderCache[entry] == nil { renderCache[entry] = rendered(entry) }
      lines += renderCache[entry]!.count
      position += 1
    }
  }
}
