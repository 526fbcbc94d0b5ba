import TCALogInput

/// Finds records in a stream of lines and turns each into a `Record` (FORMATS.md 2–9).
///
/// One state machine serves every format: a header starts a record; the scanner follows
/// its action part (by brackets), its state part (Difference tree or Custom Dump diff) and
/// decides where it ends (FORMATS.md 2.4) while keeping the record's raw bytes and the
/// positions of its lines. When the record ends, the action text and state part are parsed
/// from those bytes. Memory is the record under construction, never the input.
public final class RecordScanner {
  public let file: String
  public private(set) var nextIndex: Int
  public private(set) var statistics = ScanStatistics()
  /// What the scan noticed, at most `maximumWarnings`. A chunk's scanner numbers lines
  /// from the chunk's start; the stream moves them into place.
  public private(set) var warnings: [ScanWarning] = []
  public static let maximumWarnings = 100
  /// Records larger than this are cut and reported incomplete (FORMATS.md 9.11).
  public let sizeCap: Int

  private enum HeaderKind { case diffing, tca, labels }
  private enum Phase { case action, tcaStateStart, tcaState, diffingTree, finished }
  private enum Ending { case blankLine, finished, nextLine, endOfInput }
  private enum Step { case taken, takenAndClosed, rejected }

  // The record under construction.
  private var active = false
  private var headerKind = HeaderKind.tca
  private var phase = Phase.action
  private var raw = ByteAccumulator(capacity: 4096)
  private var headerLine = 0
  private var headerOffset = 0
  private var lineCount = 0
  private var byteCount = 0
  private var isCapped = false
  private var timestamp: [UInt8]?
  private var storePrefix: Range<Int>?
  private var labelsText: Range<Int>?
  private var actionLines: [Range<Int>] = []
  private var actionBrackets = BracketCounter()
  private var sawStateHeader = false
  private var noChange = false
  private var noChangeAtColumnZero = false
  private var treeLines: [TreeLine] = []
  private var dumpLines: [DumpLine] = []
  private var sawChangeMarker = false
  private var sawTCA0Marker = false
  private var newView = BracketCounter()
  private var rootFinished = false
  private var endedByBlankAfterAction = false
  // Difference tree progress, for completeness and for telling continuation from foreign text.
  private var danglingLabel = false
  private var openSides = 0
  private var countChildren = 0
  private var keyPairsOpen = false
  private var lastWasLeaf = false

  /// Reused for each record's action text.
  private var actionBytes = ByteAccumulator(capacity: 1024)

  // Headerless diff fragments between records.
  private var inFragment = false
  private var previousLooksLikeRoot = false
  /// Scratch storage of the action parser, kept from record to record.
  private var treeNodes: [ValueTree.Node] = []
  private var treeStack: [Int32] = []
  /// Scratch storage of the Difference tree parser, kept from record to record.
  private var treeScratch = DifferenceTreeParser.Scratch()
  /// Scratch storage of the Custom Dump diff parser, kept from record to record.
  private var dumpScratch = CustomDumpDiffParser.Scratch()

  public init(file: String, firstIndex: Int = 0, sizeCap: Int = 64 << 20) {
    self.file = file
    self.nextIndex = firstIndex
    self.sizeCap = sizeCap
  }

  /// Feeds the next input line; calls `emit` for every record that ends.
  public func feed(_ line: InputLine, emit: (Record) throws -> Void) throws {
    statistics.lines += 1
    statistics.bytes += line.full.count
    let text = line.content
    let prefix = LinePrefix.match(text)
    let content = (prefix?.length ?? 0)..<text.count
    // Blank when nothing is left after trimming the end (a backward scan stops at the
    // last byte of most lines; a forward one would walk their indentation).
    let isBlank = ByteText.trimmedEnd(text, content).isEmpty

    if active {
      if phase == .finished {
        if isBlank {
          append(line, content)
          try close(.blankLine, emit)
          return
        }
        try close(.finished, emit)
      } else if !isBlank, LineKinds.mayBeHeader(text, content), let header = LineKinds.header(text, content) {
        try close(.nextLine, emit)
        try start(header, line, content, prefix, emit)
        return
      } else {
        switch advance(line, content, isBlank) {
        case .taken: return
        case .takenAndClosed:
          try close(.blankLine, emit)
          return
        case .rejected:
          try close(.nextLine, emit)
        }
      }
    }
    if !isBlank, LineKinds.mayBeHeader(text, content), let header = LineKinds.header(text, content) {
      try start(header, line, content, prefix, emit)
      return
    }
    statistics.otherLines += 1
    noteFragment(line, content)
  }

