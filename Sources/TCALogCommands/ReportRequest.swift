import TCALogInput
import TCALogOutput
import TCALogPipeline
import TCALogQuery
import TCALogReport
import TCALogSuggest

/// `tcalog report`: what fills the log, as a finished text (or a live table).
package struct ReportRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    "Counts complete records per action path (records, share of records, share of log lines, no-op share, changed state paths per record) and per normalized state path. Without --depth the actions show as a tree whose parents are left out when one child holds almost all of them."

  package var input = InputSelection()
  /// Row order and grouping: `--by`.
  package var order: ReportOrder = .lines
  /// `--depth`.
  package var depth: Int?
  /// `--top`; nil: 15 in text and markdown, every row in json, csv and html.
  package var top: Int?
  /// `--min-share`, as a share (0.02).
  package var minShare = 0.0
  package var format: ReportFormat = .text
  /// `-o`: the file the finished report goes to.
  package var outputFile: String?
  package var color: ColorChoice = .auto
  /// `--filters`: the repository whose entries are marked.
  package var filters: String?
  /// `--live`: redraw the actions table while records arrive.
  package var live = false
  /// `--follow`: read the file as it grows (implies live).
  package var follow = false

  package var usageMistake: String? {
    if follow && input.files.count != 1 { return "--follow needs exactly one file" }
    if (live || follow) && format != .text {
      return
        "--live and --follow redraw a text table; for --format \(format.rawValue), run without them on the finished log"
    }
    if let depth, depth < 1 { return "--depth must be a positive number" }
    if outputFile != nil && (live || follow) { return "--output writes the finished report; --live redraws a terminal" }
    if let top, top < 1 { return "--top must be a positive number" }
    // NaN: what the command line gave was no share.
    if minShare.isNaN { return "--min-share must be a share such as 0.02 or 2%" }
    return nil
  }

  package init(input: InputSelection = InputSelection()) { self.input = input }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    var repository: FilterRepository?
    if let filters {
      guard let loaded = outcome.loadRepository(filters) else { return outcome.ending(2) }
      repository = loaded
    }
    var options = ReportOptions()
    options.order = order
    options.depth = depth
    // Machine formats carry every row unless asked for fewer; so does the page's JSON (its
    // tables show the first rows).
    options.top = top ?? (format == .json || format == .csv || format == .html ? Int.max : 15)
    options.minShare = minShare
    let printer = ReportPrinter(
      format: format,
      color: ColorPolicy.resolve(color, environment: console.environment, isTerminal: console.outputIsTerminal),
      width: console.columns())

    if live || follow {
      // Before the frames: a warning of the repository is not hidden until the read ends.
      console.deliverDiagnostics(&outcome)
      var liveReport = LiveReport(
        options: options, printer: printer, silencer: repository,
        redraws: console.outputIsTerminal && TerminalType.understandsEscapes(console.environment)
          && format == .text, fillsHeight: top == nil)
      // Ctrl-C ends the read; the live report then prints the full report.
      Interruption.install()
      liveReport.start()
      // The cursor comes back on every way out, an error included.
      defer { liveReport.restoreTerminal() }
      let result = try input.stream(in: console, follow: follow).run(into: &liveReport)
      var failed = outcome.take(result)
      // The repository's answers for the log's action paths, asked once more for what
      // they warn of (asking leaves nothing behind in it).
      let warnings = repository?.silencingWarnings(forActionPaths: liveReport.actionPaths)
      outcome.takeKeptOverSilencing(warnings, of: repository)
      if outcome.takeMatchErrors(warnings, of: repository) { failed = true }
      if Interruption.received { return outcome.ending(Interruption.exitStatus) }
      return outcome.ending(failed ? 2 : 0)
    }

    let text: String
    let result: ReadResult
    let actionPaths: [String]
    if format == .html {
      // One read for the numbers, the suggestions' shapes, the timeline and the chains.
      var pair = NumberedSinkPair(
        SinkPair(ReportAggregator(collectsShapes: true), RunProfiler(source: input.files.joined(separator: ", "))),
        ChainsCollector())
      result = try input.stream(in: console).run(into: &pair)
      let sinks = pair.first
      let summary = sinks.first.summary()
      actionPaths = summary.actions.map(\.path)
      let report = ActionReport(summary: summary, options: options, silencer: repository)
      let set = Suggester(options: SuggestOptions(), silencer: repository).suggest(summary)
      text = HTMLReportPage(
        report: report, profile: sinks.second.profile, suggestions: set, files: input.files,
        chains: pair.second.analysis()
      ).render()
    } else {
      var aggregator = ReportAggregator(collectsShapes: false)
      result = try input.stream(in: console).run(into: &aggregator)
      let summary = aggregator.summary()
      actionPaths = summary.actions.map(\.path)
      text = printer.render(ActionReport(summary: summary, options: options, silencer: repository))
    }
    if CommandOutcome.everyInputFailed(result, inputs: input.files) {
      outcome.take(result)
      return outcome.ending(2)
    }
    outcome.finish(text, to: outputFile.map { .file($0) } ?? .standardOutput)
    var failed = outcome.take(result)
    // What the repository's answers for the log's action paths warn of.
    let warnings = repository?.silencingWarnings(forActionPaths: actionPaths)
    outcome.takeKeptOverSilencing(warnings, of: repository)
    if outcome.takeMatchErrors(warnings, of: repository) { failed = true }
    return outcome.ending(failed ? 2 : 0)
  }
}

/// `tcalog records`: every record as JSON, or the counts (`--stats`).
package struct RecordsRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    "One JSON object per record in input order (ndjson), in the shape of the record model: action path, root, text, changed state paths with old and new values, source position, lines, bytes, complete."

  package var input = InputSelection()
  package var format: RecordsWriter.Format = .ndjson
  /// `--stats`: counts on standard error instead of the records.
  package var statistics = false

  package init(input: InputSelection = InputSelection()) { self.input = input }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    let stream = input.stream(in: console)
    let result: ReadResult
    if statistics {
      // Counts only: no record is kept or printed.
      var sink = StatisticsSink()
      result = try stream.run(into: &sink)
      outcome.finish(StatisticsText.render(sink.statistics), to: .standardError)
    } else {
      var writer = RecordsWriter(format: format, out: console.standardOutput())
      result = try stream.run(into: &writer)
    }
    let failed = outcome.take(result)
    return outcome.ending(failed ? 2 : 0)
  }
}
