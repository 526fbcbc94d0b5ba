@_spi(Scanner) import TCALogInput

// The scanner's fast paths, and the one contract every fast path keeps.
//
// The full way (ScanState.swift, ScanState+Phases.swift, ScanState+RecordLines.swift,
// ScanState+Close.swift) reads every line through a `LineView` as FORMATS.md says: it is
// the reference. A fast path takes the commonest lines with fewer tests, or many lines in
// one step, for speed alone. The contract:
//
// 1. On a line it accepts it does exactly what the full way does with that line: the same
//    counts, flags, phase, kept bytes and record fields, byte for byte.
// 2. Any other line it hands back untouched: it returns false (a run: it stops before the
//    line), having changed nothing, and the line goes the next way, finally the full way.
// 3. It declines every record whose format description (LogFormats.swift) does not say
//    `hasFastPaths`: a new format is read the full way until someone speeds it up.
//
// `RecordScanner.usesShortWays = false` turns every fast path off. `ScannerDifferential`
// (TCALogTestSupport) scans the same inputs both ways and holds the results equal (its
// tests: `ScannerDifferentialTests` on a committed corpus, `RecordNeedsTests`,
// `RunReplayTests` and `StateRunMemoTests` on literal logs); the
// behaviour corpus (Tests/Behaviour/corpus.sh) does so over whole logs and every command.
//
// One file each:
// - FastPath+ShortWays.swift: single lines (an exact header, an action value line,
//   debugDiffing's marker lines, a state diff line);
// - FastPath+ActionRun.swift: the action's value lines that follow, as one run;
// - FastPath+ActionReplay.swift: a run's first lines an earlier action printed, replayed;
// - FastPath+StateRun.swift: the state diff's lines that follow, as one run;
// - FastPath+StateRunReplay.swift: a run of unchanged Custom Dump lines, replayed.
// Shared by them: `StaticBool` and the two helpers below; BlockMarks.swift.

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

extension ScanState {
  /// The end of a run of `taken` lines (`run`, their bytes): counts them in the statistics
  /// and the record, copies them into the record's bytes when `copies`, and moves the
  /// splitter past them.
  @inline(__always)
  mutating func endRun(
    _ lines: inout LineSplitter, _ run: UnsafeBufferPointer<UInt8>, _ taken: Int, copies: Bool
  ) {
    statistics.lines &+= taken
    statistics.bytes &+= run.count
    progress.lineCount &+= taken
    progress.byteCount &+= run.count
    if copies { _ = copy(run) }
    lines.skip(to: lines.nextLineStart &+ run.count, lines: taken)
  }

  /// Adds the whole lines of the block at `base` in `range` (each ends with its line feed)
  /// to the action's lines as they stand, in one copy; nothing for an empty range.
  @inline(__always)
  mutating func joinLines(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, after lines: Int) {
    guard !range.isEmpty else { return }
    joinActionLine(
      UnsafeBufferPointer(start: base + range.lowerBound, count: range.count &- 1), after: lines, strips: false)
  }
}
