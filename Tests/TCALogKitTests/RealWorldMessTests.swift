import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// What copies of real logs look like (FORMATS.md 9).
@Suite struct RealWorldMessTests {
  static let unified =
    "2026-11-20 10:22:33.123456+0100 0x1a2b     Default     0x0                  4242   0    Browser: "

  @Test func prefixOnTheHeaderOnlyGivesTheTimestamp() throws {
    let log = Self.unified + "🎬 Received action:\n  AppAction.timerTicked\n🖨️ State:\n🖨️ (No state changes)\n"
    let record = try #require(try parse(log).records.first)
    #expect(record.timestamp == "2026-11-20T10:22:33.123456+01:00")
    #expect(record.actionText == "AppAction.timerTicked")
    #expect(record.lines == 4 && record.bytes == log.utf8.count)
  }

  @Test func prefixOnEveryLineIncludingBlankOnes() throws {
    let lines = ["received action:", "  A.Action.tick", "  A.State(", "-   n: 1", "+   n: 2", "  )", ""]
    let log = lines.map { Self.unified + $0 + "\n" }.joined() + Self.unified + "[Network] GET /v1 200\n"
    let (records, statistics, _) = try parse(log)
    let record = try #require(records.first)
    #expect(record.format == .tca1 && record.isComplete)
    #expect(record.changeList == [Change("n", old: "1", new: "2")])
    #expect(record.lines == 7)
    #expect(statistics.otherLines == 1)
  }

  @Test func nsLogAndISOPrefixes() throws {
    let log =
      "2026-11-20 10:22:33.123 Browser[4242:1a2b] received action:\n  A.Action.a\n  (No state changes)\n\n2026-11-20T10:22:34Z received action: A.Action.b\n"
    let records = try parse(log).records
    #expect(records.map(\.timestamp) == ["2026-11-20T10:22:33.123", "2026-11-20T10:22:34Z"])
    #expect(records.map(\.actionPath) == ["a", "b"])
    #expect(records.map { $0.storePrefix } == [nil, nil])
  }

