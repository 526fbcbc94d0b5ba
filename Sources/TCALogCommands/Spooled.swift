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
struct SpoolFailure: Error {
  var file: String
  var reason: String
}

/// The viewer's inputs as files it can read at any offset: a plain file as it is; standard
/// input and gzip files copied (decompressed) to temporary files first, removed at the end.
struct Spooled {
  /// The names as given.
  let names: [String]
  /// What the viewer reads for each.
  let paths: [String]
  private let temporary: [String]
  /// Bytes of the first input indexed so far (what following reads on from).
  private let indexed: IndexedBytes

  final class IndexedBytes: @unchecked Sendable {
    // Only the viewer's thread reads and sets it.
    var count: Int = 0
  }

  init(_ files: [String], console: Console) throws(SpoolFailure) {
    names = files
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
    indexed.count = paths.first.map(Self.size) ?? 0
  }

  /// Removes the temporary copies.
  func remove() { for path in temporary { unlink(path) } }

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
