import TCALogSupport

/// Text from a log in GitHub-flavoured markdown, written in one place for `report` and
/// `compare`.
package enum Markdown {
  /// `text` as an inline code span in a table cell that nothing in it can end: control
  /// characters escaped as on a terminal (`TerminalSafe`, so no line break either), `|`
  /// escaped for the table (GitHub reads `\|` as `|` inside a span too), and a fence of one
  /// backtick more than the longest run of backticks in the text, with a space inside
  /// each end when the text starts or ends with a backtick (CommonMark removes one). A
  /// backslash is no escape inside a code span: `` \` `` ended the span and let the rest
  /// render as markdown and HTML.
  package static func code(_ text: String) -> String {
    let body = TerminalSafe.escaped(text).replacingScalars("|", with: "\\|")
    var longest = 0
    var run = 0
    for byte in body.utf8 {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = body.utf8.first == UInt8(ascii: "`") || body.utf8.last == UInt8(ascii: "`")
    return padded ? fence + " " + body + " " + fence : fence + body + fence
  }

  /// Plain text in a table cell (not in a code span): control characters escaped, and `|`
  /// and `` ` `` backslash-escaped.
  package static func cell(_ text: String) -> String {
    TerminalSafe.escaped(text).replacingScalars("|", with: "\\|").replacingScalars("`", with: "\\`")
  }
}
