import TCALogParsing
import TCALogQuery
import TCALogReport

/// What the suggester aims at and how deep it groups.
public struct SuggestOptions: Sendable {
  /// A floor, not an objective: when the suggestions (plus what is already silenced) remove
  /// less than this share of lines, the output says so and why. Nil: no floor.
  public var target: Double?
  /// Group no deeper than this many segments (nil: as deep as the log goes).
  public var depth: Int?
  /// Overrides the root type seen in the log.
  package var root: String?
  package var classifier = ActionClassifier()
  /// No floor, any depth, the log's root type.
  public init() {}
}

/// One suggested filter: an action-path prefix under one root type.
public struct Suggestion: Sendable, Equatable {
  /// The root action type the filter is written for (`AppFeature.Action`).
  public var root: String
  /// The path prefix the filter matches (`windows.window.hover`).
  public var path: String
  /// The Swift name (`windowsWindowHover`), already escaped when needed.
  public var name: String
  /// The counts of the records it covers.
  public var stats: ActionStats
  /// The observed action paths it covers (more than one or deeper: the filter is broader).
  package var coveredPaths: [String]
  /// Case steps of the prefix as observed (labels, followed value).
  package var steps: [CaseStep]
  /// True when records disagreed about a case's payload shape.
  package var hasShapeConflict: Bool
  /// The `if case` pattern of the closure style (`.windows(.window(_, action: .hover))`).
  package var closurePattern: String
  /// The path the closure pattern actually matches (stops at `binding`).
  package var patternPath: String
  /// The deepest case key path (`\.windows.window`) segments.
  package var keyPathSegments: [String]
  /// The class of the covered actions (noise for active entries, ambiguous for the
  /// commented-out ones) and the evidence in words, per covered path.
  public var actionClass: ActionClass
  /// Why, in words: the evidence of each covered path.
  public var evidence: [String]
  /// For an entry of one key path of a binding (`\.$volume`): the key path. Such an entry
  /// covers only that key path's records, never the whole action path (`covers`), and has
  /// no repository line: a pattern selects action paths (`tcalog filter --key-path`
  /// selects key paths).
  public var keyPath: String? = nil
  /// Anchored PCRE2 of the prefix for a filter repository.
  public var regex: String { "^" + PatternMatcher.literal(patternPath) + "(\\.|$)" }
  /// Whether the filter matches an action path: its pattern path or anything below it (a
  /// key path's entry matches no whole path).
  package func covers(_ path: String) -> Bool {
    keyPath == nil && (path == patternPath || path.hasPrefix(patternPath + "."))
  }
  /// Whether a case key path reaches the whole prefix (else the casepath style uses a pattern).
  package var keyPathReachesPath: Bool { keyPathSegments.joined(separator: ".") == patternPath }
}

/// Why an action path gets no active entry.
package enum KeepReason: String, Sendable {
  case signal, ambiguous
  case unsafeName = "unsafe-name"
  case noPath = "no-path"
  case silenced
  /// A keep line of the filter repository rules it signal: never suggested.
  case keepLine = "keep-line"
}

/// An action path that is not silenced, and why.
package struct KeptAction: Sendable, Equatable {
  /// Its root action type, when the log names it.
  package var root: String?
  /// The action path.
  public var path: String
  /// The counts of its records.
  public var stats: ActionStats
  /// Why it is kept.
  package var reason: KeepReason
  /// For `silenced`: the entry that silences it; for `keepLine`: the keep line; for signal:
  /// the strongest reason.
  package var detail: String?
}

/// The suggester's answer: filters for the noise, commented-out candidates for what is
/// ambiguous, and every action path with its class.
public struct SuggestionSet: Sendable {
  /// Active entries: every action they cover was classified noise, and no keep line covers one.
  public var suggestions: [Suggestion]
  /// Ambiguous actions, for the user to decide (emitted commented out).
  package var candidates: [Suggestion]
  /// Action paths kept, and why.
  package var kept: [KeptAction]
  /// Every action path with its class and evidence.
  public var classified: [ClassifiedAction]
  /// The counts of the log the suggestions come from.
  public var statistics: ScanStatistics
  /// The options the suggestions were made with.
  package var options: SuggestOptions
  /// Lines already removed by the silencer.
  package var silencedLines: Int
  /// Paths that could not be suggested (not plain Swift names), in words.
  package var warnings: [String]
  /// True when the log is too short to classify anything.
  public var isThin: Bool
  /// Complete records the active entries silence.
  public var coveredRecords: Int { suggestions.reduce(0) { $0 + $1.stats.count } }
  /// Lines the active entries silence.
  public var coveredLines: Int { suggestions.reduce(0) { $0 + $1.stats.lines } }
  /// The root types of the entries, in order of first use.
  package var roots: [String] {
    var seen: [String] = []
    for s in suggestions + candidates where !seen.contains(s.root) { seen.append(s.root) }
    return seen
  }

