public struct SuggestOptions: Sendable {
  /// Share of log lines the suggestions (plus what is already silenced) should remove.
  public var target = 0.8
  /// Actions with fewer records than this share of complete records are kept.
  public var rareShare = 0.005
  /// An action that is the only one to change a state path changed in fewer than this share
  /// of complete records is kept (it carries information nothing else shows).
  public var rareStateShare = 0.01
  /// Group no deeper than this many segments (nil: as deep as the log goes).
  public var depth: Int?
  /// Overrides the root type seen in the log.
  public var root: String?
  public init() {}
}

/// One suggested filter: an action-path prefix under one root type.
public struct Suggestion: Sendable, Equatable {
  public var root: String
  /// The path prefix the filter matches (`windows.window.hover`).
  public var path: String
  /// The Swift name (`windowsWindowHover`), already escaped when needed.
  public var name: String
  public var stats: ActionStats
  /// The observed action paths it covers (more than one or deeper: the filter is broader).
  public var coveredPaths: [String]
  /// Case steps of the prefix as observed (labels, followed value).
  public var steps: [CaseStep]
  /// True when records disagreed about a case's payload shape.
  public var hasShapeConflict: Bool
  /// The `if case` pattern of the closure style (`.windows(.window(_, action: .hover))`).
  public var closurePattern: String
  /// The path the closure pattern actually matches (stops at `binding`).
  public var patternPath: String
  /// The deepest case key path (`\.windows.window`) segments.
  public var keyPathSegments: [String]
  /// Anchored PCRE2 of the prefix for a filter repository.
  public var regex: String { "^" + path.replacingOccurrences(".", "\\.") + "(\\.|$)" }
}

public enum KeepReason: String, Sendable {
  case rare, uniqueState = "unique-state", unsafeName = "unsafe-name", noPath = "no-path", silenced
}

public struct KeptAction: Sendable, Equatable {
  public var root: String?
  public var path: String
  public var stats: ActionStats
  public var reason: KeepReason
  /// For `uniqueState`: the state path only this action changes.
  public var detail: String?
}

/// The suggester's answer: chosen filters, kept actions and the totals they give.
public struct SuggestionSet: Sendable {
  public var suggestions: [Suggestion]
  public var kept: [KeptAction]
  public var statistics: ScanStatistics
  public var options: SuggestOptions
  /// Lines already removed by the silencer.
  public var silencedLines: Int
  public var warnings: [String]
  public var coveredRecords: Int { suggestions.reduce(0) { $0 + $1.stats.count } }
  public var coveredLines: Int { suggestions.reduce(0) { $0 + $1.stats.lines } }
  public var roots: [String] {
    var seen: [String] = []
    for s in suggestions where !seen.contains(s.root) { seen.append(s.root) }
    return seen
  }

  /// Whether an action (root, path) is silenced by the suggestions.
  public func silences(root: String?, path: String) -> Bool {
    suggestions.contains { s in
      root == s.root && (path == s.patternPath || path.hasPrefix(s.patternPath + "."))
    }
  }
}

/// Chooses the smallest set of action-path prefixes whose removal cuts the log by the
/// target share, keeping rare actions and actions that alone change some rarely changed
/// state. Candidates are the broadest prefixes under which every action may go; they are
/// taken by lines, largest first, until the target is reached.
public struct Suggester {
  public var options: SuggestOptions
  public var silencer: (any ActionSilencer)?
  public init(options: SuggestOptions = SuggestOptions(), silencer: (any ActionSilencer)? = nil) {
    self.options = options
    self.silencer = silencer
  }

  struct Node {
    var root: String
    var path: String
    var depth: Int
    var stats = ActionStats()
    var leaves: [Int] = []
    var children: [Int] = []
    var allowed = true
    var hasCandidateLeaf = false
  }

