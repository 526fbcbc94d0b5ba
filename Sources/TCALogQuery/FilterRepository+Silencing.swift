extension FilterRepository {
  /// The repository's answer for one action path: the entry that silences it, with what the
  /// user should hear about that answer. A question without side effects: asking twice,
  /// from the report and from the suggestions, leaves nothing behind.
  package struct SilencingAnswer: Sendable, Equatable {
    /// The silencing entry that applies: nil when none matches, a keep line matches too
    /// (it wins), or a match hit PCRE2's limits.
    package var entry: Entry?
    /// The silencing entry a keep line overruled, when both match: the keep line wins,
    /// and the user may not know that the two overlap.
    package var keptOverSilencing: KeptOverSilencing?
    /// A match that hit PCRE2's limits: the path counts as not silenced rather than as
    /// silenced, and the answer is not to be trusted.
    package var matchError: MatchError?
  }

  /// What the repository does to `actionPath` (`verdict(forActionPath:)`), as an answer
  /// that carries its warnings.
  package func silencingAnswer(forActionPath actionPath: String) -> SilencingAnswer {
    do {
      switch try verdict(forActionPath: actionPath) {
      case .untouched: return SilencingAnswer()
      case .silenced(let entry): return SilencingAnswer(entry: entry)
      case .kept(let keeping, let silencing):
        return SilencingAnswer(
          keptOverSilencing: silencing.map {
            KeptOverSilencing(actionPath: actionPath, silencing: $0, keeping: keeping)
          })
      }
    } catch {
      return SilencingAnswer(matchError: error)
    }
  }

  /// The warnings of the answers for a log's action paths.
  package struct SilencingWarnings: Sendable, Equatable {
    /// The paths a keep line keeps over a silencing entry, in the order asked.
    package var keptOverSilencing: [KeptOverSilencing] = []
    /// The first failed match of each pattern, in the order met.
    package var matchErrors: [MatchError] = []
    /// How many action paths a match failed for.
    package var failedPaths = 0

    package init() {}
  }

  /// The warnings of the answers for `actionPaths` (each distinct path asked once, in
  /// order): what `report --filters` and `suggest --filters` tell about the log's paths.
  package func silencingWarnings(forActionPaths actionPaths: some Sequence<String>) -> SilencingWarnings {
    var warnings = SilencingWarnings()
    var asked: Set<String> = []
    for path in actionPaths where asked.insert(path).inserted {
      let answer = silencingAnswer(forActionPath: path)
      if let overlap = answer.keptOverSilencing { warnings.keptOverSilencing.append(overlap) }
      if let error = answer.matchError {
        warnings.failedPaths += 1
        if !warnings.matchErrors.contains(where: { $0.pattern == error.pattern }) { warnings.matchErrors.append(error) }
      }
    }
    return warnings
  }
}
