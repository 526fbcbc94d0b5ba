#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular, uncompressed file that several threads read at once, each from its own
/// offset (`pread(2)`): a parallel scan cuts it into byte ranges instead of reading it on
/// one thread and handing the bytes on.
///
/// Thread rule: immutable after `init`; `pread` uses no file position, so any thread may
/// read through it while it lives. It keeps the opened source alive, which owns the file
/// descriptor.
package final class PositionalFile: @unchecked Sendable {
  /// The input as named on the command line.
  package let name: String
  /// Its size when it was opened, from where the input starts; bytes written after that
  /// are still read by the range that runs to the end.
  package let size: Int
  /// Where the input starts in the file: 0 for a file named on the command line; for
  /// standard input redirected from a file, where its descriptor stood when tcalog was
  /// started (a script may have read a part of it before).
  private let start: Int
  private let owner: FileByteSource

  /// The file behind `source` if it can be read this way: a regular file, not gzip (whose
  /// bytes only a decompressor reads in order), not followed. Nil otherwise.
  package init?(_ source: ByteSource) {
    guard let plain = source as? FileByteSource, !plain.follows else { return nil }
    var info = stat()
    guard fstat(plain.fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    // The descriptor stands after what `InputOpener` read ahead and has not handed on.
    let position = Int(lseek(plain.fd, 0, SEEK_CUR))
    let unread = plain.readAhead.count - plain.readAheadPosition
    guard position >= unread else { return nil }
    owner = plain
    name = plain.name
    start = position - unread
    size = Swift.max(0, Int(info.st_size) - start)
    // Standard input is read once, as a read in order leaves it: its descriptor then stands
    // at the end, so `- -` reads nothing the second time (the ranges read with `pread`).
    if !plain.ownsDescriptor { lseek(plain.fd, off_t(start + size), SEEK_SET) }
  }

  /// Its bytes from `offset` (from the input's start) on, as a source of their own.
  package func bytes(from offset: Int) -> ByteSource { PositionalByteSource(file: self, offset: offset) }

  /// Reads at `offset` (from the input's start) into `buffer`; 0 at the end of the file.
  fileprivate func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard buffer.count > 0 else { return 0 }
    while true {
      let n = pread(owner.fd, buffer.baseAddress, buffer.count, off_t(start + offset))
      if n >= 0 { return n }
      if errno == EINTR {
        if inputInterrupted != 0 { return 0 }
        continue
      }
      throw InputError(file: name, reason: String(cString: strerror(errno)))
    }
  }
}

/// The bytes of a `PositionalFile` from an offset on, read in order.
private final class PositionalByteSource: ByteSource {
  let file: PositionalFile
  var offset: Int

  init(file: PositionalFile, offset: Int) {
    self.file = file
    self.offset = offset
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = try file.read(at: offset, into: buffer)
    offset += n
    return n
  }
}