  /// Whether an action (root, path) is silenced by the active suggestions.
  package func silences(root: String?, path: String) -> Bool {
    suggestions.contains { s in
      root == s.root && s.covers(path)
    }
  }

  /// The active entry that silences a path (any root), if one does.
  package func entry(silencing path: String) -> Suggestion? {
    suggestions.first { $0.covers(path) }
  }

  /// Lines of the given class over all lines, leaving out the actions the filter
  /// repository already silences: the shares describe what is left to decide.
  package func lineShare(of actionClass: ActionClass) -> Double {
    let lines = statistics.lines
    guard lines > 0 else { return 0 }
    let silenced = Set(kept.filter { $0.reason == .silenced }.map(\.path))
    return Double(
      classified.filter { $0.actionClass == actionClass && !silenced.contains($0.path) }
        .reduce(0) { $0 + $1.evidence.lines }) / Double(lines)
  }
}

/// Turns the classification into filters an expert would write: one entry per group of
/// noise at the deepest path that covers it, a parent prefix only when every action seen
/// under it is noise, and never an entry over a signal or ambiguous action. Ambiguous
/// actions become commented-out candidates with their evidence.
public struct Suggester {
  /// What it aims at and how deep it groups.
  package var options: SuggestOptions
  /// What a filter repository already silences: not suggested again.
  package var silencer: (any ActionSilencer)?
  /// A suggester with these options and silencer.
  public init(options: SuggestOptions = SuggestOptions(), silencer: (any ActionSilencer)? = nil) {
    self.options = options
    self.silencer = silencer
  }

  /// Deeper action paths are not suggested (patterns and stubs are built per segment).
  static let maxDepth = 64

  /// How an action takes part in grouping.
  enum Status { case noise, ambiguous, blocked, silenced, keyPaths }

  /// What the grouping keeps at a node of its tree: below the tree's root one node per
  /// root type, below each the pattern paths of that root's actions.
  struct Group {
    var root: String
    /// The pattern path (empty on a root type's node).
    var path: String
    /// Segments of `path`.
    var depth: Int
    /// Actions under it (and at it), by index into the summary's actions.
    var leaves: [Int] = []
    /// Actions whose pattern path ends here.
    var ownLeaves: [Int] = []
    /// Every leaf under it is noise or already silenced, and one is noise.
    var noiseOnly = true
    var hasNoise = false
  }

  typealias Tree = PrefixTree<Group>

  /// What each action of the summary is to the grouping, and what is kept and why.
  struct Sorting {
    var status: [Status]
    var kept: [KeptAction] = []
    var warnings: [String] = []
    var silencedLines = 0
  }

  /// Classifies every action path of the summary and groups the noise into entries.
  public func suggest(_ summary: ReportSummary) -> SuggestionSet {
    let classified = options.classifier.classify(summary)
    let classOf = Dictionary(uniqueKeysWithValues: classified.map { ($0.path, $0) })
    var sorting = sort(summary, classOf)
    let tree = tree(summary, status: sorting.status)
    let status = sorting.status
    let linesOf = { (id: Int, wanted: Status) in
      tree[id].leaves.reduce(0) { $0 + (status[$1] == wanted ? summary.actions[$1].stats.lines : 0) }
    }
    func byLines(_ ids: [Int], _ wanted: Status) -> [Int] {
      ids.sorted {
        linesOf($0, wanted) != linesOf($1, wanted)
          ? linesOf($0, wanted) > linesOf($1, wanted) : tree[$0].path < tree[$1].path
      }
    }
    var naming = Naming(taken: Set(silencer?.entryNames ?? []))
    var suggestions = byLines(Self.noiseGroups(tree), .noise).map {
      make(tree[$0], summary, status, .noise, classOf, &naming)
    }
    var candidates = byLines(ambiguousNodes(tree, summary, status), .ambiguous).map {
      make(tree[$0], summary, status, .ambiguous, classOf, &naming)
    }
    // A binding whose key paths disagree: an entry per key path (`Status.keyPaths`).
    for (i, a) in summary.actions.enumerated() where status[i] == .keyPaths {
      guard let c = classOf[a.path] else { continue }
      for (kp, row) in zip(c.keyPaths, a.keyPaths) where kp.actionClass != .signal {
        guard let s = makeKeyPath(a, kp, row, &naming) else { continue }
        if kp.actionClass == .noise { suggestions.append(s) } else { candidates.append(s) }
      }
    }
    sorting.kept.sort { $0.stats.lines != $1.stats.lines ? $0.stats.lines > $1.stats.lines : $0.path < $1.path }
    return SuggestionSet(
      suggestions: suggestions, candidates: candidates, kept: sorting.kept, classified: classified,
      statistics: summary.statistics, options: options, silencedLines: sorting.silencedLines,
      warnings: sorting.warnings, isThin: summary.statistics.completeRecords < options.classifier.policy.minimumRecords)
  }

