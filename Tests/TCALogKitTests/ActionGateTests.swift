import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@_spi(Scanner) @testable import TCALogPipeline
@testable import TCALogQuery

/// A sink's `ActionGate` leaves out the records it declines by their action paths, and
/// nothing else: the statistics, the warnings and the indices are those of a scan that
/// built every record, and the records it admits are the ones that scan built.
struct ActionGateTests {
  /// A log with every kind of record and the scan's warnings: a record over a small size
  /// cap, invalid UTF-8, incomplete records, both formats, no-ops.
  static var logBytes: [UInt8] {
    let text = """
      received action:
        AppAction.windows(.window(id: 1, action: .hover(true)))
        (No state changes)

      received action:
        AppAction.search(.queryChanged("INVALID"))
        AppState(
      -   query: ""
      +   query: "a"
        )

      🎬 Received action:
        AppAction.tick
      🖨️ State:
      count:
      |\tCurrent: 3
      |\tPrevious: 2

      received action:
        AppAction.big(
      \(String(repeating: "    item: 1,\n", count: 40))  )
        (No state changes)

      2026-11-20 10:22:00.238443+0100 Browser[4242:2f1a] received action:
        AppAction.\(String(repeating: "a", count: 60))(.tick)
        (No state changes)

      noise between records
      received action:
        AppAction.windows(.window(id: 2, action: .close))
        AppState(
      -   count: 1

      """
    var bytes = Array(text.utf8)
    let marker = Array("INVALID".utf8)
    if let at = (0...(bytes.count - marker.count)).first(where: { Array(bytes[$0..<($0 + marker.count)]) == marker }) {
      bytes.replaceSubrange(at..<(at + marker.count), with: [0xFF])
    }
    var log: [UInt8] = []
    for copy in 0..<8 { log += Array("filler \(String(repeating: "x", count: copy * 61))\n".utf8) + bytes }
    return log
  }

  /// The records, statistics and warnings of a scan in blocks of `chunkSize`.
  static func scan(_ bytes: [UInt8], gate: ActionGate?, chunkSize: Int, needs: RecordNeeds = .action) throws -> (
    records: [(index: Int, path: String, lines: Int, complete: Bool)], statistics: ScanStatistics,
    warnings: [ScanWarning]
  ) {
    let scanner = RecordScanner(file: "log", sizeCap: 400, needs: needs, gate: gate)
    var records: [(index: Int, path: String, lines: Int, complete: Bool)] = []
    let keep = { (r: Record) in records.append((r.index, r.actionPath, r.lines, r.isComplete)) }
    try LineReader(source: MemoryByteSource(bytes), chunkSize: chunkSize).forEachBlock {
      block, firstLine, firstOffset in
      scanner.feed(lines: block, firstLine: firstLine, firstOffset: firstOffset, emit: keep)
    }
    try scanner.finish(emit: keep)
    return (records, scanner.statistics, scanner.warnings)
  }

  @Test(arguments: [64, 257, 1 << 20])
  func declinedRecordsAreCountedNotBuilt(chunkSize: Int) throws {
    let bytes = Self.logBytes
    let all = try Self.scan(bytes, gate: nil, chunkSize: chunkSize)
    #expect(all.records.count == 48 && all.warnings.count >= 16, "\(all.records.count), \(all.warnings.count)")
    var asked = 0
    let gate: ActionGate = { _, path in
      asked += 1
      return String(decoding: path, as: UTF8.self).hasPrefix("windows")
    }
    let gated = try Self.scan(bytes, gate: gate, chunkSize: chunkSize)
    #expect(asked == all.records.count, "the gate is asked once a record")
    let admitted = all.records.filter { $0.path.hasPrefix("windows") }
    #expect(gated.records.map(\.index) == admitted.map(\.index))
    #expect(gated.records.map(\.path) == admitted.map(\.path))
    #expect(gated.records.map(\.lines) == admitted.map(\.lines))
    #expect(gated.records.map(\.complete) == admitted.map(\.complete))
    #expect(gated.statistics == all.statistics)
    #expect(gated.warnings == all.warnings)
    // A gate that declines everything leaves the counts alone too.
    let none = try Self.scan(bytes, gate: { _, _ in false }, chunkSize: chunkSize)
    #expect(none.records.isEmpty && none.statistics == all.statistics && none.warnings == all.warnings)
    // Without the path among the needs there is nothing to ask the gate with: it is not asked.
    let pathless = try Self.scan(bytes, gate: { _, _ in false }, chunkSize: chunkSize, needs: [])
    #expect(pathless.records.map(\.index) == all.records.map(\.index))
  }

