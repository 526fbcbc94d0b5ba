// What a program that uses the TCALogKit library writes: only `import TCALogKit`, no
// `@testable`, nothing `package`. `PublicAPITests.theseSourcesCompileOutsideThePackage`
// compiles this target's sources as another package's code would be compiled, so a
// declaration used here that stops being public fails the suite.
import Foundation
import TCALogKit
import Testing

/// The bundled samples and their expected records (`Samples/*.expected.ndjson`).
enum Sample {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static func path(_ name: String) -> String { root.appendingPathComponent("Samples/\(name)").path }

  /// The expected records of a sample, as `records` prints them.
  static func expected(_ name: String) throws -> [[String: Any]] {
    let text = try String(
      contentsOfFile: path(name.replacingOccurrences(of: ".log", with: ".expected.ndjson")), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }
}

struct StreamAPITests {
  /// A user's own sink: every record's action path and changed state paths, read
  /// sequentially, then in parallel through the chunked protocol (the same result).
  struct PathsSink: ChunkedRecordSink {
    var records: [(action: String, paths: [String], noOp: Bool)] = []
    var parts = 0

    mutating func record(_ record: Record) -> StreamControl {
      records.append(Self.summary(of: record))
      return .more
    }
    func makePart() -> Part { Part() }
    mutating func merge(_ part: Part) -> StreamControl {
      parts += 1
      records += part.records
      return .more
    }
    static func summary(of record: some RecordFields) -> (action: String, paths: [String], noOp: Bool) {
      (
        record.actionPath, record.changedPaths.map(\.path),
        record.hasStatePart && !record.stateChanged
      )
    }
    struct Part: RecordPart {
      var records: [(action: String, paths: [String], noOp: Bool)] = []
      mutating func add(_ record: RecordContent) { records.append(PathsSink.summary(of: record)) }
    }
  }

  @Test(arguments: ["todos-tca1.log", "todos-tca0.log", "messy.log", "browser-session.log"])
  func recordsAreTheSamplesExpectedRecords(sample: String) throws {
    let expected = try Sample.expected(sample)
    var sequential = PathsSink()
    let result = try RecordStream(inputs: [Sample.path(sample)]).run(into: &sequential)
    #expect(result.statistics.records == expected.count)
    #expect(result.errors.isEmpty)
    for (record, json) in zip(sequential.records, expected) {
      let action = try #require(json["action"] as? [String: Any])
      #expect(record.action == action["path"] as? String)
      let state = json["state"] as? [String: Any]
      let changes = state?["changes"] as? [[String: Any]] ?? []
      #expect(record.paths == changes.compactMap { $0["path"] as? String })
      #expect(record.noOp == (state.map { $0["changed"] as? Bool == false } ?? false))
    }

    var stream = RecordStream(inputs: [Sample.path(sample)], jobs: 3)
    stream.window = TimeWindow()
    var parallel = PathsSink()
    try stream.run(into: &parallel)
    #expect(parallel.records.map(\.action) == sequential.records.map(\.action))
    #expect(parallel.records.map(\.paths) == sequential.records.map(\.paths))
  }

  /// `EachRecord` for a closure; `Record`'s numbering, position and time.
  @Test func eachRecordSeesNumberedTimedRecords() throws {
    var lines: [Int] = []
    var times: [String] = []
    var indices: [Int] = []
    var sink = EachRecord { record in
      indices.append(record.index)
      lines.append(record.line)
      if let time = record.timestamp { times.append(time) }
    }
    let result = try RecordStream(inputs: [Sample.path("timestamped.log")]).run(into: &sink)
    let expected = try Sample.expected("timestamped.log")
    #expect(indices == Array(0..<expected.count))
    #expect(lines == expected.map { ($0["source"] as? [String: Any])?["line"] as? Int ?? -1 })
    #expect(times == expected.compactMap { $0["timestamp"] as? String })
    #expect(result.statistics.records == expected.count)
  }

  /// A time window drops records outside it; the statistics say how many were read.
  @Test func aTimeWindowKeepsTheRecordsInItAndSaysWhatItSpans() throws {
    var all: [Double] = []
    var everything = EachRecord { record in if let t = record.writtenTime?.instant { all.append(t) } }
    try RecordStream(inputs: [Sample.path("timestamped.log")]).run(into: &everything)
    let middle = all.sorted()[all.count / 2]
    var kept = 0
    var sink = EachRecord { _ in kept += 1 }
    let result = try RecordStream(inputs: [Sample.path("timestamped.log")], window: TimeWindow(since: middle))
      .run(into: &sink)
    #expect(kept == all.filter { $0 >= middle }.count)
    #expect(result.statistics.records == all.count)
    #expect(result.reportedStatistics.records == kept)
    let span = try #require(result.timestampSpan, "a read with a window says what time it spans")
    #expect(span.earliest.time == all.min() && span.latest.time == all.max())
  }

