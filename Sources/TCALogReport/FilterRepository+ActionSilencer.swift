import TCALogParsing
import TCALogQuery

/// A team's filter repository is what already silences actions in `report --filters`
/// and `suggest --filters`, and its keep lines what the user ruled signal.
extension FilterRepository: ActionSilencer {
  /// The name of the first silencing entry (in file order) whose pattern matches the path;
  /// nil when none does, when a keep line matches too (the keep line wins: the path is noted
  /// in `keptOverSilencing`), or when a match hits PCRE2's limits (kept in `silencingErrors`).
  public func silencingEntry(forActionPath actionPath: String) -> String? {
    do {
      switch try verdict(forActionPath: actionPath) {
      case .untouched: return nil
      case .silenced(let entry): return entry.name
      case .kept(let keeping, let silencing):
        if let silencing, !keptOverSilencing.contains(where: { $0.actionPath == actionPath }) {
          keptOverSilencing.append(KeptOverSilencing(actionPath: actionPath, silencing: silencing, keeping: keeping))
        }
        return nil
      }
    } catch {
      // A pattern that hits its match limit silences nothing rather than everything; the
      // command reports it.
      silencingErrorCount += 1
      if !silencingErrors.contains(where: { $0.pattern == error.pattern }) { silencingErrors.append(error) }
      return nil
    }
  }

  /// The name of the first keep line (in file order) whose pattern matches the path; nil when
  /// none does, or when a match hits PCRE2's limits (kept in `silencingErrors`).
  public func keepingEntry(forActionPath actionPath: String) -> String? {
    do {
      return try firstEntry(matching: actionPath, kind: .keep)?.name
    } catch {
      silencingErrorCount += 1
      if !silencingErrors.contains(where: { $0.pattern == error.pattern }) { silencingErrors.append(error) }
      return nil
    }
  }

  /// The entries' names, in file order.
  public var entryNames: [String] { entries.map(\.name) }
}
