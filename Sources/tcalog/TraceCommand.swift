import ArgumentParser
import TCALogCommands
import TCALogKit

extension TracePrinter.Format: ExpressibleByArgument {}

struct TraceCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Follow state paths through the log: every change, the action that made it, old → new.",
    discussion: TraceRequest.discussion
  )

  @Argument(help: ArgumentHelp("A PCRE2 pattern over state paths, raw or normalized.", valueName: "pattern"))
  var pattern: String

  @Option(
    name: [.customShort("a"), .long],
    help: ArgumentHelp("Only changes made by actions whose path matches (repeatable: any).", valueName: "re"))
  var action: [String] = []

  @Option(
    name: [.customShort("x"), .long],
    help: ArgumentHelp("Leave out changes made by actions whose path matches (repeatable).", valueName: "re"))
  var exclude: [String] = []

  @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Match case-insensitively.")
  var ignoreCase = false

  @Flag(
    name: [.customShort("F"), .customLong("fixed-strings")],
    help: "Take PATTERN (and -a/-x) as literal strings: a path such as windows[*].x as written.")
  var fixedStrings = false

  @Flag(name: .long, help: "Per path only: number of changes, distinct values, the actions that changed it.")
  var summary = false

  @Flag(name: .long, help: "Keep values whole in text output (default: cut to 60 characters).")
  var full = false

  @Option(name: .long, help: "Output: text, ndjson, json or csv.")
  var format: TracePrinter.Format = .text

  @Flag(
    name: .customLong("line-buffered"),
    help: "Flush the output after every change, and read the input as it arrives (one thread).")
  var lineBuffered = false

  @Flag(name: .long, help: "Read FILE as it grows, like tail -f, printing changes as they are appended.")
  var follow = false

  @Flag(name: .long, help: "Show what set off each change, back to the action nothing caused (after the read).")
  var chains = false

  @OptionGroup var input: InputOptions

  var request: any CommandRequest {
    var request = TraceRequest(pattern: pattern, input: input.selection)
    request.actions = action
    request.excludes = exclude
    request.ignoreCase = ignoreCase
    request.fixedStrings = fixedStrings
    request.summary = summary
    request.full = full
    request.format = format
    request.lineBuffered = lineBuffered
    request.follow = follow
    request.chains = chains
    return request
  }
}
