/// A console or logging-system prefix found at the start of a line (FORMATS.md 2.2).
@_spi(Scanner) public struct LinePrefixMatch: Equatable, Sendable {
  /// Bytes of the prefix, including the one space that ends it.
  @_spi(Scanner) public var length: Int
  /// Where the timestamp is inside the line.
  @_spi(Scanner) public var timestamp: Range<Int>
}

/// Recognizes the three line-prefix styles of FORMATS.md 2.2, in their order, on bytes.
/// Written by hand rather than with a regex: it runs on every line.
///
/// Public only so that `match`'s first test is inlined into the scanner's line loop, in
/// another module (Swift does not inline a `package` type's members there), and only to
/// the scanner: `@_spi(Scanner)`, no part of the library's API.
@_spi(Scanner) public enum LinePrefix {
  /// The prefix at the start of `line`, in the first style that matches; nil when none.
  @inlinable
  @_spi(Scanner) public static func match(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    guard mayStart(line) else { return nil }
    return matchStyles(line)
  }

  /// `match`'s first test: every style starts with "dddd-dd-dd", so a line that fails it
  /// has no prefix (most lines fail on their first byte).
  @inlinable
  @inline(__always)
  @_spi(Scanner) public static func mayStart(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.count >= 20 && line[0] &- 0x30 < 10 && line[4] == UInt8(ascii: "-")
  }

  @usableFromInline
  static func matchStyles(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    unifiedLog(line) ?? nsLog(line) ?? isoTimestamp(line)
  }

  /// Style 1, `log stream`: `ts 0x1a2b  Default  0x0  4242  0  Process: `, optionally
  /// followed by `(Library) ` and `[subsystem:category] `. With `log stream` or a printer
  /// that logs line by line, every line has one: written as loops over a local index (the
  /// cursor's matchers, a call and a memory round trip per field, cost 40% of `report` on
  /// such a log). `LinePrefixTests` holds it to the cursor form.
  static func unifiedLog(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    guard let p = line.baseAddress else { return nil }
    let n = line.count
    guard var i = dateAndTimeEnd(p, n) else { return nil }
    // ".ffffff" then "+hhmm".
    guard i < n, p[i] == 0x2E else { return nil }
    var j = skipDigits(p, n, i &+ 1)
    guard j > i &+ 1, j < n, p[j] == 0x2B || p[j] == 0x2D, j &+ 5 <= n, fixedDigits(p, j &+ 1, 4) else { return nil }
    let timestampEnd = j &+ 5
    // Thread, type, activity, PID and TTL columns, each after blanks.
    i = timestampEnd
    j = skipBlanks(p, n, i)
    guard j > i, let thread = hexNumberEnd(p, n, j) else { return nil }
    i = skipBlanks(p, n, thread)
    j = skipLetters(p, n, i)
    guard i > thread, j > i else { return nil }
    i = skipBlanks(p, n, j)
    guard i > j, let activity = hexNumberEnd(p, n, i) else { return nil }
    i = skipBlanks(p, n, activity)
    j = skipDigits(p, n, i)
    guard i > activity, j > i else { return nil }
    i = skipBlanks(p, n, j)
    var k = skipDigits(p, n, i)
    guard i > j, k > i else { return nil }
    i = skipBlanks(p, n, k)
    guard i > k, i < n else { return nil }
    // Process name: [^\s:][^:]* then ':' and a space or the end of the line.
    guard p[i] != 0x3A, !isSpace(p[i]) else { return nil }
    i = find(0x3A, p, n, i)
    guard i < n else { return nil }
    i &+= 1
    if i == n { return LinePrefixMatch(length: i, timestamp: 0..<timestampEnd) }
    guard p[i] == 0x20 else { return nil }
    i &+= 1
    // "(Library) ": a name without spaces, so "(No state changes)" is never taken.
    if i < n && p[i] == 0x28 {
      k = i &+ 1
      while k < n && p[k] != 0x29 && !isSpace(p[k]) { k &+= 1 }
      if k > i &+ 1, k &+ 1 < n, p[k] == 0x29, p[k &+ 1] == 0x20 { i = k &+ 2 }
    }
    // "[subsystem:category] ".
    if i < n && p[i] == 0x5B {
      k = i &+ 1
      while k < n && p[k] != 0x5D && p[k] != 0x3A && !isSpace(p[k]) { k &+= 1 }
      if k > i &+ 1, k < n, p[k] == 0x3A {
        let category = k &+ 1
        k = category
        while k < n && p[k] != 0x5D { k &+= 1 }
        if k > category, k &+ 1 < n, p[k] == 0x5D, p[k &+ 1] == 0x20 { i = k &+ 2 }
      }
    }
    return LinePrefixMatch(length: i, timestamp: 0..<timestampEnd)
  }

