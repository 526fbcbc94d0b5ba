/// A console or logging-system prefix found at the start of a line (FORMATS.md 2.2).
public struct LinePrefixMatch: Equatable, Sendable {
  /// Bytes of the prefix, including the one space that ends it.
  public var length: Int
  /// Where the timestamp is inside the line.
  public var timestamp: Range<Int>
}

/// Recognizes the three line-prefix styles of FORMATS.md 2.2, in their order, on bytes.
/// Written by hand rather than with a regex: it runs on every line.
///
/// Public only so that `match`'s first test is inlined into the scanner's line loop, in
/// another module (Swift does not inline a `package` type's members there).
public enum LinePrefix {
  @inlinable
  public static func match(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    // Every style starts with "dddd-dd-dd"; most lines fail on the first bytes.
    guard line.count >= 20, line[0] &- 0x30 < 10, line[4] == UInt8(ascii: "-") else { return nil }
    return matchStyles(line)
  }

  @usableFromInline
  static func matchStyles(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    unifiedLog(line) ?? nsLog(line) ?? isoTimestamp(line)
  }

  /// Style 1, `log stream`: `ts 0x1a2b  Default  0x0  4242  0  Process: `, optionally
  /// followed by `(Library) ` and `[subsystem:category] `.
  static func unifiedLog(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    var c = Cursor(line)
    guard c.dateAndTime(separator: 0x20, or: 0x20), c.literal(0x2E), c.digits() > 0,
      c.sign(), c.fixedDigits(4)
    else { return nil }
    let timestampEnd = c.position
    guard c.spaces() > 0, c.hexNumber(), c.spaces() > 0, c.letters() > 0, c.spaces() > 0,
      c.hexNumber(), c.spaces() > 0, c.digits() > 0, c.spaces() > 0, c.digits() > 0, c.spaces() > 0
    else { return nil }
    // Process name: [^\s:][^:]* then ':' and a space or the end of the line.
    guard let first = c.peek, first != 0x3A, !isSpace(first) else { return nil }
    _ = c.run(while: { $0 != 0x3A })
    guard c.literal(0x3A) else { return nil }
    if c.atEnd { return LinePrefixMatch(length: c.position, timestamp: 0..<timestampEnd) }
    guard c.literal(0x20) else { return nil }
    // "(Library) ": a name without spaces, so "(No state changes)" is never taken.
    var probe = c
    if probe.literal(0x28), probe.run(while: { $0 != 0x29 && !isSpace($0) }) > 0, probe.literal(0x29),
      probe.literal(0x20)
    {
      c = probe
    }
    probe = c
    if probe.literal(0x5B), probe.run(while: { $0 != 0x5D && $0 != 0x3A && !isSpace($0) }) > 0, probe.literal(0x3A),
      probe.run(while: { $0 != 0x5D }) > 0, probe.literal(0x5D), probe.literal(0x20)
    {
      c = probe
    }
    return LinePrefixMatch(length: c.position, timestamp: 0..<timestampEnd)
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

  /// Style 3, a bare ISO-8601 timestamp and one space.
  static func isoTimestamp(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    var c = Cursor(line)
    guard c.dateAndTime(separator: 0x20, or: UInt8(ascii: "T")) else { return nil }
    var probe = c
    if probe.literal(0x2E), probe.digits() > 0 { c = probe }
    probe = c
    if probe.literal(UInt8(ascii: "Z")) {
      c = probe
    } else if probe.sign(), probe.fixedDigits(2) {
      _ = probe.literal(0x3A)
      if probe.fixedDigits(2) { c = probe }
    }
    let timestampEnd = c.position
    guard c.literal(0x20) else { return nil }
    return LinePrefixMatch(length: c.position, timestamp: 0..<timestampEnd)
  }

  /// The record's `timestamp` form: `T` between date and time, fraction as written,
  /// offset as `±HH:MM` (FORMATS.md 2.2).
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
    // A trailing "+hhmm" (no colon) becomes "+hh:mm".
    var insertsColon = false
    if n >= 5 {
      let signIndex = n - 5
      let sign = text[signIndex]
      insertsColon =
        (sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")) && signIndex > 18
        && isDigit(text[n - 4]) && isDigit(text[n - 3]) && isDigit(text[n - 2]) && isDigit(text[n - 1])
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n + 1) { out in
      guard let base = out.baseAddress, let source = text.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      if insertsColon {
        base.update(from: source, count: n - 2)
        base[n - 2] = UInt8(ascii: ":")
        (base + n - 1).update(from: source + n - 2, count: 2)
      } else {
        base.update(from: source, count: n)
      }
      if n > 10 { base[10] = UInt8(ascii: "T") }
      body(UnsafeBufferPointer(start: base, count: insertsColon ? n + 1 : n))
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
