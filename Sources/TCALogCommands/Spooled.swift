import TCALogInput
import TCALogOutput
import TCALogParsing
import TCALogPipeline
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an input could not be made a file the viewer reads at offsets.
package struct SpoolFailure: Error {
  package var file: String
  package var reason: String
}

/// The viewer's inputs as files it can read at any offset: a plain file as it is; standard
/// input and gzip files copied (decompressed) to temporary files first, removed at the end.
package struct Spooled {
  /// The names as given.
  package let names: [String]
  /// What the viewer reads for each.
  package let paths: [String]
  private let temporary: [String]
  /// Bytes of the first input indexed so far (what following reads on from).
  private let indexed: IndexedBytes

  final class IndexedBytes: @unchecked Sendable {
    // Only the viewer's thread reads and sets it.
    var count: Int = 0
  }

  package init(_ files: [String], console: Console, sliceBytes: Int = 16 << 20) throws(SpoolFailure) {
    names = files
    self.sliceBytes = sliceBytes
    var paths: [String] = []
    var temporary: [String] = []
    for file in files {
      if file != "-" && !Self.isGzip(file) {
        paths.append(file)
        continue
      }
      let directory = console.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      guard let (fd, path) = TemporaryFile.create(beside: directory + "/tcalog-view") else {
        throw SpoolFailure(file: file, reason: "cannot spool to \(directory): \(String(cString: strerror(errno)))")
      }
      defer { close(fd) }
      temporary.append(path)
      do {
        let source = try InputOpener.open(file)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
          let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
          if n == 0 { break }
          let failure = buffer.withUnsafeBufferPointer {
            Descriptor.writeAll(UnsafeBufferPointer(rebasing: $0[..<n]), to: fd)
          }
          if failure != 0 { throw InputError(file: file, reason: "spooling: \(String(cString: strerror(failure)))") }
        }
      } catch let error as InputError {
        for path in temporary { unlink(path) }
        throw SpoolFailure(file: file, reason: error.reason)
      } catch {
        for path in temporary { unlink(path) }
        throw SpoolFailure(file: file, reason: "\(error)")
      }
      paths.append(path)
    }
    self.paths = paths
    self.temporary = temporary
    indexed = IndexedBytes()
    initialSize = paths.count == 1 ? Self.size(paths[0]) : 0
  }

  /// The first input's size when the viewer started: read in slices up to there, then
  /// followed (`f`) past it.
  let initialSize: Int

  /// Whether the first input is read in slices: one input, larger than a slice.
  package var isSliced: Bool { initialSize > sliceBytes }

  /// Bytes of a slice (16 MiB): the first one is indexed before the first screen.
  let sliceBytes: Int

  /// Marks the inputs as indexed whole (read by the stream, not in slices).
  func indexedWhole() { indexed.count = initialSize }

  /// The next slice of the first input to index, up to the start of the last header line
  /// in it (a record is never cut), with its offset in the file and how much of the file
  /// is indexed after it (nil: all); nil when the file is indexed up to `initialSize`.
  package func nextSlice() -> (bytes: [UInt8], base: Int, progress: Double?)? {
    guard let path = paths.first, indexed.count < initialSize else { return nil }
    let end = min(initialSize, indexed.count + sliceBytes)
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: end - indexed.count)
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress! + done, $0.count - done, off_t(indexed.count + done))
      }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      done += n
    }
    bytes.removeSubrange(done...)
    if end < initialSize, let cut = Self.lastHeaderStart(bytes) { bytes.removeSubrange(cut...) }
    let base = indexed.count
    indexed.count = bytes.isEmpty ? initialSize : indexed.count + bytes.count
    return (bytes, base, indexed.count < initialSize ? Double(indexed.count) / Double(initialSize) : nil)
  }

  /// Where the last line holding `eceived action` (every header's bytes) starts, when it
  /// is not the first line.
  static func lastHeaderStart(_ bytes: [UInt8]) -> Int? {
    let needle = Array("eceived action".utf8)
    var i = bytes.count - needle.count
    while i > 0 {
      if bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
        var start = i
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        if start > 0 { return start }
      }
      i -= 1
    }
    return nil
  }

  /// Removes the temporary copies.
  package func remove() { for path in temporary { unlink(path) } }

  static func isGzip(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var magic: [UInt8] = [0, 0]
    return magic.withUnsafeMutableBytes { read(fd, $0.baseAddress, 2) } == 2 && magic == [0x1F, 0x8B]
  }

  static func size(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// The records appended to the first input since it was last indexed (whole lines only),
  /// with their offsets in the file: what `f` adds.
  func grownRecords(after index: ViewIndex) -> [Record] {
    guard let path = paths.first, temporary.isEmpty else { return [] }
    let size = Self.size(path)
    guard size > indexed.count else { return [] }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: size - indexed.count)
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(indexed.count)) }
    guard n > 0, let lastLineEnd = bytes[..<n].lastIndex(of: 0x0A) else { return [] }
    bytes.removeSubrange((lastLineEnd + 1)...)
    var collector = RecordCollector()
    _ = try? RecordStream(bytes: bytes, name: names[0]).run(into: &collector)
    let base = indexed.count
    indexed.count += bytes.count
    return collector.records.map { record in
      var moved = record
      moved.offset += base
      return moved
    }
  }

  struct RecordCollector: RecordSink {
    var records: [Record] = []
    mutating func record(_ record: Record) -> StreamControl {
      records.append(record)
      return .more
    }
  }
}
