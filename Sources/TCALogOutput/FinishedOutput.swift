#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command's finished output written to a file (`-o`): whole or not at all.
package enum FinishedOutput {
  /// A file that could not be written, with the system's words for why.
  package struct Failure: Error, CustomStringConvertible, Sendable {
    /// The file, as named.
    package var file: String
    /// Why (`Is a directory`).
    package var reason: String
    /// `cannot write FILE: reason`.
    package var description: String { "cannot write \(file): \(reason)" }
  }

  /// Writes `text` to `file`. A regular file (or a new one) is written beside itself and
  /// renamed over, so a reader (CI, a browser) never sees half a report; anything else (a
  /// device, a FIFO, a symbolic link to one) is written through, since a rename over the
  /// path would turn `-o /dev/null` (as root), a FIFO or a link into a regular file.
  package static func write(_ text: String, toFile file: String) throws(Failure) {
    func failure(_ reason: String, removing temporary: String? = nil) -> Failure {
      if let temporary { unlink(temporary) }
      return Failure(file: file, reason: reason)
    }
    func writeAll(to fd: Int32, removing temporary: String? = nil) throws(Failure) {
      defer { close(fd) }
      do {
        let out = OutputBuffer(fd: fd)
        try out.write(text)
        try out.flush()
      } catch {
        throw failure((error as? OutputError)?.reason ?? "\(error)", removing: temporary)
      }
    }
    var info = stat()
    if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
      let fd = open(file, O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
      try writeAll(to: fd)
      return
    }
    // open(2) and rename(2) give the system's words for a failure ("Is a directory"),
    // where Foundation's message said "NSCocoaErrorDomain error 512". Created new
    // (O_EXCL | O_NOFOLLOW, a random name), never through a planted link.
    guard let (fd, temporary) = TemporaryFile.create(beside: file) else {
      throw failure(String(cString: strerror(errno)))
    }
    try writeAll(to: fd, removing: temporary)
    if rename(temporary, file) != 0 { throw failure(String(cString: strerror(errno)), removing: temporary) }
  }
}
