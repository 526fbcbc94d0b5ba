@_spi(Scanner) import TCALogParsing
@_spi(Scanner) import TCALogPipeline

/// Where `tcalog filter` sends what its selector picks: the printer of the chosen format.
package protocol SelectionOutput: AnyObject {
  /// A record to print; `isContext` marks a context record (`-A/-B/-C`).
  func print(_ record: Record, isContext: Bool) throws
  /// Between groups of printed records that are not adjacent (grep's `--`).
  func printSeparator() throws
  /// The stream ended after `selected` selected records.
  func finish(selected: Int) throws
}

/// The sink of `tcalog filter`: applies a query to records in input order, adds context
/// records (`-A/-B/-C`, counted in records), stops at `--max-count`, and hands what it
/// picks to an output, with a separator between groups that are not adjacent.
///
/// On a parallel read each chunk's part selects with its own compiled copy of the query
/// (a matcher is not thread-safe) and keeps only the records the selector may print;
/// context, the count and the printing stay on the reading thread, in input order.
package final class RecordSelector: NumberedChunkedRecordSink, ActionGating {
  /// The selection; its `matchErrors` also receive the failures of the chunks' copies.
  package let query: RecordQuery
  /// Where the selected records, their context and the separators go.
  package let output: any SelectionOutput
  /// Context records printed before each selected one (`-B`), 0 or more.
  package let before: Int
  /// Context records printed after each selected one (`-A`), 0 or more.
  package let after: Int
  /// Selected records after which the stream stops (`--max-count`); nil: no limit.
  package let maxCount: Int?

  /// Records selected so far, at most `maxCount`.
  package private(set) var selectedCount = 0
  /// Every input begun, in order, with the records selected in it (`-c`, `-l`, `-L`).
  package private(set) var inputCounts: [InputCount] = []
  private var afterRemaining = 0
  /// Max count reached: only trailing context is still printed.
  private var draining = false
  private var lastPrinted: Int?
  /// An input began after records were printed: the next one printed follows a separator.
  private var startsInput = false
  private var pending: RingBuffer<Record>
  private let blueprint: RecordQuery.Blueprint
  private let gateUse = GateUse()

  /// A selector; negative context counts are taken as 0, and a `maxCount` of 0 or less selects
  /// nothing and opens no input.
  package init(query: RecordQuery, output: any SelectionOutput, before: Int = 0, after: Int = 0, maxCount: Int? = nil) {
    self.query = query
    self.output = output
    self.before = max(0, before)
    self.after = max(0, after)
    self.maxCount = maxCount
    pending = RingBuffer(capacity: self.before)
    blueprint = query.blueprint
  }

  /// False once no record could change the output any more.
  private var wantsMore: Bool {
    if let maxCount, maxCount <= 0 { return false }
    return !draining || afterRemaining > 0
  }

  /// What the query reads, and the printer may print any of the record.
  package var needs: RecordNeeds { .all }

  /// Without context, only the selected records are printed: none that the query turns
  /// down by the action path alone need be built.
  package var actionGate: ActionGate? { before == 0 && after == 0 ? GateUse.gate(of: query, noting: gateUse) : nil }

  /// With `--max-count` reached (or 0), the next input is not even opened. Context is per
  /// input, as grep's: records of the previous input are neither context before the next
  /// one's first selected record nor after its last, and a separator parts their groups.
  package func begin(input: String) -> StreamControl {
    guard wantsMore else { return .stop }
    pending = RingBuffer(capacity: before)
    afterRemaining = 0
    startsInput = lastPrinted != nil
    inputCounts.append(InputCount(input: input))
    return .more
  }

  /// Prints the record if it is selected or context; `.stop` once `maxCount` records are selected
  /// and their trailing context printed.
  package func record(_ record: Record) throws -> StreamControl {
    try take(record, selected: gateUse.asked || query.selects(record))
  }

  /// A part with its own compiled copy of the query.
  package func makePart() -> Part { Part(query: blueprint.compile(), keepsAll: before > 0 || after > 0) }

  /// Takes the part's records in input order, as `record(_:)` would, and its match failures.
  package func merge(_ part: Part) throws -> StreamControl {
    query.absorbErrors(part.query.matchErrors, count: part.query.matchErrorCount)
    var control = wantsMore ? StreamControl.more : .stop
    for (record, selected) in zip(part.records, part.selected) where control == .more {
      control = try take(record, selected: selected)
    }
    return control
  }

  /// Tells the output how many records were selected.
  package func end(_ result: ReadResult) throws {
    try output.finish(selected: selectedCount)
  }

  /// Takes the next record in input order, selected or not.
  private func take(_ record: Record, selected: Bool) throws -> StreamControl {
    guard wantsMore else { return .stop }
    if draining {
      try emit(record, isContext: true)
      afterRemaining -= 1
    } else if selected {
      for earlier in pending.drain() { try emit(earlier, isContext: true) }
      try emit(record, isContext: false)
      selectedCount += 1
      if !inputCounts.isEmpty { inputCounts[inputCounts.count - 1].selected += 1 }
      afterRemaining = after
      if let maxCount, selectedCount >= maxCount { draining = true }
    } else if afterRemaining > 0 {
      try emit(record, isContext: true)
      afterRemaining -= 1
    } else if before > 0 {
      pending.append(record)
    }
    return wantsMore ? .more : .stop
  }

  private func emit(_ record: Record, isContext: Bool) throws {
    if before > 0 || after > 0, let lastPrinted, record.index != lastPrinted + 1 || startsInput {
      try output.printSeparator()
    }
    startsInput = false
    lastPrinted = record.index
    try output.print(record, isContext: isContext)
  }

  /// One chunk's selection: the records the selector may print (all of them with
  /// context, else the selected ones), each with whether it was selected.
  ///
  /// Sendable by hand: the part's compiled query is used by one thread at a time (the
  /// worker that fills the part, then the reading thread that merges it).
  package struct Part: NumberedRecordPart, ActionGating, @unchecked Sendable {
    let query: RecordQuery
    let keepsAll: Bool
    var records: [Record] = []
    var selected: [Bool] = []
    private let gateUse = GateUse()

    init(query: RecordQuery, keepsAll: Bool) {
      self.query = query
      self.keepsAll = keepsAll
    }

    /// The part's query as a gate, without context (`RecordSelector.actionGate`).
    package var actionGate: ActionGate? { keepsAll ? nil : GateUse.gate(of: query, noting: gateUse) }

    /// Selects the record with the part's query; keeps it when selected, or always when the
    /// selector prints context.
    package mutating func add(_ record: Record) {
      let isSelected = gateUse.asked || query.selects(record)
      if keepsAll || isSelected {
        records.append(record)
        selected.append(isSelected)
      }
    }
  }
}

