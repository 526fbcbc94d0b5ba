import ArgumentParser
import TCALogKit

/// The inputs every subcommand reads.
struct InputOptions: ParsableArguments {
  @Argument(help: "Log files to read (plain or gzip); '-' or none for standard input.")
  var files: [String] = []

  var reader: LogReader { LogReader(files: files) }
}
