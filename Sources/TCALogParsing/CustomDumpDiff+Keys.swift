/// Dictionary keys that Custom Dump prints whole or over several lines (FORMATS.md 7.1,
/// 10.2): the pieces of `CustomDumpDiffParser` that read them, beside `splitLabel`, which
/// finds a key on one line.
extension CustomDumpDiffParser {
  /// The value that starts at `start` on `line` (after a multi-line key), without its
  /// trailing comma unless it opens a container, and whether it opens one.
  func keyedValue(_ line: DumpLine, from start: Int) -> (Range<Int>, opens: Bool) {
    var value = start..<line.item.upperBound
    var counter = BracketCounter()
    counter.add(text, value)
    let opens = counter.depth > 0 || counter.inTripleQuote
    if !opens, value.count > 0, text[value.upperBound - 1] == ByteText.comma {
      value = value.lowerBound..<(value.upperBound - 1)
    }
    return (value, opens)
  }

  /// Whether `range` starts with a closing bracket: the end of a value opened on an earlier
  /// line (`): Item(`), never a label.
  static func startsWithCloser(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard let first = range.first.map({ text[$0] }) else { return false }
    return first == UInt8(ascii: ")") || first == UInt8(ascii: "]") || first == UInt8(ascii: "}")
  }

  /// The index after the bracket that closes the one at `start`, strings skipped; nil when
  /// it does not close before `end`.
  static func closer(_ text: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int? {
    var depth = 0
    var i = start
    while i < end {
      let c = text[i]
      switch c {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return i + 1 }
      case ByteText.quote:
        i = BracketCounter.skipString(text, from: i, end: end, raw: false)
        continue
      case ByteText.hash where i + 1 < end && text[i + 1] == ByteText.quote:
        i = BracketCounter.skipString(text, from: i + 1, end: end, raw: true)
        continue
      default: break
      }
      i += 1
    }
    return nil
  }

  /// A dictionary key that Custom Dump printed over several lines (`GridPos(` / `row: 0,` /
  /// `col: 1` / `): Piece(`): from `lines[i]`, which opens a bracket and has no label, over
  /// the next lines of its marker, to the line where the brackets close again followed by
  /// `: `. Returns that line's index, where the key ends on it, and where its value starts;
  /// nil when the brackets close otherwise (an unlabeled element printed over lines).
  func multiLineKey(_ lines: UnsafeBufferPointer<DumpLine>, at i: Int) -> (line: Int, keyEnd: Int, value: Int)? {
    let marker = lines[i].marker
    var depth = 0
    var k = i
    while k < lines.count, lines[k].marker == marker {
      var line = lines[k]
      if k > i { line.measure(text) } else if line.item.isEmpty { line.measure(text) }
      let end = line.item.upperBound
      var j = line.item.lowerBound
      while j < end {
        switch text[j] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
          depth -= 1
          if depth == 0 {
            guard k > i, j + 2 < end, text[j + 1] == ByteText.colon, text[j + 2] == ByteText.space else { return nil }
            return (k, j + 1, j + 3)
          }
          if depth < 0 { return nil }
        case ByteText.quote:
          j = BracketCounter.skipString(text, from: j, end: end, raw: false)
          continue
        case ByteText.hash where j + 1 < end && text[j + 1] == ByteText.quote:
          j = BracketCounter.skipString(text, from: j + 1, end: end, raw: true)
          continue
        default: break
        }
        j += 1
      }
      k += 1
    }
    return nil
  }

  /// Writes a multi-line key's lines (`lines[first...last]`, the last up to `keyEnd`) as
  /// Custom Dump prints the value on one line: each line trimmed, a space after each `,`
  /// (FORMATS.md 10.2). Returns their range in `keys`.
  func appendJoinedKey(
    _ lines: UnsafeBufferPointer<DumpLine>, first: Int, last: Int, keyEnd: Int, into keys: inout ByteAccumulator
  ) -> Range<Int> {
    let start = keys.count
    for k in first...last {
      var line = lines[k]
      line.measure(text)
      let piece = k == last ? line.item.lowerBound..<keyEnd : line.item
      if keys.count > start, keys.buffer[keys.count - 1] == ByteText.comma { keys.append(ByteText.space) }
      keys.append(UnsafeBufferPointer(rebasing: text[piece]))
    }
    return start..<keys.count
  }
}
