import ArgumentParser
import TCALogKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ReportOrder: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Show what fills the log: noisiest actions and state paths (the default command).",
    discussion:
      "Counts complete records per action path (records, share of records, share of log lines, no-op share, changed state paths per record) and per normalized state path. Without --depth the actions show as a tree whose parents are left out when one child holds almost all of them."
  )

  @Option(
    name: .long,
    help: "Order action rows by share of lines (a tree), or rank action paths by record count or no-op records.")
  var by: ReportOrder = .lines

  @Option(name: .long, parsing: .unconditional, help: "Group action paths by their first N segments (flat list).")
  var depth: Int?

  // Unconditional: `--top -3` is a value to refuse, not a missing one.
  @Option(
    name: .long, parsing: .unconditional,
    help: "Show at most N rows per table (default: 15 in text and markdown, every row in json and csv).")
  var top: Int?

  @Option(name: .long, help: "Hide rows below this share (0.02 or 2%) of lines (of records with --by count|noop).")
  var minShare: String = "0"

  @Option(name: .long, help: "Output format: text, json, markdown, csv or html (one self-contained page).")
  var format: ReportFormat = .text

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"),
    completion: .file())
  var output: String?

  @Option(name: .long, help: "Colour text output: auto (a terminal without NO_COLOR or TERM=dumb), always, never.")
  var color: ColorChoice = .auto

  @Option(
    name: .long,
    help: ArgumentHelp("Mark what the entries of this filter repository already silence.", valueName: "file"),
    completion: .file())
  var filters: String?

  @Flag(
    name: .long,
    help: "Redraw the actions table in place while records arrive; the full report at the end or on Ctrl-C.")
  var live = false

  @Flag(name: .long, help: "Read FILE as it grows, like tail -f (implies --live); Ctrl-C prints the report.")
  var follow = false

  @OptionGroup var input: InputOptions

  func validate() throws {
    if follow && input.files.count != 1 { throw ValidationError("--follow needs exactly one file") }
    if (live || follow) && format != .text {
      throw ValidationError(
        "--live and --follow redraw a text table; for --format \(format.rawValue), run without them on the finished log"
      )
    }
    if let depth, depth < 1 { throw ValidationError("--depth must be a positive number") }
    if output != nil && (live || follow) {
      throw ValidationError("--output writes the finished report; --live redraws a terminal")
    }
    if let top, top < 1 { throw ValidationError("--top must be a positive number") }
    if ShareArgument.parse(minShare) == nil { throw ValidationError("--min-share must be a share such as 0.02 or 2%") }
  }

  func run() throws {
    let repository = try filters.map { try FilterRepositoryLoader.load($0) }
    var options = ReportOptions()
    options.order = by
    options.depth = depth
    // Machine formats carry every row unless asked for fewer; so does the page's JSON (its
    // tables show the first rows).
    options.top = top ?? (format == .json || format == .csv || format == .html ? Int.max : 15)
    options.minShare = ShareArgument.parse(minShare) ?? 0
    let environment = ProcessInfo.processInfo.environment
    let isTerminal = OutputBuffer.isTerminal(1)
    let printer = ReportPrinter(
      format: format, color: ColorPolicy.resolve(color, environment: environment, isTerminal: isTerminal),
      width: TerminalSize.columns(1, environment: environment))

    if live || follow {
      var liveReport = LiveReport(
        options: options, printer: printer, silencer: repository,
        redraws: isTerminal && TerminalType.understandsEscapes(environment) && format == .text, fillsHeight: top == nil)
      // Ctrl-C ends the read; the live report then prints the full report.
      Interruption.install()
      liveReport.start()
      // The cursor comes back on every way out, an error included.
      defer { liveReport.restoreTerminal() }
      let result = try input.stream(follow: follow).run(into: &liveReport)
      var failed = Diagnostics.report(result)
      FilterRepositoryLoader.warnKeptOverSilencing(repository)
      if FilterRepositoryLoader.reportMatchErrors(repository) { failed = true }
      if Interruption.received { throw ExitCode(Interruption.exitStatus) }
      if failed { throw ExitCode(2) }
      return
    }

    let text: String
    let result: ReadResult
    if format == .html {
      // One read for the numbers, the suggestions' shapes and the timeline.
      var sinks = SinkPair(
        ReportAggregator(collectsShapes: true), RunProfiler(source: input.files.joined(separator: ", ")))
      result = try input.stream().run(into: &sinks)
      let summary = sinks.first.summary()
      let report = ActionReport(summary: summary, options: options, silencer: repository)
      let set = Suggester(options: SuggestOptions(), silencer: repository).suggest(summary)
      text = HTMLReportPage(report: report, profile: sinks.second.profile, suggestions: set, files: input.files)
        .render()
    } else {
      var aggregator = ReportAggregator(collectsShapes: false)
      result = try input.stream().run(into: &aggregator)
      text = printer.render(ActionReport(summary: aggregator.summary(), options: options, silencer: repository))
    }
    if Diagnostics.everyInputFailed(result, inputs: input.files) {
      _ = Diagnostics.report(result)
      throw ExitCode(2)
    }
    try FinishedOutput.write(text, to: output)
    var failed = Diagnostics.report(result)
    FilterRepositoryLoader.warnKeptOverSilencing(repository)
    if FilterRepositoryLoader.reportMatchErrors(repository) { failed = true }
    if failed { throw ExitCode(2) }
  }
}

/// `0.8`, `80%` or `80` (over 1: a percentage) → 0.8.
enum ShareArgument {
  static func parse(_ text: String) -> Double? {
    var text = text
    var percent = false
    if text.hasSuffix("%") {
      text.removeLast()
      percent = true
    }
    guard let value = Double(text), value >= 0 else { return nil }
    let share = percent || value > 1 ? value / 100 : value
    return share <= 1 ? share : nil
  }
}
