@_spi(Scanner) import TCALogParsing

/// Whether a stream goes on after a sink took a record (or a chunk's part).
public enum StreamControl: Sendable, Equatable {
  /// Go on: the stream hands the sink its next record or part.
  case more
  /// No record could change what the sink makes any more: the stream ends here, and
  /// inputs not yet opened are not opened.
  case stop
}

/// Takes the records of a `RecordStream` in input order, on the thread that runs it.
///
/// The stream calls `begin(input:)` before each input, `record(_:)` for each record in it
/// (only those in the time window, numbered across inputs), and `end(_:)` once, with what
/// the read found besides records. A sink that can split its work by chunk for a parallel
/// read also conforms to `ChunkedRecordSink` or `NumberedChunkedRecordSink`.
public protocol RecordSink {
  /// What this sink reads of each record (default: everything).
  var needs: RecordNeeds { get }
  /// An input is about to be read (`-` is standard input); `.stop` ends the stream
  /// before it is opened.
  mutating func begin(input: String) throws -> StreamControl
  /// The next record in input order.
  mutating func record(_ record: Record) throws -> StreamControl
  /// The stream ended: every input read, or a sink said `.stop`.
  mutating func end(_ result: ReadResult) throws
}

extension RecordSink {
  /// Everything (`.all`) unless the sink says less.
  public var needs: RecordNeeds { .all }
  /// Reads every input: always `.more`.
  public func begin(input: String) throws -> StreamControl { .more }
  /// Does nothing.
  public func end(_ result: ReadResult) throws {}
}

/// A sink whose work splits by chunk. On a parallel read the stream makes one part per
/// chunk (on the reading thread, in input order), a worker thread adds the chunk's records
/// to it as they are parsed, and the stream merges the filled parts back into the sink in
/// input order. Sequential reads (one job, `--follow`) call `record(_:)` instead; both
/// must come to the same result.
public protocol ChunkedRecordSink: RecordSink {
  /// One chunk's share of the sink's work, filled on a worker thread.
  associatedtype Part: RecordPart
  /// An empty part for the next chunk; called on the reading thread, in input order.
  func makePart() -> Part
  /// Takes a filled part, in input order; `.stop` ends the stream as from `record(_:)`.
  mutating func merge(_ part: Part) throws -> StreamControl
}

/// One chunk's share of a `ChunkedRecordSink`, filled on a worker thread.
public protocol RecordPart: Sendable {
  /// The chunk's next record. Its place in the run (index, line) is not known yet, so the
  /// part cannot read it.
  mutating func add(_ record: RecordContent)
}

/// A chunked sink whose parts need each record's place in the run (to print it, say): a
/// worker holds its chunk's records until every earlier chunk is parsed, numbers them,
/// then adds them. Costs the chunk's records in memory and that wait.
public protocol NumberedChunkedRecordSink: RecordSink {
  /// One chunk's share of the sink's work, filled on a worker thread with numbered records.
  associatedtype Part: NumberedRecordPart
  /// An empty part for the next chunk; called on the reading thread, in input order.
  func makePart() -> Part
  /// Takes a filled part, in input order; `.stop` ends the stream as from `record(_:)`.
  mutating func merge(_ part: Part) throws -> StreamControl
}

/// One chunk's share of a `NumberedChunkedRecordSink`, filled on a worker thread.
public protocol NumberedRecordPart: Sendable {
  /// The chunk's next record, numbered as in a sequential read.
  mutating func add(_ record: Record)
}

/// A sink or a chunk's part that tells, from a record's action path alone, whether it
/// wants the record at all (`ActionGate`): a declined record is counted in the stream's
/// statistics but never built. The stream asks a sink (and each part, on the worker
/// thread that scans its chunk) whether it conforms, and asks for the gate only without
/// a time window, whose counts see every record. SPI, as the gate reads the path's bytes:
/// a program's sink need not know of it (`filter` gives one, with action patterns alone).
@_spi(Scanner) public protocol ActionGating {
  /// Which records it wants, by their action paths; nil: every record.
  var actionGate: ActionGate? { get }
}

/// A sink that reads nothing of the records: for the counts of a stream alone
/// (`records --stats`), which the stream's `ReadResult` holds.
package struct StatisticsSink: ChunkedRecordSink {
  /// Counts over every input line and record, set when the stream ends (all zero before).
  package private(set) var statistics = ScanStatistics()
  /// A sink with no counts yet.
  package init() {}
  /// Nothing: the counts come from the stream, not from the records.
  package var needs: RecordNeeds { [] }
  /// Ignores the record; always `.more`.
  package func record(_ record: Record) -> StreamControl { .more }
  /// A part that keeps nothing.
  package func makePart() -> Part { Part() }
  /// Nothing to take; always `.more`.
  package func merge(_ part: Part) -> StreamControl { .more }
  /// Keeps the stream's `statistics` (of the whole input, time window or not).
  package mutating func end(_ result: ReadResult) { statistics = result.statistics }

  /// A chunk's part of a `StatisticsSink`: it keeps nothing.
  package struct Part: RecordPart {
    /// Ignores the record.
    package func add(_ record: RecordContent) {}
  }
}

/// A sink made of a closure that looks at each record: for scripts and tests.
public struct EachRecord: RecordSink {
  private let body: (Record) throws -> Void
  /// What `body` reads of a record (every part unless the initializer was told less).
  public let needs: RecordNeeds
  /// A sink that calls `body` with each record in input order; an error it throws ends the stream
  /// and is rethrown by `RecordStream.run(into:)`. `needs`: the parts of a record `body` reads.
  public init(needs: RecordNeeds = .all, _ body: @escaping (Record) throws -> Void) {
    self.needs = needs
    self.body = body
  }
  /// Calls the closure with the record; `.more` unless it throws.
  public func record(_ record: Record) throws -> StreamControl {
    try body(record)
    return .more
  }
}

