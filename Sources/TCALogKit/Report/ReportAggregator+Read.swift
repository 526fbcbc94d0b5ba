extension ReportAggregator {
  /// Aggregates every record of a read: on `jobs` threads, each chunk into its own
  /// aggregate, merged in input order (the same result as one sequential pass).
  ///
  /// With a time window the header counts describe the records in the window (lines and
  /// bytes are theirs; other lines are outside any window).
  public static func read(_ reader: LogReader, jobs: Int, collectsShapes: Bool = false, chunkSize: Int = 1 << 20) throws
    -> (ReportAggregator, ReadResult)
  {
    var total = ReportAggregator(collectsShapes: collectsShapes)
    let windowed = !reader.window.isUnbounded
    var inWindow = ScanStatistics()
    let result: ReadResult
    if jobs > 1 {
      result = try reader.fold(jobs: jobs, chunkSize: chunkSize) {
        Partial(aggregator: ReportAggregator(collectsShapes: collectsShapes))
      } add: { partial, record in
        partial.aggregator.add(record)
        if windowed { partial.seen.countWithLines(record) }
      } merge: { partial in
        total.merge(partial.aggregator)
        inWindow.merge(partial.seen)
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

/// One chunk's share of a report.
private struct Partial: Sendable {
  var aggregator: ReportAggregator
  var seen = ScanStatistics()
}

extension ScanStatistics {
  /// Counts a record as if it were the whole input (its lines and bytes included).
  mutating func countWithLines(_ record: Record) {
    count(record)
    lines += record.lines
    bytes += record.bytes
  }
}
