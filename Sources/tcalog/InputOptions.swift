import ArgumentParser
import Foundation
import TCALogKit

/// The inputs every subcommand reads, and which of their records it sees.
struct InputOptions: ParsableArguments {
  // Log files are any files (no extension to filter on): complete them as the shell would.
  @Argument(help: "Log files to read (plain or gzip); '-' or none for standard input.", completion: .file())
  var files: [String] = []

  @Option(name: [.short, .long], help: "Threads that parse (default: the number of cores; 1 reads sequentially).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  // `.unconditional`: `--since -5m` is a value, not an unknown option.
  @Option(parsing: .unconditional, help: ArgumentHelp("Only records at or after this time: 2026-11-20T10:22[:33] (in the log's offset unless one is given), 10:22 (on the log's day), -5m.", valueName: "time"))
  var since: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Only records at or before this time (same forms as --since).", valueName: "time"))
  var until: String?

  var reader: LogReader {
    // validate() has parsed the times once already.
    LogReader(files: files, window: (try? TimeWindow(since: since, until: until)) ?? TimeWindow())
  }

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    do {
      _ = try TimeWindow(since: since, until: until)
    } catch let error as TimeWindow.Error {
      throw ValidationError(error.description)
    }
  }
}
