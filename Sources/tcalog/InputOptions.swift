import ArgumentParser
import TCALogCommands

/// The inputs every subcommand reads, and which of their records it sees.
struct InputOptions: ParsableArguments {
  // Log files are any files (no extension to filter on): complete them as the shell would.
  @Argument(help: "Log files to read (plain or gzip); '-' or none for standard input.", completion: .file())
  var files: [String] = []

  // Optional, so that --help shows the one default its text gives (not also the number
  // of cores of the machine that printed it).
  @Option(
    name: [.customShort("j"), .customLong("jobs")], parsing: .unconditional,
    help: ArgumentHelp("Threads that parse (default: the number of cores; 1 reads sequentially).", valueName: "jobs"))
  var jobsOption: Int?

  // `.unconditional`: `--since -5m` is a value, not an unknown option.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Only records at or after this time: 2026-11-20T10:22[:33] (in the log's offset unless one is given), 10:22 (on the log's day), -5m (back from the last record of the files; from now with --follow or standard input).",
      valueName: "time"))
  var since: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Only records at or before this time (same forms as --since).", valueName: "time"))
  var until: String?

  var selection: InputSelection { InputSelection(files: files, jobs: jobsOption, since: since, until: until) }

  func validate() throws {
    if let jobsOption, jobsOption < 1 { throw ValidationError("--jobs must be a positive number") }
    if let problem = InputSelection.timeWindowProblem(since: since, until: until) { throw ValidationError(problem) }
  }
}

/// A command whose options make a request of the application layer.
protocol RequestCommand: ParsableCommand {
  /// The request these options make.
  var request: any CommandRequest { get }
}

extension RequestCommand {
  /// The request says what is wrong with the options (the rules live with it, where
  /// in-process tests read them); argument-parser prints it with the usage.
  func validate() throws { if let mistake = request.usageMistake { throw ValidationError(mistake) } }
}
