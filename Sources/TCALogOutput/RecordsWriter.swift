import TCALogParsing
import TCALogPipeline

/// The sink of `tcalog records`: every record as JSON, in input order (one object per
/// line, or one array). On a parallel read each chunk renders its records on its worker
/// thread, numbered, and the writer only copies the bytes out in order.
public final class RecordsWriter: NumberedChunkedRecordSink {
  /// How the records are laid out.
  public enum Format: String, Sendable, CaseIterable {
    /// One object per line.
    case ndjson
    /// One array of objects.
    case json
  }

  /// The layout of this writer.
  public let format: Format
  private let out: OutputBuffer
  private var first = true

  /// A writer of `format` into `out`.
  public init(format: Format, out: OutputBuffer) {
    self.format = format
    self.out = out
  }

  /// Writes one record (a sequential read).
  public func record(_ record: Record) throws -> StreamControl {
    try out.append { bytes in
      if format == .json { bytes.append(contentsOf: (first ? "[\n" : ",\n").utf8) }
      Part.append(record, as: format, to: &bytes)
    }
    first = false
    try out.endRecord()
    return .more
  }

  /// An empty part for the next chunk.
  public func makePart() -> Part { Part(format: format) }

  /// Copies a chunk's rendered records out, in input order.
  public func merge(_ part: Part) throws -> StreamControl {
    guard !part.bytes.isEmpty else { return .more }
    if format == .json { try out.write(first ? "[\n" : ",\n") }
    try out.write(part.bytes)
    first = false
    try out.endRecord()
    return .more
  }

  /// Closes the JSON array (`[]` when there was no record) and flushes.
  public func end(_ result: ReadResult) throws {
    if format == .json { try out.write(first ? "[]\n" : "\n]\n") }
    try out.flush()
  }

  /// A chunk's records rendered; in a json array, separated by commas.
  public struct Part: NumberedRecordPart {
    let format: Format
    var bytes: [UInt8] = []

    /// Renders one numbered record on the worker thread.
    public mutating func add(_ record: Record) {
      if format == .json && !bytes.isEmpty { bytes.append(contentsOf: ",\n".utf8) }
      Self.append(record, as: format, to: &bytes)
    }

    /// One record's JSON, and the newline that ends it in ndjson.
    static func append(_ record: Record, as format: Format, to bytes: inout [UInt8]) {
      RecordJSON.append(record, to: &bytes)
      if format == .ndjson { bytes.append(0x0A) }
    }
  }
}
