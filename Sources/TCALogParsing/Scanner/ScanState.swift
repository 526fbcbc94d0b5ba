@_spi(Scanner) import TCALogInput

// The full way, part 1: the scanner's state and its entry points. Every line a fast path
// does not take comes here: `continueRecord` lets the open record take it (the phases,
// ScanState+Phases.swift), `startOrSkip` starts a record at a header or counts the line
// as outside records. The full way reads as docs/FORMATS.md 1–2 and is the reference the fast
// paths are held to (FastPaths.swift).

/// Everything a `RecordScanner` changes: the record under construction, the buffers kept
/// from record to record, the counts and warnings. Non-copyable: its byte buffers have one
/// owner, and the scanner changes it in place.
struct ScanState: ~Copyable {
  enum Ending { case blankLine, finished, nextLine, endOfInput }
  /// A record's action part as `readAction` reads it: ranges in the derived bytes.
  typealias ActionPart = (
    path: TextRange, root: TextRange?, text: TextRange, hasTypedNestedCase: Bool, key: ActionKey?,
    entity: TextRange?, keyPath: TextRange?
  )
  /// What a line means for the open record.
  enum Step { case taken, takenAndClosed, rejected }
  /// What is left to do with a line once the open record has seen it: nothing, to start a
  /// record at its header, or to look at it as a line outside records.
  enum Rest {
    case done
    case start(Header)
    case startOrSkip
  }

  let file: String
  let sizeCap: Int
  /// What the records' reader uses. Record boundaries, counts, flags, the format and the
  /// timestamp do not depend on it: only which fields `makeRecord` fills.
  let needs: RecordNeeds
  /// `needs` holds `.raw`: every line of a record is copied.
  let keepsRaw: Bool
  /// Which records the reader wants, by action path (`ActionGate`); nil: every one.
  let gate: ActionGate?
  /// The action part `closeIfDeclined` read for the record being closed, its bytes in
  /// `derivedBuffer`: `makeRecord` goes on from it.
  var actionReadAhead: ActionPart?
  var nextIndex: Int
  var statistics = ScanStatistics()
  /// Actions whose first lines a replay took (`RunReplay`), for tests: not a statistic,
  /// which must not depend on the way lines are taken.
  var replayedActions = 0
  /// Runs of unchanged Custom Dump lines a replay took (`StateRunMemo`), for tests.
  var replayedStateRuns = 0
  /// The text memo's hash of the bytes the open record's action run looked up, and their
  /// length (-1: none): the action text's own when one whole run took that many bytes.
  var lookedUpHash: UInt64 = 0
  var lookedUpCount = -1
  /// At most `RecordScanner.maximumWarnings`.
  var warnings: [(line: Int, kind: ScanWarning.Kind)] = []

  // The record under construction: its flags, the bytes its reader needs and the positions
  // of its state lines in them. `raw` holds every line with `.raw`, else the header line
  // and, with `.statePaths`, the state lines (the diff parsers read them there).
  var active = false
  /// The line being fed holds no byte over 0x7F (`BlockMarks`): `count` need not decode it.
  var lineIsASCII = false
  /// The end of the block of lines being fed.
  var blockEnd: UnsafePointer<UInt8>?
  var progress = RecordProgress()
  var raw = ByteAccumulator(capacity: 4096)
  /// With `.raw`, the record's kept lines not yet copied into `raw`: one run of input bytes
  /// (a record's lines are consecutive), copied once when the record ends or when its
  /// block of lines does (`flushPending`), not line by line. `raw` then `pending` hold the
  /// record's bytes.
  var pendingStart: UnsafePointer<UInt8>?
  var pendingCount = 0
  var treeLines = ScratchArray<TreeLine>(capacity: 64)
  var dumpLines = ScratchArray<DumpLine>(capacity: 64)
  /// The runs of `dumpLines` the memo of runs names, in order (`NamedRun`).
  var namedRuns = ScratchArray<NamedRun>(capacity: 16)

  // Headerless diff fragments between records.
  var inFragment = false
  var previousLooksLikeRoot = false

