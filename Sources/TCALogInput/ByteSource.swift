import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an input could not be read. `description` is the one-line reason shown to users.
public struct InputError: Error, CustomStringConvertible, Sendable {
  /// The input as named on the command line (`-` for standard input).
  public let file: String
  /// Why, in words (`No such file or directory`).
  public let reason: String
  /// An error for `file`, with its reason in words.
  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }
  /// `FILE: reason`, the line `tcalog` prints after `tcalog: error:`.
  public var description: String { "\(file): \(reason)" }
}

/// A stream of bytes: a file, standard input, or a decompressor over one of them. Not
/// `Sendable`: one thread at a time reads a source.
package protocol ByteSource: AnyObject {
  /// Fills `buffer` from the start; returns how many bytes it wrote (at most
  /// `buffer.count`), 0 at the end of input.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
  /// True when a read now would wait for a writer (an idle pipe): chunked readers then
  /// hand on what they have instead of waiting for a full chunk, so a live stream
  /// (`log stream | tcalog`) is not held back.
  var isIdle: Bool { get }
  /// How many times a followed file started over (truncated, or replaced by another file
  /// at its name): its lines are then numbered from 1 again.
  var restarts: Int { get }
}

extension ByteSource {
  package var isIdle: Bool { false }
  package var restarts: Int { 0 }
}

/// `read(2)` on a file descriptor, with an optional first chunk that was read ahead
/// (to look at the gzip magic bytes on a pipe, which cannot seek back).
package final class FileByteSource: ByteSource {
  var fd: Int32
  let name: String
  let ownsDescriptor: Bool
  var readAhead: [UInt8]
  var readAheadPosition = 0
  /// At the end of a regular file, wait for more instead of ending (`--follow`).
  var follows = false
  /// Times the followed file was truncated or replaced.
  package private(set) var restarts = 0

  init(fd: Int32, name: String, ownsDescriptor: Bool, readAhead: [UInt8] = []) {
    self.fd = fd
    self.name = name
    self.ownsDescriptor = ownsDescriptor
    self.readAhead = readAhead
  }

  deinit {
    if ownsDescriptor { _ = close(fd) }
  }

  private lazy var isStream: Bool = {
    var info = stat()
    return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG
  }()

  package var isIdle: Bool {
    guard isStream, readAheadPosition >= readAhead.count else { return false }
    var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) == 0
  }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard buffer.count > 0 else { return 0 }
    if readAheadPosition < readAhead.count {
      let n = min(buffer.count, readAhead.count - readAheadPosition)
      readAhead.withUnsafeBytes { ahead in
        buffer.baseAddress!.copyMemory(from: ahead.baseAddress! + readAheadPosition, byteCount: n)
      }
      readAheadPosition += n
      if readAheadPosition == readAhead.count {
        readAhead = []
        readAheadPosition = 0
      }
      return n
    }
    return try rawRead(into: buffer)
  }

  /// A read returned 0: on a terminal a further read would wait for another Ctrl-D, so
  /// the end, once seen, stays the end.
  private var ended = false

  func rawRead(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    if ended { return 0 }
    while true {
      #if canImport(Glibc)
        let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
      #else
        let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
      #endif
      if n == 0 && follows && inputInterrupted == 0 {
        checkFollowedFile()
        usleep(200_000)
        continue
      }
      if n == 0 { ended = true }
      if n >= 0 { return n }
      if errno == EINTR {
        if inputInterrupted != 0 {
          ended = true
          return 0
        }
        continue
      }
      throw InputError(file: name, reason: String(cString: strerror(errno)))
    }
  }
}

