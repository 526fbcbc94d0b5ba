/// The header of a record (FORMATS.md 2.3), with ranges into the line's content.
enum Header: Equatable {
  /// `🎬 Received action:` or `Received action:`.
  case diffing
  /// `[PREFIX: ]received action:` (tca0, tca1, or the diffing variant of 4.6).
  case tca(storePrefix: Range<Int>?)
  /// `[PREFIX: ]received action: TEXT`, a one-line `labels` record.
  case labels(storePrefix: Range<Int>?, text: Range<Int>)
}

/// Classifies header and marker lines on bytes (FORMATS.md 2.3). `content` is the line
/// after line-prefix removal; leading and trailing whitespace is ignored.
enum LineKinds {
  static func header(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Header? {
    let line = ByteText.trimmed(text, content)
    guard line.count >= 16 else { return nil }
    if text[line.upperBound - 1] == ByteText.colon {
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
    let line = ByteText.trimmed(text, content)
    guard line.count >= 6, ByteText.hasSuffix(text, line, "State:") else { return false }
    return ByteText.skipEmoji(text, line, third: 0x96, fourth: 0xA8) == line.upperBound - 6
  }

  /// `🖨️ (No state changes)`, `  (No state changes)` or `(No state changes)`.
  static func isNoChange(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
    let line = ByteText.trimmed(text, content)
    guard line.count >= 18, ByteText.hasSuffix(text, line, "(No state changes)") else { return false }
    return ByteText.skipEmoji(text, line, third: 0x96, fourth: 0xA8) == line.upperBound - 18
  }
}
