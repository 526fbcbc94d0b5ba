/// A growable byte buffer that appends with `memcpy`.
///
/// The scanner copies every line of a record into one buffer; `Array.append(contentsOf:)`
/// from a buffer pointer spent ~150 instructions per line on that (a tenth of `report`'s
/// time). Non-copyable, so the memory has exactly one owner and is freed once.
struct ByteAccumulator: ~Copyable {
  /// Owned: allocated here, replaced by `grow` and `shrink`, freed in `deinit`.
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  var isEmpty: Bool { count == 0 }

  /// The bytes so far. Valid until the next append or `shrink` (which may move them) and
  /// while the accumulator lives.
  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    if count + n > capacity { grow(to: count + n) }
    if n > 0 { (base + count).update(from: bytes.baseAddress!, count: n) }
    count += n
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    base[count] = byte
    count += 1
  }

  /// Makes room for `n` more bytes and returns where they go: the caller writes them
  /// there, then counts them with `didAppend`, with no other append in between. A loop
  /// that appends a word per line keeps the pointer in a register instead of loading and
  /// checking the accumulator at each word.
  @inline(__always)
  mutating func reserveEnd(_ n: Int) -> UnsafeMutableRawPointer {
    if count + n > capacity { grow(to: count + n) }
    return UnsafeMutableRawPointer(base + count)
  }

  /// Counts `n` bytes written where `reserveEnd` pointed (at most what it reserved).
  @inline(__always)
  mutating func didAppend(_ n: Int) {
    assert(count + n <= capacity, "more bytes than reserveEnd made room for")
    count += n
  }

  /// Empties the buffer and keeps its memory.
  mutating func removeAll() { count = 0 }

  /// Frees memory beyond `limit` bytes (after one huge record, the next small ones need not
  /// keep it).
  mutating func shrink(toAtMost limit: Int) {
    guard capacity > limit, count <= limit else { return }
    let smaller = UnsafeMutablePointer<UInt8>.allocate(capacity: limit)
    smaller.update(from: base, count: count)
    base.deallocate()
    base = smaller
    capacity = limit
  }

  private mutating func grow(to minimum: Int) {
    var newCapacity = capacity * 2
    while newCapacity < minimum { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }
}
