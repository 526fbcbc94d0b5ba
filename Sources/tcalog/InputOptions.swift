import ArgumentParser
import TCALogKit

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

  var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

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

  /// The stream of the inputs' records; `follow` reads them as they grow.
  func stream(follow: Bool = false) -> RecordStream {
    announceStandardInput()
    // validate() has parsed the times once already.
    return RecordStream(
      inputs: files, jobs: jobs,
      window: (try? TimeWindow(since: since, until: until, now: now(follow: follow)))
        ?? TimeWindow(), follow: follow)
  }

  /// What `-5m` and `now` count from: on files, the inputs' last record (a saved log
  /// ended some time ago, and from now it would hold nothing, as lnav also reads it); with
  /// --follow or standard input (a pipe, live), the clock.
  func now(follow: Bool) -> Double {
    let clock = Date().timeIntervalSince1970
    let relative = [since, until].contains { $0.map(TimeWindow.isRelative) ?? false }
    guard relative, !follow, !files.isEmpty, !files.contains("-") else { return clock }
    var last = LastTime()
    guard let result = try? RecordStream(inputs: files, jobs: jobs).run(into: &last),
      result.errors.isEmpty || last.latest != nil
    else { return clock }
    return last.latest ?? clock
  }

  func validate() throws {
    if let jobsOption, jobsOption < 1 { throw ValidationError("--jobs must be a positive number") }
    do {
      _ = try TimeWindow(since: since, until: until)
    } catch let error as TimeWindow.Error {
      throw ValidationError(error.description)
    }
  }
}

/// Set once the terminal notice below is printed (`stream` may be asked for more than once).
nonisolated(unsafe) private var standardInputAnnounced = false

extension InputOptions {
  /// A bare `tcalog` on a terminal would wait silently for input: say what it waits for.
  func announceStandardInput() {
    guard !standardInputAnnounced, files.isEmpty || files.contains("-"), isatty(0) == 1 else { return }
    standardInputAnnounced = true
    Diagnostics.write("tcalog: reading standard input (Ctrl-D to end; tcalog --help for usage)\n")
  }
}
