import Foundation
import Testing

@testable import TCALogInput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogSupport

/// The record stream's own rules: a sink's stop, the time window and numbering are the
/// same whether the stream reads sequentially or in chunks.
struct RecordStreamTests {
  static let sample = Repository.root.appendingPathComponent("Samples/timestamped.log").path

  /// Takes the first `limit` records' indices, then says stop (in order, in both modes).
  final class FirstRecords: NumberedChunkedRecordSink {
    let limit: Int
    var seen: [Int] = []
    var ended = false
    init(limit: Int) { self.limit = limit }

    func record(_ record: Record) -> StreamControl {
      seen.append(record.index)
      return seen.count < limit ? .more : .stop
    }
    func makePart() -> Part { Part() }
    func merge(_ part: Part) -> StreamControl {
      for index in part.indices where seen.count < limit { seen.append(index) }
      return seen.count < limit ? .more : .stop
    }
    func end(_ result: ReadResult) { ended = true }

    struct Part: NumberedRecordPart {
      var indices: [Int] = []
      mutating func add(_ record: Record) { indices.append(record.index) }
    }
  }

  @Test(arguments: [1, 2])
  func aStopEndsTheStreamAndLaterInputsAreNotOpened(jobs: Int) throws {
    var sink = FirstRecords(limit: 3)
    var stream = RecordStream(inputs: [Self.sample, "/nonexistent/later.log"], jobs: jobs)
    stream.chunkSize = 4096
    let result = try stream.run(into: &sink)
    #expect(sink.seen == [0, 1, 2])
    #expect(result.stopped)
    #expect(result.errors.isEmpty, "the input after the stop was opened")
    #expect(sink.ended)
  }

