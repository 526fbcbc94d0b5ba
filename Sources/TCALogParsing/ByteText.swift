/// Small byte-level helpers shared by the parsers. Lines are `UnsafeBufferPointer<UInt8>`
/// views into the reader's buffer or the scanner's copy of a record; nothing here allocates.
package enum ByteText {
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let colon = UInt8(ascii: ":")
  static let comma = UInt8(ascii: ",")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let hash = UInt8(ascii: "#")
  static let dot = UInt8(ascii: ".")
  static let less = UInt8(ascii: "<")
  static let greater = UInt8(ascii: ">")

  @inline(__always) static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab || b == 0x0D }

  /// The high bit of each byte of `word` that is not a space (exact: the zero-byte test
  /// without borrows, on the word xor spaces), for `skipUnflaggedWords` over indentation.
  @inline(__always) static func nonSpaceBits(_ word: UInt64) -> UInt64 {
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let x = word ^ 0x2020_2020_2020_2020
    return (((x & lows) &+ lows) | x) & ~lows
  }
  /// A letter, `_`, or a byte of a non-ASCII character: Swift identifiers may hold most of
  /// Unicode (`café`, `名前`), and outside string literals a log's action text has non-ASCII
  /// bytes only there (paths are escaped wherever they are written).
  @inline(__always) static func isIdentifierStart(_ b: UInt8) -> Bool {
    (b | 0x20) &- UInt8(ascii: "a") < 26 || b == UInt8(ascii: "_") || b >= 0x80
  }
  @inline(__always) static func isIdentifierBody(_ b: UInt8) -> Bool {
    isIdentifierStart(b) || b &- UInt8(ascii: "0") < 10
  }
  @inline(__always) package static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }
  @inline(__always) static func isLower(_ b: UInt8) -> Bool { b &- UInt8(ascii: "a") < 26 }

  /// `range` without leading and trailing spaces, tabs and CRs.
  @inline(__always)
  static func trimmed(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, isBlank(text[lower]) { lower += 1 }
    while upper > lower, isBlank(text[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  @inline(__always)
  static func trimmedEnd(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    var upper = range.upperBound
    while upper > range.lowerBound, isBlank(text[upper - 1]) { upper -= 1 }
    return range.lowerBound..<upper
  }

  @inline(__always)
  package static func isBlankLine(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < text.count {
      if !isBlank(text[i]) { return false }
      i += 1
    }
    return true
  }

  /// Whether `text[range]` starts with `literal`.
  @inline(__always)
  static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard range.count >= n else { return false }
    return same(text.baseAddress! + range.lowerBound, literal.utf8Start, n)
  }

  @inline(__always)
  static func hasSuffix(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard range.count >= n else { return false }
    return same(text.baseAddress! + range.upperBound - n, literal.utf8Start, n)
  }

  /// Whether the `n` bytes at `a` and `b` are equal: eight at a time, the last eight as one
  /// overlapping word (the literals compared here are 6 to 18 bytes: `State:`,
  /// `Received action:`), below eight byte by byte. The last word first: lines that are
  /// not the one looked for mostly differ at their end.
  @inline(__always)
  static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    guard n >= 8 else {
      for i in 0..<n where a[i] != b[i] { return false }
      return true
    }
    @inline(__always) func word(_ p: UnsafePointer<UInt8>, _ at: Int) -> UInt64 {
      UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self)
    }
    if word(a, n - 8) != word(b, n - 8) { return false }
    var i = 0
    while i < n - 8 {
      if word(a, i) != word(b, i) { return false }
      i += 8
    }
    return true
  }

  @inline(__always)
  static func equals(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
    range.count == literal.utf8CodeUnitCount && hasPrefix(text, range, literal)
  }

  /// Skips an optional emoji (`F0 9F xx xx`, then an optional U+FE0F, then an optional
  /// space) at the start of `range`; returns where the rest begins.
  static func skipEmoji(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, third: UInt8, fourth: UInt8) -> Int {
    var i = range.lowerBound
    guard range.count >= 4, text[i] == 0xF0, text[i + 1] == 0x9F, text[i + 2] == third, text[i + 3] == fourth else {
      return i
    }
    i += 4
    if i + 3 <= range.upperBound, text[i] == 0xEF, text[i + 1] == 0xB8, text[i + 2] == 0x8F { i += 3 }
    if i < range.upperBound, text[i] == space { i += 1 }
    return i
  }

  /// Whether `text[range]` is an identifier (`[A-Za-z_][A-Za-z0-9_]*`).
  static func isIdentifier(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard !range.isEmpty, isIdentifierStart(text[range.lowerBound]) else { return false }
    for i in range.dropFirst() where !isIdentifierBody(text[i]) { return false }
    return true
  }
}

/// The word-at-a-time jump the byte loops share: past whole words in which `flags` marks
/// no byte (the high bit of each byte of a set, the lowest set bit exact), to the first
/// marked byte. Returns its index and true, or the first index from which fewer than eight
/// bytes are left and false (the caller tests those bytes one by one).
@inline(__always)
func skipUnflaggedWords(
  _ text: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, _ flags: (UInt64) -> UInt64
) -> (index: Int, found: Bool) {
  let base = text.baseAddress!
  var i = start
  while i + 8 <= end {
    let bits = flags(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    if bits != 0 { return (i + bits.trailingZeroBitCount >> 3, true) }
    i += 8
  }
  return (i, false)
}

/// A set of ASCII bytes as the bits of two words: one shift and mask per test, no table.
/// The hot loops (atoms, names, brackets) each test one such set per byte. The sets are
/// computed properties with constant masks (not stored `static let`s, whose lazy
/// initialization check ran once per byte), and `ByteScanTests` checks each against its
/// list of characters.
struct ByteSet {
  /// Bit b of `low` is byte b (0–63); bit b of `high` is byte 64 + b (64–127).
  let low: UInt64
  let high: UInt64

  @inline(__always) func contains(_ b: UInt8) -> Bool {
    if b < 64 { return (low >> UInt64(b)) & 1 != 0 }
    if b < 128 { return (high >> UInt64(b - 64)) & 1 != 0 }
    return false
  }
}
