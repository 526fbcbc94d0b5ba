import CByteMasks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Action paths (and the tca0/tca1 clue) by the shape of their text, so that the value
/// tree is built once per shape instead of once per record.
///
/// A log repeats few action shapes: the records of one action differ in their string
/// literals and numbers (IDs, coordinates, times), which never decide a path. The shape of
/// a text is the text with every string literal and number replaced by a marker, tokens
/// read exactly as `ValueTree` reads them (`ActionShape`). Two texts of one shape have the
/// same tokens but for the contents of string and number atoms, and such an atom is never
/// a case, a label or part of one: so they have the same path and root (FORMATS.md 10.1),
/// and the same nested cases written with their type (the `tca0` clue, FORMATS.md 8).
/// Of the generated logs' records, fewer than one in a hundred misses per 1 MiB chunk.
///
/// Before the shape, the text itself: most records repeat an earlier text byte for byte
/// (a tap on the same row, a tick: three in five of the generated logs' records), and
/// hashing and comparing a text costs a fifth of writing and interning its shape.
///
/// Memory: at most `maximumShapes` shapes (then it starts over), each kept with its path,
/// and at most `maximumTextBytes` of texts (then those start over). Each shape's entry is
/// also its texts' `ActionKey`.
struct ActionPathCache: ~Copyable {
  static let maximumShapes = 4096
  static let maximumTextBytes = 1 << 20
  /// This generation's: a new one when the cache starts over.
  private var generation = ActionKey.newGeneration()
  /// Shapes (`ActionShape.write`) to entries.
  private var shapes = ByteInterner()
  /// Texts seen lately, with their shape's entry.
  private var texts = TextMemo()
  /// Per shape: its path and root (`rootStart` -1: none) in `known`, and the clue.
  private var entries: [(pathStart: Int, pathEnd: Int, rootStart: Int, rootEnd: Int, hasTypedNestedCase: Bool)] = []
  private var known = ByteAccumulator(capacity: 4096)
  /// The shape of the current text (scratch).
  private var shape = ByteAccumulator(capacity: 1024)

  init() {}

  /// The path, root and clue of `text`: from an earlier text of its shape, else from
  /// `compute`, which writes the path's names (`visit`) and returns the root (a range in
  /// `text`) and the clue; what it found is kept for the shape. `emit` gets the path and
  /// root bytes (root nil when there is none), valid while it runs, the clue and the
  /// shape's key.
  mutating func path(
    of text: UnsafeBufferPointer<UInt8>,
    replay: RunReplay? = nil,
    hash: UInt64? = nil,
    compute: (_ visit: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void) -> (
      root: Range<Int>?, hasTypedNestedCase: Bool
    ),
    emit: (
      _ path: UnsafeBufferPointer<UInt8>, _ root: UnsafeBufferPointer<UInt8>?, _ hasTypedNestedCase: Bool,
      _ key: ActionKey
    ) -> Void
  ) {
    let seen = texts.look(up: text, hash: hash ?? ByteInterner.tableHash(text))
    if let entry = seen.entry {
      if let replay, seen.replay == nil { texts.note(replay, at: seen.slot) }
      emitEntry(entry, emit)
      return
    }
    shape.removeAll()
    ActionShape.write(text, into: &shape)
    if shapes.count >= ActionPathCache.maximumShapes { startOver() }
    let id = shapes.intern(shape.buffer)
    texts.remember(text, as: seen, entry: id, replay: replay)
    if id == entries.count {
      let pathStart = known.count
      var first = true
      let (root, hasTypedNestedCase) = compute { bytes, name in
        if !first { known.append(ByteText.dot) }
        first = false
        known.append(UnsafeBufferPointer(rebasing: bytes[name]))
      }
      let pathEnd = known.count
      var rootStart = -1
      if let root {
        rootStart = known.count
        known.append(UnsafeBufferPointer(rebasing: text[root]))
      }
      entries.append((pathStart, pathEnd, rootStart, known.count, hasTypedNestedCase))
    }
    emitEntry(id, emit)
  }

  /// An earlier text that is `text` byte for byte, and what a run did with its lines
  /// (`RunReplay`), when one run took them all; nil when no text of the memo is `text` or
  /// none came with a replay.
  @inline(__always)
  func replay(of text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int, replay: RunReplay)? {
    let seen = texts.look(up: text, hash: hash)
    guard let entry = seen.entry, let replay = seen.replay else { return nil }
    return (entry, replay)
  }

