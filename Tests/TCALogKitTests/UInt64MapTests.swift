import TCALogTestSupport
import Testing

@testable import TCALogReport

/// The aggregator's integer-keyed map agrees with `Dictionary` on every lookup, keeps keys
/// in insertion order, and finds keys that differ only in their high or low half (a state
/// id above an action index) through its growth.
struct UInt64MapTests {
  @Test func agreesWithADictionaryThroughGrowth() {
    var map = UInt64Map<Int>()
    var reference: [UInt64: Int] = [:]
    var order: [UInt64] = []
    var generator = SeededRandom(seed: 0x64_6D_61_70)
    // Keys of the aggregator's shapes: small pairs, high-half only, low-half only, the
    // extremes, negative minutes as bit patterns; many repeats.
    let pools: [() -> UInt64] = [
      { UInt64(Int.random(in: 0..<40, using: &generator)) << 32 | UInt64(Int.random(in: 0..<40, using: &generator)) },
      { UInt64(Int.random(in: 0..<3000, using: &generator)) << 32 },
      { UInt64(Int.random(in: 0..<3000, using: &generator)) },
      { [0, 1, UInt64.max, UInt64.max - 1, 1 << 63][Int.random(in: 0..<5, using: &generator)] },
      { UInt64(bitPattern: Int64(-Int.random(in: 1..<500, using: &generator))) },
    ]
    for _ in 0..<20_000 {
      let key = pools[Int.random(in: 0..<pools.count, using: &generator)]()
      #expect(map[key] == reference[key], "lookup of \(key) before inserting")
      if reference[key] == nil { order.append(key) }
      map[key, default: 0] += 1
      reference[key, default: 0] += 1
    }
    #expect(map.count == reference.count)
    #expect(map.keys == order, "keys in insertion order")
    for (key, value) in reference { #expect(map[key] == value, "\(key)") }
    #expect(map[0xDEAD_BEEF_0000_0001, default: -1] == (reference[0xDEAD_BEEF_0000_0001] ?? -1))
    // Reading with a default inserts nothing.
    #expect(map.count == reference.count)
  }

  @Test func anEmptyMapHoldsNothing() {
    let map = UInt64Map<String>()
    #expect(map.count == 0)
    #expect(map[0] == nil)
    #expect(map.index(of: .max) == nil)
  }
}