  /// Ends a chunk whose next line (in the following chunk) is a header: closes the open
  /// record exactly as `feed` would on that header, so chunked and sequential scans agree.
  public func finishBeforeHeader(emit: (Record) throws -> Void) throws {
    guard active else { return }
    try close(phase == .finished ? .finished : .nextLine, emit)
  }

  /// Ends a chunk that the parallel reader cut without a header, after at least `sizeCap`
  /// bytes: a record still open there goes on past the cut, so it is larger than the cap,
  /// as a sequential read would find (kept incomplete, with its warning).
  public func finishAtForcedCut(emit: (Record) throws -> Void) throws {
    guard active else { return }
    if phase != .finished { isCapped = true }
    try finishBeforeHeader(emit: emit)
  }

  /// Ends the input: a record still open is emitted (incomplete unless finished).
  public func finish(emit: (Record) throws -> Void) throws {
    if active { try close(.endOfInput, emit) }
    inFragment = false
    previousLooksLikeRoot = false
  }

  // MARK: - Record lines

  private func start(
    _ header: Header, _ line: InputLine, _ content: Range<Int>, _ prefix: LinePrefixMatch?,
    _ emit: (Record) throws -> Void
  ) throws {
    active = true
    inFragment = false
    previousLooksLikeRoot = false
    headerLine = line.number
    headerOffset = line.offset
    if let prefix {
      timestamp = LinePrefix.normalizedTimestamp(UnsafeBufferPointer(rebasing: line.content[prefix.timestamp]))
    }
    let rawStart = append(line, content) ?? 0
    switch header {
    case .diffing:
      headerKind = .diffing
      phase = .action
    case .tca(let storePrefix):
      headerKind = .tca
      phase = .action
      self.storePrefix = storePrefix.map { ($0.lowerBound + rawStart)..<($0.upperBound + rawStart) }
    case .labels(let storePrefix, let text):
      headerKind = .labels
      self.storePrefix = storePrefix.map { ($0.lowerBound + rawStart)..<($0.upperBound + rawStart) }
      labelsText = (text.lowerBound + rawStart)..<(text.upperBound + rawStart)
      try close(.finished, emit)
    }
  }

  /// Appends a line to the record; returns where it starts in `raw` (nil once capped).
  @discardableResult
  private func append(_ line: InputLine, _ content: Range<Int>) -> Int? {
    lineCount += 1
    byteCount += line.full.count
    guard !isCapped else { return nil }
    if raw.count + line.full.count > sizeCap {
      isCapped = true
      return nil
    }
    let start = raw.count
    raw.append(line.full)
    return start
  }

