import TCALogSupport

/// The grammar of a filter repository's lines, the one that tcalog (`FilterRepository`,
/// PCRE2) and the app (`FilterFile`, `NSRegularExpression`) both read:
///
///     # comment (a whole line, or `#` after a blank: `#` is common inside patterns, `#1`)
///     hoverActions = ^windows\.window\.hover$   # the pointer over a window
///     keep hoverClose = ^windows\.window\.hover\.close$   # ruled signal: never silenced
///
/// A byte order mark before the first line is not part of it; lines end at LF or CRLF;
/// blank lines and lines whose first non-blank is `#` are skipped. The name is what stands
/// before the first `=`, the pattern what follows it up to a comment (a `#` after a blank),
/// both without the blanks around them. A name that starts with the word `keep` and a blank
/// is a keep line's (`keep = x` stays an entry named `keep`). What the name and pattern must
/// be (an identifier, unique, a pattern that compiles) each reader checks itself.
package enum FilterFileSyntax {
  /// The word that starts a keep line.
  package static let keepWord = "keep"

  /// One line that is neither blank nor a comment.
  package enum Line: Sendable, Equatable {
    /// `name = pattern` or `keep name = pattern`, at its 1-based line.
    case entry(Entry)
    /// A line without `=`, at its 1-based line.
    case withoutEquals(line: Int)
  }

  /// What an entry line says.
  package struct Entry: Sendable, Equatable {
    /// 1-based line in the text.
    package var line: Int
    /// Whether it was `keep name = pattern`.
    package var isKeep: Bool
    /// The name, as written (checked by the reader).
    package var name: String
    /// The pattern, as written, without the comment after it.
    package var pattern: String

    package init(line: Int, isKeep: Bool, name: String, pattern: String) {
      self.line = line
      self.isKeep = isKeep
      self.name = name
      self.pattern = pattern
    }
  }

  /// The lines of `text` that are neither blank nor comments, in order.
  package static func lines(of text: String) -> [Line] {
    var result: [Line] = []
    var number = 0
    // "\r\n" is one Character in Swift: split on both so CRLF files keep their line numbers.
    for rawLine in text.droppingByteOrderMark.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    {
      number += 1
      var line = Substring(rawLine)
      if line.last == "\r" { line = line.dropLast() }
      // Unicode scalars, not Characters: a combining mark after a blank, `=` or `#` forms
      // one Character with it, which would hide the separator or change the pattern when
      // the entry is written back as `name = pattern`.
      let trimmed = line.unicodeScalars.trimmingBlanks()
      if trimmed.isEmpty || trimmed.first == "#" { continue }
      guard let equals = trimmed.firstIndex(of: "=") else {
        result.append(.withoutEquals(line: number))
        continue
      }
      let (isKeep, name) = keepAndName(trimmed[..<equals].trimmingBlanks())
      let pattern = String(droppingComment(trimmed[trimmed.index(after: equals)...].trimmingBlanks()))
      result.append(.entry(Entry(line: number, isKeep: isKeep, name: name, pattern: pattern)))
    }
    return result
  }

  /// `keep NAME` (the word, blanks, the rest) is a keep line's name; anything else is a
  /// silencing entry's name as written.
  private static func keepAndName(_ text: Substring.UnicodeScalarView) -> (Bool, String) {
    let word = keepWord.unicodeScalars
    guard text.starts(with: word) else { return (false, String(text)) }
    let rest = text.dropFirst(word.count)
    guard let blank = rest.first, blank.isBlank else { return (false, String(text)) }
    return (true, String(rest.trimmingBlanks()))
  }

  /// The pattern without a comment: `#` after a blank and all after it, and the blanks
  /// before it. The pattern's first scalar is never a comment's start, so `name = #1`
  /// keeps `#1`.
  package static func droppingComment(_ pattern: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
    var previous: Unicode.Scalar?
    for i in pattern.indices {
      let c = pattern[i]
      if c == "#", previous?.isBlank == true { return pattern[..<i].trimmingBlanks() }
      previous = c
    }
    return pattern
  }
}
