@_spi(Scanner) import TCALogInput

// A fast path of the scanner. It keeps the contract written once in FastPaths.swift: on a
// line it accepts it does exactly what the full way does; any other line it hands back
// untouched; it declines a format whose description does not offer fast paths.
//
// The state run: the state diff's lines (Custom Dump or Difference tree) that follow a
// short way's line, taken as one run.

extension ScanState {
  /// The lines of the open record's state diff (Custom Dump or Difference tree) that
  /// follow in the block, read as one run: each line `takeStateLine` would take, where the
  /// line loop would give it to that short way (no header candidate), is taken with the
  /// same effects, and the run stops before the first other line (or after the line that
  /// ends a Custom Dump state value), which goes the usual way. As in `takeActionRun`, the
  /// lines' ends come from a line-feed mask, the counters stay in locals, and the run's
  /// bytes are copied once, not line by line. A line with a byte over 0x7F
  /// (`… (1 unchanged)`) is checked for UTF-8 here. `ScannerDifferential` holds it to the
  /// full way.
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
  mutating func takeDumpRun<KeepsLines: StaticBool>(
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

  /// `takeStateRun` for a Difference tree; `KeepsLines`: its lines are kept for the diff
  /// parser.
  @inline(__always)
  mutating func takeTreeRun<KeepsLines: StaticBool>(
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
}
