import ArgumentParser
import TCALogKit

struct RecordsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "records",
    abstract: "Print every record as JSON (the stable machine interface).",
    discussion:
      "One JSON object per record in input order (ndjson), in the shape of the record model: action path, root, text, changed state paths with old and new values, source position, lines, bytes, complete."
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

  func run() throws {
    let stream = input.stream()
    let result: ReadResult
    if stats {
      // Counts only: no record is kept or printed.
      var sink = StatisticsSink()
      result = try stream.run(into: &sink)
      Diagnostics.write(StatisticsText.render(sink.statistics))
    } else {
      var writer = RecordsWriter(format: format, out: OutputBuffer())
      result = try stream.run(into: &writer)
    }
    if Diagnostics.report(result) { throw ExitCode(2) }
  }
}

extension RecordsWriter.Format: ExpressibleByArgument {}
