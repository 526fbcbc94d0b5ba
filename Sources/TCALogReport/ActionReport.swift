@_spi(Scanner) import TCALogParsing

/// How `report` orders the action rows.
public enum ReportOrder: String, Sendable, CaseIterable {
  case lines, count, noop
}

/// What the report shows and how: order, grouping depth, row count, share cut.
public struct ReportOptions: Sendable {
  /// The order of the action rows (`--by`).
  public var order: ReportOrder = .lines
  /// Group action paths by their first N segments; nil shows the collapsed tree.
  public var depth: Int?
  /// At most this many rows per table (`--top`).
  public var top = 15
  /// Rows whose share (of lines; of records with `--by count|noop`) is below this are hidden.
  public var minShare = 0.0
  /// A child holding at least this share of its parent's lines replaces the parent row.
  package var collapseShare = 0.95
  /// The defaults: by lines, as a tree, 15 rows, no share cut.
  public init() {}
}

/// One row of the noisiest-actions table: an action path or a group of them.
public struct ActionRow: Sendable, Equatable {
  /// The path or prefix (`windows.window`); `(no path)` for records without one.
  public var path: String
  /// True when the row also counts deeper paths (shown as `windows.window.*`).
  public var isGroup: Bool
  /// Nesting level in the tree view (0 in the flat `--depth` view).
  public var level: Int
  /// The path of the row this one is shown under in the tree view.
  public var parentPath: String?
  /// The counts of the row's records.
  public var stats: ActionStats
  /// Entries of the silencer that silence (part of) the row, and the lines they cover.
  package var silencedBy: [String]
  /// Lines of the row's records that `silencedBy` already silences.
  package var silencedLines: Int
  /// The class of the row's actions (the classifier of `suggest`); nil when a group holds
  /// actions of different classes.
  public var actionClass: ActionClass? = nil
  /// A TCA binding's key paths, each with its own class (`ClassifiedAction.keyPaths`);
  /// empty for other rows and groups.
  public var keyPaths: [KeyPathShare] = []
  /// The path as shown: `path.*` for a group, `*` for the root group, `(no path)` for an empty path.
  public var label: String { isGroup ? (path.isEmpty ? "*" : path + ".*") : (path.isEmpty ? "(no path)" : path) }
  /// The label without the parent row's path (`.mouseMoved` under `windows.window.*`).
  package var relativeLabel: String {
    guard let parentPath, !parentPath.isEmpty, path.hasPrefix(parentPath + ".") else { return label }
    return String(label.dropFirst(parentPath.count))
  }
}

/// One key path of a binding's row: its records and lines, and its own class.
public struct KeyPathShare: Sendable, Equatable {
  /// The key path (`\.$volume`).
  public var keyPath: String
  /// The binding's records that set this key path.
  public var records: Int
  /// Input lines of those records.
  public var lines: Int
  /// The class of this key path alone (a slider streams, a toggle is a tap).
  public var actionClass: ActionClass
}

/// One row of the state table: a normalized state path.
public struct StateRow: Sendable, Equatable {
  /// The normalized state path (`windows[*].title`).
  public var path: String
  /// How many times it changed.
  public var changes: Int
  /// How many raw paths it stands for (different keys or indices).
  public var distinctPaths: Int
  /// The actions that change it most: (action path, changes).
  public var topActions: [ActionChange]
}

/// An action that changes a state path, and how often.
public struct ActionChange: Sendable, Equatable {
  /// The action path.
  public var action: String
  /// How many of the state path's changes it made.
  public var changes: Int
}

/// The report: header numbers plus the two tables, ready for any printer.
public struct ActionReport: Sendable {
  /// The counts of the log (of the time window, with one).
  public var statistics: ScanStatistics
  /// The options the report was made with.
  public var options: ReportOptions
  /// The earliest record time, seconds since 1970 (nil without timestamps).
  package var firstTime: Double?
  /// The latest record time, seconds since 1970 (nil without timestamps).
  package var lastTime: Double?
  /// The log's UTC offset, to show times as it wrote them (nil: local time).
  package var timeOffset: Int?
  /// The action rows shown, in order.
  public var actionRows: [ActionRow]
  /// Rows not shown (below `--min-share` or past `--top`).
  package var hiddenActionRows: Int
  /// The state rows shown, most changed first.
  public var stateRows: [StateRow]
  /// State rows cut by `top` or the share cut.
  package var hiddenStateRows: Int
  /// What the silencer removes: records, lines, and per entry (name, records, lines).
  package var silenced: SilencedShare?
  /// Every action path with its class and evidence, by path.
  public var classified: [ClassifiedAction] = []
  /// The busiest second of the burstiest actions (most records in one second first).
  package var bursts: [(path: String, second: Int, count: Int)] = []
  /// Records per minute from the first to the last minute with records, in at most 40
  /// buckets (`minutesPerBucket` minutes each), so the sparkline fits an 80-column line.
  package var ratePerBucket: [Int] = []
  /// Minutes per entry of `ratePerBucket`.
  package var minutesPerBucket = 1

