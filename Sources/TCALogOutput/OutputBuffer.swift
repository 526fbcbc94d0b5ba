import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A buffered writer on a file descriptor (`write(2)` in 64 KiB blocks). One per output
/// stream; printers append bytes and decide when to flush.
public final class OutputBuffer {
  /// The file descriptor written to (1: standard output).
  package let fd: Int32
  private var buffer: [UInt8] = []
  private let capacity: Int
  /// Flush after every record (a terminal or a pipe that wants records as they come).
  package var flushesEachRecord: Bool
  /// Where flushed bytes go instead of `fd`, when the output is kept in memory (a command
  /// run inside a test).
  private let collector: OutputCollector?

  /// A writer on `fd` that flushes every `capacity` bytes; `flushesEachRecord` nil means:
  /// per record unless `fd` is a regular file.
  public init(fd: Int32 = 1, capacity: Int = 64 * 1024, flushesEachRecord: Bool? = nil) {
    self.fd = fd
    self.capacity = capacity
    self.collector = nil
    buffer.reserveCapacity(capacity)
    self.flushesEachRecord = flushesEachRecord ?? !OutputBuffer.isRegularFile(fd)
  }

  /// A writer whose flushed bytes are appended to `collector` instead of a descriptor.
  package init(collectingInto collector: OutputCollector, capacity: Int = 64 * 1024, flushesEachRecord: Bool? = nil) {
    self.fd = -1
    self.capacity = capacity
    self.collector = collector
    buffer.reserveCapacity(capacity)
    self.flushesEachRecord = flushesEachRecord ?? false
  }

  deinit { try? flush() }

  /// True when `fd` is a regular file (or /dev/null): output need not be flushed per record.
  package static func isRegularFile(_ fd: Int32) -> Bool {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return false }
    let type = info.st_mode & S_IFMT
    return type == S_IFREG || type == S_IFCHR && isatty(fd) == 0
  }

  /// True when `fd` is a terminal.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

  /// Appends bytes, writing straight through when they are larger than the buffer.
  package func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    if buffer.count + bytes.count > capacity { try flush() }
    if bytes.count >= capacity {
      try writeAll(bytes)
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  /// Appends bytes from any collection.
  package func write<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
    if buffer.count + bytes.count > capacity { try flush() }
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { try flush() }
  }

  /// Appends a string's UTF-8 bytes.
  public func write(_ string: String) throws {
    var string = string
    try string.withUTF8 { try write($0) }
  }

  /// Appends one byte.
  @inline(__always) package func write(byte: UInt8) throws {
    if buffer.count >= capacity { try flush() }
    buffer.append(byte)
  }

  /// Direct access for encoders that append many small pieces.
  package func append(_ body: (inout [UInt8]) -> Void) throws {
    body(&buffer)
    if buffer.count >= capacity { try flush() }
  }

  /// Ends one record: flushes when records must reach the reader as they come.
  package func endRecord() throws {
    if flushesEachRecord { try flush() }
  }

  /// Writes out what is buffered; throws `OutputClosed` when the reader went away.
  public func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBufferPointer { try writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    if let collector {
      collector.append(bytes)
      return
    }
    try Self.writeAll(bytes, to: fd)
  }

  /// All of `bytes` to `fd` (`Descriptor.writeAll`, the one `write(2)` loop). Throws
  /// `OutputClosed` when the reader went away, `OutputError` on any other failure.
  package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) throws {
    let failure = Descriptor.writeAll(bytes, to: fd)
    if failure == 0 { return }
    if failure == EPIPE { throw OutputClosed() }
    throw OutputError(reason: String(cString: strerror(failure)))
  }
}

/// Bytes kept in memory in place of a descriptor's (standard output or error of a command
/// run in process). Not locked: one command writes it on one thread at a time.
package final class OutputCollector: @unchecked Sendable {
  /// Everything written so far.
  package private(set) var bytes: [UInt8] = []

  package init() {}

  /// Appends `bytes`.
  package func append(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }

  /// What was written, as text (invalid UTF-8 repaired).
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The reader went away (`tcalog … | head`): stop quietly.
package struct OutputClosed: Error, Sendable {}

/// Writing failed for another reason than a closed reader (disk full, bad descriptor).
public struct OutputError: Error, CustomStringConvertible, Sendable {
  /// The system's words for the failure (`strerror`).
  public let reason: String
  /// `cannot write output: reason`.
  public var description: String { "cannot write output: \(reason)" }
}

/// Standard error, written at once: what a command says while it runs (a followed input's
/// `FILE: file truncated`) and the diagnostics of its outcome.
package enum Messages {
  /// `tcalog: ` and a notice, escaped.
  package static func notice(_ message: String) { write(Diagnostic.notice(message).text) }

  /// Writes to standard error unbuffered; a failure to report has nowhere to go.
  package static func write(_ text: String) {
    var text = text
    text.withUTF8 { try? OutputBuffer.writeAll($0, to: 2) }
  }
}
