@_spi(Scanner) import TCALogInput

// The scanner's front: `RecordScanner` feeds each line of a block to a fast path when one
// takes it (FastPaths.swift) and to the full way otherwise (ScanState.swift); `ScanMemory`
// is what a thread's scanners learn and keep from chunk to chunk.

/// What a scanner learns that holds for any input: action paths by text and shape, Custom
/// Dump diffs' changes by skeleton. A parallel read's worker thread keeps one for every
/// chunk it scans, so that a chunk does not start cold (each shape's value tree built
/// again, no text or skeleton known); it is never shared between threads.
package final class ScanMemory {
  /// Unchecked: one owner thread (as `RecordScanner.state`).
  @exclusivity(unchecked) var pathCache = ActionPathCache()
  /// Per action shape: whether its texts name an entity (bit 0) or a binding's key path
  /// (bit 1) (`ActionEntity`).
  @exclusivity(unchecked) var entityShapes = ActionKeyTable<UInt8>()
  /// A multi-line entity joined (`ActionEntity.joined`) or a key path spelled, kept from
  /// record to record.
  @exclusivity(unchecked) var entityScratch: [UInt8] = []
  /// Custom Dump diffs' changes by skeleton.
  @exclusivity(unchecked) var dumpMemo = CustomDumpMemo()
  /// Runs of unchanged Custom Dump lines, with what the state run did with them. The two
  /// go together: `dumpMemo`'s skeletons name runs by this memo's ids (`NamedRun`), which
  /// another memo of runs would give again.
  @exclusivity(unchecked) var stateRuns = StateRunMemo()
  package init() {}
}

