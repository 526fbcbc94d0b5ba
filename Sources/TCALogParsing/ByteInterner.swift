#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives each distinct byte string a small integer id, looked up straight from bytes so
/// that a hit allocates nothing. Memory grows with the distinct strings, not with lookups.
package struct ByteInterner: Sendable {
  private var arena: [UInt8] = []
  /// `ends[id]` is where string `id` ends in `arena`; it starts at `ends[id - 1]` (or 0).
  private var ends: [Int] = []
  private var hashes: [UInt64] = []
  /// Open addressing: id + 1, 0 for empty. Size is a power of two, at most half full.
  private var table: [Int32] = Array(repeating: 0, count: 64)
  /// The string last interned in each of 64 slots (id + 1, 0 for none), placed by three
  /// words of it and its length (`recentSlot`): most lookups repeat one of a few strings
  /// (the action paths of a log, its state paths), which compare faster than they hash.
  private var recent: [Int32] = Array(repeating: 0, count: 64)

  package init() {}

  package var count: Int { ends.count }
  /// The bytes of all strings interned.
  package var byteCount: Int { arena.count }

  /// FNV-style over eight bytes at a time (state paths with UUID keys are 50+ bytes).
  @inline(__always) package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    var i = 0
    let n = bytes.count
    if let base = bytes.baseAddress {
      while i + 8 <= n {
        h = (h ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0x100_0000_01b3
        h ^= h >> 32
        i += 8
      }
    }
    while i < n {
      h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01b3
      i += 1
    }
    return h ^ (h >> 29)
  }

  /// The hash the table is keyed by: sixteen bytes a step through a 128-bit multiply (in
  /// four chains from 64 bytes on), and the last bytes as one overlapping load instead of
  /// byte by byte (paths of 40 to 60 bytes, shapes and action texts of hundreds). Only
  /// where a string sits in the table depends on it, not its id, so it may differ from
  /// `hash(_:)`, whose values sinks keep (value varieties).
  @inline(__always) static func tableHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let n = bytes.count
    guard let base = bytes.baseAddress, n > 0 else { return 0x9E37_79B9_7F4A_7C15 }
    @inline(__always) func load(_ at: Int) -> UInt64 { UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) }
    @inline(__always) func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
      let product = (a ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: b ^ 0xE703_7ED1_A0B4_28DB)
      return product.high ^ product.low
    }
    var h = 0x8EBC_6AF0_9C88_C6E3 ^ UInt64(n)
    if n < 8 {
      // One to seven bytes: three of them (first, middle, last) and the length say enough
      // for a table at most half full; `equals` decides.
      let a = UInt64(base[0]) << 16 | UInt64(base[n >> 1]) << 8 | UInt64(base[n - 1])
      return mix(h ^ a, 0x589_9653_B3A4_E1B7)
    }
    var i = 0
    if n >= 64 {
      // Four independent chains of sixteen bytes: one chain waits on each multiply's
      // result, and the action texts looked up at every record run to hundreds of bytes.
      var a = h
      var b = h ^ 0x2D35_8DCC_AA6C_78A5
      var c = h ^ 0x8BB8_4B93_962E_ACC9
      var d = h ^ 0x4B33_A62E_D433_D4A3
      while i + 64 <= n {
        a = mix(load(i) ^ a, load(i + 8))
        b = mix(load(i + 16) ^ b, load(i + 24))
        c = mix(load(i + 32) ^ c, load(i + 40))
        d = mix(load(i + 48) ^ d, load(i + 56))
        i += 64
      }
      h = mix(mix(a, b) ^ c, d)
    }
    while i + 16 <= n {
      h = mix(load(i) ^ h, load(i + 8))
      i += 16
    }
    // The rest, by loads that end at the last byte (overlapping bytes already mixed).
    let rest = n - i
    if rest > 8 {
      h = mix(load(i) ^ h, load(n - 8))
    } else if rest > 0 {
      h = mix(load(n - 8) ^ h, UInt64(rest))
    }
    return h
  }

  /// A slot of `recent` for `bytes`: its first, middle and last words and its length
  /// (paths that share a start and an end differ in the middle: IDs), or the length
  /// alone below eight bytes.
  @inline(__always) static func recentSlot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let n = bytes.count
    guard n >= 8, let base = bytes.baseAddress else { return n & 63 }
    @inline(__always) func load(_ at: Int) -> UInt64 { UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) }
    let mixed = load(0) ^ (load(n &- 8) &* 31) ^ (load(n >> 1 &- 4) &* 131) ^ UInt64(n)
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 58)
  }

  /// The id of `bytes`, adding it when new.
  package mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let slot = ByteInterner.recentSlot(bytes)
    let last = Int(recent[slot]) &- 1
    if last >= 0 && equals(last, bytes) { return last }
    let id = lookUpOrAdd(bytes)
    recent[slot] = Int32(truncatingIfNeeded: id &+ 1)
    return id
  }

  private mutating func lookUpOrAdd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let h = ByteInterner.tableHash(bytes)
    let mask = table.count - 1
    var slot = Int(truncatingIfNeeded: h) & mask
    while true {
      let entry = Int(table[slot])
      if entry == 0 { break }
      let id = entry - 1
      if hashes[id] == h && equals(id, bytes) { return id }
      slot = (slot + 1) & mask
    }
    let id = ends.count
    arena.append(contentsOf: bytes)
    ends.append(arena.count)
    hashes.append(h)
    table[slot] = Int32(id + 1)
    if ends.count * 2 > table.count { grow() }
    return id
  }

  package mutating func intern(_ string: String) -> Int {
    var string = string
    return string.withUTF8 { intern($0) }
  }

  private func equals(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = id == 0 ? 0 : ends[id - 1]
    let end = ends[id]
    guard end - start == bytes.count else { return false }
    return arena.withUnsafeBufferPointer { arena in
      guard bytes.count > 0 else { return true }
      return memcmpBytes(arena.baseAddress! + start, bytes.baseAddress!, bytes.count)
    }
  }

  private mutating func grow() {
    var newTable = [Int32](repeating: 0, count: table.count * 2)
    let mask = newTable.count - 1
    for id in 0..<ends.count {
      var slot = Int(truncatingIfNeeded: hashes[id]) & mask
      while newTable[slot] != 0 { slot = (slot + 1) & mask }
      newTable[slot] = Int32(id + 1)
    }
    table = newTable
  }

  package func string(_ id: Int) -> String {
    let start = id == 0 ? 0 : ends[id - 1]
    return arena.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<ends[id]]), as: UTF8.self)
    }
  }
}

@inline(__always) private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
  // Action shapes run to hundreds of bytes: libc's vectorized memcmp takes 32 or more a
  // step, where a word loop took eight (a sixth of the interner's instructions); below 32
  // bytes the call costs more than the word compare.
  n >= 32 ? memcmp(a, b, n) == 0 : ByteText.same(a, b, n)
}
