import TCALogQuery

extension PatternError {
  /// The pattern and a caret under the character where PCRE2 stopped, escaped as
  /// `Messages` writes them, so the caret stands under what the user sees.
  /// Of a long pattern, the part around the offset that the message shows.
  package var caretLines: [String]? {
    let shown = excerpt
    guard let offset = shown.offset, offset <= shown.text.utf8.count else { return nil }
    let prefix = String(decoding: shown.text.utf8.prefix(offset), as: UTF8.self)
    let column = TerminalSafe.escaped(prefix).count
    return ["  " + TerminalSafe.escaped(shown.text), "  " + String(repeating: " ", count: column) + "^"]
  }
}
