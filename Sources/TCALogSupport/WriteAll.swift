#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file descriptor's writes, without Foundation's `FileHandle` (see Lock.swift for why).
package enum Descriptor {
  /// The one `write(2)` loop of the program: all of `bytes` to `fd`, retrying after a signal
  /// (`EINTR`), as a short write to a pipe or a terminal leaves the rest to write again.
  /// Returns 0 when everything was written, else the `errno` of the failed write (`EPIPE`
  /// when the reader went away); the callers word it (Output's `OutputBuffer` throws).
  package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      #else
        let n = Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      #endif
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += n
    }
    return 0
  }
}
