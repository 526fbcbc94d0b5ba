import TCALogOutput
import TCALogPipeline
import TCALogQuery
import TCALogReport

/// `tcalog trace`: every change of the state paths a pattern matches, as it is read.
package struct TraceRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    """
    PATTERN is a PCRE2 pattern over changed state paths, raw (windows[3F2A…].selectedTabID) or \
    normalized (windows[*].selectedTabID); each raw path is traced apart, so two windows' \
    selectedTabID are two histories. Text output lists the changes in log order, as they are read: \
    each raw path is numbered at its first change, on a line that names it ('[2] windows[62F7…].\
    selectedTabID'), and every change line starts with its path's number ('[2]  #27  action  old → \
    new'), so interleaved histories can be told (and grepped) apart; values are put on one line and \
    cut to 60 characters (--full keeps them whole). ndjson and csv also stream, one change \
    per line; json groups the changes by path and prints at the end. --summary prints per path its \
    number of changes, distinct values and the actions that changed it. --chains prints, after the \
    read, each change with what set off its record, back to an action nothing caused (tcalog chains: \
    '← search.searchButtonTapped #12'; json and ndjson: 'causes').
    Exit status: 0 when a path changed, 1 when none did, 2 on any error.
    """

  package var input = InputSelection()
  /// The pattern over state paths.
  package var pattern: String
  /// `-a`, `-x`: action-path patterns.
  package var actions: [String] = []
  package var excludes: [String] = []
  /// `-i`, `-F`.
  package var ignoreCase = false
  package var fixedStrings = false
  /// `--summary`.
  package var summary = false
  /// `--full`: values whole.
  package var full = false
  package var format: TracePrinter.Format = .text
  /// `--line-buffered`: flushed per change, read on one thread.
  package var lineBuffered = false
  /// `--follow`.
  package var follow = false
  /// `--chains`: each change with what set off its record (the chains analysis), printed
  /// after the read.
  package var chains = false

  package var usageMistake: String? {
    if follow && input.files.count != 1 { return "--follow needs exactly one file" }
    if chains && (follow || lineBuffered || summary) {
      return "--chains prints after the read; --follow, --line-buffered and --summary do not go with it"
    }
    if follow && (summary || format == .json) {
      return "--follow prints changes as they come; --summary and --format json print at the end"
    }
    return nil
  }

  package init(pattern: String, input: InputSelection = InputSelection()) {
    self.pattern = pattern
    self.input = input
  }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    var options: PatternMatcher.Options = ignoreCase ? [.caseInsensitive] : []
    if fixedStrings { options.insert(.fixedString) }
    let query: TraceQuery
    do {
      func compile(_ patterns: [String]) throws(PatternError) -> [PatternMatcher] {
        var matchers: [PatternMatcher] = []
        for pattern in patterns { matchers.append(try console.matcher(pattern, options: options)) }
        return matchers
      }
      query = TraceQuery(paths: try compile([pattern]), actions: try compile(actions), excludes: try compile(excludes))
    } catch {
      outcome.take(error)
      return outcome.ending(2)
    }

    let printer = TracePrinter(
      format: format, summary: summary, valueWidth: full ? nil : 60,
      // On a terminal, a change is one screen line; into a pipe or file, lines stay whole.
      lineWidth: full ? nil : console.terminalColumns(),
      out: console.standardOutput(flushesEachRecord: lineBuffered || follow ? true : nil))
    try printer.begin()
    var stream = input.stream(in: console, follow: follow)
    // A parallel read hands on records a chunk (1 MiB) at a time; a pipe that trickles
    // (`log stream | tcalog trace --line-buffered …`) wants each record as it arrives.
    if lineBuffered { stream.jobs = 1 }
    let result: ReadResult
    let changeCount: Int
    if chains {
      // What set off a change is known once the whole log is read: the changes wait.
      let held = HeldChanges()
      var sinks = NumberedSinks(StateTrace(query: query) { held.changes.append($0) }, ChainsCollector())
      result = try stream.run(into: &sinks)
      let analysis = sinks.second.analysis()
      for var change in held.changes {
        change.causes = analysis.causes(ofRecord: change.record).map {
          TracedCause(action: $0.action, record: $0.record)
        }
        try printer.take(change)
      }
      changeCount = sinks.first.changeCount
    } else {
      var trace = StateTrace(query: query) { try printer.take($0) }
      result = try stream.run(into: &trace)
      changeCount = trace.changeCount
    }
    try printer.finish()

    var failed = outcome.take(result)
    if !query.matchErrors.isEmpty {
      for error in query.matchErrors { outcome.error(error.description) }
      outcome.error("a pattern match failed; those paths were treated as not matching")
      failed = true
    }
    if failed { return outcome.ending(2) }
    return outcome.ending(changeCount == 0 ? 1 : 0)
  }
}

/// The changes of `trace --chains`, kept until the read ends.
private final class HeldChanges {
  var changes: [TracedChange] = []
}
