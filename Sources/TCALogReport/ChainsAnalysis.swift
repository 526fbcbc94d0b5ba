// What sets off what (`tcalog chains`): request → response pairs, loops, chains from an
// action nothing causes, crossings of a feature's boundary, and TCA's performance advice.

/// What sets off what in a log, worked out from its records in order (`ChainsCollector`).
///
/// Records carry times when every complete record has one: windows are then
/// `timedWindow` seconds and latencies are measured; otherwise windows are
/// `recordWindow` records and latencies are nil.
public struct ChainsAnalysis: Sendable {
  /// The window within which a response follows its cause, with times (seconds).
  public static let timedWindow = 3.0
  /// The window without times (complete records).
  public static let recordWindow = 24
  /// Earlier records looked at per record, at most (bounds the cost of a busy second).
  static let lookBack = 64

  /// Median and 95th percentile of a pair's latencies, in seconds.
  public struct Latency: Sendable, Equatable {
    /// The median (the mean of the two middle values for an even count).
    public var median: Double
    /// The 95th percentile (nearest rank).
    public var p95: Double
  }

  /// A request and its response: `response` follows `cause` within the window far more
  /// often than it follows anything else.
  public struct Pair: Sendable, Equatable {
    /// The cause's action path.
    public var cause: String
    /// The response's action path.
    public var response: String
    /// Records of the cause.
    public var causes: Int
    /// Of those, the ones a response answered (the latest cause still waiting takes it).
    public var answered: Int
    /// The others: `causes - answered`.
    public var unanswered: Int { causes - answered }
    /// Their record numbers (`Record.index`, as `records` writes them).
    public var unansweredRecords: [Int]
    /// Of the unanswered, those no later record of the cause followed within the window:
    /// not a request sent again (a search typed on, a cancelled effect) but one left
    /// without its answer.
    public var stranded: Int
    /// Latency from cause to response; nil without times.
    public var latency: Latency?
    /// How many times more often the response follows the cause than any record.
    public var lift: Double
  }

  /// A cycle of pairs (A → B → A, or longer): an effect that feeds itself.
  public struct Loop: Sendable, Equatable {
    /// The action paths around the cycle, starting at its first-seen action.
    public var actions: [String]
    /// Times round the cycle: the fewest answered of its pairs.
    public var cycles: Int
    /// Cycles per minute over the log's span; nil without times.
    public var perMinute: Double?
  }

  /// An action and what its records set off, as a tree.
  public struct ChainNode: Sendable, Equatable {
    /// The action path.
    public var action: String
    /// Records (the root), or the times this step followed its parent (answered).
    public var count: Int
    /// The responses to this action.
    public var next: [ChainNode]
  }

  /// A child feature's non-delegate action that changed state outside the child's own.
  public struct Crossing: Sendable, Equatable {
    /// The action path.
    public var action: String
    /// The child's state, from the action path (`rows[*]`, `destination.settings`).
    public var scope: String
    /// The normalized state path it changed outside that scope.
    public var statePath: String
    /// Records of the action that changed it.
    public var records: Int
  }

  /// One of TCA's performance advice ("Performance" article) that the log breaks.
  public struct Finding: Sendable, Equatable {
    /// Which advice.
    public enum Kind: String, Sendable, Equatable {
      /// An action that changes no state and is always followed at once by another:
      /// logic shared by sending actions.
      case sharedLogic
      /// An action received dozens of times a second.
      case highFrequency
      /// A binding action streaming (ten or more a second).
      case bindingStorm
      /// An action whose records mostly change nothing.
      case noOpFlood
    }
    /// Which advice.
    public var kind: Kind
    /// The action path.
    public var action: String
    /// What shows it, in words with numbers.
    public var evidence: String
  }

  /// Complete records read.
  public var records = 0
  /// Whether every complete record had a time (windows in seconds, latencies measured).
  public var isTimed = false
  /// Complete records with a time: when only some have one (a console prefix on some
  /// lines), the windows are in records, and the output says how many had one.
  public var timedRecords = 0
  /// Seconds from the first to the last record (0 without times).
  public var span = 0.0
  /// Request → response pairs, by cause's first record, then response's.
  public var pairs: [Pair] = []
  /// Cycles of pairs.
  public var loops: [Loop] = []
  /// Trees from actions that are a cause but no response.
  public var chains: [ChainNode] = []
  /// Boundary crossings, most records first.
  public var crossings: [Crossing] = []
  /// Performance findings.
  public var findings: [Finding] = []

  /// Record number of a response → its cause's record number and the pair (in `pairs`).
  var causeOfRecord: [Int: (record: Int, pair: Int)] = [:]

  /// An empty analysis (no records).
  public init() {}