extension FileByteSource {
  /// At the end of a followed file, like `tail -F`: a file shorter than what was read was
  /// truncated (read it again from its start); another file at its name replaced it (read
  /// that one). Either is told to the notice handler. A name that is gone is waited for.
  func checkFollowedFile() {
    var open = stat()
    var named = stat()
    guard fstat(fd, &open) == 0 else { return }
    if stat(name, &named) == 0, named.st_ino != open.st_ino || named.st_dev != open.st_dev {
      let replacement = FileByteSource.openForReading(name)
      guard replacement >= 0 else { return }
      if ownsDescriptor { _ = close(fd) }
      fd = replacement
      restarts += 1
      FileByteSource.notice("\(name): file replaced")
    } else if Int64(open.st_size) < Int64(lseek(fd, 0, SEEK_CUR)) {
      lseek(fd, 0, SEEK_SET)
      restarts += 1
      FileByteSource.notice("\(name): file truncated")
    }
  }

  static func openForReading(_ path: String) -> Int32 {
    #if canImport(Glibc)
      return Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #else
      return Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #endif
  }

  /// Where notices go: Input writes nothing itself (Output owns every byte that leaves the
  /// process); the CLI sends them to standard error through Output's escaping, `report
  /// --live` into its frame (a line written beside the frame would break its redraw).
  /// Returns the handler it replaces, for putting it back; with none, notices are dropped.
  @discardableResult
  package static func setNoticeHandler(
    _ handler: (@Sendable (String) -> Void)?
  ) -> (@Sendable (String) -> Void)? {
    noticeLock.lock()
    defer { noticeLock.unlock() }
    let previous = noticeHandler
    noticeHandler = handler
    return previous
  }

  private static let noticeLock = Lock()
  nonisolated(unsafe) private static var noticeHandler: (@Sendable (String) -> Void)?

  /// Hands `text` (`FILE: file replaced`) to the notice handler, if any.
  static func notice(_ text: String) {
    noticeLock.lock()
    let handler = noticeHandler
    noticeLock.unlock()
    handler?(text)
  }
}

/// Opens the inputs named on the command line.
package enum InputOpener {
  /// Opens `path` (`-` is standard input) and returns a byte source that decompresses
  /// gzip transparently, recognized by its magic bytes rather than by the file name.
  package static func open(_ path: String, follow: Bool = false) throws -> ByteSource {
    let fd: Int32
    if path == "-" {
      fd = 0
    } else {
      fd = FileByteSource.openForReading(path)
      if fd < 0 { throw InputError(file: path, reason: String(cString: strerror(errno))) }
      var info = stat()
      if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        _ = close(fd)
        throw InputError(file: path, reason: "Is a directory")
      }
    }
    growPipeBuffer(fd)
    let plain = FileByteSource(fd: fd, name: path, ownsDescriptor: path != "-")
    if follow {
      // Like `tail -f`: the end of the file is only where the writer is now.
      plain.follows = true
      return plain
    }
    // Read until at least two bytes are known (a pipe may deliver one at a time).
    var head = [UInt8](repeating: 0, count: 64 * 1024)
    var filled = 0
    while filled < 2 {
      let n = try head.withUnsafeMutableBytes {
        try plain.rawRead(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
      }
      if n == 0 { break }
      filled += n
    }
    head.removeSubrange(filled...)
    let isGzip = head.count >= 2 && head[0] == 0x1f && head[1] == 0x8b
    plain.readAhead = head
    return isGzip ? try GzipByteSource(compressed: plain, name: path) : plain
  }

  /// A pipe holds 64 KiB by default, so a fast writer (`cat big.log | tcalog`) and
  /// tcalog hand over the data in 64 KiB turns, each a pair of context switches. A 1 MiB
  /// pipe buffer lets both sides run longer between switches. Best effort: the call fails
  /// on non-pipes, and above /proc/sys/fs/pipe-max-size for unprivileged users.
  private static func growPipeBuffer(_ fd: Int32) {
    #if canImport(Glibc)
      var info = stat()
      guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return }
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, not exported to Swift by Glibc's module
      _ = fcntl(fd, setPipeSize, Int32(1 << 20))
    #endif
  }
}