  /// Each action's part in the grouping: noise and ambiguous actions with a plain-Swift
  /// shape take part; what a filter repository silences is neutral; the rest blocks.
  func sort(_ summary: ReportSummary, _ classOf: [String: ClassifiedAction]) -> Sorting {
    var sorting = Sorting(status: [Status](repeating: .blocked, count: summary.actions.count))
    for (i, a) in summary.actions.enumerated() {
      let root = options.root ?? a.root
      let c = classOf[a.path]
      func keep(_ reason: KeepReason, _ detail: String? = nil) {
        sorting.kept.append(KeptAction(root: root, path: a.path, stats: a.stats, reason: reason, detail: detail))
      }
      if let silencer, let entry = silencer.silencingEntry(forActionPath: a.path) {
        sorting.status[i] = .silenced
        sorting.silencedLines += a.stats.lines
        keep(.silenced, entry)
        continue
      }
      // The user ruled it signal: it blocks every group over it, as signal does, whatever
      // the log's evidence says.
      if let silencer, let keepLine = silencer.keepingEntry(forActionPath: a.path) {
        keep(.keepLine, keepLine)
        continue
      }
      guard !a.path.isEmpty, root != nil else {
        keep(.noPath)
        continue
      }
      let isNoise = c?.actionClass == .noise
      let isAmbiguous = c?.actionClass == .ambiguous
      if isNoise || isAmbiguous {
        // A long path keeps its end, where the cases differ (escaped where it is written).
        let shown = a.path.count > 100 ? "…" + a.path.suffix(99) : a.path
        guard root.flatMap(SwiftIdentifier.typeName) != nil, let shape = a.shape, Suggester.isSafe(shape, path: a.path)
        else {
          sorting.warnings.append("action path \(shown) or its root type is not plain Swift identifiers: not suggested")
          keep(.unsafeName)
          continue
        }
        if a.shapeVariants > 1 {
          sorting.warnings.append("records of \(shown) disagree about case payloads; using the most frequent shape")
        }
      }
      if let c, Set(c.keyPaths.map(\.actionClass)).count > 1 {
        // Its key paths disagree: each gets its own entry, the binding as a whole none.
        sorting.status[i] = .keyPaths
        let each = c.keyPaths.map { "\($0.keyPath ?? "?") \($0.actionClass.rawValue)" }.joined(separator: ", ")
        keep(.ambiguous, "key paths judged one by one: \(each)")
      } else if isNoise {
        sorting.status[i] = .noise
      } else if isAmbiguous {
        sorting.status[i] = .ambiguous
        keep(.ambiguous, c?.reasons.first)
      } else {
        keep(.signal, c?.reasons.first)
      }
    }
    return sorting
  }

  /// Top-down from each first segment (in the order first seen, over all roots), the first
  /// node whose every leaf is noise, made no broader than its leaves (down while one child
  /// holds them all).
  static func noiseGroups(_ tree: Tree) -> [Int] {
    let tops = tree.nodes.indices.filter { tree.nodes[$0].depth == 2 }
    var chosen: [Int] = []
    var stack = tops.reversed() as [Int]
    while let id = stack.popLast() {
      let node = tree.nodes[id]
      if node.value.noiseOnly && node.value.hasNoise {
        var c = id
        while tree.nodes[c].children.count == 1, tree[tree.nodes[c].children[0]].leaves.count == tree[c].leaves.count {
          c = tree.nodes[c].children[0]
        }
        chosen.append(c)
      } else {
        stack.append(contentsOf: node.children.reversed())
      }
    }
    return chosen
  }

