import TCALogInput
import TCALogParsing

extension RecordScanner {
  /// Scans a whole byte source sequentially: every record in order, the statistics and
  /// warnings. For tests and fuzzing; commands read through `RecordStream`.
  package static func scan(_ source: ByteSource, file: String = "-", chunkSize: Int = 1 << 20) throws -> (
    records: [Record], statistics: ScanStatistics, warnings: [ScanWarning]
  ) {
    let scanner = RecordScanner(file: file)
    var records: [Record] = []
    try LineReader(source: source, chunkSize: chunkSize).forEachBlock { block, firstLine, firstOffset in
      scanner.feed(lines: block, firstLine: firstLine, firstOffset: firstOffset) { records.append($0) }
    }
    try scanner.finish { records.append($0) }
    return (records, scanner.statistics, scanner.warnings)
  }
}