  /// `emit` as `path(of:…)` calls it for a text whose entry `replay(of:)` gave, if the
  /// cache has not started over since (then nothing is emitted and false returned).
  @inline(__always)
  func emitKnown(
    _ entry: Int,
    _ emit: (
      _ path: UnsafeBufferPointer<UInt8>, _ root: UnsafeBufferPointer<UInt8>?, _ hasTypedNestedCase: Bool,
      _ key: ActionKey
    ) -> Void
  ) -> Bool {
    guard entry < entries.count else { return false }
    emitEntry(entry, emit)
    return true
  }

  @inline(__always)
  private func emitEntry(
    _ id: Int,
    _ emit: (
      _ path: UnsafeBufferPointer<UInt8>, _ root: UnsafeBufferPointer<UInt8>?, _ hasTypedNestedCase: Bool,
      _ key: ActionKey
    ) -> Void
  ) {
    let entry = entries[id]
    let bytes = known.buffer
    emit(
      UnsafeBufferPointer(rebasing: bytes[entry.pathStart..<entry.pathEnd]),
      entry.rootStart < 0 ? nil : UnsafeBufferPointer(rebasing: bytes[entry.rootStart..<entry.rootEnd]),
      entry.hasTypedNestedCase, ActionKey(generation: generation, entry: id))
  }

  private mutating func startOver() {
    generation = ActionKey.newGeneration()
    shapes = ByteInterner()
    texts.forget()
    entries.removeAll(keepingCapacity: true)
    known.removeAll()
    known.shrink(toAtMost: 1 << 16)
  }
}

/// Texts to their shape's entry in a table of `slotCount` slots, one text per slot (the
/// latest of those that hash there), the texts' bytes in one arena of at most
/// `ActionPathCache.maximumTextBytes` (then all are forgotten). A lookup costs a hash and a
/// compare; a miss only means the shape is written.
struct TextMemo: ~Copyable {
  static let slotCount = 4096
  struct Slot {
    var hash: UInt64 = 0
    var start: Int32 = 0
    /// The text's length; -1: empty slot.
    var count: Int32 = -1
    var entry: Int32 = 0
    /// The replay's lines (0: none), depth and flags (`RunReplay.flags`).
    var replayLines: Int32 = 0
    var replayDepth: Int32 = 0
    var replayFlags: UInt8 = 0
  }
  /// A lookup's result: the entry and its replay, or where a text of this hash goes.
  struct Found {
    var entry: Int?
    var replay: RunReplay?
    var hash: UInt64
    var slot: Int
  }
  /// Owned: allocated here, freed in `deinit`.
  private let slots: UnsafeMutablePointer<Slot>
  private var arena = ByteAccumulator(capacity: 64 << 10)

  init() {
    slots = .allocate(capacity: TextMemo.slotCount)
    slots.initialize(repeating: Slot(), count: TextMemo.slotCount)
  }

  deinit { slots.deallocate() }

  @inline(__always)
  func look(up text: UnsafeBufferPointer<UInt8>) -> Found { look(up: text, hash: ByteInterner.tableHash(text)) }

