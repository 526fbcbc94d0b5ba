import CByteMasks

/// Counts the brackets `(` `[` `{` against `)` `]` `}` across lines, skipping string
/// literals (`"…"` with escapes, `#"…"#`, and `"""` blocks that span lines). `<` `>` are
/// never brackets (`0..<1`, generics).
struct BracketCounter {
  var depth = 0
  var inTripleQuote = false
  /// A `"` was seen since this was last cleared: a string may have changed how the bytes
  /// after it count.
  var sawQuote = false

  /// As a new counter is: no bracket, string or quote counted yet.
  var isFresh: Bool { depth == 0 && !inTripleQuote && !sawQuote }

  /// Adds the brackets of one line and returns the change in depth.
  @discardableResult
  mutating func add(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    add(text, range, readable: text.count)
  }

  /// `add(_:_:)` for a line that lies in a larger buffer: the `readable` bytes from
  /// `text.baseAddress` (at least `text.count`) may all be read, past the line's end (its
  /// terminator and the next line).
  ///
  /// A line of up to 64 bytes without `"` or `#` (most lines of a TCA state dump:
  /// `id: WindowID(…),`) has its brackets counted by one mask (`tcalog_bracket_delta`):
  /// without a string, the depth changes by its opening brackets less its closing ones.
  /// That way is inlined into the callers' line loops (a call cost about a fifth of a
  /// line's count); any other line goes through `addWithStrings`.
  @discardableResult @inline(__always)
  mutating func add(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, readable: Int) -> Int {
    assert(
      range.lowerBound >= 0 && range.upperBound <= text.count && readable >= text.count,
      "bracket range outside its text")
    let count = range.count
    if !inTripleQuote && count > 0 && count <= 64 && range.lowerBound &+ ((count &+ 15) & ~15) <= readable {
      let counts = tcalog_bracket_delta(text.baseAddress! + range.lowerBound, count)
      if counts.quotes == 0 {
        let delta = Int(counts.delta)
        depth &+= delta
        return delta
      }
    }
    return addWithStrings(text, range, readable: readable)
  }

  /// `add(_:_:readable:)` for a line that may hold a string or is over 64 bytes. Up to 128
  /// bytes, when its strings are plain (no escape, no raw or multi-line string) and hold no
  /// bracket, one mask counts it (`tcalog_bracket_strings`): a tca1 log has such a line in
  /// twelve (`"C010…": WindowState(`, `rawValue: "…"`), which the word loop took about 330
  /// instructions to read. Any other line goes through `addByWords`, and so does every line
  /// where the mask is not SSE2 (not x86-64): its plain-C form reads byte by byte, slower
  /// than the word loop.
  @inline(never)
  mutating func addWithStrings(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, readable: Int) -> Int {
    #if arch(x86_64)
      let count = range.count
      if !inTripleQuote && count > 0 && count <= 128 && range.lowerBound &+ ((count &+ 15) & ~15) <= readable {
        let counts = tcalog_bracket_strings(text.baseAddress! + range.lowerBound, count)
        if counts.exact != 0 {
          if counts.quotes != 0 { sawQuote = true }
          let delta = Int(counts.delta)
          depth &+= delta
          return delta
        }
      }
    #endif
    return addByWords(text, range, readable: readable)
  }

