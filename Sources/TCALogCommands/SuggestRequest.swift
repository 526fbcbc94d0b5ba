import TCALogOutput
import TCALogPipeline
import TCALogQuery
import TCALogReport
import TCALogSuggest
import TCALogSupport

/// `tcalog suggest`: the Swift (or JSON) that silences the noise; with `--append` or
/// `--review`, lines added to the filter repository.
package struct SuggestRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    "Classifies every action path as noise (machine- or pointer-driven: timers, gestures, progress, telemetry), signal (what a person or a system event causes a handful of times) or ambiguous, from the log's evidence: rate and rhythm, no-ops, the state it changes, its share of lines, and its name as weak evidence. Emits one ActionFilter entry per group of noise, never over a signal action; ambiguous actions follow as commented-out entries with their evidence. Standard output is one Swift file: everything but code is in comments."

  /// What standard output gets.
  package enum Format: String, Sendable, CaseIterable { case swift, json }

  package var input = InputSelection()
  /// `--target`, as a share.
  package var target: Double?
  package var style: SuggestStyle = .closure
  /// `--root`: the root action type instead of the log's.
  package var root: String?
  package var depth: Int?
  /// `--include-type`.
  package var includeType = false
  package var format: Format = .swift
  /// `--filters`: the repository read, and written by `append` and `review`.
  package var filters: String?
  /// `--append`: the active suggestions appended to `filters`.
  package var append = false
  /// `--review`: each suggestion and candidate asked on the terminal.
  package var review = false
  /// The classifier's thresholds, when not the defaults (the measuring scripts only).
  package var classifierPolicy: ClassifierPolicy?

  package var usageMistake: String? {
    // NaN: what the command line gave was no share.
    if let target, target.isNaN { return "--target must be a share such as 0.8 or 80%" }
    if let depth, depth < 1 { return "--depth must be at least 1" }
    if let mistake = Self.usageMistake(filters: filters, append: append, review: review, format: format) {
      return mistake
    }
    if let root, SwiftIdentifier.typeName(root) == nil {
      return "--root must be a Swift type name such as AppFeature.Action"
    }
    return nil
  }

  package init(input: InputSelection = InputSelection()) { self.input = input }

  /// Why these options cannot go together (a usage error, status 2), nil when they can.
  /// `--review` with `--append` is refused rather than one of them ignored: a review
  /// writes only its answers, `--append` every active suggestion unasked.
  package static func usageMistake(filters: String?, append: Bool, review: Bool, format: Format) -> String? {
    if append && review {
      return
        "--append and --review exclude each other: --review writes only your answers, --append every active suggestion"
    }
    if append && filters == nil { return "--append needs --filters FILE" }
    if review && filters == nil { return "--review needs --filters FILE, where the answers are written" }
    if review && format == .json { return "--review asks on the terminal: it has no --format json" }
    return nil
  }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    if review {
      // Checked before the log is read: the answer would come only after a long read.
      guard console.inputIsTerminal && console.outputIsTerminal else {
        outcome.error("--review needs a terminal: standard input and output must both be one")
        return outcome.ending(2)
      }
      guard !input.files.isEmpty, !input.files.contains("-") else {
        outcome.error("--review reads your answers on standard input: name the log files")
        return outcome.ending(2)
      }
    }
    var repository: FilterRepository?
    if let filters {
      guard let loaded = outcome.loadRepository(filters, mayBeMissing: append || review) else {
        return outcome.ending(2)
      }
      repository = loaded
    }
    // A review shows a few records of each entry: collected on this read, beside the
    // counts, rather than on a second one (which doubled the wait for the first screen and
    // found nothing in a pipe).
    var sinks = SinkPair(ReportAggregator(collectsShapes: true), ReviewSampleCollector())
    let result: ReadResult
    if review {
      result = try input.stream(in: console).run(into: &sinks)
    } else {
      result = try input.stream(in: console).run(into: &sinks.first)
    }
    let aggregator = sinks.first
    if CommandOutcome.everyInputFailed(result, inputs: input.files) {
      outcome.take(result)
      return outcome.ending(2)
    }
    var options = SuggestOptions()
    options.target = target
    options.depth = depth
    options.root = root
    if let classifierPolicy { options.classifier.policy = classifierPolicy }
    let summary = aggregator.summary()
    let set = Suggester(options: options, silencer: repository).suggest(summary)
    // What the repository's answers for the log's action paths warn of.
    let warnings = repository?.silencingWarnings(forActionPaths: summary.actions.map(\.path))
    for warning in set.warnings.prefix(10) { outcome.warning(warning) }
    outcome.takeKeptOverSilencing(warnings, of: repository)
    if review, let filters {
      if outcome.takeMatchErrors(warnings, of: repository) {
        outcome.error("nothing reviewed: what \(filters) silences is not known")
        return outcome.ending(2)
      }
      SuggestReview(set: set, filters: filters, inputs: input.files)
        .run(samples: sinks.second, in: console, outcome: &outcome)
      if outcome.status != 0 { return outcome }
      let failed = outcome.take(result)
      return outcome.ending(failed ? 2 : 0)
    }
    let printer = SuggestionPrinter(style: style, includeType: includeType, inputs: input.files)
    outcome.finish(format == .json ? printer.json(set) : printer.render(set))
    if outcome.takeMatchErrors(warnings, of: repository) {
      // What the repository silences is not known: suggestions may repeat its entries.
      if append, let filters { outcome.error("nothing appended to \(filters)") }
      outcome.take(result)
      return outcome.ending(2)
    }
    if append, let filters {
      // A key path's entry has no pattern (a pattern selects whole actions).
      let entries = set.suggestions.filter { $0.keyPath == nil }.map {
        FilterRepository.Entry(name: $0.name.replacingScalars("`", with: ""), pattern: $0.regex)
      }
      do {
        // Every active suggestion, which the user takes by asking for --append; the
        // ambiguous ones only through --review, one answer each.
        let added = try FilterRepository.append(entries, toFileAt: filters, comment: "added by tcalog suggest")
        let what =
          added.added.isEmpty ? "no new entries" : NumberText.counted(added.added.count, "entry", "entries")
        outcome.notice("appended \(what) to \(filters)", file: filters)
        let keyPathEntries = set.suggestions.filter { $0.keyPath != nil }
        if !keyPathEntries.isEmpty {
          outcome.notice(SuggestReview.keyPathNotice(keyPathEntries, verb: "not appended"), file: filters)
        }
      } catch {
        outcome.take(error)
        return outcome.ending(2)
      }
    }
    let failed = outcome.take(result)
    return outcome.ending(failed ? 2 : 0)
  }
}