  @Test func foreignLinesBetweenRecordsAreOtherLines() throws {
    let log =
      "app started\nreceived action:\n  A.Action.a\n  (No state changes)\n\n[Sync] fetched 0\nWithViewStore<State>@File.swift:44 (Changed state)\nreceived action:\n  A.Action.b\n  (No state changes)\n\nbye\n"
    let (records, statistics, _) = try parse(log)
    #expect(records.count == 2)
    #expect(statistics.otherLines == 4)
    #expect(statistics.recordLines + statistics.otherLines == statistics.lines)
    #expect(records.map(\.line) == [2, 8])
    #expect(
      records[1].offset == Array(log.utf8).prefix { _ in true }.count
        - "received action:\n  A.Action.b\n  (No state changes)\n\nbye\n".utf8.count)
  }

  @Test func crlfLinesCountTheirCR() throws {
    let log = "received action:\r\n  A.Action.a\r\n  A.State(\r\n-   n: 1\r\n+   n: 2\r\n  )\r\n\r\n"
    let record = try #require(try parse(log).records.first)
    #expect(record.changeList == [Change("n", old: "1", new: "2")])
    #expect(record.bytes == log.utf8.count && record.lines == 7)
    #expect(record.actionText == "A.Action.a")
  }

  @Test func storesAndFormatsInterleave() throws {
    let log =
      "received action:\n  AppFeature.Action.counter(.increment)\n  AppFeature.State(\n-   count: 0\n+   count: 1\n  )\n\nreceived action:\n  Counter.Action.increment\n  Counter.State(\n-   count: 0\n+   count: 1\n  )\n\n🎬 Received action:\n  AppAction.tick\n🖨️ State:\n🖨️ (No state changes)\nreceived action: AppFeature.Action.counter(.decrement)\n"
    let records = try parse(log).records
    #expect(records.map(\.actionRoot) == ["AppFeature.Action", "Counter.Action", "AppAction", "AppFeature.Action"])
    #expect(records.map(\.format) == [.tca1, .tca1, .diffing, .labels])
    #expect(records.map(\.index) == [0, 1, 2, 3])
  }

  @Test func twoHeadersInARowAndAHeaderWithNothingAfterIt() throws {
    let (records, _, _) = try parse(
      "received action:\nreceived action:\n  A.Action.a\n  (No state changes)\n\n🎬 Received action:\n")
    #expect(records.count == 3)
    #expect(records.map(\.isComplete) == [false, true, false])
  }

  @Test func invalidUTF8AndNULBytesAreKeptAndDecodedLossily() throws {
    var bytes = Array("received action:\n  A.Action.a(\"".utf8)
    bytes += [0xFF, 0x00, 0xC3]
    bytes += Array("\")\n  (No state changes)\n\n".utf8)
    let (records, statistics, warnings) = try parse(bytes: bytes)
    let record = try #require(records.first)
    #expect(record.hasInvalidUTF8 && statistics.invalidUTF8Records == 1 && warnings.count == 1)
    #expect(record.actionPath == "a" && record.isComplete)
    #expect(Array(record.raw) == bytes)
    var json: [UInt8] = []
    RecordJSON.append(record, to: &json)
    #expect(try JSONSerialization.jsonObject(with: Data(json)) is NSDictionary)
  }

  @Test func finalLineWithoutNewlineAndLinesThatSpanReads() throws {
    let log = "x\nreceived action:\n  A.Action.a\n  (No state changes)"
    for readSize in [1, 3, 7, 1 << 20] {
      let (records, statistics, _) = try RecordScanner.scan(MemoryByteSource(log, readSize: readSize), chunkSize: 16)
      #expect(records.count == 1 && records[0].isComplete && records[0].bytes == log.utf8.count - 2)
      #expect(statistics.lines == 4 && statistics.bytes == log.utf8.count)
    }
  }

  @Test func aLineOfManyMegabytes() throws {
    let long = String(repeating: "x", count: 5 << 20)
    let log = "received action: A.Action.a\n\(long)\nreceived action: A.Action.\(long.prefix(10))\n"
    let (records, statistics, _) = try RecordScanner.scan(MemoryByteSource(log), chunkSize: 1 << 16)
    #expect(records.map(\.actionPath) == ["a", "xxxxxxxxxx"])
    #expect(statistics.otherLines == 1)
  }

  /// A record's raw bytes are copied once, when it ends or when the block of lines they
  /// lie in does: read in blocks of a few bytes (records cross many blocks) or in one
  /// block, every sample gives the same records, byte for byte.
  @Test(arguments: ["browser-session.log", "messy.log", "timestamped.log", "todos-tca0.log"])
  func recordsAreTheSameWhateverTheReadBlocks(_ sample: String) throws {
    let bytes = try [UInt8](Data(contentsOf: Repository.root.appendingPathComponent("Samples/\(sample)")))
    let whole = try RecordScanner.scan(MemoryByteSource(bytes), chunkSize: 1 << 24)
    for (chunkSize, readSize) in [(16, 7), (100, 1000), (4096, 333)] {
      let blocks = try RecordScanner.scan(MemoryByteSource(bytes, readSize: readSize), chunkSize: chunkSize)
      #expect(blocks.records.count == whole.records.count)
      #expect(blocks.statistics == whole.statistics)
      for (a, b) in zip(blocks.records, whole.records) {
        #expect(
          a.raw == b.raw && a.actionPath == b.actionPath && a.actionText == b.actionText, "\(sample) \(chunkSize)")
        #expect(a.changes.map { a.string($0.path) } == b.changes.map { b.string($0.path) })
        #expect(a.changes.map { $0.new.map(a.string) } == b.changes.map { $0.new.map(b.string) })
      }
    }
    // Every byte of the input is in a record or counted as another line.
    #expect(whole.records.reduce(0) { $0 + $1.raw.count } <= bytes.count)
    #expect(whole.records.reduce(0) { $0 + $1.bytes } == whole.statistics.recordBytes)
  }

  @Test func recordOverTheSizeCapIsIncompleteNotLost() throws {
    let body = (0..<2000).map { "  A.State(\n-   n: \($0)\n" }.joined()
    let log = "received action:\n  A.Action.a\n" + body + "\nreceived action: A.Action.next\n"
    let scanner = RecordScanner(file: "-", sizeCap: 4096)
    var records: [Record] = []
    try LineReader(source: MemoryByteSource(log)).forEachBlock { block, line, offset in
      scanner.feed(lines: block, firstLine: line, firstOffset: offset) { records.append($0) }
    }
    try scanner.finish { records.append($0) }
    #expect(records.count == 2)
    #expect(!records[0].isComplete && records[0].raw.count <= 4096)
    #expect(records[0].bytes + records[1].bytes == log.utf8.count)
    #expect(scanner.statistics.oversizedRecords == 1)
  }

  /// A header line longer than the size cap keeps none of its bytes, so none of its ranges
  /// (they pointed past the kept bytes, into the derived text or beyond the storage).
  @Test func headerLineOverTheSizeCapKeepsNoRanges() throws {
    let store = String(repeating: "S", count: 100)
    let log = "\(store): received action:\n  A.Action.a\n\n\(store): received action: A.Action.b\n"
    let scanner = RecordScanner(file: "-", sizeCap: 64)
    var records: [Record] = []
    try LineReader(source: MemoryByteSource(log)).forEachBlock { block, line, offset in
      scanner.feed(lines: block, firstLine: line, firstOffset: offset) { records.append($0) }
    }
    try scanner.finish { records.append($0) }
    #expect(records.count == 2)
    #expect(records.allSatisfy { !$0.isComplete && $0.storePrefix == nil && $0.raw.isEmpty })
    #expect(records.map(\.actionPath) == ["", ""])
    #expect(scanner.statistics.oversizedRecords == 2)
  }

  /// A fully nested tree of depth d is O(d²) bytes, so the 10,000 levels of the
  /// guarantee come as one leaf line under a shallow path; the nested tree (3,000
  /// levels, 9 MB) checks that no per-level work is quadratic or recursive.
  @Test func tenThousandPipeLevels() throws {
    let deep = String(repeating: "|\t", count: 10_000)
    let flat = "🎬 Received action:\n  AppAction.a\n🖨️ State:\np:\n\(deep)Current: 1\n\(deep)Previous: 0\n\n"
    let record = try #require(try parse(flat).records.first)
    #expect(record.isComplete)

    let depth = 3_000
    var log = "🎬 Received action:\n  AppAction.a\n🖨️ State:\n"
    for d in 0..<depth { log += String(repeating: "|\t", count: d) + "p:\n" }
    log +=
      String(repeating: "|\t", count: depth) + "Current: 1\n" + String(repeating: "|\t", count: depth)
      + "Previous: 0\n\n"
    let nested = try #require(try parse(log).records.first)
    #expect(nested.changes.count == 1 && nested.isComplete)
    #expect(nested.changeList.first?.path.split(separator: ".").count == depth)
  }

  @Test func gzipIsReadByItsMagicBytes() throws {
    let text = "received action: A.Action.a\nreceived action: A.Action.b\n"
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-gz-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let plain = dir.appendingPathComponent("log.txt")
    try text.write(to: plain, atomically: true, encoding: .utf8)
    let gzip = Process()
    gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
    gzip.arguments = [
      "-c",
      "gzip -c '\(plain.path)' > '\(dir.path)/log.weird'; cat '\(dir.path)/log.weird' '\(dir.path)/log.weird' > '\(dir.path)/two.gz'",
    ]
    try gzip.run()
    gzip.waitUntilExit()
    try #require(gzip.terminationStatus == 0, "gzip is needed for this test")
    let one = try RecordScanner.scan(InputOpener.open(dir.path + "/log.weird")).records
    #expect(one.map(\.actionPath) == ["a", "b"])
    let two = try RecordScanner.scan(InputOpener.open(dir.path + "/two.gz")).records
    #expect(two.map(\.actionPath) == ["a", "b", "a", "b"])
  }

  @Test func missingFileAndDirectoryAreInputErrors() throws {
    #expect(throws: InputError.self) { try InputOpener.open("/nonexistent/tcalog.log") }
    #expect(throws: InputError.self) { try InputOpener.open("/tmp") }
    var ignore = EachRecord { _ in }
    let result = try RecordStream(inputs: ["/nonexistent/a.log"]).run(into: &ignore)
    #expect(result.errors.map(\.description) == ["/nonexistent/a.log: No such file or directory"])
  }
}
