import TCALogInput
@_spi(Scanner) import TCALogParsing
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a stream found besides the records.
public struct ReadResult: Sendable {
  /// Counts over every input line and record (of the time window or not).
  public var statistics = ScanStatistics()
  /// With a time window: the counts of the records in it, as if they were the whole input
  /// (their lines and bytes; other lines lie in no window). Nil without a window.
  public var windowStatistics: ScanStatistics?
  /// Inputs that could not be read (or not completely): reported, the others still read.
  public var errors: [InputError] = []
  /// At most `RecordScanner.maximumWarnings` per input, lines numbered in their input.
  public var warnings: [ScanWarning] = []
  /// Records left out by the time window because they carry no timestamp.
  package var untimedRecords = 0
  /// With a time window: the earliest and latest timestamps of all records, to say what
  /// the log covers when nothing was in the window.
  public var timestampSpan: TimestampSpan?
  /// A sink said `.stop` before the inputs ended.
  public var stopped = false
  /// Each input's own counts, in the order read (one per input begun), as
  /// `reportedStatistics` gives them for the whole read: of the window when there is one.
  package var inputStatistics: [ScanStatistics] = []
  /// An empty result: no counts, errors or warnings.
  package init() {}

  /// The counts a report describes: those of the window when there is one.
  public var reportedStatistics: ScanStatistics { windowStatistics ?? statistics }
}

/// The earliest and latest record timestamps of a read, as written in the log.
public struct TimestampSpan: Sendable, Equatable {
  /// The earliest timestamp: seconds since 1970, and its text as the log wrote it.
  public var earliest: (time: Double, text: String)
  /// The latest timestamp: seconds since 1970, and its text as the log wrote it.
  public var latest: (time: Double, text: String)
  /// The latest timestamp of the other records (nil: one record): a latest far after it
  /// is a stray (a 2099 clock), which `--since -5m` would count back from.
  package var beforeLatest: (time: Double, text: String)?
  package init(_ time: Double, _ text: String) {
    earliest = (time, text)
    latest = (time, text)
  }
  package mutating func add(_ time: Double, _ text: @autoclosure () -> String) {
    if time < earliest.time { earliest = (time, text()) }
    if time > latest.time {
      beforeLatest = latest
      latest = (time, text())
    } else if beforeLatest.map({ time > $0.time }) ?? true {
      beforeLatest = (time, text())
    }
  }
  package mutating func merge(_ other: TimestampSpan) {
    if other.earliest.time < earliest.time { earliest = other.earliest }
    // The two latest of both: each side's latest and the one before it.
    for candidate in [other.latest, other.beforeLatest].compactMap({ $0 }) {
      if candidate.time > latest.time {
        beforeLatest = latest
        latest = candidate
      } else if beforeLatest.map({ candidate.time > $0.time }) ?? true {
        beforeLatest = candidate
      }
    }
  }

  /// The latest timestamp when it lies far after every other (more than an hour, and more
  /// than the others span): one stray record, whose time `-5m` would count back from.
  package var strayLatest: (latest: String, before: String)? {
    guard let beforeLatest else { return nil }
    let gap = latest.time - beforeLatest.time
    return gap > max(3600, beforeLatest.time - earliest.time) ? (latest.text, beforeLatest.text) : nil
  }
  /// Equal when both ends have the same time and text.
  public static func == (a: TimestampSpan, b: TimestampSpan) -> Bool {
    a.earliest == b.earliest && a.latest == b.latest
  }
}

/// What a time window saw of some records: those it let through (counted with their lines
/// and bytes), those without a timestamp, and the span of all timestamps. One per chunk on
/// a parallel read, merged in input order, so no lock is needed.
struct WindowTally: Sendable {
  var admitted = ScanStatistics()
  var untimed = 0
  var span: TimestampSpan?

  /// Counts one record; returns whether it lies in the window.
  mutating func admit(_ record: some RecordFields, to window: TimeWindow) -> Bool {
    let inWindow = window.contains(record)
    switch inWindow {
    case true?: admitted.countWithLines(record)
    case false?: break
    case nil: untimed += 1
    }
    if let written = record.writtenTime, let range = record.timestampRange {
      let time = written.instant
      if span == nil {
        span = TimestampSpan(time, record.string(range))
      } else {
        span!.add(time, record.string(range))
      }
    }
    return inWindow == true
  }

  mutating func merge(_ other: WindowTally) {
    admitted.merge(other.admitted)
    untimed += other.untimed
    if let other = other.span {
      if span == nil { span = other } else { span!.merge(other) }
    }
  }

  func record(into result: inout ReadResult) {
    result.windowStatistics = admitted
    result.untimedRecords = untimed
    result.timestampSpan = span
  }
}

