// Foundation's string editing without Foundation (see Lock.swift for why).

extension StringProtocol {
  /// The text without the blanks at either end: tabs and space separators (Unicode Zs),
  /// what Foundation's `trimmingCharacters(in: .whitespaces)` trims.
  package func trimmingBlanks() -> String {
    func isBlank(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = String(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isBlank($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}

extension String {
  /// Every occurrence of `target` replaced, compared scalar by scalar, as Foundation's
  /// `replacingOccurrences(of:with:)` compares UTF-16 units: the standard library's
  /// `replacing(_:with:)` compares Characters, and so misses the `\n` of a `\r\n` (one
  /// Character), which escaping must not.
  package func replacingScalars(_ target: String, with replacement: String) -> String {
    String(String.UnicodeScalarView(unicodeScalars.replacing(target.unicodeScalars, with: replacement.unicodeScalars)))
  }
}

extension String {
  /// The text without a leading byte order mark (U+FEFF), which Windows editors write at the
  /// start of UTF-8 files: every file tcalog reads (budgets, filter repositories, saved
  /// reports) starts after it, or it would join the first pattern.
  package var droppingByteOrderMark: Substring {
    unicodeScalars.first == "\u{FEFF}" ? self[unicodeScalars.index(after: unicodeScalars.startIndex)...] : self[...]
  }
}

/// The three bytes of a UTF-8 byte order mark (`String.droppingByteOrderMark`'s U+FEFF).
package let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