  /// Complete records: the base of the per-action shares.
  public var records: Int { statistics.completeRecords }
  /// Every input line (of the window, with one): the base of the line shares.
  public var lines: Int { statistics.lines }
  /// Seconds from the first to the last timestamp (nil without two).
  public var timeSpan: Double? { firstTime.flatMap { f in lastTime.map { $0 - f } } }
  /// Complete records that carry a timestamp: what the span, rates and bursts rest on.
  package var timedRecords = 0
  /// `the 64 of 900 records with a time` when some records carry a time and not all (the
  /// span, rates and bursts rest on those alone); nil otherwise.
  package var timedShareNote: String? {
    guard timedRecords > 0, timedRecords < records else { return nil }
    return "the \(NumberText.grouped(timedRecords)) of \(NumberText.counted(records, "record")) with a time"
  }
  /// Records per second over the time span (nil without one).
  public var rate: Double? { timeSpan.flatMap { $0 > 0 ? Double(records) / $0 : nil } }

  /// The share of complete records (0 to 1).
  public func shareOfRecords(_ s: ActionStats) -> Double { records > 0 ? Double(s.count) / Double(records) : 0 }
  /// The share of input lines (0 to 1).
  public func shareOfLines(_ s: ActionStats) -> Double { lines > 0 ? Double(s.lines) / Double(lines) : 0 }
  /// No-op records over the records that print a state part; nil when none does.
  public func noOpShare(_ s: ActionStats) -> Double? {
    s.withStatePart > 0 ? Double(s.noOps) / Double(s.withStatePart) : nil
  }
  /// Changed state leaves per record.
  public func changesPerRecord(_ s: ActionStats) -> Double { s.count > 0 ? Double(s.changes) / Double(s.count) : 0 }
  /// The share of complete records that changed nothing (0 to 1).
  public var noOpShare: Double { records > 0 ? Double(statistics.noOpRecords) / Double(records) : 0 }

  /// The report of a summary: rows ranked and cut by `options`; `silencer` marks what a
  /// filter repository already silences.
  public init(summary: ReportSummary, options: ReportOptions = ReportOptions(), silencer: (any ActionSilencer)? = nil) {
    statistics = summary.statistics
    self.options = options
    firstTime = summary.firstTime
    lastTime = summary.lastTime
    timedRecords = summary.timestampedRecords
    timeOffset = summary.timeOffset
    bursts = ActionReport.bursts(summary.actions)
    (ratePerBucket, minutesPerBucket) = ActionReport.buckets(summary.perMinute)

    // Leaves: per action path over all roots.
    var leaves: [String: ActionStats] = [:]
    for a in summary.actions { leaves[a.path, default: ActionStats()].add(a.stats) }
    let silencedBy = silencer.map { ActionReport.silencedBy($0, leaves: leaves) }
    silenced = silencedBy?.share
    let order = RowOrder(options: options, statistics: statistics)
    // Ranked by count or no-ops, the rows are action paths ranked by that number: in the
    // tree, the top rows would be cut in tree order and hide the biggest of them.
    if let depth = options.depth ?? (options.order == .lines ? nil : Int.max) {
      (actionRows, hiddenActionRows) = ActionReport.groupedRows(
        leaves, depth: depth, silencedBy: silencedBy?.entries ?? [:], order: order)
    } else {
      (actionRows, hiddenActionRows) = ActionReport.treeRows(
        leaves, silencedBy: silencedBy?.entries ?? [:], order: order)
    }
    classified = ActionClassifier().classify(summary)
    actionRows = ActionReport.marked(actionRows, classified)
    (stateRows, hiddenStateRows) = ActionReport.stateRows(summary, options: options)
  }
}

/// How action rows are ranked and cut: by share of lines, records or no-ops.
private struct RowOrder {
  let options: ReportOptions
  let statistics: ScanStatistics

