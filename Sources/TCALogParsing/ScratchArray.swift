/// A growable array for the scanner's and the diff parsers' per-record scratch: the state
/// lines of a record, the parsers' frames, paths and leaves (plain values: for them the
/// deinitializations below compile to nothing).
///
/// `Array` checks at every append that its buffer is not shared, and empties itself through
/// `replaceSubrange`; these arrays are never shared (non-copyable, one owner), so an append
/// is a capacity test and a store, and emptying one sets its count. Bounds are checked.
struct ScratchArray<Element>: ~Copyable {
  /// Owned: allocated here, replaced by `grow`, freed in `deinit`.
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 16) {
    self.capacity = Swift.max(capacity, 4)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// The elements. Valid until the next append (which may move them).
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  subscript(index: Int) -> Element {
    @inline(__always)
    unsafeAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "scratch index out of range")
      return UnsafePointer(base + index)
    }
    @inline(__always)
    unsafeMutableAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "scratch index out of range")
      return base + index
    }
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow(to: count &+ 1) }
    (base + count).initialize(to: element)
    count &+= 1
  }

  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let from = elements.baseAddress, elements.count > 0 else { return }
    if count &+ elements.count > capacity { grow(to: count &+ elements.count) }
    (base + count).initialize(from: from, count: elements.count)
    count &+= elements.count
  }

  mutating func append(repeating element: Element, count n: Int) {
    guard n > 0 else { return }
    if count &+ n > capacity { grow(to: count &+ n) }
    (base + count).initialize(repeating: element, count: n)
    count &+= n
  }

  @inline(__always)
  @discardableResult
  mutating func removeLast() -> Element {
    precondition(count > 0, "removeLast of an empty scratch array")
    count &-= 1
    return (base + count).move()
  }

  /// Keeps the first `start` elements (and the memory).
  @inline(__always)
  mutating func truncate(to start: Int = 0) {
    precondition(start >= 0, "negative scratch length")
    guard start < count else { return }
    (base + start).deinitialize(count: count &- start)
    count = start
  }

  /// Sorts the elements in place.
  mutating func sort(by areInIncreasingOrder: (Element, Element) -> Bool) {
    var elements = UnsafeMutableBufferPointer(start: base, count: count)
    elements.sort(by: areInIncreasingOrder)
  }

  private mutating func grow(to minimum: Int) {
    var newCapacity = capacity &* 2
    while newCapacity < minimum { newCapacity &*= 2 }
    let bigger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }
}
