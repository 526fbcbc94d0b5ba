@_spi(Scanner) import TCALogParsing
import TCALogPipeline

/// The sink of `tcalog chains`: keeps what the analysis reads of each complete record (its
/// action, number, time and whether it changed state) and, per action, which normalized
/// state paths its records changed. `analysis()` then works out pairs, loops, chains,
/// crossings and findings from that in one sequential pass.
///
/// Pairs and latencies depend on what comes before each record across any cut of the
/// input, so the parts of a parallel read do no analysis: they only parse and intern, and
/// `merge(_:)` appends their records in input order. The analysis therefore sees the same
/// sequence for every `-j` and for standard input. Memory grows with the records (24
/// bytes each), not with their text.
public struct ChainsCollector: NumberedChunkedRecordSink, NumberedRecordPart, Sendable {
  var counter = RecordCounter()
  /// Complete records in input order.
  var events: [ChainEvent] = []
  /// (state id << 32 | action index) → records of the action that changed the path.
  var touches = UInt64Map<Int>()
  /// The state ids of the record being added (a path changed twice counts once).
  private var recordStates: [Int] = []

  /// A collector with no records yet.
  public init() {}

  /// Action paths, state paths and times; never values or raw bytes.
  public var needs: RecordNeeds { [.action, .statePaths] }

  /// Adds the record (`add(_:)`); always `.more`.
  public mutating func record(_ record: Record) -> StreamControl {
    add(record)
    return .more
  }

  /// Keeps a complete record's action, number and time, and the paths it changed.
  public mutating func add(_ record: Record) {
    add(record.content, index: record.index)
  }

  /// `add(_:)` of a record whose number in the run is `index`.
  mutating func add(_ content: RecordContent, index: Int) {
    guard content.isComplete else { return }
    let action = counter.action(of: content)
    var flags: UInt8 = 0
    if content.hasStatePart { flags |= ChainEvent.hasStatePart }
    if content.hasStatePart && !content.stateChanged { flags |= ChainEvent.noOp }
    events.append(
      ChainEvent(
        action: Int32(truncatingIfNeeded: action), flags: flags, index: index,
        time: content.writtenTime?.instant ?? .nan))
    recordStates.removeAll(keepingCapacity: true)
    for change in content.changes {
      let state = counter.state(change, of: content)
      if recordStates.contains(state) { continue }
      recordStates.append(state)
      touches[UInt64(state) << 32 | UInt64(action), default: 0] += 1
    }
  }

  /// An empty collector for the next chunk.
  public func makePart() -> ChainsCollector { ChainsCollector() }

  /// Appends a later part's records, its actions and state paths mapped to this one's.
  public mutating func merge(_ part: ChainsCollector) -> StreamControl {
    merge(part, indexOffset: 0)
    return .more
  }

  /// `merge(_:)` of a part whose record numbers count from `indexOffset` less than the run's.
  mutating func merge(_ part: ChainsCollector, indexOffset: Int) {
    let actionMap = counter.actionMap(part.counter)
    let stateMap = counter.stateMap(part.counter)
    events.reserveCapacity(events.count + part.events.count)
    for var event in part.events {
      event.action = Int32(truncatingIfNeeded: actionMap[Int(event.action)])
      event.index += indexOffset
      events.append(event)
    }
    for (key, n) in zip(part.touches.keys, part.touches.values) {
      let state = stateMap[Int(key >> 32)]
      let action = actionMap[Int(key & 0xFFFF_FFFF)]
      touches[UInt64(state) << 32 | UInt64(action), default: 0] += n
    }
  }

  /// Pairs, loops, chains, crossings and findings of the records kept so far.
  public func analysis() -> ChainsAnalysis {
    ChainsAnalysis(events: events, counter: counter, touches: touches)
  }
}

/// The sink of `tcalog chains` on a read without a time window: the same collector, with
/// parts that number their records by counting them. Every record of the input reaches the
/// sink then (no window, no gate), so a part's n-th record is the n-th after the records
/// of the parts before it, and the parallel read need not hold each chunk's records until
/// they are numbered (which cost `chains` most of its time: BENCHMARKS.md). With a window,
/// records outside it are numbered but never delivered: use `ChainsCollector` itself.
public struct CountedChainsCollector: ChunkedRecordSink, RecordPart, Sendable {
  /// What the records gave so far.
  public private(set) var collector = ChainsCollector()
  /// Records added (complete or not): the number of the next one, counted from the
  /// part's first.
  var counted = 0

  /// A collector with no records yet.
  public init() {}

  /// As `ChainsCollector`.
  public var needs: RecordNeeds { collector.needs }

  /// A sequential read numbers the record: that number.
  public mutating func record(_ record: Record) -> StreamControl {
    collector.add(record.content, index: record.index)
    counted = record.index + 1
    return .more
  }

  /// A part's record: numbered by its place in the part.
  public mutating func add(_ record: RecordContent) {
    collector.add(record, index: counted)
    counted += 1
  }

  /// An empty collector for the next chunk.
  public func makePart() -> CountedChainsCollector { CountedChainsCollector() }

  /// Appends a later part, its records numbered after this one's.
  public mutating func merge(_ part: CountedChainsCollector) -> StreamControl {
    collector.merge(part.collector, indexOffset: counted)
    counted += part.counted
    return .more
  }

  /// As `ChainsCollector.analysis()`.
  public func analysis() -> ChainsAnalysis { collector.analysis() }
}

/// One complete record as the chains analysis reads it.
struct ChainEvent: Sendable {
  static let hasStatePart: UInt8 = 1
  static let noOp: UInt8 = 2
  var action: Int32
  var flags: UInt8
  /// The record's number in the run (`Record.index`).
  var index: Int
  /// Seconds (`WrittenTime.instant`); NaN without a time.
  var time: Double
}
