import CByteMasks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input line, valid only as long as the bytes it points into.
@_spi(Scanner) public struct InputLine {
  /// The line without its LF and one CR before it (or, on a last line without LF, at its end).
  @_spi(Scanner) public var content: UnsafeBufferPointer<UInt8>
  /// The line with its terminator (what `bytes` counts and raw output repeats).
  @_spi(Scanner) public var full: UnsafeBufferPointer<UInt8>
  /// 1-based line number in this input.
  @_spi(Scanner) public var number: Int
  /// 0-based byte offset of the line's first byte in this input.
  @_spi(Scanner) public var offset: Int

  /// A line of `full` bytes whose `content` leaves out the terminator.
  @inlinable
  @_spi(Scanner) public init(
    content: UnsafeBufferPointer<UInt8>, full: UnsafeBufferPointer<UInt8>, number: Int, offset: Int
  ) {
    self.content = content
    self.full = full
    self.number = number
    self.offset = offset
  }
}

/// The lines of bytes already in memory (a chunk of a larger input, or a block of whole
/// lines), one `next()` at a time, without copying; `firstLine` and `firstOffset` place the
/// bytes in their input. A cursor, not a method with a closure: the scanner's loop calls
/// `next()` inlined, where a closure per line stayed a call (a tenth of a scan).
///
/// Public, with `InputLine`, for that reason only: Swift 6.3 does not inline `@inlinable`
/// members of a `package` type into other modules (checked: it calls them), and the
/// scanner's loop is in Parsing. `@_spi(Scanner)`: no part of the library's API.
///
/// Line feeds are found 64 bytes at a time as the bits of a mask (`CByteMasks`), then
/// taken bit by bit: lines here are 20 to 30 bytes long, and a `memchr` call per line cost
/// a fifth of a `records --stats` scan in wall time.
@_spi(Scanner) public struct LineSplitter {
  @usableFromInline let base: UnsafePointer<UInt8>?
  @usableFromInline let end: Int
  @usableFromInline let firstOffset: Int
  /// Where the next line starts.
  @usableFromInline var start = 0
  /// The line feeds of the 64 bytes from `window` not yet taken (the first `next()` moves
  /// the window to 0).
  @usableFromInline var window = -64
  @usableFromInline var feeds: UInt64 = 0
  @usableFromInline var lastNumber: Int
  /// The number of the line `next()` returned last.
  @inlinable @_spi(Scanner) public var number: Int { lastNumber }

  /// The lines of `bytes`, the first numbered `firstLine` at offset `firstOffset`.
  @inlinable
  @_spi(Scanner) public init(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, firstOffset: Int = 0) {
    base = bytes.baseAddress
    end = bytes.isEmpty ? 0 : bytes.count
    self.firstOffset = firstOffset
    lastNumber = firstLine - 1
  }

  /// The next line; nil after the last.
  @inlinable
  @inline(__always)
  @_spi(Scanner) public mutating func next() -> InputLine? {
    guard let base, start < end else { return nil }
    if feeds == 0 {
      // Values in and out, not `self`: a call given the splitter's address kept all of
      // it in memory around every line.
      (window, feeds) = LineSplitter.feeds(base, after: window, end: end)
      if feeds == 0 { return lastLine(base) }
    }
    // Wrapping arithmetic: every value lies inside the buffer, and each checked operation
    // was a branch per line.
    let lineStart = start
    let lineEnd = window &+ feeds.trailingZeroBitCount &+ 1
    feeds &= feeds &- 1
    // Without its LF, and one CR before it.
    var contentCount = lineEnd &- 1 &- lineStart
    if contentCount > 0 && base[lineStart &+ contentCount &- 1] == 0x0D { contentCount &-= 1 }
    lastNumber &+= 1
    start = lineEnd
    return InputLine(
      content: UnsafeBufferPointer(start: base + lineStart, count: contentCount),
      full: UnsafeBufferPointer(start: base + lineStart, count: lineEnd &- lineStart), number: lastNumber,
      offset: firstOffset &+ lineStart)
  }

  /// Where the next line starts, as an offset in the bytes.
  @inlinable @_spi(Scanner) public var nextLineStart: Int { start }

