import CByteMasks
@_spi(Scanner) import TCALogInput

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

/// Two things found in a block of lines by searching the block, not by testing each line:
///
/// - header candidates (`tcalog_next_header_candidate`): every header holds `eceived
///   action`, so a line without one is no header and its header tests are skipped. The
///   block is searched once per candidate, by 64-byte masks of its `v`s, where each line
///   of 16 bytes or more was read by a word loop (for the `action: ` of a one-line
///   `labels` header);
/// - bytes over 0x7F (`tcalog_next_high_byte`): a line without one is ASCII, so valid
///   UTF-8, and only the few lines with one (emoji headers) are decoded.
///
/// Lines are asked about in order; each search starts at the line asked about.
struct BlockMarks {
  let base: UnsafePointer<UInt8>?
  let count: Int
  /// Where the next candidate starts, at or after the start of the last line asked about;
  /// `count` when there is none, -1 before the first search.
  var nextHeader = -1
  /// Where the next byte over 0x7F is, in the same way.
  var nextHigh = -1

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    base = bytes.baseAddress
    count = bytes.count
  }

  /// Whether `line` (of this block) holds a header candidate.
  @inline(__always)
  mutating func lineMayHoldHeader(_ line: InputLine) -> Bool {
    guard let base, let lineStart = line.full.baseAddress else { return false }
    let start = lineStart - base
    if nextHeader < start { nextHeader = tcalog_next_header_candidate(base, start, count) }
    return nextHeader < start &+ line.full.count
  }

  /// Where the next header candidate or byte over 0x7F is, at or after `start` (a line
  /// start): a line that ends, its terminator included, at or before it holds neither, as
  /// `lineMayHoldHeader` and `lineIsASCII` would say of it.
  @inline(__always)
  mutating func plainUntil(from start: Int) -> Int {
    guard let base else { return 0 }
    if nextHeader < start { nextHeader = tcalog_next_header_candidate(base, start, count) }
    if nextHigh < start { nextHigh = tcalog_next_high_byte(base, start, count) }
    return Swift.min(nextHeader, nextHigh)
  }

  /// Where the next header candidate is, at or after `start` (a line start): a line that
  /// ends at or before it holds none, as `lineMayHoldHeader` would say of it.
  @inline(__always)
  mutating func headerFreeUntil(from start: Int) -> Int {
    guard let base else { return 0 }
    if nextHeader < start { nextHeader = tcalog_next_header_candidate(base, start, count) }
    return nextHeader
  }

  /// Whether `line` (of this block, its terminator included) holds only ASCII bytes.
  @inline(__always)
  mutating func lineIsASCII(_ line: InputLine) -> Bool {
    guard let base, let lineStart = line.full.baseAddress else { return true }
    return isASCII(from: lineStart - base, count: line.full.count)
  }

  /// Whether the `count` bytes at `start` (a line of this block, or its end) are valid
  /// UTF-8: each byte over 0x7F is found by the high-byte search (which the next lines
  /// reuse) and its sequence decoded; the bytes between are ASCII.
  @inline(__always)
  mutating func linePartIsValidUTF8(from start: Int, count: Int) -> Bool {
    guard let base else { return true }
    let end = start &+ count
    var at = start
    while !isASCII(from: at, count: end &- at) {
      guard let length = UTF8Validation.sequenceLength(base, at: nextHigh, end: end) else { return false }
      at = nextHigh &+ length
    }
    return true
  }

  /// Whether the `count` bytes at `start` (a line of this block) are all ASCII.
  @inline(__always)
  mutating func isASCII(from start: Int, count: Int) -> Bool {
    guard let base else { return true }
    if nextHigh < start { nextHigh = tcalog_next_high_byte(base, start, self.count) }
    return nextHigh >= start &+ count
  }
}

/// The line feeds of a run of lines in a block, in order, found 64 bytes at a time (one
/// mask per 64 bytes instead of a byte loop per line); only feeds before `limit`.
struct RunLineFeeds {
  let base: UnsafePointer<UInt8>
  let limit: Int
  var window: Int
  var feeds: UInt64 = 0

  /// Feeds from `from`, a line start.
  @inline(__always)
  init(_ base: UnsafePointer<UInt8>, from: Int, limit: Int) {
    self.base = base
    self.limit = limit
    window = from &- 64
  }

  /// The next line feed, not yet passed; nil when none lies before `limit`.
  @inline(__always)
  mutating func next() -> Int? {
    while feeds == 0 {
      window &+= 64
      guard window < limit else { return nil }
      feeds = tcalog_byte_mask_upto64(base + window, limit &- window, 0x0A)
    }
    return window &+ feeds.trailingZeroBitCount
  }

  /// Passes the feed `next` returned.
  @inline(__always)
  mutating func pass() { feeds &= feeds &- 1 }

  /// The line that starts at `start` (where the last line passed ended): its text, without
  /// its terminator (a CR before the LF too), and its length with it; nil when it does not
  /// end before `limit`. Its feed is not passed yet.
  @inline(__always)
  mutating func line(at start: Int) -> (text: UnsafeBufferPointer<UInt8>, full: Int)? {
    guard let feed = next() else { return nil }
    var n = feed &- start
    if n > 0 && base[feed &- 1] == 0x0D { n &-= 1 }
    return (UnsafeBufferPointer(start: base + start, count: n), feed &+ 1 &- start)
  }
}

/// A run of unchanged Custom Dump state lines that the state run is taking (`StateRunMemo`):
/// from a line that starts with a space to the next line that does not (a changed line, a
/// blank line), so the same bytes make the same run wherever they stand.
struct UnchangedRun {
  /// Whether a run is being taken (the other fields are its).
  var isTaken = false
  var start = 0
  var end = 0
  /// Where the memo keeps it (its look-up's `hash` and `slot`).
  var hash: UInt64 = 0
  var slot = 0
  /// The first of its kept lines in `dumpLines`.
  var firstLine = 0
  /// The state value's bracket count before its first line.
  var depth = 0
  var lineCount = 0
  var lastCount = 0
  var lowestBeforeLast = Int(Int32.max)
  var lastSawQuote = false

  init() {}

  init(start: Int, end: Int, found: StateRunMemo.Found, firstLine: Int, depth: Int) {
    isTaken = true
    self.start = start
    self.end = end
    hash = found.hash
    slot = found.slot
    self.firstLine = firstLine
    self.depth = depth
  }

  var found: StateRunMemo.Found { StateRunMemo.Found(replay: nil, hash: hash, slot: slot) }

  /// Notes a line taken, with the state value's counter after it.
  @inline(__always)
  mutating func took(_ counter: BracketCounter) {
    if lineCount > 0 { lowestBeforeLast = Swift.min(lowestBeforeLast, lastCount) }
    lineCount &+= 1
    lastCount = counter.depth &- depth
    lastSawQuote = counter.sawQuote
  }

  var replay: StateRunMemo.Replay {
    StateRunMemo.Replay(
      lineCount: lineCount, total: lastCount, lowestBeforeLast: lowestBeforeLast, lastSawQuote: lastSawQuote,
      lines: nil)
  }

  /// Where the run that starts at `from` ends: the start of the next line (before `limit`,
  /// within 16 KiB) whose first byte is not a space; nil when there is none.
  @inline(__always)
  static func end(_ base: UnsafePointer<UInt8>, from: Int, limit: Int) -> Int? {
    var feeds = RunLineFeeds(base, from: from, limit: Swift.min(limit, from &+ (16 << 10)))
    while let feed = feeds.next() {
      let next = feed &+ 1
      if next >= limit { return nil }
      if base[next] != ByteText.space { return next }
      feeds.pass()
    }
    return nil
  }
}

/// A Bool fixed when the code is compiled: a generic function over types of it is
/// specialized for each, its tests folded away. The runs' loops take their ways this way;
/// given as arguments, `@inline(__always)` notwithstanding, the flags stayed arguments,
/// tested at every line.
protocol StaticBool {
  static var value: Bool { get }
}

enum StaticTrue: StaticBool {
  static var value: Bool { true }
}

enum StaticFalse: StaticBool {
  static var value: Bool { false }
}

/// A line as the scanner sees it, worked out once per line. Ranges are in `line.content`.
struct LineView {
  /// The line holds a header candidate (`BlockMarks`): without one it is no header.
  var mayHoldHeader: Bool
  var prefix: LinePrefixMatch?
  /// The line after its prefix.
  var content: Range<Int>
  /// Where the content ends once trailing blanks are trimmed.
  var end: Int
  /// The last eight bytes before `end` (fewer on a shorter line: zeros below them), the
  /// last one in the top byte: the marker lines are told by their endings with one compare
  /// each (`LineKinds.endsWith`) instead of a byte loop per test and line.
  var tail: UInt64

  /// Nothing is left after trimming the end.
  var isBlank: Bool { end == content.lowerBound }

  @inline(__always)
  init(_ line: InputLine, mayHoldHeader: Bool) {
    self.mayHoldHeader = mayHoldHeader
    let text = line.content
    prefix = LinePrefix.match(text)
    content = (prefix?.length ?? 0)..<text.count
    // A backward scan stops at the last byte of most lines; a forward one would walk their
    // indentation.
    end = ByteText.trimmedEnd(text, content).upperBound
    tail = LineKinds.tailWord(text, content.lowerBound..<end)
  }
}

