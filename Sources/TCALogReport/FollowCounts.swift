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