  /// The normalized timestamp of the record's header, when `progress.hasTimestamp`.
  var timestamp = ByteAccumulator(capacity: 64)
  /// The record's action lines, joined with "\n" as they arrive (`joinActionLine`): the
  /// action text of FORMATS.md 3 when `stripsActionLines`, else the lines as they stand;
  /// reused from record to record.
  var actionBytes = ByteAccumulator(capacity: 1024)
  /// The derived bytes' buffer between records (`DerivedText(base:reusing:)`).
  var derivedBuffer: ByteAccumulator? = ByteAccumulator(capacity: 512)
  /// Scratch storage of the action parser, kept from record to record.
  var treeNodes: [ValueTree.Node] = []
  var treeStack: [Int32] = []
  /// Action paths by text and shape, diffs' changes by skeleton: kept from record to record,
  /// and from chunk to chunk of one thread (`ScanMemory`).
  let memory: ScanMemory
  /// Scratch storage of the Difference tree parser, kept from record to record.
  var treeScratch = DifferenceTreeParser.Scratch()
  /// Scratch storage of the Custom Dump diff parser, kept from record to record.
  var dumpScratch = CustomDumpDiffParser.Scratch()
  /// The last emitted record's storage, when its sink did not keep it: the next record's
  /// bytes go there instead of into a new array (a `malloc`, a `free` and an atomic release
  /// a record).
  var spareStorage: [UInt8] = []
  /// Its changes array, for the next record's changes, when it is small (a kept record's,
  /// shared, would make every later one that large).
  var spareChanges: [StateChange] = []

  init(
    file: String, nextIndex: Int, sizeCap: Int, needs: RecordNeeds, gate: ActionGate? = nil, memory: ScanMemory
  ) {
    self.file = file
    self.memory = memory
    self.nextIndex = nextIndex
    self.sizeCap = sizeCap
    self.needs = needs
    self.gate = gate
    keepsRaw = needs.contains(.raw)
  }

  // MARK: - Lines

  /// Counts an input line in the statistics: every line, in or out of a record, once.
  @inline(__always)
  mutating func countInput(_ line: InputLine) {
    statistics.lines += 1
    statistics.bytes += line.full.count
  }

  /// How many bytes from the start of `line`'s content may be read: to the end of its block
  /// (its terminator and the lines after it), for the bracket counter's last word.
  @inline(__always)
  func readable(_ line: InputLine) -> Int {
    guard let end = blockEnd, let start = line.content.baseAddress, start <= end else { return line.content.count }
    return Swift.max(line.content.count, end - start)
  }

  /// The first step of `feed`: counts the line and lets the open record take it. Returns
  /// how the open record ends at this line, if it does (`close` makes it), and what is left
  /// to do with the line. Records are not returned from here: most lines end none, and an
  /// optional record costs a copy of its fields per line. Inlined into `feed`: as a call, it
  /// cost a fifth of the per-line work.
  @inline(__always)
  mutating func continueRecord(_ line: InputLine, _ view: LineView) -> (closes: Ending?, rest: Rest) {
    countInput(line)
    guard active else { return (nil, .startOrSkip) }
    if progress.phase == .finished {
      guard view.isBlank else { return (.finished, .startOrSkip) }
      append(line)
      return (.blankLine, .done)
    }
    let text = line.content
    if view.mayHoldHeader, !view.isBlank, LineKinds.mayBeHeader(text, view),
      let header = LineKinds.header(text, view.content)
    {
      return (.nextLine, .start(header))
    }
    switch advance(line, view) {
    case .taken: return (nil, .done)
    case .takenAndClosed: return (.blankLine, .done)
    case .rejected: return (.nextLine, .startOrSkip)
    }
  }

  /// The second step of `feed`, for a line no record took: a header starts a record;
  /// anything else is outside records. Returns whether the record ends at once (a one-line
  /// `labels` record), for `close(.finished)`.
  mutating func startOrSkip(_ line: InputLine, _ view: LineView, _ rest: Rest) -> Bool {
    let text = line.content
    switch rest {
    case .done:
      return false
    case .start(let header):
      return start(header, line, view)
    case .startOrSkip:
      if view.mayHoldHeader, !view.isBlank, LineKinds.mayBeHeader(text, view),
        let header = LineKinds.header(text, view.content)
      {
        return start(header, line, view)
      }
    }
    statistics.otherLines += 1
    // A printer line (TCALogFilter's cost summary, a filter file loaded) is no fragment.
    if statistics.printerCost.read(text, view.content) { return false }
    noteFragment(line, view.content)
    return false
  }

  mutating func finishBeforeHeader() -> Record? {
    guard active else { return nil }
    let ending: Ending = progress.phase == .finished ? .finished : .nextLine
    return closeIfDeclined(ending) ? nil : close(ending)
  }

  mutating func finish() -> Record? {
    let record = active && !closeIfDeclined(.endOfInput) ? close(.endOfInput) : nil
    inFragment = false
    previousLooksLikeRoot = false
    return record
  }
}