/// The flags and counters of the record under construction. A new record starts from
/// `RecordProgress()`, so nothing is reset by hand.
struct RecordProgress {
  enum HeaderKind { case diffing, tca, labels }
  enum Phase { case action, tcaStateStart, tcaState, diffingTree, finished }

  var headerKind = HeaderKind.tca
  var phase = Phase.action
  var headerLine = 0
  var headerOffset = 0
  /// Lines and bytes of the record, counted on after the size cap hit.
  var lineCount = 0
  var byteCount = 0
  /// The record outgrew the size cap: its later lines are counted, not kept.
  var isCapped = false
  /// Lines of each part kept so far (before the size cap): the record's shape depends on
  /// them, whether or not their bytes are copied.
  var actionLineCount = 0
  var treeLineCount = 0
  var dumpLineCount = 0
  /// A kept line held bytes that are not UTF-8.
  var hasInvalidUTF8 = false
  /// The header line has a prefix with a timestamp (normalized in `ScanState.timestamp`).
  var hasTimestamp = false
  /// Ranges in the record's raw bytes.
  var storePrefix: Range<Int>?
  var labelsText: Range<Int>?
  var actionBrackets = BracketCounter()
  var sawStateHeader = false
  var noChange = false
  var noChangeAtColumnZero = false
  var sawChangeMarker = false
  var sawTCA0Marker = false
  /// Brackets of the new side of a Custom Dump diff: the state value ends where they balance.
  var newView = BracketCounter()
  var rootFinished = false
  var endedByBlankAfterAction = false
  var tree = TreeProgress()
  /// One run took the action's lines from its first, each line whole: this many (0: none).
  /// While no other line joins them, the text and this say what a later run would do with
  /// the same bytes (`RunReplay`).
  var wholeRunLines = 0
  /// A replay stood for the run of the action's first this many lines (0: none), whose
  /// text is the path cache's `replayedEntry`: the action's path while no line follows
  /// them.
  var replayedLines = 0
  var replayedEntry = 0
}

/// How far a Difference tree has come: for telling its continuation lines from foreign text,
/// and a finished tree from a cut one.
struct TreeProgress {
  var danglingLabel = false
  var openSides = 0
  var countChildren = 0
  var keyPairsOpen = false
  var lastWasLeaf = false

  /// Every label has its leaf and every leaf its sides.
  var isFinished: Bool { !danglingLabel && openSides == 0 && countChildren == 0 && !keyPairsOpen }

  /// Whether `tree` (not a no-change line) goes on the tree: an item, or another line that
  /// is indented or follows a leaf or an open key-pair list (a value's continuation, a key
  /// pair). Anything else is foreign text, which ends the record.
  func continues(with tree: TreeLine) -> Bool {
    tree.kind != .other || tree.isIndented || lastWasLeaf || keyPairsOpen
  }

