// Foundation's string editing without Foundation (see Lock.swift for why).

extension Unicode.Scalar {
  /// A blank, as Unicode's `[[:blank:]]`: a tab or a space separator (Zs: the space, the
  /// no-break space that Option-Space types on a Mac, the ideographic space, …). What
  /// Foundation's `.whitespaces` holds; blanks separate and end the parts of every line
  /// tcalog reads from a file written by hand (budgets, filter repositories) or an option.
  package var isBlank: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }
}

extension StringProtocol {
  /// The text without the blanks (`isBlank`) at either end, compared scalar by scalar:
  /// what Foundation's `trimmingCharacters(in: .whitespaces)` trims.
  package func trimmingBlanks() -> String {
    let scalars = String(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.isBlank }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.isBlank })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}

extension Substring.UnicodeScalarView {
  /// The scalars without the blanks (`isBlank`) at either end (`trimmingBlanks()` of a
  /// line that is read scalar by scalar, as filter repositories are).
  package func trimmingBlanks() -> Substring.UnicodeScalarView {
    var scalars = self
    while let first = scalars.first, first.isBlank { scalars = scalars.dropFirst() }
    while let last = scalars.last, last.isBlank { scalars = scalars.dropLast() }
    return scalars
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

extension StringProtocol {
  /// Whether the text is a plain Swift identifier, `[A-Za-z_][A-Za-z0-9_]*` and not a lone
  /// `_`: the names of filter repository entries (tcalog's and the app's), and the only
  /// names from a log that reach generated code. ASCII only: a name must read the same in
  /// every editor, and a keyword is the caller's to escape.
  package var isPlainIdentifier: Bool {
    guard let first = utf8.first, !(utf8.count == 1 && first == UInt8(ascii: "_")) else { return false }
    func isStart(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }
    return isStart(first) && utf8.allSatisfy { isStart($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
  }
}