  /// Admits the records of `windows…` actions: the gate of the sinks below.
  static func admitsWindows(_ key: ActionKey?, _ path: UnsafeBufferPointer<UInt8>) -> Bool {
    path.starts(with: "windows".utf8)
  }

  /// A chunked sink that gives a gate (`ActionGating`), it and its parts, and keeps every
  /// record it is handed.
  struct GatedPaths: ChunkedRecordSink, ActionGating {
    var paths: [String] = []
    var needs: RecordNeeds { .action }
    var actionGate: ActionGate? { ActionGateTests.admitsWindows }
    mutating func record(_ record: Record) -> StreamControl {
      paths.append(record.actionPath)
      return .more
    }
    func makePart() -> Part { Part() }
    mutating func merge(_ part: Part) -> StreamControl {
      paths += part.paths
      return .more
    }
    struct Part: RecordPart, ActionGating {
      var paths: [String] = []
      var actionGate: ActionGate? { ActionGateTests.admitsWindows }
      mutating func add(_ record: RecordContent) { paths.append(record.actionPath) }
    }
  }

  /// The same as a numbered sink.
  struct GatedNumberedPaths: NumberedChunkedRecordSink, ActionGating {
    var records: [(index: Int, path: String)] = []
    var needs: RecordNeeds { .action }
    var actionGate: ActionGate? { ActionGateTests.admitsWindows }
    mutating func record(_ record: Record) -> StreamControl {
      records.append((record.index, record.actionPath))
      return .more
    }
    func makePart() -> Part { Part() }
    mutating func merge(_ part: Part) -> StreamControl {
      records += part.records
      return .more
    }
    struct Part: NumberedRecordPart, ActionGating {
      var records: [(index: Int, path: String)] = []
      var actionGate: ActionGate? { ActionGateTests.admitsWindows }
      mutating func add(_ record: Record) { records.append((record.index, record.actionPath)) }
    }
  }

  /// The stream finds a sink's gate through its conformance to `ActionGating` (the sink
  /// protocols no longer name it): sequentially the sink's, in chunks each part's, plain
  /// or numbered, and a sink handed only the records its gate admits gets only those.
  @Test(arguments: [1, 2])
  func theStreamAsksTheGateOfASinkThatGivesOne(jobs: Int) throws {
    var every: [(index: Int, path: String)] = []
    var all = EachRecord(needs: .action) { every.append(($0.index, $0.actionPath)) }
    try RecordStream(bytes: Self.logBytes).run(into: &all)
    let admitted = every.filter { $0.path.hasPrefix("windows") }
    #expect(!admitted.isEmpty && admitted.count < every.count)

    var stream = RecordStream(bytes: Self.logBytes, jobs: jobs)
    stream.chunkSize = 257
    var gated = GatedPaths()
    let result = try stream.run(into: &gated)
    #expect(gated.paths == admitted.map(\.path))
    #expect(result.statistics.records == every.count)
    var numbered = GatedNumberedPaths()
    try stream.run(into: &numbered)
    #expect(numbered.records.map(\.index) == admitted.map(\.index))
    #expect(numbered.records.map(\.path) == admitted.map(\.path))
  }