  /// A followed file's bytes, then it starts over (truncated, or replaced at its name) in
  /// the middle of a record and of a line, as `FileByteSource` does under `--follow`.
  final class StartsOver: ByteSource {
    var chunks: [[UInt8]]
    private(set) var restarts = 0
    init(_ before: String, _ after: String) { chunks = [Array(before.utf8), Array(after.utf8)] }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      guard !chunks.isEmpty else { return 0 }
      if chunks.count == 1 { restarts += 1 }
      let chunk = chunks.removeFirst()
      buffer.copyBytes(from: chunk)
      return chunk.count
    }
  }

  struct Collected: RecordSink {
    var records: [Record] = []
    mutating func record(_ record: Record) -> StreamControl {
      records.append(record)
      return .more
    }
  }

  /// `--follow` on a file truncated mid-record: the old partial line is dropped and the
  /// open record ends there, so the new file's first record is read whole, from its line 1
  /// (before, `rec` + `received action:` made one line and the record was lost).
  @Test func aFollowedFileThatStartsOverResetsTheLineAndTheRecord() throws {
    let before = """
      received action:
        App.Action.first
        (No state changes)

      received action:
        App.Action.cut(
          id: 1,
      rec
      """
    let after = "received action:\n  App.Action.second\n  (No state changes)\n\n"
    var stream = RecordStream(inputs: ["f.log"], follow: true)
    stream.openSource = { _, _ in StartsOver(before, after) }
    var sink = Collected()
    let result = try stream.run(into: &sink)
    #expect(sink.records.map(\.actionPath) == ["first", "cut", "second"])
    #expect(sink.records.last?.line == 1)
    #expect(result.warnings.isEmpty, "\(result.warnings)")
  }

  /// The same at every byte a truncation can fall on, in every format: whatever was cut
  /// off, the new file's records are all read whole, numbered from its line 1, and no
  /// record holds lines of both files.
  @Test(arguments: ["diffing", "tca1", "tca0"])
  func aTruncationAtAnyByteLosesNothingOfTheNewFile(_ format: String) throws {
    let old = try String(
      contentsOf: Repository.root.appendingPathComponent(
        format == "diffing"
          ? "Samples/browser-session.log" : format == "tca1" ? "Samples/todos-tca1.log" : "Samples/todos-tca0.log"),
      encoding: .utf8)
    let oldBytes = Array(old.utf8.prefix(3000))
    let after =
      "received action:\n  App.Action.fresh(.one)\n  (No state changes)\n\n"
      + "received action:\n  App.Action.fresh(.two)\n  (No state changes)\n\n"
    for cut in stride(from: 1, to: oldBytes.count, by: 7) {
      var stream = RecordStream(inputs: ["f.log"], follow: true)
      let before = String(decoding: oldBytes.prefix(cut), as: UTF8.self)
      stream.openSource = { _, _ in StartsOver(before, after) }
      var sink = Collected()
      _ = try stream.run(into: &sink)
      let fresh = sink.records.filter { $0.actionPath.hasPrefix("fresh") }
      #expect(fresh.map(\.actionPath) == ["fresh.one", "fresh.two"], "cut at \(cut)")
      #expect(fresh.first?.line == 1, "cut at \(cut)")
      #expect(!sink.records.contains { $0.actionPath.contains("fresh") && !$0.actionPath.hasPrefix("fresh") })
    }
  }

  @Test func withoutAStopEveryInputIsReadAndAMissingOneIsAnError() throws {
    var sink = FirstRecords(limit: .max)
    let result = try RecordStream(inputs: [Self.sample, "/nonexistent/later.log", Self.sample], jobs: 2)
      .run(into: &sink)
    #expect(!result.stopped)
    #expect(result.errors.map(\.file) == ["/nonexistent/later.log"])
    #expect(sink.seen == Array(0..<(2 * 500)), "records numbered across inputs, in order")
  }

  static func read(jobs: Int, chunkSize: Int, window: TimeWindow) throws -> (ReadResult, [Int]) {
    var sink = FirstRecords(limit: .max)
    var stream = RecordStream(inputs: [sample, sample], jobs: jobs, window: window)
    stream.chunkSize = chunkSize
    let result = try stream.run(into: &sink)
    return (result, sink.seen)
  }

  /// The window's counts, the span of all timestamps, and the records let through (with
  /// their numbers in the whole run) do not depend on how the stream read.
  @Test func theWindowIsAppliedAlikeSequentiallyAndInChunks() throws {
    let window = try TimeWindow(since: "10:05:30", until: "10:06:00")
    let (expected, expectedIndices) = try Self.read(jobs: 1, chunkSize: 1 << 20, window: window)
    let inWindow = try #require(expected.windowStatistics)
    #expect(inWindow.records > 0 && inWindow.records < expected.statistics.records)
    #expect(inWindow.records == expectedIndices.count)
    #expect(expectedIndices.first ?? 0 > 0, "records before the window still count in the numbering")
    #expect(
      expected.timestampSpan?.earliest.text.contains("10:05:00") == true, "the span covers records outside the window")
    for chunkSize in [512, 8192] {
      let (got, indices) = try Self.read(jobs: 2, chunkSize: chunkSize, window: window)
      #expect(indices == expectedIndices, "chunk \(chunkSize)")
      #expect(got.windowStatistics == expected.windowStatistics, "chunk \(chunkSize)")
      #expect(got.timestampSpan == expected.timestampSpan, "chunk \(chunkSize)")
      #expect(got.untimedRecords == expected.untimedRecords, "chunk \(chunkSize)")
      #expect(got.statistics == expected.statistics, "chunk \(chunkSize)")
    }
  }

  /// A chunked sink's parts see records before their numbers are known: they get
  /// `RecordContent`, which has every field but `index` and `line`.
  @Test func contentPartsSeeEverythingButThePlaceInTheRun() throws {
    struct Formats: ChunkedRecordSink {
      var counts: [RecordFormat: Int] = [:]
      mutating func record(_ record: Record) -> StreamControl {
        counts[record.format, default: 0] += 1
        return .more
      }
      func makePart() -> Part { Part() }
      mutating func merge(_ part: Part) -> StreamControl {
        counts.merge(part.counts, uniquingKeysWith: +)
        return .more
      }
      struct Part: RecordPart {
        var counts: [RecordFormat: Int] = [:]
        mutating func add(_ record: RecordContent) { counts[record.format, default: 0] += 1 }
      }
    }
    var sequential = Formats()
    let result = try RecordStream(inputs: [Self.sample]).run(into: &sequential)
    var chunked = Formats()
    var stream = RecordStream(inputs: [Self.sample], jobs: 2)
    stream.chunkSize = 1024
    try stream.run(into: &chunked)
    #expect(sequential.counts == chunked.counts)
    #expect(sequential.counts == result.statistics.byFormat)
  }
}