  /// Ambiguous actions one by one, at their own pattern path, when nothing but noise and
  /// ambiguous actions is under it (`--depth` or `binding` may merge paths).
  func ambiguousNodes(_ tree: Tree, _ summary: ReportSummary, _ status: [Status]) -> [Int] {
    tree.nodes.indices.filter { id in
      let group = tree[id]
      let own = group.ownLeaves.contains { status[$0] == .ambiguous }
      return own && group.leaves.allSatisfy { status[$0] != .blocked }
    }
  }

  /// Entry names: camelCase of the segments, joined by `_` where two collide, never a
  /// name the filter repository already has, nor one of `ActionFilter`'s own members.
  struct Naming {
    /// The members of the `ActionFilter` type (ACTIONFILTER.md section 2, what
    /// `--include-type` writes): an entry `static var all` in an extension shadows
    /// `ActionFilter.all`, and `.all` then means the entry wherever the extension applies.
    static let members: Set<String> = [
      "all", "not", "anyOf", "allExcept", "isIncluded", "callAsFunction", "init",
    ]
    let taken: Set<String>
    var used = Set<String>()
    mutating func name(_ segments: [String]) -> String {
      var name = SwiftIdentifier.camelName(segments)
      if used.contains(name) { name = segments.joined(separator: "_") }
      while taken.contains(name) || used.contains(name) || Self.members.contains(name) { name += "Actions" }
      used.insert(name)
      return name
    }
  }

  /// The entry for one node: the members of the wanted status under it, with the shape of
  /// the biggest, cut to the node's depth.
  func make(
    _ node: Group, _ summary: ReportSummary, _ status: [Status], _ wanted: Status,
    _ classOf: [String: ClassifiedAction], _ naming: inout Naming
  ) -> Suggestion {
    let members = node.leaves.filter { status[$0] == wanted }
    let name = naming.name(node.path.split(separator: ".").map(String.init))
    let leaf = members.max { summary.actions[$0].stats.lines < summary.actions[$1].stats.lines }!
    var steps = Array(summary.actions[leaf].shape!.prefix(node.depth))
    steps[steps.count - 1].followed = nil
    var stats = ActionStats()
    for l in members { stats.add(summary.actions[l].stats) }
    var paths: [String] = []
    for l in members where !paths.contains(summary.actions[l].path) { paths.append(summary.actions[l].path) }
    let evidence = paths.map { p in "`\(p)`: " + (classOf[p]?.reasons.prefix(4).joined(separator: ", ") ?? "") }
    return Suggestion(
      root: node.root, path: node.path, name: SwiftIdentifier.escaped(name), stats: stats,
      coveredPaths: paths, steps: steps,
      hasShapeConflict: members.contains { summary.actions[$0].shapeVariants > 1 },
      closurePattern: Suggester.pattern(steps), patternPath: steps.map(\.name).joined(separator: "."),
      keyPathSegments: Suggester.keyPath(steps), actionClass: wanted == .noise ? .noise : .ambiguous, evidence: evidence
    )
  }

  /// The entry for one key path of a binding: `if case .feature(.binding(\\.$volume))`
  /// (TCA's `BindingAction` matches a key path by `~=`), named after the path and the key
  /// path. Nil when the path does not end at `binding` in a pattern.
  func makeKeyPath(_ a: ActionSummary, _ kp: ClassifiedAction, _ row: ActionSummary, _ naming: inout Naming)
    -> Suggestion?
  {
    guard let keyPath = kp.keyPath, let root = options.root ?? a.root, let shape = a.shape else { return nil }
    let segments = Suggester.patternSegments(a.path, options)
    guard segments.last == "binding", shape.count >= segments.count else { return nil }
    var steps = Array(shape.prefix(segments.count))
    steps[steps.count - 1].followed = nil
    // The last step is `binding`, written last and bare: the key path goes right after it.
    let pattern = Array(Suggester.pattern(steps).utf8)
    let bare = Array(".binding".utf8)
    guard pattern.count >= bare.count,
      let at = (0...(pattern.count - bare.count)).last(where: { Array(pattern[$0..<($0 + bare.count)]) == bare })
    else { return nil }
    let end = at + bare.count
    let closurePattern =
      String(decoding: pattern[..<end], as: UTF8.self) + "(" + keyPath + ")"
      + String(decoding: pattern[end...], as: UTF8.self)
    let leaf = keyPath.split(separator: ".").last.map { String($0.drop { $0 == "$" }) } ?? "keyPath"
    let name = naming.name(segments + [leaf])
    return Suggestion(
      root: root, path: segments.joined(separator: "."), name: SwiftIdentifier.escaped(name), stats: row.stats,
      coveredPaths: [a.path + " " + keyPath], steps: steps, hasShapeConflict: a.shapeVariants > 1,
      closurePattern: closurePattern, patternPath: segments.joined(separator: "."), keyPathSegments: [],
      actionClass: kp.actionClass == .noise ? .noise : .ambiguous,
      evidence: ["`\(a.path) \(keyPath)`: " + kp.reasons.prefix(4).joined(separator: ", ")], keyPath: keyPath)
  }

