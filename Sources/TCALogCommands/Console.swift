import TCALogInput
import TCALogOutput
import TCALogPipeline

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command runs against: the process's standard output and error, its terminal,
/// environment and clock; or, for a command run inside a test, memory, a fixed size and a
/// clock the test sets. Every byte goes through Output's writers (`OutputBuffer`,
/// `Messages`, `FinishedOutput`, `ReviewTerminal`).
package final class Console {
  /// The environment (`NO_COLOR`, `TERM`, `COLUMNS`).
  package let environment: [String: String]
  /// Whether standard output is a terminal (colour, escaping, live frames).
  package let outputIsTerminal: Bool
  /// Whether standard input is a terminal (the notice that tcalog waits for it; review).
  package let inputIsTerminal: Bool
  /// The number of cores: the default of `--jobs`.
  package let processors: Int
  /// The command-line arguments that were not UTF-8, each decoded as ArgumentParser
  /// decoded it (with U+FFFD): a pattern among them is refused.
  package let undecodableArguments: [String]
  /// Seconds since 1970: what `--since -5m` counts back from on a pipe or a followed file.
  package let now: () -> Double
  /// The width text output should fit, asked anew each time (a resized window).
  package let columns: () -> Int
  /// The terminal's width on standard output, nil when it is not one.
  package let terminalColumns: () -> Int?
  /// The terminal `suggest --review` talks to (nil: none).
  package let reviewTerminal: () -> (any ReviewConsole)?
  /// Standard input's bytes, for a console in memory (nil: descriptor 0 is read).
  package let standardInput: [UInt8]?
  private let standardOutputCollector: OutputCollector?
  private let standardErrorCollector: OutputCollector?
  private var standardInputAnnounced = false

  private init(
    environment: [String: String], outputIsTerminal: Bool, inputIsTerminal: Bool, processors: Int,
    undecodableArguments: [String], now: @escaping () -> Double, columns: @escaping () -> Int,
    terminalColumns: @escaping () -> Int?, reviewTerminal: @escaping () -> (any ReviewConsole)?,
    standardInput: [UInt8]? = nil, standardOutputCollector: OutputCollector?, standardErrorCollector: OutputCollector?
  ) {
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.inputIsTerminal = inputIsTerminal
    self.processors = processors
    self.undecodableArguments = undecodableArguments
    self.now = now
    self.columns = columns
    self.terminalColumns = terminalColumns
    self.reviewTerminal = reviewTerminal
    self.standardInput = standardInput
    self.standardOutputCollector = standardOutputCollector
    self.standardErrorCollector = standardErrorCollector
  }

  /// The process's own: descriptors 1 and 2, its terminal, environment and clock.
  package static func system(undecodableArguments: [String] = []) -> Console {
    let environment = ProcessInfo.processInfo.environment
    return Console(
      environment: environment, outputIsTerminal: OutputBuffer.isTerminal(1), inputIsTerminal: isatty(0) == 1,
      processors: ProcessInfo.processInfo.activeProcessorCount, undecodableArguments: undecodableArguments,
      now: { Date().timeIntervalSince1970 }, columns: { TerminalSize.columns(1, environment: environment) },
      terminalColumns: { TerminalSize.of(1)?.columns },
      reviewTerminal: { isatty(0) == 1 && isatty(1) == 1 ? ReviewTerminal.enter() : nil },
      standardOutputCollector: nil, standardErrorCollector: nil)
  }

  /// A console in memory, for a command run in process: no terminal unless `terminal` (the
  /// review's keys) is given, `columns` wide, `now` as the clock, `standardInput` what `-`
  /// (or no file) reads.
  package static func inMemory(
    environment: [String: String] = ["NO_COLOR": "1", "TERM": "dumb"], columns: Int = 100, processors: Int = 2,
    now: @escaping () -> Double = { 1_795_000_000 }, terminal: (any ReviewConsole)? = nil,
    standardInput: [UInt8] = []
  ) -> Console {
    Console(
      environment: environment, outputIsTerminal: terminal != nil, inputIsTerminal: terminal != nil,
      processors: processors, undecodableArguments: [], now: now, columns: { columns },
      terminalColumns: { terminal == nil ? nil : columns }, reviewTerminal: { terminal },
      standardInput: standardInput, standardOutputCollector: OutputCollector(),
      standardErrorCollector: OutputCollector())
  }

  /// What an in-memory console's standard output got.
  package var capturedOutput: [UInt8] { standardOutputCollector?.bytes ?? [] }
  /// What an in-memory console's standard error got.
  package var capturedErrors: String { standardErrorCollector?.text ?? "" }

  /// `stream` reading this console's standard input for `-`: its bytes in memory, if any.
  package func reading(_ stream: RecordStream) -> RecordStream {
    guard let standardInput else { return stream }
    var stream = stream
    stream.contents["-"] = standardInput
    return stream
  }

  /// A writer on standard output; `flushesEachRecord` nil: per record unless it is a file.
  package func standardOutput(flushesEachRecord: Bool? = nil) -> OutputBuffer {
    if let standardOutputCollector {
      return OutputBuffer(collectingInto: standardOutputCollector, flushesEachRecord: flushesEachRecord)
    }
    return OutputBuffer(flushesEachRecord: flushesEachRecord)
  }

  /// Writes to standard error at once.
  package func writeError(_ text: String) {
    if let standardErrorCollector {
      var text = text
      text.withUTF8 { standardErrorCollector.append($0) }
    } else {
      Messages.write(text)
    }
  }

  /// A bare `tcalog` on a terminal would wait silently for input: say what it waits for
  /// (once, however many times a command opens the inputs).
  package func announceStandardInput(files: [String]) {
    guard !standardInputAnnounced, files.isEmpty || files.contains("-"), inputIsTerminal else { return }
    standardInputAnnounced = true
    writeError("tcalog: reading standard input (Ctrl-D to end; tcalog --help for usage)\n")
  }

  /// Writes the diagnostics of `outcome` not written yet (before a terminal dialogue).
  package func deliverDiagnostics(_ outcome: inout CommandOutcome) {
    for diagnostic in outcome.diagnostics[outcome.delivered...] { writeError(diagnostic.text) }
    outcome.delivered = outcome.diagnostics.count
  }

  /// Hands an outcome to Output: the diagnostics before the finished text, the text (a
  /// file written whole: a failure is an error, status 2, and nothing after it is told),
  /// the diagnostics after it. Returns the exit status.
  package func deliver(_ outcome: CommandOutcome) -> Int32 {
    var outcome = outcome
    let before = max(outcome.delivered, outcome.diagnosticsBeforeFinished)
    for diagnostic in outcome.diagnostics[outcome.delivered..<before] { writeError(diagnostic.text) }
    outcome.delivered = before
    if let finished = outcome.finished {
      do {
        switch finished.destination {
        case .standardOutput:
          let out = standardOutput()
          try out.write(finished.text)
          try out.flush()
        case .standardError:
          writeError(finished.text)
        case .file(let path):
          try FinishedOutput.write(finished.text, toFile: path)
        }
      } catch let failure as FinishedOutput.Failure {
        writeError(Diagnostic.error(failure.description, file: failure.file).text)
        return 2
      } catch is OutputClosed {
        return 0
      } catch let error as OutputError {
        writeError(Diagnostic.error(error.description).text)
        return 2
      } catch {
        writeError(Diagnostic.error("\(error)").text)
        return 2
      }
    }
    for diagnostic in outcome.diagnostics[outcome.delivered...] { writeError(diagnostic.text) }
    return outcome.status
  }
}
