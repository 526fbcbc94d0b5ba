@_spi(Scanner) import TCALogInput

// The full way's view of a line (`LineView`) and of the record under construction
// (`RecordProgress`, with a Difference tree's `TreeProgress`).

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
  enum Phase { case action, tcaStateStart, tcaState, diffingTree, finished }

  /// What the header said: the record's row of the formats' table (LogFormats.swift).
  var headerFormat = HeaderFormat.tca
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
