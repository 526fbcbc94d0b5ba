import ArgumentParser
import TCALogCommands
import TCALogKit

extension ReportOrder: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

struct ReportCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Show what fills the log: noisiest actions and state paths (the default command).",
    discussion: ReportRequest.discussion
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

  var request: any CommandRequest {
    var request = ReportRequest(input: input.selection)
    request.order = by
    request.depth = depth
    request.top = top
    request.minShare = ShareArgument.parse(minShare) ?? .nan
    request.format = format
    request.outputFile = output
    request.color = color
    request.filters = filters
    request.live = live
    request.follow = follow
    return request
  }
}