  /// Passes over `count` whole lines that a caller read itself, up to `position` (where
  /// the line after them starts: just after a line feed). `next()` then returns the line
  /// at `position`, numbered as if the lines had been taken one by one.
  @inlinable
  @_spi(Scanner) public mutating func skip(to position: Int, lines count: Int) {
    precondition(position >= start && position <= end, "skip outside the bytes")
    lastNumber &+= count
    start = position
    let shift = position &- window
    if shift >= 64 {
      // The next search starts at `position` (`feeds` looks from `window + 64`).
      window = position &- 64
      feeds = 0
    } else if shift > 0 {
      // Line feeds before `position` are taken.
      feeds &= ~0 << UInt64(shift)
    }
  }

  /// The next 64-byte window after `window` that holds a line feed, and its line feeds;
  /// zero feeds past the end of the bytes. Not inlinable: the C mask stays in this module,
  /// so `next()` is small enough to be inlined into its caller's loop (with the C call
  /// inside, it was not).
  @usableFromInline
  static func feeds(_ base: UnsafePointer<UInt8>, after window: Int, end: Int) -> (window: Int, feeds: UInt64) {
    var window = window
    while true {
      window += 64
      guard window < end else { return (window, 0) }
      let feeds = tcalog_byte_mask_upto64(base + window, end - window, 0x0A)
      if feeds != 0 { return (window, feeds) }
    }
  }

  /// A last line without LF: one CR at its end goes too.
  @inlinable
  mutating func lastLine(_ base: UnsafePointer<UInt8>) -> InputLine {
    let lineStart = start
    var contentCount = end - lineStart
    if base[end - 1] == 0x0D { contentCount -= 1 }
    lastNumber += 1
    start = end
    return InputLine(
      content: UnsafeBufferPointer(start: base + lineStart, count: contentCount),
      full: UnsafeBufferPointer(start: base + lineStart, count: end - lineStart), number: lastNumber,
      offset: firstOffset + lineStart)
  }
}

