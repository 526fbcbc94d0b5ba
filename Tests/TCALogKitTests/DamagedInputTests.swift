import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline

/// Inputs that are damaged or are no log at all (issue 42, rows 4, 7 and 21): every byte
/// before the damage is read, memory stays bounded, and every way of reading (sequential,
/// chunks, file ranges) gives the same records and counts.
struct DamagedInputTests {
  static let hasGzip = ["/bin/gzip", "/usr/bin/gzip"].contains { FileManager.default.isExecutableFile(atPath: $0) }

  /// `bytes` compressed by gzip(1).
  static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -c -6"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      try? writer.write(contentsOf: Data(bytes))
      try? writer.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return [UInt8](data)
  }

  /// Every byte a gzip source gives, read `bufferSize` bytes at a time from compressed
  /// bytes that arrive `readSize` at a time, and the error that ended it.
  static func inflate(_ compressed: [UInt8], bufferSize: Int, readSize: Int) throws -> ([UInt8], String?) {
    let source = try GzipByteSource(compressed: MemoryByteSource(compressed, readSize: readSize), name: "a.gz")
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    do {
      while true {
        let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if n == 0 { return (out, nil) }
        out += buffer[0..<n]
      }
    } catch let error as InputError {
      // The error is the end: a read after it gives nothing more.
      let after = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
      #expect(after == 0)
      return (out, error.reason)
    }
  }

  /// A log of `records` varied records (about 90 bytes each).
  static func log(records: Int) -> [UInt8] {
    var text = ""
    var seed: UInt64 = 7
    for i in 0..<records {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += "received action:\n  AppAction.row(id: \(i), action: .tapped(\"\(String(seed, radix: 36))\"))\n"
      text += "  AppState(\n-   count: \(seed % 1000),\n+   count: \(seed % 997)\n  )\n"
    }
    return Array(text.utf8)
  }

  /// Row 4: junk after the data, zero padding, a flipped CRC byte, zeros then junk, a
  /// second member: whatever the read sizes, every inflated byte comes before the error,
  /// and zero padding is no error, as for `gzip -dc`.
  @Test(.enabled(if: hasGzip, "gzip(1) makes the compressed input"))
  func damagedGzipKeepsEveryInflatedByte() throws {
    let plain = Self.log(records: 3000)
    let member = try Self.gzip(plain)
    var flipped = member
    flipped[flipped.count - 8] ^= 0xFF  // the first byte of the CRC-32
    let cases: [(String, [UInt8], [UInt8], String?)] = [
      ("intact", member, plain, nil),
      ("junk", member + Array("junk".utf8), plain, "trailing garbage after gzip data"),
      ("zeros", member + [UInt8](repeating: 0, count: 70_000), plain, nil),
      ("zeros then junk", member + [0, 0, 0, 7], plain, "trailing garbage after gzip data"),
      ("crc", flipped, plain, "corrupt gzip data: incorrect data check"),
      ("two members", member + member, plain + plain, nil),
      ("a member after zeros", member + [0, 0] + member, plain, "trailing garbage after gzip data"),
      ("a lone magic byte", member + [0x1F], plain, "trailing garbage after gzip data"),
    ]
    for (name, compressed, expected, error) in cases {
      for (bufferSize, readSize) in [(1 << 20, Int.max), (4096, 1), (7, 3), (64 << 10, 64 << 10)] {
        let (bytes, reason) = try Self.inflate(compressed, bufferSize: bufferSize, readSize: readSize)
        #expect(bytes == expected, "\(name), buffer \(bufferSize), reads of \(readSize)")
        #expect(reason == error, "\(name), buffer \(bufferSize), reads of \(readSize)")
      }
    }
  }

  /// Hands out zero bytes without end and counts them: what `/dev/zero` or a gzip bomb of
  /// zeros gives a reader.
  final class Zeros: ByteSource {
    var given = 0
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      buffer.initializeMemory(as: UInt8.self, repeating: 0)
      given += buffer.count
      return buffer.count
    }
  }

  /// Row 7: a line without end stops both readers at the line cap, after the lines before
  /// it were handed on; neither holds or reads much more than the cap.
  @Test func aLineWithoutEndStopsAtTheLineCap() throws {
    let cap = 1 << 20
    let zeros = Zeros()
    let reader = LineReader(source: zeros, chunkSize: 64 << 10, lineCap: cap)
    #expect(throws: LineTooLong.self) {
      try reader.forEachBlock { _, _, _ in 0 }
    }
    #expect(zeros.given > cap && zeros.given <= 2 * cap + (64 << 10), "\(zeros.given) bytes read")

    final class Prefixed: ByteSource {
      let head: MemoryByteSource
      let zeros = Zeros()
      var headEnded = false
      init(_ text: String) { head = MemoryByteSource(text) }
      func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if !headEnded {
          let n = try head.read(into: buffer)
          if n > 0 { return n }
          headEnded = true
        }
        return try zeros.read(into: buffer)
      }
    }
    let lines = "received action:\n  AppAction.a\n"
    let source = Prefixed(lines)
    let splitter = ChunkSplitter(source: source, chunkSize: 64 << 10, sizeCap: 64 << 10, lineCap: cap)
    var read: [UInt8] = []
    #expect(throws: LineTooLong.self) {
      while let chunk = try splitter.next() {
        read += UnsafeBufferPointer(start: chunk.bytes, count: chunk.count)
      }
    }
    #expect(read == Array(lines.utf8), "the lines before the long one, and nothing of it")
    #expect(source.zeros.given > cap && source.zeros.given <= 3 * cap, "\(source.zeros.given) bytes read")
  }

  /// Every record as ndjson, the statistics and the errors of a read.
  static func read(_ path: String, jobs: Int, chunkSize: Int, sizeCap: Int = 64 << 20, lineCap: Int = 64 << 20) throws
    -> (json: String, statistics: ScanStatistics, errors: [String])
  {
    var sink = ParallelReaderTests.JSONCollector()
    var stream = RecordStream(inputs: [path], jobs: jobs)
    stream.chunkSize = chunkSize
    stream.sizeCap = sizeCap
    stream.lineCap = lineCap
    let result = try stream.run(into: &sink)
    return (String(decoding: sink.bytes, as: UTF8.self), result.statistics, result.errors.map(\.description))
  }

  static func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcalog-damaged-\(getpid())-\(UUID().uuidString)-\(name)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Row 7 through the stream: records before a line over the cap are kept, the same for
  /// a sequential read, file ranges and chunks (a gzip file is read in chunks), and the
  /// read ends there with an error.
  @Test(.enabled(if: hasGzip, "gzip(1) makes the chunked input"))
  func aLineOverTheCapEndsTheReadAlikeForEveryJobCount() throws {
    let cap = 8 << 10
    let before = Self.log(records: 200)
    let bytes = before + [UInt8](repeating: UInt8(ascii: "z"), count: 3 * cap) + [0x0A] + Self.log(records: 50)
    let plain = try Self.temporaryFile("long.log", bytes)
    let compressed = try Self.temporaryFile("long.log.gz", try Self.gzip(bytes))
    defer {
      unlink(plain)
      unlink(compressed)
    }
    let beforeOnly = try Self.temporaryFile("before.log", before)
    defer { unlink(beforeOnly) }
    let expected = try Self.read(beforeOnly, jobs: 1, chunkSize: 1 << 20)
    #expect(expected.statistics.records == 200)
    for path in [plain, compressed] {
      for (jobs, chunkSize) in [(1, 1 << 20), (2, 1024), (2, 4096), (3, 1 << 20)] {
        let got = try Self.read(path, jobs: jobs, chunkSize: chunkSize, lineCap: cap)
        let name = "\(path.hasSuffix(".gz") ? "gzip" : "plain") -j \(jobs), chunks of \(chunkSize)"
        #expect(got.statistics == expected.statistics, "\(name)")
        #expect(got.json.components(separatedBy: "{\"index\":").count == 201, "\(name)")
        #expect(got.errors == ["\(path): a line longer than 8192 bytes: not a log; read stopped there"], "\(name)")
      }
    }
  }

  /// Row 21: a record over the size cap with no header for longer than a chunk is cut
  /// into several chunks (a forced cut); it stays one record with all its lines and
  /// bytes, as a sequential read finds, and `--stats` counts agree with the records'.
  @Test(.enabled(if: hasGzip, "gzip(1) makes the chunked input"))
  func aRecordOverTheCapIsOneRecordForEveryJobCount() throws {
    var text = "received action:\n  AppAction.a\n  (No state changes)\nreceived action:\n  AppAction.big(\n"
    for i in 0..<400 { text += "    \"line \(i) " + String(repeating: "x", count: 90) + "\",\n" }
    text += "  )\n  (No state changes)\nreceived action:\n  AppAction.small\n  (No state changes)\n"
    let bytes = Array(text.utf8)
    let plain = try Self.temporaryFile("big.log", bytes)
    let compressed = try Self.temporaryFile("big.log.gz", try Self.gzip(bytes))
    defer {
      unlink(plain)
      unlink(compressed)
    }
    let sizeCap = 4096
    let expected = try Self.read(plain, jobs: 1, chunkSize: 1 << 20, sizeCap: sizeCap)
    #expect(expected.statistics.records == 3 && expected.statistics.oversizedRecords == 1)
    #expect(expected.statistics.recordLines == expected.statistics.lines)
    #expect(expected.json.contains("\"lines\":404"))
    for (jobs, chunkSize) in [(2, 64), (2, 1000), (3, 4096), (2, 1 << 20)] {
      let got = try Self.read(compressed, jobs: jobs, chunkSize: chunkSize, sizeCap: sizeCap)
      let name = "-j \(jobs), chunks of \(chunkSize)"
      #expect(got.statistics == expected.statistics, "\(name)")
      #expect(got.json == expected.json.replacingOccurrences(of: plain, with: compressed), "\(name)")
      #expect(got.errors.isEmpty, "\(name)")
    }
  }
}
