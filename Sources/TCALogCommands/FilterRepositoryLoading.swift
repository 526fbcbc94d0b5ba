import TCALogOutput
import TCALogQuery
import TCALogReport
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandOutcome {
  /// Loads the filter repository of `--filters`, taking its app-side warnings; nil with
  /// every bad line taken as an error when it cannot be read (the command ends with 2).
  /// A repository that `mayBeMissing` (one `--append` or `--review` will create) is empty
  /// when there is no file.
  package mutating func loadRepository(_ path: String, mayBeMissing: Bool = false) -> FilterRepository? {
    if mayBeMissing && access(path, F_OK) != 0 { return FilterRepository(file: path) }
    do {
      let repository = try FilterRepository.load(path: path)
      for issue in repository.appSideIssues { warning(issue.description, file: issue.file, line: issue.line) }
      return repository
    } catch {
      take(error)
      return nil
    }
  }

  /// Takes every bad line of a filter repository as an error.
  package mutating func take(_ error: FilterRepositoryError) {
    for issue in error.issues {
      self.error(issue.description, file: issue.file, line: issue.line > 0 ? issue.line : nil)
    }
    // An append that could not be made: its lines, on standard error (standard output may
    // be the Swift file suggest writes), so that no answer is lost.
    if !error.unwrittenText.isEmpty, let file = error.issues.first?.file {
      notice("not written to \(file); the lines to add by hand:", file: file)
      continuation(error.unwrittenText.split(separator: "\n").map { TerminalSafe.escaped(String($0)) })
    }
  }

  /// Takes the matches of a `--filters` repository that hit PCRE2's limits while it
  /// answered for the log's action paths (which left those paths not silenced), as
  /// `filter` reports its own; returns whether any did.
  package mutating func takeMatchErrors(
    _ warnings: FilterRepository.SilencingWarnings?, of repository: FilterRepository?
  )
    -> Bool
  {
    guard let warnings, let repository, warnings.failedPaths > 0 else { return false }
    for error in warnings.matchErrors { self.error("\(repository.file): \(error.description)", file: repository.file) }
    let count = warnings.failedPaths
    self.error(
      "\(NumberText.counted(count, "match", "matches")) failed; \(count == 1 ? "that action path was" : "those action paths were") treated as not silenced"
    )
    return true
  }

  /// Warns about the action paths of the log that an entry of a `--filters` repository
  /// would silence and a keep line keeps: the keep line wins, and the user may not know
  /// that the two overlap.
  package mutating func takeKeptOverSilencing(
    _ warnings: FilterRepository.SilencingWarnings?, of repository: FilterRepository?
  ) {
    guard let warnings, let repository else { return }
    let overlaps = warnings.keptOverSilencing
    for overlap in overlaps.prefix(10) {
      let silencing = overlap.silencing
      let keeping = overlap.keeping
      warning(
        "\(repository.file):\(keeping.line): keep line '\(keeping.name)' keeps \(TerminalSafe.escaped(overlap.actionPath)), "
          + "which '\(silencing.name)' (line \(silencing.line)) would silence: kept", file: repository.file,
        line: keeping.line)
    }
    if overlaps.count > 10 {
      warning("… and \(NumberText.counted(overlaps.count - 10, "more action path"))")
    }
  }
}
