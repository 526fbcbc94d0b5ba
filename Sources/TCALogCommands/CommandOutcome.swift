import TCALogInput
import TCALogOutput
import TCALogParsing
import TCALogPipeline
import TCALogReport

/// What a command did, as a value: its exit status, what it tells the user (diagnostics,
/// in the order they arose), and the finished text it hands to Output (a report to write
/// to standard output or to `-o`'s file). Records a command streams while it reads (filter,
/// records, trace) are written as they come, to the console's standard output; what is
/// here comes after them.
package struct CommandOutcome: Equatable, Sendable {
  /// The process's exit status (grep's: 0 selected, 1 nothing selected, 2 any error).
  package var status: Int32 = 0
  /// Errors, warnings and notices, in the order they arose.
  package var diagnostics: [Diagnostic] = []
  /// The command's finished output, when it has one.
  package var finished: FinishedText?
  /// How many of `diagnostics` come before `finished` (the ones after it are told once
  /// the output is out, as they always were).
  package var diagnosticsBeforeFinished = 0
  /// How many of `diagnostics` the console has already written (before a terminal
  /// dialogue, which should not hide them until it ends).
  package var delivered = 0

  package init(status: Int32 = 0) { self.status = status }

  /// Whether any diagnostic is an error.
  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Adds an error.
  package mutating func error(_ message: String, file: String? = nil, line: Int? = nil) {
    diagnostics.append(.error(message, file: file, line: line))
  }

  /// Adds a warning.
  package mutating func warning(_ message: String, file: String? = nil, line: Int? = nil) {
    diagnostics.append(.warning(message, file: file, line: line))
  }

  /// Adds a notice (`tcalog: …`).
  package mutating func notice(_ message: String, file: String? = nil) {
    diagnostics.append(.notice(message, file: file))
  }

  /// Adds lines that belong to the diagnostic before them (a caret under a pattern).
  package mutating func continuation(_ lines: [String]) {
    diagnostics.append(Diagnostic(.continuation, lines.joined(separator: "\n")))
  }

  /// Sets the finished text, after the diagnostics so far.
  package mutating func finish(_ text: String, to destination: FinishedText.Destination = .standardOutput) {
    finished = FinishedText(text: text, destination: destination)
    diagnosticsBeforeFinished = diagnostics.count
  }

  /// The outcome with `status`.
  package func ending(_ status: Int32) -> CommandOutcome {
    var copy = self
    copy.status = status
    return copy
  }

  /// Takes what a read found besides records: every input error, the hint when many lines
  /// held no record, and (unless `quiet`) the first 20 warnings, the records a time window
  /// could not place, and a window that held nothing. Returns whether an input failed.
  @discardableResult
  package mutating func take(_ result: ReadResult, quiet: Bool = false) -> Bool {
    for error in result.errors { self.error(error.description, file: error.file) }
    if result.statistics.records == 0 && result.statistics.lines >= 20 {
      // Many lines and no record: most likely a capture without TCA's printer output.
      notice(
        "0 records in \(NumberText.grouped(result.statistics.lines)) lines: is _printChanges() or debugDiffing enabled? see tcalog(1) CAPTURE"
      )
    }
    if !quiet {
      for warning in result.warnings.prefix(20) {
        self.warning("\(warning.file):\(warning.line): \(warning.message)", file: warning.file, line: warning.line)
      }
      if result.warnings.count > 20 {
        self.warning("… and \(NumberText.counted(result.warnings.count - 20, "more warning"))")
      }
      if result.untimedRecords > 0 {
        self.warning(
          "\(NumberText.counted(result.untimedRecords, "record")) without a timestamp left out by --since/--until")
      }
      // Only a windowed read has a span: say what the log covers, so a window on the
      // wrong day or in the wrong zone shows at once.
      // One record far after the rest (a stray 2099 timestamp): a window counted back from
      // the end selects it alone, silently.
      if let stray = result.timestampSpan?.strayLatest {
        self.warning(
          "the last timestamp, \(stray.latest), is far after all others (the latest before it: \(stray.before)); "
            + "a --since/--until counted back from the end counts from it")
      }
      if result.windowStatistics?.records == 0, let span = result.timestampSpan {
        self.warning(
          "no record in the --since/--until window; the log spans \(span.earliest.text) – \(span.latest.text)")
      }
    }
    return !result.errors.isEmpty
  }

  /// Whether every input failed and nothing was read: then nothing is written (a report
  /// of nothing would look like a report of an empty log, and an old `-o` file stays).
  package static func everyInputFailed(_ result: ReadResult, inputs: [String]) -> Bool {
    let named = Set(inputs.isEmpty ? ["-"] : inputs)
    return !result.errors.isEmpty && result.statistics.lines == 0 && named.isSubset(of: result.errors.map(\.file))
  }
}

/// A command's finished output and where it goes.
package struct FinishedText: Equatable, Sendable {
  /// Where the text goes.
  package enum Destination: Equatable, Sendable {
    /// Standard output.
    case standardOutput
    /// Standard error (`records --stats`: the counts, not the records).
    case standardError
    /// A file, written whole beside itself and renamed over (`-o`).
    case file(String)
  }

  /// The text.
  package var text: String
  /// Where it goes.
  package var destination: Destination
}

/// A command of tcalog as a value: the options of one invocation, and `run`, which reads
/// the inputs and returns what happened. The executable maps flags to a request and hands
/// the outcome to the console; tests build requests and read outcomes.
package protocol CommandRequest {
  /// What makes the request unusable as given (options that exclude each other, a value
  /// out of range), in the one line the command line refuses it with; nil when usable.
  var usageMistake: String? { get }
  /// Runs the command; records it streams go to `console`'s standard output. Throws only
  /// what ends every command alike (output closed or failing), which `outcome(in:)` maps.
  func run(in console: Console) throws -> CommandOutcome
}

extension CommandRequest {
  package var usageMistake: String? { nil }

  /// `run(in:)` with output failures as outcomes: a closed reader (`| head`) ends quietly
  /// with 0, any other write failure is an error (2).
  package func outcome(in console: Console) -> CommandOutcome {
    do {
      return try run(in: console)
    } catch is OutputClosed {
      return CommandOutcome(status: 0)
    } catch let error as OutputError {
      var outcome = CommandOutcome(status: 2)
      outcome.error(error.description)
      return outcome
    } catch {
      var outcome = CommandOutcome(status: 2)
      outcome.error("\(error)")
      return outcome
    }
  }
}
