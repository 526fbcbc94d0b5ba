// Crossings and performance findings of `ChainsAnalysis`.

/// A child feature's own state, read from its action path by TCA's scoping conventions
/// (docs/FORMATS.md, section 7): `feature(.x)` ↔ `feature.…`, `.element(id:action:)` ↔
/// `[*]`, `presented` dropped (`destination(.presented(.settings(…)))` ↔
/// `destination.settings.…`). The scope is the longest prefix of the action path, its
/// last case left out, that is a prefix of some state path the log changed.
enum ChildScope {
  /// The action path's segments as state path segments: `element` marks the segment
  /// before it as a collection's element, `presented` is dropped.
  static func stateSegments(_ actionPath: String) -> [String] {
    var out: [String] = []
    for part in actionPath.split(separator: ".", omittingEmptySubsequences: false) {
      if part == "element", !out.isEmpty {
        out[out.count - 1] += "[*]"
      } else if part != "presented" {
        out.append(String(part))
      }
    }
    return out
  }

  /// Whether `path` is `scope` or lies under it (the next character starts a segment).
  static func contains(_ scope: String, _ path: String) -> Bool {
    guard path.hasPrefix(scope) else { return false }
    let rest = path.utf8.dropFirst(scope.utf8.count)
    return rest.isEmpty || rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: "[")
  }

  /// Every prefix of every state path that ends at a segment's end.
  static func prefixes(_ statePaths: [String]) -> Set<String> {
    var out = Set<String>()
    for path in statePaths {
      let bytes = Array(path.utf8)
      for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") {
        if i > 0 { out.insert(String(decoding: bytes[..<i], as: UTF8.self)) }
      }
      out.insert(path)
    }
    return out
  }

  /// Cases that are the parent's to handle: a child's `delegate`, and the presentation
  /// and stack actions of the parent's navigation (`destination(.dismiss)`,
  /// `path(.popFrom(id:))`, `path(.push(id:state:))`), which a parent reacts to by design.
  static let parentCases: Set<Substring> = ["delegate", "dismiss", "popFrom", "push"]

  /// The child's scope of an action path; nil for a root action, an action the parent
  /// handles (`parentCases`), or an action whose path names no state.
  static func scope(of actionPath: String, known: Set<String>) -> String? {
    let segments = stateSegments(actionPath)
    if actionPath.split(separator: ".").contains(where: parentCases.contains) { return nil }
    var k = segments.count - 1
    while k >= 1 {
      let candidate = segments[..<k].joined(separator: ".")
      if known.contains(candidate) { return candidate }
      k -= 1
    }
    return nil
  }

  static func crossings(counter: RecordCounter, touches: UInt64Map<Int>, paths: [String]) -> [ChainsAnalysis.Crossing] {
    let statePaths = (0..<counter.stateCount).map { counter.statePath($0) }
    let known = prefixes(statePaths)
    var scopes: [Int: String?] = [:]
    var out: [ChainsAnalysis.Crossing] = []
    for (key, n) in zip(touches.keys, touches.values) {
      let state = Int(key >> 32)
      let action = Int(key & 0xFFFF_FFFF)
      let scope: String?
      if let s = scopes[action] {
        scope = s
      } else {
        scope = Self.scope(of: paths[action], known: known)
        scopes[action] = scope
      }
      guard let scope, !contains(scope, statePaths[state]) else { continue }
      out.append(.init(action: paths[action], scope: scope, statePath: statePaths[state], records: n))
    }
    return out.sorted { ($1.records, $0.action, $0.statePath) < ($0.records, $1.action, $1.statePath) }
  }
}

/// TCA's performance advice checked against the records (its "Performance" article).
struct PerformanceAdvice {
  let events: [ChainEvent]
  let paths: [String]
  let isTimed: Bool
  /// Records a second (any one-second span) from which an action is "dozens a second".
  static let highFrequency = 24
  /// A binding's records a second from which it storms.
  static let bindingStorm = 10
  /// Records and share of no-ops from which an action floods with no-ops.
  static let noOpRecords = 50
  static let noOpShare = 0.9
  /// Records from which an action that changes nothing is judged shared logic.
  static let sharedRecords = 5

  func findings() -> [ChainsAnalysis.Finding] {
    let n = paths.count
    var count = [Int](repeating: 0, count: n)
    var judged = [Int](repeating: 0, count: n)
    var noOps = [Int](repeating: 0, count: n)
    var nextSame = [Int](repeating: 0, count: n)
    var nextAction = [Int](repeating: -1, count: n)
    var peak = [Int](repeating: 0, count: n)
    var peakAt = [Double](repeating: 0, count: n)
    var recent = [[Double]](repeating: [], count: n)
    var recentHead = [Int](repeating: 0, count: n)
    for (i, e) in events.enumerated() {
      let a = Int(e.action)
      count[a] += 1
      if e.flags & ChainEvent.hasStatePart != 0 { judged[a] += 1 }
      if e.flags & ChainEvent.noOp != 0 { noOps[a] += 1 }
      // What comes at once after each record: the same other action every time?
      if i + 1 < events.count {
        let b = Int(events[i + 1].action)
        if nextAction[a] == -1 { nextAction[a] = b }
        if b == nextAction[a] && b != a { nextSame[a] += 1 }
      }
      if isTimed {
        recent[a].append(e.time)
        while e.time - recent[a][recentHead[a]] >= 1 { recentHead[a] += 1 }
        let inSecond = recent[a].count - recentHead[a]
        if inSecond > peak[a] {
          peak[a] = inSecond
          peakAt[a] = e.time
        }
        if recentHead[a] > 4096 {
          recent[a].removeFirst(recentHead[a])
          recentHead[a] = 0
        }
      }
    }
    var out: [ChainsAnalysis.Finding] = []
    for a in 0..<n {
      let path = paths[a]
      // A child's action followed at once by its delegate is TCA's way to tell the
      // parent, not logic shared by sending actions.
      if count[a] >= Self.sharedRecords && judged[a] == count[a] && noOps[a] == count[a]
        && nextSame[a] >= count[a] - (count[a] > 20 ? count[a] / 20 : 0) && nextAction[a] >= 0
        && !paths[nextAction[a]].split(separator: ".").contains("delegate")
      {
        out.append(
          .init(
            kind: .sharedLogic, action: path,
            evidence:
              "\(count[a]) records change no state; \(nextSame[a]) are followed at once by \(paths[nextAction[a]])"
          ))
      }
      let isBinding = path.hasSuffix("binding.set") || path == "binding" || path.hasSuffix(".binding")
      if isBinding && peak[a] >= Self.bindingStorm {
        out.append(
          .init(kind: .bindingStorm, action: path, evidence: "\(peak[a]) records in one second; \(count[a]) in all"))
      } else if peak[a] >= Self.highFrequency {
        out.append(
          .init(kind: .highFrequency, action: path, evidence: "\(peak[a]) records in one second; \(count[a]) in all"))
      }
      if count[a] >= Self.noOpRecords && judged[a] > 0 && Double(noOps[a]) >= Self.noOpShare * Double(judged[a]) {
        out.append(
          .init(
            kind: .noOpFlood, action: path,
            evidence: "\(noOps[a]) of \(judged[a]) records change nothing"))
      }
    }
    return out
  }
}