/// Two chunked sinks fed by one read: each gets every record (or its own part of every
/// chunk), so a command that needs two kinds of numbers parses the input once.
package struct SinkPair<First: ChunkedRecordSink, Second: ChunkedRecordSink>: ChunkedRecordSink {
  /// The first sink.
  package var first: First
  /// The second sink.
  package var second: Second

  /// A pair of `first` and `second`.
  package init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// What either reads.
  package var needs: RecordNeeds { first.needs.union(second.needs) }

  /// Both begin; the stream stops only when both say `.stop`.
  package mutating func begin(input: String) throws -> StreamControl {
    let a = try first.begin(input: input)
    let b = try second.begin(input: input)
    return a == .stop && b == .stop ? .stop : .more
  }

  /// Both take the record (a sink that said `.stop` sees no more of this read's records
  /// only when both did).
  package mutating func record(_ record: Record) throws -> StreamControl {
    let a = try first.record(record)
    let b = try second.record(record)
    return a == .stop && b == .stop ? .stop : .more
  }

  /// A part of each.
  package func makePart() -> Part { Part(first: first.makePart(), second: second.makePart()) }

  /// Each takes its part.
  package mutating func merge(_ part: Part) throws -> StreamControl {
    let a = try first.merge(part.first)
    let b = try second.merge(part.second)
    return a == .stop && b == .stop ? .stop : .more
  }

  /// Both end.
  package mutating func end(_ result: ReadResult) throws {
    try first.end(result)
    try second.end(result)
  }

  /// The two sinks' parts of one chunk.
  package struct Part: RecordPart {
    var first: First.Part
    var second: Second.Part
    /// Both parts take the record.
    package mutating func add(_ record: RecordContent) {
      first.add(record)
      second.add(record)
    }
  }
}

/// A chunked sink and a numbered one fed by one read (`check` with rules on what sets off
/// what: the run's profile and the chains analysis): the pair is numbered, and the first
/// sink's part takes each record's content.
package struct NumberedSinkPair<First: ChunkedRecordSink, Second: NumberedChunkedRecordSink>:
  NumberedChunkedRecordSink
{
  /// The first sink.
  package var first: First
  /// The second sink.
  package var second: Second
  /// A pair of `first` and `second`.
  package init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }
  /// What either reads.
  package var needs: RecordNeeds { first.needs.union(second.needs) }
  /// Both begin; the stream stops only when both say `.stop`.
  package mutating func begin(input: String) throws -> StreamControl {
    let a = try first.begin(input: input)
    let b = try second.begin(input: input)
    return a == .stop && b == .stop ? .stop : .more
  }
  /// Both take the record.
  package mutating func record(_ record: Record) throws -> StreamControl {
    let a = try first.record(record)
    let b = try second.record(record)
    return a == .stop && b == .stop ? .stop : .more
  }
  /// A part of each.
  package func makePart() -> Part { Part(first: first.makePart(), second: second.makePart()) }
  /// Each takes its part.
  package mutating func merge(_ part: Part) throws -> StreamControl {
    let a = try first.merge(part.first)
    let b = try second.merge(part.second)
    return a == .stop && b == .stop ? .stop : .more
  }
  /// Both end.
  package mutating func end(_ result: ReadResult) throws {
    try first.end(result)
    try second.end(result)
  }
  /// The two sinks' parts of one chunk.
  package struct Part: NumberedRecordPart {
    var first: First.Part
    var second: Second.Part
    /// The first part takes the record's content, the second the record.
    package mutating func add(_ record: Record) {
      first.add(record.content)
      second.add(record)
    }
  }
}

/// Two numbered sinks fed by one read (`trace --chains`: the changes and the chains
/// analysis that tells what set each off).
package struct NumberedSinks<First: NumberedChunkedRecordSink, Second: NumberedChunkedRecordSink>:
  NumberedChunkedRecordSink
{
  /// The first sink.
  package var first: First
  /// The second sink.
  package var second: Second
  /// A pair of `first` and `second`.
  package init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }
  /// What either reads.
  package var needs: RecordNeeds { first.needs.union(second.needs) }
  /// Both begin; the stream stops only when both say `.stop`.
  package mutating func begin(input: String) throws -> StreamControl {
    let a = try first.begin(input: input)
    let b = try second.begin(input: input)
    return a == .stop && b == .stop ? .stop : .more
  }
  /// Both take the record.
  package mutating func record(_ record: Record) throws -> StreamControl {
    let a = try first.record(record)
    let b = try second.record(record)
    return a == .stop && b == .stop ? .stop : .more
  }
  /// A part of each.
  package func makePart() -> Part { Part(first: first.makePart(), second: second.makePart()) }
  /// Each takes its part.
  package mutating func merge(_ part: Part) throws -> StreamControl {
    let a = try first.merge(part.first)
    let b = try second.merge(part.second)
    return a == .stop && b == .stop ? .stop : .more
  }
  /// Both end.
  package mutating func end(_ result: ReadResult) throws {
    try first.end(result)
    try second.end(result)
  }
  /// The two sinks' parts of one chunk.
  package struct Part: NumberedRecordPart {
    var first: First.Part
    var second: Second.Part
    /// Both parts take the record.
    package mutating func add(_ record: Record) {
      first.add(record)
      second.add(record)
    }
  }
}