  /// `add(_:_:readable:)` a word at a time, for every line: the last bytes of the range,
  /// fewer than eight, are tested as one word that reaches past its end instead of byte by
  /// byte (the lowest flagged byte of a word is always a real one, so a flag past the end
  /// means none before it).
  @discardableResult @inline(__always)
  mutating func addByWords(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, readable: Int) -> Int {
    // The word loop reads eight bytes at a time up to `range.upperBound`, the last word up
    // to `readable`.
    // Work on locals: the loop runs once per special byte and per word, every line.
    let before = depth
    var depth = self.depth
    var inTripleQuote = self.inTripleQuote
    var sawQuote = self.sawQuote
    defer {
      self.depth = depth
      self.inTripleQuote = inTripleQuote
      self.sawQuote = sawQuote
    }
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      if !inTripleQuote {
        // Most bytes are indentation, names and values: skip eight at a time while a word
        // holds none of the special bytes, else jump straight to the first special one.
        let jump = skipUnflaggedWords(text, from: i, end: end, BracketCounter.specialBits)
        i = jump.index
        if !jump.found {
          if i &+ 8 <= readable {
            let bits = BracketCounter.specialBits(
              UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self))
            i &+= bits == 0 ? 8 : bits.trailingZeroBitCount >> 3
            if i >= end { break }
          } else {
            while i < end && !BracketCounter.isSpecial(text[i]) { i += 1 }
            if i == end { break }
          }
        }
      }
      if inTripleQuote {
        if i + 2 < end, text[i] == ByteText.quote, text[i + 1] == ByteText.quote, text[i + 2] == ByteText.quote {
          inTripleQuote = false
          i += 3
        } else {
          i += 1
        }
        continue
      }
      switch text[i] {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        i += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        i += 1
      case ByteText.quote:
        sawQuote = true
        if i + 2 < end, text[i + 1] == ByteText.quote, text[i + 2] == ByteText.quote {
          inTripleQuote = true
          i += 3
        } else {
          i = BracketCounter.skipString(text, from: i, end: end, raw: false, readable: readable)
        }
      case ByteText.hash where i + 1 < end && text[i + 1] == ByteText.quote:
        sawQuote = true
        i = BracketCounter.skipString(text, from: i + 1, end: end, raw: true, readable: readable)
      default:
        i += 1
      }
    }
    return depth - before
  }

  /// `( ) [ ] { } " #`: the bytes that change the depth or start a string.
  @inline(__always) static var special: ByteSet {
    ByteSet(
      low: 1 << 0x28 | 1 << 0x29 | 1 << 0x22 | 1 << 0x23,
      high: 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64))
  }

  /// Whether any byte of `word` is one of `( ) [ ] { } " #`. Exact: `b | 1` folds `(` into
  /// `)` and `"` into `#`, `b | 0x20` folds `[` into `{` and `]` into `}`, and nothing else
  /// folds into those four; each test is the classic "has a zero byte".
  @inline(__always) static func mayHoldSpecial(_ word: UInt64) -> Bool { specialBits(word) != 0 }

  /// The high bit of each special byte of `word` (in memory order, little-endian), and
  /// possibly of bytes after a special one (a borrow): the lowest set bit is always the
  /// first special byte, so `trailingZeroBitCount >> 3` is its index.
  @inline(__always) static func specialBits(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    let odd = word | ones
    let upper = word | (ones &* 0x20)
    return hasZeroByte(odd ^ (ones &* 0x29)) | hasZeroByte(odd ^ (ones &* 0x23))
      | hasZeroByte(upper ^ (ones &* 0x7B)) | hasZeroByte(upper ^ (ones &* 0x7D))
  }

  @inline(__always) static func isSpecial(_ b: UInt8) -> Bool { special.contains(b) }

  /// The high bit of each `"` and `\` byte of `word` (and perhaps of bytes after one: the
  /// lowest set bit is exact).
  @inline(__always) static func quoteOrBackslashBits(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    return hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x5C))
  }

  /// Given the index of an opening quote, returns the index after the closing one (or
  /// `end` when the string is not closed on this line).
  /// `readable`: as in `add(_:_:readable:)`, the last bytes are tested as one word.
  static func skipString(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, raw: Bool, readable: Int? = nil
  ) -> Int {
    let readable = readable ?? text.count
    var i = start + 1
    while i < end {
      // IDs and names fill most strings: jump to the next `"` or `\`.
      let jump = skipUnflaggedWords(text, from: i, end: end, quoteOrBackslashBits)
      i = jump.index
      if !jump.found && i &+ 8 <= readable {
        let bits = quoteOrBackslashBits(UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self))
        i &+= bits == 0 ? 8 : bits.trailingZeroBitCount >> 3
      }
      guard i < end else { break }
      let b = text[i]
      if raw {
        if b == ByteText.quote, i + 1 < end, text[i + 1] == ByteText.hash { return i + 2 }
      } else {
        if b == ByteText.backslash {
          i += 2
          continue
        }
        if b == ByteText.quote { return i + 1 }
      }
      i += 1
    }
    return end
  }
}
