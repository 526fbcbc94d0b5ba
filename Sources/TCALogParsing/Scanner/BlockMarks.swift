import CByteMasks
@_spi(Scanner) import TCALogInput

// What a block of lines is searched for once, not line by line: header candidates, bytes
// over 0x7F, line feeds. The line loop asks it of every line; the runs find their ends
// with it.

/// Two things found in a block of lines by searching the block, not by testing each line:
///
/// - header candidates (`tcalog_next_header_candidate`): every header holds `eceived
///   action`, so a line without one is no header and its header tests are skipped. The
///   block is searched once per candidate, by 64-byte masks of its `v`s, where each line
///   of 16 bytes or more was read by a word loop (for the `action: ` of a one-line
///   `labels` header);
/// - bytes over 0x7F (`tcalog_next_high_byte`): a line without one is ASCII, so valid
///   UTF-8, and only the few lines with one (emoji headers) are decoded.
///
/// Lines are asked about in order; each search starts at the line asked about.
struct BlockMarks {
  let base: UnsafePointer<UInt8>?
  let count: Int
  /// Where the next candidate starts, at or after the start of the last line asked about;
  /// `count` when there is none, -1 before the first search.
  var nextHeader = -1
  /// Where the next byte over 0x7F is, in the same way.
  var nextHigh = -1

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    base = bytes.baseAddress
    count = bytes.count
  }

  /// Whether `line` (of this block) holds a header candidate.
  @inline(__always)
  mutating func lineMayHoldHeader(_ line: InputLine) -> Bool {
    guard let base, let lineStart = line.full.baseAddress else { return false }
    let start = lineStart - base
    if nextHeader < start { nextHeader = tcalog_next_header_candidate(base, start, count) }
    return nextHeader < start &+ line.full.count
  }

  /// Where the next header candidate or byte over 0x7F is, at or after `start` (a line
  /// start): a line that ends, its terminator included, at or before it holds neither, as
  /// `lineMayHoldHeader` and `lineIsASCII` would say of it.
  @inline(__always)
  mutating func plainUntil(from start: Int) -> Int {
    guard let base else { return 0 }
    if nextHeader < start { nextHeader = tcalog_next_header_candidate(base, start, count) }
    if nextHigh < start { nextHigh = tcalog_next_high_byte(base, start, count) }
    return Swift.min(nextHeader, nextHigh)
  }

  /// Where the next header candidate is, at or after `start` (a line start): a line that
  /// ends at or before it holds none, as `lineMayHoldHeader` would say of it.
  @inline(__always)
  mutating func headerFreeUntil(from start: Int) -> Int {
    guard let base else { return 0 }
    if nextHeader < start { nextHeader = tcalog_next_header_candidate(base, start, count) }
    return nextHeader
  }

  /// Whether `line` (of this block, its terminator included) holds only ASCII bytes.
  @inline(__always)
  mutating func lineIsASCII(_ line: InputLine) -> Bool {
    guard let base, let lineStart = line.full.baseAddress else { return true }
    return isASCII(from: lineStart - base, count: line.full.count)
  }

  /// Whether the `count` bytes at `start` (a line of this block, or its end) are valid
  /// UTF-8: each byte over 0x7F is found by the high-byte search (which the next lines
  /// reuse) and its sequence decoded; the bytes between are ASCII.
  @inline(__always)
  mutating func linePartIsValidUTF8(from start: Int, count: Int) -> Bool {
    guard let base else { return true }
    let end = start &+ count
    var at = start
    while !isASCII(from: at, count: end &- at) {
      guard let length = UTF8Validation.sequenceLength(base, at: nextHigh, end: end) else { return false }
      at = nextHigh &+ length
    }
    return true
  }

  /// Whether the `count` bytes at `start` (a line of this block) are all ASCII.
  @inline(__always)
  mutating func isASCII(from start: Int, count: Int) -> Bool {
    guard let base else { return true }
    if nextHigh < start { nextHigh = tcalog_next_high_byte(base, start, self.count) }
    return nextHigh >= start &+ count
  }
}

/// The line feeds of a run of lines in a block, in order, found 64 bytes at a time (one
/// mask per 64 bytes instead of a byte loop per line); only feeds before `limit`.
struct RunLineFeeds {
  let base: UnsafePointer<UInt8>
  let limit: Int
  var window: Int
  var feeds: UInt64 = 0

  /// Feeds from `from`, a line start.
  @inline(__always)
  init(_ base: UnsafePointer<UInt8>, from: Int, limit: Int) {
    self.base = base
    self.limit = limit
    window = from &- 64
  }

  /// The next line feed, not yet passed; nil when none lies before `limit`.
  @inline(__always)
  mutating func next() -> Int? {
    while feeds == 0 {
      window &+= 64
      guard window < limit else { return nil }
      feeds = tcalog_byte_mask_upto64(base + window, limit &- window, 0x0A)
    }
    return window &+ feeds.trailingZeroBitCount
  }

  /// Passes the feed `next` returned.
  @inline(__always)
  mutating func pass() { feeds &= feeds &- 1 }

  /// The line that starts at `start` (where the last line passed ended): its text, without
  /// its terminator (a CR before the LF too), and its length with it; nil when it does not
  /// end before `limit`. Its feed is not passed yet.
  @inline(__always)
  mutating func line(at start: Int) -> (text: UnsafeBufferPointer<UInt8>, full: Int)? {
    guard let feed = next() else { return nil }
    var n = feed &- start
    if n > 0 && base[feed &- 1] == 0x0D { n &-= 1 }
    return (UnsafeBufferPointer(start: base + start, count: n), feed &+ 1 &- start)
  }
}
