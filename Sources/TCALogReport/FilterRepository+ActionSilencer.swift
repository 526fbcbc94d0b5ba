import TCALogParsing
import TCALogQuery

/// A team's filter repository is what already silences actions in `report --filters`
/// and `suggest --filters`, and its keep lines what the user ruled signal.
extension FilterRepository: ActionSilencer {
  /// The name of the first silencing entry (in file order) whose pattern matches the path;
  /// nil when none does, when a keep line matches too (the keep line wins), or when a match
  /// hits PCRE2's limits (a pattern that gives up silences nothing rather than everything).
  /// What the user should hear about an answer, `silencingAnswer(forActionPath:)` carries.
  public func silencingEntry(forActionPath actionPath: String) -> String? {
    silencingAnswer(forActionPath: actionPath).entry?.name
  }

  /// The name of the first keep line (in file order) whose pattern matches the path; nil when
  /// none does, or when a match hits PCRE2's limits (which `silencingAnswer` reports).
  public func keepingEntry(forActionPath actionPath: String) -> String? {
    (try? firstEntry(matching: actionPath, kind: .keep))?.name
  }

  /// The entries' names, in file order.
  public var entryNames: [String] { entries.map(\.name) }
}