  mutating func take(_ kind: TreeLine.Kind) {
    switch kind {
    case .property, .key, .index, .enumCase, .tupleElement:
      danglingLabel = true
      lastWasLeaf = false
      keyPairsOpen = false
      openSides = 0
      countChildren = 0
    case .current, .previous:
      danglingLabel = false
      if countChildren > 0 { countChildren -= 1 } else { openSides = openSides == 1 ? 0 : 1 }
      lastWasLeaf = true
    case .differentCount:
      danglingLabel = false
      countChildren = 2
      lastWasLeaf = false
    case .addedKeyPairs, .removedKeyPairs:
      danglingLabel = false
      keyPairsOpen = true
      lastWasLeaf = false
    case .addedElement, .removedElement:
      danglingLabel = false
      lastWasLeaf = true
    case .other:
      if keyPairsOpen {
        keyPairsOpen = false
        lastWasLeaf = true
      }
    case .noChange:
      break
    }
  }
}

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

  /// The short way for the commonest line: a line of the open record's action value, of
  /// a `diffing` or TCA header, indented (so no console prefix, which starts with a digit,
  /// and no diff marker), ASCII, not blank, not ending like a state header or a no-change
  /// line, with no header candidate (the caller's test), and not over the size cap. Does
  /// exactly what `continueRecord` and `advanceInAction` do with such a line, without the
  /// line view and the tests the line cannot pass; returns false, having changed nothing,
  /// for any other line. `RecordNeedsTests` and the differential corpus hold the two ways
  /// to one result.
  @inline(__always)
  mutating func takeActionValueLine(_ line: InputLine) -> Bool {
    guard active, progress.phase == .action, !progress.isCapped else { return false }
    let headerKind = progress.headerKind
    guard headerKind != .labels else { return false }
    let text = line.content
    guard LineKinds.isPlainValueLine(text, readsBefore: false), progress.byteCount + line.full.count <= sizeCap
    else { return false }
    countInput(line)
    if headerKind == .tca { progress.actionBrackets.add(text, 0..<text.count, readable: readable(line)) }
    progress.lineCount += 1
    progress.byteCount += line.full.count
    if keepsRaw { _ = copy(line.full) }
    if joinsActionText { joinActionLine(text, after: progress.actionLineCount) }
    progress.actionLineCount += 1
    if headerKind == .tca && progress.actionBrackets.depth <= 0 && !progress.actionBrackets.inTripleQuote {
      progress.phase = .tcaStateStart
    }
    return true
  }

  /// The lines of the open record's action value that follow in the block, read as one
  /// run: each line `takeActionValueLine` would take, where the line loop would give it to
  /// that short way (no header candidate, ASCII), is taken with the same effects, and the
  /// run stops before the first other line (or after the line that closes a TCA action),
  /// which goes the usual way. The lines' ends come from a line-feed mask over the run, and
  /// everything stays in locals until the run ends: taken one at a time through the line
  /// loop, the splitter, the block marks and the record's counters went through memory at
  /// every line, about 185 instructions a line. `RecordNeedsTests` holds it to the full way.
  @inline(__always)
  mutating func takeActionRun(_ lines: inout LineSplitter, _ marks: inout BlockMarks) {
    guard active, progress.phase == .action, !progress.isCapped, progress.headerKind != .labels else { return }
    // One loop for each way of joining and each kind of action, constants in each.
    if progress.headerKind == .tca {
      takeActionRun(&lines, &marks, countsBrackets: StaticTrue.self)
    } else {
      takeActionRun(&lines, &marks, countsBrackets: StaticFalse.self)
    }
  }

  @inline(__always)
  private mutating func takeActionRun<CountsBrackets: StaticBool>(
    _ lines: inout LineSplitter, _ marks: inout BlockMarks, countsBrackets: CountsBrackets.Type
  ) {
    if !joinsActionText {
      takeActionRun(&lines, &marks, StaticFalse.self, StaticFalse.self, countsBrackets)
    } else if stripsActionLines {
      takeActionRun(&lines, &marks, StaticTrue.self, StaticFalse.self, countsBrackets)
    } else {
      takeActionRun(&lines, &marks, StaticTrue.self, StaticTrue.self, countsBrackets)
    }
  }

  @inline(__always)
  private mutating func takeActionRun<Joins: StaticBool, InOneCopy: StaticBool, CountsBrackets: StaticBool>(
    _ lines: inout LineSplitter, _ marks: inout BlockMarks, _: Joins.Type, _: InOneCopy.Type, _: CountsBrackets.Type
  ) {
    let joins = Joins.value
    let joinsInOneCopy = InOneCopy.value
    guard let base = marks.base else { return }
    let from = lines.nextLineStart
    // Lines that end at or before `limit` have no header candidate and are ASCII.
    let limit = marks.plainUntil(from: from)
    guard from < limit else { return }
    let isTCA = CountsBrackets.value
    let blockEnd = marks.count
    var room = sizeCap &- progress.byteCount  // bytes the record may still take
    var actionLines = progress.actionLineCount
    var start = from  // of the next line
    var taken = 0
    var ends = RunLineFeeds(base, from: from, limit: limit)
    // The run's lines are added to the action's lines as they stand in the block, lines
    // and line feeds, in one copy from `segment` on (the lines before it are added): a
    // line with a CR (dropped from its text) is added alone.
    var segment = from
    var linesBeforeSegment = actionLines
    // From the action's first line, the action text is the run's bytes: an earlier action
    // of the same bytes may say what this run would do with them (`RunReplay`). Only the
    // path's look-up keeps texts: without it (a TCA text joined for the format clue alone)
    // no replay would be found.
    let fromFirstLine =
      joinsInOneCopy && actionLines == 0 && progress.actionBrackets.isFresh && needs.contains(.action)
    var allWhole = true
    defer {
      if taken > 0 {
        if joinsInOneCopy { joinLines(base, segment..<start, after: linesBeforeSegment) }
        progress.actionLineCount = actionLines
        if fromFirstLine && allWhole { progress.wholeRunLines = actionLines }
        endRun(&lines, UnsafeBufferPointer(start: base + from, count: start &- from), taken, copies: keepsRaw)
      }
    }
    if fromFirstLine, let replayed = replayRun(base, from: from, limit: limit, room: room, countsBrackets: isTCA) {
      actionLines = replayed.lines
      taken = actionLines
      room &-= replayed.end &- from
      start = replayed.end
      segment = start
      linesBeforeSegment = actionLines
      if replayed.closesAction { return }
      ends = RunLineFeeds(base, from: start, limit: limit)
    }
    while let (text, full) = ends.line(at: start) {
      let n = text.count
      // `takeActionValueLine`'s tests; the line before this one is in the block.
      guard LineKinds.isPlainValueLine(text, readsBefore: start >= 8), full <= room else { return }
      ends.pass()
      room &-= full
      taken &+= 1
      if isTCA { progress.actionBrackets.add(text, 0..<n, readable: blockEnd &- start) }
      if joinsInOneCopy {
        if full != n &+ 1 {
          allWhole = false
          joinLines(base, segment..<start, after: linesBeforeSegment)
          joinActionLine(text, after: actionLines, strips: false)
          segment = start &+ full
          linesBeforeSegment = actionLines &+ 1
        }
      } else if joins {
        joinActionLine(text, after: actionLines, strips: true)
      }
      actionLines &+= 1
      start &+= full
      if isTCA && progress.actionBrackets.depth <= 0 && !progress.actionBrackets.inTripleQuote {
        progress.phase = .tcaStateStart
        return
      }
    }
  }

  /// The start of an action's run, from its first line at `from`, when its likely lines
  /// are an earlier action's bytes with a replay (`RunReplay`): joins them, sets the
  /// bracket counter (and the phase, when they close the action), and returns where they
  /// end, how many they are and whether they close the action. Out of line: inlined, its
  /// locals cost the run's loop registers (records --stats, which never replays, took 2%
  /// more instructions).
  @inline(never)
  private mutating func replayRun(
    _ base: UnsafePointer<UInt8>, from: Int, limit: Int, room: Int, countsBrackets: Bool
  ) -> (end: Int, lines: Int, closesAction: Bool)? {
    // A look-up of another run's bytes is not this action's (a run that took no line).
    lookedUpCount = -1
    guard let end = likelyActionEnd(base, from: from, limit: limit, countsBrackets: countsBrackets),
      end &- from <= room
    else { return nil }
    let bytes = UnsafeBufferPointer(start: base + from, count: end &- from &- 1)
    let hash = rememberLookUp(ByteInterner.tableHash(bytes), count: bytes.count)
    guard let known = memory.pathCache.replay(of: bytes, hash: hash), known.replay.countsBrackets == countsBrackets
    else { return nil }
    // Its lines, taken as the replay says, in one join.
    joinLines(base, from..<end, after: 0)
    let lines = known.replay.lines
    progress.replayedLines = lines
    progress.replayedEntry = known.entry
    replayedActions &+= 1
    var closes = false
    if countsBrackets {
      progress.actionBrackets = known.replay.brackets
      if progress.actionBrackets.depth <= 0 && !progress.actionBrackets.inTripleQuote {
        progress.phase = .tcaStateStart
        closes = true
      }
    }
    return (end, lines, closes)
  }

  /// Keeps `hash` for `readAction` (the action text is likely those bytes) and returns it.
  @inline(__always)
  private mutating func rememberLookUp(_ hash: UInt64, count: Int) -> UInt64 {
    lookedUpHash = hash
    lookedUpCount = count
    return hash
  }

  /// Where the action whose first line starts at `from` likely ends (after a line feed,
  /// at or before `limit`), for looking its text up (`RunReplay`); nil when no end is
  /// likely. A guess, which the look-up's compare decides: `debugDiffing` prints its state
  /// header (a byte over 0x7F, so at `limit`) right after the action; TCA closes an action
  /// over several lines (its first line ends with an open bracket) with a line indented by
  /// two spaces, and a shorter one is its first line.
  @inline(__always)
  private func likelyActionEnd(_ base: UnsafePointer<UInt8>, from: Int, limit: Int, countsBrackets: Bool) -> Int? {
    guard countsBrackets else { return limit &- from >= 3 && base[limit &- 1] == 0x0A ? limit : nil }
    var ends = RunLineFeeds(base, from: from, limit: Swift.min(limit, from &+ 4096))
    guard let first = ends.next(), first > from else { return nil }
    let last = base[first &- 1]
    guard last == UInt8(ascii: "(") || last == UInt8(ascii: "[") || last == UInt8(ascii: "{") else {
      return first &+ 1
    }
    var start = first &+ 1
    ends.pass()
    while let feed = ends.next() {
      if feed &- start >= 3 && base[start] == ByteText.space && base[start &+ 1] == ByteText.space
        && base[start &+ 2] != ByteText.space
      {
        return feed &+ 1
      }
      ends.pass()
      start = feed &+ 1
    }
    return nil
  }

  /// Adds the whole lines of the block at `base` in `range` (each ends with its line feed)
  /// to the action's lines as they stand, in one copy; nothing for an empty range.
  @inline(__always)
  private mutating func joinLines(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, after lines: Int) {
    guard !range.isEmpty else { return }
    joinActionLine(
      UnsafeBufferPointer(start: base + range.lowerBound, count: range.count &- 1), after: lines, strips: false)
  }

  /// The header of a line that is exactly `🎬 Received action:` (as the `debugDiffing`
  /// printer writes it, 21 bytes) or `received action:` (as `_printChanges()` and
  /// `debug()` write it, 16): a header wherever it stands, with no prefix. Nil for any
  /// other line, which goes the full way.
  @inline(__always)
  func exactHeader(_ line: InputLine, isASCII: Bool) -> Header? {
    let text = line.content
    guard let base = text.baseAddress else { return nil }
    if isASCII {
      return text.count == 16 && ByteText.same(base, ScanState.tcaHeaderLine.utf8Start, 16)
        ? .tca(storePrefix: nil) : nil
    }
    return text.count == 21 && ByteText.same(base, ScanState.diffingHeaderLine.utf8Start, 21) ? .diffing : nil
  }

  /// The first step of the header line's short way: counts the line, as `continueRecord`
  /// does, and returns how the open record ends at it, if one is open (a finished record
  /// `.finished`, any other `.nextLine`: `continueRecord` and its header test).
  @inline(__always)
  mutating func countHeaderLine(_ line: InputLine) -> Ending? {
    countInput(line)
    guard active else { return nil }
    return progress.phase == .finished ? .finished : .nextLine
  }

  /// The second step: starts the record as `startOrSkip` starts it at that header, without
  /// the header tests and the UTF-8 decoding (its bytes are known valid).
  @inline(__always)
  mutating func startRecord(_ header: Header, _ line: InputLine) {
    lineIsASCII = true
    _ = start(header, line, LineView(line, mayHoldHeader: true))
  }

  static var diffingHeaderLine: StaticString { "🎬 Received action:" }
  static var tcaHeaderLine: StaticString { "received action:" }

  /// The short way for `🖨️ State:` and `🖨️ (No state changes)` exactly as the
  /// `debugDiffing` printer writes them (one or both end every diffing record): where the
  /// full way would take such a line as the state header or the no-change line, this does
  /// the same, without the line view, the marker tests and the UTF-8 decoding (its bytes
  /// are known valid). Returns false, having changed nothing, for any other line.
  @inline(__always)
  mutating func takeMarkerLine(_ line: InputLine) -> Bool {
    let text = line.content
    // Most lines with a byte over 0x7F are neither (tca1's `…`): their length says so.
    // The lengths are literals (`ByteScanTests` checks them): a `StaticString`'s count is
    // not folded, and cost tca1 1% here.
    guard text.count == 14 || text.count == 26, active else { return false }
    let phase = progress.phase
    let headerKind = progress.headerKind
    guard headerKind != .labels, let base = text.baseAddress else { return false }
    if text.count == 14 && ByteText.same(base, ScanState.stateHeaderLine.utf8Start, 14) {
      // Where `advanceInAction` and `advanceAtTCAStateStart` take a state header.
      guard
        (phase == .action && (headerKind == .diffing || progress.actionLineCount > 0)) || phase == .tcaStateStart
      else { return false }
      countInput(line)
      lineIsASCII = true  // valid UTF-8: `count` need not decode it
      _ = takeStateHeader(line)
      return true
    }
    if text.count == 26 && ByteText.same(base, ScanState.noChangeLine.utf8Start, 26) {
      // Where `advanceInAction`, `advanceAtTCAStateStart` and `advanceInDiffingTree` take a
      // no-change line.
      guard phase == .action || phase == .tcaStateStart || (phase == .diffingTree && progress.treeLineCount == 0)
      else { return false }
      countInput(line)
      lineIsASCII = true
      _ = takeNoChange(line, 0..<text.count)
      return true
    }
    return false
  }

  /// The two lines as the printer writes them (the emoji, U+FE0F, a space, the text): 14
  /// and 26 bytes.
  static var stateHeaderLine: StaticString { "🖨️ State:" }
  static var noChangeLine: StaticString { "🖨️ (No state changes)" }

  /// The short way for a line of the open record's state diff (a Custom Dump line or a
  /// Difference tree line) without a console prefix or a header candidate (the caller's
  /// test), not blank: does what `continueRecord` and `advance` do with it, without the line
  /// view. Returns false, having changed nothing, when the line would end the record or
  /// needs the full way (a prefix, a blank line, a no-change line, foreign text).
  @inline(__always)
  mutating func takeStateLine(_ line: InputLine) -> Bool {
    guard active else { return false }
    let phase = progress.phase
    guard phase == .tcaState || phase == .diffingTree else { return false }
    let text = line.content
    // A line that may have a console prefix goes the full way, which reads the prefix once.
    guard !LinePrefix.mayStart(text) else { return false }
    let content = 0..<text.count
    guard ByteText.trimmedEnd(text, content).upperBound > 0 else { return false }
    if phase == .tcaState {
      guard let dump = DumpLine.parse(text, content) else { return false }
      countInput(line)
      _ = takeDumpLine(line, dump)
      return true
    }
    let tree = TreeLine.classify(text, content)
    guard tree.kind != .noChange, progress.tree.continues(with: tree) else { return false }
    countInput(line)
    _ = takeTreeLine(line, tree)
    return true
  }

  /// The end of a run of `taken` lines (`run`, their bytes): counts them in the statistics
  /// and the record, copies them into the record's bytes when `copies`, and moves the
  /// splitter past them.
  @inline(__always)
  private mutating func endRun(
    _ lines: inout LineSplitter, _ run: UnsafeBufferPointer<UInt8>, _ taken: Int, copies: Bool
  ) {
    statistics.lines &+= taken
    statistics.bytes &+= run.count
    progress.lineCount &+= taken
    progress.byteCount &+= run.count
    if copies { _ = copy(run) }
    lines.skip(to: lines.nextLineStart &+ run.count, lines: taken)
  }

  /// The lines of the open record's state diff (Custom Dump or Difference tree) that
  /// follow in the block, read as one run: each line `takeStateLine` would take, where the
  /// line loop would give it to that short way (no header candidate), is taken with the
  /// same effects, and the run stops before the first other line (or after the line that
  /// ends a Custom Dump state value), which goes the usual way. As in `takeActionRun`, the
  /// lines' ends come from a line-feed mask, the counters stay in locals, and the run's
  /// bytes are copied once, not line by line. A line with a byte over 0x7F
  /// (`… (1 unchanged)`) is checked for UTF-8 here. `RecordNeedsTests` holds it to the full
  /// way.
  @inline(__always)
  mutating func takeStateRun(_ lines: inout LineSplitter, _ marks: inout BlockMarks) {
    guard active, !progress.isCapped else { return }
    // One loop for each kind of diff and for keeping the lines for the diff parser or not,
    // constants in each, as the action run's (one loop for both kinds cost tca1 1.3%).
    let keepsPaths = needs.contains(.statePaths)
    if progress.phase == .diffingTree {
      if keepsPaths {
        takeTreeRun(&lines, &marks, StaticTrue.self)
      } else {
        takeTreeRun(&lines, &marks, StaticFalse.self)
      }
    } else if progress.phase == .tcaState {
      if keepsPaths {
        takeDumpRun(&lines, &marks, StaticTrue.self)
      } else {
        takeDumpRun(&lines, &marks, StaticFalse.self)
      }
    }
  }

  /// `takeStateRun` for a Custom Dump diff, which prints its unchanged lines around each
  /// change: a run of them (`UnchangedRun`) that an earlier diff printed byte for byte is
  /// taken in one step, as the earlier state run took it (`StateRunMemo`).
  @inline(__always)
  private mutating func takeDumpRun<KeepsLines: StaticBool>(
    _ lines: inout LineSplitter, _ marks: inout BlockMarks, _: KeepsLines.Type
  ) {
    guard let base = marks.base else { return }
    let from = lines.nextLineStart
    // Lines that end at or before `limit` have no header candidate.
    let limit = marks.headerFreeUntil(from: from)
    guard from < limit else { return }
    let keepsPaths = KeepsLines.value
    // Where the run's first byte lands among the record's kept bytes (`copy`).
    let keptStart = raw.count &+ pendingCount
    let blockEnd = marks.count
    var room = sizeCap &- progress.byteCount  // bytes the record may still take
    var start = from  // of the next line
    var taken = 0
    var ends = RunLineFeeds(base, from: from, limit: limit)
    defer {
      if taken > 0 {
        progress.dumpLineCount &+= taken
        endRun(
          &lines, UnsafeBufferPointer(start: base + from, count: start &- from), taken, copies: keepsPaths || keepsRaw)
      }
    }
    // The line at `start` may start a run of unchanged lines: the first line, and one after
    // a line that does not start with a space (a changed line).
    var mayStartUnchanged = true
    var unchanged = UnchangedRun()
    while true {
      if mayStartUnchanged {
        mayStartUnchanged = false
        if start < limit && base[start] == ByteText.space && !progress.newView.inTripleQuote,
          let end = UnchangedRun.end(base, from: start, limit: limit)
        {
          let found = memory.stateRuns.look(up: UnsafeBufferPointer(start: base + start, count: end &- start))
          let depth = progress.newView.depth
          if let replay = found.replay, end &- start <= room, depth &+ replay.lowestBeforeLast > 0,
            !keepsPaths || replay.lines != nil
          {
            if keepsPaths, let kept = replay.lines {
              keepDumpLines(kept, at: keptStart &+ (start &- from), id: replay.id)
            }
            progress.newView.depth = depth &+ replay.total
            progress.newView.sawQuote = replay.lastSawQuote
            taken &+= replay.lineCount
            replayedStateRuns &+= 1
            room &-= end &- start
            start = end
            ends = RunLineFeeds(base, from: end, limit: limit)
            if progress.newView.depth <= 0 {
              progress.rootFinished = true
              progress.phase = .finished
              return
            }
            // The line at `end` starts with no space: it goes the usual way.
            continue
          }
          // Kept once the lines are taken, unless one with its lines is kept already.
          if found.replay == nil || (keepsPaths && found.replay?.lines == nil) {
            unchanged = UnchangedRun(start: start, end: end, found: found, firstLine: dumpLines.count, depth: depth)
          }
        }
      }
      guard let (text, full) = ends.line(at: start) else { return }
      let n = text.count
      // `takeStateLine`'s tests, then its effects. A line with a console prefix starts
      // with a digit, which `DumpLine.parse` rejects.
      guard full <= room, ByteText.trimmedEnd(text, 0..<n).upperBound > 0 else { return }
      // The layout (`DumpLine.measure`) is left to the diff parser, which needs it of few
      // lines.
      guard let dump = DumpLine.parseMarker(text, 0..<n) else { return }
      let count = readDumpLine(text, dump, readable: blockEnd &- start)
      if keepsPaths { keepDumpLine(dump, at: keptStart &+ (start &- from), count) }
      ends.pass()
      room &-= full
      taken &+= 1
      // `count`'s UTF-8 check: the sequences the block marks point at, one by one (the
      // bytes between them are ASCII), not a scan of the line (`… (1 unchanged),`).
      if !progress.hasInvalidUTF8 && !marks.linePartIsValidUTF8(from: start, count: full) {
        progress.hasInvalidUTF8 = true
        unchanged.isTaken = false
      }
      if text[0] != ByteText.space { mayStartUnchanged = true }
      start &+= full
      if unchanged.isTaken {
        unchanged.took(progress.newView)
        if progress.newView.inTripleQuote {
          unchanged.isTaken = false
        } else if start == unchanged.end {
          remember(
            unchanged, UnsafeBufferPointer(start: base + unchanged.start, count: unchanged.end &- unchanged.start),
            keepsPaths: keepsPaths, offset: keptStart &+ (unchanged.start &- from))
          unchanged.isTaken = false
        }
      }
      if progress.phase == .finished { return }
    }
  }

  /// Keeps a replayed run's lines (positions from the run's first byte, which lands at
  /// `start` among the record's kept bytes) for the diff parser, and names them by the
  /// run's `id` (`NamedRun`).
  ///
  /// This and `remember` are out of line: inlined into the line loop, their code took
  /// registers from the Difference tree's run there too (diffing `report` 3% slower, in
  /// the same instructions).
  @inline(never)
  private mutating func keepDumpLines(_ kept: UnsafeBufferPointer<StateRunMemo.KeptLine>, at start: Int, id: UInt64) {
    namedRuns.append(NamedRun(firstLine: dumpLines.count, lineCount: kept.count, id: id))
    for line in kept { dumpLines.append(line.line(at: start)) }
  }

  /// Keeps the run of unchanged lines the state run has just taken (`bytes`) in the memo of
  /// runs, with its kept lines when `keepsPaths` (which lie at `offset` among the record's
  /// kept bytes), and names those lines by the run's id: from its first diff on, so that
  /// the diff's skeleton is the one its repeats will have.
  @inline(never)
  private mutating func remember(
    _ unchanged: UnchangedRun, _ bytes: UnsafeBufferPointer<UInt8>, keepsPaths: Bool, offset: Int
  ) {
    let id = memory.stateRuns.remember(
      bytes, as: unchanged.found, unchanged.replay,
      kept: keepsPaths ? UnsafeBufferPointer(rebasing: dumpLines.buffer[unchanged.firstLine...]) : nil,
      offset: offset)
    if keepsPaths, let id {
      namedRuns.append(
        NamedRun(firstLine: unchanged.firstLine, lineCount: dumpLines.count &- unchanged.firstLine, id: id))
    }
  }

  /// `takeStateRun` for a Difference tree; `KeepsLines`: its lines are kept for the diff
  /// parser.
  @inline(__always)
  private mutating func takeTreeRun<KeepsLines: StaticBool>(
    _ lines: inout LineSplitter, _ marks: inout BlockMarks, _: KeepsLines.Type
  ) {
    guard let base = marks.base else { return }
    let from = lines.nextLineStart
    // Lines that end at or before `limit` have no header candidate.
    let limit = marks.headerFreeUntil(from: from)
    guard from < limit else { return }
    let keepsPaths = KeepsLines.value
    // Where the run's first byte lands among the record's kept bytes (`copy`).
    let keptStart = raw.count &+ pendingCount
    var room = sizeCap &- progress.byteCount  // bytes the record may still take
    var start = from  // of the next line
    var taken = 0
    var ends = RunLineFeeds(base, from: from, limit: limit)
    defer {
      if taken > 0 {
        progress.treeLineCount &+= taken
        endRun(
          &lines, UnsafeBufferPointer(start: base + from, count: start &- from), taken, copies: keepsPaths || keepsRaw)
      }
    }
    while let (text, full) = ends.line(at: start) {
      let n = text.count
      // `takeStateLine`'s tests, then its effects.
      guard full <= room, ByteText.trimmedEnd(text, 0..<n).upperBound > 0, !LinePrefix.mayStart(text) else { return }
      let tree = TreeLine.classify(text, 0..<n)
      guard tree.kind != .noChange, progress.tree.continues(with: tree) else { return }
      progress.tree.take(tree.kind)
      if keepsPaths { keepTreeLine(tree, at: keptStart &+ (start &- from)) }
      ends.pass()
      room &-= full
      taken &+= 1
      // The UTF-8 check: the sequences the block marks point at, one by one (the bytes
      // between them are ASCII), not a scan of the line.
      if !progress.hasInvalidUTF8 && !marks.linePartIsValidUTF8(from: start, count: full) {
        progress.hasInvalidUTF8 = true
      }
      start &+= full
      if progress.phase == .finished { return }
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

  // MARK: - Record lines

  /// Starts a record at its header; returns whether it already ended (a `labels` record).
  private mutating func start(_ header: Header, _ line: InputLine, _ view: LineView) -> Bool {
    active = true
    inFragment = false
    previousLooksLikeRoot = false
    progress.headerLine = line.number
    progress.headerOffset = line.offset
    if let prefix = view.prefix {
      timestamp.removeAll()
      LinePrefix.withNormalizedTimestamp(UnsafeBufferPointer(rebasing: line.content[prefix.timestamp])) {
        timestamp.append($0)
      }
      progress.hasTimestamp = true
    }
    // A header line over the size cap keeps none of its bytes, so none of its ranges; a
    // kept one is copied (the store prefix and a labels text are read from it).
    let rawStart = count(line) ? copy(line.full) : nil
    func stored(_ r: Range<Int>?) -> Range<Int>? {
      guard let r, let rawStart else { return nil }
      return shifted(r, by: rawStart)
    }
    switch header {
    case .diffing:
      progress.headerKind = .diffing
    case .tca(let storePrefix):
      progress.headerKind = .tca
      progress.storePrefix = stored(storePrefix)
    case .labels(let storePrefix, let text):
      progress.headerKind = .labels
      progress.storePrefix = stored(storePrefix)
      progress.labelsText = stored(text)
      return true
    }
    return false
  }

  /// Counts a line of the record; returns whether it is kept (false once the record is
  /// over the size cap: its later lines are counted, not kept). A kept line is checked for
  /// UTF-8 here, whether or not its bytes are copied.
  @inline(__always)
  private mutating func count(_ line: InputLine) -> Bool {
    progress.lineCount += 1
    progress.byteCount += line.full.count
    guard !progress.isCapped else { return false }
    if progress.byteCount > sizeCap {
      progress.isCapped = true
      return false
    }
    if !progress.hasInvalidUTF8 && !lineIsASCII && !UTF8Validation.isValid(line.full) { progress.hasInvalidUTF8 = true }
    return true
  }

  /// Copies a counted, kept line (its bytes with the terminator), or a run of them, into
  /// `raw` (with `.raw`: adds it to the pending run); returns where it starts among the
  /// record's kept bytes.
  @inline(__always)
  private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard keepsRaw, let lineStart = bytes.baseAddress else {
      let start = raw.count
      raw.append(bytes)
      return start
    }
    let start = raw.count + pendingCount
    if let pendingStart, pendingStart + pendingCount == lineStart {
      pendingCount += bytes.count
    } else {
      flushPending()
      pendingStart = lineStart
      pendingCount = bytes.count
    }
    return start
  }

  /// Copies the pending run into `raw`: before the bytes it points into go (the end of a
  /// block of lines), or when the record's bytes must be in one place.
  mutating func flushPending() {
    guard let pendingStart, pendingCount > 0 else { return }
    raw.append(UnsafeBufferPointer(start: pendingStart, count: pendingCount))
    self.pendingStart = nil
    pendingCount = 0
  }

  /// The record's kept bytes in one buffer: the pending run itself when nothing was copied
  /// yet (valid while its block is), else `raw` once the run is added to it.
  private mutating func keptBytes() -> UnsafeBufferPointer<UInt8> {
    if raw.count == 0, let pendingStart { return UnsafeBufferPointer(start: pendingStart, count: pendingCount) }
    flushPending()
    return raw.buffer
  }

  /// Counts a line and copies it when the reader keeps raw bytes.
  @inline(__always)
  private mutating func append(_ line: InputLine) {
    if count(line) && keepsRaw { _ = copy(line.full) }
  }

  /// What became of a state line.
  private enum StateLineFate {
    /// Over the size cap: counted only.
    case dropped
    /// Kept; no one reads the changed paths (its bytes are copied only with `.raw`).
    case kept
    /// Kept and copied into `raw` for the diff parser, starting there.
    case copied(at: Int)
  }

  /// Counts a state line, and copies it when someone reads the changed paths or raw bytes;
  /// only the changed paths need the line's place kept for the diff parser.
  @inline(__always)
  private mutating func appendStateLine(_ line: InputLine) -> StateLineFate {
    guard count(line) else { return .dropped }
    if needs.contains(.statePaths) { return .copied(at: copy(line.full)) }
    if keepsRaw { _ = copy(line.full) }
    return .kept
  }

  private func shifted(_ r: Range<Int>, by delta: Int) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }

  private mutating func addActionLine(_ line: InputLine, _ content: Range<Int>) {
    // Only a TCA action ends by its brackets; a diffing action ends at `State:`.
    if progress.headerKind == .tca { progress.actionBrackets.add(line.content, content, readable: readable(line)) }
    guard count(line) else { return }
    if keepsRaw { _ = copy(line.full) }
    if joinsActionText {
      joinActionLine(UnsafeBufferPointer(rebasing: line.content[content]), after: progress.actionLineCount)
    }
    progress.actionLineCount += 1
  }

  /// The action's text is read for the path, the text itself, or the tca0/tca1 clue of a
  /// TCA record.
  var joinsActionText: Bool {
    needs.contains(.action) || needs.contains(.actionText) || needs.contains(.entity) || progress.headerKind == .tca
  }

  /// Whether the action's lines are joined as FORMATS.md 3's action text (up to two leading
  /// spaces removed from each line), for a reader of every record's text. Without one, they
  /// are kept as they stand, and a run of them is added in one copy: the path, the root and
  /// the tca0 clue read tokens, and a line's leading blanks are none; the shape that keys
  /// the path cache marks literals by the same tokens (and one scanner keys one way).
  var stripsActionLines: Bool { needs.contains(.actionText) }

  /// Adds a line of the action's value (or, as they stand, several with their line feeds) to
  /// the action's lines (`actionBytes`): after a line feed when `after` lines came before
  /// it, up to two leading spaces removed when `stripsActionLines`.
  @inline(__always)
  mutating func joinActionLine(_ text: UnsafeBufferPointer<UInt8>, after lines: Int) {
    joinActionLine(text, after: lines, strips: stripsActionLines)
  }

  /// `joinActionLine(_:after:)` with `stripsActionLines` given (a constant in a run's loop).
  @inline(__always)
  mutating func joinActionLine(_ text: UnsafeBufferPointer<UInt8>, after lines: Int, strips: Bool) {
    if lines > 0 { actionBytes.append(0x0A) }
    var s = 0
    if strips {
      if s < text.count, text[s] == ByteText.space { s += 1 }
      if s < text.count, text[s] == ByteText.space { s += 1 }
    }
    actionBytes.append(UnsafeBufferPointer(rebasing: text[s...]))
  }

  /// Decides what a line means for the open record, by the part the record is in.
  private mutating func advance(_ line: InputLine, _ view: LineView) -> Step {
    switch progress.phase {
    case .action: return advanceInAction(line, view)
    case .tcaStateStart: return advanceAtTCAStateStart(line, view)
    case .tcaState:
      if view.isBlank { return takeClosingBlank(line) }
      guard let dump = DumpLine.parse(line.content, view.content) else { return .rejected }
      return takeDumpLine(line, dump)
    case .diffingTree: return advanceInDiffingTree(line, view.content, view.isBlank)
    case .finished: return .rejected
    }
  }

  private mutating func takeClosingBlank(_ line: InputLine) -> Step {
    append(line)
    return .takenAndClosed
  }

  private mutating func takeStateHeader(_ line: InputLine) -> Step {
    append(line)
    progress.sawStateHeader = true
    progress.phase = .diffingTree
    return .taken
  }

  private mutating func advanceInAction(_ line: InputLine, _ view: LineView) -> Step {
    let text = line.content
    let content = view.content
    if view.isBlank {
      if progress.headerKind == .tca && progress.actionLineCount > 0 && progress.actionBrackets.depth <= 0 {
        progress.endedByBlankAfterAction = true
      }
      return takeClosingBlank(line)
    }
    if LineKinds.isNoChange(text, view) { return takeNoChange(line, content) }
    if progress.headerKind == .diffing {
      if LineKinds.isStateHeader(text, view) { return takeStateHeader(line) }
      addActionLine(line, content)
      return .taken
    }
    if progress.actionLineCount > 0 {
      // An action whose brackets never balance (damaged copy) still ends at a state part,
      // at a marked line (action lines start with a space: one byte rules them out).
      if DumpLine.startsWithMarker(text, content), let dump = DumpLine.parse(text, content),
        dump.marker != .context || dump.isTCA0Marker
      {
        progress.phase = .tcaState
        return takeDumpLine(line, dump)
      }
      if LineKinds.isStateHeader(text, view) { return takeStateHeader(line) }
    }
    addActionLine(line, content)
    if progress.actionBrackets.depth <= 0 && !progress.actionBrackets.inTripleQuote { progress.phase = .tcaStateStart }
    return .taken
  }

  private mutating func advanceAtTCAStateStart(_ line: InputLine, _ view: LineView) -> Step {
    let text = line.content
    let content = view.content
    if view.isBlank {
      progress.endedByBlankAfterAction = true  // `.debugActions()`: header, action, blank line
      return takeClosingBlank(line)
    }
    if LineKinds.isNoChange(text, view) { return takeNoChange(line, content) }
    if LineKinds.isStateHeader(text, view) { return takeStateHeader(line) }
    if let dump = DumpLine.parse(text, content) {
      progress.phase = .tcaState
      return takeDumpLine(line, dump)
    }
    // The diffing variant of FORMATS.md 4.6: a Difference tree after a TCA header.
    let tree = TreeLine.classify(text, content)
    if tree.kind != .other && tree.kind != .noChange {
      progress.phase = .diffingTree
      return takeTreeLine(line, tree)
    }
    return .rejected
  }

  private mutating func advanceInDiffingTree(_ line: InputLine, _ content: Range<Int>, _ isBlank: Bool) -> Step {
    if isBlank { return takeClosingBlank(line) }
    let tree = TreeLine.classify(line.content, content)
    if tree.kind == .noChange {
      return progress.treeLineCount == 0 ? takeNoChange(line, content) : .rejected
    }
    guard progress.tree.continues(with: tree) else { return .rejected }
    return takeTreeLine(line, tree)
  }

  private mutating func takeNoChange(_ line: InputLine, _ content: Range<Int>) -> Step {
    append(line)
    progress.noChange = true
    progress.noChangeAtColumnZero =
      content.lowerBound < line.content.count && line.content[content.lowerBound] == UInt8(ascii: "(")
    progress.phase = .finished
    return .taken
  }

  private mutating func takeDumpLine(_ line: InputLine, _ dump: DumpLine) -> Step {
    let count = readDumpLine(line.content, dump, readable: readable(line))
    switch appendStateLine(line) {
    case .dropped: break
    case .kept: progress.dumpLineCount += 1
    case .copied(let start):
      progress.dumpLineCount += 1
      keepDumpLine(dump, at: start, count)
    }
    return .taken
  }

  /// What a Custom Dump state line (`text`, which may be read for `readable` bytes) tells
  /// the record: its marker's flags and, on the new side, whether the state value ended
  /// (FORMATS.md 2.4). Returns the line's own bracket count when it holds no string
  /// (`isPlain`), kept for the diff parser, which then need not count again.
  @inline(__always)
  private mutating func readDumpLine(_ text: UnsafeBufferPointer<UInt8>, _ dump: DumpLine, readable: Int) -> (
    isPlain: Bool, delta: Int
  ) {
    if dump.marker != .context { progress.sawChangeMarker = true }
    if dump.isTCA0Marker { progress.sawTCA0Marker = true }
    var isPlain = false
    var delta = 0
    if dump.marker != .old {
      let startsOutsideString = !progress.newView.inTripleQuote
      progress.newView.sawQuote = false
      delta = progress.newView.add(text, dump.content, readable: readable)
      isPlain = startsOutsideString && !progress.newView.sawQuote
      if progress.newView.depth <= 0 && !progress.newView.inTripleQuote {
        progress.rootFinished = true
        progress.phase = .finished
      }
    } else if needs.contains(.statePaths) {
      var own = BracketCounter()
      delta = own.add(text, dump.content, readable: readable)
      isPlain = !own.sawQuote
    }
    return (isPlain, delta)
  }

  /// Keeps a copied state line's place (`start` among the record's kept bytes) for the diff
  /// parser, with its bracket count.
  @inline(__always)
  private mutating func keepDumpLine(_ dump: DumpLine, at start: Int, _ count: (isPlain: Bool, delta: Int)) {
    var stored = dump
    stored.content = shifted(dump.content, by: start)
    stored.item = shifted(dump.item, by: start)
    stored.isPlain = count.isPlain && count.delta >= Int(Int32.min) && count.delta <= Int(Int32.max)
    stored.delta = stored.isPlain ? Int32(count.delta) : 0
    dumpLines.append(stored)
  }

  private mutating func takeTreeLine(_ line: InputLine, _ tree: TreeLine) -> Step {
    progress.tree.take(tree.kind)
    switch appendStateLine(line) {
    case .dropped: break
    case .kept: progress.treeLineCount += 1
    case .copied(let start):
      progress.treeLineCount += 1
      keepTreeLine(tree, at: start)
    }
    return .taken
  }

  /// Keeps a copied tree line's place (`start` among the record's kept bytes) for the diff
  /// parser.
  @inline(__always)
  private mutating func keepTreeLine(_ tree: TreeLine, at start: Int) {
    var stored = tree
    stored.text = shifted(tree.text, by: start)
    stored.item = shifted(tree.item, by: start)
    treeLines.append(stored)
  }

  // MARK: - Fragments

  /// Counts state diffs printed without a header (FORMATS.md 9.10), one warning each.
  private mutating func noteFragment(_ line: InputLine, _ content: Range<Int>) {
    let text = line.content
    var looksLikeDiff = LineKinds.isStateHeader(text, content)
    if !looksLikeDiff, content.count >= 2, text[content.lowerBound] == UInt8(ascii: "|"),
      text[content.lowerBound + 1] == ByteText.tab || text[content.lowerBound + 1] == ByteText.space
    {
      looksLikeDiff = true
    }
    if !looksLikeDiff, let dump = DumpLine.parse(text, content),
      inFragment || (dump.marker != .context && previousLooksLikeRoot)
    {
      looksLikeDiff = true
    }
    if looksLikeDiff && !inFragment {
      statistics.headerlessFragments += 1
      warn(line.number, .headerlessDiff)
    }
    inFragment = looksLikeDiff
    // "  Feature.State(" — the root line of a Custom Dump diff.
    previousLooksLikeRoot =
      content.count >= 4 && text[content.lowerBound] == ByteText.space && text[content.lowerBound + 1] == ByteText.space
      && (text[content.lowerBound + 2] &- UInt8(ascii: "A")) < 26 && text[content.upperBound - 1] == UInt8(ascii: "(")
  }

  private mutating func warn(_ line: Int, _ kind: ScanWarning.Kind) {
    guard warnings.count < RecordScanner.maximumWarnings else { return }
    warnings.append((line, kind))
  }

  // MARK: - Closing a record

  /// Ends the open record: makes it, counts it, and makes ready for the next one.
  mutating func close(_ ending: Ending) -> Record {
    let record = makeRecord(ending)
    statistics.count(record)
    if progress.hasTimestamp && record.timestampRange == nil { statistics.impossibleTimestampRecords += 1 }
    endClosedRecord()
    return record
  }

  /// With a gate (`ActionGate`): reads the open record's action part and asks the gate.
  /// A record it declines is counted, warned about and forgotten, never built (true); an
  /// admitted one keeps its action part for `close` (false). Without a gate, false.
  mutating func closeIfDeclined(_ ending: Ending) -> Bool {
    guard let gate else { return false }
    let shape = recordShape()
    var derived = DerivedText(
      base: keepsRaw ? keptBytes().count : 0, reusing: derivedBuffer.take() ?? ByteAccumulator(capacity: 512))
    let action = readAction(needsClue: needsClue(shape), into: &derived)
    let path = (action.path.start &- derived.base)..<(action.path.end &- derived.base)
    let admitted = gate(action.key, UnsafeBufferPointer(rebasing: derived.bytes.buffer[path]))
    derivedBuffer = derived.takeBuffer()
    if admitted {
      actionReadAhead = action
      return false
    }
    statistics.count(
      isComplete: isComplete(shape, ending), isNoOp: shape.hasStatePart && !stateChanged(shape),
      lines: progress.lineCount,
      bytes: progress.byteCount, format: format(shape, hasTypedNestedCase: action.hasTypedNestedCase),
      hasInvalidUTF8: progress.hasInvalidUTF8)
    endClosedRecord()
    return true
  }

  /// What follows a record's closing, built or not: its warnings, the next index, the
  /// state for the next record.
  private mutating func endClosedRecord() {
    if progress.isCapped {
      statistics.oversizedRecords += 1
      warn(progress.headerLine, .oversizedRecord(sizeCap: sizeCap))
    }
    if progress.hasInvalidUTF8 { warn(progress.headerLine, .invalidUTF8) }
    nextIndex += 1
    reset()
  }

  /// Takes back an emitted record's storage for the next record's bytes (`makeRecord`), and
  /// its changes array when it is small but larger than the spare one: a record without
  /// changes has an empty array, which would have sent the spare away with the record,
  /// and the next changed record allocated again (half the records are no-ops).
  mutating func recycle(_ record: inout Record) {
    swap(&spareStorage, &record.storage)
    let capacity = record.changes.capacity
    if capacity <= 16 && capacity > spareChanges.capacity { swap(&spareChanges, &record.changes) }
  }

  /// Makes ready for the next record; the buffers keep their memory (up to 1 MiB of bytes).
  private mutating func reset() {
    active = false
    lookedUpCount = -1
    actionReadAhead = nil
    progress = RecordProgress()
    raw.removeAll()
    raw.shrink(toAtMost: 1 << 20)
    pendingStart = nil
    pendingCount = 0
    actionBytes.removeAll()
    actionBytes.shrink(toAtMost: 1 << 20)
    treeLines.truncate()
    dumpLines.truncate()
    namedRuns.truncate()
  }

  // MARK: - Making the record

  /// What the lines of the record showed, for its completeness and format.
  private struct Shape {
    var isDifferenceTree: Bool
    var actionFinished: Bool
    var hasStatePart: Bool
  }

  /// The open record's shape, from its progress.
  @inline(__always)
  private func recordShape() -> Shape {
    // Field by field: a computed property over `progress` copied all of it.
    let headerKind = progress.headerKind
    let sawStateHeader = progress.sawStateHeader
    let noChange = progress.noChange
    return Shape(
      isDifferenceTree: headerKind == .diffing || sawStateHeader || progress.treeLineCount > 0
        || (noChange && progress.noChangeAtColumnZero),
      actionFinished: headerKind != .tca || (progress.actionLineCount > 0 && progress.actionBrackets.depth <= 0),
      hasStatePart: headerKind != .labels
        && (sawStateHeader || noChange || progress.treeLineCount > 0 || progress.dumpLineCount > 0))
  }

  /// Whether the open record's state part shows a change.
  @inline(__always)
  private func stateChanged(_ shape: Shape) -> Bool {
    shape.isDifferenceTree ? progress.treeLineCount > 0 : progress.sawChangeMarker
  }

  /// Whether the action's value tree must decide `tca0` from `tca1` (nothing else does).
  @inline(__always)
  private func needsClue(_ shape: Shape) -> Bool {
    progress.headerKind == .tca && !shape.isDifferenceTree && progress.storePrefix == nil && !progress.sawTCA0Marker
  }

  private mutating func makeRecord(_ ending: Ending) -> Record {
    let shape = recordShape()
    // Without `.raw` the storage holds only the derived bytes, which then start at 0.
    // The kept bytes (with `.raw`); the diff parsers read the state lines there.
    let kept = keptBytes()
    var derived: DerivedText
    let action: ActionPart
    if let ahead = actionReadAhead {
      // `closeIfDeclined` read it: its bytes are the derived bytes so far.
      actionReadAhead = nil
      derived = DerivedText(base: keepsRaw ? kept.count : 0, continuing: derivedBuffer.take()!)
      action = ahead
    } else {
      derived = DerivedText(
        base: keepsRaw ? kept.count : 0, reusing: derivedBuffer.take() ?? ByteAccumulator(capacity: 512))
      action = readAction(needsClue: needsClue(shape), into: &derived)
    }
    let changes = needs.contains(.statePaths) ? parseStatePart(shape, into: &derived) : []
    let timestampRange = progress.hasTimestamp ? derived.add(timestamp.buffer) : nil
    let stateChanged = stateChanged(shape)
    var storePrefix: TextRange?
    if let prefix = progress.storePrefix {
      storePrefix = keepsRaw ? TextRange(start: prefix.lowerBound, count: prefix.count) : derived.add(kept, prefix)
    }
    // The last record's storage when it fits: with a sink that keeps its records (a shared
    // array, emptied by a new allocation of its capacity) no record gets more than about
    // twice the room it needs.
    let needed = (keepsRaw ? kept.count : 0) &+ derived.bytes.count
    var storage: [UInt8] = []
    if spareStorage.capacity >= needed && spareStorage.capacity <= needed &* 2 &+ 256 {
      swap(&storage, &spareStorage)
      // The first part replaces the old bytes in one call: emptying, then appending, cost
      // two generic calls and two uniqueness checks a record.
      storage.replaceSubrange(0..<storage.count, with: keepsRaw ? kept : derived.bytes.buffer)
      if keepsRaw { storage.append(contentsOf: derived.bytes.buffer) }
    } else {
      storage.reserveCapacity(needed)
      if keepsRaw { storage.append(contentsOf: kept) }
      storage.append(contentsOf: derived.bytes.buffer)
    }
    // Kept for the next record; a huge record's does not stay huge.
    var buffer = derived.takeBuffer()
    buffer.removeAll()
    buffer.shrink(toAtMost: 1 << 16)
    derivedBuffer = consume buffer
    // `Record.string(_:)` and `withBytes(_:_:)` rely on every range lying inside `storage`.
    // The count, not the array: a closure that captures a `var` checks each access to it
    // at run time.
    let storageCount = storage.count
    let inside = { (r: TextRange?) in r.map { $0.start >= 0 && $0.count >= 0 && $0.end <= storageCount } ?? true }
    precondition(
      inside(action.path) && inside(action.root) && inside(action.text) && inside(action.entity)
        && inside(action.keyPath)
        && inside(timestampRange)
        && inside(storePrefix),
      "record range outside its storage")
    assert(
      changes.allSatisfy { inside($0.path) && inside($0.normalized) && inside($0.old) && inside($0.new) },
      "state change range outside its record's storage")
    return Record(
      index: nextIndex, file: file, line: progress.headerLine, offset: progress.headerOffset,
      format: format(shape, hasTypedNestedCase: action.hasTypedNestedCase), lines: progress.lineCount,
      bytes: progress.byteCount, isComplete: isComplete(shape, ending), storage: storage,
      rawRange: TextRange(start: 0, count: keepsRaw ? kept.count : 0), timestampRange: timestampRange,
      storePrefixRange: storePrefix, actionPathRange: action.path, actionRootRange: action.root,
      actionTextRange: action.text,
      hasStatePart: shape.hasStatePart, stateChanged: shape.hasStatePart && stateChanged, changes: changes,
      hasInvalidUTF8: progress.hasInvalidUTF8, actionKey: action.key, entityRange: action.entity,
      bindingKeyPathRange: action.keyPath)
  }

  /// FORMATS.md 11.3: complete when the record reached a finished state. Inlined: called
  /// out of line, `makeRecord` passed it a copy of the whole scan state (912 bytes a
  /// record).
  @inline(__always)
  private func isComplete(_ shape: Shape, _ ending: Ending) -> Bool {
    guard !progress.isCapped else { return false }
    switch progress.headerKind {
    case .labels:
      return true
    case .diffing, .tca:
      if shape.isDifferenceTree {
        let treeFinished = progress.treeLineCount > 0 && progress.tree.isFinished
        return progress.noChange || treeFinished
          || (progress.sawStateHeader && progress.treeLineCount == 0 && ending != .endOfInput)
      }
      // Only `.debugActions()` prints no state part, and it ends its action with a blank
      // line (FORMATS.md 8.4). An action ended by foreign text, a header or the end of
      // input lost its state part: the record was cut (a log cut by size and followed by
      // other output, as `gen_log.py --truncate --noise` writes it).
      return progress.noChange || progress.rootFinished
        || (shape.actionFinished && !shape.hasStatePart && progress.endedByBlankAfterAction)
    }
  }

  private func format(_ shape: Shape, hasTypedNestedCase: Bool) -> RecordFormat {
    switch progress.headerKind {
    case .diffing: return .diffing
    case .labels: return .labels
    case .tca:
      if shape.isDifferenceTree { return .diffing }
      if progress.storePrefix != nil || progress.sawTCA0Marker || hasTypedNestedCase
        || (progress.endedByBlankAfterAction && progress.dumpLineCount == 0 && !progress.noChange)
      {
        return .tca0
      }
      return .tca1
    }
  }

  /// The action text (in `actionBytes`): a `labels` record's is on its header line; the
  /// others' was joined as their lines arrived (`addActionLine`).
  private mutating func joinActionText() {
    guard let labels = progress.labelsText else { return }
    actionBytes.removeAll()
    actionBytes.append(UnsafeBufferPointer(rebasing: keptBytes()[labels]))
  }

  /// Writes what `needs` asks of the action (path and root, text) to `derived`; returns
  /// their ranges (empty when not asked for) and the typed-nested-case clue (`needsClue`:
  /// only a `tca` record with no other clue needs it).
  ///
  /// The path and the clue come from the cache by text shape (`ActionPathCache`), which
  /// builds the value tree once per shape.
  private mutating func readAction(needsClue: Bool, into derived: inout DerivedText) -> ActionPart {
    let wantsPath = needs.contains(.action)
    let wantsText = needs.contains(.actionText)
    let wantsEntity = needs.contains(.entity)
    let none = derived.range(from: derived.position)
    guard wantsPath || wantsText || wantsEntity || needsClue else { return (none, nil, none, false, nil, nil, nil) }
    joinActionText()
    // Valid until `actionBytes` changes: the next record's action.
    let action = actionBytes.buffer
    var path = none
    var root: TextRange?
    var hasTypedNestedCase = false
    var key: ActionKey?
    // Without the path, a byte pass rules the clue out for almost every text (a false
    // alarm only costs the shape below).
    let clueRuledOut = !wantsPath && needsClue && !TypedCaseScan.mayHaveTypedNestedCase(action)
    // The lines a replay stood for, with no line after them: their text's entry is known.
    // (Its `emit` closure is the one below written again: one nested function for both
    // boxed the variables it writes, a heap allocation a record, +24% instructions.)
    if (wantsPath || needsClue) && !clueRuledOut && progress.replayedLines > 0
      && progress.replayedLines == progress.actionLineCount
      && memory.pathCache.emitKnown(
        progress.replayedEntry,
        { pathBytes, rootBytes, typed, shapeKey in
          if wantsPath {
            path = derived.add(pathBytes)
            root = rootBytes.map { derived.add($0) }
            key = shapeKey
          }
          hasTypedNestedCase = needsClue && typed
        })
    {
      // Taken from the entry.
    } else if (wantsPath || needsClue) && !clueRuledOut {
      // What one run did with the text's lines, for a later action of the same bytes.
      let wholeRun =
        progress.wholeRunLines > 0 && progress.wholeRunLines == progress.actionLineCount
        && progress.labelsText == nil
      let replay =
        wholeRun
        ? RunReplay(
          lines: progress.wholeRunLines, brackets: progress.actionBrackets,
          countsBrackets: progress.headerKind == .tca) : nil
      // The lines may keep their leading spaces (`stripsActionLines`): the value tree, the
      // path, the root and the clue do not see blanks between tokens. The cache's shapes
      // keep them, the same way for every record of this scanner.
      memory.pathCache.path(
        of: action, replay: replay, hash: wholeRun && lookedUpCount == action.count ? lookedUpHash : nil,
        compute: { visit in
          // The tree takes `treeNodes`' storage (unique, so it is reused) and gives it back.
          let tree = ValueTree(parsing: action, 0..<action.count, reusing: &treeNodes, stack: &treeStack)
          defer { treeNodes = tree.nodes }
          let walk = tree.walkPath(typedClue: true) { visit(action, $0) }
          return (walk.root, walk.hasTypedNestedCase)
        },
        emit: { pathBytes, rootBytes, typed, shapeKey in
          if wantsPath {
            path = derived.add(pathBytes)
            root = rootBytes.map { derived.add($0) }
            key = shapeKey
          }
          hasTypedNestedCase = needsClue && typed
        })
    }
    // With `.actionText` the lines are the text (`stripsActionLines`).
    let text = wantsText ? derived.add(action, 0..<action.count) : none
    // A search of the joined lines (a `memchr` or two); the entity's bytes are copied only
    // when the text is not (a few dozen bytes, and only for actions that name one).
    // The shape decides whether a text can name one (its labels and brackets are the
    // shape's; literals are not), so a shape without is not searched again.
    var entity: TextRange?
    var keyPath: TextRange?
    let known = key.flatMap { memory.entityShapes.value(for: $0) }
    if wantsEntity && known != 0 {
      var found: UInt8 = 0
      if known.map({ $0 & 1 != 0 }) ?? true, let r = ActionEntity.range(in: action) {
        let value = UnsafeBufferPointer(rebasing: action[r])
        if value.contains(0x0A) {
          // One line, as records print it (`ActionEntity.joined`): the key is the same.
          ActionEntity.joined(value, into: &memory.entityScratch)
          entity = derived.add(memory.entityScratch)
        } else {
          entity = wantsText ? TextRange(start: text.start + r.lowerBound, count: r.count) : derived.add(action, r)
        }
        found |= 1
      }
      if known.map({ $0 & 2 != 0 }) ?? true, ActionEntity.bindingKeyPath(in: action, into: &memory.entityScratch) {
        keyPath = derived.add(memory.entityScratch)
        found |= 2
      }
      if known == nil, let key { memory.entityShapes.set(found, for: key) }
    }
    return (path, root, text, hasTypedNestedCase, key, entity, keyPath)
  }

  private mutating func parseStatePart(_ shape: Shape, into derived: inout DerivedText) -> [StateChange] {
    let text = keptBytes()
    if shape.isDifferenceTree {
      return DifferenceTreeParser(text: text).parse(
        treeLines.buffer, into: &derived, scratch: &treeScratch, reusing: &spareChanges)
    }
    if !dumpLines.isEmpty {
      return CustomDumpDiffParser(text: text).parse(
        dumpLines.buffer, named: namedRuns.buffer, into: &derived, scratch: &dumpScratch,
        memo: &memory.dumpMemo, reusing: &spareChanges)
    }
    return []
  }
}