extension ScanStatistics {
  /// Counts a record as if it were the whole input (its lines and bytes included).
  package mutating func countWithLines(_ record: some RecordFields) {
    count(record)
    lines += record.lines
    bytes += record.bytes
  }
}

/// The one way from inputs to records: reads the inputs named on the command line in
/// order, parses them, and hands every record in the time window to a sink, numbered
/// across inputs. It alone decides how: sequentially (one job, or `--follow`), or cut into
/// chunks parsed on `jobs` threads with the sink's parts merged in input order; either way
/// the sink sees the same records, numbers, statistics and warnings.
public struct RecordStream: Sendable {
  /// The inputs in order (`-` is standard input).
  public var inputs: [String]
  /// Threads that parse; 1 reads sequentially.
  public var jobs: Int
  /// Only records in this window reach the sink (`--since` / `--until`).
  public var window: TimeWindow
  /// Keep reading the inputs as they grow (`--follow`): the stream then ends only when
  /// the read is interrupted (`Interruption`). Reads sequentially.
  public var follow: Bool
  /// Records larger than this are cut and kept incomplete.
  package var sizeCap = 64 << 20
  /// A line longer than this ends the read of its input, an error (`LineTooLong`): memory
  /// holds at most about this much of a line.
  package var lineCap = 64 << 20
  /// About how many bytes one chunk of a parallel read holds; for a regular file, how many
  /// a worker reads at a time, and the least a range holds.
  package var chunkSize = 1 << 20
  /// The bytes of inputs held in memory, by the name they go under (`init(text:name:jobs:)`):
  /// read as they are instead of a file of that name.
  package var contents: [String: [UInt8]] = [:]

  /// Starts a worker thread (`DetachedThread.start`); false when the system starts none.
  package var startThread: @Sendable (Int, @escaping @Sendable () -> Void) -> Bool = DetachedThread.start

