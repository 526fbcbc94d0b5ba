@_spi(Scanner) import TCALogParsing
import TCALogPipeline
import TCALogReport

/// What `tcalog view` keeps of a log: per record only where it lies (offset and length in
/// its file) and what silencing and narrowing ask of it (its action path and normalized
/// state paths, as numbers into tables of distinct texts); the text is read again from the
/// file when a record is shown. Built in one read, in parallel chunks or file ranges, with
/// the report's numbers beside it (the actions pane is the report's tree).
package struct ViewIndex: ChunkedRecordSink {
  /// One record of the index.
  package struct Entry: Sendable, Equatable {
    /// The input it was read from (an index into `inputs`).
    package var input: Int32
    /// Byte offset of its header line in that input.
    package var offset: Int
    /// Its bytes, prefixes and terminators included.
    package var bytes: Int32
    /// Its action path (an index into `actionPaths`).
    package var action: Int32
    /// Where its normalized state paths are in `statePathIDs`.
    package var statePaths: Range<Int32>
    /// A binding's key path (an index into `keyPaths`; -1: none), for silencing one alone.
    package var keyPath: Int32 = -1
  }

  /// The records, in log order.
  package private(set) var entries: [Entry] = []
  /// The distinct action paths.
  package private(set) var actionPaths: [String] = []
  /// The distinct normalized state paths.
  package private(set) var statePaths: [String] = []
  /// Every record's normalized state paths, one after the other.
  package private(set) var statePathIDs: [Int32] = []
  /// The distinct binding key paths (`\.$volume`).
  package private(set) var keyPaths: [String] = []
  /// The inputs, in the order they were read.
  package private(set) var inputs: [String] = []
  /// The report's counts, for the actions pane.
  package private(set) var aggregator = ReportAggregator()
  private var actionIDs: [String: Int32] = [:]
  private var statePathIDsByText: [String: Int32] = [:]
  private var keyPathIDs: [String: Int32] = [:]
  /// Added to the offsets of the records read next: a slice of a file read from memory
  /// numbers its bytes from 0.
  package var offsetBase = 0

  package init() {}

  package var needs: RecordNeeds { aggregator.needs }

  package mutating func begin(input: String) -> StreamControl {
    if inputs.last != input { inputs.append(input) }
    return .more
  }

  package mutating func record(_ record: Record) -> StreamControl {
    var part = makePart()
    part.add(record.content)
    return merge(part)
  }

  package func makePart() -> Part { Part(aggregator: aggregator.makePart()) }

  package mutating func merge(_ part: Part) -> StreamControl {
    _ = aggregator.merge(part.aggregator)
    for record in part.records {
      let input = Int32(inputs.firstIndex(of: record.file) ?? Self.appended(record.file, to: &inputs))
      let action = Self.id(of: part.actionPaths[Int(record.action)], in: &actionPaths, ids: &actionIDs)
      let start = Int32(statePathIDs.count)
      for local in part.statePathIDs[Int(record.statePaths.lowerBound)..<Int(record.statePaths.upperBound)] {
        statePathIDs.append(Self.id(of: part.statePaths[Int(local)], in: &statePaths, ids: &statePathIDsByText))
      }
      let keyPath =
        record.keyPath < 0 ? -1 : Self.id(of: part.keyPaths[Int(record.keyPath)], in: &keyPaths, ids: &keyPathIDs)
      entries.append(
        Entry(
          input: input, offset: offsetBase + record.offset, bytes: record.bytes, action: action,
          statePaths: start..<Int32(statePathIDs.count), keyPath: keyPath))
    }
    return .more
  }

  /// A read's counts join those of the reads before it (the slices of one file).
  package mutating func end(_ result: ReadResult) {
    var statistics = aggregator.statistics
    aggregator.end(result)
    statistics.merge(aggregator.statistics)
    aggregator.statistics = statistics
  }

  /// The normalized state paths of `entry`.
  package func statePaths(of entry: Entry) -> ArraySlice<Int32> {
    statePathIDs[Int(entry.statePaths.lowerBound)..<Int(entry.statePaths.upperBound)]
  }

  static func appended(_ file: String, to inputs: inout [String]) -> Int {
    inputs.append(file)
    return inputs.count - 1
  }

  static func id(of text: String, in texts: inout [String], ids: inout [String: Int32]) -> Int32 {
    if let id = ids[text] { return id }
    let id = Int32(texts.count)
    texts.append(text)
    ids[text] = id
    return id
  }

  /// A chunk's records, with its own tables of texts (merged into the index's in order).
  package struct Part: RecordPart {
    struct Record: Sendable {
      var file: String
      var offset: Int
      var bytes: Int32
      var action: Int32
      var statePaths: Range<Int32>
      var keyPath: Int32
    }
    var aggregator: ReportAggregator
    var records: [Record] = []
    var actionPaths: [String] = []
    var statePaths: [String] = []
    var statePathIDs: [Int32] = []
    var keyPaths: [String] = []
    private var keyPathIDs: [String: Int32] = [:]
    private var actionIDs: [String: Int32] = [:]
    private var statePathIDsByText: [String: Int32] = [:]

    init(aggregator: ReportAggregator) { self.aggregator = aggregator }

    package mutating func add(_ record: RecordContent) {
      aggregator.add(record)
      let action = ViewIndex.id(of: record.string(record.actionPathRange), in: &actionPaths, ids: &actionIDs)
      let start = Int32(statePathIDs.count)
      var seen: Set<Int32> = []
      for change in record.changes {
        let id = ViewIndex.id(of: record.string(change.normalized), in: &statePaths, ids: &statePathIDsByText)
        if seen.insert(id).inserted { statePathIDs.append(id) }
      }
      let keyPath = record.bindingKeyPathRange.map {
        ViewIndex.id(of: record.string($0), in: &keyPaths, ids: &keyPathIDs)
      }
      records.append(
        Record(
          file: record.file, offset: record.offset, bytes: Int32(clamping: record.bytes), action: action,
          statePaths: start..<Int32(statePathIDs.count), keyPath: keyPath ?? -1))
    }
  }
}
