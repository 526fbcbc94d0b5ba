import ArgumentParser
import TCALogCommands
import TCALogKit

extension ComparisonPrinter.Format: ExpressibleByArgument {}

struct CompareCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two runs: which actions and state paths got noisier or quieter.",
    discussion: CompareRequest.discussion
  )

  @Argument(help: ArgumentHelp("The earlier run: a log or a saved report.", valueName: "before"), completion: .file())
  var before: String

  @Argument(help: ArgumentHelp("The later run: a log or a saved report.", valueName: "after"), completion: .file())
  var after: String

  @Option(name: .long, help: "Output: text, markdown (for a pull-request comment) or json.")
  var format: ComparisonPrinter.Format = .text

  @Option(name: .long, parsing: .unconditional, help: "Group action paths by their first N segments.")
  var depth: Int?

  @Option(
    name: .long, parsing: .unconditional,
    help: "Show at most N rows per table (default: 20 in text and markdown, every row in json).")
  var top: Int?

  @Option(name: .long, help: "Hide rows whose rate moved by less than this share of the larger rate (0.1 or 10%).")
  var minChange: String = "10%"

  @Option(
    name: .customLong("fail-above"),
    help: ArgumentHelp("Exit 1 when an action's rate grew more than FACTOR times (2 or x2).", valueName: "factor"))
  var failAbove: String?

  @Option(name: .customLong("fail-min-records"), help: ArgumentHelp(CompareRequest.failMinimumHelp, valueName: "n"))
  var failMinRecords = CompareRequest.defaultFailMinimumRecords

  @Flag(name: .customLong("fail-new"), help: "Exit 1 when the later run has an action the earlier did not.")
  var failNew = false

  @Option(
    name: [.customShort("j"), .customLong("jobs")], parsing: .unconditional,
    help: ArgumentHelp("Threads that parse (default: the number of cores).", valueName: "jobs"))
  var jobs: Int?

  var request: any CommandRequest {
    var request = CompareRequest(before: before, after: after)
    request.format = format
    request.depth = depth
    request.top = top
    request.minChange = ShareArgument.parse(minChange) ?? .nan
    request.failAbove = failAbove.map { FactorArgument.parse($0) ?? .nan }
    request.failNew = failNew
    request.failMinimumRecords = failMinRecords
    request.jobs = jobs
    return request
  }
}