/// UTF-8 validation on bytes, once per kept line of a record (FORMATS.md 9.12).
package enum UTF8Validation {
  static func isValid(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isValid($0) }
  }

  /// Most lines are ASCII: their words are tested eight bytes at a time, and decoding
  /// starts at the first byte over 0x7F (a header's emoji), not at the line's start.
  @inline(__always)
  package static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard b.baseAddress != nil else { return true }
    let n = b.count
    var (i, found) = skipUnflaggedWords(b, from: 0, end: n, highBits)
    if !found {
      // The last bytes: the last whole word, overlapping the ones checked (all ASCII, so a
      // sequence starts at `i`); a line under eight bytes byte by byte.
      if n >= 8 {
        return highBits(UnsafeRawPointer(b.baseAddress! + n - 8).loadUnaligned(as: UInt64.self)) == 0
          || decodes(b, from: i)
      }
      while i < n && b[i] < 0x80 { i += 1 }
      found = i < n
    }
    return !found || decodes(b, from: i)
  }

  /// The high bit of each byte over 0x7F (exact).
  @inline(__always) static func highBits(_ word: UInt64) -> UInt64 { word & 0x8080_8080_8080_8080 }

  /// Whether every sequence decodes: no stray continuation byte, overlong form, surrogate
  /// or scalar past U+10FFFF, and no sequence cut at the end. By the lead byte's range and
  /// the second byte's (Unicode's table of well-formed sequences), no scalar assembled.
  /// `from` must be where a sequence starts (an ASCII byte is one): the bytes before it
  /// are taken as checked.
  static func decodes(_ b: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Bool {
    guard let p = b.baseAddress else { return true }
    let n = b.count
    var i = start
    while i < n {
      // ASCII runs eight bytes at a time, straight to the first high byte; the last bytes,
      // fewer than eight, in one tight loop (not a word search per byte).
      i = skipUnflaggedWords(b, from: i, end: n, highBits).index
      while i < n && p[i] < 0x80 { i += 1 }
      guard i < n else { return true }
      guard let length = sequenceLength(p, at: i, end: n) else { return false }
      i += length
    }
    return true
  }

  /// The length of the sequence that starts with the byte over 0x7F at `i` (before `end`),
  /// nil when it does not decode.
  @inline(__always)
  static func sequenceLength(_ p: UnsafePointer<UInt8>, at i: Int, end n: Int) -> Int? {
    let c = p[i]
    @inline(__always) func isContinuation(_ at: Int) -> Bool { p[at] & 0xC0 == 0x80 }
    switch c {
    case 0xC2...0xDF:
      guard i + 1 < n, isContinuation(i + 1) else { return nil }
      return 2
    case 0xE0...0xEF:
      guard i + 2 < n, isContinuation(i + 1), isContinuation(i + 2) else { return nil }
      let second = p[i + 1]
      if c == 0xE0 && second < 0xA0 { return nil }  // overlong
      if c == 0xED && second >= 0xA0 { return nil }  // a surrogate
      return 3
    case 0xF0...0xF4:
      guard i + 3 < n, isContinuation(i + 1), isContinuation(i + 2), isContinuation(i + 3) else { return nil }
      let second = p[i + 1]
      if c == 0xF0 && second < 0x90 { return nil }  // overlong
      if c == 0xF4 && second >= 0x90 { return nil }  // past U+10FFFF
      return 4
    default:
      return nil  // a continuation byte, C0, C1 or F5 and above
    }
  }
}
