import CZlib

/// Inflates a gzip stream (several concatenated members too, as `cat a.gz b.gz` makes).
///
/// Damage is read as `gzip -dc` reads it: every byte inflated before it is handed on, and
/// the error comes with the next read, so a reader of any buffer size sees the same bytes
/// (an error thrown with the bytes of its read lost them, up to a buffer's worth: 3,771
/// records against 4,007 for a parallel read). After a member, only zero bytes up to the
/// end (tape padding) are accepted silently; other bytes that do not start a member are
/// trailing garbage.
package final class GzipByteSource: ByteSource {
  private let compressed: ByteSource
  private let name: String
  /// zlib's state. `next_out` points into the caller's buffer only during `read` (set anew
  /// by each read); `next_in` into `input`.
  private var stream = z_stream()
  /// Owned: compressed bytes read ahead; allocated in `init`, freed in `deinit`.
  private var input: UnsafeMutableRawBufferPointer
  private var inputEnded = false
  private var finished = false
  /// A member ended: the next bytes must start another, or be zeros up to the end.
  private var betweenMembers = false
  /// The damage found by a read that had inflated bytes to return: thrown by the next.
  private var pendingError: InputError?

  init(compressed: ByteSource, name: String) throws {
    self.compressed = compressed
    self.name = name
    input = .allocate(byteCount: 256 * 1024, alignment: 16)
    // 15 + 16: maximum window, gzip members only (the magic bytes were seen).
    let status = czlib_inflate_init2(&stream, 15 + 16)
    if status != Z_OK {
      input.deallocate()
      throw InputError(file: name, reason: "cannot start gzip decompression (zlib status \(status))")
    }
  }

  deinit {
    inflateEnd(&stream)
    input.deallocate()
  }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    if let pendingError {
      self.pendingError = nil
      throw pendingError
    }
    guard !finished, buffer.count > 0 else { return 0 }
    stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
    stream.avail_out = uInt(min(buffer.count, Int(UInt32.max)))
    do {
      try inflateInto()
    } catch let error as InputError {
      finished = true
      let produced = buffer.count - Int(stream.avail_out)
      if produced == 0 { throw error }
      pendingError = error
      return produced
    }
    return buffer.count - Int(stream.avail_out)
  }

  /// Inflates until the caller's buffer is full or the input ends (`finished`).
  private func inflateInto() throws {
    while stream.avail_out > 0 && !finished {
      if stream.avail_in == 0 && !inputEnded { try refill() }
      if betweenMembers {
        try startNextMember()
        continue
      }
      if stream.avail_in == 0 && inputEnded {
        // Input ran out inside a member: the file was cut off.
        throw InputError(file: name, reason: "unexpected end of gzip data (file cut off?)")
      }
      let status = inflate(&stream, Z_NO_FLUSH)
      switch status {
      case Z_STREAM_END:
        // Another member may follow; a member boundary is not the end of input.
        betweenMembers = true
      case Z_OK, Z_BUF_ERROR:
        continue
      default:
        let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
        throw InputError(file: name, reason: "corrupt gzip data: \(message)")
      }
    }
  }

  /// Reads more compressed bytes after the `avail_in` not yet inflated (moved to the
  /// buffer's start); sets `inputEnded` when none come.
  private func refill() throws {
    let kept = Int(stream.avail_in)
    if kept > 0 { input.baseAddress!.copyMemory(from: UnsafeRawPointer(stream.next_in!), byteCount: kept) }
    let n = try compressed.read(into: UnsafeMutableRawBufferPointer(rebasing: input[kept...]))
    if n == 0 { inputEnded = true }
    stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
    stream.avail_in = uInt(kept + n)
  }

  /// After a member: the end of input, another member's magic bytes, or zeros up to the
  /// end (`gzip -dc` ignores those silently); anything else is trailing garbage.
  private func startNextMember() throws {
    // Both magic bytes, when a pipe gives them one at a time.
    while stream.avail_in < 2 && !inputEnded { try refill() }
    guard stream.avail_in > 0 else {
      finished = true
      return
    }
    if stream.next_in[0] == 0 {
      // Zero padding, skipped as it comes, however long: only zeros may follow it (a
      // member after it is garbage to gzip too).
      while true {
        var zeros = 0
        while zeros < Int(stream.avail_in) && stream.next_in[zeros] == 0 { zeros += 1 }
        stream.next_in += zeros
        stream.avail_in -= uInt(zeros)
        if stream.avail_in > 0 { throw trailingGarbage() }
        if inputEnded { break }
        try refill()
      }
      finished = true
      return
    }
    guard stream.avail_in >= 2, stream.next_in[0] == 0x1F, stream.next_in[1] == 0x8B else { throw trailingGarbage() }
    inflateReset(&stream)
    betweenMembers = false
  }

  private func trailingGarbage() -> InputError {
    InputError(file: name, reason: "trailing garbage after gzip data")
  }
}