  /// A window is values: dates and seconds since 1970 select the same records, and the
  /// text `tcalog --since` reads counts `-5m` back from the `now` it is given.
  @Test func aTimeWindowTakesDatesSecondsOrTheCommandLinesText() throws {
    var times: [Double] = []
    var everything = EachRecord { record in if let t = record.writtenTime?.instant { times.append(t) } }
    try RecordStream(inputs: [Sample.path("timestamped.log")]).run(into: &everything)
    let sorted = times.sorted()
    let (since, until) = (sorted[sorted.count / 4], sorted[sorted.count / 2])
    func kept(_ window: TimeWindow) throws -> Int {
      var count = 0
      var sink = EachRecord { _ in count += 1 }
      try RecordStream(inputs: [Sample.path("timestamped.log")], window: window).run(into: &sink)
      return count
    }
    let byDates = TimeWindow(since: Date(timeIntervalSince1970: since), until: Date(timeIntervalSince1970: until))
    #expect(byDates == TimeWindow(since: since, until: until))
    let inside = times.filter { $0 >= since && $0 <= until }.count
    #expect(inside > 0 && inside < times.count)
    #expect(try kept(byDates) == inside)
    let fiveMinutesBack = try TimeWindow(since: "-5m", until: nil, now: Date(timeIntervalSince1970: until))
    #expect(fiveMinutesBack == TimeWindow(since: Date(timeIntervalSince1970: until - 300)))
  }

  /// A missing input is an error of the read, not a thrown one: the other inputs are read.
  @Test func aMissingInputIsReportedAndTheOthersAreRead() throws {
    var count = 0
    var sink = EachRecord { _ in count += 1 }
    let result = try RecordStream(inputs: ["/nonexistent/app.log", Sample.path("messy.log")]).run(into: &sink)
    #expect(result.errors.count == 1)
    #expect(count == (try Sample.expected("messy.log")).count)
  }

  /// A record's changes read as text, without ranges: every path, normalized path, kind
  /// and value of a sample equal to what `tcalog records` prints.
  @Test func aRecordsChangesReadAsText() throws {
    let expected = try Sample.expected("todos-tca1.log")
    var records: [Record] = []
    var sink = EachRecord { records.append($0) }
    try RecordStream(inputs: [Sample.path("todos-tca1.log")], jobs: 1).run(into: &sink)
    #expect(records.count == expected.count)
    for (record, json) in zip(records, expected) {
      let changes = (json["state"] as? [String: Any])?["changes"] as? [[String: Any]] ?? []
      #expect(record.changedPaths.map(\.path) == changes.map { $0["path"] as? String ?? "" })
      #expect(record.changedPaths.map(\.normalizedPath) == changes.map { $0["normalized"] as? String ?? "" })
      #expect(record.changedPaths.map(\.kind.rawValue) == changes.map { $0["kind"] as? String ?? "" })
      #expect(record.changedPaths.map(\.oldValue) == changes.map { $0["old"] as? String })
      #expect(record.changedPaths.map(\.newValue) == changes.map { $0["new"] as? String })
    }
  }

  /// A record's texts read as `String`s, without ranges: the action's path, root, text,
  /// entity and binding key path, the store prefix and time equal to what `tcalog records`
  /// prints, and its raw text the file's bytes at its offset.
  @Test(arguments: ["todos-tca1.log", "todos-tca0.log", "messy.log", "browser-session.log", "timestamped.log"])
  func aRecordsTextsReadAsValues(sample: String) throws {
    let expected = try Sample.expected(sample)
    let file = Array(try Data(contentsOf: URL(fileURLWithPath: Sample.path(sample))))
    var records: [Record] = []
    var sink = EachRecord { records.append($0) }
    try RecordStream(inputs: [Sample.path(sample)]).run(into: &sink)
    #expect(records.count == expected.count)
    for (record, json) in zip(records, expected) {
      let action = try #require(json["action"] as? [String: Any])
      #expect(record.actionPath == action["path"] as? String)
      #expect(record.actionRoot == action["root"] as? String)
      #expect(record.actionText == action["text"] as? String)
      #expect(record.entity == action["entity"] as? String)
      #expect(record.bindingKeyPath == action["bindingKeyPath"] as? String)
      #expect(record.storePrefix == json["prefix"] as? String)
      #expect(record.timestamp == json["timestamp"] as? String)
      #expect(record.rawText == String(decoding: file[record.offset..<(record.offset + record.bytes)], as: UTF8.self))
    }
    #expect(records.contains { $0.entity != nil } && records.contains { !$0.rawText.isEmpty })
  }

  /// A log held in memory reads as the same log in a file, sequentially and in chunks: the
  /// same records, under the name given.
  @Test(arguments: [1, 3])
  func aLogInMemoryReadsAsTheSameLogInAFile(jobs: Int) throws {
    let path = Sample.path("browser-session.log")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var fromFile: [Record] = []
    var fileSink = EachRecord { fromFile.append($0) }
    let fileResult = try RecordStream(inputs: [path], jobs: jobs).run(into: &fileSink)
    var fromText: [Record] = []
    var textSink = EachRecord { fromText.append($0) }
    let textResult = try RecordStream(text: text, name: "session", jobs: jobs).run(into: &textSink)
    #expect(fromText.count == 900)
    #expect(fromText.map(\.actionPath) == fromFile.map(\.actionPath))
    #expect(fromText.map(\.changedPaths) == fromFile.map(\.changedPaths))
    #expect(fromText.map(\.line) == fromFile.map(\.line))
    #expect(fromText.map(\.offset) == fromFile.map(\.offset))
    #expect(fromText.allSatisfy { $0.file == "session" })
    #expect(textResult.statistics == fileResult.statistics)
    #expect(textResult.errors.isEmpty)
  }
}