/// The sink of `tcalog filter --count` without context: counts the selected records and
/// keeps none, so its parts need no numbers.
package final class SelectionCounter: ChunkedRecordSink, ActionGating {
  /// The selection; its `matchErrors` also receive the failures of the chunks' copies.
  package let query: RecordQuery
  /// Records selected so far: the count once the stream has ended. Unchecked, as the
  /// query's tallies are: the stream's thread alone writes it, once per record.
  @exclusivity(unchecked) package private(set) var selectedCount = 0
  /// Every input begun, in order, with the records selected in it (`-c`, `-l`, `-L`).
  package private(set) var inputCounts: [InputCount] = []
  private let blueprint: RecordQuery.Blueprint

  /// A counter of the records `query` selects.
  package init(query: RecordQuery) {
    self.query = query
    blueprint = query.blueprint
  }

  /// Only what the query reads of a record.
  package var needs: RecordNeeds { query.needs }

  /// A count needs no record its query turns down by the action path alone.
  package var actionGate: ActionGate? { GateUse.gate(of: query, noting: gateUse) }
  private let gateUse = GateUse()

  /// Starts the input's count.
  package func begin(input: String) -> StreamControl {
    inputCounts.append(InputCount(input: input))
    return .more
  }

  /// Counts the record if it is selected; always `.more`.
  package func record(_ record: Record) -> StreamControl {
    if gateUse.asked || query.selects(record) {
      selectedCount += 1
      if !inputCounts.isEmpty { inputCounts[inputCounts.count - 1].selected += 1 }
    }
    return .more
  }

  /// A part with its own compiled copy of the query.
  package func makePart() -> Part { Part(query: blueprint.compile()) }

  /// Adds the part's count and its match failures; always `.more`.
  package func merge(_ part: Part) -> StreamControl {
    query.absorbErrors(part.query.matchErrors, count: part.query.matchErrorCount)
    selectedCount += part.selected
    if !inputCounts.isEmpty { inputCounts[inputCounts.count - 1].selected += part.selected }
    return .more
  }

  /// A chunk's count, with its own compiled query (used by one thread at a time).
  package struct Part: RecordPart, ActionGating, @unchecked Sendable {
    let query: RecordQuery
    var selected = 0
    private let gateUse = GateUse()

    init(query: RecordQuery) { self.query = query }

    /// The part's query as a gate (`SelectionCounter.actionGate`).
    package var actionGate: ActionGate? { GateUse.gate(of: query, noting: gateUse) }

    /// Counts the record if the part's query selects it (or admitted it as the gate).
    package mutating func add(_ record: RecordContent) {
      if gateUse.asked || query.selects(record) { selected += 1 }
    }
  }

}

/// One input of a selection and the records selected in it. The stream begins each input
/// before it hands on any of its records (or merges any of its parts).
package struct InputCount: Sendable, Equatable {
  /// The input as named (`-` for standard input).
  package var input: String
  /// Records selected in it.
  package var selected = 0
  /// An input with nothing selected yet.
  package init(input: String, selected: Int = 0) {
    self.input = input
    self.selected = selected
  }
}

/// Notes that a stream asked a sink's gate (one thread at a time: the stream's, or the
/// worker's that scans the part's chunk). Once it was asked, every record the stream gives
/// is one the gate admitted, so selected: asking the query again would count its match
/// failures twice.
final class GateUse: @unchecked Sendable {
  /// Unchecked, as the query's tallies: read for every record.
  @exclusivity(unchecked) var asked = false

  /// `query`'s gate, noting in `use` that it was asked.
  static func gate(of query: RecordQuery, noting use: GateUse) -> ActionGate? {
    guard let gate = query.actionGate else { return nil }
    return { key, path in
      use.asked = true
      return gate(key, path)
    }
  }
}

/// The last `capacity` elements appended (the `-B` records).
struct RingBuffer<Element> {
  private var storage: [Element] = []
  private var head = 0
  let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  mutating func append(_ element: Element) {
    guard capacity > 0 else { return }
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[head] = element
      head = (head + 1) % capacity
    }
  }

  /// The elements oldest first; empties the buffer.
  mutating func drain() -> [Element] {
    defer {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return Array(storage[head...] + storage[..<head])
  }
}