/// Splits a byte stream into lines, reading large chunks; a line is moved
/// only when it reaches the end of the buffer. Memory is one buffer, which grows only for a
/// line longer than it. Not `Sendable`: one thread at a time reads lines from it.
package final class LineReader {
  /// Where the next `forEachBlock` reads from: a worker that reads many ranges of a file
  /// keeps one reader (and its buffer, whose pages are already mapped) and sets this.
  package var source: ByteSource
  /// Owned: allocated here, replaced when a line outgrows it, freed in `deinit`. The lines
  /// handed to `body` point into it, so they are valid only during that call: the next
  /// read moves or overwrites the bytes.
  private var buffer: UnsafeMutableRawPointer
  private var capacity: Int
  /// The longest line read, in bytes: a longer one ends the read with `LineTooLong`, so
  /// that memory stays bounded (`/dev/zero`, a gzip bomb of zeros grew by 100 MB/s).
  private let lineCap: Int

  package init(source: ByteSource, chunkSize: Int = 1 << 20, lineCap: Int = LineTooLong.defaultCap) {
    self.source = source
    capacity = max(chunkSize, 16)
    buffer = .allocate(byteCount: capacity, alignment: 16)
    self.lineCap = lineCap
  }

  deinit { buffer.deallocate() }

  /// Calls `body` with the input in blocks of whole lines, in order, as they are read
  /// (the last block's last line may lack a newline); `body` returns how many lines the
  /// block held, for the next block's `firstLine`. A block is valid only during the call.
  package func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>, _ firstLine: Int, _ firstOffset: Int) throws -> Int)
    throws
  {
    try forEachBlock(restarted: {}, body)
  }

  /// `forEachBlock`, telling `restarted` when a followed file started over (truncated, or
  /// replaced at its name) before the first block of its new bytes: the line it was in the
  /// middle of is dropped (it belonged to the old bytes), and the caller ends the record it
  /// was in, so that nothing of the old file is glued to the new one.
  package func forEachBlock(
    restarted: () throws -> Void,
    _ body: (UnsafeBufferPointer<UInt8>, _ firstLine: Int, _ firstOffset: Int) throws -> Int
  ) throws {
    var start = 0  // first byte of the current, unfinished line
    var end = 0  // end of valid data
    var number = 0
    var offset = 0
    while true {
      if end == capacity {
        if start > 0 {
          memmove(buffer, buffer + start, end - start)
          end -= start
          start = 0
        } else {
          let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
          bigger.copyMemory(from: buffer, byteCount: end)
          buffer.deallocate()
          buffer = bigger
          capacity *= 2
        }
      }
      var readError: Error?
      let n: Int
      let restarts = source.restarts
      do {
        n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
      } catch {
        // A source that fails part way (a cut-off gzip): its last, unfinished line is
        // still input, handed on before the error.
        readError = error
        n = 0
      }
      if source.restarts != restarts {
        // A followed file that started over: its lines count from 1 again, so that a
        // record's line is its line in the file as it now is.
        number = 0
        offset = 0
        // The new bytes were read after the old partial line: move them over it.
        if end > start && n > 0 { memmove(buffer + start, buffer + end, n) }
        end = start
        try restarted()
      }
      // The source is a package protocol: a count beyond the space it was given would make
      // the line scan read past the buffer.
      precondition(n >= 0 && n <= capacity - end, "a byte source returned more bytes than it was given room for")
      if n == 0 {
        if end > start {
          let data = buffer.assumingMemoryBound(to: UInt8.self)
          _ = try body(UnsafeBufferPointer(start: data + start, count: end - start), number + 1, offset)
        }
        if let readError { throw readError }
        return
      }
      let scanFrom = end
      end += n
      // The block ends after the last LF read; the line after it waits for more bytes.
      var lastLF = end - 1
      let data = buffer.assumingMemoryBound(to: UInt8.self)
      while lastLF >= scanFrom && data[lastLF] != 0x0A { lastLF -= 1 }
      guard lastLF >= scanFrom else {
        // The lines before it were handed on; the long line and the rest are not read.
        if end - start > lineCap { throw LineTooLong(cap: lineCap) }
        continue
      }
      let blockEnd = lastLF + 1
      // Only a block longer than the cap can hold a line longer than it (a rare block: the
      // buffer grew for a long line), so common blocks are not searched.
      if blockEnd - start > lineCap,
        let long = LineTooLong.firstLine(
          longerThan: lineCap, in: UnsafeBufferPointer(start: data + start, count: blockEnd - start))
      {
        if long > 0 { _ = try body(UnsafeBufferPointer(start: data + start, count: long), number + 1, offset) }
        throw LineTooLong(cap: lineCap)
      }
      number += try body(UnsafeBufferPointer(start: data + start, count: blockEnd - start), number + 1, offset)
      offset += blockEnd - start
      start = blockEnd
    }
  }
}

/// A line longer than the line cap (with its terminator): the read ends before it (the
/// lines before it were read), however the reads fell. The longest line any reader takes (`LineReader`, the parallel reader's chunks)
/// is the records' size cap, which such a line would pass anyway: past it, an input is no
/// log (`/dev/zero`, a gzip bomb of zeros grew memory by 100 MB/s until the OOM killer).
package struct LineTooLong: Error {
  package static let defaultCap = 64 << 20
  package var cap: Int
  package init(cap: Int) { self.cap = cap }

  /// Where the first line (with its terminator) longer than `cap` starts in `bytes`.
  package static func firstLine(longerThan cap: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress, bytes.count > cap else { return nil }
    var start = 0
    while start < bytes.count {
      let feed = memchr(base + start, 0x0A, bytes.count - start)
      let end = feed.map { UnsafeRawPointer(base).distance(to: $0) + 1 } ?? bytes.count
      if end - start > cap { return start }
      start = end
    }
    return nil
  }

  /// The error that ends the read of `file`.
  package func inputError(file: String) -> InputError {
    let size = cap >= 1 << 20 && cap % (1 << 20) == 0 ? "\(cap >> 20) MiB" : "\(cap) bytes"
    return InputError(file: file, reason: "a line longer than \(size): not a log; read stopped there")
  }
}