  /// What set off a record: its cause, that cause's cause, and so on back to an action
  /// nothing caused (the user's, as a rule); each as its action path and record number.
  /// Empty when the record answered no pair.
  public func causes(ofRecord record: Int) -> [(action: String, record: Int)] {
    var out: [(action: String, record: Int)] = []
    var at = record
    while let cause = causeOfRecord[at], out.count < 16 {
      out.append((pairs[cause.pair].cause, cause.record))
      at = cause.record
    }
    return out
  }

  init(events: [ChainEvent], counter: RecordCounter, touches: UInt64Map<Int>) {
    records = events.count
    let actionCount = counter.actionCount
    let paths = (0..<actionCount).map { counter.path($0) }
    timedRecords = events.reduce(0) { $0 + ($1.time.isNaN ? 0 : 1) }
    isTimed = !events.isEmpty && timedRecords == events.count
    if isTimed, let first = events.first?.time, let last = events.last?.time { span = max(0, last - first) }
    var pass = PairCounts(events: events, actionCount: actionCount, isTimed: isTimed)
    pass.count()
    let chosen = pass.chosenPairs()
    var firstSeen = [Int](repeating: Int.max, count: actionCount)
    for (i, e) in events.enumerated() where firstSeen[Int(e.action)] == Int.max { firstSeen[Int(e.action)] = i }
    let ordered = chosen.sorted {
      (firstSeen[$0.cause], firstSeen[$0.response]) < (firstSeen[$1.cause], firstSeen[$1.response])
    }
    var pathIndex: [String: Int] = [:]
    for (i, path) in paths.enumerated() where pathIndex[path] == nil { pathIndex[path] = i }
    var matched: [(cause: Int, response: Int, answered: Int)] = []
    for candidate in ordered {
      // An effect's `.failure` answers its request as its `.success` does (and the other
      // way round): one response, two action paths.
      let sibling = Self.resultSibling(paths[candidate.response]).flatMap { pathIndex[$0] }
      let match = pass.match(cause: candidate.cause, response: candidate.response, or: sibling)
      // A cause in bursts (a slider's stream) can sit before most responses and yet
      // go unanswered nearly every time: not "usually followed by" its response.
      guard match.answered * 2 >= pass.counts[candidate.cause] else { continue }
      pairs.append(
        Pair(
          cause: paths[candidate.cause], response: paths[candidate.response], causes: pass.counts[candidate.cause],
          answered: match.answered, unansweredRecords: match.unanswered.map { events[$0].index },
          stranded: pass.stranded(match.unanswered, cause: candidate.cause),
          latency: isTimed ? Self.latency(match.latencies) : nil, lift: candidate.lift))
      matched.append((candidate.cause, candidate.response, match.answered))
      for answer in match.answers {
        causeOfRecord[events[answer.response].index] = (events[answer.cause].index, pairs.count - 1)
      }
    }
    loops = Self.loops(matched, paths: paths, firstSeen: firstSeen, minutes: isTimed && span > 0 ? span / 60 : nil)
    chains = Self.chains(matched, paths: paths, counts: pass.counts, firstSeen: firstSeen)
    crossings = ChildScope.crossings(counter: counter, touches: touches, paths: paths)
    findings = PerformanceAdvice(events: events, paths: paths, isTimed: isTimed).findings()
  }

  /// `x.success` ↔ `x.failure`; nil for any other path.
  static func resultSibling(_ path: String) -> String? {
    if path.hasSuffix(".success") { return path.dropLast(8) + ".failure" }
    if path.hasSuffix(".failure") { return path.dropLast(8) + ".success" }
    return nil
  }

  static func latency(_ values: [Double]) -> Latency? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let n = sorted.count
    let median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    let rank = max(1, Int((0.95 * Double(n)).rounded(.up)))
    return Latency(median: median, p95: sorted[rank - 1])
  }

  /// Cycles of two to four pairs, each once (from its first-seen action).
  static func loops(
    _ matched: [(cause: Int, response: Int, answered: Int)], paths: [String], firstSeen: [Int], minutes: Double?
  ) -> [Loop] {
    var next: [Int: [(Int, Int)]] = [:]
    for m in matched { next[m.cause, default: []].append((m.response, m.answered)) }
    var found: [Loop] = []
    func walk(_ start: Int, _ at: Int, _ path: [Int], _ fewest: Int) {
      for (to, answered) in next[at] ?? [] {
        if to == start && path.count >= 2 {
          let cycles = min(fewest, answered)
          found.append(
            Loop(actions: path.map { paths[$0] }, cycles: cycles, perMinute: minutes.map { Double(cycles) / $0 }))
        } else if path.count < 4 && !path.contains(to) && firstSeen[to] > firstSeen[start] {
          walk(start, to, path + [to], min(fewest, answered))
        }
      }
    }
    for start in next.keys.sorted(by: { firstSeen[$0] < firstSeen[$1] }) { walk(start, start, [start], Int.max) }
    return found
  }

  /// From each cause that is no pair's response, the tree of what follows it.
  static func chains(
    _ matched: [(cause: Int, response: Int, answered: Int)], paths: [String], counts: [Int], firstSeen: [Int]
  ) -> [ChainNode] {
    var next: [Int: [(Int, Int)]] = [:]
    var isResponse = Set<Int>()
    for m in matched {
      next[m.cause, default: []].append((m.response, m.answered))
      isResponse.insert(m.response)
    }
    func node(_ action: Int, count: Int, above: [Int]) -> ChainNode {
      let children = (next[action] ?? []).filter { !above.contains($0.0) && above.count < 6 }
      return ChainNode(
        action: paths[action], count: count,
        next: children.map { node($0.0, count: $0.1, above: above + [action]) })
    }
    return next.keys.filter { !isResponse.contains($0) }.sorted { firstSeen[$0] < firstSeen[$1] }
      .map { node($0, count: counts[$0], above: []) }
  }
}

