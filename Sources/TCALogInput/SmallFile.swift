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
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(64 * 1024, max(limit, 1)))
    while bytes.count < limit {
      let want = min(chunk.count, limit - bytes.count)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
      if n < 0 {
        if errno == EINTR { continue }
        // The read's reason, whatever closing does to errno.
        let reason = errno
        close(fd)
        errno = reason
        return nil
      }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
    }
    close(fd)
    return bytes
  }
}
