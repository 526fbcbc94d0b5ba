/// One segment of a state path (FORMATS.md 10.2). Ranges point into the record's raw bytes.
enum PathSegment {
  /// `name`; normalized without one leading `_`.
  case property(Range<Int>)
  /// `[K]` (dictionary key, quotes already removed); normalized `[*]`.
  case key(Range<Int>)
  /// `[K]` of a key printed over several lines, joined on one line in a buffer of its own
  /// (the `keys` of `addPath`); normalized `[*]`.
  case joinedKey(Range<Int>)
  /// `[i]` from a counted position; normalized `[*]`.
  case index(Int)
  /// `.c`, a same-case enum payload or the root enum case.
  case enumCase(Range<Int>)
  /// `.0`, `.1`: an unlabeled value among several. `frame` identifies the payload whose
  /// count decides whether the segment is shown (a single unlabeled value adds nothing);
  /// -1 means always shown (Difference's explicit `.0:`).
  case tuple(Int, frame: Int)
}

/// The bytes the parser derives from a record (action text, paths, values), appended after
/// the raw bytes in the record's storage: ranges are offset by `base`.
struct DerivedText: ~Copyable {
  var bytes: ByteAccumulator
  let base: Int

  init(base: Int) {
    bytes = ByteAccumulator(capacity: 512)
    self.base = base
  }

  /// Writes into `buffer`, emptied: the scanner hands each record the last one's buffer
  /// (`takeBuffer`), one allocation less per record.
  init(base: Int, reusing buffer: consuming ByteAccumulator) {
    buffer.removeAll()
    bytes = buffer
    self.base = base
  }

  /// Goes on writing after the bytes already in `buffer` (an action part read ahead).
  init(base: Int, continuing buffer: consuming ByteAccumulator) {
    bytes = buffer
    self.base = base
  }

  /// The buffer, for the next record.
  consuming func takeBuffer() -> ByteAccumulator { bytes }

  var position: Int { bytes.count }

  func range(from start: Int) -> TextRange { TextRange(start: base + start, count: bytes.count - start) }

  mutating func append(_ text: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) {
    bytes.append(UnsafeBufferPointer(rebasing: text[r]))
  }

  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  mutating func append(decimal value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      append(decimal: -value)
      return
    }
    if value >= 10 { append(decimal: value / 10) }
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  mutating func add(_ text: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> TextRange {
    let start = position
    append(text, r)
    return range(from: start)
  }

  /// `value` followed by a newline and `text[line]`. In place when `value` is the last
  /// text written (a value and its continuation lines), else as a new copy.
  mutating func extend(_ value: TextRange, withLine text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> TextRange {
    assert(value.start >= base && value.end <= base + position, "value outside the derived bytes")
    var start = value.start
    if value.end != base + position {
      let copy = Array(bytes.buffer[(value.start - base)..<(value.end - base)])
      start = base + position
      copy.withUnsafeBufferPointer { bytes.append($0) }
    }
    append(0x0A)
    append(text, line)
    return TextRange(start: start, count: base + position - start)
  }

  mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) -> TextRange {
    let start = position
    self.bytes.append(bytes)
    return range(from: start)
  }

  mutating func add(_ bytes: [UInt8]) -> TextRange {
    let start = position
    bytes.withUnsafeBufferPointer { self.bytes.append($0) }
    return range(from: start)
  }

  /// Writes the raw and the normalized path of `segments[span]`; `showsTuple(frame)` says
  /// whether a frame's unlabeled values are numbered. The parsers' scratch buffer and a
  /// range, not a slice (which retains its array) nor a buffer from a closure (which made
  /// the callers' `inout` captures checked at run time): both diff parsers write a path for
  /// every change.
  mutating func addPath(
    _ segments: UnsafeBufferPointer<PathSegment>, _ span: Range<Int>, _ text: UnsafeBufferPointer<UInt8>,
    keys: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0),
    showsTuple: (Int) -> Bool = { _ in true }
  ) -> (path: TextRange, normalized: TextRange) {
    let pathStart = position
    writePath(segments, span, text, keys: keys, normalized: false, showsTuple: showsTuple)
    let path = range(from: pathStart)
    let normalizedStart = position
    writePath(segments, span, text, keys: keys, normalized: true, showsTuple: showsTuple)
    return (path, range(from: normalizedStart))
  }

  private mutating func writePath(
    _ segments: UnsafeBufferPointer<PathSegment>, _ span: Range<Int>, _ text: UnsafeBufferPointer<UInt8>,
    keys: UnsafeBufferPointer<UInt8>, normalized: Bool,
    showsTuple: (Int) -> Bool
  ) {
    var first = true
    for index in span {
      let segment = segments[index]
      switch segment {
      case .property(let r):
        if !first { append(ByteText.dot) }
        var r = r
        if normalized, r.count > 1, text[r.lowerBound] == UInt8(ascii: "_") { r = (r.lowerBound + 1)..<r.upperBound }
        append(text, r)
      case .key(let r):
        append(UInt8(ascii: "["))
        if normalized { append(UInt8(ascii: "*")) } else { append(text, r) }
        append(UInt8(ascii: "]"))
      case .joinedKey(let r):
        append(UInt8(ascii: "["))
        if normalized { append(UInt8(ascii: "*")) } else { append(keys, r) }
        append(UInt8(ascii: "]"))
      case .index(let i):
        append(UInt8(ascii: "["))
        if normalized { append(UInt8(ascii: "*")) } else { append(decimal: i) }
        append(UInt8(ascii: "]"))
      case .enumCase(let r):
        if !first { append(ByteText.dot) }
        append(text, r)
      case .tuple(let i, let frame):
        guard frame < 0 || showsTuple(frame) else { continue }
        if !first { append(ByteText.dot) }
        append(decimal: i)
      }
      first = false
    }
  }
}