/// The counting pass of the pair search: for every two actions, how many records of the
/// later one have the earlier one before them within the window, and how far back the
/// nearest one was (a histogram of the delays).
struct PairCounts {
  let events: [ChainEvent]
  let isTimed: Bool
  /// Records per action.
  var counts: [Int]
  /// (A << 32 | B) → records of B with an A before them within the window, the sum of the
  /// distances (records) from the nearest such A, and its delay histogram's slot.
  var precede = UInt64Map<(count: Int, distance: Int, histogram: Int)>()
  /// `PairCounts.buckets` counts per pair: the delays from the nearest A to B.
  var histograms: [Int] = []
  static let buckets = 48
  /// Positions in `events` per action, built for the pair search.
  var positions: [[Int]] = []

  init(events: [ChainEvent], actionCount: Int, isTimed: Bool) {
    self.events = events
    self.isTimed = isTimed
    counts = [Int](repeating: 0, count: actionCount)
  }

  /// The window: seconds with times, records without.
  var window: Double { isTimed ? ChainsAnalysis.timedWindow : Double(ChainsAnalysis.recordWindow) }

  /// Where record `i` lies: its time, or its position without times.
  @inline(__always)
  func at(_ i: Int) -> Double { isTimed ? events[i].time : Double(i) }

  /// Whether record `j` is within the window before record `i`.
  @inline(__always)
  func within(_ j: Int, _ i: Int) -> Bool { at(i) - at(j) <= window }

  mutating func count() {
    var stamp = [Int](repeating: -1, count: counts.count)
    positions = [[Int]](repeating: [], count: counts.count)
    for i in events.indices {
      let b = Int(events[i].action)
      counts[b] += 1
      positions[b].append(i)
      var j = i - 1
      while j >= 0 && i - j <= ChainsAnalysis.lookBack && within(j, i) {
        let a = Int(events[j].action)
        if a != b && stamp[a] != i {
          stamp[a] = i
          let key = UInt64(a) << 32 | UInt64(b)
          var p = precede[key] ?? (0, 0, histograms.count)
          if p.histogram == histograms.count {
            histograms.append(contentsOf: repeatElement(0, count: Self.buckets))
          }
          p.count += 1
          p.distance += i - j
          precede[key, default: p] = p
          let bucket = min(Self.buckets - 1, max(0, Int((at(i) - at(j)) / window * Double(Self.buckets))))
          histograms[p.histogram + bucket] += 1
        }
        j -= 1
      }
    }
  }

  /// Two bands of delays from A to B: the one from the 5th to the 95th percentile's
  /// bucket, and the narrowest run of buckets that holds half of them (a delay that
  /// varies little shows against the records around it only there), with the share of
  /// the delays each holds.
  func bands(_ histogram: Int, count: Int) -> [(low: Double, high: Double, share: Double)] {
    let width = window / Double(Self.buckets)
    let h = Array(histograms[histogram..<histogram + Self.buckets])
    var seen = 0
    var low = 0
    var high = Self.buckets - 1
    var lowFound = false
    for k in 0..<Self.buckets {
      seen += h[k]
      if !lowFound && Double(seen) > 0.05 * Double(count) {
        low = k
        lowFound = true
      }
      if Double(seen) >= 0.95 * Double(count) {
        high = k
        break
      }
    }
    var core = (from: 0, to: Self.buckets - 1, held: count)
    for from in 0..<Self.buckets {
      var held = 0
      for to in from..<Self.buckets {
        held += h[to]
        if Double(held) >= 0.5 * Double(count) {
          if to - from < core.to - core.from { core = (from, to, held) }
          break
        }
      }
    }
    return [
      (Double(low) * width, Double(high + 1) * width, 0.9),
      (Double(core.from) * width, Double(core.to + 1) * width, Double(core.held) / Double(count)),
    ]
  }

