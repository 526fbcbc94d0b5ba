extension ReportAggregator {
  /// Aggregates every record of a read: on `jobs` threads, each chunk into its own
  /// aggregate, merged in input order (the same result as one sequential pass).
  ///
  /// With a time window the header counts describe the records in the window (lines and
  /// bytes are theirs; other lines are outside any window).
  public static func read(_ reader: LogReader, jobs: Int, collectsShapes: Bool = false) throws -> (ReportAggregator, ReadResult) {
    var total = ReportAggregator(collectsShapes: collectsShapes)
    let windowed = !reader.window.isUnbounded
    var inWindow = ScanStatistics()
    let result: ReadResult
    if jobs > 1 {
      result = try reader.read(jobs: jobs) { chunk in
        var part = ReportAggregator(collectsShapes: collectsShapes)
        var seen = ScanStatistics()
        for record in chunk.records {
          part.add(record)
          if windowed { seen.countWithLines(record) }
        }
        return (part, seen)
      } deliver: { (part: ReportAggregator, seen: ScanStatistics) in
        total.merge(part)
        inWindow.merge(seen)
      }
    } else {
      result = try reader.read { record in
        total.add(record)
        if windowed { inWindow.countWithLines(record) }
      }
    }
    total.statistics = windowed ? inWindow : result.statistics
    return (total, result)
  }
}

extension ScanStatistics {
  /// Counts a record as if it were the whole input (its lines and bytes included).
  mutating func countWithLines(_ record: Record) {
    count(record)
    lines += record.lines
    bytes += record.bytes
  }
}
