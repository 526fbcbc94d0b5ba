@_spi(Scanner) import TCALogInput
@_spi(Scanner) import TCALogParsing
import TCALogPipeline

/// Holds every short way of reading a log to the full parse, on one input's bytes.
///
/// The reference is the scanner's full way (`RecordScanner.usesShortWays = false`) with
/// every need (`.all`), at each size cap. Against it, field by field for what each need
/// set reads (and nothing of what it leaves out):
///
/// - the scanner with its short ways (FastPaths.swift), for every need set, size cap and
///   block size: the fast paths, the runs and the replays of a fresh `ScanMemory`;
/// - the same at the largest cap and block on one memory shared by all the need sets in
///   turn: replays of runs that an earlier scan kept, with or without their lines;
/// - `RecordStream` over the bytes, sequential and on two threads in 64 KiB chunks
///   (numbered parts), for every need set and size cap.
///
/// Each way's records, statistics and warnings must be the reference's; what differs comes
/// back as `Difference` values, which a test expects to be none. One call scans the bytes
/// 45 times per size cap and 11 more on the shared memory, in a debug build at 16 to
/// 18 MB/s a core: the corpus is a few small files, and literal cases pass one size cap.
package enum ScannerDifferential {
  /// What readers of records ask for: nothing (counts alone), each need alone, and the
  /// sets the commands use.
  package static let needSets: [RecordNeeds] = [
    [], [.action], [.actionText], [.statePaths], [.statePaths, .values], [.action, .statePaths, .values],
    [.action, .actionText, .statePaths, .values], [.raw], [.action, .raw], [.entity],
    [.action, .entity, .statePaths, .values],
  ]
  /// `report`'s needs: the action path without its text, so actions are replayed.
  package static let reportNeeds: RecordNeeds = [.action, .statePaths, .values]
  /// A cap that cuts many records (in the middle of an action or a diff), and the default.
  package static let sizeCaps = [300, 64 << 20]
  /// Blocks that end inside records, runs and long lines, and blocks that hold a whole
  /// small log.
  package static let blockSizes = [4 << 10, 1 << 20]
  /// The stream's chunk size on two threads: small, so that a small log is cut too.
  package static let streamChunkSize = 64 << 10

  /// What a record says, field by field: the fields a reader with `needs` may read (nil
  /// for the rest), and those every record has.
  package struct Summary: Equatable, Sendable, CustomStringConvertible {
    /// File, index, line, offset, lines and bytes.
    package var place: String
    /// Format, completeness, state flags, UTF-8, timestamp and store prefix.
    package var flags: String
    /// The root and the action path.
    package var action: String?
    package var actionText: String?
    /// The entity's key (`ActionEntity.key`: its bytes without blanks, as a value printed
    /// over several lines keeps its indentation only when the text is not asked for).
    package var entity: UInt64??
    package var changes: [ChangeSummary]?
    package var raw: [UInt8]?

    package init(_ record: Record, needs: RecordNeeds) {
      place = "\(record.file):\(record.index):\(record.line):\(record.offset) \(record.lines)/\(record.bytes)"
      flags =
        "\(record.format) complete=\(record.isComplete) state=\(record.hasStatePart)/\(record.stateChanged)"
        + " utf8=\(!record.hasInvalidUTF8) t=\(record.timestamp ?? "-") prefix=\(record.storePrefix ?? "-")"
      if needs.contains(.action) { action = "\(record.actionRoot ?? "-") \(record.actionPath)" }
      if needs.contains(.actionText) { actionText = record.actionText }
      if needs.contains(.entity) { entity = .some(record.entityRange.map { record.withBytes($0, ActionEntity.key) }) }
      if needs.contains(.statePaths) { changes = record.changes.map { ChangeSummary($0, of: record) } }
      if needs.contains(.raw) { raw = Array(record.raw) }
    }

    /// This summary as a reader with `needs` sees it: the fields it does not ask for gone.
    package func narrowed(to needs: RecordNeeds) -> Summary {
      var narrowed = self
      if !needs.contains(.action) { narrowed.action = nil }
      if !needs.contains(.actionText) { narrowed.actionText = nil }
      if !needs.contains(.entity) { narrowed.entity = nil }
      if !needs.contains(.statePaths) { narrowed.changes = nil }
      if !needs.contains(.raw) { narrowed.raw = nil }
      return narrowed
    }

    package var description: String {
      "\(place) \(flags) \(action ?? "") text=\(actionText ?? "-") changes=\(changes.map { "\($0)" } ?? "-")"
        + " raw=\(raw?.count ?? -1)"
    }
  }

  /// A changed state leaf as text.
  package struct ChangeSummary: Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var normalized: String
    package var kind: ChangeKind
    package var old: String?
    package var new: String?

    init(_ change: StateChange, of record: Record) {
      path = record.string(change.path)
      normalized = record.string(change.normalized)
      kind = change.kind
      old = change.old.map(record.string)
      new = change.new.map(record.string)
    }

    package var description: String { "\(path) (\(normalized)) \(kind) \(old ?? "nil") → \(new ?? "nil")" }
  }

  /// One way that did not give the reference's answer.
  package struct Difference: Equatable, Sendable, CustomStringConvertible {
    /// The input's name, the way, its needs (`RecordNeeds.rawValue`), cap and block size
    /// or threads.
    package var way: String
    /// What differed: the record count, the first record that differs (both summaries),
    /// the statistics, the warnings, or a field filled that was not asked for.
    package var what: String
    package var description: String { "\(way): \(what)" }
  }

  /// What checking one input found.
  package struct Result: Sendable {
    /// The reference's records at the largest cap, with every field, and its counts.
    package var records: [Summary]
    package var statistics: ScanStatistics
    /// Every way that gave another answer; none when the short ways keep their contract.
    package var differences: [Difference]
    /// With `reportNeeds`, the largest cap and block, on a fresh memory: actions whose
    /// lines were taken by a replay (`RunReplay`) and runs of unchanged Custom Dump lines
    /// taken by one (`StateRunMemo`).
    package var replayedActions: Int
    package var replayedStateRuns: Int

    /// The differences for a test's message: how many, and the first three in full.
    package var differencesText: String {
      "\(differences.count) differences" + differences.prefix(3).map { "\n- \($0)" }.joined()
    }
  }

  /// A scan's answer: summaries with the scan's needs, counts, warnings and replays.
  package struct Scan: Sendable {
    package var summaries: [Summary]
    package var statistics: ScanStatistics
    package var warnings: [ScanWarning]
    package var replayedActions: Int
    package var replayedStateRuns: Int
    /// Records that had a field the scan did not ask for.
    package var leftOutFilled: Int
  }

  /// Scans `bytes` as `name` in blocks of `blockSize` with the short ways on or off, on
  /// `memory`.
  package static func scan(
    _ bytes: [UInt8], name: String = "log", needs: RecordNeeds, sizeCap: Int = 64 << 20, shortWays: Bool = true,
    blockSize: Int = 1 << 20, memory: ScanMemory = ScanMemory()
  ) throws -> Scan {
    let scanner = RecordScanner(file: name, sizeCap: sizeCap, needs: needs, memory: memory)
    scanner.usesShortWays = shortWays
    let collector = Collector(needs: needs)
    try LineReader(source: MemoryByteSource(bytes), chunkSize: blockSize).forEachBlock {
      block, firstLine, firstOffset in
      scanner.feed(lines: block, firstLine: firstLine, firstOffset: firstOffset) { collector.take($0) }
    }
    try scanner.finish { collector.take($0) }
    return Scan(
      summaries: collector.summaries, statistics: scanner.statistics, warnings: scanner.warnings,
      replayedActions: scanner.replayedActions, replayedStateRuns: scanner.replayedStateRuns,
      leftOutFilled: collector.leftOutFilled)
  }

  /// Reads `bytes` as `name` through `RecordStream` on `jobs` threads.
  package static func stream(_ bytes: [UInt8], name: String = "log", needs: RecordNeeds, sizeCap: Int, jobs: Int)
    throws -> Scan
  {
    var collector = Collector(needs: needs)
    var stream = RecordStream(bytes: bytes, name: name, jobs: jobs)
    stream.chunkSize = streamChunkSize
    stream.sizeCap = sizeCap
    let result = try stream.run(into: &collector)
    return Scan(
      summaries: collector.summaries, statistics: result.statistics, warnings: result.warnings, replayedActions: 0,
      replayedStateRuns: 0, leftOutFilled: collector.leftOutFilled)
  }

  /// Checks every way on `bytes` against the full parse (see the type). `name` is the
  /// records' file and starts every difference's `way`; `sizeCaps` default to
  /// `ScannerDifferential.sizeCaps`.
  package static func check(_ bytes: [UInt8], name: String, sizeCaps: [Int] = sizeCaps) throws -> Result {
    var differences: [Difference] = []
    var records: [Summary] = []
    var statistics = ScanStatistics()
    var replays = (actions: 0, stateRuns: 0)
    for (capIndex, sizeCap) in sizeCaps.enumerated() {
      let isLargestCap = capIndex == sizeCaps.count - 1
      let reference = try scan(
        bytes, name: name, needs: .all, sizeCap: sizeCap, shortWays: false, blockSize: blockSizes.last ?? 1 << 20)
      if isLargestCap { (records, statistics) = (reference.summaries, reference.statistics) }
      func compare(_ scan: Scan, needs: RecordNeeds, _ way: String) {
        let way = "\(name), \(way), needs \(needs.rawValue), cap \(sizeCap)"
        differences += Self.differences(scan, from: reference, needs: needs, way: way)
      }
      for needs in needSets {
        for blockSize in blockSizes {
          let short = try scan(bytes, name: name, needs: needs, sizeCap: sizeCap, blockSize: blockSize)
          compare(short, needs: needs, "short ways, blocks \(blockSize)")
          if isLargestCap && blockSize == blockSizes.last && needs == reportNeeds {
            replays = (short.replayedActions, short.replayedStateRuns)
          }
        }
        for jobs in [1, 2] {
          compare(
            try stream(bytes, name: name, needs: needs, sizeCap: sizeCap, jobs: jobs), needs: needs,
            "stream, jobs \(jobs)")
        }
      }
      if isLargestCap {
        let memory = ScanMemory()
        for needs in needSets {
          let warm = try scan(bytes, name: name, needs: needs, sizeCap: sizeCap, memory: memory)
          compare(warm, needs: needs, "short ways on a shared memory")
        }
      }
    }
    return Result(
      records: records, statistics: statistics, differences: differences, replayedActions: replays.actions,
      replayedStateRuns: replays.stateRuns)
  }

  /// How `scan`, read with `needs`, differs from `reference` (read with every need).
  static func differences(_ scan: Scan, from reference: Scan, needs: RecordNeeds, way: String) -> [Difference] {
    var found: [Difference] = []
    let expected = reference.summaries.map { $0.narrowed(to: needs) }
    if scan.summaries.count != expected.count {
      found.append(Difference(way: way, what: "\(scan.summaries.count) records, expected \(expected.count)"))
    }
    if let first = zip(scan.summaries, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
      found.append(
        Difference(
          way: way, what: "record \(first.offset): \(first.element.0), expected \(first.element.1)"))
    }
    if scan.statistics != reference.statistics {
      found.append(Difference(way: way, what: "statistics \(scan.statistics), expected \(reference.statistics)"))
    }
    if scan.warnings != reference.warnings {
      found.append(Difference(way: way, what: "warnings \(scan.warnings), expected \(reference.warnings)"))
    }
    if scan.leftOutFilled > 0 {
      found.append(Difference(way: way, what: "\(scan.leftOutFilled) records filled a field left out"))
    }
    return found
  }

  /// Collects summaries in order, from a scanner, a sequential stream or a parallel one's
  /// numbered parts.
  final class Collector: NumberedChunkedRecordSink {
    let needs: RecordNeeds
    var summaries: [Summary] = []
    var leftOutFilled = 0
    init(needs: RecordNeeds) { self.needs = needs }

    func take(_ record: Record) {
      summaries.append(Summary(record, needs: needs))
      var filled = false
      if !needs.contains(.raw) && record.rawRange.count > 0 { filled = true }
      if !needs.contains(.statePaths) && !record.changes.isEmpty { filled = true }
      if !needs.contains(.action) && !record.actionPath.isEmpty { filled = true }
      if !needs.contains(.actionText) && !record.actionText.isEmpty { filled = true }
      if !needs.contains(.entity) && record.entityRange != nil { filled = true }
      if filled { leftOutFilled += 1 }
    }
    func record(_ record: Record) -> StreamControl {
      take(record)
      return .more
    }
    func makePart() -> Part { Part() }
    func merge(_ part: Part) -> StreamControl {
      part.records.forEach(take)
      return .more
    }
    struct Part: NumberedRecordPart {
      var records: [Record] = []
      mutating func add(_ record: Record) { records.append(record) }
    }
  }
}
