import TCALogQuery

extension PatternError {
  /// The pattern and a caret under the character where PCRE2 stopped, escaped as
  /// `Messages` writes them, so the caret stands under what the user sees.
  public var caretLines: [String]? {
    guard let offset, offset <= pattern.utf8.count else { return nil }
    let prefix = String(decoding: pattern.utf8.prefix(offset), as: UTF8.self)
    let column = TerminalSafe.escaped(prefix).count
    return ["  " + TerminalSafe.escaped(pattern), "  " + String(repeating: " ", count: column) + "^"]
  }
}