  public func suggest(_ summary: ReportSummary) -> SuggestionSet {
    let records = summary.statistics.completeRecords
    var warnings: [String] = []
    var kept: [KeptAction] = []
    // Actions that alone change a rarely changed state path.
    var uniqueState: [Int: String] = [:]
    for state in summary.states where state.byAction.count == 1 && Double(state.changes) < options.rareStateShare * Double(records) {
      if uniqueState[state.byAction[0].action] == nil { uniqueState[state.byAction[0].action] = state.path }
    }
    // Leaf status: candidate, silenced, or kept.
    enum Status { case candidate, silenced, kept }
    var status = [Status](repeating: .kept, count: summary.actions.count)
    var silencedLines = 0
    for (i, a) in summary.actions.enumerated() {
      let root = options.root ?? a.root
      func keep(_ reason: KeepReason, _ detail: String? = nil) {
        kept.append(KeptAction(root: root, path: a.path, stats: a.stats, reason: reason, detail: detail))
      }
      if let silencer, let entry = silencer.silencingEntry(forActionPath: a.path) {
        status[i] = .silenced
        silencedLines += a.stats.lines
        keep(.silenced, entry)
        continue
      }
      guard !a.path.isEmpty, root != nil else { keep(.noPath); continue }
      guard root.flatMap(SwiftIdentifier.typeName) != nil, let shape = a.shape, Suggester.isSafe(shape, path: a.path) else {
        warnings.append("action path \(TextFormatting.escaped(a.path)) or its root type is not plain Swift identifiers: not suggested")
        keep(.unsafeName)
        continue
      }
      if a.shapeVariants > 1 {
        warnings.append("records of \(a.path) disagree about case payloads; using the most frequent shape")
      }
      if Double(a.stats.count) < options.rareShare * Double(records) { keep(.rare); continue }
      if let state = uniqueState[i] { keep(.uniqueState, state); continue }
      status[i] = .candidate
    }

    // Prefix tree per root.
    var nodes: [Node] = []
    var index: [String: Int] = [:]
    var tops: [Int] = []
    for (i, a) in summary.actions.enumerated() where !a.path.isEmpty {
      guard let root = options.root ?? a.root else { continue }
      var segments = a.path.split(separator: ".").map(String.init)
      // A case key path or pattern cannot go below TCA's BindingAction.
      if let b = segments.firstIndex(of: "binding"), b > 0 { segments = Array(segments[...b]) }
      if let depth = options.depth { segments = Array(segments.prefix(depth)) }
      var parent = -1
      for d in 1...segments.count {
        let path = segments[..<d].joined(separator: ".")
        let key = root + "\u{0}" + path
        let id: Int
        if let existing = index[key] {
          id = existing
        } else {
          id = nodes.count
          nodes.append(Node(root: root, path: path, depth: d))
          index[key] = id
          if parent >= 0 { nodes[parent].children.append(id) } else { tops.append(id) }
        }
        nodes[id].stats.add(a.stats)
        nodes[id].leaves.append(i)
        if status[i] == .kept { nodes[id].allowed = false }
        if status[i] == .candidate { nodes[id].hasCandidateLeaf = true }
        parent = id
      }
    }
    // Maximal allowed nodes are the candidates.
    var candidates: [Int] = []
    func collect(_ id: Int) {
      if nodes[id].allowed {
        if nodes[id].hasCandidateLeaf { candidates.append(id) }
      } else {
        for c in nodes[id].children { collect(c) }
      }
    }
    for t in tops { collect(t) }
    func candidateLines(_ id: Int) -> Int {
      nodes[id].leaves.reduce(0) { $0 + (status[$1] == .candidate ? summary.actions[$1].stats.lines : 0) }
    }
    candidates.sort {
      let a = candidateLines($0), b = candidateLines($1)
      return a != b ? a > b : (nodes[$0].root, nodes[$0].path) < (nodes[$1].root, nodes[$1].path)
    }
    let goal = options.target * Double(summary.statistics.lines)
    var removed = Double(silencedLines)
    var chosen: [Int] = []
    for var c in candidates where removed < goal {
      // No broader than needed: go down while one child holds all of the node's actions.
      while nodes[c].children.count == 1, nodes[nodes[c].children[0]].leaves.count == nodes[c].leaves.count {
        c = nodes[c].children[0]
      }
      chosen.append(c)
      removed += Double(candidateLines(c))
    }

    // Names: camelCase of the segments, segments joined by `_` where two paths collide.
    var suggestions: [Suggestion] = []
    let camel = chosen.map { SwiftIdentifier.camelName(nodes[$0].path.split(separator: ".").map(String.init)) }
    var nameCount: [String: Int] = [:]
    for (i, c) in chosen.enumerated() { nameCount[nodes[c].root + "\u{0}" + camel[i], default: 0] += 1 }
    let taken = Set(silencer?.entryNames ?? [])
    for (i, c) in chosen.enumerated() {
      let node = nodes[c]
      let segments = node.path.split(separator: ".").map(String.init)
      var name = nameCount[node.root + "\u{0}" + camel[i]]! > 1 ? segments.joined(separator: "_") : camel[i]
      if taken.contains(name) { name += "Actions" }
      // The shape of the biggest candidate leaf, cut to the prefix.
      let leaf = node.leaves.filter { status[$0] == .candidate }.max {
        summary.actions[$0].stats.lines < summary.actions[$1].stats.lines
      }!
      var steps = Array(summary.actions[leaf].shape!.prefix(node.depth))
      steps[steps.count - 1].followed = nil
      let covered = node.leaves.filter { status[$0] == .candidate }.map { summary.actions[$0].path }
      var stats = ActionStats()
      for l in node.leaves where status[l] == .candidate { stats.add(summary.actions[l].stats) }
      suggestions.append(Suggestion(
        root: node.root, path: node.path, name: SwiftIdentifier.escaped(name), stats: stats,
        coveredPaths: covered, steps: steps,
        hasShapeConflict: node.leaves.contains { summary.actions[$0].shapeVariants > 1 },
        closurePattern: Suggester.pattern(steps), patternPath: steps.map(\.name).joined(separator: "."),
        keyPathSegments: Suggester.keyPath(steps)))
    }
    kept.sort { $0.stats.lines != $1.stats.lines ? $0.stats.lines > $1.stats.lines : $0.path < $1.path }
    return SuggestionSet(
      suggestions: suggestions, kept: kept, statistics: summary.statistics, options: options,
      silencedLines: silencedLines, warnings: warnings)
  }

  /// Every case name and label is a plain identifier and the steps spell the path.
  static func isSafe(_ steps: [CaseStep], path: String) -> Bool {
    guard !steps.isEmpty, steps.map(\.name).joined(separator: ".") == path else { return false }
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