extension RecordStreamTests {
  /// `--jobs` is clamped to what helps (`-j 100000` started 100,000 threads and took 4 GB),
  /// and a thread that cannot start means fewer workers, or a sequential read when none
  /// starts: the same records, never a crash (issue 42, row 9: "cannot start a thread").
  @Test func jobsAreClampedAndThreadsThatCannotStartAreDoneWithout() throws {
    #expect(RecordStream.maximumJobs >= 4)
    #expect(RecordStream(inputs: [], jobs: 100_000).jobs == RecordStream.maximumJobs)
    #expect(RecordStream(inputs: [], jobs: 0).jobs == 1)

    func read(threadsThatStart: Int) throws -> (seen: [Int], attempts: Int) {
      final class Attempts: @unchecked Sendable {  // read after the stream ends
        var count = 0
      }
      let attempts = Attempts()
      var sink = FirstRecords(limit: .max)
      var stream = RecordStream(inputs: [Self.sample, Self.sample], jobs: 4)
      stream.chunkSize = 4096
      stream.startThread = { stackSize, body in
        attempts.count += 1
        return attempts.count <= threadsThatStart && DetachedThread.start(stackSize: stackSize, body)
      }
      let result = try stream.run(into: &sink)
      #expect(result.errors.isEmpty)
      return (sink.seen, attempts.count)
    }
    let all = try read(threadsThatStart: 4)
    #expect(all.seen == Array(0..<1000) && all.attempts == 4)
    // The first thread that fails ends the starting: one worker, or none at all.
    let one = try read(threadsThatStart: 1)
    #expect(one.seen == all.seen && one.attempts == 2)
    let none = try read(threadsThatStart: 0)
    #expect(none.seen == all.seen && none.attempts == 1)
  }
}

extension RecordStreamTests {
  /// Counts the parts the stream asks a chunked sink for: none on a sequential read.
  struct PartCounter: ChunkedRecordSink {
    var records = 0
    var parts = 0
    mutating func record(_ record: Record) -> StreamControl {
      records += 1
      return .more
    }
    func makePart() -> Part { Part() }
    mutating func merge(_ part: Part) -> StreamControl {
      parts += 1
      records += part.records
      return .more
    }
    struct Part: RecordPart {
      var records = 0
      mutating func add(_ record: RecordContent) { records += 1 }
    }
  }

  /// Passes the sink on as a generic `some RecordSink`, as a library user's wrapper does.
  static func runPassedOn(_ stream: RecordStream, _ sink: inout some RecordSink) throws -> ReadResult {
    try stream.run(into: &sink)
  }

  /// The stream chooses how to read from what the sink's type conforms to, at run time:
  /// a chunked sink passed on as `some RecordSink` (or as `any RecordSink`) is read in
  /// parallel all the same. It was read sequentially when overloads on the static type
  /// chose, and nothing said so.
  @Test func aChunkedSinkPassedOnGenericallyIsStillReadInParallel() throws {
    var stream = RecordStream(inputs: [Self.sample], jobs: 2)
    stream.chunkSize = 4096
    var generic = PartCounter()
    let result = try Self.runPassedOn(stream, &generic)
    #expect(generic.records == result.statistics.records && generic.records == 500)
    #expect(generic.parts > 1, "the chunked sink got no parts: it was read sequentially")

    var existential: any RecordSink = PartCounter()
    try stream.run(into: &existential)
    let opened = try #require(existential as? PartCounter)
    #expect(opened.records == 500 && opened.parts == generic.parts)

    var numbered = FirstRecords(limit: .max)
    _ = try Self.runPassedOn(stream, &numbered)
    #expect(numbered.seen == Array(0..<500))
  }
}