/// Finds records in a stream of lines and turns each into a `Record` (FORMATS.md 2–9).
///
/// One state machine serves every format: a header starts a record; the scanner follows
/// its action part (by brackets), its state part (Difference tree or Custom Dump diff) and
/// decides where it ends (FORMATS.md 2.4) while keeping the record's raw bytes and the
/// positions of its lines. When the record ends, the action text and state part are parsed
/// from those bytes. Memory is the record under construction, never the input.
///
/// Threads: a scanner is not `Sendable`; one thread at a time feeds it (the parallel reader
/// gives each chunk its own scanner and reads its counts once the chunk is scanned; the
/// thread's `ScanMemory` goes from one to the next).
///
/// Everything that changes while scanning is one `ScanState` value in `state`. Each access
/// to it is one call of a `ScanState` method, which runs no caller code: `emit` is called
/// after that method returns. So no two accesses to `state` can overlap.
package final class RecordScanner {
  package let file: String
  package var nextIndex: Int { state.nextIndex }
  package var statistics: ScanStatistics { state.statistics }
  /// Actions whose first lines were taken by a replay (`RunReplay`): for tests.
  package var replayedActions: Int { state.replayedActions }
  /// Runs of unchanged Custom Dump lines taken by a replay (`StateRunMemo`): for tests.
  package var replayedStateRuns: Int { state.replayedStateRuns }
  /// What the scan noticed, at most `maximumWarnings`. A chunk's scanner numbers lines
  /// from the chunk's start; the stream moves them into place.
  package var warnings: [ScanWarning] {
    let entries = state.warnings
    return entries.map { ScanWarning(file: file, line: $0.line, kind: $0.kind) }
  }
  package static let maximumWarnings = 100
  /// Records larger than this are cut and reported incomplete (FORMATS.md 9.11).
  package let sizeCap: Int
  /// Whether the commonest lines take their short ways (`ScanState.takeActionValueLine`,
  /// `exactHeader`, `takeMarkerLine`, `takeStateLine`); off only in the tests that hold
  /// them to the full way.
  package var usesShortWays = true

  /// Unchecked: a class property costs a runtime exclusivity check per access (over 100
  /// instructions with its bookkeeping: 8% of `report` at one access per line), and the
  /// optimizer cannot prove it away, as the accesses reach standard-library code it does
  /// not see (array growth, hashing). The rule above makes an overlapping access impossible.
  @exclusivity(unchecked) private var state: ScanState

  /// `needs`: what the records' reader uses; the rest is left out (`RecordNeeds`). `gate`:
  /// which records it wants at all, by their action paths (`ActionGate`; only with
  /// `.action` in `needs`). `memory`: what earlier scanners of this thread learnt.
  package init(
    file: String, firstIndex: Int = 0, sizeCap: Int = 64 << 20, needs: RecordNeeds = .all, gate: ActionGate? = nil,
    memory: ScanMemory = ScanMemory()
  ) {
    // A copy of its own: every record retains and releases the name, and a string shared
    // with the scanners of other threads made their reference-count updates fight over one
    // cache line (8% of a parallel `records --stats`).
    let file = String(decoding: Array(file.utf8), as: UTF8.self)
    self.file = file
    self.sizeCap = sizeCap
    state = ScanState(
      file: file, nextIndex: firstIndex, sizeCap: sizeCap, needs: needs, gate: needs.contains(.action) ? gate : nil,
      memory: memory)
  }

  /// Feeds a block of whole input lines (the last may lack its LF) numbered from
  /// `firstLine`, at `firstOffset` in the input; calls `emit` for every record that ends.
  /// Returns the number of lines. The line loop and the per-line work are one function.
  @discardableResult
  package func feed(
    lines bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, firstOffset: Int = 0, emit: (Record) throws -> Void
  ) rethrows -> Int {
    // The open record's pending bytes point into `bytes`: copied before they go, also
    // when `emit` throws.
    // Lines may be read up to the block's end (`ScanState.readable`); not past it, and not
    // once the block is gone, also when `emit` throws.
    state.blockEnd = bytes.baseAddress.map { $0 + bytes.count }
    defer {
      state.flushPending()
      state.blockEnd = nil
    }
    var lines = LineSplitter(bytes, firstLine: firstLine, firstOffset: firstOffset)
    var marks = BlockMarks(bytes)
    let shortWays = usesShortWays
    while let line = lines.next() {
      let isASCII = marks.lineIsASCII(line)
      let mayHoldHeader = marks.lineMayHoldHeader(line)
      if shortWays {
        if mayHoldHeader {
          // The printers' own header lines, byte for byte.
          if let header = state.exactHeader(line, isASCII: isASCII) {
            if let ending = state.countHeaderLine(line) { try emitClosed(ending, emit) }
            state.startRecord(header, line)
            // Its action's value lines, read as one run.
            state.takeActionRun(&lines, &marks)
            continue
          }
        } else if isASCII {
          // Most lines of a log are lines of an action's value: taken in a few steps, and
          // the lines after it as one run (after a header with a console prefix, which
          // goes the full way, the run starts here).
          if state.takeActionValueLine(line) {
            state.takeActionRun(&lines, &marks)
            continue
          }
        } else if state.takeMarkerLine(line) {
          // debugDiffing's two marker lines, byte for byte.
          continue
        }
      }
      // One store per line: `count` reads it for the kept lines.
      state.lineIsASCII = isASCII
      // Most of the rest are lines of a state diff: taken without the line view.
      if shortWays && !mayHoldHeader && state.takeStateLine(line) {
        // The lines after it as one run.
        state.takeStateRun(&lines, &marks)
        continue
      }
      try feed(line, mayHoldHeader: mayHoldHeader, emit: emit)
    }
    return lines.number - (firstLine - 1)
  }

  /// Feeds the next input line; calls `emit` for every record that ends. Only through
  /// `feed(lines:)`, which copies what the open record keeps of a block before it goes.
  @inline(__always)
  private func feed(_ line: InputLine, mayHoldHeader: Bool, emit: (Record) throws -> Void) rethrows {
    let view = LineView(line, mayHoldHeader: mayHoldHeader)
    // A line may end the open record and then start one (a `labels` header ends it too).
    let next = state.continueRecord(line, view)
    if let ending = next.closes { try emitClosed(ending, emit) }
    if case .done = next.rest { return }
    if state.startOrSkip(line, view, next.rest) { try emitClosed(.finished, emit) }
  }

  /// Closes the open record as `ending` says and emits it; then its storage goes back to
  /// the scanner for the next record (`ScanState.recycle`).
  @inline(__always)
  private func emitClosed(_ ending: ScanState.Ending, _ emit: (Record) throws -> Void) rethrows {
    if state.closeIfDeclined(ending) { return }
    var record = state.close(ending)
    try emit(record)
    state.recycle(&record)
  }

  /// Ends a chunk whose next line (in the following chunk) is a header: closes the open
  /// record exactly as `feed` would on that header, so chunked and sequential scans agree.
  package func finishBeforeHeader(emit: (Record) throws -> Void) throws {
    if let record = state.finishBeforeHeader() { try emit(record) }
  }

  /// Ends the input: a record still open is emitted (incomplete unless finished).
  package func finish(emit: (Record) throws -> Void) throws {
    if let record = state.finish() { try emit(record) }
  }
}
