#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One input line, valid only during the callback that receives it.
package struct InputLine {
  /// The line without its LF and one CR before it (or, on a last line without LF, at its end).
  package var content: UnsafeBufferPointer<UInt8>
  /// The line with its terminator (what `bytes` counts and raw output repeats).
  package var full: UnsafeBufferPointer<UInt8>
  /// 1-based line number in this input.
  package var number: Int
  /// 0-based byte offset of the line's first byte in this input.
  package var offset: Int

  @inlinable
  package init(content: UnsafeBufferPointer<UInt8>, full: UnsafeBufferPointer<UInt8>, number: Int, offset: Int) {
    self.content = content
    self.full = full
    self.number = number
    self.offset = offset
  }
}

/// Splits a byte stream into lines with `memchr`, reading large chunks; a line is moved
/// only when it reaches the end of the buffer. Memory is one buffer, which grows only for a
/// line longer than it. Not `Sendable`: one thread at a time reads lines from it.
package final class LineReader {
  private let source: ByteSource
  /// Owned: allocated here, replaced when a line outgrows it, freed in `deinit`. The lines
  /// handed to `body` point into it, so they are valid only during that call: the next
  /// read moves or overwrites the bytes.
  private var buffer: UnsafeMutableRawPointer
  private var capacity: Int

  package init(source: ByteSource, chunkSize: Int = 1 << 20) {
    self.source = source
    capacity = max(chunkSize, 16)
    buffer = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit { buffer.deallocate() }

  /// Calls `body` for every line of bytes already in memory (a chunk of a larger input,
  /// or a block of whole lines), without copying; `firstLine` and `firstOffset` place the
  /// bytes in their input. Returns the number of lines. Inlinable: the scanner's per-line
  /// work is inlined into this loop (a closure call and its line value per line were a
  /// tenth of a scan).
  @inlinable @discardableResult
  package static func forEachLine(
    in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, firstOffset: Int = 0, _ body: (InputLine) throws -> Void
  ) rethrows -> Int {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    var start = 0
    var number = firstLine - 1
    let end = bytes.count
    while start < end {
      let lf = memchr(base + start, 0x0A, end - start)
      let lineEnd = lf.map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) + 1 } ?? end
      // Without its LF, and one CR before it (or, on a last line without LF, at its end).
      var contentCount = lf == nil ? lineEnd - start : lineEnd - 1 - start
      if contentCount > 0 && base[start + contentCount - 1] == 0x0D { contentCount -= 1 }
      number += 1
      try body(
        InputLine(
          content: UnsafeBufferPointer(start: base + start, count: contentCount),
          full: UnsafeBufferPointer(start: base + start, count: lineEnd - start), number: number,
          offset: firstOffset + start))
      start = lineEnd
    }
    return number - (firstLine - 1)
  }

  /// Calls `body` with the input in blocks of whole lines, in order, as they are read
  /// (the last block's last line may lack a newline); `body` returns how many lines the
  /// block held, for the next block's `firstLine`. A block is valid only during the call.
  package func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>, _ firstLine: Int, _ firstOffset: Int) throws -> Int)
    throws
  {
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
      do {
        n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
      } catch {
        // A source that fails part way (a cut-off gzip): its last, unfinished line is
        // still input, handed on before the error.
        readError = error
        n = 0
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
      guard lastLF >= scanFrom else { continue }
      let blockEnd = lastLF + 1
      number += try body(UnsafeBufferPointer(start: data + start, count: blockEnd - start), number + 1, offset)
      offset += blockEnd - start
      start = blockEnd
    }
  }
}
