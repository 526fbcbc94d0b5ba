extension Array {
  /// Removes the elements from `start` on and keeps the memory, for the per-record scratch
  /// arrays. `removeAll(keepingCapacity:)` and `removeSubrange` go through
  /// `replaceSubrange`, about 150 instructions even for a handful of elements, once per
  /// array per record; a few elements are removed one by one instead.
  @inline(__always)
  mutating func truncate(to start: Int = 0) {
    let extra = count - start
    guard extra > 0 else { return }
    if extra <= 8 {
      for _ in 0..<extra { removeLast() }
    } else {
      removeSubrange(start...)
    }
  }
}