  /// The path a pattern can express for an action: cut after `binding` (a struct in TCA,
  /// no case to match below it) and at `--depth`.
  static func patternSegments(_ path: String, _ options: SuggestOptions) -> [String] {
    var segments = path.split(separator: ".", maxSplits: maxDepth + 1).map(String.init)
    if let b = segments.firstIndex(of: "binding") { segments = Array(segments[...b]) }
    if let depth = options.depth { segments = Array(segments.prefix(depth)) }
    return segments
  }

  /// Prefix tree of the pattern paths under their root types; a node knows whether only
  /// noise is under it.
  func tree(_ summary: ReportSummary, status: [Status]) -> Tree {
    var tree = Tree(root: Group(root: "", path: "", depth: 0))
    for (i, a) in summary.actions.enumerated() where !a.path.isEmpty {
      guard let root = options.root ?? a.root else { continue }
      // A deeper (blocked) path still blocks its first `maxDepth` prefixes.
      let segments = Array(Suggester.patternSegments(a.path, options).prefix(Suggester.maxDepth))
      var parent = tree.child(of: 0, named: Substring(root)) { Group(root: root, path: "", depth: 0) }
      var path = ""
      for d in 1...segments.count {
        path = d == 1 ? segments[0] : path + "." + segments[d - 1]
        let id = tree.child(of: parent, named: Substring(segments[d - 1])) { Group(root: root, path: path, depth: d) }
        tree[id].leaves.append(i)
        switch status[i] {
        case .noise: tree[id].hasNoise = true
        case .silenced: break
        case .ambiguous, .blocked, .keyPaths: tree[id].noiseOnly = false
        }
        parent = id
      }
      tree[parent].ownLeaves.append(i)
    }
    return tree
  }

  /// Every case name and label is a plain identifier and the steps spell the path.
  package static func isSafe(_ steps: [CaseStep], path: String) -> Bool {
    // No app nests actions 64 deep; a log that does would make patterns of unbounded size.
    guard !steps.isEmpty, steps.count <= maxDepth, steps.map(\.name).joined(separator: ".") == path else {
      return false
    }
    for (i, step) in steps.enumerated() {
      guard SwiftIdentifier.plain(step.name) == step.name else { return false }
      for label in step.labels { if let label, SwiftIdentifier.plain(label) != label { return false } }
      if i < steps.count - 1 {
        guard let f = step.followed, f < step.labels.count else { return false }
      }
    }
    return true
  }

  /// `.windows(.window(_, action: .hover))`: the last case without payload, values the
  /// path did not follow as `_`. Stops at `binding` (a struct in TCA).
  static func pattern(_ steps: [CaseStep]) -> String {
    func build(_ i: Int) -> String {
      let step = steps[i]
      let name = "." + SwiftIdentifier.escaped(step.name)
      guard i < steps.count - 1, let f = step.followed else { return name }
      if step.labels.count == 1 && step.labels[0] == nil { return name + "(" + build(i + 1) + ")" }
      let parts = step.labels.enumerated().map { j, label in
        j == f ? (label.map { SwiftIdentifier.escaped($0) + ": " } ?? "") + build(i + 1) : "_"
      }
      return name + "(" + parts.joined(separator: ", ") + ")"
    }
    return build(0)
  }

  /// Segments a case key path can reach: into a case's payload only when it is one value.
  static func keyPath(_ steps: [CaseStep]) -> [String] {
    var out: [String] = []
    for (i, step) in steps.enumerated() {
      out.append(step.name)
      if i == steps.count - 1 || step.labels.count != 1 || step.name == "binding" { break }
    }
    return out
  }
}
