import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// The chunked, multi-threaded read gives exactly what the sequential read gives: the
/// same records (index, line, offset, every field), statistics and warnings.
struct ParallelReaderTests {
  /// Every record as ndjson, rendered on the workers (numbered parts) or in order.
  final class JSONCollector: NumberedChunkedRecordSink {
    var bytes: [UInt8] = []
    func record(_ record: Record) -> StreamControl {
      RecordJSON.append(record, to: &bytes)
      return .more
    }
    func makePart() -> Part { Part() }
    func merge(_ part: Part) -> StreamControl {
      bytes += part.bytes
      return .more
    }
    struct Part: NumberedRecordPart {
      var bytes: [UInt8] = []
      mutating func add(_ record: Record) { RecordJSON.append(record, to: &bytes) }
    }
  }

  /// Every record as ndjson plus the statistics and warnings: one comparable value.
  static func sequential(_ files: [String]) throws -> ([UInt8], ScanStatistics, [ScanWarning]) {
    var sink = JSONCollector()
    let result = try RecordStream(inputs: files).run(into: &sink)
    return (sink.bytes, result.statistics, result.warnings)
  }

  static func parallel(_ files: [String], jobs: Int, chunkSize: Int) throws -> (
    [UInt8], ScanStatistics, [ScanWarning]
  ) {
    var sink = JSONCollector()
    var stream = RecordStream(inputs: files, jobs: jobs)
    stream.chunkSize = chunkSize
    let result = try stream.run(into: &sink)
    return (sink.bytes, result.statistics, result.warnings)
  }

  static func write(_ text: String, name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-par-\(getpid())-\(name)").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func mixedFormatsCutIntoTinyChunks() throws {
    let log = """
      launch
      🎬 Received action:
        AppAction.windows(.window(id: 1, action: .hover(true)))
      🖨️ State:
      windows:
      |\tKey 1:
      |\t|\tisHovered:
      |\t|\t|\tCurrent: true
      |\t|\t|\tPrevious: false

      🎬 Received action:
        AppAction.tick
      🖨️ (No state changes)
      received action:
        AppAction.search(.queryChanged("a"))
        AppState(
      -   query: ""
      +   query: "a"
        )

      received action: AppAction.labelsOnly
      other line
      received action:
        AppAction.cut(

      """
    let path = try Self.write(String(repeating: log, count: 40), name: "mixed")
    defer { unlink(path) }
    let expected = try Self.sequential([path, path])
    #expect(expected.1.records == 40 * 2 * 5)
    for chunkSize in [64, 200, 1000, 1 << 20] {
      for jobs in [1, 2, 3] {
        let got = try Self.parallel([path, path], jobs: jobs, chunkSize: chunkSize)
        #expect(got.0 == expected.0, "records differ with jobs \(jobs), chunk \(chunkSize)")
        #expect(got.1 == expected.1 && got.2 == expected.2)
      }
    }
  }

  /// An empty file is no error (as for grep); a missing one is, in parallel too.
  @Test func missingFilesAreReportedInParallelTooButEmptyOnesAreNot() throws {
    let empty = try Self.write("", name: "empty")
    defer { unlink(empty) }
    for jobs in [1, 2] {
      var sink = ReportAggregator()
      let result = try RecordStream(inputs: [empty, "/nonexistent/x.log"], jobs: jobs).run(into: &sink)
      #expect(result.errors.map(\.file) == ["/nonexistent/x.log"])
    }
  }

  @Test(
    .enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"),
    arguments: [
      ["--format", "diffing", "--prefix", "everyline", "--noise", "0.1", "--crlf", "--truncate"],
      ["--format", "tca1", "--prefix", "oslog", "--noise", "0.2", "--truncate"],
    ])
  func genLogLogsMatchTheSequentialRead(_ arguments: [String]) throws {
    let path = try generatedLog(arguments, records: 3000, seed: 9, tag: "par-gen")
    defer { unlink(path) }
    let expected = try Self.sequential([path])
    for chunkSize in [4096, 64 << 10] {
      let got = try Self.parallel([path], jobs: 2, chunkSize: chunkSize)
      #expect(got.0 == expected.0)
      #expect(got.1 == expected.1 && got.2 == expected.2)
    }
  }

  @Test func reportFromChunksEqualsTheSequentialReport() throws {
    let text = Self.log(timestamped: true)
    let path = try Self.write(String(repeating: text, count: 30), name: "report")
    defer { unlink(path) }
    func render(jobs: Int, chunkSize: Int) throws -> String {
      var aggregator = ReportAggregator(collectsShapes: true)
      var stream = RecordStream(inputs: [path, path], jobs: jobs)
      stream.chunkSize = chunkSize
      try stream.run(into: &aggregator)
      let summary = aggregator.summary()
      return ReportPrinter(format: .json).render(ActionReport(summary: summary))
        + "\(summary.actions.map { "\($0.shape.map { $0.map(\.name) } ?? [])" })"
    }
    let expected = try render(jobs: 1, chunkSize: 1 << 20)
    for chunkSize in [64, 300, 5000] {
      #expect(try render(jobs: 2, chunkSize: chunkSize) == expected, "chunk \(chunkSize)")
    }
  }

  /// A short mixed log; with `timestamped`, NSLog prefixes one second apart.
  static func log(timestamped: Bool) -> String {
    let actions = [
      "tick", "windows(.window(id: 1, action: .hover(true)))", "tick", "search(.queryChanged(\"a\"))", "tick",
    ]
    return actions.enumerated().map { i, action in
      let prefix = timestamped ? "2026-11-20 10:22:3\(i).000000+0100 Browser[1:2] " : ""
      return "\(prefix)received action: AppAction.\(action)\nnoise\n"
    }.joined()
  }
}

extension ParallelReaderTests {
  /// A long line arriving a read at a time is searched once, not once per read (issue 42,
  /// row 6: the splitter searched the unfinished line from its end at every read, and a
  /// 100 MB line through a pipe took 49 s): the bytes searched stay within a small multiple
  /// of the input's, and the chunks hold every byte in order.
  @Test func aLongLineIsSearchedOnce() throws {
    let record = Array("received action:\n  App.Action.tick\n  (No state changes)\n\n".utf8)
    var input = record
    input += [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
    input.append(0x0A)
    for _ in 0..<1000 { input += record }
    let splitter = ChunkSplitter(
      source: MemoryByteSource(input, readSize: 64 << 10), chunkSize: 64 << 10, sizeCap: 64 << 20)
    var read: [UInt8] = []
    while let chunk = try splitter.next() { read += UnsafeBufferPointer(start: chunk.bytes, count: chunk.count) }
    #expect(read == input)
    #expect(splitter.searchedBytes <= 3 * input.count, "\(splitter.searchedBytes) bytes searched for \(input.count)")
  }
}
