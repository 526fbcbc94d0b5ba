/// The header of a record (FORMATS.md 2.3), with ranges into the line's content.
package enum Header: Equatable {
  /// `🎬 Received action:` or `Received action:`.
  case diffing
  /// `[PREFIX: ]received action:` (tca0, tca1, or the diffing variant of 4.6).
  case tca(storePrefix: Range<Int>?)
  /// `[PREFIX: ]received action: TEXT`, a one-line `labels` record.
  case labels(storePrefix: Range<Int>?, text: Range<Int>)
}

/// Classifies header and marker lines on bytes (FORMATS.md 2.3). `content` is the line
/// after line-prefix removal; leading and trailing whitespace is ignored.
package enum LineKinds {
  /// A cheap test that lets through every header and almost nothing else: the line ends in
  /// `action:` or holds `action: `. Every line of a record is tested, so it stays small
  /// enough to inline; `header` does the exact work on the few lines it passes.
  @inline(__always)
  static func mayBeHeader(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
    let ending = ByteText.trimmedEnd(text, content)
    guard ending.count >= 16 else { return false }
    if text[ending.upperBound - 1] == ByteText.colon && ByteText.hasSuffix(text, ending, "action:") { return true }
    return mayHoldLabelsHeader(text, ending)
  }

  /// `mayBeHeader` for a scanned line, its ending tested on `LineView.tail`.
  @inline(__always)
  static func mayBeHeader(_ text: UnsafeBufferPointer<UInt8>, _ view: LineView) -> Bool {
    guard view.end - view.content.lowerBound >= 16 else { return false }
    if endsWith(view.tail, Self.actionColon, count: 7) { return true }
    return mayHoldLabelsHeader(text, view.content.lowerBound..<view.end)
  }

  /// `isStateHeader` for a scanned line: most lines fail on their ending.
  @inline(__always)
  static func isStateHeader(_ text: UnsafeBufferPointer<UInt8>, _ view: LineView) -> Bool {
    view.end - view.content.lowerBound >= 6 && endsWith(view.tail, Self.stateColon, count: 6)
      && isStateHeader(text, view.content)
  }

  /// `isNoChange` for a scanned line: most lines fail on their ending.
  @inline(__always)
  static func isNoChange(_ text: UnsafeBufferPointer<UInt8>, _ view: LineView) -> Bool {
    view.end - view.content.lowerBound >= 18 && view.tail == Self.changesParen && isNoChange(text, view.content)
  }

  /// Endings as `tailWord` holds them (`ByteScanTests` checks them against their text).
  /// Computed, not stored: a stored `static let` is initialized lazily, checked at each use.
  static var actionColon: UInt64 { 0x3a6e_6f69_7463_61 }  // "action:"
  static var stateColon: UInt64 { 0x3a65_7461_7453 }  // "State:"
  static var changesParen: UInt64 { 0x2973_6567_6e61_6863 }  // "changes)"

  /// Whether `text` (a line's content) is a line of an action's value that the short ways
  /// take: indented by a space, not blank, not ending like a state header (`State:`) or a
  /// no-change line (`changes)`), which the full way must see. `readsBefore`: the eight
  /// bytes before `text` may be read (the line is not at its block's start), so a short
  /// line's last bytes are one load instead of a byte loop.
  @inline(__always)
  static func isPlainValueLine(_ text: UnsafeBufferPointer<UInt8>, readsBefore: Bool) -> Bool {
    guard text.count >= 2, let base = text.baseAddress, base[0] == ByteText.space else { return false }
    // Most value lines end in `(`, `,`, a letter or a digit: a last byte that is neither
    // blank nor the `:` or `)` the two endings end with says the rest at once.
    let last = base[text.count &- 1]
    if last != ByteText.colon && last != UInt8(ascii: ")") && !ByteText.isBlank(last) { return true }
    let end = ByteText.trimmedEnd(text, 0..<text.count).upperBound
    guard end > 0 else { return false }
    // A short line's word takes in bytes before the line, left as they are: the line starts
    // with a space and neither ending holds one, so no match reaches into them.
    let tail =
      end < 8 && readsBefore ? UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self) : tailWord(text, 0..<end)
    return !endsWith(tail, stateColon, count: 6) && tail != changesParen
  }

  /// The last `count` (≤ 8) bytes of a line are those of `word` (their bytes in order from
  /// the lowest), on the line's `tailWord`.
  @inline(__always)
  static func endsWith(_ tail: UInt64, _ word: UInt64, count: Int) -> Bool {
    tail >> UInt64(64 - 8 * count) == word
  }

  /// The last eight bytes of `range` as one little-endian word (the last byte on top); a
  /// range shorter than eight bytes fills the top with its bytes and leaves zeros below.
  @inline(__always)
  static func tailWord(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    if range.upperBound >= 8 && range.count >= 8 {
      return UnsafeRawPointer(text.baseAddress! + range.upperBound - 8).loadUnaligned(as: UInt64.self)
    }
    var word: UInt64 = 0
    for i in range { word = word >> 8 | UInt64(text[i]) << 56 }
    return word
  }

  package static func header(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Header? {
    // The pre-filter rejects almost every line before its (often long) indentation is trimmed.
    guard mayBeHeader(text, content) else { return nil }
    let ending = ByteText.trimmedEnd(text, content)
    let endsInColon = text[ending.upperBound - 1] == ByteText.colon
    let line = ByteText.trimmed(text, ending)
    guard line.count >= 16 else { return nil }
    if endsInColon {
      if ByteText.hasSuffix(text, line, "Received action:") {
        let start = ByteText.skipEmoji(text, line, third: 0x8E, fourth: 0xAC)
        return start == line.upperBound - 16 ? .diffing : nil
      }
      if ByteText.hasSuffix(text, line, "received action:") {
        if line.count == 16 { return .tca(storePrefix: nil) }
        // "NAME: received action:"
        let beforeSuffix = line.upperBound - 16
        guard beforeSuffix - line.lowerBound >= 3, text[beforeSuffix - 1] == ByteText.space,
          text[beforeSuffix - 2] == ByteText.colon
        else { return nil }
        return .tca(storePrefix: ByteText.trimmed(text, line.lowerBound..<(beforeSuffix - 2)))
      }
    }
    return labelsHeader(text, line)
  }

  /// Whether `action: ` occurs in the line, with a byte after it. The three bytes `n: `
  /// are looked for eight places at a time (one word per byte of the pattern, or-ed: a
  /// place matches where all three are zero), so the colons of labels (`id: 1`) cost
  /// nothing unless an `n` comes before them; `action` is then checked backwards.
  @inline(__always)
  static func mayHoldLabelsHeader(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
    // The word loop reads up to `line.upperBound`.
    assert(line.lowerBound >= 0 && line.upperBound <= text.count, "line outside its text")
    let base = text.baseAddress!
    // "received actio" comes before the `n`; ": " and a character after it.
    var i = line.lowerBound + 14
    let last = line.upperBound - 4  // the last place the `n` can be
    let ones: UInt64 = 0x0101_0101_0101_0101
    while i <= last {
      if i + 10 <= line.upperBound {
        let n = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ (ones &* UInt64(UInt8(ascii: "n")))
        let colon = UnsafeRawPointer(base + i + 1).loadUnaligned(as: UInt64.self) ^ (ones &* UInt64(ByteText.colon))
        let space = UnsafeRawPointer(base + i + 2).loadUnaligned(as: UInt64.self) ^ (ones &* UInt64(ByteText.space))
        let x = n | colon | space
        let bits = (x &- ones) & ~x & (ones &* 0x80)
        if bits == 0 {
          i += 8
          continue
        }
        // The lowest flagged place is exact; the ones after it may be a borrow's.
        i += bits.trailingZeroBitCount >> 3
        guard i <= last else { return false }
      }
      if text[i] == UInt8(ascii: "n") && text[i + 1] == ByteText.colon && text[i + 2] == ByteText.space
        && ByteText.hasSuffix(text, line.lowerBound..<(i + 1), "action")
      {
        return true
      }
      i += 1
    }
    return false
  }

  /// `received action: TEXT` at the start, or after `NAME: `.
  private static func labelsHeader(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Header? {
    let needle: StaticString = "received action: "
    let n = needle.utf8CodeUnitCount
    guard line.count > n else { return nil }
    if ByteText.hasPrefix(text, line, needle) {
      return .labels(storePrefix: nil, text: ByteText.trimmed(text, (line.lowerBound + n)..<line.upperBound))
    }
    // Look for ": received action: " further in; a cheap first-byte scan keeps this fast.
    var i = line.lowerBound + 3
    let last = line.upperBound - n
    while i < last {
      if text[i] == UInt8(ascii: "r"), text[i - 1] == ByteText.space, text[i - 2] == ByteText.colon,
        ByteText.hasPrefix(text, i..<line.upperBound, needle)
      {
        let rest = ByteText.trimmed(text, (i + n)..<line.upperBound)
        guard !rest.isEmpty else { return nil }
        return .labels(storePrefix: ByteText.trimmed(text, line.lowerBound..<(i - 2)), text: rest)
      }
      i += 1
    }
    return nil
  }

  /// `🖨️ State:` or `State:`.
  static func isStateHeader(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
    guard ByteText.hasSuffix(text, ByteText.trimmedEnd(text, content), "State:") else { return false }
    let line = ByteText.trimmed(text, content)
    return ByteText.skipEmoji(text, line, third: 0x96, fourth: 0xA8) == line.upperBound - 6
  }

  /// `🖨️ (No state changes)`, `  (No state changes)` or `(No state changes)`.
  static func isNoChange(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
    guard ByteText.hasSuffix(text, ByteText.trimmedEnd(text, content), "(No state changes)") else { return false }
    let line = ByteText.trimmed(text, content)
    return ByteText.skipEmoji(text, line, third: 0x96, fourth: 0xA8) == line.upperBound - 18
  }
}
