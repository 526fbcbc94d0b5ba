#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small file read whole (a filter repository, a budget, a saved report), or its first
/// bytes: plain POSIX, so that errors are `errno`'s words and no Foundation is needed.
package enum SmallFile {
  /// The bytes of `path`, at most `limit` of them; nil when it cannot be opened or read,
  /// with `errno` saying why (`EISDIR` for a folder).
  package static func contents(of path: String, upTo limit: Int = .max) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    let bytes = contents(reading: fd, upTo: limit)
    // The read's reason, whatever closing does to errno.
    let reason = errno
    close(fd)
    errno = reason
    return bytes
  }

  /// The bytes of an open descriptor from its current offset to its end, at most `limit`
  /// of them; nil with `errno` when a read fails. The descriptor stays open (a locked
  /// repository is read through the descriptor that holds the lock).
  package static func contents(reading fd: Int32, upTo limit: Int = .max) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(64 * 1024, max(limit, 1)))
    while bytes.count < limit {
      let want = min(chunk.count, limit - bytes.count)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
      if n < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
  }

  /// The most a file written by hand may hold (a budget, a filter repository): far more
  /// than any has, and read whole in a moment. `/dev/zero` named as one was read until
  /// memory ran out (4 GB).
  package static let handWrittenLimit = 16 << 20

  /// The bytes of `path` when it holds at most `maximum`; nil when it cannot be read, or
  /// holds more (errno `EFBIG`; `reason` words it).
  package static func contents(of path: String, atMost maximum: Int) -> [UInt8]? {
    guard let bytes = contents(of: path, upTo: maximum + 1) else { return nil }
    guard bytes.count <= maximum else {
      errno = EFBIG
      return nil
    }
    return bytes
  }

  /// Why `contents` gave nil, in words: errno's, or for a file over `maximum`, its limit.
  package static func reason(maximum: Int = handWrittenLimit) -> String {
    errno == EFBIG ? "larger than \(maximum >> 20) MiB" : String(cString: strerror(errno))
  }
}