  /// `filter -c` counts with the query as a gate what it counts by looking at each record,
  /// at one and two jobs, match failures included; a condition beyond the path, or a time
  /// window (whose counts see every record), turns the gate off.
  @Test func countsAgreeWithSelectingEachRecord() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-gate-\(getpid()).log").path
    try Data(Self.logBytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let queries: [() throws -> RecordQuery] = [
      { RecordQuery(actions: try matchers(["windows"])) },
      { RecordQuery(actions: try matchers(["tick|big"]), excludes: try matchers(["big"])) },
      { RecordQuery(excludes: try matchers(["search"])) },
      { RecordQuery(actions: try matchers(["^(a|aa)+$", "tick"])) },
      { RecordQuery(actions: try matchers(["windows"]), change: .changed) },
      { RecordQuery(actions: try matchers(["windows"]), inverted: true) },
    ]
    #expect(try RecordQuery(actions: matchers(["windows"])).actionGate != nil)
    #expect(try RecordQuery(actions: matchers(["windows"]), change: .changed).actionGate == nil)
    #expect(try RecordQuery(actions: matchers(["windows"]), inverted: true).actionGate == nil)
    for (n, makeQuery) in queries.enumerated() {
      let reference = try makeQuery()
      var expected = 0
      var each = EachRecord(needs: reference.needs) { if reference.selects($0) { expected += 1 } }
      let full = try RecordStream(inputs: [path, path], jobs: 1).run(into: &each)
      for jobs in [1, 2] {
        let query = try makeQuery()
        var counter = SelectionCounter(query: query)
        var stream = RecordStream(inputs: [path, path], jobs: jobs)
        stream.chunkSize = 300
        let result = try stream.run(into: &counter)
        #expect(counter.selectedCount == expected, "query \(n), jobs \(jobs)")
        #expect(query.matchErrorCount == reference.matchErrorCount, "query \(n), jobs \(jobs)")
        #expect(result.statistics == full.statistics, "query \(n), jobs \(jobs)")
        #expect(result.warnings == full.warnings, "query \(n), jobs \(jobs)")
      }
    }
    #expect(try RecordQuery(actions: matchers(["^(a|aa)+$"])).actionGate != nil)
    // With a window: the untimed records and the window's counts are those of every record.
    let window = try TimeWindow(since: "2026-11-20T09:00:00Z", until: "2026-11-20T10:00:00Z")
    var each = EachRecord(needs: .action) { _ in }
    let expected = try RecordStream(inputs: [path], jobs: 1, window: window).run(into: &each)
    for jobs in [1, 2] {
      var counter = SelectionCounter(query: try RecordQuery(actions: matchers(["windows"])))
      var stream = RecordStream(inputs: [path], jobs: jobs, window: window)
      stream.chunkSize = 300
      let result = try stream.run(into: &counter)
      #expect(result.untimedRecords == expected.untimedRecords && expected.untimedRecords > 0, "jobs \(jobs)")
      #expect(result.windowStatistics == expected.windowStatistics, "jobs \(jobs)")
      #expect(counter.selectedCount == 0)
    }
  }

  /// `filter` printing without context builds only the records its query may select: what
  /// it prints (each record's index, line and text) is what the same selection prints with
  /// a condition beyond the path, which turns the gate off; at one and two jobs, with and
  /// without `--max-count`.
  @Test func printedSelectionAgreesWithTheUngatedOne() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-gate-print-\(getpid()).log").path
    try Data(Self.logBytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    func printed(_ query: RecordQuery, jobs: Int, maxCount: Int?) throws -> (bytes: [UInt8], gated: Bool) {
      var gated = false
      let bytes = try captureOutput { out in
        let printer = FilterPrinter(format: .ndjson, out: out)
        let selector = RecordSelector(query: query, output: printer, maxCount: maxCount)
        gated = selector.actionGate != nil
        var sink = selector
        var stream = RecordStream(inputs: [path, path], jobs: jobs)
        stream.chunkSize = 300
        try stream.run(into: &sink)
      }
      return (bytes, gated)
    }
    let everyText = try matchers(["(?s)."])
    for (actions, excludes) in [(["windows"], [String]()), (["tick|big"], ["big"]), ([], ["search"])] {
      for jobs in [1, 2] {
        for maxCount in [nil, 5] {
          let gated = try printed(
            RecordQuery(actions: matchers(actions), excludes: matchers(excludes)), jobs: jobs, maxCount: maxCount)
          let ungated = try printed(
            RecordQuery(actions: matchers(actions), excludes: matchers(excludes), texts: everyText), jobs: jobs,
            maxCount: maxCount)
          #expect(gated.gated && !ungated.gated)
          #expect(
            gated.bytes == ungated.bytes && !gated.bytes.isEmpty,
            "\(actions) \(excludes), jobs \(jobs), -m \(maxCount ?? -1)")
        }
      }
    }
  }
}
