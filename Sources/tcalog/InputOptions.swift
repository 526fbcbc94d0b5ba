import ArgumentParser
import Foundation
import TCALogKit

/// The inputs every subcommand reads.
struct InputOptions: ParsableArguments {
  @Argument(help: "Log files to read (plain or gzip); '-' or none for standard input.")
  var files: [String] = []

  @Option(name: [.short, .long], help: "Threads that parse (default: the number of cores; 1 reads sequentially).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  var reader: LogReader { LogReader(files: files) }

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
  }
}
