import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogReport

/// A regular file read in parallel is cut into byte ranges that each worker reads itself
/// (`FileRange`): wherever the cuts fall, the records, statistics and warnings are those of
/// the sequential read.
struct FileRangeTests {
  /// Every record a content part sees, as ndjson without its place in the run (which a
  /// part does not know), in order.
  struct Records: ChunkedRecordSink {
    var bytes: [UInt8] = []
    mutating func record(_ record: Record) -> StreamControl {
      bytes += Self.json(record)
      return .more
    }
    func makePart() -> Part { Part() }
    mutating func merge(_ part: Part) -> StreamControl {
      bytes += part.bytes
      return .more
    }
    struct Part: RecordPart {
      var bytes: [UInt8] = []
      mutating func add(_ record: RecordContent) { bytes += Records.json(record.record) }
    }
    static func json(_ record: Record) -> [UInt8] {
      var record = record
      record.index = 0
      record.line = 0
      var bytes: [UInt8] = []
      RecordJSON.append(record, to: &bytes)
      return bytes
    }
  }

  /// A log with every kind of line a cut may meet: both state formats, a console prefix,
  /// CRLF endings, a labels header, a blank line, other text, a record with a byte that is
  /// not UTF-8 (a warning), an action value of a hundred lines, a cut-off record and no LF
  /// at the end.
  static let log: [UInt8] = {
    var text = """
      launch
      🎬 Received action:
        AppAction.windows(.window(id: 1, action: .hover(true)))
      🖨️ State:
      windows:
      |\tKey 1:
      |\t|\tisHovered:
      |\t|\t|\tCurrent: true
      |\t|\t|\tPrevious: false

      2026-11-20 10:22:31.000000+0100 Browser[1:2] received action:
      2026-11-20 10:22:31.000000+0100 Browser[1:2]   AppAction.search(.queryChanged("a"))
      2026-11-20 10:22:31.000000+0100 Browser[1:2]   AppState(
      2026-11-20 10:22:31.000000+0100 Browser[1:2] -   query: ""
      2026-11-20 10:22:31.000000+0100 Browser[1:2] +   query: "a"
      2026-11-20 10:22:31.000000+0100 Browser[1:2]   )
      received action: AppAction.labelsOnly\r
      other line\r
      received action: AppAction.rename("INVALID")
      🎬 Received action:\r
        AppAction.tick\r
      🖨️ (No state changes)\r

      received action:
        AppAction.load(
          .response(

      """
    for i in 0..<100 { text += "        Item(id: \(i), title: \"Item \(i)\"),\n" }
    text += """
          )
        )
        (No state changes)
      received action:
        AppAction.cut(
      """
    var bytes = Array(text.utf8)
    let invalid = bytes.firstRange(of: Array("INVALID".utf8))!
    bytes.replaceSubrange(invalid, with: [0x41, 0xFF, 0x42])
    return bytes
  }()