  private func shifted(_ r: Range<Int>, by delta: Int) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }

  private func addActionLine(_ line: InputLine, _ content: Range<Int>) {
    // Only a TCA action ends by its brackets; a diffing action ends at `State:`.
    if headerKind == .tca { actionBrackets.add(line.content, content) }
    if let start = append(line, content) { actionLines.append(shifted(content, by: start)) }
  }

  /// Decides what a line means for the open record.
  private func advance(_ line: InputLine, _ content: Range<Int>, _ isBlank: Bool) -> Step {
    let text = line.content
    switch phase {
    case .action:
      if isBlank {
        if headerKind == .tca && !actionLines.isEmpty && actionBrackets.depth <= 0 { endedByBlankAfterAction = true }
        append(line, content)
        return .takenAndClosed
      }
      if LineKinds.isNoChange(text, content) { return takeNoChange(line, content) }
      if headerKind == .diffing {
        if LineKinds.isStateHeader(text, content) {
          append(line, content)
          sawStateHeader = true
          phase = .diffingTree
        } else {
          addActionLine(line, content)
        }
        return .taken
      }
      if !actionLines.isEmpty {
        // An action whose brackets never balance (damaged copy) still ends at a state part,
        // at a marked line (action lines start with a space: one byte rules them out).
        if DumpLine.startsWithMarker(text, content), let dump = DumpLine.parse(text, content),
          dump.marker != .context || dump.isTCA0Marker
        {
          phase = .tcaState
          return takeDumpLine(line, content, dump)
        }
        if LineKinds.isStateHeader(text, content) {
          append(line, content)
          sawStateHeader = true
          phase = .diffingTree
          return .taken
        }
      }
      addActionLine(line, content)
      if actionBrackets.depth <= 0 && !actionBrackets.inTripleQuote { phase = .tcaStateStart }
      return .taken

    case .tcaStateStart:
      if isBlank {
        endedByBlankAfterAction = true  // `.debugActions()`: header, action, blank line
        append(line, content)
        return .takenAndClosed
      }
      if LineKinds.isNoChange(text, content) { return takeNoChange(line, content) }
      if LineKinds.isStateHeader(text, content) {
        append(line, content)
        sawStateHeader = true
        phase = .diffingTree
        return .taken
      }
      if let dump = DumpLine.parse(text, content) {
        phase = .tcaState
        return takeDumpLine(line, content, dump)
      }
      // The diffing variant of FORMATS.md 4.6: a Difference tree after a TCA header.
      let tree = TreeLine.classify(text, content)
      if tree.kind != .other && tree.kind != .noChange {
        phase = .diffingTree
        return takeTreeLine(line, content, tree)
      }
      return .rejected

    case .tcaState:
      if isBlank {
        append(line, content)
        return .takenAndClosed
      }
      guard let dump = DumpLine.parse(text, content) else { return .rejected }
      return takeDumpLine(line, content, dump)

    case .diffingTree:
      if isBlank {
        append(line, content)
        return .takenAndClosed
      }
      let tree = TreeLine.classify(text, content)
      if tree.kind == .noChange {
        return treeLines.isEmpty ? takeNoChange(line, content) : .rejected
      }
      if tree.kind == .other && !tree.isIndented && !lastWasLeaf && !keyPairsOpen { return .rejected }
      return takeTreeLine(line, content, tree)

    case .finished:
      return .rejected
    }
  }

  private func takeNoChange(_ line: InputLine, _ content: Range<Int>) -> Step {
    append(line, content)
    noChange = true
    noChangeAtColumnZero =
      content.lowerBound < line.content.count && line.content[content.lowerBound] == UInt8(ascii: "(")
    phase = .finished
    return .taken
  }

  private func takeDumpLine(_ line: InputLine, _ content: Range<Int>, _ dump: DumpLine) -> Step {
    if dump.marker != .context { sawChangeMarker = true }
    if dump.isTCA0Marker { sawTCA0Marker = true }
    // The record's state value ends where the new side's brackets balance (FORMATS.md 2.4).
    if dump.marker != .old {
      newView.add(line.content, dump.content)
      if newView.depth <= 0 && !newView.inTripleQuote {
        rootFinished = true
        phase = .finished
      }
    }
    if let start = append(line, content) {
      var stored = dump
      stored.content = shifted(dump.content, by: start)
      stored.item = shifted(dump.item, by: start)
      dumpLines.append(stored)
    }
    return .taken
  }

  private func takeTreeLine(_ line: InputLine, _ content: Range<Int>, _ tree: TreeLine) -> Step {
    switch tree.kind {
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
    if let start = append(line, content) {
      var stored = tree
      stored.text = shifted(tree.text, by: start)
      stored.item = shifted(tree.item, by: start)
      treeLines.append(stored)
    }
    return .taken
  }

  // MARK: - Fragments

  /// Counts state diffs printed without a header (FORMATS.md 9.10), one warning each.
  private func noteFragment(_ line: InputLine, _ content: Range<Int>) {
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

  private func warn(_ line: Int, _ kind: ScanWarning.Kind) {
    guard warnings.count < RecordScanner.maximumWarnings else { return }
    warnings.append(ScanWarning(file: file, line: line, kind: kind))
  }

  // MARK: - Closing a record

  private func close(_ ending: Ending, _ emit: (Record) throws -> Void) throws {
    let record = makeRecord(ending)
    statistics.count(record)
    if isCapped {
      statistics.oversizedRecords += 1
      warn(record.line, .oversizedRecord(sizeCap: sizeCap))
    }
    if record.hasInvalidUTF8 { warn(record.line, .invalidUTF8) }
    nextIndex += 1
    reset()
    try emit(record)
  }

  private func reset() {
    active = false
    raw.removeAll()
    raw.shrink(toAtMost: 1 << 20)
    actionBytes.removeAll()
    actionBytes.shrink(toAtMost: 1 << 20)
    lineCount = 0
    byteCount = 0
    isCapped = false
    timestamp = nil
    storePrefix = nil
    labelsText = nil
    actionLines.removeAll(keepingCapacity: true)
    actionBrackets = BracketCounter()
    sawStateHeader = false
    noChange = false
    noChangeAtColumnZero = false
    treeLines.removeAll(keepingCapacity: true)
    dumpLines.removeAll(keepingCapacity: true)
    sawChangeMarker = false
    sawTCA0Marker = false
    newView = BracketCounter()
    rootFinished = false
    endedByBlankAfterAction = false
    danglingLabel = false
    openSides = 0
    countChildren = 0
    keyPairsOpen = false
    lastWasLeaf = false
  }

  private func makeRecord(_ ending: Ending) -> Record {
    let isDifferenceTree =
      headerKind == .diffing || sawStateHeader || !treeLines.isEmpty || (noChange && noChangeAtColumnZero)
    let actionFinished = headerKind != .tca || (!actionLines.isEmpty && actionBrackets.depth <= 0)
    let hasStatePart = headerKind != .labels && (sawStateHeader || noChange || !treeLines.isEmpty || !dumpLines.isEmpty)

    // FORMATS.md 11.3: complete when the record reached a finished state.
    var isComplete: Bool
    switch headerKind {
    case .labels:
      isComplete = true
    case .diffing, .tca:
      if isDifferenceTree {
        let treeFinished = !treeLines.isEmpty && !danglingLabel && openSides == 0 && countChildren == 0 && !keyPairsOpen
        isComplete = noChange || treeFinished || (sawStateHeader && treeLines.isEmpty && ending != .endOfInput)
      } else {
        // Only `.debugActions()` prints no state part, and it ends its action with a blank
        // line (FORMATS.md 8.4). An action ended by foreign text, a header or the end of
        // input lost its state part: the record was cut (a log cut by size and followed by
        // other output, as `gen_log.py --truncate --noise` writes it).
        isComplete = noChange || rootFinished || (actionFinished && !hasStatePart && endedByBlankAfterAction)
      }
    }
    if isCapped { isComplete = false }

    var derived = DerivedText(base: raw.count)
    var actionPath = TextRange.empty
    var actionRoot: TextRange?
    var actionText = TextRange.empty
    var changes: [StateChange] = []
    var hasTypedNestedCase = false
    do {
      let text = raw.buffer
      // Action text: lines joined with "\n", up to two leading spaces removed from each.
      actionBytes.removeAll()
      if let labels = labelsText {
        actionBytes.append(UnsafeBufferPointer(rebasing: text[labels]))
      } else {
        for (n, line) in actionLines.enumerated() {
          if n > 0 { actionBytes.append(0x0A) }
          var s = line.lowerBound
          if s < line.upperBound, text[s] == ByteText.space { s += 1 }
          if s < line.upperBound, text[s] == ByteText.space { s += 1 }
          actionBytes.append(UnsafeBufferPointer(rebasing: text[s..<line.upperBound]))
        }
      }
      do {
        let action = actionBytes.buffer
        // Only a `tca` record with no other clue needs the typed-nested-case clue.
        let needsClue = headerKind == .tca && !isDifferenceTree && storePrefix == nil && !sawTCA0Marker
        let tree = ValueTree(parsing: action, 0..<action.count, reusing: treeNodes, stack: &treeStack)
        treeNodes = []  // the tree holds the storage now: keep it unique
        let pathStart = derived.position
        var first = true
        let walk = tree.walkPath(typedClue: needsClue) { name in
          if !first { derived.append(ByteText.dot) }
          first = false
          derived.append(action, name)
        }
        hasTypedNestedCase = walk.hasTypedNestedCase
        actionPath = derived.range(from: pathStart)
        actionRoot = walk.root.map { derived.add(action, $0) }
        treeNodes = tree.nodes
        actionText = derived.add(action, 0..<action.count)
      }
      if isDifferenceTree {
        changes = DifferenceTreeParser(text: text).parse(treeLines, into: &derived, scratch: &treeScratch)
      } else if !dumpLines.isEmpty {
        changes = CustomDumpDiffParser(text: text).parse(dumpLines, into: &derived, scratch: &dumpScratch)
      }
    }
    let timestampRange = timestamp.map { derived.add($0) }

    let format: RecordFormat
    switch headerKind {
    case .diffing: format = .diffing
    case .labels: format = .labels
    case .tca:
      if isDifferenceTree {
        format = .diffing
      } else if storePrefix != nil || sawTCA0Marker || hasTypedNestedCase
        || (endedByBlankAfterAction && dumpLines.isEmpty && !noChange)
      {
        format = .tca0
      } else {
        format = .tca1
      }
    }
    let stateChanged = isDifferenceTree ? !treeLines.isEmpty : sawChangeMarker
    let rawCount = raw.count
    let invalid = !UTF8Validation.isValid(raw.buffer)
    // One allocation of the exact size, filled by two copies.
    let derivedBytes = derived.bytes.buffer
    let storage = [UInt8](unsafeUninitializedCapacity: rawCount + derivedBytes.count) { buffer, initialized in
      let rawBytes = raw.buffer
      if rawCount > 0 { buffer.baseAddress!.update(from: rawBytes.baseAddress!, count: rawCount) }
      if !derivedBytes.isEmpty {
        (buffer.baseAddress! + rawCount).update(from: derivedBytes.baseAddress!, count: derivedBytes.count)
      }
      initialized = rawCount + derivedBytes.count
    }
    return Record(
      index: nextIndex, file: file, line: headerLine, offset: headerOffset, format: format,
      lines: lineCount, bytes: byteCount, isComplete: isComplete, storage: storage,
      rawRange: TextRange(start: 0, count: rawCount), timestampRange: timestampRange,
      storePrefixRange: storePrefix.map { TextRange(start: $0.lowerBound, count: $0.count) },
      actionPathRange: actionPath, actionRootRange: actionRoot, actionTextRange: actionText,
      hasStatePart: hasStatePart, stateChanged: hasStatePart && stateChanged, changes: changes,
      hasInvalidUTF8: invalid)
  }
}

/// UTF-8 validation on bytes, once per record (FORMATS.md 9.12).
package enum UTF8Validation {
  static func isValid(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isValid($0) }
  }

  package static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = b.count
    while i < n {
      // ASCII runs, eight bytes at a time.
      while i + 8 <= n {
        let word = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        i += 8
      }
      guard i < n else { return true }
      let c = b[i]
      if c < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var minimum: UInt32
      var scalar: UInt32
      switch c {
      case 0xC2...0xDF:
        length = 2
        scalar = UInt32(c & 0x1F)
        minimum = 0x80
      case 0xE0...0xEF:
        length = 3
        scalar = UInt32(c & 0x0F)
        minimum = 0x800
      case 0xF0...0xF4:
        length = 4
        scalar = UInt32(c & 0x07)
        minimum = 0x10000
      default: return false
      }
      guard i + length <= n else { return false }
      for k in 1..<length {
        let cc = b[i + k]
        guard cc & 0xC0 == 0x80 else { return false }
        scalar = scalar << 6 | UInt32(cc & 0x3F)
      }
      if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return false }
      i += length
    }
    return true
  }
}
