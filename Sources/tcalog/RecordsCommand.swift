import ArgumentParser
import TCALogCommands
import TCALogKit

struct RecordsCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "records",
    abstract: "Print every record as JSON (the stable machine interface).",
    discussion: RecordsRequest.discussion
  )

  @Option(name: .long, help: "Output format: ndjson (one object per line) or json (one array).")
  var format: RecordsWriter.Format = .ndjson

  @Flag(
    name: .long,
    help:
      "Print counts (records, complete, no-op, other lines, bytes, per format) to standard error instead of the records."
  )
  var stats = false

  @OptionGroup var input: InputOptions

  var request: any CommandRequest {
    var request = RecordsRequest(input: input.selection)
    request.format = format
    request.statistics = stats
    return request
  }
}

extension RecordsWriter.Format: ExpressibleByArgument {}
