import Foundation
import TCALogKit
import Testing

/// What tcalog reads of one record.
struct ReadRecord {
  var actionPath: String
  var timestamp: String?
  var changedPaths: [String]
  var normalizedPaths: [String]
  var stateChanged: Bool
}

/// tcalog's records of `log`, as a user of TCALogKit reads them.
func readRecords(_ log: String) throws -> [ReadRecord] { try readLog(log).records }

/// tcalog's records of `log` and the statistics of the read (its printer lines among them).
func readLog(_ log: String) throws -> (records: [ReadRecord], statistics: ScanStatistics) {
  var read: [ReadRecord] = []
  var sink = EachRecord { record in
    read.append(
      ReadRecord(
        actionPath: record.actionPath, timestamp: record.timestamp,
        changedPaths: record.changedPaths.map(\.path), normalizedPaths: record.changedPaths.map(\.normalizedPath),
        stateChanged: record.stateChanged))
  }
  let result = try RecordStream(text: log).run(into: &sink)
  #expect(result.errors.isEmpty, "\(result.errors)")
  return (read, result.statistics)
}

/// This test target's folder (fixtures and generated files are read from the repository).
let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
