// What follows what, for `ReportAggregator`: the counts by pair and the recent actions.

/// What follows what (`ReportAggregator.follows`): counts by (earlier action, later
/// action), both indexes into the aggregator's actions.
///
/// A record adds up to five pairs, so the first `side` actions (most logs have fewer) are
/// counted in a dense square of plain integers; pairs with a later action fall back to a
/// hash map. Same counts either way; only the cost differs (a hash per pair cost `report`
/// about 6 % of its instructions).
struct FollowCounts: Sendable {
  static let side = 128
  private var dense: [Int] = []
  private var sparse = UInt64Map<Int>()

  @inline(__always)
  mutating func add(from a: Int, to b: Int, _ n: Int = 1) {
    if a < FollowCounts.side && b < FollowCounts.side {
      if dense.isEmpty { dense = [Int](repeating: 0, count: FollowCounts.side * FollowCounts.side) }
      dense.withUnsafeMutableBufferPointer { $0[a &* FollowCounts.side &+ b] &+= n }
    } else {
      sparse[UInt64(a) << 32 | UInt64(b), default: 0] += n
    }
  }

  /// Every pair with a count, in no particular order.
  func forEachPair(_ body: (_ from: Int, _ to: Int, _ count: Int) -> Void) {
    for (i, n) in dense.enumerated() where n > 0 { body(i / FollowCounts.side, i % FollowCounts.side, n) }
    for (key, n) in zip(sparse.keys, sparse.values) { body(Int(key >> 32), Int(key & 0xFFFF_FFFF), n) }
  }
}

/// The last few distinct actions with the ordinal and time of their last record, most
/// recent first (`ReportAggregator.noteFollows`). A fixed ring of plain slots: an array of
/// tuples, with its generic insert and remove, cost `report` 4 % of its instructions.
struct RecentActions: Sendable {
  static let capacity = 6
  struct Entry: Sendable {
    var index: Int
    var ordinal: Int
    /// NaN: the record had no time.
    var time: Double
  }
  private(set) var entries = [Entry](
    repeating: Entry(index: -1, ordinal: 0, time: .nan), count: RecentActions.capacity)
  private(set) var count = 0

  /// The most recent action's index, nil when none yet.
  var first: Int? { count > 0 ? entries[0].index : nil }

  /// Every entry, most recent first.
  func forEachEntry(_ body: (Entry) -> Void) {
    entries.withUnsafeBufferPointer { e in
      for i in 0..<count { body(e[i]) }
    }
  }

  /// Whether `index` had a record at `ordinal` or later.
  func contains(_ index: Int, since ordinal: Int) -> Bool {
    entries.withUnsafeBufferPointer { e in
      for i in 0..<count where e[i].index == index { return e[i].ordinal >= ordinal }
      return false
    }
  }

  /// Puts `index` first (moving it up, or dropping the oldest when full).
  mutating func touch(_ index: Int, ordinal: Int, time: Double) {
    let count = self.count
    let added = entries.withUnsafeMutableBufferPointer { e -> Bool in
      var at = 0
      while at < count && e[at].index != index { at += 1 }
      let isNew = at == count
      var i = min(at, RecentActions.capacity - 1)
      while i > 0 {
        e[i] = e[i - 1]
        i -= 1
      }
      e[0] = Entry(index: index, ordinal: ordinal, time: time)
      return isNew
    }
    if added && count < RecentActions.capacity { self.count += 1 }
  }

  /// The entries with their action indexes mapped and ordinals moved by `offset`.
  func mapped(_ actionMap: [Int], offset: Int) -> RecentActions {
    var out = self
    for i in 0..<count {
      out.entries[i].index = actionMap[entries[i].index]
      out.entries[i].ordinal += offset
    }
    return out
  }
}
