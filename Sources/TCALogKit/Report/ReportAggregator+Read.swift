extension ReportAggregator {
  /// Aggregates every record of a read: on `jobs` threads, each chunk into its own
  /// aggregate, merged in input order (the same result as one sequential pass).
  public static func read(_ reader: LogReader, jobs: Int, collectsShapes: Bool = false) throws -> (ReportAggregator, ReadResult) {
    var total = ReportAggregator(collectsShapes: collectsShapes)
    let result: ReadResult
    if jobs > 1 {
      result = try reader.read(jobs: jobs) { chunk in
        var part = ReportAggregator(collectsShapes: collectsShapes)
        for record in chunk.records { part.add(record) }
        return part
      } deliver: { total.merge($0) }
    } else {
      result = try reader.read { total.add($0) }
    }
    total.statistics = result.statistics
    return (total, result)
  }
}
