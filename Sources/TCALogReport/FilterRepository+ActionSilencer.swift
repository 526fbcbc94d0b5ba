import TCALogParsing
import TCALogPipeline
import TCALogQuery

/// A team's filter repository is what already silences actions in `report --filters`
/// and `suggest --filters`.
extension FilterRepository: ActionSilencer {
  public func silencingEntry(forActionPath actionPath: String) -> String? {
    // A pattern that hits its match limit silences nothing rather than everything.
    (try? firstEntry(matching: actionPath))??.name
  }

  public var entryNames: [String] { entries.map(\.name) }
}
