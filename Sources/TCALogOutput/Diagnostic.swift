/// Something a command tells its user besides its output: an error, a warning, a notice,
/// as a value. The application layer gathers them in a command's outcome; only `text`
/// makes bytes of them, the one place their form is decided.
package struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
  /// How much it matters.
  package enum Severity: Equatable, Sendable {
    /// Something failed: the command exits 2 (or says why it does not).
    case error
    /// Worth knowing; the exit status does not change.
    case warning
    /// A notice that is neither (`appended 2 entries to .tcalog-filters`).
    case notice
    /// Lines that belong to the diagnostic before them, as they are (a caret under the
    /// place a pattern failed); the caller made them safe for a terminal.
    case continuation
  }

  /// How much it matters.
  package var severity: Severity
  /// The message as the user reads it, location included where the sentence has one
  /// (`app.log:12: unbalanced brackets`).
  package var message: String
  /// The file it is about (a log, a filter repository, a budget), when there is one.
  package var file: String?
  /// The line of `file` it is about, when there is one.
  package var line: Int?

  package init(_ severity: Severity, _ message: String, file: String? = nil, line: Int? = nil) {
    self.severity = severity
    self.message = message
    self.file = file
    self.line = line
  }

  /// An error.
  package static func error(_ message: String, file: String? = nil, line: Int? = nil) -> Diagnostic {
    Diagnostic(.error, message, file: file, line: line)
  }

  /// A warning.
  package static func warning(_ message: String, file: String? = nil, line: Int? = nil) -> Diagnostic {
    Diagnostic(.warning, message, file: file, line: line)
  }

  /// A notice.
  package static func notice(_ message: String, file: String? = nil) -> Diagnostic {
    Diagnostic(.notice, message, file: file)
  }

  /// The bytes standard error gets: one line, prefixed `tcalog: error:`, `tcalog: warning:`
  /// or `tcalog:`, escaped (a message may quote log text, a pattern or a file name), so
  /// that no caller has to; continuation lines as they are.
  package var text: String {
    switch severity {
    case .error: return "tcalog: error: " + TerminalSafe.escaped(message) + "\n"
    case .warning: return "tcalog: warning: " + TerminalSafe.escaped(message) + "\n"
    case .notice: return "tcalog: " + TerminalSafe.escaped(message) + "\n"
    case .continuation: return message + "\n"
    }
  }

  package var description: String { String(text.dropLast()) }
}