  /// Positions a share is measured on at most (evenly spaced): the share's error stays
  /// under 1 %, and a 200 MB log's candidates cost a fifth of what all records did.
  static let samples = 4_096

  /// The share of `from` (positions, sampled evenly to `samples` at most) followed by a
  /// record of `b` whose delay lies in `band`.
  func followedShare(_ from: [Int], by b: Int, in band: (low: Double, high: Double)) -> Double {
    guard !from.isEmpty else { return 0 }
    let targets = positions[b]
    let step = max(1, from.count / Self.samples)
    var hits = 0
    var tried = 0
    var k = 0
    while k < from.count {
      let i = from[k]
      tried += 1
      // The first record of b after i.
      var lo = 0
      var hi = targets.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if targets[mid] <= i { lo = mid + 1 } else { hi = mid }
      }
      var steps = 0
      while lo < targets.count && at(targets[lo]) - at(i) < band.low && steps < ChainsAnalysis.lookBack {
        lo += 1
        steps += 1
      }
      if lo < targets.count && at(targets[lo]) - at(i) >= band.low && at(targets[lo]) - at(i) <= band.high { hits += 1 }
      k += step
    }
    return Double(hits) / Double(tried)
  }

  /// Per response, its most specific cause: the candidate with the highest lift (within
  /// a tenth, the nearer one). A candidate precedes at least 60 % of the response's
  /// records, both have three records or more, and in one of its two bands of delays
  /// (`bands`) it is followed by the response in at least half the share of delays the
  /// band holds, and at least twice as often as records are in general (the lift): a timer
  /// that precedes everything is followed by the response no more often than anything else.
  func chosenPairs() -> [(cause: Int, response: Int, lift: Double)] {
    let everyRecord = Array(events.indices)
    var best: [Int: (cause: Int, lift: Double, distance: Double)] = [:]
    for (key, p) in zip(precede.keys, precede.values) {
      let a = Int(key >> 32)
      let b = Int(key & 0xFFFF_FFFF)
      guard counts[a] >= 3, counts[b] >= 3, Double(p.count) >= 0.6 * Double(counts[b]) else { continue }
      var lift = 0.0
      for band in bands(p.histogram, count: p.count) {
        let followed = followedShare(positions[a], by: b, in: (band.low, band.high))
        guard followed >= 0.5 * band.share else { continue }
        let base = max(followedShare(everyRecord, by: b, in: (band.low, band.high)), 1 / Double(events.count))
        lift = max(lift, followed / base)
      }
      guard lift >= 2 else { continue }
      let distance = Double(p.distance) / Double(p.count)
      if let current = best[b] {
        let better =
          lift > current.lift * 1.1
          || (lift >= current.lift / 1.1 && (distance, a) < (current.distance, current.cause))
        if !better { continue }
      }
      best[b] = (a, lift, distance)
    }
    return best.map { (cause: $0.value.cause, response: $0.key, lift: $0.value.lift) }
  }

  /// How many of the unanswered positions of `cause` no later record of it follows
  /// within the window.
  func stranded(_ unanswered: [Int], cause: Int) -> Int {
    let later = positions[cause]
    var count = 0
    var k = 0
    for u in unanswered {
      while k < later.count && later[k] <= u { k += 1 }
      if k == later.count || !within(u, later[k]) { count += 1 }
    }
    return count
  }

  /// Answers each response with the most recent record of the cause still waiting within
  /// the window before it (a cause sent again before its answer, as a search typed on,
  /// leaves the earlier one unanswered); a cause no response answered within the window
  /// is unanswered (its positions in `events`, in order).
  func match(cause: Int, response: Int, or sibling: Int? = nil) -> (
    answered: Int, unanswered: [Int], latencies: [Double], answers: [(response: Int, cause: Int)]
  ) {
    var waiting: [Int] = []
    var answers: [(response: Int, cause: Int)] = []
    var answered = 0
    var unanswered: [Int] = []
    var latencies: [Double] = []
    for i in events.indices {
      let action = Int(events[i].action)
      if action == cause {
        waiting.append(i)
      } else if action == response || action == sibling, let last = waiting.last {
        guard within(last, i) else {
          unanswered.append(contentsOf: waiting)
          waiting.removeAll(keepingCapacity: true)
          continue
        }
        answered += 1
        answers.append((i, last))
        if isTimed { latencies.append(events[i].time - events[last].time) }
        waiting.removeLast()
      }
    }
    unanswered.append(contentsOf: waiting)
    return (answered, unanswered.sorted(), latencies, answers)
  }
}
