import TCALogParsing
import TCALogPipeline
import TCALogQuery

/// A team's filter repository is what already silences actions in `report --filters`
/// and `suggest --filters`.
extension FilterRepository: ActionSilencer {
  /// The name of the first entry (in file order) whose pattern matches the path; nil when none
  /// does, or when a match hits PCRE2's limits (kept in `silencingErrors`).
  public func silencingEntry(forActionPath actionPath: String) -> String? {
    do {
      return try firstEntry(matching: actionPath)?.name
    } catch {
      // A pattern that hits its match limit silences nothing rather than everything; the
      // command reports it.
      silencingErrorCount += 1
      if !silencingErrors.contains(where: { $0.pattern == error.pattern }) { silencingErrors.append(error) }
      return nil
    }
  }

  /// The entries' names, in file order.
  public var entryNames: [String] { entries.map(\.name) }
}
