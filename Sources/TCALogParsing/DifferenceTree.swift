import TCALogInput

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
  var isLeafSide: Bool { kind == .current || kind == .previous }

  static func classify(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> TreeLine {
    let line = ByteText.trimmedEnd(text, content)
    var i = line.lowerBound
    var depth = 0
    var indented = false
    if line.count >= 2, text[i] == ByteText.comma, text[i + 1] == ByteText.space {
      i += 2
      indented = true
    } else {
      // Indent units: "|\t" (the library), "| " (HTML copies), "\t" (tab style).
      while i < line.upperBound {
        let b = text[i]
        if b == UInt8(ascii: "|"), i + 1 < line.upperBound, text[i + 1] == ByteText.tab || text[i + 1] == ByteText.space
        {
          i += 2
        } else if b == ByteText.tab {
          i += 1
        } else {
          break
        }
        depth += 1
      }
      indented = depth > 0
    }
    let item = i..<line.upperBound
    func make(_ kind: Kind, _ r: Range<Int>) -> TreeLine {
      TreeLine(kind: kind, depth: depth, isIndented: indented, text: r, item: item)
    }
    guard !item.isEmpty else { return make(.other, item) }
    let last = text[item.upperBound - 1]
    let first = text[item.lowerBound]

    // Leaf values, set elements: "Label: value" or "Label:" with an empty value.
    // Skips the label and the one space after it: only a space, which may be missing
    // ("Current:x", or a multi-byte character right after the colon, which must not be cut).
    func value(after labelLength: Int) -> Range<Int> {
      var start = min(item.lowerBound + labelLength, item.upperBound)
      if start < item.upperBound, text[start] == ByteText.space { start += 1 }
      return start..<item.upperBound
    }
    switch first {
    case UInt8(ascii: "C"):
      if ByteText.hasPrefix(text, item, "Current:") { return make(.current, value(after: 8)) }
      if last == ByteText.colon, ByteText.hasPrefix(text, item, "Collection["), item.count >= 14,
        text[item.upperBound - 2] == UInt8(ascii: "]")
      {
        return make(.index, (item.lowerBound + 11)..<(item.upperBound - 2))
      }
    case UInt8(ascii: "P"):
      if ByteText.hasPrefix(text, item, "Previous:") { return make(.previous, value(after: 9)) }
    case UInt8(ascii: "R"):
      if ByteText.hasPrefix(text, item, "Received:") { return make(.current, value(after: 9)) }
      if ByteText.equals(text, item, "Removed key pairs:") { return make(.removedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Removed:") { return make(.removedElement, value(after: 8)) }
    case UInt8(ascii: "E"):
      if ByteText.hasPrefix(text, item, "Expected:") { return make(.previous, value(after: 9)) }
      if ByteText.equals(text, item, "Extra key pairs:") { return make(.addedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Extra:") { return make(.addedElement, value(after: 6)) }
      if last == ByteText.colon, ByteText.hasPrefix(text, item, "Enum "), item.count > 6 {
        return make(.enumCase, (item.lowerBound + 5)..<(item.upperBound - 1))
      }
    case UInt8(ascii: "A"):
      if ByteText.equals(text, item, "Added key pairs:") { return make(.addedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Added:") { return make(.addedElement, value(after: 6)) }
    case UInt8(ascii: "M"):
      if ByteText.equals(text, item, "Missing key pairs:") { return make(.removedKeyPairs, item) }
      if ByteText.hasPrefix(text, item, "Missing:") { return make(.removedElement, value(after: 8)) }
    case UInt8(ascii: "D"):
      if ByteText.equals(text, item, "Different count:") { return make(.differentCount, item) }
    case UInt8(ascii: "K"):
      if last == ByteText.colon, ByteText.hasPrefix(text, item, "Key "), item.count > 5 {
        return make(.key, (item.lowerBound + 4)..<(item.upperBound - 1))
      }
    default:
      break
    }
    if LineKinds.isNoChange(text, item) { return make(.noChange, item) }
    if last == ByteText.colon, item.count >= 2 {
      let name = item.lowerBound..<(item.upperBound - 1)
      if first == ByteText.dot, name.count >= 2, text[name].dropFirst().allSatisfy(ByteText.isDigit) {
        return make(.tupleElement, (name.lowerBound + 1)..<name.upperBound)
      }
      // A property label: a name without blanks.
      if !text[name].contains(where: ByteText.isBlank) { return make(.property, name) }
    }
    return make(.other, item)
  }
}

/// Reads the changed leaves of a Difference tree (FORMATS.md 4, 10.2, 10.3).
struct DifferenceTreeParser {
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
  struct Scratch {
    var stack: [PathSegment?] = []
    var segments: [PathSegment] = []
  }

  func parse(_ lines: [TreeLine], into derived: inout DerivedText, scratch work: inout Scratch) -> [StateChange] {
    var lines = lines
    // Lost indentation (FORMATS.md 9.9): labels form a chain until a leaf completes.
    if !lines.contains(where: \.isIndented) && lines.contains(where: \.isLabel) {
      DifferenceTreeParser.rebuildChainDepths(&lines)
    }
    var changes: [StateChange] = []
    changes.reserveCapacity(4)
    work.stack.removeAll(keepingCapacity: true)
    var leaf: Leaf?
    var keyPairs: (depth: Int, added: Bool)?
    var countDepth = -1  // depth of an open "Different count:" block

    func emit(_ leaf: Leaf) {
      work.segments.removeAll(keepingCapacity: true)
      for segment in work.stack.prefix(leaf.depth) { if let segment { work.segments.append(segment) } }
      if let key = leaf.key { work.segments.append(.key(key)) }
      let (path, normalized) = derived.addPath(work.segments[...], text)
      changes.append(StateChange(path: path, normalized: normalized, kind: leaf.kind, old: leaf.old, new: leaf.new))
    }
    func flush() {
      if let pending = leaf { emit(pending) }
      leaf = nil
    }
    func bytes(_ r: Range<Int>) -> TextRange { derived.add(text, r) }
    /// The digits of "(3)" or "(3) [a, b, c]".
    func count(_ r: Range<Int>) -> TextRange {
      var i = r.lowerBound
      if i < r.upperBound, text[i] == UInt8(ascii: "(") { i += 1 }
      let digits = i
      while i < r.upperBound, ByteText.isDigit(text[i]) { i += 1 }
      return bytes(i > digits ? digits..<i : r)
    }

    for line in lines {
      let d = line.depth
      switch line.kind {
      case .property, .key, .index, .enumCase, .tupleElement:
        flush()
        keyPairs = nil
        countDepth = -1
        if work.stack.count > d { work.stack.removeLast(work.stack.count - d) }
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
      case .current, .previous:
        let isNew = line.kind == .current
        if countDepth >= 0 && d == countDepth + 1, var pending = leaf, pending.isCount {
          if isNew { pending.new = count(line.text) } else { pending.old = count(line.text) }
          pending.growsNew = isNew
          leaf = pending
          if pending.old != nil && pending.new != nil { countDepth = -1 }
        } else if var pending = leaf, pending.kind == .value, !pending.isCount, pending.depth == d,
          isNew ? pending.new == nil : pending.old == nil
        {
          // The other side of the pair (Current is printed first, but order is not relied on).
          if isNew { pending.new = bytes(line.text) } else { pending.old = bytes(line.text) }
          pending.growsNew = isNew
          leaf = pending
        } else {
          flush()
          var pending = Leaf(kind: .value, depth: d)
          if isNew { pending.new = bytes(line.text) } else { pending.old = bytes(line.text) }
          pending.growsNew = isNew
          leaf = pending
        }
      case .differentCount:
        flush()
        keyPairs = nil
        countDepth = d
        leaf = Leaf(kind: .count, depth: d, isCount: true)
      case .addedKeyPairs, .removedKeyPairs:
        flush()
        keyPairs = (d, line.kind == .addedKeyPairs)
        countDepth = -1
      case .addedElement, .removedElement:
        flush()
        let added = line.kind == .addedElement
        leaf = Leaf(
          kind: added ? .added : .removed, depth: d, old: added ? nil : bytes(line.text),
          new: added ? bytes(line.text) : nil, growsNew: added)
      case .noChange:
        flush()
      case .other:
        if let pairs = keyPairs, d == pairs.depth + 1 || (!line.isIndented && d == pairs.depth) {
          // "K: Optional(value)": the value starts at the first ": " before "Optional(",
          // else at the first ": ".
          flush()
          let (key, value) = DifferenceTreeParser.splitKeyPair(text, line.item)
          leaf = Leaf(
            kind: pairs.added ? .added : .removed, depth: pairs.depth, key: key,
            old: pairs.added ? nil : bytes(value), new: pairs.added ? bytes(value) : nil, growsNew: pairs.added)
        } else if var pending = leaf {
          // A value that spans lines (FORMATS.md 4.5).
          let continuation = ByteText.trimmedEnd(text, line.item.lowerBound..<line.item.upperBound)
          if pending.growsNew {
            pending.new = pending.new.map { derived.extend($0, withLine: text, continuation) }
          } else {
            pending.old = pending.old.map { derived.extend($0, withLine: text, continuation) }
          }
          leaf = pending
        }
      }
    }
    flush()
    return changes
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
