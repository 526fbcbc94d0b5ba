@_spi(Scanner) import TCALogInput

// A fast path of the scanner. It keeps the contract written once in FastPaths.swift: on a
// line it accepts it does exactly what the full way does; any other line it hands back
// untouched; it declines a format whose description does not offer fast paths.
//
// The short ways: single lines taken with fewer tests than the full way's (an exact
// header, an action value line, debugDiffing's two marker lines, a state diff line).

extension ScanState {
  /// The short way for the commonest line: a line of the open record's action value, of
  /// a `diffing` or TCA header, indented (so no console prefix, which starts with a digit,
  /// and no diff marker), ASCII, not blank, not ending like a state header or a no-change
  /// line, with no header candidate (the caller's test), and not over the size cap. Does
  /// exactly what `continueRecord` and `advanceInAction` do with such a line, without the
  /// line view and the tests the line cannot pass; returns false, having changed nothing,
  /// for any other line. `ScannerDifferential` holds the two ways to one result (on
  /// literal logs and on its corpus).
  @inline(__always)
  mutating func takeActionValueLine(_ line: InputLine) -> Bool {
    guard active, progress.phase == .action, !progress.isCapped else { return false }
    let format = progress.headerFormat.described
    guard format.hasFastPaths else { return false }
    let text = line.content
    guard LineKinds.isPlainValueLine(text, readsBefore: false), progress.byteCount + line.full.count <= sizeCap
    else { return false }
    countInput(line)
    if format.actionEnd == .byBrackets { progress.actionBrackets.add(text, 0..<text.count, readable: readable(line)) }
    progress.lineCount += 1
    progress.byteCount += line.full.count
    if keepsRaw { _ = copy(line.full) }
    if joinsActionText { joinActionLine(text, after: progress.actionLineCount) }
    progress.actionLineCount += 1
    if format.actionEnd == .byBrackets && progress.actionBrackets.depth <= 0 && !progress.actionBrackets.inTripleQuote {
      progress.phase = .tcaStateStart
    }
    return true
  }

  /// The header of a line that is exactly `🎬 Received action:` (as the `debugDiffing`
  /// printer writes it, 21 bytes) or `received action:` (as `_printChanges()` and
  /// `debug()` write it, 16): a header wherever it stands, with no prefix. Nil for any
  /// other line, which goes the full way.
  @inline(__always)
  func exactHeader(_ line: InputLine, isASCII: Bool) -> Header? {
    let text = line.content
    guard let base = text.baseAddress else { return nil }
    // The only exact headers: `tca`'s is ASCII, `diffing`'s starts with an emoji.
    if isASCII { return ScanState.isExactHeader(base, text.count, of: .tca) ? .tca(storePrefix: nil) : nil }
    return ScanState.isExactHeader(base, text.count, of: .diffing) ? .diffing : nil
  }

  /// Whether the `count` bytes at `base` are `format`'s exact header line.
  @inline(__always)
  static func isExactHeader(_ base: UnsafePointer<UInt8>, _ count: Int, of format: HeaderFormat) -> Bool {
    let described = format.described
    guard let line = described.exactHeaderLine else { return false }
    return count == described.exactHeaderLength && ByteText.same(base, line.utf8Start, described.exactHeaderLength)
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

  static var diffingHeaderLine: StaticString { HeaderFormat.diffing.described.exactHeaderLine! }
  static var tcaHeaderLine: StaticString { HeaderFormat.tca.described.exactHeaderLine! }

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
    let format = progress.headerFormat.described
    guard format.hasFastPaths, let base = text.baseAddress else { return false }
    if text.count == 14 && ByteText.same(base, ScanState.stateHeaderLine.utf8Start, 14) {
      // Where `advanceInAction` and `advanceAtTCAStateStart` take a state header.
      guard
        (phase == .action && (format.actionEnd == .atStateHeader || progress.actionLineCount > 0))
          || phase == .tcaStateStart
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
    guard phase == .tcaState || phase == .diffingTree, progress.headerFormat.described.hasFastPaths else {
      return false
    }
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
}
