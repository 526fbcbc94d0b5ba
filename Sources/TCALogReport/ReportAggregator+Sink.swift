import TCALogParsing
import TCALogPipeline

/// The aggregator is the sink of `report` and `suggest`: sequentially it adds each record;
/// on a parallel read each chunk gets its own aggregator, merged in input order, which
/// gives the same result as one sequential pass.
extension ReportAggregator: ChunkedRecordSink, RecordPart {
  /// Paths, values, timestamps and each record's entity (`report` and `suggest` classify
  /// from the same evidence), the action text only for shapes; never the raw bytes.
  public var needs: RecordNeeds {
    collectsShapes
      ? [.action, .actionText, .entity, .statePaths, .values] : [.action, .entity, .statePaths, .values]
  }

  /// Adds the record (`add(_:)`); always `.more`.
  public mutating func record(_ record: Record) -> StreamControl {
    add(record.content)
    return .more
  }

  /// An empty aggregate that collects shapes as this one does.
  /// Its first records wait in its `head` for what came before it.
  public func makePart() -> ReportAggregator {
    var part = ReportAggregator(collectsShapes: collectsShapes)
    part.headOpen = true
    return part
  }

  /// Adds a later part's counts (`absorb(_:)`); always `.more`.
  public mutating func merge(_ part: ReportAggregator) -> StreamControl {
    absorb(part)
    return .more
  }

  /// The header counts: with a time window, those of the records in it.
  public mutating func end(_ result: ReadResult) {
    statistics = result.reportedStatistics
  }
}
