/// `--color auto|always|never`, for every command that colours.
package enum ColorChoice: String, Sendable, CaseIterable {
  case auto, always, never
}

/// Decides once whether text output is coloured.
package enum ColorPolicy {
  /// `auto` colours only a terminal, with `NO_COLOR` unset or empty and `TERM` set and not
  /// `dumb`; `always` wins over the environment.
  package static func resolve(_ choice: ColorChoice, environment: [String: String], isTerminal: Bool) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      return isTerminal && TerminalType.understandsEscapes(environment)
    }
  }
}

/// What `TERM` says of the terminal.
package enum TerminalType {
  /// Whether escape sequences (colours, cursor moves) work: `TERM` set, not empty and not
  /// `dumb` (Emacs' shell, some CI logs). Colours (`--color auto`) and the frames of
  /// `report --live` both ask it.
  package static func understandsEscapes(_ environment: [String: String]) -> Bool {
    guard let term = environment["TERM"], !term.isEmpty else { return false }
    return term != "dumb"
  }
}
