// A fast path of the scanner. It keeps the contract written once in FastPaths.swift: on a
// line it accepts it does exactly what the full way does; any other line it hands back
// untouched; it declines a format whose description does not offer fast paths.
//
// The state run's replay: a run of unchanged Custom Dump lines an earlier diff printed
// byte for byte, taken in one step as the earlier run took it (`StateRunMemo`).

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

extension ScanState {
  /// Keeps a replayed run's lines (positions from the run's first byte, which lands at
  /// `start` among the record's kept bytes) for the diff parser, and names them by the
  /// run's `id` (`NamedRun`).
  ///
  /// This and `remember` are out of line: inlined into the line loop, their code took
  /// registers from the Difference tree's run there too (diffing `report` 3% slower, in
  /// the same instructions).
  @inline(never)
  mutating func keepDumpLines(_ kept: UnsafeBufferPointer<StateRunMemo.KeptLine>, at start: Int, id: UInt64) {
    namedRuns.append(NamedRun(firstLine: dumpLines.count, lineCount: kept.count, id: id))
    for line in kept { dumpLines.append(line.line(at: start)) }
  }

  /// Keeps the run of unchanged lines the state run has just taken (`bytes`) in the memo of
  /// runs, with its kept lines when `keepsPaths` (which lie at `offset` among the record's
  /// kept bytes), and names those lines by the run's id: from its first diff on, so that
  /// the diff's skeleton is the one its repeats will have.
  @inline(never)
  mutating func remember(
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
}
