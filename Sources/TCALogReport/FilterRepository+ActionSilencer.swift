import TCALogParsing
import TCALogPipeline
import TCALogQuery

/// A team's filter repository is what already silences actions in `report --filters`
/// and `suggest --filters`.
extension FilterRepository: ActionSilencer {
  /// The name of the first entry (in file order) whose pattern matches the path; nil when none
  /// does, or when a match hits PCRE2's limits.
  public func silencingEntry(forActionPath actionPath: String) -> String? {
    // A pattern that hits its match limit silences nothing rather than everything.
    (try? firstEntry(matching: actionPath))??.name
  }

  /// The entries' names, in file order.
  public var entryNames: [String] { entries.map(\.name) }
}
