import ArgumentParser
import TCALogKit

extension TracePrinter.Format: ExpressibleByArgument {}

struct TraceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Follow state paths through the log: every change, the action that made it, old → new.",
    discussion: """
      PATTERN is a PCRE2 pattern over changed state paths, raw (windows[3F2A…].selectedTabID) or \
      normalized (windows[*].selectedTabID); each raw path is traced apart, so two windows' \
      selectedTabID are two histories. Text output lists the changes in log order, as they are read: \
      each raw path is numbered at its first change, on a line that names it ('[2] windows[62F7…].\
      selectedTabID'), and every change line starts with its path's number ('[2]  #27  action  old → \
      new'), so interleaved histories can be told (and grepped) apart; values are put on one line and \
      cut to 60 characters (--full keeps them whole). ndjson and csv also stream, one change \
      per line; json groups the changes by path and prints at the end. --summary prints per path its \
      number of changes, distinct values and the actions that changed it.
      Exit status: 0 when a path changed, 1 when none did, 2 on any error.
      """
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

  @OptionGroup var input: InputOptions

  func validate() throws {
    if follow && input.files.count != 1 { throw ValidationError("--follow needs exactly one file") }
    if follow && (summary || format == .json) {
      throw ValidationError("--follow prints changes as they come; --summary and --format json print at the end")
    }
  }

  func run() throws {
    var options: PatternMatcher.Options = ignoreCase ? [.caseInsensitive] : []
    if fixedStrings { options.insert(.fixedString) }
    let query: TraceQuery
    do {
      func compile(_ patterns: [String]) throws(PatternError) -> [PatternMatcher] {
        var matchers: [PatternMatcher] = []
        for pattern in patterns { matchers.append(try RawArguments.matcher(pattern, options: options)) }
        return matchers
      }
      query = TraceQuery(paths: try compile([pattern]), actions: try compile(action), excludes: try compile(exclude))
    } catch {
      Diagnostics.error(error.description)
      if let caret = error.caretLines { Diagnostics.write(caret.joined(separator: "\n") + "\n") }
      throw ExitCode(2)
    }

    let printer = TracePrinter(
      format: format, summary: summary, valueWidth: full ? nil : 60,
      // On a terminal, a change is one screen line; into a pipe or file, lines stay whole.
      lineWidth: full ? nil : TerminalSize.of(1)?.columns,
      out: OutputBuffer(flushesEachRecord: lineBuffered || follow ? true : nil))
    try printer.begin()
    var trace = StateTrace(query: query) { try printer.take($0) }
    var stream = input.stream(follow: follow)
    // A parallel read hands on records a chunk (1 MiB) at a time; a pipe that trickles
    // (`log stream | tcalog trace --line-buffered …`) wants each record as it arrives.
    if lineBuffered { stream.jobs = 1 }
    let result = try stream.run(into: &trace)
    try printer.finish()

    var failed = Diagnostics.report(result)
    if !query.matchErrors.isEmpty {
      for error in query.matchErrors { Diagnostics.error(error.description) }
      Diagnostics.error("a pattern match failed; those paths were treated as not matching")
      failed = true
    }
    if failed { throw ExitCode(2) }
    if trace.changeCount == 0 { throw ExitCode(1) }
  }
}
