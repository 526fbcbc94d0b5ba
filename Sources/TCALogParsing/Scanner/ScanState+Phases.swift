@_spi(Scanner) import TCALogInput

// The full way, part 2: the phases of a record (docs/FORMATS.md 1.3). In each, what a line means
// for the open record: taken, taken and closing it, or rejected (it ends the record).
// Where the formats differ, the phases ask the record's format description
// (LogFormats.swift), not the format's name.

extension ScanState {

  /// Decides what a line means for the open record, by the part the record is in.
  mutating func advance(_ line: InputLine, _ view: LineView) -> Step {
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

  mutating func takeClosingBlank(_ line: InputLine) -> Step {
    append(line)
    return .takenAndClosed
  }

  mutating func takeStateHeader(_ line: InputLine) -> Step {
    append(line)
    progress.sawStateHeader = true
    progress.phase = .diffingTree
    return .taken
  }

  mutating func advanceInAction(_ line: InputLine, _ view: LineView) -> Step {
    let text = line.content
    let content = view.content
    if view.isBlank {
      if progress.headerFormat.described.actionEnd == .byBrackets && progress.actionLineCount > 0
        && progress.actionBrackets.depth <= 0
      {
        progress.endedByBlankAfterAction = true
      }
      return takeClosingBlank(line)
    }
    if LineKinds.isNoChange(text, view) { return takeNoChange(line, content) }
    if progress.headerFormat.described.actionEnd == .atStateHeader {
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

  mutating func advanceAtTCAStateStart(_ line: InputLine, _ view: LineView) -> Step {
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

  mutating func advanceInDiffingTree(_ line: InputLine, _ content: Range<Int>, _ isBlank: Bool) -> Step {
    if isBlank { return takeClosingBlank(line) }
    let tree = TreeLine.classify(line.content, content)
    if tree.kind == .noChange {
      return progress.treeLineCount == 0 ? takeNoChange(line, content) : .rejected
    }
    guard progress.tree.continues(with: tree) else { return .rejected }
    return takeTreeLine(line, tree)
  }

  mutating func takeNoChange(_ line: InputLine, _ content: Range<Int>) -> Step {
    append(line)
    progress.noChange = true
    progress.noChangeAtColumnZero =
      content.lowerBound < line.content.count && line.content[content.lowerBound] == UInt8(ascii: "(")
    progress.phase = .finished
    return .taken
  }

  mutating func takeDumpLine(_ line: InputLine, _ dump: DumpLine) -> Step {
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
  mutating func readDumpLine(_ text: UnsafeBufferPointer<UInt8>, _ dump: DumpLine, readable: Int) -> (
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
  mutating func keepDumpLine(_ dump: DumpLine, at start: Int, _ count: (isPlain: Bool, delta: Int)) {
    var stored = dump
    stored.content = shifted(dump.content, by: start)
    stored.item = shifted(dump.item, by: start)
    stored.isPlain = count.isPlain && count.delta >= Int(Int32.min) && count.delta <= Int(Int32.max)
    stored.delta = stored.isPlain ? Int32(count.delta) : 0
    dumpLines.append(stored)
  }

  mutating func takeTreeLine(_ line: InputLine, _ tree: TreeLine) -> Step {
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
  mutating func keepTreeLine(_ tree: TreeLine, at start: Int) {
    var stored = tree
    stored.text = shifted(tree.text, by: start)
    stored.item = shifted(tree.item, by: start)
    treeLines.append(stored)
  }
}
