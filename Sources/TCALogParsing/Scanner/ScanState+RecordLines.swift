@_spi(Scanner) import TCALogInput

// The full way, part 3: a record's lines kept. Starting a record at its header, counting
// its lines against the size cap and for UTF-8 (docs/FORMATS.md 1.4, 1), copying the bytes
// its reader needs, joining its action lines; lines outside records (headerless
// fragments, docs/FORMATS.md 1.3).

extension ScanState {
  // MARK: - Record lines

  /// Starts a record at its header; returns whether it already ended (a `labels` record).
  mutating func start(_ header: Header, _ line: InputLine, _ view: LineView) -> Bool {
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
    progress.headerFormat = header.format
    switch header {
    case .diffing:
      break
    case .tca(let storePrefix):
      progress.storePrefix = stored(storePrefix)
    case .labels(let storePrefix, let text):
      progress.storePrefix = stored(storePrefix)
      progress.labelsText = stored(text)
    }
    return progress.headerFormat.described.actionEnd == .onHeaderLine
  }

  /// Counts a line of the record; returns whether it is kept (false once the record is
  /// over the size cap: its later lines are counted, not kept). A kept line is checked for
  /// UTF-8 here, whether or not its bytes are copied.
  @inline(__always)
  mutating func count(_ line: InputLine) -> Bool {
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
  mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
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
  mutating func keptBytes() -> UnsafeBufferPointer<UInt8> {
    if raw.count == 0, let pendingStart { return UnsafeBufferPointer(start: pendingStart, count: pendingCount) }
    flushPending()
    return raw.buffer
  }

  /// Counts a line and copies it when the reader keeps raw bytes.
  @inline(__always)
  mutating func append(_ line: InputLine) {
    if count(line) && keepsRaw { _ = copy(line.full) }
  }

  /// What became of a state line.
  enum StateLineFate {
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
  mutating func appendStateLine(_ line: InputLine) -> StateLineFate {
    guard count(line) else { return .dropped }
    if needs.contains(.statePaths) { return .copied(at: copy(line.full)) }
    if keepsRaw { _ = copy(line.full) }
    return .kept
  }

  func shifted(_ r: Range<Int>, by delta: Int) -> Range<Int> { (r.lowerBound + delta)..<(r.upperBound + delta) }

  mutating func addActionLine(_ line: InputLine, _ content: Range<Int>) {
    // Only a TCA action ends by its brackets; a diffing action ends at `State:`.
    if progress.headerFormat.described.actionEnd == .byBrackets {
      progress.actionBrackets.add(line.content, content, readable: readable(line))
    }
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
    needs.contains(.action) || needs.contains(.actionText) || needs.contains(.entity)
      || progress.headerFormat.described.recordFormat == nil
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
}

extension ScanState {
  // MARK: - Fragments

  /// Counts state diffs printed without a header (FORMATS.md 9.10), one warning each.
  mutating func noteFragment(_ line: InputLine, _ content: Range<Int>) {
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

  mutating func warn(_ line: Int, _ kind: ScanWarning.Kind) {
    guard warnings.count < RecordScanner.maximumWarnings else { return }
    warnings.append((line, kind))
  }
}
