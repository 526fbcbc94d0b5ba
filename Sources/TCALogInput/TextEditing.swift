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
