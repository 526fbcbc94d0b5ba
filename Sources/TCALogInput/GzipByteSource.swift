import CZlib

/// Inflates a gzip stream (several concatenated members too, as `cat a.gz b.gz` makes).
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

  init(compressed: ByteSource, name: String) throws {
    self.compressed = compressed
    self.name = name
    input = .allocate(byteCount: 256 * 1024, alignment: 16)
    // 15 + 32: maximum window, detect the gzip or zlib header automatically.
    let status = czlib_inflate_init2(&stream, 15 + 32)
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
    guard !finished, buffer.count > 0 else { return 0 }
    stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
    stream.avail_out = uInt(min(buffer.count, Int(UInt32.max)))
    while stream.avail_out > 0 {
      if stream.avail_in == 0 && !inputEnded {
        let n = try compressed.read(into: input)
        if n == 0 {
          inputEnded = true
        } else {
          stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
          stream.avail_in = uInt(n)
        }
      }
      if stream.avail_in == 0 && inputEnded {
        // Input ran out inside a member: the file was cut off.
        let produced = buffer.count - Int(stream.avail_out)
        if produced > 0 { return produced }
        finished = true
        if stream.total_in > 0 || stream.total_out > 0 {
          throw InputError(file: name, reason: "unexpected end of gzip data (file cut off?)")
        }
        return 0
      }
      let status = inflate(&stream, Z_NO_FLUSH)
      switch status {
      case Z_STREAM_END:
        // Another member may follow; a member boundary is not the end of input.
        inflateReset(&stream)
        if stream.avail_in == 0 {
          let n = try compressed.read(into: input)
          if n == 0 {
            finished = true
            return buffer.count - Int(stream.avail_out)
          }
          stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
          stream.avail_in = uInt(n)
        }
      case Z_OK, Z_BUF_ERROR:
        continue
      default:
        finished = true
        let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
        throw InputError(file: name, reason: "corrupt gzip data: \(message)")
      }
    }
    return buffer.count - Int(stream.avail_out)
  }
}
