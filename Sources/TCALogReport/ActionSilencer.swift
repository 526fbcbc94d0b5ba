/// Something that already silences actions, such as a filter repository (`name = PCRE2
/// pattern` lines matched against action paths). The report marks the rows it silences and
/// the share of the log it removes; `suggest` does not suggest what it already silences.
public protocol ActionSilencer {
  /// The name of the entry that silences `actionPath`, nil when none does.
  func silencingEntry(forActionPath actionPath: String) -> String?
  /// Names already taken by entries (new suggestions get other names).
  var entryNames: [String] { get }
  /// The name of the entry that rules `actionPath` signal (a filter repository's keep
  /// line), nil when none does: never silenced, never suggested.
  func keepingEntry(forActionPath actionPath: String) -> String?
}

extension ActionSilencer {
  /// No keep lines.
  public func keepingEntry(forActionPath actionPath: String) -> String? { nil }
}

/// The simplest silencer: named action-path prefixes (`windows.window.hover` silences
/// `windows.window.hover` and `windows.window.hover.entered`). For tests and for callers
/// without a regex engine.
package struct PrefixSilencer: ActionSilencer, Sendable {
  package var entries: [(name: String, prefix: String)]
  package init(_ entries: [(name: String, prefix: String)]) { self.entries = entries }
  package func silencingEntry(forActionPath actionPath: String) -> String? {
    entries.first { actionPath == $0.prefix || actionPath.hasPrefix($0.prefix + ".") }?.name
  }
  package var entryNames: [String] { entries.map(\.name) }
}
