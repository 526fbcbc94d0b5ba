import Foundation

/// What a read over all inputs found besides the records.
public struct ReadResult: Sendable {
  public var statistics = ScanStatistics()
  /// Inputs that could not be read (or not completely): reported, the others still read.
  public var errors: [InputError] = []
  public var warnings: [String] = []
  /// Records left out by the time window because they carry no timestamp.
  public var untimedRecords = 0
  /// With a time window (`timestampSpan` is nil without one): the records in it, and the
  /// earliest and latest timestamps of all records (as the log wrote them), to say what
  /// the log covers when none was in it.
  public var recordsInWindow = 0
  public var timestampSpan: TimestampSpan?
  public init() {}
}

/// The earliest and latest record timestamps of a read, as written in the log.
public struct TimestampSpan: Sendable, Equatable {
  public var earliest: (time: Double, text: String)
  public var latest: (time: Double, text: String)
  public init(_ time: Double, _ text: String) {
    earliest = (time, text)
    latest = (time, text)
  }
  public mutating func add(_ time: Double, _ text: @autoclosure () -> String) {
    if time < earliest.time { earliest = (time, text()) }
    if time > latest.time { latest = (time, text()) }
  }
  public mutating func merge(_ other: TimestampSpan) {
    add(other.earliest.time, other.earliest.text)
    add(other.latest.time, other.latest.text)
  }
  public static func == (a: TimestampSpan, b: TimestampSpan) -> Bool {
    a.earliest == b.earliest && a.latest == b.latest
  }
}

/// What a time window saw: records left out for want of a timestamp, records in the
/// window, and the span of all timestamps. Shared by the workers of a parallel read.
final class WindowTally: @unchecked Sendable {
  private let lock = NSLock()
  private var untimed = 0
  private var inside = 0
  private var span: TimestampSpan?

  /// Counts one record; returns whether it lies in the window (nil: it has no timestamp).
  func admit(_ record: Record, to window: TimeWindow) -> Bool? {
    let inWindow = window.contains(record)
    let time = record.timestampRange.flatMap { r in record.withBytes(r) { TimeWindow.timestamp($0) } }
    lock.lock()
    defer { lock.unlock() }
    switch inWindow {
    case true?: inside += 1
    case false?: break
    case nil: untimed += 1
    }
    if let time, let range = record.timestampRange {
      let text = { record.withBytes(range) { String(decoding: $0, as: UTF8.self) } }
      if span == nil { span = TimestampSpan(time, text()) } else { span!.add(time, text()) }
    }
    return inWindow
  }

  func record(into result: inout ReadResult) {
    lock.lock()
    defer { lock.unlock() }
    result.untimedRecords = untimed
    result.recordsInWindow = inside
    result.timestampSpan = span
  }
}

/// Reads the inputs named on the command line in order and hands every record to a
/// closure: the one entry point from files to records that every command uses.
public struct LogReader: Sendable {
  public var files: [String]
  public var sizeCap: Int
  /// Only records in this window reach the caller (`--since` / `--until`).
  public var window: TimeWindow
  /// Keep reading files as they grow (`--follow`); the read then ends only with the process.
  public var follow = false

  /// `files` empty means standard input.
  public init(files: [String], sizeCap: Int = 64 << 20, window: TimeWindow = TimeWindow()) {
    self.files = files.isEmpty ? ["-"] : files
    self.sizeCap = sizeCap
    self.window = window
  }

  /// Calls `body` for each record in input order; errors thrown by `body` stop the read.
  public func read(_ body: (Record) throws -> Void) throws -> ReadResult {
    var result = ReadResult()
    if !window.isUnbounded {
      let window = self.window
      let tally = WindowTally()
      var inner = LogReader(files: files, sizeCap: sizeCap)
      inner.follow = follow
      result = try inner.read { record in
        if tally.admit(record, to: window) == true { try body(record) }
      }
      tally.record(into: &result)
      return result
    }
    var nextIndex = 0
    for file in files {
      let scanner = RecordScanner(file: file, firstIndex: nextIndex, sizeCap: sizeCap)
      do {
        let source = try InputOpener.open(file, follow: follow)
        let reader = LineReader(source: source)
        try reader.forEachLine { line in try scanner.feed(line, emit: body) }
      } catch let error as InputError {
        result.errors.append(error)
      }
      try scanner.finish(emit: body)
      nextIndex = scanner.nextIndex
      result.statistics.merge(scanner.statistics)
      result.warnings.append(contentsOf: scanner.warnings)
    }
    return result
  }
}
