import ArgumentParser
import TCALogKit

struct RecordsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "records",
    abstract: "Print every record as JSON (the stable machine interface).",
    discussion:
      "One JSON object per record in input order (ndjson), in the shape of the record model: action path, root, text, changed state paths with old and new values, source position, lines, bytes, complete."
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case ndjson, json
  }

  @Option(name: .long, help: "Output format: ndjson (one object per line) or json (one array).")
  var format: Format = .ndjson

  @Flag(
    name: .long,
    help:
      "Print counts (records, complete, no-op, other lines, bytes, per format) to standard error instead of the records."
  )
  var stats = false

  @OptionGroup var input: InputOptions

  func run() throws {
    let out = OutputBuffer()
    let result: ReadResult
    var first = true
    if stats {
      // Counts only: no record is kept or printed.
      result =
        input.jobs > 1
        ? try input.reader.fold(jobs: input.jobs, initial: { 0 }, add: { _, _ in }, merge: { _ in })
        : try input.reader.read { _ in }
    } else if input.jobs > 1 {
      // Chunks render their JSON on the worker threads; the writer keeps input order.
      let format = format
      result = try input.reader.read(jobs: input.jobs) { chunk in
        var bytes: [UInt8] = []
        for (i, record) in chunk.records.enumerated() {
          if format == .json && i > 0 { bytes.append(contentsOf: ",\n".utf8) }
          Self.append(record, as: format, to: &bytes)
        }
        return bytes
      } deliver: { bytes in
        guard !bytes.isEmpty else { return }
        if format == .json { try out.write(first ? "[\n" : ",\n") }
        try out.write(bytes)
        first = false
        try out.endRecord()
      }
    } else {
      result = try input.reader.read { record in
        try out.append { bytes in
          if format == .json { bytes.append(contentsOf: (first ? "[\n" : ",\n").utf8) }
          Self.append(record, as: format, to: &bytes)
        }
        first = false
        try out.endRecord()
      }
    }
    if format == .json && !stats { try out.write(first ? "[]\n" : "\n]\n") }
    try out.flush()
    if stats { Diagnostics.write(StatisticsText.render(result.statistics)) }
    if Diagnostics.report(result) { throw ExitCode(2) }
  }

  /// One record's JSON, and the newline that ends it in ndjson.
  private static func append(_ record: Record, as format: Format, to bytes: inout [UInt8]) {
    RecordJSON.append(record, to: &bytes)
    if format == .ndjson { bytes.append(0x0A) }
  }
}
