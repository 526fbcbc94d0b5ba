import ArgumentParser
import TCALogKit
import TCALogSupport

extension SuggestStyle: ExpressibleByArgument {}

struct SuggestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest",
    abstract: "Suggest Swift ActionFilter code that silences the noise and keeps the signal.",
    discussion:
      "Classifies every action path as noise (machine- or pointer-driven: timers, gestures, progress, telemetry), signal (what a person or a system event causes a handful of times) or ambiguous, from the log's evidence: rate and rhythm, no-ops, the state it changes, its share of lines, and its name as weak evidence. Emits one ActionFilter entry per group of noise, never over a signal action; ambiguous actions follow as commented-out entries with their evidence. Standard output is one Swift file: everything but code is in comments."
  )

  enum Format: String, ExpressibleByArgument, CaseIterable { case swift, json }

  @Option(
    name: .long,
    help:
      "A floor (0.8 or 80%): say so when the suggestions remove less of the lines, and why (signal is never silenced to reach it)."
  )
  var target: String?

  @Option(
    name: .long,
    help:
      "Code style: closure (ActionFilter with if-case patterns) or casepath (TCA 1.x @CasePathable key paths where they reach the action, if-case patterns elsewhere)."
  )
  var style: SuggestStyle = .closure

  @Option(name: .long, help: "Use this root action type instead of the one in the log.")
  var root: String?

  @Option(name: .long, help: "Group action paths no deeper than N segments.")
  var depth: Int?

  @Flag(
    name: .long, help: "Also emit the ActionFilter type (closure style) or the TCA 1.x support code (casepath style).")
  var includeType = false

  @Option(name: .long, help: "Output: swift (a source file) or json (the same suggestions as data).")
  var format: Format = .swift

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Do not suggest again what this filter repository already silences, nor what its keep lines keep.",
      valueName: "file"),
    completion: .file())
  var filters: String?

  @Flag(
    name: .long,
    help:
      "Append the new active suggestions (not the commented-out ones) as 'name = pattern' lines to the --filters file.")
  var append = false

  @Flag(
    name: .long,
    help:
      "Walk the suggestions and the ambiguous candidates on the terminal, one at a time (y silence, n keep, s skip, q quit), and write the answers to the --filters file: 'name = pattern' and 'keep name = pattern' lines."
  )
  var review = false

  /// For the measuring scripts only (Tests/Simulator): thresholds of the classifier other
  /// than the defaults, `name=value,…` (`ClassifierPolicy`).
  @Option(name: .long, help: .hidden)
  var classifierPolicy: String?

  @OptionGroup var input: InputOptions

  func validate() throws {
    if let target, ShareArgument.parse(target) == nil {
      throw ValidationError("--target must be a share such as 0.8 or 80%")
    }
    if let depth, depth < 1 { throw ValidationError("--depth must be at least 1") }
    if append && filters == nil { throw ValidationError("--append needs --filters FILE") }
    if review && filters == nil {
      throw ValidationError("--review needs --filters FILE, where the answers are written")
    }
    if review && format == .json { throw ValidationError("--review asks on the terminal: it has no --format json") }
    if let root, SwiftIdentifier.typeName(root) == nil {
      throw ValidationError("--root must be a Swift type name such as AppFeature.Action")
    }
  }

  func run() throws {
    if review {
      // Checked before the log is read: the answer would come only after a long read.
      guard ReviewTerminal.isAvailable else {
        Diagnostics.error("--review needs a terminal: standard input and output must both be one")
        throw ExitCode(2)
      }
      guard !input.files.isEmpty, !input.files.contains("-") else {
        Diagnostics.error("--review reads your answers on standard input: name the log files")
        throw ExitCode(2)
      }
    }
    let repository = try filters.map { try FilterRepositoryLoader.load($0, mayBeMissing: append || review) }
    var aggregator = ReportAggregator(collectsShapes: true)
    let result = try input.stream().run(into: &aggregator)
    if Diagnostics.everyInputFailed(result, inputs: input.files) {
      _ = Diagnostics.report(result)
      throw ExitCode(2)
    }
    var options = SuggestOptions()
    options.target = target.flatMap(ShareArgument.parse)
    options.depth = depth
    options.root = root
    if let classifierPolicy {
      do throws(ClassifierPolicy.PolicyError) {
        options.classifier.policy = try ClassifierPolicy(overrides: classifierPolicy)
      } catch {
        Diagnostics.error(error.description)
        throw ExitCode(2)
      }
    }
    let set = Suggester(options: options, silencer: repository).suggest(aggregator.summary())
    for warning in set.warnings.prefix(10) { Diagnostics.warning(warning) }
    FilterRepositoryLoader.warnKeptOverSilencing(repository)
    if review, let filters {
      if FilterRepositoryLoader.reportMatchErrors(repository) {
        Diagnostics.error("nothing reviewed: what \(filters) silences is not known")
        throw ExitCode(2)
      }
      try SuggestReview(set: set, filters: filters, inputs: input.files).run(reading: input.stream())
      if Diagnostics.report(result) { throw ExitCode(2) }
      return
    }
    let printer = SuggestionPrinter(style: style, includeType: includeType, inputs: input.files)
    let out = OutputBuffer()
    try out.write(format == .json ? printer.json(set) : printer.render(set))
    try out.flush()
    if FilterRepositoryLoader.reportMatchErrors(repository) {
      // What the repository silences is not known: suggestions may repeat its entries.
      if append, let filters { Diagnostics.error("nothing appended to \(filters)") }
      _ = Diagnostics.report(result)
      throw ExitCode(2)
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
        Diagnostics.write("tcalog: appended \(what) to \(filters)\n")
      } catch {
        for issue in error.issues { Diagnostics.error(issue.description) }
        throw ExitCode(2)
      }
    }
    if Diagnostics.report(result) { throw ExitCode(2) }
  }
}
