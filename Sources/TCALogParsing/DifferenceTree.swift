/// One line of a Difference tree (FORMATS.md 4.2), classified. Ranges are absolute in the
/// buffer the line was classified in.
struct TreeLine {
  enum Kind: UInt8 {
    case property, key, index, enumCase, tupleElement
    case current, previous  // leaf sides: new and old value
    case differentCount
    case addedKeyPairs, removedKeyPairs
    case addedElement, removedElement
    case noChange
    /// Not an item: a continuation of a multi-line value, a key-pair child, or foreign text.
    case other
  }

  var kind: Kind
  var depth: Int
  /// The line had indent units or the `, ` separator.
  var isIndented: Bool
  /// Label name, key, index, case name, or the value text of a leaf line.
  var text: Range<Int>
  /// The whole item (after indentation), trailing blanks removed.
  var item: Range<Int>

  var isLabel: Bool { kind.rawValue <= Kind.tupleElement.rawValue }

  static func classify(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> TreeLine {
    let line = ByteText.trimmedEnd(text, content)
    let (start, depth, indented) = indentation(text, line)
    let item = start..<line.upperBound
    let (kind, itemText) = kind(text, item)
    return TreeLine(kind: kind, depth: depth, isIndented: indented, text: itemText, item: item)
  }

  /// Where the item starts, and its depth: indent units `|\t` (the library), `| ` (HTML
  /// copies) or `\t` (tab style), or a `, ` separator (a flattened copy).
  @inline(__always)
  private static func indentation(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (
    start: Int, depth: Int, isIndented: Bool
  ) {
    var i = line.lowerBound
    if line.count >= 2, text[i] == ByteText.comma, text[i + 1] == ByteText.space { return (i + 2, 0, true) }
    var depth = 0
    // The library's `|\t` units four to a word (the byte loop below took about 12
    // instructions a unit, and a state line has two to five): each whole unit that matches
    // is one the loop would take.
    let units: UInt64 = 0x097C_097C_097C_097C
    while i &+ 8 <= line.upperBound {
      let x = UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self) ^ units
      let matched = x.trailingZeroBitCount >> 4
      i &+= matched &* 2
      depth &+= matched
      if matched < 4 { break }
    }
    while i < line.upperBound {
      let b = text[i]
      if b == UInt8(ascii: "|"), i + 1 < line.upperBound, text[i + 1] == ByteText.tab || text[i + 1] == ByteText.space {
        i += 2
      } else if b == ByteText.tab {
        i += 1
      } else {
        break
      }
      depth += 1
    }
    return (i, depth, depth > 0)
  }

  /// The kind of an item, with its label name, key, index, case name or value.
  @inline(__always)
  private static func kind(_ text: UnsafeBufferPointer<UInt8>, _ item: Range<Int>) -> (Kind, Range<Int>) {
    guard !item.isEmpty else { return (.other, item) }
    let last = text[item.upperBound - 1]
    let first = text[item.lowerBound]
    func value(after labelLength: Int) -> Range<Int> { TreeLine.value(text, item, after: labelLength) }
    switch first {
    case UInt8(ascii: "C"):
      if ByteText.hasPrefix(text, item, "Current:") { return (.current, value(after: 8)) }
      if last == ByteText.colon, ByteText.hasPrefix(text, item, "Collection["), item.count >= 14,
        text[item.upperBound - 2] == UInt8(ascii: "]")
      {
        return (.index, (item.lowerBound + 11)..<(item.upperBound - 2))
      }
    case UInt8(ascii: "P"):
      if ByteText.hasPrefix(text, item, "Previous:") { return (.previous, value(after: 9)) }
    case UInt8(ascii: "R"):
      if ByteText.hasPrefix(text, item, "Received:") { return (.current, value(after: 9)) }
      if ByteText.equals(text, item, "Removed key pairs:") { return (.removedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Removed:") { return (.removedElement, value(after: 8)) }
    case UInt8(ascii: "E"):
      if ByteText.hasPrefix(text, item, "Expected:") { return (.previous, value(after: 9)) }
      if ByteText.equals(text, item, "Extra key pairs:") { return (.addedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Extra:") { return (.addedElement, value(after: 6)) }
      if last == ByteText.colon, ByteText.hasPrefix(text, item, "Enum "), item.count > 6 {
        return (.enumCase, (item.lowerBound + 5)..<(item.upperBound - 1))
      }
    case UInt8(ascii: "A"):
      if ByteText.equals(text, item, "Added key pairs:") { return (.addedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Added:") { return (.addedElement, value(after: 6)) }
    case UInt8(ascii: "M"):
      if ByteText.equals(text, item, "Missing key pairs:") { return (.removedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Missing:") { return (.removedElement, value(after: 8)) }
    case UInt8(ascii: "D"):
      if ByteText.equals(text, item, "Different count:") { return (.differentCount, item) }
    case UInt8(ascii: "K"):
      if last == ByteText.colon, ByteText.hasPrefix(text, item, "Key "), item.count > 5 {
        return (.key, (item.lowerBound + 4)..<(item.upperBound - 1))
      }
    default:
      break
    }
    if last == UInt8(ascii: ")"), LineKinds.isNoChange(text, item) { return (.noChange, item) }
    if last == ByteText.colon, item.count >= 2 {
      let name = item.lowerBound..<(item.upperBound - 1)
      if first == ByteText.dot, name.count >= 2, text[name].dropFirst().allSatisfy(ByteText.isDigit) {
        return (.tupleElement, (name.lowerBound + 1)..<name.upperBound)
      }
      // A property label: a name without blanks.
      if !text[name].contains(where: ByteText.isBlank) { return (.property, name) }
    }
    return (.other, item)
  }

  /// The value of a leaf or set element, `Label: value` or `Label:` with an empty value:
  /// after the label and the one space after it. Only a space, which may be missing
  /// (`Current:x`, or a multi-byte character right after the colon, which must not be cut).
  @inline(__always)
  private static func value(_ text: UnsafeBufferPointer<UInt8>, _ item: Range<Int>, after labelLength: Int) -> Range<
    Int
  > {
    var start = min(item.lowerBound + labelLength, item.upperBound)
    if start < item.upperBound, text[start] == ByteText.space { start += 1 }
    return start..<item.upperBound
  }
}

/// Reads the changed leaves of a Difference tree (FORMATS.md 4, 10.2, 10.3).
struct DifferenceTreeParser {
  /// The record's raw bytes, which the lines' ranges point into. Not owned: the scanner's
  /// buffer, valid while it makes the record (`parse` keeps nothing of it but ranges).
  let text: UnsafeBufferPointer<UInt8>

  /// A leaf waiting for more lines: its other side, or continuation lines of its value.
  private struct Leaf {
    var kind: ChangeKind
    var depth: Int  // path = stack[0..<depth] (+ key)
    var key: Range<Int>?
    /// Values are written to `derived` as soon as they are read (no array per value); a
    /// continuation line extends the side written last.
    var old: TextRange?
    var new: TextRange?
    var isCount = false
    /// Which side continuation lines extend.
    var growsNew = true
  }

  /// The path stacks of one record; a scanner keeps one and passes it to every record, so
  /// they are allocated once instead of grown from empty per record.
  struct Scratch: ~Copyable {
    var stack = ScratchArray<PathSegment?>()
    var segments = ScratchArray<PathSegment>()
  }

  /// `spare`: an array for the result, emptied first (the last record's, whose sink let it
  /// go: `ScanState.recycle`), so that most records allocate none.
  func parse(
    _ lines: UnsafeBufferPointer<TreeLine>, into derived: inout DerivedText, scratch work: inout Scratch,
    reusing spare: inout [StateChange]
  ) -> [StateChange] {
    assert(lines.allSatisfy { $0.item.upperBound <= text.count }, "tree line outside the record's bytes")
    // Lost indentation (FORMATS.md 9.9): labels form a chain until a leaf completes.
    if !lines.contains(where: \.isIndented) && lines.contains(where: \.isLabel) {
      var rebuilt = Array(lines)
      DifferenceTreeParser.rebuildChainDepths(&rebuilt)
      return rebuilt.withUnsafeBufferPointer { walk($0, into: &derived, scratch: &work, reusing: &spare) }
    }
    return walk(lines, into: &derived, scratch: &work, reusing: &spare)
  }

  /// `parse`'s walk over the lines, by index: a `for … in` over an array retains it.
  private func walk(
    _ lines: UnsafeBufferPointer<TreeLine>, into derived: inout DerivedText, scratch work: inout Scratch,
    reusing spare: inout [StateChange]
  ) -> [StateChange] {
    work.stack.truncate()
    var reader = Reader(text: text)
    swap(&reader.changes, &spare)
    reader.changes.removeAll(keepingCapacity: true)
    for index in lines.indices {
      let line = lines[index]
      let d = line.depth
      switch line.kind {
      case .property, .key, .index, .enumCase, .tupleElement:
        reader.flush(&derived, &work)
        reader.keyPairs = nil
        reader.countDepth = -1
        reader.push(line, &work)
      case .current, .previous:
        reader.takeSide(line, &derived, &work)
      case .differentCount:
        reader.flush(&derived, &work)
        reader.keyPairs = nil
        reader.countDepth = d
        reader.leaf = Leaf(kind: .count, depth: d, isCount: true)
      case .addedKeyPairs, .removedKeyPairs:
        reader.flush(&derived, &work)
        reader.keyPairs = (d, line.kind == .addedKeyPairs)
        reader.countDepth = -1
      case .addedElement, .removedElement:
        reader.flush(&derived, &work)
        let added = line.kind == .addedElement
        let value = derived.add(text, line.text)
        reader.leaf = Leaf(
          kind: added ? .added : .removed, depth: d, old: added ? nil : value, new: added ? value : nil,
          growsNew: added)
      case .noChange:
        reader.flush(&derived, &work)
      case .other:
        reader.takeOther(line, &derived, &work)
      }
    }
    reader.flush(&derived, &work)
    return reader.changes
  }

  /// The walk through the lines of one tree: the changes so far and the leaf being read.
  private struct Reader {
    /// The parser's text, valid while `parse` runs.
    let text: UnsafeBufferPointer<UInt8>
    var changes: [StateChange] = []
    var leaf: Leaf?
    /// An open "Added key pairs:" / "Removed key pairs:" block.
    var keyPairs: (depth: Int, added: Bool)?
    /// The depth of an open "Different count:" block, or -1.
    var countDepth = -1

    init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// A label: the path at its depth ends with it.
    @inline(__always)
    mutating func push(_ line: TreeLine, _ work: inout Scratch) {
      let d = line.depth
      work.stack.truncate(to: d)
      while work.stack.count < d { work.stack.append(nil) }
      switch line.kind {
      case .property: work.stack.append(.property(line.text))
      case .key: work.stack.append(.key(line.text))
      case .index: work.stack.append(.key(line.text))  // "[i]", copied as written
      case .enumCase: work.stack.append(.enumCase(line.text))
      default:
        let position = Int(String(decoding: UnsafeBufferPointer(rebasing: text[line.text]), as: UTF8.self)) ?? 0
        work.stack.append(.tuple(position, frame: -1))
      }
    }

    /// A `Current:` or `Previous:` line: a side of a count, the other side of the pending
    /// leaf, or the first side of a new one.
    @inline(__always)
    mutating func takeSide(_ line: TreeLine, _ derived: inout DerivedText, _ work: inout Scratch) {
      let d = line.depth
      let isNew = line.kind == .current
      if countDepth >= 0 && d == countDepth + 1, var pending = leaf, pending.isCount {
        if isNew { pending.new = count(line.text, &derived) } else { pending.old = count(line.text, &derived) }
        pending.growsNew = isNew
        leaf = pending
        if pending.old != nil && pending.new != nil { countDepth = -1 }
      } else if var pending = leaf, pending.kind == .value, !pending.isCount, pending.depth == d,
        isNew ? pending.new == nil : pending.old == nil
      {
        // The other side of the pair (Current is printed first, but order is not relied on).
        if isNew { pending.new = derived.add(text, line.text) } else { pending.old = derived.add(text, line.text) }
        pending.growsNew = isNew
        leaf = pending
      } else {
        flush(&derived, &work)
        var pending = Leaf(kind: .value, depth: d)
        if isNew { pending.new = derived.add(text, line.text) } else { pending.old = derived.add(text, line.text) }
        pending.growsNew = isNew
        leaf = pending
      }
    }

    /// Not an item: a key pair of an open key-pairs block, or a continuation line of the
    /// pending leaf's value (FORMATS.md 4.5).
    @inline(__always)
    mutating func takeOther(_ line: TreeLine, _ derived: inout DerivedText, _ work: inout Scratch) {
      let d = line.depth
      if let pairs = keyPairs, d == pairs.depth + 1 || (!line.isIndented && d == pairs.depth) {
        // "K: Optional(value)": the value starts at the first ": " before "Optional(",
        // else at the first ": ".
        flush(&derived, &work)
        let (key, value) = DifferenceTreeParser.splitKeyPair(text, line.item)
        let bytes = derived.add(text, value)
        leaf = Leaf(
          kind: pairs.added ? .added : .removed, depth: pairs.depth, key: key, old: pairs.added ? nil : bytes,
          new: pairs.added ? bytes : nil, growsNew: pairs.added)
      } else if var pending = leaf {
        let continuation = ByteText.trimmedEnd(text, line.item.lowerBound..<line.item.upperBound)
        if pending.growsNew {
          pending.new = pending.new.map { derived.extend($0, withLine: text, continuation) }
        } else {
          pending.old = pending.old.map { derived.extend($0, withLine: text, continuation) }
        }
        leaf = pending
      }
    }

    /// Emits the pending leaf, if any, with its path.
    mutating func flush(_ derived: inout DerivedText, _ work: inout Scratch) {
      guard let pending = leaf else { return }
      leaf = nil
      work.segments.truncate()
      for i in 0..<Swift.min(pending.depth, work.stack.count) {
        if let segment = work.stack[i] { work.segments.append(segment) }
      }
      if let key = pending.key { work.segments.append(.key(key)) }
      let (path, normalized) = derived.addPath(work.segments.buffer, 0..<work.segments.count, text)
      // Room for a few at the first: most trees change one to four values, and a record
      // without changes (`No state changes`) allocates nothing.
      if changes.isEmpty { changes.reserveCapacity(4) }
      changes.append(
        StateChange(path: path, normalized: normalized, kind: pending.kind, old: pending.old, new: pending.new))
    }

    /// The digits of "(3)" or "(3) [a, b, c]".
    private func count(_ r: Range<Int>, _ derived: inout DerivedText) -> TextRange {
      var i = r.lowerBound
      if i < r.upperBound, text[i] == UInt8(ascii: "(") { i += 1 }
      let digits = i
      while i < r.upperBound, ByteText.isDigit(text[i]) { i += 1 }
      return derived.add(text, i > digits ? digits..<i : r)
    }
  }

  static func splitKeyPair(_ text: UnsafeBufferPointer<UInt8>, _ item: Range<Int>) -> (
    key: Range<Int>, value: Range<Int>
  ) {
    var firstSeparator: Int?
    var i = item.lowerBound
    while i + 1 < item.upperBound {
      if text[i] == ByteText.colon, text[i + 1] == ByteText.space {
        if firstSeparator == nil { firstSeparator = i }
        if ByteText.hasPrefix(text, (i + 2)..<item.upperBound, "Optional(") {
          return (item.lowerBound..<i, (i + 2)..<item.upperBound)
        }
      }
      i += 1
    }
    if let s = firstSeparator { return (item.lowerBound..<s, (s + 2)..<item.upperBound) }
    return (item, item.upperBound..<item.upperBound)
  }

  /// Depths for a tree that lost its indentation: each label is a child of the previous
  /// one until a leaf completes; then the next label starts again at the root.
  static func rebuildChainDepths(_ lines: inout [TreeLine]) {
    var chain = 0
    var leafDone = false
    var countChildren = -1  // children still expected by "Different count:"
    var sides = 0
    for i in lines.indices {
      switch lines[i].kind {
      case .property, .key, .index, .enumCase, .tupleElement:
        if leafDone {
          chain = 0
          leafDone = false
        }
        lines[i].depth = chain
        chain += 1
        sides = 0
      case .current, .previous:
        if countChildren > 0 {
          lines[i].depth = chain + 1
          countChildren -= 1
          if countChildren == 0 { leafDone = true }
        } else {
          lines[i].depth = chain
          sides += 1
          if sides == 2 { leafDone = true }
        }
      case .differentCount:
        lines[i].depth = chain
        countChildren = 2
      case .addedKeyPairs, .removedKeyPairs:
        lines[i].depth = chain
        leafDone = true
      case .addedElement, .removedElement:
        lines[i].depth = chain
        leafDone = true
      case .noChange, .other:
        lines[i].depth = chain + 1
      }
    }
  }
}
