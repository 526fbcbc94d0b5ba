/// The marker column of a `tca0`/`tca1` state line (FORMATS.md 7.1).
enum DumpMarker: UInt8 {
  case context, old, new
}

/// One state line of a Custom Dump diff or a 0.x whole-state line diff.
struct DumpLine {
  var marker: DumpMarker
  /// U+2007 or U+2212: only TCA 0.x printed them (a `tca0` clue).
  var isTCA0Marker: Bool
  /// After the marker and its space.
  var content: Range<Int>
  /// Leading spaces of `content` (2 per nesting level); 0 until `measure`.
  var indent: Int
  /// `content` without leading and trailing blanks; empty until `measure`.
  var item: Range<Int>
  /// Set by the scanner: `content` holds no string (no `"`), so its brackets, counted from
  /// no open string, change the depth by `delta`. The parser then counts no bracket of it.
  var isPlain = false
  var delta: Int32 = 0

  /// Whether the line starts with a change marker (`-`, `+`, or a 0.x U+2007/U+2212,
  /// whose first byte is E2): a one-byte test before `parse` where only those matter.
  @inline(__always)
  static func startsWithMarker(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
    guard let first = line.first.map({ text[$0] }) else { return false }
    return first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == 0xE2
  }

  /// Reads the marker and the layout (`indent`, `item`); nil when the line is not a state
  /// line.
  static func parse(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> DumpLine? {
    guard var dump = parseMarker(text, line) else { return nil }
    dump.measure(text)
    return dump
  }

  /// Reads the marker alone (`indent` 0, `item` empty): all a line needs when no changed
  /// path is wanted (whether it is a state line, whether it changes something, its
  /// brackets). The layout is half of `parse`'s work on a tca1 state line.
  @inline(__always)
  static func parseMarker(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> DumpLine? {
    let i = line.lowerBound
    guard i < line.upperBound else { return nil }
    let marker: DumpMarker
    var width = 1
    var unicode = false
    switch text[i] {
    case ByteText.space: marker = .context
    case UInt8(ascii: "-"): marker = .old
    case UInt8(ascii: "+"): marker = .new
    case 0xE2 where line.count >= 3 && text[i + 1] == 0x80 && text[i + 2] == 0x87:
      marker = .context
      width = 3
      unicode = true
    case 0xE2 where line.count >= 3 && text[i + 1] == 0x88 && text[i + 2] == 0x92:
      marker = .old
      width = 3
      unicode = true
    default:
      return nil
    }
    var start = i + width
    if start < line.upperBound {
      guard text[start] == ByteText.space else { return nil }
      start += 1
    }
    return DumpLine(
      marker: marker, isTCA0Marker: unicode, content: start..<line.upperBound, indent: 0,
      item: line.upperBound..<line.upperBound)
  }

  /// Sets `indent` and `item` from `content`.
  @inline(__always)
  mutating func measure(_ text: UnsafeBufferPointer<UInt8>) {
    let start = content.lowerBound
    // Indentation, eight spaces at a time (two per nesting level, often a dozen or more).
    var end = skipUnflaggedWords(text, from: start, end: content.upperBound, ByteText.nonSpaceBits).index
    while end < content.upperBound, text[end] == ByteText.space { end += 1 }
    indent = end - start
    // The indentation is counted already: trim from its end, not again from the start.
    item = ByteText.trimmed(text, end..<content.upperBound)
  }
}

/// Reads the changed leaves of a Custom Dump diff (`tca1`, `tca0` 0.25+) or of a 0.x
/// whole-state line diff (FORMATS.md 7, 10.2, 10.3). Nesting follows indentation; when a
/// copy lost it, brackets. No recursion: frames live in an array.
struct CustomDumpDiffParser {
  /// The record's raw bytes, which the lines' ranges point into. Not owned: the scanner's
  /// buffer, valid while it makes the record (`parse` keeps nothing of it but ranges).
  let text: UnsafeBufferPointer<UInt8>

  enum FrameKind { case root, structure, collection, set, enumPayload }

  struct Frame {
    var level: Int
    var kind: FrameKind
    var segmentCount: Int
    /// Element (or unlabeled payload) positions on the old and new side (FORMATS.md 7.3).
    var old = 0
    var new = 0
    var pendingStart: Int
    var id: Int
  }

  /// What pairs a `-` leaf with a `+` leaf: the same label within one container.
  enum LeafKey {
    case root
    case property(Range<Int>)
    case key(Range<Int>)
    /// A key printed over several lines, joined in `Scratch.keyBytes`.
    case joinedKey(Range<Int>)
    case index(Int)
    case tuple(Int)
    case none
  }

  enum PairKey: Hashable {
    case root
    case property([UInt8])
    case key([UInt8])
    case index(Int)
    case tuple(Int)
  }

  struct Leaf {
    var marker: DumpMarker
    var key: LeafKey
    /// The leaf's path: `Scratch.paths[paths]`.
    var paths: Range<Int>
    var value: TextRange
    var order: Int
  }

  /// A change whose path (`Scratch.paths[paths]`) is written once the tuple counts are known.
  struct Change {
    var order: Int
    var paths: Range<Int>
    var kind: ChangeKind
    var old: TextRange?
    var new: TextRange?
    /// The leaves (by `Leaf.order`) the old and new value come from, -1 for none.
    var oldLeaf: Int32
    var newLeaf: Int32
  }

  /// The working arrays of one record; a scanner keeps one and passes it to every record,
  /// so they are allocated once instead of grown from empty per record. Leaf paths are
  /// copied into one flat array (`paths`) instead of an array per leaf.
  struct Scratch: ~Copyable {
    var frames = ScratchArray<Frame>()
    var segments = ScratchArray<PathSegment>()
    var paths = ScratchArray<PathSegment>(capacity: 64)
    var pending = ScratchArray<Leaf>()
    var tupleCounts = ScratchArray<Int>()
    var changes = ScratchArray<Change>()
    var matched = ScratchArray<Bool>()
    /// Per change of the result: its leaves (`Change.oldLeaf`, `newLeaf`), for the memo.
    var changeLeaves = ScratchArray<(old: Int32, new: Int32)>()
    /// The record's skeleton and its leaves (`CustomDumpMemo`).
    var skeleton = ByteAccumulator(capacity: 1024)
    var leaves = ScratchArray<LeafSpan>()
    var spans = ScratchArray<Range<Int>>()
    /// The lines with their layout (`DumpLine.measure`), for a full parse.
    var measured = ScratchArray<DumpLine>()
    var leafValues = ScratchArray<TextRange>()
    /// Keys printed over several lines, each joined on one line (`appendJoinedKey`).
    var keyBytes = ByteAccumulator(capacity: 256)

    /// Empties the arrays (keeping their memory) and opens the root frame.
    mutating func start() {
      frames.truncate()
      segments.truncate()
      paths.truncate()
      pending.truncate()
      tupleCounts.truncate()
      changes.truncate()
      changeLeaves.truncate()
      keyBytes.removeAll()
      frames.append(Frame(level: -1, kind: .root, segmentCount: 0, pendingStart: 0, id: 0))
      tupleCounts.append(0)
    }
  }

  /// `spare`: an array for the result, emptied first (`DifferenceTreeParser.parse`).
  /// `memo`: the changes of skeletons seen before (`CustomDumpMemo`); `named`: the runs of
  /// `lines` the memo of runs names (`NamedRun`), which the skeleton names instead of
  /// spelling.
  func parse(
    _ lines: UnsafeBufferPointer<DumpLine>, named: UnsafeBufferPointer<NamedRun>,
    into derived: inout DerivedText, scratch work: inout Scratch, memo: inout CustomDumpMemo,
    reusing spare: inout [StateChange]
  ) -> [StateChange] {
    assert(lines.allSatisfy { $0.content.upperBound <= text.count }, "state line outside the record's bytes")
    // Indented: a line's content starts with a space (`measure` has not run: the scanner
    // leaves it to the parser).
    let indented = lines.contains { !$0.content.isEmpty && text[$0.content.lowerBound] == ByteText.space }
    // The skeleton's words hold lengths and offsets of 28 bits (the scanner cuts records at
    // 64 MiB unless its `sizeCap` says more).
    guard text.count < 1 << 28 else {
      return parseMeasured(lines, indented: indented, into: &derived, scratch: &work, reusing: &spare)
    }
    writeSkeleton(of: lines, named: named, indented: indented, &work)
    // A diff of thousands of lines would fill the memo alone, and would hardly come again.
    guard work.skeleton.count <= CustomDumpMemo.maximumBytes / 16 else {
      return parseMeasured(lines, indented: indented, into: &derived, scratch: &work, reusing: &spare)
    }
    let id = memo.entry(for: work.skeleton.buffer)
    if id < memo.count {
      return memo.changes(of: id, lines: lines, parser: self, into: &derived, &work, reusing: &spare)
    }
    let result = parseMeasured(lines, indented: indented, into: &derived, scratch: &work, reusing: &spare)
    memo.add(result, leaves: work.changeLeaves.buffer, derived: derived)
    return result
  }

  /// `parseAll` of the lines with their layout measured.
  private func parseMeasured(
    _ lines: UnsafeBufferPointer<DumpLine>, indented: Bool, into derived: inout DerivedText,
    scratch work: inout Scratch, reusing spare: inout [StateChange]
  ) -> [StateChange] {
    work.measured.truncate()
    for i in lines.indices {
      var line = lines[i]
      line.measure(text)
      work.measured.append(line)
    }
    // `parseAll` appends nothing to `work.measured`: the buffer stays where it is.
    return parseAll(work.measured.buffer, indented: indented, into: &derived, scratch: &work, reusing: &spare)
  }

  /// Reads every line: the frames, the leaves, their pairing.
  private func parseAll(
    _ lines: UnsafeBufferPointer<DumpLine>, indented: Bool, into derived: inout DerivedText,
    scratch work: inout Scratch, reusing spare: inout [StateChange]
  ) -> [StateChange] {
    work.start()
    var order = 0
    var i = 0
    while i < lines.count {
      let line = lines[i]
      if indented {
        let level = line.indent / 2
        while work.frames.count > 1 && work.frames[work.frames.count - 1].level >= level { closeFrame(&work) }
        // Most unchanged lines of a dump are properties that open nothing (`isActive: true,`,
        // `sidebar: Sidebar(…),`): in a structure they change no position and no frame.
        let kind = work.frames[work.frames.count - 1].kind
        if line.marker == .context && line.isPlain && line.delta <= 0 && (kind == .structure || kind == .root) {
          i += 1
          continue
        }
      }
      if skipsValueless(line, indented: indented, &work) {
        i += 1
      } else {
        i = readItem(of: lines, at: i, order: &order, into: &derived, &work)
      }
    }
    while work.frames.count > 1 { closeFrame(&work) }
    resolve(from: 0, &work)
    return stateChanges(&work, into: &derived, reusing: &spare)
  }

  /// Whether a changed line has no value (`skipsValueless` skips it): such a line is never
  /// a leaf.
  @inline(__always)
  func isValueless(_ item: Range<Int>) -> Bool {
    item.isEmpty || isComment(item) || isElision(item) || isClosersOnly(item) || unchangedRun(item) != nil
  }

  /// Lines without a value: blank, comments, elisions, closers (which close a frame when a
  /// copy lost its indentation) and `… (N unchanged)` (which moves the positions on).
  /// Returns whether `line` was one.
  @inline(__always)
  private func skipsValueless(_ line: DumpLine, indented: Bool, _ work: inout Scratch) -> Bool {
    let item = line.item
    if item.isEmpty || isComment(item) || isElision(item) { return true }
    if isClosersOnly(item) {
      if !indented && line.marker == .context && work.frames.count > 1 { closeFrame(&work) }
      return true
    }
    if let run = unchangedRun(item) {
      work.frames[work.frames.count - 1].old += run
      work.frames[work.frames.count - 1].new += run
      return true
    }
    return false
  }

  /// Reads the item of `lines[i]`: an unchanged line that opens a container opens a frame; a
  /// changed line is a leaf, whose value goes on over the next lines of the same marker while
  /// its brackets are open. Returns the index of the line after it.
  @inline(__always)
  private func readItem(
    of lines: UnsafeBufferPointer<DumpLine>, at i: Int, order: inout Int, into derived: inout DerivedText,
    _ work: inout Scratch
  ) -> Int {
    let line = lines[i]
    var counter = BracketCounter()
    let (label, value, opens) = readLabelAndValue(line, &counter)
    // Only a dictionary holds keys. An unchanged line elsewhere (the root `AppState(`, an
    // element `Item(`) is not searched: that search would read on to its closer. A changed
    // line is searched in any frame, as `writeSkeleton` (which knows no frames) searches it.
    if label == nil, opens, line.marker != .context || work.frames[work.frames.count - 1].kind == .collection,
      let key = multiLineKey(lines, at: i)
    {
      return readKeyedItem(of: lines, at: i, key: key, counter: &counter, order: &order, into: &derived, &work)
    }
    let (childSegment, key) = child(label: label, marker: line.marker, frame: &work.frames[work.frames.count - 1])
    if line.marker == .context {
      if opens { openFrame(level: line.indent / 2, value: value, childSegment: childSegment, &work) }
      return i + 1
    }
    let end = valueEnd(of: lines, at: i, opens: opens, &counter)
    let valueText = appendValue(of: lines, at: i, value, end: end, indent: line.indent, into: &derived)
    let pathStart = work.paths.count
    work.paths.append(contentsOf: work.segments.buffer)
    if let childSegment { work.paths.append(childSegment) }
    work.pending.append(
      Leaf(marker: line.marker, key: key, paths: pathStart..<work.paths.count, value: valueText, order: order))
    order += 1
    return end
  }

  /// `readItem` of an entry whose key Custom Dump printed over several lines
  /// (`multiLineKey`): the key joined on one line is its path segment, and its value starts
  /// after the key on the key's last line.
  private func readKeyedItem(
    of lines: UnsafeBufferPointer<DumpLine>, at i: Int, key: (line: Int, keyEnd: Int, value: Int),
    counter: inout BracketCounter, order: inout Int, into derived: inout DerivedText, _ work: inout Scratch
  ) -> Int {
    let line = lines[i]
    let keyRange = appendJoinedKey(lines, first: i, last: key.line, keyEnd: key.keyEnd, into: &work.keyBytes)
    let (value, valueOpens) = keyedValue(lines[key.line], from: key.value)
    if line.marker == .context {
      if valueOpens { openFrame(level: line.indent / 2, value: value, childSegment: .joinedKey(keyRange), &work) }
      return key.line + 1
    }
    let end = valueEnd(of: lines, at: i, opens: true, &counter)
    let valueText = appendValue(of: lines, at: key.line, value, end: end, indent: line.indent, into: &derived)
    let pathStart = work.paths.count
    work.paths.append(contentsOf: work.segments.buffer)
    work.paths.append(.joinedKey(keyRange))
    work.pending.append(
      Leaf(
        marker: line.marker, key: .joinedKey(keyRange), paths: pathStart..<work.paths.count, value: valueText,
        order: order))
    order += 1
    return end
  }

  /// A line's label and value (without its trailing comma unless it opens a container),
  /// and whether the value opens one: `counter` holds its brackets then.
  @inline(__always)
  func readLabelAndValue(_ line: DumpLine, _ counter: inout BracketCounter) -> (
    label: Range<Int>?, value: Range<Int>, opens: Bool
  ) {
    let (label, rawValue) = splitLabel(line.item)
    var value = rawValue
    // A label holds no bracket outside a string: without strings the line's count is the value's.
    if line.isPlain { counter.depth = Int(line.delta) } else { counter.add(text, value) }
    let opens = counter.depth > 0 || counter.inTripleQuote
    if !opens, value.count > 0, text[value.upperBound - 1] == ByteText.comma {
      value = value.lowerBound..<(value.upperBound - 1)
    }
    return (label, value, opens)
  }

  /// The index after the last line of the changed value that starts at `lines[i]`: it goes
  /// on over the next lines of its marker while its brackets are open.
  @inline(__always)
  func valueEnd(of lines: UnsafeBufferPointer<DumpLine>, at i: Int, opens: Bool, _ counter: inout BracketCounter)
    -> Int
  {
    var end = i + 1
    if opens {
      let marker = lines[i].marker
      while end < lines.count, lines[end].marker == marker, counter.depth > 0 || counter.inTripleQuote {
        counter.add(text, lines[end].content)
        end += 1
      }
    }
    return end
  }

  /// Writes the value of the leaf `lines[i..<end]` (`value` on its first line, whose
  /// indentation is `indent`).
  @inline(__always)
  func appendValue(
    of lines: UnsafeBufferPointer<DumpLine>, at i: Int, _ value: Range<Int>, end: Int, indent: Int,
    into derived: inout DerivedText
  ) -> TextRange {
    let start = derived.position
    derived.append(text, value)
    for k in (i + 1)..<end { appendContinuation(lines[k], indent: indent, isLast: k == end - 1, into: &derived) }
    return derived.range(from: start)
  }

  /// A line of a multi-line value, after a newline: without the indentation of the value's
  /// first line, and the last one without its trailing comma.
  private func appendContinuation(_ line: DumpLine, indent: Int, isLast: Bool, into derived: inout DerivedText) {
    var s = line.content.lowerBound
    let end = line.content.upperBound
    var removed = 0
    while removed < indent, s < end, text[s] == ByteText.space {
      s += 1
      removed += 1
    }
    var piece = isLast ? ByteText.trimmedEnd(text, s..<end) : s..<end
    if isLast, piece.count > 0, text[piece.upperBound - 1] == ByteText.comma {
      piece = piece.lowerBound..<(piece.upperBound - 1)
    }
    derived.append(0x0A)
    derived.append(text, piece)
  }

  private func openFrame(level: Int, value: Range<Int>, childSegment: PathSegment?, _ work: inout Scratch) {
    let (kind, caseSegment) = frameKind(of: ByteText.trimmedEnd(text, value))
    var added = 0
    if let childSegment {
      work.segments.append(childSegment)
      added += 1
    }
    if let caseSegment {
      work.segments.append(caseSegment)
      added += 1
    }
    work.frames.append(
      Frame(
        level: level, kind: kind, segmentCount: added, pendingStart: work.pending.count, id: work.tupleCounts.count))
    work.tupleCounts.append(0)
  }

  private func closeFrame(_ work: inout Scratch) {
    let frame = work.frames.removeLast()
    resolve(from: frame.pendingStart, &work)
    work.segments.truncate(to: work.segments.count - frame.segmentCount)
    if frame.kind == .enumPayload { work.tupleCounts[frame.id] = max(frame.old, frame.new) }
  }

  /// Turns the leaves of a closed container (`pending[start...]`) into changes: a `-` and a
  /// `+` leaf of the same key are one changed value; a leaf left alone was removed or added
  /// (or changed, for a property, tuple element or the root).
  private func resolve(from start: Int, _ work: inout Scratch) {
    guard start < work.pending.count else { return }
    work.matched.truncate()
    work.matched.append(repeating: false, count: work.pending.count - start)
    // Each `-` leaf pairs with the first unpaired `+` leaf of the same key. A container
    // holds a few leaves, so a scan is cheapest; a long one (a dump of thousands of
    // changed elements) would make the scan quadratic, so it queues `+` leaves by key.
    if work.pending.count - start <= 32 {
      pairByScan(from: start, &work)
    } else {
      pairByQueue(from: start, &work)
    }
    for a in start..<work.pending.count where !work.matched[a - start] {
      let leaf = work.pending[a]
      let isOld = leaf.marker == .old
      let kind: ChangeKind
      switch leaf.key {
      case .root, .property, .tuple: kind = .value
      case .key, .joinedKey, .index, .none: kind = isOld ? .removed : .added
      }
      let order = Int32(leaf.order)
      work.changes.append(
        Change(
          order: leaf.order, paths: leaf.paths, kind: kind, old: isOld ? leaf.value : nil,
          new: isOld ? nil : leaf.value, oldLeaf: isOld ? order : -1, newLeaf: isOld ? -1 : order))
    }
    work.pending.truncate(to: start)
  }

  private func pairByScan(from start: Int, _ work: inout Scratch) {
    for a in start..<work.pending.count where work.pending[a].marker == .old {
      if case .none = work.pending[a].key { continue }
      for b in start..<work.pending.count where !work.matched[b - start] && work.pending[b].marker == .new {
        if keysMatch(work.pending[a].key, work.pending[b].key, keys: work.keyBytes.buffer) {
          pair(a, b, from: start, &work)
          break
        }
      }
    }
  }

  private func pairByQueue(from start: Int, _ work: inout Scratch) {
    var queues: [PairKey: (next: Int, leaves: [Int])] = [:]
    for b in start..<work.pending.count where work.pending[b].marker == .new {
      if let key = pairKey(work.pending[b].key, keys: work.keyBytes.buffer) {
        queues[key, default: (0, [])].leaves.append(b)
      }
    }
    for a in start..<work.pending.count where work.pending[a].marker == .old {
      guard let key = pairKey(work.pending[a].key, keys: work.keyBytes.buffer), let queue = queues[key],
        queue.next < queue.leaves.count
      else {
        continue
      }
      pair(a, queue.leaves[queue.next], from: start, &work)
      queues[key]!.next += 1
    }
  }

  /// Leaf `a` (old) and leaf `b` (new) are one changed value.
  private func pair(_ a: Int, _ b: Int, from start: Int, _ work: inout Scratch) {
    work.matched[a - start] = true
    work.matched[b - start] = true
    let leaf = work.pending[a]
    let partner = work.pending[b]
    work.changes.append(
      Change(
        order: leaf.order, paths: leaf.paths, kind: .value, old: leaf.value, new: partner.value,
        oldLeaf: Int32(leaf.order), newLeaf: Int32(partner.order)))
  }

  private func keysMatch(_ a: LeafKey, _ b: LeafKey, keys: UnsafeBufferPointer<UInt8>) -> Bool {
    switch (a, b) {
    case (.root, .root): return true
    case (.property(let x), .property(let y)), (.key(let x), .key(let y)):
      return x.count == y.count && text[x].elementsEqual(text[y])
    case (.joinedKey(let x), .joinedKey(let y)):
      return x.count == y.count && keys[x].elementsEqual(keys[y])
    case (.index(let x), .index(let y)), (.tuple(let x), .tuple(let y)): return x == y
    default: return false
    }
  }

  /// `LeafKey` with its text copied out, for hashing; nil for `.none`, which pairs with nothing.
  private func pairKey(_ key: LeafKey, keys: UnsafeBufferPointer<UInt8>) -> PairKey? {
    switch key {
    case .root: return .root
    case .property(let r): return .property(Array(text[r]))
    case .key(let r): return .key(Array(text[r]))
    case .joinedKey(let r): return .key(Array(keys[r]))
    case .index(let n): return .index(n)
    case .tuple(let n): return .tuple(n)
    case .none: return nil
    }
  }

  /// The changes in the order of their lines, their paths written now that every payload's
  /// count of unlabeled values (whether its tuple positions show) is known.
  private func stateChanges(
    _ work: inout Scratch, into derived: inout DerivedText, reusing spare: inout [StateChange]
  ) -> [StateChange] {
    work.changes.sort { $0.order < $1.order }
    var result: [StateChange] = []
    swap(&result, &spare)
    result.removeAll(keepingCapacity: true)
    result.reserveCapacity(work.changes.count)
    for index in 0..<work.changes.count {
      let change = work.changes[index]
      let (path, normalized) = derived.addPath(
        work.paths.buffer, change.paths, text, keys: work.keyBytes.buffer, showsTuple: { work.tupleCounts[$0] > 1 })
      result.append(
        StateChange(path: path, normalized: normalized, kind: change.kind, old: change.old, new: change.new))
      work.changeLeaves.append((change.oldLeaf, change.newLeaf))
    }
    return result
  }

  /// Path segments and pairing key of an item inside `frame`; advances its counters.
  private func child(label: Range<Int>?, marker: DumpMarker, frame: inout Frame) -> (PathSegment?, LeafKey) {
    func position(explicit: Int?) -> Int {
      switch marker {
      case .context:
        let n = explicit ?? frame.old
        frame.old = n + 1
        frame.new = n + 1
        return n
      case .old:
        let n = explicit ?? frame.old
        frame.old = n + 1
        return n
      case .new:
        let n = explicit ?? frame.new
        frame.new = n + 1
        return n
      }
    }
    switch frame.kind {
    case .root:
      return (nil, .root)
    case .collection:
      if let label {
        if let n = explicitIndex(label) {
          let p = position(explicit: n)
          return (.index(p), .index(p))
        }
        let k = unquoted(label)
        return (.key(k), .key(k))
      }
      let p = position(explicit: nil)
      return (.index(p), .index(p))
    case .set:
      if let label {
        let k = unquoted(label)
        return (.key(k), .key(k))
      }
      return (nil, .none)
    case .structure:
      if let label { return (.property(label), .property(label)) }
      return (nil, .root)
    case .enumPayload:
      if let label { return (.property(label), .property(label)) }
      let p = position(explicit: nil)
      return (.tuple(p, frame: frame.id), .tuple(p))
    }
  }

  /// The kind of container a value opens, and the case segment when it is an enum case.
  private func frameKind(of value: Range<Int>) -> (FrameKind, PathSegment?) {
    guard let last = value.last.map({ text[$0] }) else { return (.structure, nil) }
    if last == UInt8(ascii: "[") {
      return (ByteText.hasSuffix(text, value, "Set([") ? .set : .collection, nil)
    }
    if last == UInt8(ascii: "(") {
      let head = value.lowerBound..<(value.upperBound - 1)
      // Most containers are structures (`WindowState(`): without a dot, no case name
      // (`splitCaseName` splits at a dot), told by a word test instead of its byte loop.
      if CustomDumpDiffParser.holdsDot(text, head), let (_, name) = ValueTree.splitCaseName(text, head) {
        return (.enumPayload, .enumCase(name))
      }
    }
    return (.structure, nil)
  }

  /// Whether `range` holds a `.`: eight bytes at a time.
  @inline(__always)
  static func holdsDot(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    let jump = skipUnflaggedWords(text, from: range.lowerBound, end: range.upperBound, dotBits)
    if jump.found { return true }
    var i = jump.index
    while i < range.upperBound {
      if text[i] == ByteText.dot { return true }
      i += 1
    }
    return false
  }

  /// The high bit of each `.` of `word` (and perhaps of bytes after one: any bit means a
  /// dot).
  @inline(__always) static func dotBits(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let x = word ^ (ones &* 0x2E)
    return (x &- ones) & ~x & 0x8080_8080_8080_8080
  }

  /// Splits `label: value`. The label is the text before the first `: ` outside brackets
  /// and strings (FORMATS.md 7.1): a property name, an index `[3]`, or a dictionary key,
  /// which may hold brackets and `: ` of its own (`UUID(…): Item(`, `ItemID(rawValue:
  /// "b2"): 1`, `.folder("Work"): 2`). A line that starts with a closer ends a value
  /// opened above (`): Item(`, the end of a key printed over several lines: `multiLineKey`
  /// reads those), so it has no label.
  private func splitLabel(_ item: Range<Int>) -> (Range<Int>?, Range<Int>) {
    var i = item.lowerBound
    let end = item.upperBound
    if text[i] == UInt8(ascii: "[") {
      var j = i + 1
      while j < end, ByteText.isDigit(text[j]) { j += 1 }
      if j > i + 1, j + 2 < end, text[j] == UInt8(ascii: "]"), text[j + 1] == ByteText.colon,
        text[j + 2] == ByteText.space
      {
        return (i..<(j + 1), (j + 3)..<end)
      }
    }
    while i + 1 < end {
      // Straight to the next byte that can end the label or start a string or a bracket.
      let jump = skipUnflaggedWords(text, from: i, end: end, CustomDumpDiffParser.labelBits)
      i = jump.index
      guard i + 1 < end else { break }
      let c = text[i]
      if c == ByteText.quote {
        i = BracketCounter.skipString(text, from: i, end: end, raw: false)
        continue
      }
      if c == ByteText.hash, text[i + 1] == ByteText.quote {
        i = BracketCounter.skipString(text, from: i + 1, end: end, raw: true)
        continue
      }
      if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
        // A key that holds brackets: to its closer, byte by byte (keys are short).
        guard let close = CustomDumpDiffParser.closer(text, from: i, end: end) else { return (nil, item) }
        i = close
        continue
      }
      if c == ByteText.colon, text[i + 1] == ByteText.space, i > item.lowerBound {
        if CustomDumpDiffParser.startsWithCloser(text, item.lowerBound..<i) { return (nil, item) }
        return (item.lowerBound..<i, (i + 2)..<end)
      }
      i += 1
    }
    return (nil, item)
  }

  /// The high bit of each `:`, `"`, `#`, `(`, `[` and `{` of `word`, the bytes `splitLabel`
  /// stops at (and perhaps of bytes after one: the lowest set bit is exact). `b | 1` folds
  /// `"` into `#`, `b | 0x20` folds `[` into `{`, and nothing else folds into them.
  @inline(__always) static func labelBits(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    return hasZeroByte(word ^ (ones &* 0x3A)) | hasZeroByte((word | ones) ^ (ones &* 0x23))
      | hasZeroByte(word ^ (ones &* 0x28)) | hasZeroByte((word | (ones &* 0x20)) ^ (ones &* 0x7B))
  }

  private func explicitIndex(_ label: Range<Int>) -> Int? {
    guard label.count >= 3, text[label.lowerBound] == UInt8(ascii: "["), text[label.upperBound - 1] == UInt8(ascii: "]")
    else { return nil }
    var n = 0
    for i in (label.lowerBound + 1)..<(label.upperBound - 1) {
      guard ByteText.isDigit(text[i]), n < Int.max / 10 - 10 else { return nil }
      n = n * 10 + Int(text[i] - UInt8(ascii: "0"))
    }
    return n
  }

  /// A key without its string delimiters: `"inbox"` → `inbox`, `#"say "hi""#` → `say "hi"`.
  private func unquoted(_ r: Range<Int>) -> Range<Int> {
    var hashes = 0
    while r.lowerBound + hashes < r.upperBound, text[r.lowerBound + hashes] == ByteText.hash { hashes += 1 }
    let delimiter = hashes + 1
    guard r.count >= 2 * delimiter, text[r.lowerBound + hashes] == ByteText.quote,
      text[r.upperBound - delimiter] == ByteText.quote
    else { return r }
    for k in (r.upperBound - hashes)..<r.upperBound where text[k] != ByteText.hash { return r }
    return (r.lowerBound + delimiter)..<(r.upperBound - delimiter)
  }

  private func isClosersOnly(_ item: Range<Int>) -> Bool {
    for i in item {
      switch text[i] {
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), ByteText.comma: continue
      default: return false
      }
    }
    return true
  }

  private func isComment(_ item: Range<Int>) -> Bool { ByteText.hasPrefix(text, item, "//") }

  /// `…` or `…,`: an elision inside a value.
  private func isElision(_ item: Range<Int>) -> Bool {
    guard ByteText.hasPrefix(text, item, "…") else { return false }
    return item.count == 3 || (item.count == 4 && text[item.lowerBound + 3] == ByteText.comma)
  }

  /// `… (N unchanged)` → N.
  private func unchangedRun(_ item: Range<Int>) -> Int? {
    guard ByteText.hasPrefix(text, item, "…") else { return nil }
    var i = item.lowerBound + 3
    guard i + 2 < item.upperBound, text[i] == ByteText.space, text[i + 1] == UInt8(ascii: "(") else { return nil }
    i += 2
    var n = 0
    var digits = 0
    while i < item.upperBound, ByteText.isDigit(text[i]), digits < 18 {
      n = n * 10 + Int(text[i] - UInt8(ascii: "0"))
      i += 1
      digits += 1
    }
    guard digits > 0, ByteText.hasPrefix(text, i..<item.upperBound, " unchanged)") else { return nil }
    return n
  }
}