  /// The share a row is cut by (`--min-share`).
  func share(_ s: ActionStats) -> Double {
    switch options.order {
    case .lines: return statistics.lines > 0 ? Double(s.lines) / Double(statistics.lines) : 0
    case .count, .noop:
      return statistics.completeRecords > 0 ? Double(s.count) / Double(statistics.completeRecords) : 0
    }
  }

  func key(_ s: ActionStats) -> (Int, Int) {
    switch options.order {
    case .lines: return (s.lines, s.count)
    case .count: return (s.count, s.lines)
    case .noop: return (s.noOps, s.lines)
    }
  }

  func before(_ a: ActionRow, _ b: ActionRow) -> Bool {
    let ka = key(a.stats)
    let kb = key(b.stats)
    if ka != kb { return ka > kb }
    return a.path < b.path
  }
}

extension ActionReport {
  /// Which filter entry silences each action path, and what they silence together.
  fileprivate static func silencedBy(_ silencer: any ActionSilencer, leaves: [String: ActionStats]) -> (
    share: SilencedShare, entries: [String: String]
  ) {
    var share = SilencedShare()
    var entries: [String: String] = [:]
    var perEntry: [String: ActionStats] = [:]
    for (path, stats) in leaves {
      guard let name = silencer.silencingEntry(forActionPath: path) else { continue }
      entries[path] = name
      share.records += stats.count
      share.lines += stats.lines
      perEntry[name, default: ActionStats()].add(stats)
    }
    share.entries = perEntry.map { SilencedEntry(name: $0.key, records: $0.value.count, lines: $0.value.lines) }
      .sorted { $0.lines != $1.lines ? $0.lines > $1.lines : $0.name < $1.name }
    return (share, entries)
  }

  /// Action paths grouped by their first `depth` segments, ranked; the rows shown and how
  /// many were cut.
  fileprivate static func groupedRows(
    _ leaves: [String: ActionStats], depth: Int, silencedBy: [String: String], order: RowOrder
  ) -> (rows: [ActionRow], hidden: Int) {
    var groups: [String: ActionRow] = [:]
    for (path, stats) in leaves {
      let segments = path.split(separator: ".", omittingEmptySubsequences: false)
      let key = segments.prefix(max(depth, 1)).joined(separator: ".")
      var row =
        groups[key]
        ?? ActionRow(
          path: key, isGroup: false, level: 0, parentPath: nil, stats: ActionStats(), silencedBy: [], silencedLines: 0
        )
      row.stats.add(stats)
      if segments.count > depth { row.isGroup = true }
      if let name = silencedBy[path] {
        if !row.silencedBy.contains(name) {
          row.silencedBy.append(name)
          row.silencedBy.sort()
        }
        row.silencedLines += stats.lines
      }
      groups[key] = row
    }
    let rows = groups.values.sorted(by: order.before)
    let shown = rows.filter { order.share($0.stats) >= order.options.minShare }.prefix(order.options.top)
    return (Array(shown), rows.count - shown.count)
  }

  /// The action tree in ranked depth-first order, a parent left out when one child holds
  /// almost all of it; the rows shown and how many were cut.
  ///
  /// `--top` keeps the biggest rows whatever their depth, shown in tree order: cutting the
  /// walk after `top` rows hid a 15 % top-level timer behind the children of the first
  /// branches (issue 54, row 3). The cut count is of rows the whole table has: it counted
  /// tree nodes, collapsed parents among them (row 4).
  fileprivate static func treeRows(
    _ leaves: [String: ActionStats], silencedBy: [String: String], order: RowOrder
  ) -> (rows: [ActionRow], hidden: Int) {
    let options = order.options
    let all = treeWalk(ActionTree(leaves: leaves, silencedBy: silencedBy), order: order)
    // A group holds its children's lines and records, so it ranks before them (before
    // them by path on a tie), and the biggest rows come with their parents. Taking a row
    // only after its parent holds that even so.
    var shown = Set<String?>([nil])
    var kept: [Int] = []
    for i in all.indices.sorted(by: { order.before(all[$0], all[$1]) }) where kept.count < options.top {
      let row = all[i]
      guard order.share(row.stats) >= options.minShare, shown.contains(row.parentPath) else { continue }
      shown.insert(row.path)
      kept.append(i)
    }
    let rows = kept.sorted().map { all[$0] }
    return (rows, all.count - rows.count)
  }

