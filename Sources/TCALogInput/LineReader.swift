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

  /// Calls `body` for every line of bytes already in memory (a chunk of a larger input),
  /// without copying; `firstLine` and `firstOffset` place the chunk in its input.
  package static func forEachLine(
    in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, firstOffset: Int = 0, _ body: (InputLine) throws -> Void
  ) throws {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var start = 0
    var number = firstLine - 1
    let end = bytes.count
    while start < end {
      let lf = memchr(base + start, 0x0A, end - start)
      let lineEnd = lf.map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) + 1 } ?? end
      var contentCount = lf == nil ? lineEnd - start : lineEnd - 1 - start
      if contentCount > 0 && base[start + contentCount - 1] == 0x0D && (lf != nil || contentCount == lineEnd - start) {
        contentCount -= 1
      }
      number += 1
      try body(
        InputLine(
          content: UnsafeBufferPointer(start: base + start, count: contentCount),
          full: UnsafeBufferPointer(start: base + start, count: lineEnd - start), number: number,
          offset: firstOffset + start))
      start = lineEnd
    }
  }

  /// Calls `body` for every line in order; the last line may lack a newline.
  package func forEachLine(_ body: (InputLine) throws -> Void) throws {
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
      let scanFrom = end
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
      let bytes = buffer.assumingMemoryBound(to: UInt8.self)
      if n == 0 {
        if end > start {
          number += 1
          let contentCount = bytes[end - 1] == 0x0D ? end - start - 1 : end - start
          try body(
            InputLine(
              content: UnsafeBufferPointer(start: bytes + start, count: contentCount),
              full: UnsafeBufferPointer(start: bytes + start, count: end - start), number: number, offset: offset))
        }
        if let readError { throw readError }
        return
      }
      end += n
      var position = scanFrom
      while position < end, let lf = memchr(buffer + position, 0x0A, end - position) {
        let lfIndex = buffer.distance(to: lf)
        number += 1
        let lineLength = lfIndex + 1 - start
        var contentCount = lfIndex - start
        if contentCount > 0 && bytes[lfIndex - 1] == 0x0D { contentCount -= 1 }
        try body(
          InputLine(
            content: UnsafeBufferPointer(start: bytes + start, count: contentCount),
            full: UnsafeBufferPointer(start: bytes + start, count: lineLength), number: number, offset: offset))
        offset += lineLength
        start = lfIndex + 1
        position = start
      }
    }
  }
}
