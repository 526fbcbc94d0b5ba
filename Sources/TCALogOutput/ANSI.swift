/// The terminal control sequences tcalog writes itself, named in one place: SGR colours
/// (filter highlights, the text report) and the cursor movement of the live report. Text
/// from a log never carries any to the terminal (`TerminalSafe` escapes ESC).
package enum ANSI {
  /// Ends every colour.
  package static let reset = "\u{1B}[0m"
  package static let bold = "\u{1B}[1m"
  package static let dim = "\u{1B}[2m"
  /// grep's colour for matches.
  package static let boldRed = "\u{1B}[01;31m"
  package static let green = "\u{1B}[32m"
  package static let magenta = "\u{1B}[35m"
  package static let cyan = "\u{1B}[36m"

  /// `text` in `color` (an SGR sequence above), then reset.
  package static func colored(_ text: String, _ color: String) -> String { color + text + reset }

  /// To the top-left corner of the screen.
  package static let cursorHome = "\u{1B}[H"
  /// To the start of the line `lines` above.
  package static func cursorUp(_ lines: Int) -> String { "\u{1B}[\(lines)F" }
  /// Clears from the cursor to the end of its line.
  package static let clearToLineEnd = "\u{1B}[K"
  /// Clears from the cursor to the end of the screen.
  package static let clearBelow = "\u{1B}[J"
  /// Hides the cursor while a frame is redrawn (DECTCEM).
  package static let hideCursor = "\u{1B}[?25l"
  /// Shows it again.
  package static let showCursor = "\u{1B}[?25h"

  /// A line without its SGR sequences (`ESC [` … `m`).
  package static func withoutColor(_ line: String) -> String {
    var out = ""
    var inEscape = false
    for scalar in line.unicodeScalars {
      if scalar == "\u{1B}" {
        inEscape = true
        continue
      }
      if inEscape {
        if scalar == "m" { inEscape = false }
        continue
      }
      out.unicodeScalars.append(scalar)
    }
    return out
  }
}