  /// The most threads that help: one per core, and at least 4 (so that a read on a machine
  /// of few cores is still cut as on most). More only cost memory: `-j 10000` took 4 GB
  /// for a 2.5 MB file.
  package static var maximumJobs: Int { max(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// `inputs` empty means standard input; `jobs` is clamped to 1…`maximumJobs`.
  public init(inputs: [String], jobs: Int = 1, window: TimeWindow = TimeWindow(), follow: Bool = false) {
    self.inputs = inputs.isEmpty ? ["-"] : inputs
    self.jobs = min(max(1, jobs), Self.maximumJobs)
    self.window = window
    self.follow = follow
  }

  /// The records of `text` held in memory (a log as plain text, not gzip), under `name`
  /// (the records' `file`, and the name in warnings and errors).
  public init(text: String, name: String = "<memory>", jobs: Int = 1) {
    self.init(bytes: Array(text.utf8), name: name, jobs: jobs)
  }

  /// The records of `bytes` held in memory (a log as plain text, not gzip), under `name`.
  public init(bytes: [UInt8], name: String = "<memory>", jobs: Int = 1) {
    self.init(inputs: [name], jobs: jobs)
    contents[name] = bytes
  }

  /// Opens a source by name (with `follow`) when `contents` has no bytes for it: the file
  /// or standard input; a test hands in a source of its own (one that starts over).
  package var openSource: @Sendable (String, Bool) throws -> ByteSource = { try InputOpener.open($0, follow: $1) }

  /// The source of `input`: its bytes in memory, else the file or standard input.
  private func open(_ input: String, follow: Bool = false) throws -> ByteSource {
    if let bytes = contents[input] { return MemoryByteSource(bytes) }
    return try openSource(input, follow)
  }

  /// Streams every record into `sink`, in input order, numbered across inputs.
  ///
  /// How is chosen here, at run time, from what the sink's type conforms to: with more
  /// than one job (and no `follow`), a `ChunkedRecordSink` gets one part per chunk filled
  /// on a worker thread, a `NumberedChunkedRecordSink` one per chunk filled once its
  /// records are numbered; any other sink, or one job, reads sequentially on this thread.
  /// The sink sees the same records, numbers, statistics and warnings either way. (The
  /// choice was once made by overloads on the sink's static type, so a sink passed on as
  /// `some RecordSink` silently read sequentially.)
  @discardableResult
  public func run<Sink: RecordSink>(into sink: inout Sink) throws -> ReadResult {
    guard jobs > 1 && !follow else { return try runSequentially(into: &sink) }
    if let chunked = Sink.self as? any ChunkedRecordSink.Type {
      return try withUnsafeMutablePointer(to: &sink) { try runChunked(UnsafeMutableRawPointer($0), as: chunked) }
    }
    if let numbered = Sink.self as? any NumberedChunkedRecordSink.Type {
      return try withUnsafeMutablePointer(to: &sink) { try runNumbered(UnsafeMutableRawPointer($0), as: numbered) }
    }
    return try runSequentially(into: &sink)
  }

  /// The chunked read of a sink whose type, `Sink`, the caller found at run time: `sink`
  /// points at the caller's sink itself (no copy, so its buffers are not copied on write).
  private func runChunked<Sink: ChunkedRecordSink>(_ sink: UnsafeMutableRawPointer, as _: Sink.Type) throws
    -> ReadResult
  {
    try runChunked(
      into: &sink.assumingMemoryBound(to: Sink.self).pointee, makePart: { $0.makePart() },
      merge: { try $0.merge($1) }, mode: .content(adder(Sink.Part.self), gate: gateOf(Sink.Part.self)))
  }

  /// The numbered chunked read, as `runChunked(_:as:)`.
  private func runNumbered<Sink: NumberedChunkedRecordSink>(_ sink: UnsafeMutableRawPointer, as _: Sink.Type) throws
    -> ReadResult
  {
    try runChunked(
      into: &sink.assumingMemoryBound(to: Sink.self).pointee, makePart: { $0.makePart() },
      merge: { try $0.merge($1) },
      mode: .numbered(numberedAdder(Sink.Part.self), gate: numberedGateOf(Sink.Part.self)))
  }

  /// A part's `actionGate` when its type gives one (`ActionGating`), asked of the type
  /// once, here, rather than of each part.
  private func gateOf<Part: RecordPart>(_: Part.Type) -> @Sendable (Part) -> ActionGate? {
    guard Part.self is any ActionGating.Type else { return { _ in nil } }
    return { part in (part as? any ActionGating)?.actionGate }
  }

  /// A part's `add`, with the part's type a generic parameter of its own. This module's
  /// generic code is not specialized for the sinks of the modules that call it: a closure
  /// that named `Sink.Part` looked up that associated type and its conformance at every
  /// record (about 135 instructions a record, 4% of a parallel `report`); this one gets
  /// them once.
  private func adder<Part: RecordPart>(_: Part.Type) -> @Sendable (inout Part, RecordContent) -> Void {
    { part, record in part.add(record) }
  }

  /// A numbered part's `add`, by the same means as `adder`.
  private func numberedAdder<Part: NumberedRecordPart>(_: Part.Type) -> @Sendable (inout Part, Record) -> Void {
    { part, record in part.add(record) }
  }

  /// A numbered part's `actionGate`, as `gateOf`.
  private func numberedGateOf<Part: NumberedRecordPart>(_: Part.Type) -> @Sendable (Part) -> ActionGate? {
    guard Part.self is any ActionGating.Type else { return { _ in nil } }
    return { part in (part as? any ActionGating)?.actionGate }
  }

  private func runSequentially<Sink: RecordSink>(into sink: inout Sink) throws -> ReadResult {
    var result = ReadResult()
    var tally = window.isUnbounded ? nil : WindowTally()
    var nextIndex = 0
    for input in inputs {
      if try sink.begin(input: input) == .stop {
        result.stopped = true
        break
      }
      // The window's counts of this input alone, merged into the read's when it ends.
      var inputTally = window.isUnbounded ? nil : WindowTally()
      // The sink's gate only without a window: the window's counts see every record.
      let scanner = RecordScanner(
        file: input, firstIndex: nextIndex, sizeCap: sizeCap, needs: sink.needs,
        gate: window.isUnbounded ? (sink as? any ActionGating)?.actionGate : nil)
      var control = StreamControl.more
      // Closure literals, not a local function: captured variables of a local function
      // may escape, so each access would pay a runtime exclusivity check (one per line).
      do {
        let source = try open(input, follow: follow)
        // The reader stops short only on an error: the record that makes the sink stop
        // throws out of the scan (a flag checked per line would cost every line).
        try LineReader(source: source, lineCap: lineCap).forEachBlock(
          restarted: {
            // A followed file that started over: the record it was in ends there
            // (incomplete), rather than taking the new file's lines as its own.
            try scanner.finish { try take($0, into: &sink, control: &control, tally: &inputTally) }
            if control == .stop { throw StopStream() }
          },
          { block, firstLine, firstOffset in
            try scanner.feed(lines: block, firstLine: firstLine, firstOffset: firstOffset) {
              try take($0, into: &sink, control: &control, tally: &inputTally)
              if control == .stop { throw StopStream() }
            }
          })
        try scanner.finish { try take($0, into: &sink, control: &control, tally: &inputTally) }
      } catch let error as InputError {
        // What was read before the error is still input: its last record is finished.
        result.errors.append(error)
        try scanner.finish { try take($0, into: &sink, control: &control, tally: &inputTally) }
      } catch let error as LineTooLong {
        result.errors.append(error.inputError(file: input))
        try scanner.finish { try take($0, into: &sink, control: &control, tally: &inputTally) }
      } catch is StopStream {}
      nextIndex = scanner.nextIndex
      result.statistics.merge(scanner.statistics)
      result.warnings += scanner.warnings
      result.inputStatistics.append(inputTally?.admitted ?? scanner.statistics)
      if let inputTally { tally?.merge(inputTally) }
      if control == .stop {
        result.stopped = true
        break
      }
    }
    tally?.record(into: &result)
    try sink.end(result)
    return result
  }

  /// Hands one record of a sequential read to the sink, if it lies in the window and the
  /// sink wants more.
  @inline(__always)
  private func take<Sink: RecordSink>(
    _ record: Record, into sink: inout Sink, control: inout StreamControl, tally: inout WindowTally?
  ) throws {
    guard control == .more else { return }
    if tally == nil || tally!.admit(record, to: window) { control = try sink.record(record) }
  }

  private func runChunked<Sink: RecordSink, Part: Sendable>(
    into sink: inout Sink, makePart: (Sink) -> Part, merge: (inout Sink, Part) throws -> StreamControl,
    mode: ChunkPipeline<Part>.Mode
  ) throws -> ReadResult {
    let pipeline = ChunkPipeline<Part>(
      jobs: jobs, mode: mode, window: window, sizeCap: sizeCap, lineCap: lineCap, needs: sink.needs,
      readSize: chunkSize, startThread: startThread)
    defer { pipeline.shutDown() }
    // Not one thread would start: the same records, read on this one.
    guard pipeline.workers > 0 else { return try runSequentially(into: &sink) }
    var result = ReadResult()
    var tally = window.isUnbounded ? nil : WindowTally()
    var nextIndex = 0
    var control = StreamControl.more
    for input in inputs {
      if try sink.begin(input: input) == .stop {
        result.stopped = true
        break
      }
      var fileStatistics = ScanStatistics()
      var fileTally = window.isUnbounded ? nil : WindowTally()
      var fileWarnings: [ScanWarning] = []
      var rangeError: InputError?
      let run = pipeline.start(file: input, firstIndex: nextIndex)
      func collect(_ done: ChunkPipeline<Part>.Done) throws {
        // A read ends at its first error, as a sequential read does: later ranges' records
        // are not part of it.
        guard control == .more, rangeError == nil else { return }
        // A chunk's scanner numbers lines from the chunk's start.
        for var warning in done.warnings where fileWarnings.count < RecordScanner.maximumWarnings {
          warning.line += fileStatistics.lines
          fileWarnings.append(warning)
        }
        fileStatistics.merge(done.statistics)
        if let window = done.window { fileTally?.merge(window) }
        control = try merge(&sink, done.part)
        rangeError = done.error
      }
      do {
        let source = try open(input)
        if case .content = mode, let file = PositionalFile(source) {
          // A regular file: each worker reads its own ranges (`FileRange`).
          for range in FileRange.plan(file: file, jobs: jobs, minimum: chunkSize) where control == .more {
            try pipeline.submit(range, part: makePart(sink), to: run, deliver: collect)
          }
        } else {
          let splitter = ChunkSplitter(
            source: source, chunkSize: chunkSize, sizeCap: sizeCap, lineCap: lineCap,
            chunksInFlight: pipeline.chunksInFlight)
          while control == .more, let chunk = try splitter.next() {
            try pipeline.submit(chunk, part: makePart(sink), to: run, deliver: collect)
          }
        }
      } catch let error as InputError {
        result.errors.append(error)
      } catch let error as LineTooLong {
        result.errors.append(error.inputError(file: input))
      }
      // A record that went on past a forced cut ends with the input as read.
      pipeline.endInput(run)
      try pipeline.drain(run, deliver: collect)
      if let rangeError { result.errors.append(rangeError) }
      nextIndex += fileStatistics.records
      result.statistics.merge(fileStatistics)
      result.warnings += fileWarnings
      result.inputStatistics.append(fileTally?.admitted ?? fileStatistics)
      if let fileTally { tally?.merge(fileTally) }
      if control == .stop {
        result.stopped = true
        break
      }
    }
    tally?.record(into: &result)
    try sink.end(result)
    return result
  }
}

/// Unwinds the line loop of a sequential read when the sink says `.stop`.
private struct StopStream: Error {}