  /// Where `dddd-dd-dd dd:dd:dd` starting the line ends (19); nil when the line does not
  /// start so. Its first 16 bytes are tested as two words: digits where `digitMask` has
  /// bytes, the separators where `separatorMask` has them.
  @inline(__always)
  static func dateAndTimeEnd(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
    guard n >= 19 else { return nil }
    @inline(__always) func word(_ at: Int) -> UInt64 { UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self) }
    // A byte is a digit when its high nibble is 3 and its low nibble plus 6 stays under 16
    // (no sum carries into the next byte).
    @inline(__always) func digits(_ w: UInt64, _ mask: UInt64) -> Bool {
      ((w & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030) & mask == 0
        && ((w & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010 & mask == 0
    }
    let date = word(0)  // "dddd-dd-"
    let time = word(8)  // "dd dd:dd"
    guard digits(date, 0x00FF_FF00_FFFF_FFFF), date & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,
      digits(time, 0xFFFF_00FF_FF00_FFFF), time & 0x0000_FF00_00FF_0000 == 0x0000_3A00_0020_0000,
      p[16] == 0x3A, isDigit(p[17]), isDigit(p[18])
    else { return nil }
    return 19
  }

  /// The `count` bytes from `at` are digits (the caller checked they are in the line).
  @inline(__always)
  static func fixedDigits(_ p: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Bool {
    for k in at..<(at &+ count) where !isDigit(p[k]) { return false }
    return true
  }

  // The runs of a prefix (fractions, PIDs, thread IDs, `Default`, the process name) are
  // skipped eight bytes at a time while the line has eight more: a word's bytes that end
  // the run are flagged (`SWAR`), and the first flag is where the run ends. The byte loops
  // cost five to nine instructions a byte, and a prefix is about a hundred bytes.

  @inline(__always)
  static func skipDigits(_ p: UnsafePointer<UInt8>, _ n: Int, _ from: Int) -> Int {
    skipRun(p, n, from, endsIn: SWAR.nonDigits, keeps: isDigit)
  }

  @inline(__always)
  static func skipLetters(_ p: UnsafePointer<UInt8>, _ n: Int, _ from: Int) -> Int {
    skipRun(p, n, from, endsIn: SWAR.nonLetters) { ($0 | 0x20) &- UInt8(ascii: "a") < 26 }
  }

  @inline(__always)
  static func skipHexDigits(_ p: UnsafePointer<UInt8>, _ n: Int, _ from: Int) -> Int {
    skipRun(p, n, from, endsIn: SWAR.nonHexDigits, keeps: isHexDigit)
  }

  /// Where the first `byte` at or after `from` is; `n` when there is none.
  @inline(__always)
  static func find(_ byte: UInt8, _ p: UnsafePointer<UInt8>, _ n: Int, _ from: Int) -> Int {
    skipRun(p, n, from, endsIn: { SWAR.equal($0, byte) }, keeps: { $0 != byte })
  }

  /// Where the run from `from` ends: words while eight bytes are left (`endsIn` flags a
  /// word's bytes that end it), then bytes (`keeps` is the same test for one byte).
  @inline(__always)
  static func skipRun(
    _ p: UnsafePointer<UInt8>, _ n: Int, _ from: Int, endsIn: (UInt64) -> UInt64, keeps: (UInt8) -> Bool
  ) -> Int {
    var i = from
    while i &+ 8 <= n {
      let ends = endsIn(word(p, i))
      if ends != 0 { return i &+ ends.trailingZeroBitCount >> 3 }
      i &+= 8
    }
    while i < n && keeps(p[i]) { i &+= 1 }
    return i
  }

  @inline(__always)
  static func word(_ p: UnsafePointer<UInt8>, _ at: Int) -> UInt64 {
    UnsafeRawPointer(p + at).loadUnaligned(as: UInt64.self)
  }

  /// Blanks (spaces and tabs), spaces eight at a time: `log stream` pads its columns with
  /// dozens.
  @inline(__always)
  static func skipBlanks(_ p: UnsafePointer<UInt8>, _ n: Int, _ from: Int) -> Int {
    var i = from
    while i &+ 8 <= n {
      let x = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
      if x != 0 {
        i &+= x.trailingZeroBitCount >> 3
        break
      }
      i &+= 8
    }
    while i < n && isSpace(p[i]) { i &+= 1 }
    return i
  }

  /// Where `0x` and at least one hex digit from `at` end; nil when they are not there.
  @inline(__always)
  static func hexNumberEnd(_ p: UnsafePointer<UInt8>, _ n: Int, _ at: Int) -> Int? {
    guard at &+ 2 < n, p[at] == UInt8(ascii: "0"), p[at &+ 1] == UInt8(ascii: "x"), isHexDigit(p[at &+ 2]) else {
      return nil
    }
    return skipHexDigits(p, n, at &+ 3)
  }

  /// Style 2, NSLog: `ts Process[4242:1a2b] `.
  static func nsLog(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    var c = Cursor(line)
    guard c.dateAndTime(separator: 0x20, or: 0x20) else { return nil }
    var probe = c
    if probe.literal(0x2E), probe.digits() > 0 { c = probe }
    probe = c
    if probe.sign(), probe.fixedDigits(4) { c = probe }
    let timestampEnd = c.position
    guard c.literal(0x20), c.run(while: { !isSpace($0) && $0 != 0x5B }) > 0, c.literal(0x5B), c.digits() > 0,
      c.literal(0x3A), c.run(while: { isHexDigit($0) || $0 == UInt8(ascii: "x") }) > 0, c.literal(0x5D), c.literal(0x20)
    else { return nil }
    return LinePrefixMatch(length: c.position, timestamp: 0..<timestampEnd)
  }

  /// Style 3, a bare ISO-8601 timestamp and one space. ISO 8601 also allows what loggers
  /// write: a lowercase `t` and `z`, a comma before the fraction (Python's `logging`:
  /// `2026-11-20 10:22:33,123`) and an offset of hours alone (`+01`); these were read as
  /// no prefix, and their records as other lines (issue 54, row 14).
  static func isoTimestamp(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    var c = Cursor(line)
    if !c.dateAndTime(separator: 0x20, or: UInt8(ascii: "T")) {
      c = Cursor(line)
      guard c.dateAndTime(separator: UInt8(ascii: "t"), or: UInt8(ascii: "t")) else { return nil }
    }
    var probe = c
    if probe.literal(0x2E) || probe.literal(UInt8(ascii: ",")), probe.digits() > 0 { c = probe }
    probe = c
    if probe.literal(UInt8(ascii: "Z")) || probe.literal(UInt8(ascii: "z")) {
      c = probe
    } else if probe.sign(), probe.fixedDigits(2) {
      var minutes = probe
      _ = minutes.literal(0x3A)
      c = minutes.fixedDigits(2) ? minutes : probe
    }
    let timestampEnd = c.position
    guard c.literal(0x20) else { return nil }
    return LinePrefixMatch(length: c.position, timestamp: 0..<timestampEnd)
  }

  /// The record's `timestamp` form: `T` between date and time, fraction as written (after
  /// a `.`), offset as `±HH:MM` or `Z` (FORMATS.md 2.2).
  package static func normalizedTimestamp(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    withNormalizedTimestamp(text) { out = Array($0) }
    return out
  }

  /// Calls `body` with the normalized form of `text` in a buffer on the stack (the scanner
  /// normalizes one per record and allocates nothing for it); valid only inside `body`.
  package static func withNormalizedTimestamp(
    _ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let n = text.count
    @inline(__always) func isSign(_ b: UInt8) -> Bool { b == UInt8(ascii: "+") || b == UInt8(ascii: "-") }
    // A trailing "+hhmm" (no colon) becomes "+hh:mm", a trailing "+hh" "+hh:00".
    var insertsColon = false
    var addsMinutes = false
    if n >= 5 {
      insertsColon =
        isSign(text[n - 5]) && n - 5 > 18 && isDigit(text[n - 4]) && isDigit(text[n - 3]) && isDigit(text[n - 2])
        && isDigit(text[n - 1])
    }
    if n >= 3 { addsMinutes = isSign(text[n - 3]) && n - 3 > 18 && isDigit(text[n - 2]) && isDigit(text[n - 1]) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n + 3) { out in
      guard let base = out.baseAddress, let source = text.baseAddress else {
        return body(UnsafeBufferPointer(start: nil, count: 0))
      }
      var count = n
      if insertsColon {
        base.update(from: source, count: n - 2)
        base[n - 2] = UInt8(ascii: ":")
        (base + n - 1).update(from: source + n - 2, count: 2)
        count = n + 1
      } else {
        base.update(from: source, count: n)
        if addsMinutes {
          base[n] = UInt8(ascii: ":")
          base[n + 1] = UInt8(ascii: "0")
          base[n + 2] = UInt8(ascii: "0")
          count = n + 3
        }
      }
      if n > 10 { base[10] = UInt8(ascii: "T") }
      if n > 19 && base[19] == UInt8(ascii: ",") { base[19] = UInt8(ascii: ".") }
      if count > 19 && base[count - 1] == UInt8(ascii: "z") { base[count - 1] = UInt8(ascii: "Z") }
      body(UnsafeBufferPointer(start: base, count: count))
    }
  }

  @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
  @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
  @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
    isDigit(b) || (b | 0x20) &- UInt8(ascii: "a") < 6
  }

  /// A read position over a line with the few matchers the prefix patterns need.
  struct Cursor {
    /// The line being matched, valid while `match` runs.
    let line: UnsafeBufferPointer<UInt8>
    var position = 0
    init(_ line: UnsafeBufferPointer<UInt8>) { self.line = line }

    var atEnd: Bool { position >= line.count }
    var peek: UInt8? { position < line.count ? line[position] : nil }

    /// Non-optional forms of `peek` for the loops: a header line's prefix is about a
    /// hundred bytes, read once per record.
    @inline(__always) mutating func literal(_ byte: UInt8) -> Bool {
      guard position < line.count, line[position] == byte else { return false }
      position += 1
      return true
    }
    @inline(__always) mutating func run(while predicate: (UInt8) -> Bool) -> Int {
      let start = position
      let n = line.count
      while position < n, predicate(line[position]) { position += 1 }
      return position - start
    }
    mutating func digits() -> Int { run(while: LinePrefix.isDigit) }
    /// Blanks, eight spaces at a time (`log stream` pads its columns with dozens).
    mutating func spaces() -> Int {
      let start = position
      let n = line.count
      if let base = line.baseAddress {
        while position + 8 <= n {
          let x = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
          if x != 0 {
            position += x.trailingZeroBitCount >> 3
            break
          }
          position += 8
        }
      }
      while position < n, LinePrefix.isSpace(line[position]) { position += 1 }
      return position - start
    }
    mutating func letters() -> Int { run(while: { ($0 | 0x20) &- UInt8(ascii: "a") < 26 }) }
    mutating func fixedDigits(_ n: Int) -> Bool {
      guard position + n <= line.count else { return false }
      for i in position..<(position + n) where !LinePrefix.isDigit(line[i]) { return false }
      position += n
      return true
    }
    mutating func sign() -> Bool { literal(UInt8(ascii: "+")) || literal(UInt8(ascii: "-")) }
    mutating func hexNumber() -> Bool {
      literal(UInt8(ascii: "0")) && literal(UInt8(ascii: "x")) && run(while: LinePrefix.isHexDigit) > 0
    }
    /// `dddd-dd-dd<sep>dd:dd:dd`, the separator one of two bytes (not an array: a literal
    /// array allocated once per header line).
    mutating func dateAndTime(separator: UInt8, or other: UInt8) -> Bool {
      guard fixedDigits(4), literal(0x2D), fixedDigits(2), literal(0x2D), fixedDigits(2),
        let sep = peek, sep == separator || sep == other
      else { return false }
      position += 1
      return fixedDigits(2) && literal(0x3A) && fixedDigits(2) && literal(0x3A) && fixedDigits(2)
    }
  }
}

/// Byte classes of a little-endian word, eight bytes at once: each function sets the high
/// bit of every byte of the class, and of no other byte (no borrow or carry crosses a
/// byte: the sums are made on the low seven bits, and the high bit is tested apart), so
/// `trailingZeroBitCount >> 3` of the result is the first such byte.
enum SWAR {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080
  static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// Bytes of `w` that are at least `bound` (0x01...0x80), for bytes under 0x80; the high
  /// bit of a byte of 0x80 or more is set anyway.
  @inline(__always)
  static func atLeast(_ w: UInt64, _ bound: UInt8) -> UInt64 {
    (((w & lows) &+ ones &* UInt64(0x80 &- bound)) | w) & highs
  }

  /// Bytes that are not `0`...`9`.
  @inline(__always)
  static func nonDigits(_ w: UInt64) -> UInt64 {
    let digits = atLeast(w, 0x30) & ~atLeast(w, 0x3A) & ~w
    return ~digits & highs
  }

  /// Bytes that are not ASCII letters.
  @inline(__always)
  static func nonLetters(_ w: UInt64) -> UInt64 {
    let folded = w | ones &* 0x20
    let letters = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B) & ~w
    return ~letters & highs
  }

  /// Bytes that are not hex digits (either case).
  @inline(__always)
  static func nonHexDigits(_ w: UInt64) -> UInt64 {
    let folded = w | ones &* 0x20  // digits have 0x20 set already
    let digits = atLeast(w, 0x30) & ~atLeast(w, 0x3A)
    let letters = atLeast(folded, 0x61) & ~atLeast(folded, 0x67)
    return ~((digits | letters) & ~w) & highs
  }

  /// Bytes equal to `byte`.
  @inline(__always)
  static func equal(_ w: UInt64, _ byte: UInt8) -> UInt64 {
    let x = w ^ (ones &* UInt64(byte))
    return ~(((x & lows) &+ lows) | x) & highs
  }
}
