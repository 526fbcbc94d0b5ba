/// UTF-8 validation on bytes, once per kept line of a record (FORMATS.md 9.12).
package enum UTF8Validation {
  static func isValid(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isValid($0) }
  }

  /// Most lines are ASCII: their words are tested eight bytes at a time, and decoding
  /// starts at the first byte over 0x7F (a header's emoji), not at the line's start.
  @inline(__always)
  package static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard b.baseAddress != nil else { return true }
    let n = b.count
    var (i, found) = skipUnflaggedWords(b, from: 0, end: n, highBits)
    if !found {
      // The last bytes: the last whole word, overlapping the ones checked (all ASCII, so a
      // sequence starts at `i`); a line under eight bytes byte by byte.
      if n >= 8 {
        return highBits(UnsafeRawPointer(b.baseAddress! + n - 8).loadUnaligned(as: UInt64.self)) == 0
          || decodes(b, from: i)
      }
      while i < n && b[i] < 0x80 { i += 1 }
      found = i < n
    }
    return !found || decodes(b, from: i)
  }

  /// The high bit of each byte over 0x7F (exact).
  @inline(__always) static func highBits(_ word: UInt64) -> UInt64 { word & 0x8080_8080_8080_8080 }

  /// Whether every sequence decodes: no stray continuation byte, overlong form, surrogate
  /// or scalar past U+10FFFF, and no sequence cut at the end. By the lead byte's range and
  /// the second byte's (Unicode's table of well-formed sequences), no scalar assembled.
  /// `from` must be where a sequence starts (an ASCII byte is one): the bytes before it
  /// are taken as checked.
  static func decodes(_ b: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Bool {
    guard let p = b.baseAddress else { return true }
    let n = b.count
    var i = start
    while i < n {
      // ASCII runs eight bytes at a time, straight to the first high byte; the last bytes,
      // fewer than eight, in one tight loop (not a word search per byte).
      i = skipUnflaggedWords(b, from: i, end: n, highBits).index
      while i < n && p[i] < 0x80 { i += 1 }
      guard i < n else { return true }
      guard let length = sequenceLength(p, at: i, end: n) else { return false }
      i += length
    }
    return true
  }

  /// The length of the sequence that starts with the byte over 0x7F at `i` (before `end`),
  /// nil when it does not decode.
  @inline(__always)
  static func sequenceLength(_ p: UnsafePointer<UInt8>, at i: Int, end n: Int) -> Int? {
    let c = p[i]
    @inline(__always) func isContinuation(_ at: Int) -> Bool { p[at] & 0xC0 == 0x80 }
    switch c {
    case 0xC2...0xDF:
      guard i + 1 < n, isContinuation(i + 1) else { return nil }
      return 2
    case 0xE0...0xEF:
      guard i + 2 < n, isContinuation(i + 1), isContinuation(i + 2) else { return nil }
      let second = p[i + 1]
      if c == 0xE0 && second < 0xA0 { return nil }  // overlong
      if c == 0xED && second >= 0xA0 { return nil }  // a surrogate
      return 3
    case 0xF0...0xF4:
      guard i + 3 < n, isContinuation(i + 1), isContinuation(i + 2), isContinuation(i + 3) else { return nil }
      let second = p[i + 1]
      if c == 0xF0 && second < 0x90 { return nil }  // overlong
      if c == 0xF4 && second >= 0x90 { return nil }  // past U+10FFFF
      return 4
    default:
      return nil  // a continuation byte, C0, C1 or F5 and above
    }
  }
}