  static func write(_ bytes: [UInt8], name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-range-\(getpid())-\(name)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func sequential(_ path: String) throws -> ([UInt8], ScanStatistics, [ScanWarning]) {
    var sink = Records()
    let result = try RecordStream(inputs: [path]).run(into: &sink)
    return (sink.bytes, result.statistics, result.warnings)
  }

  /// Scans the ranges that start at `starts` (the first at 0) on two workers and puts their
  /// parts together as the stream does.
  static func ranges(_ path: String, starts: [Int], readSize: Int = 1 << 20) throws -> (
    [UInt8], ScanStatistics, [ScanWarning]
  ) {
    let file = try #require(PositionalFile(try InputOpener.open(path)))
    let pipeline = ChunkPipeline<Records.Part>(
      jobs: 2, mode: .content({ $0.add($1) }, gate: { _ in nil }), window: TimeWindow(), sizeCap: 64 << 20,
      readSize: readSize)
    defer { pipeline.shutDown() }
    let run = pipeline.start(file: path, firstIndex: 0)
    var bytes: [UInt8] = []
    var statistics = ScanStatistics()
    var warnings: [ScanWarning] = []
    func collect(_ done: ChunkPipeline<Records.Part>.Done) {
      #expect(done.error == nil)
      for var warning in done.warnings {
        warning.line += statistics.lines
        warnings.append(warning)
      }
      statistics.merge(done.statistics)
      bytes += done.part.bytes
    }
    for (i, start) in starts.enumerated() {
      let range = FileRange(file: file, start: start, end: i + 1 < starts.count ? starts[i + 1] : nil)
      try pipeline.submit(range, part: Records.Part(), to: run, deliver: collect)
    }
    try pipeline.drain(run, deliver: collect)
    return (bytes, statistics, warnings)
  }

  /// Where a single cut goes: every byte of the log but the hundred alike lines of the long
  /// action value, where it goes at every byte of the first two and the last (their first
  /// byte, inside them, right after their LF) and every 13th byte between: the lines in
  /// between are the same kind of line, and cutting each of their bytes took two thirds of
  /// the test's time.
  static var singleCuts: [Int] {
    let third = Self.log.firstRange(of: Array("        Item(id: 2,".utf8))!.lowerBound
    let last = Self.log.firstRange(of: Array("        Item(id: 99,".utf8))!.lowerBound
    let alike = third..<last
    return (1..<Self.log.count).filter { !alike.contains($0) || ($0 - alike.lowerBound) % 13 == 0 }
  }

  /// One cut at each place of `singleCuts`, and cuts every 7 bytes, so a range starts on each
  /// kind of line, at its first byte, inside it and right after its LF (or CR).
  @Test func cutsAnywhereGiveTheSequentialRead() throws {
    let path = try Self.write(Self.log, name: "anywhere")
    defer { unlink(path) }
    let expected = try Self.sequential(path)
    #expect(expected.1.records == 7)
    #expect(expected.2.map(\.kind) == [.invalidUTF8], "the log has a warning to number")
    let size = Self.log.count
    let cuts = Self.singleCuts
    #expect(cuts.count < size / 2 && cuts.contains(size - 1), "the cuts skip only the alike lines")
    for cut in cuts {
      let got = try Self.ranges(path, starts: [0, cut])
      #expect(got.0 == expected.0, "records differ with a cut at \(cut)")
      #expect(got.1 == expected.1 && got.2 == expected.2, "counts differ with a cut at \(cut)")
    }
    let got = try Self.ranges(path, starts: Array(stride(from: 0, to: size, by: 7)))
    #expect(got.0 == expected.0 && got.1 == expected.1 && got.2 == expected.2)
    // Read 64 bytes at a time: a range's lines and warnings are numbered across its reads.
    for cut in cuts where cut % 5 == 1 {
      let got = try Self.ranges(path, starts: [0, cut], readSize: 64)
      #expect(got.0 == expected.0, "records differ with a cut at \(cut), 64-byte reads")
      #expect(got.1 == expected.1 && got.2 == expected.2, "counts differ with a cut at \(cut), 64-byte reads")
    }
  }

  /// Ranges without a header line (inside the long action value) are empty: the range
  /// before reads on through them to the next header line.
  @Test func aRangeWithoutAHeaderIsEmptyAndTheOneBeforeReadsOnThroughIt() throws {
    let path = try Self.write(Self.log, name: "through")
    defer { unlink(path) }
    let start = try #require(Self.log.firstRange(of: Array("Item(id: 10,".utf8))).lowerBound
    let starts = [0] + (0..<20).map { start + $0 * 100 }
    let file = try #require(PositionalFile(try InputOpener.open(path)))
    for i in 1..<starts.count {
      var bytes = [UInt8](repeating: 0, count: 100)
      _ = try bytes.withUnsafeMutableBufferPointer { buffer in
        try file.bytes(from: starts[i]).read(into: UnsafeMutableRawBufferPointer(buffer))
      }
      #expect(!bytes.contains(Array("received".utf8)), "range \(i) holds a header: the test no longer tests this")
    }
    let got = try Self.ranges(path, starts: starts)
    let expected = try Self.sequential(path)
    #expect(got.0 == expected.0 && got.1 == expected.1 && got.2 == expected.2)
  }

  /// The stream cuts a regular file into ranges for a chunked sink: generated logs of both
  /// formats, with console prefixes, CRLF, noise and cut-off records, come out as the
  /// sequential read, for range sizes from 4 KiB up.
  @Test(
    .enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"),
    arguments: [
      ["--format", "diffing", "--prefix", "everyline", "--noise", "0.1", "--crlf", "--truncate"],
      ["--format", "tca1", "--prefix", "oslog", "--noise", "0.2", "--truncate"],
    ])
  func generatedLogsMatchTheSequentialRead(_ arguments: [String]) throws {
    let path = try generatedLog(arguments, records: 3000, seed: 9, tag: "range-gen")
    defer { unlink(path) }
    let expected = try Self.sequential(path)
    for (jobs, minimum) in [(2, 4096), (3, 64 << 10), (2, 1 << 20)] {
      var sink = Records()
      var stream = RecordStream(inputs: [path], jobs: jobs)
      stream.chunkSize = minimum
      let result = try stream.run(into: &sink)
      #expect(sink.bytes == expected.0, "jobs \(jobs), ranges of \(minimum) bytes or more")
      #expect(result.statistics == expected.1 && result.warnings == expected.2)
    }
  }

  /// A time window is applied alike: its counts, the span of all timestamps and the
  /// records let through.
  @Test func theWindowIsAppliedAlikeToRanges() throws {
    let sample = Repository.root.appendingPathComponent("Samples/timestamped.log").path
    let window = try TimeWindow(since: "10:05:30", until: "10:06:00")
    var expected = Records()
    let sequential = try RecordStream(inputs: [sample], window: window).run(into: &expected)
    #expect(sequential.windowStatistics.map { $0.records > 0 && $0.records < sequential.statistics.records } == true)
    for minimum in [512, 8192] {
      var got = Records()
      var stream = RecordStream(inputs: [sample], jobs: 2, window: window)
      stream.chunkSize = minimum
      let result = try stream.run(into: &got)
      #expect(got.bytes == expected.bytes, "ranges of \(minimum) bytes or more")
      #expect(result.windowStatistics == sequential.windowStatistics && result.statistics == sequential.statistics)
      #expect(result.timestampSpan == sequential.timestampSpan && result.untimedRecords == sequential.untimedRecords)
    }
  }

  /// The ranges cover the file from its start, without gaps, the last one to its end;
  /// they shrink towards the end, within the minimum and 32 MiB.
  @Test(arguments: [0, 1, 5000, 1 << 20, 200 << 20])
  func thePlanCoversTheFile(size: Int) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-range-plan-\(getpid())").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    defer { unlink(path) }
    #expect(truncate(path, off_t(size)) == 0)
    let file = try #require(PositionalFile(try InputOpener.open(path)))
    // The stream's minimum (its chunk size, 1 MiB) on the large file.
    let minimum = size == 200 << 20 ? 1 << 20 : 4096
    let ranges = FileRange.plan(file: file, jobs: 2, minimum: minimum)
    #expect(ranges.first?.start == 0)
    #expect(ranges.last?.end == nil)
    for (range, next) in zip(ranges, ranges.dropFirst()) {
      #expect(range.end == next.start)
      let length = next.start - range.start
      #expect(length >= minimum && length <= 32 << 20)
    }
    let lengths = zip(ranges, ranges.dropFirst()).map { $1.start - $0.start }
    #expect(lengths == lengths.sorted(by: >), "ranges shrink towards the end")
    if size == 200 << 20 { #expect(lengths.first == 32 << 20 && ranges.count < 40) }
  }

  /// Standard input redirected from a file starts where its descriptor stands, not at the
  /// file's start (a script may have read a part of it): ranges read from there, with the
  /// bytes `InputOpener` read ahead counted back.
  @Test func aDescriptorPartWayThroughAFileStartsWhereItStands() throws {
    let path = try Self.write(Self.log, name: "offset")
    defer { unlink(path) }
    for (position, readAhead) in [(0, 0), (100, 0), (100, 40), (Self.log.count, 0)] {
      let fd = open(path, O_RDONLY)
      #expect(lseek(fd, off_t(position), SEEK_SET) == off_t(position))
      let ahead = Array(Self.log[(position - readAhead)..<position])
      let source = FileByteSource(fd: fd, name: "-", ownsDescriptor: true, readAhead: ahead)
      let file = try #require(PositionalFile(source))
      let input = Array(Self.log[(position - readAhead)...])
      #expect(file.size == input.count)
      var bytes = [UInt8](repeating: 0, count: Self.log.count + 1)
      let n = try bytes.withUnsafeMutableBytes { try file.bytes(from: 0).read(into: $0) }
      #expect(Array(bytes[..<n]) == input, "from \(position), \(readAhead) read ahead")
    }
  }

  /// A range whose read fails hands back the error with the file's name and what the
  /// system said, and no record (the stream then ends the input there, as a sequential
  /// read does).
  @Test func aFailedReadIsHandedBack() throws {
    let path = try Self.write(Self.log, name: "fails")
    defer { unlink(path) }
    let source = try InputOpener.open(path)
    let file = try #require(PositionalFile(source))
    // The descriptor turns into a pipe's under the ranges, so every positioned read fails
    // (its number stays taken: tests run in parallel and open files).
    var pipeEnds: [Int32] = [0, 0]
    #expect(pipe(&pipeEnds) == 0)
    #expect(dup2(pipeEnds[0], (source as! FileByteSource).fd) >= 0)
    close(pipeEnds[0])
    close(pipeEnds[1])
    let pipeline = ChunkPipeline<Records.Part>(
      jobs: 2, mode: .content({ $0.add($1) }, gate: { _ in nil }), window: TimeWindow(), sizeCap: 64 << 20)
    defer { pipeline.shutDown() }
    let run = pipeline.start(file: path, firstIndex: 0)
    var done: [ChunkPipeline<Records.Part>.Done] = []
    for range in [FileRange(file: file, start: 0, end: 100), FileRange(file: file, start: 100, end: nil)] {
      try pipeline.submit(range, part: Records.Part(), to: run) { done.append($0) }
    }
    try pipeline.drain(run) { done.append($0) }
    #expect(done.count == 2)
    for result in done {
      #expect(result.error?.description == "\(path): \(String(cString: strerror(ESPIPE)))")
      #expect(result.part.bytes.isEmpty && result.statistics.records == 0)
    }
  }

  /// Only a regular file is read by ranges: not a gzip file (its bytes are read in order by
  /// the decompressor), not a pipe.
  @Test func onlyPlainRegularFilesAreReadByRanges() throws {
    let plain = try Self.write(Array("received action: AppAction.tick\n".utf8), name: "plain")
    defer { unlink(plain) }
    #expect(PositionalFile(try InputOpener.open(plain)) != nil)
    let gzip = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-range-\(getpid()).gz").path
    #expect(FileManager.default.createFile(atPath: gzip, contents: Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])))
    defer { unlink(gzip) }
    #expect(PositionalFile(try InputOpener.open(gzip)) == nil)
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { close(fds[0]) }
    close(fds[1])
    #expect(PositionalFile(try InputOpener.open("/dev/fd/\(fds[0])")) == nil)
  }
}