  /// Every row of the action tree in ranked depth-first order, a parent left out when one
  /// child holds almost all of it.
  fileprivate static func treeWalk(_ tree: ActionTree, order: RowOrder) -> [ActionRow] {
    let options = order.options
    var out: [ActionRow] = []
    // Siblings in the order of `before`, which compares paths last: siblings share all
    // but their last segment.
    func sortedChildren(_ node: Int) -> [Int] {
      tree.nodes[node].children.sorted { a, b in
        let ka = order.key(tree[a].stats)
        let kb = order.key(tree[b].stats)
        if ka != kb { return ka > kb }
        return tree.nodes[a].segment < tree.nodes[b].segment
      }
    }
    // Depth-first with an explicit stack: action paths can nest thousands of segments
    // deep, and the walk must not turn that into recursion depth.
    var stack = [(children: sortedChildren(0), next: 0, level: 0, parent: String?.none)]
    while let frame = stack.last {
      guard frame.next < frame.children.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      let id = frame.children[frame.next]
      let n = tree.nodes[id]
      let dominant = n.children.contains {
        Double(tree[$0].stats.lines) >= options.collapseShare * Double(n.value.stats.lines)
      }
      if dominant && n.value.own.count == 0 {
        // The parent adds nothing its child does not show: its children take its place.
        stack.append((sortedChildren(id), 0, frame.level, frame.parent))
      } else {
        let row = tree.row(of: id, level: frame.level, parent: frame.parent)
        out.append(row)
        stack.append((sortedChildren(id), 0, frame.level + 1, row.path))
      }
    }
    return out
  }

  /// The actions that change a state path, most changes first, one per action path: the
  /// same path under two roots (two logs of different apps) was listed twice, with nothing
  /// to tell them apart; its changes now count together. Ties keep their order.
  static func topActions(_ byAction: some Sequence<(String, Int)>) -> [ActionChange] {
    var merged: [ActionChange] = []
    var position: [String: Int] = [:]
    for (path, changes) in byAction {
      if let i = position[path] {
        merged[i].changes += changes
      } else {
        position[path] = merged.count
        merged.append(ActionChange(action: path, changes: changes))
      }
    }
    return merged.enumerated().sorted {
      $0.element.changes != $1.element.changes ? $0.element.changes > $1.element.changes : $0.offset < $1.offset
    }.map(\.element)
  }

  /// State paths ranked by changes, with the actions that change each most; the rows
  /// shown and how many were cut.
  fileprivate static func stateRows(_ summary: ReportSummary, options: ReportOptions) -> (
    rows: [StateRow], hidden: Int
  ) {
    var states = summary.states.map { s in
      StateRow(
        path: s.path, changes: s.changes, distinctPaths: s.distinctPaths,
        topActions: Array(topActions(s.byAction.lazy.map { (summary.actions[$0.action].path, $0.changes) }).prefix(3)))
    }
    states.sort { $0.changes != $1.changes ? $0.changes > $1.changes : $0.path < $1.path }
    let totalChanges = states.reduce(0) { $0 + $1.changes }
    let shownStates = states.filter {
      totalChanges == 0 || Double($0.changes) / Double(totalChanges) >= options.minShare
    }.prefix(options.top)
    return (Array(shownStates), states.count - shownStates.count)
  }
}

/// What a filter repository already silences in this log.
package struct SilencedShare: Sendable, Equatable {
  /// Complete records its entries silence.
  package var records = 0
  /// Their lines.
  package var lines = 0
  /// Per entry, most lines first.
  package var entries: [SilencedEntry] = []
}

/// One filter entry and what it silences in this log.
package struct SilencedEntry: Sendable, Equatable {
  /// The entry's name in the repository.
  package var name: String
  /// Complete records it silences.
  public var records: Int
  /// Their lines.
  public var lines: Int
}

/// What the report keeps at each node of its action tree.
struct ActionNode {
  /// The prefix, a slice of one leaf path's storage (made a `String` only for a shown row).
  var path: Substring
  var stats = ActionStats()
  /// Records whose path is exactly this node's.
  var own = ActionStats()
  var silencedBy: [String] = []
  var silencedLines = 0
}

/// Action paths (over all roots) as a tree of prefixes; node 0 is the root (no path).
typealias ActionTree = PrefixTree<ActionNode>