  /// `look(up:)` with the text's `ByteInterner.tableHash`, already known.
  @inline(__always)
  func look(up text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Found {
    let slot = Int(truncatingIfNeeded: hash >> 52)
    let kept = slots[slot]
    if kept.hash == hash, Int(kept.count) == text.count,
      text.count == 0 || memcmp(arena.base + Int(kept.start), text.baseAddress!, text.count) == 0
    {
      let replay =
        kept.replayLines > 0
        ? RunReplay(lines: Int(kept.replayLines), depth: Int(kept.replayDepth), flags: kept.replayFlags) : nil
      return Found(entry: Int(kept.entry), replay: replay, hash: hash, slot: slot)
    }
    return Found(entry: nil, replay: nil, hash: hash, slot: slot)
  }

  /// Keeps `text` (looked up as `found`) with its shape's `entry`, and its `replay`.
  mutating func remember(_ text: UnsafeBufferPointer<UInt8>, as found: Found, entry: Int, replay: RunReplay?) {
    guard text.count <= ActionPathCache.maximumTextBytes / 16 else { return }
    if arena.count + text.count > ActionPathCache.maximumTextBytes { forget() }
    slots[found.slot] = Slot(
      hash: found.hash, start: Int32(arena.count), count: Int32(text.count), entry: Int32(entry))
    if let replay { note(replay, at: found.slot) }
    arena.append(text)
  }

  /// Adds `replay` to the text kept in `slot`.
  mutating func note(_ replay: RunReplay, at slot: Int) {
    guard let lines = Int32(exactly: replay.lines), let depth = Int32(exactly: replay.depth) else { return }
    slots[slot].replayLines = lines
    slots[slot].replayDepth = depth
    slots[slot].replayFlags = replay.flags
  }

  /// Forgets every text (a new generation of shapes, or a full arena).
  mutating func forget() {
    slots.update(repeating: Slot(), count: TextMemo.slotCount)
    arena.removeAll()
  }
}

/// What one run of action value lines (`ScanState.takeActionRun`) did with the lines of a
/// text, when it took them all from the action's first line, each line whole (no CR
/// dropped): their number, and the bracket counter after the last (TCA headers count
/// brackets, `debugDiffing` ones do not). The run's every test is a test of a line's bytes,
/// so a later action whose first lines are these bytes would be read by a run the same
/// way: `replay` stands for that run's first `lines` lines.
struct RunReplay {
  var lines: Int
  var brackets: BracketCounter
  var countsBrackets: Bool

  init(lines: Int, brackets: BracketCounter, countsBrackets: Bool) {
    self.lines = lines
    self.brackets = brackets
    self.countsBrackets = countsBrackets
  }

  init(lines: Int, depth: Int, flags: UInt8) {
    self.lines = lines
    brackets = BracketCounter()
    brackets.depth = depth
    brackets.inTripleQuote = flags & 1 != 0
    brackets.sawQuote = flags & 2 != 0
    countsBrackets = flags & 4 != 0
  }

  var depth: Int { brackets.depth }
  var flags: UInt8 {
    (brackets.inTripleQuote ? 1 : 0) | (brackets.sawQuote ? 2 : 0) | (countsBrackets ? 4 : 0)
  }
}

/// The shape of an action text: the text with each string literal (`"…"`, `"""…"""`,
/// `#"…"#`) and each number outside names replaced by a marker, tokens read as `ValueTree`
/// reads them (so a `"` inside a generic argument list is not a string).
///
/// A number is a run `[0-9]+(\.[0-9]+)*` after a byte that cannot belong to a name or a
/// case (a blank, `( [ { , : - + =`): it starts an atom or follows punctuation inside one,
/// so the atom is never a case or a label, whatever its digits. Markers start with 0xFF,
/// which valid UTF-8 never holds; a 0xFF in the text is written twice, so no text can
/// spell a marker.
enum ActionShape {
  static let marker: UInt8 = 0xFF
  static let stringMarker: UInt8 = 0x01
  static let numberMarker: UInt8 = 0x02

