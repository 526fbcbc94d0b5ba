@_spi(Scanner) import TCALogInput

// A fast path of the scanner. It keeps the contract written once in FastPaths.swift: on a
// line it accepts it does exactly what the full way does; any other line it hands back
// untouched; it declines a format whose description does not offer fast paths.
//
// The action run: the action's value lines that follow a short way's line, taken as one
// run, with the joining and bracket counting fixed at compile time (`StaticBool`).

extension ScanState {
  /// The lines of the open record's action value that follow in the block, read as one
  /// run: each line `takeActionValueLine` would take, where the line loop would give it to
  /// that short way (no header candidate, ASCII), is taken with the same effects, and the
  /// run stops before the first other line (or after the line that closes a TCA action),
  /// which goes the usual way. The lines' ends come from a line-feed mask over the run, and
  /// everything stays in locals until the run ends: taken one at a time through the line
  /// loop, the splitter, the block marks and the record's counters went through memory at
  /// every line, about 185 instructions a line. `ScannerDifferential` holds it to the full
  /// way.
  @inline(__always)
  mutating func takeActionRun(_ lines: inout LineSplitter, _ marks: inout BlockMarks) {
    guard active, progress.phase == .action, !progress.isCapped, progress.headerFormat.described.hasFastPaths
    else { return }
    // One loop for each way of joining and each kind of action, constants in each.
    if progress.headerFormat.described.actionEnd == .byBrackets {
      takeActionRun(&lines, &marks, countsBrackets: StaticTrue.self)
    } else {
      takeActionRun(&lines, &marks, countsBrackets: StaticFalse.self)
    }
  }

  @inline(__always)
  mutating func takeActionRun<CountsBrackets: StaticBool>(
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
  mutating func takeActionRun<Joins: StaticBool, InOneCopy: StaticBool, CountsBrackets: StaticBool>(
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
}