extension ActionTree {
  init(leaves: [String: ActionStats], silencedBy: [String: String]) {
    self.init(root: ActionNode(path: ""))
    for (path, stats) in leaves.sorted(by: { $0.key < $1.key }) {
      var parent = 0
      var segmentStart = path.startIndex
      while true {
        let segmentEnd = path[segmentStart...].firstIndex(of: ".") ?? path.endIndex
        let id = child(of: parent, named: path[segmentStart..<segmentEnd]) { ActionNode(path: path[..<segmentEnd]) }
        self[id].stats.add(stats)
        if let name = silencedBy[path] {
          if !self[id].silencedBy.contains(name) {
            self[id].silencedBy.append(name)
            self[id].silencedBy.sort()
          }
          self[id].silencedLines += stats.lines
        }
        parent = id
        if segmentEnd == path.endIndex { break }
        segmentStart = path.index(after: segmentEnd)
      }
      self[parent].own.add(stats)
    }
  }

  func row(of id: Int, level: Int, parent: String?) -> ActionRow {
    let n = nodes[id]
    return ActionRow(
      path: String(n.value.path), isGroup: !n.children.isEmpty, level: level, parentPath: parent, stats: n.value.stats,
      silencedBy: n.value.silencedBy, silencedLines: n.value.silencedLines)
  }
}

extension ActionReport {
  /// Rows with the class of their actions: a group is of one class when all its actions are.
  static func marked(_ rows: [ActionRow], _ classified: [ClassifiedAction]) -> [ActionRow] {
    var work = 0
    return marked(rows, classified, work: &work)
  }

  /// The classes of the actions at one path or under it: none yet, one, or several.
  struct ClassTally {
    var found: ActionClass?
    var mixed = false
    mutating func add(_ actionClass: ActionClass?) {
      guard let actionClass, !mixed else { return }
      if let found, found != actionClass { mixed = true } else { found = actionClass }
    }
    mutating func add(_ other: ClassTally) {
      if other.mixed { mixed = true } else { add(other.found) }
    }
    var actionClass: ActionClass? { mixed ? nil : found }
  }

  /// `marked(_:_:)`, counting its steps in `work` (a step per classified action, per dot in
  /// its path, and per row): linear in the paths' length. Each row was matched against
  /// every classified action, 100,000 distinct paths 10¹⁰ times (over 200 s).
  static func marked(_ rows: [ActionRow], _ classified: [ClassifiedAction], work: inout Int) -> [ActionRow] {
    // Per path: its own actions' classes; per group path: those of the actions under it.
    var own: [String: ClassTally] = [:]
    var under: [String: ClassTally] = [:]
    var keyPaths: [String: [KeyPathShare]] = [:]
    var all = ClassTally()
    let groups = Set(rows.lazy.filter(\.isGroup).map(\.path))
    for c in classified {
      work += 1
      own[c.path, default: ClassTally()].add(c.actionClass)
      all.add(c.actionClass)
      if !c.keyPaths.isEmpty {
        keyPaths[c.path] = c.keyPaths.map {
          KeyPathShare(
            keyPath: $0.keyPath ?? "", records: $0.evidence.records, lines: $0.evidence.lines,
            actionClass: $0.actionClass)
        }
      }
      var prefix = c.path[...]
      while let dot = prefix.lastIndex(of: ".") {
        work += 1
        prefix = prefix[..<dot]
        let path = String(prefix)
        if groups.contains(path) { under[path, default: ClassTally()].add(c.actionClass) }
      }
    }
    return rows.map { row in
      work += 1
      var row = row
      var tally = own[row.path] ?? ClassTally()
      if row.isGroup { tally.add(row.path.isEmpty ? all : under[row.path] ?? ClassTally()) }
      row.actionClass = tally.actionClass
      if !row.isGroup { row.keyPaths = keyPaths[row.path] ?? [] }
      return row
    }
  }

  /// Actions whose busiest second holds at least two records, burstiest first (per path
  /// over all roots: the busiest second of the root with the most).
  static func bursts(_ actions: [ActionSummary]) -> [(path: String, second: Int, count: Int)] {
    var best: [String: (second: Int, count: Int)] = [:]
    for a in actions {
      guard let b = a.burst, b.count >= 2 else { continue }
      if let old = best[a.path], old.count >= b.count { continue }
      best[a.path] = b
    }
    return best.map { (path: $0.key, second: $0.value.second, count: $0.value.count) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.path < $1.path }
      .prefix(5).map { $0 }
  }

  static func buckets(_ perMinute: [(minute: Int, records: Int)]) -> ([Int], Int) {
    guard let first = perMinute.first?.minute, let last = perMinute.last?.minute else { return ([], 1) }
    let span = last - first + 1
    let size = max(1, (span + 39) / 40)
    var buckets = [Int](repeating: 0, count: (span + size - 1) / size)
    for (minute, n) in perMinute { buckets[(minute - first) / size] += n }
    return (buckets, size)
  }
}
