/// A map from 64-bit keys to values, for the aggregator's per-record lookups (action keys,
/// (state, action) pairs, minutes). `Dictionary` hashes an integer key with SipHash, about
/// 200 instructions a lookup, several times per record; here a key is placed by one
/// multiply. Keys and values are kept in insertion order, in two arrays the caller may
/// read (`keys[i]`, `values[i]`); `map[key, default: v] += 1` changes a value in place.
struct UInt64Map<Value> {
  /// The keys, in the order they were inserted.
  private(set) var keys: [UInt64] = []
  /// The value of `keys[i]`.
  private(set) var values: [Value] = []
  /// Open addressing: index + 1 into `keys`, 0 for empty. Size a power of two, at most
  /// half full.
  private var slots: [Int32] = Array(repeating: 0, count: 16)

  init() {}

  var count: Int { keys.count }

  /// The high half of the product by an odd constant (Fibonacci hashing): every bit of the
  /// key moves it, so keys that differ only in their high 32 bits (a state id above an
  /// action index) still spread.
  @inline(__always)
  private static func slot(of key: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// Where `key`'s value is in `values`, if the map holds it.
  @inline(__always)
  func index(of key: UInt64) -> Int? {
    let mask = slots.count - 1
    var slot = UInt64Map.slot(of: key, mask: mask)
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { return nil }
      if keys[entry - 1] == key { return entry - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Where `key`'s value is in `values`, inserting `value` for it first when it is new.
  @inline(__always)
  mutating func index(of key: UInt64, inserting value: @autoclosure () -> Value) -> Int {
    let mask = slots.count - 1
    var slot = UInt64Map.slot(of: key, mask: mask)
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { break }
      if keys[entry - 1] == key { return entry - 1 }
      slot = (slot + 1) & mask
    }
    let index = keys.count
    keys.append(key)
    values.append(value())
    slots[slot] = Int32(index + 1)
    if keys.count * 2 > slots.count { grow() }
    return index
  }

  /// The value of `key`, nil when the map does not hold it.
  subscript(key: UInt64) -> Value? { index(of: key).map { values[$0] } }

  /// The value of `key`, `value` when the map does not hold it; changing it inserts the
  /// key first (as `Dictionary`'s subscript with a default does), then changes the value
  /// in place.
  subscript(key: UInt64, default value: @autoclosure () -> Value) -> Value {
    get { index(of: key).map { values[$0] } ?? value() }
    _modify {
      let i = index(of: key, inserting: value())
      yield &values[i]
    }
  }

  private mutating func grow() {
    var bigger = [Int32](repeating: 0, count: slots.count * 2)
    let mask = bigger.count - 1
    for (i, key) in keys.enumerated() {
      var slot = UInt64Map.slot(of: key, mask: mask)
      while bigger[slot] != 0 { slot = (slot + 1) & mask }
      bigger[slot] = Int32(i + 1)
    }
    slots = bigger
  }
}

extension UInt64Map: Sendable where Value: Sendable {}
