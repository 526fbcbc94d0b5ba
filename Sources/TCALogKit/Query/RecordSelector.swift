/// Drives `tcalog filter`: applies a query to records as they stream in, adds context
/// records (`-A/-B/-C`, counted in records), stops at `--max-count`, and hands everything
/// to a printer, with grep's `--` between groups that are not adjacent.
public final class RecordSelector {
  public let query: RecordQuery
  public let printer: FilterPrinter
  public let before: Int
  public let after: Int
  public let maxCount: Int?

  public private(set) var selectedCount = 0
  private var afterRemaining = 0
  /// Max count reached: only trailing context is still printed.
  private var draining = false
  private var lastPrinted: Int?
  private var pending: RingBuffer<Record>

  public init(query: RecordQuery, printer: FilterPrinter, before: Int = 0, after: Int = 0, maxCount: Int? = nil) {
    self.query = query
    self.printer = printer
    self.before = max(0, before)
    self.after = max(0, after)
    self.maxCount = maxCount
    pending = RingBuffer(capacity: self.before)
  }

  /// False once no record could change the output any more.
  public var wantsMore: Bool {
    if let maxCount, maxCount <= 0 { return false }
    return !draining || afterRemaining > 0
  }

  /// Takes the next record in input order; returns whether more records are wanted.
  @discardableResult
  public func accept(_ record: Record, selected: Bool? = nil) throws -> Bool {
    guard wantsMore else { return false }
    if draining {
      try emit(record, isContext: true)
      afterRemaining -= 1
      return wantsMore
    }
    if selected ?? query.selects(record) {
      for earlier in pending.drain() { try emit(earlier, isContext: true) }
      try emit(record, isContext: false)
      selectedCount += 1
      afterRemaining = after
      if let maxCount, selectedCount >= maxCount { draining = true }
    } else if afterRemaining > 0 {
      try emit(record, isContext: true)
      afterRemaining -= 1
    } else if before > 0 {
      pending.append(record)
    }
    return wantsMore
  }

  /// Prints what the format prints at the end (the count).
  public func finish() throws {
    try printer.finish(selected: selectedCount)
  }

  private func emit(_ record: Record, isContext: Bool) throws {
    if before > 0 || after > 0, let lastPrinted, record.index != lastPrinted + 1 {
      try printer.printSeparator()
    }
    lastPrinted = record.index
    try printer.print(record, isContext: isContext)
  }

  /// Reads every input through the selector, stopping as soon as it wants no more
  /// records (`--max-count`): the files after that are not even opened.
  public func read(_ reader: LogReader) throws -> ReadResult {
    var total = ReadResult()
    guard wantsMore else { return total }
    var firstIndex = 0
    for file in reader.files {
      // One reader per file, so that stopping early keeps the results of earlier files.
      var single = reader
      single.files = [file]
      let offset = firstIndex
      do {
        let result = try single.read { record in
          var record = record
          record.index += offset
          if try !accept(record) { throw StopReading() }
        }
        total.statistics.merge(result.statistics)
        total.errors += result.errors
        total.warnings += result.warnings
        total.untimedRecords += result.untimedRecords
        firstIndex += result.statistics.records
      } catch is StopReading {
        break
      }
    }
    return total
  }

  private struct StopReading: Error {}

  /// Reads with the query applied on `jobs` threads, each chunk by its own compiled copy;
  /// context, separators and printing stay here, in input order. `--max-count` and
  /// `--follow` read sequentially (they stop early or never end).
  public func read(_ reader: LogReader, jobs: Int, chunkSize: Int = 1 << 20) throws -> ReadResult {
    guard jobs > 1, maxCount == nil, !reader.follow else { return try read(reader) }
    let blueprint = query.blueprint
    // Without context only selected records matter; a count needs not even those.
    let keepsAll = before > 0 || after > 0
    let keepsNone = !keepsAll && printer.format == .count
    if keepsNone {
      // A count keeps no records at all: each chunk only counts, as it is parsed.
      return try reader.fold(jobs: jobs, chunkSize: chunkSize) {
        CountingChunk(query: blueprint.compile())
      } add: { partial, record in
        if partial.query.selects(record) { partial.selected += 1 }
      } merge: { partial in
        query.absorbErrors(partial.query.matchErrors, count: partial.query.matchErrorCount)
        selectedCount += partial.selected
      }
    }
    let result = try reader.read(jobs: jobs, chunkSize: chunkSize) { chunk in
      let query = blueprint.compile()
      var kept: [Record] = []
      var flags: [Bool] = []
      var selected = 0
      for record in chunk.records {
        let isSelected = query.selects(record)
        if isSelected { selected += 1 }
        if keepsAll || (isSelected && !keepsNone) {
          kept.append(record)
          flags.append(isSelected)
        }
      }
      return SelectedChunk(
        records: kept, flags: flags, selected: selected,
        errors: query.matchErrors, errorCount: query.matchErrorCount)
    } deliver: { (chunk: SelectedChunk) in
      query.absorbErrors(chunk.errors, count: chunk.errorCount)
      if keepsNone {
        selectedCount += chunk.selected
      } else {
        for (record, flag) in zip(chunk.records, chunk.flags) { try accept(record, selected: flag) }
      }
    }
    return result
  }
}

/// A chunk's own compiled query and how many records it selected. The query never leaves
/// the worker before the chunk is done, so handing it over is safe.
struct CountingChunk: @unchecked Sendable {
  var query: RecordQuery
  var selected = 0
}

/// What a worker hands back from one chunk: the records still needed, in order, with
/// whether each was selected.
struct SelectedChunk: Sendable {
  var records: [Record]
  var flags: [Bool]
  var selected: Int
  var errors: [MatchError]
  var errorCount: Int
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