  static func write(_ text: UnsafeBufferPointer<UInt8>, into shape: inout ByteAccumulator) {
    guard let base = text.baseAddress else { return }
    let end = text.count
    var i = 0
    var kept = 0  // text[kept..<i] is yet to be copied
    // Where the last string token ended: a `#"` there starts a raw string.
    var stringEnd = 0
    // The bytes that can matter in the 64 from `window` (`tcalog_shape_mask64`), those
    // before `i` cleared.
    var window = 0
    var bits = tcalog_shape_mask_upto64(base, end)
    while i < end {
      // Jump to the next byte that can matter.
      if i - window >= 64 {
        window = i
        bits = tcalog_shape_mask_upto64(base + i, end - i)
      } else {
        bits &= ~0 << UInt64(i - window)
      }
      while bits == 0 {
        window += 64
        guard window < end else { break }
        bits = tcalog_shape_mask_upto64(base + window, end - window)
      }
      guard bits != 0 else { break }
      i = window + bits.trailingZeroBitCount
      let b = text[i]
      switch b {
      case ByteText.quote:
        let after = ValueTree.atomEnd(text, from: i, end: end)
        replace(text, kept..<i, with: stringMarker, into: &shape)
        i = after
        kept = after
        stringEnd = after
      case ByteText.hash:
        // A raw string only where a token starts: not inside an atom.
        if i + 1 < end, text[i + 1] == ByteText.quote, i == stringEnd || ValueTree.endsAtom(text[i - 1]) {
          let after = ValueTree.atomEnd(text, from: i, end: end)
          replace(text, kept..<i, with: stringMarker, into: &shape)
          i = after
          kept = after
          stringEnd = after
        } else {
          i += 1
        }
      case ByteText.less:
        // After a name byte (inside an atom) it may open a generic argument list, which is
        // part of the atom (and of a root type): kept whole, quotes and digits included.
        if i > 0, ByteText.isIdentifierBody(text[i - 1]) {
          i = ValueTree.endOfGenericArguments(text, at: i, atomStart: i - 1, end: end) ?? i + 1
        } else {
          i += 1
        }
      case marker:
        shape.append(UnsafeBufferPointer(rebasing: text[kept...i]))
        shape.append(marker)
        i += 1
        kept = i
      default:
        // A digit.
        guard ByteText.isDigit(b), i == 0 || startsNumber(after: text[i - 1]) else {
          i += 1
          continue
        }
        var after = i + 1
        while after < end, ByteText.isDigit(text[after]) { after += 1 }
        while after + 1 < end, text[after] == ByteText.dot, ByteText.isDigit(text[after + 1]) {
          after += 2
          while after < end, ByteText.isDigit(text[after]) { after += 1 }
        }
        replace(text, kept..<i, with: numberMarker, into: &shape)
        i = after
        kept = after
      }
    }
    shape.append(UnsafeBufferPointer(rebasing: text[kept..<end]))
  }

  /// Copies `text[range]` and writes a marker of `kind`.
  @inline(__always)
  private static func replace(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, with kind: UInt8, into shape: inout ByteAccumulator
  ) {
    shape.append(UnsafeBufferPointer(rebasing: text[range]))
    shape.append(marker)
    shape.append(kind)
  }

  /// Bytes after which a digit starts a number: none of them can be inside a name or a
  /// case head outside generic arguments.
  @inline(__always)
  static func startsNumber(after b: UInt8) -> Bool {
    switch b {
    case ByteText.space, ByteText.tab, 0x0A, 0x0D, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
      ByteText.comma, ByteText.colon, UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
      return true
    default:
      return false
    }
  }
}

/// The byte test before the typed-nested-case clue (FORMATS.md 8), for commands that do
/// not read the action path (`records --stats`, `filter -t`, `filter -s`): `ValueTree`
/// finds a nested case written with its type only at a head `Type.case`, whose bytes hold
/// an identifier byte, `>`, a backtick or a dot (`..c`, in no real log), a dot, then a
/// lowercase letter, `_` or a backtick. The text's first atom is skipped when it stands at the top level: it is the
/// root's head (excluded by the tree) or a value the tree does not count. A false alarm
/// (such bytes in a string) only costs the shape cache. Dots are found eight bytes at a
/// time: the per-byte form of this test cost more than the cache it saved.
enum TypedCaseScan {
  static func mayHaveTypedNestedCase(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = text.count
    while i < n, text[i] == ByteText.space || text[i] == ByteText.tab || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
    if i < n, ByteText.isIdentifierStart(text[i]) || text[i] == ByteText.dot {
      while i < n, !ValueTree.endsAtomOrAngle(text[i]) { i += 1 }
    }
    if i < 1 { i = 1 }
    // A dot with a byte after it: the word loop reads up to `n - 1`.
    let end = n - 1
    while i < end {
      let jump = skipUnflaggedWords(text, from: i, end: end, dotBits)
      i = jump.index
      if !jump.found {
        while i < end, text[i] != ByteText.dot { i += 1 }
        guard i < end else { return false }
      }
      let before = text[i - 1]
      let after = text[i + 1]
      if (ByteText.isIdentifierBody(before) || before == ByteText.greater || before == UInt8(ascii: "`")
        || before == ByteText.dot)
        && (ByteText.isLower(after) || after == UInt8(ascii: "_") || after == UInt8(ascii: "`"))
      {
        return true
      }
      i += 1
    }
    return false
  }

  /// The high bit of each `.` of `word` (and perhaps of bytes after one: the lowest set bit
  /// is exact).
  @inline(__always) static func dotBits(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let x = word ^ (ones &* UInt64(ByteText.dot))
    return (x &- ones) & ~x & (ones &* 0x80)
  }
}
