import TCALogParsing
import TCALogSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--since` / `--until`: the records whose timestamp falls in a time window.
///
/// A time with a UTC offset (or `Z`), `now` and a span back from now (`-5m`, like
/// `log show --last`) are instants. A time written without an offset is read as the log
/// writes its own times: in each record's offset (or, for a record without one, the local
/// zone its console used), so a time copied from the log selects what it reads. A time of
/// day alone means that time on the log's own day(s): it is compared with each record's
/// time of day as written.
public struct TimeWindow: Sendable, Equatable {
  /// One end of a window, as `parse(_:now:)` reads a time; an end includes its own time.
  package enum Bound: Sendable, Equatable {
    /// Seconds since 1970.
    case instant(Double)
    /// A date and time without an offset, as seconds since 1970 were it UTC: compared
    /// with a record's time as written.
    case wallClock(Double)
    /// Seconds since midnight: compared with a record's time of day as written.
    case timeOfDay(Double)
  }

  /// The earliest time a record may carry (inclusive); nil: no lower bound.
  package var since: Bound?
  /// The latest time a record may carry (inclusive); nil: no upper bound.
  package var until: Bound?

  /// A window between two instants in seconds since 1970, both inclusive; nil leaves that end open
  /// (both nil: the unbounded window, which holds every record).
  public init(since: Double? = nil, until: Double? = nil) {
    self.since = since.map { .instant($0) }
    self.until = until.map { .instant($0) }
  }

  /// A window between two dates, both inclusive; nil leaves that end open. A record is
  /// in it when the instant its timestamp names lies between them (`WrittenTime.instant`:
  /// by the offset written with it, else in the local time zone).
  public init(since: Date?, until: Date? = nil) {
    self.init(since: since?.timeIntervalSince1970, until: until?.timeIntervalSince1970)
  }

  /// Reads the two ends as `tcalog --since`/`--until` do (`parse(_:now:)`); throws
  /// `TimeWindow.Error` with the text that was not a time. Public beside the value
  /// initializers because two of its forms are no instant: a time without an offset is
  /// compared with each record's time as written, a time of day with its time of day.
  /// `now` is what `now` and `-5m` count from.
  public init(since: String?, until: String?, now: Date = Date()) throws {
    let now = now.timeIntervalSince1970
    self.since = try since.map { try TimeWindow.parse($0, now: now) }
    self.until = try until.map { try TimeWindow.parse($0, now: now) }
    switch (self.since, self.until) {
    case (.instant(let s)?, .instant(let u)?) where s > u, (.wallClock(let s)?, .wallClock(let u)?) where s > u:
      throw Error(text: until ?? "", reason: "--until is before --since")
    default:
      break  // two times of day the other way round span midnight
    }
  }

  /// True without either bound: every record lies in the window, with a timestamp or not.
  package var isUnbounded: Bool { since == nil && until == nil }

  /// Whether the record's time lies in the window; a record without a timestamp lies in
  /// no bounded window (`nil`), so a caller can count what it left out.
  public func contains(_ record: some RecordFields) -> Bool? {
    if isUnbounded { return true }
    guard let time = record.writtenTime else { return nil }
    if case .timeOfDay(let s)? = since, case .timeOfDay(let u)? = until, s > u {
      // 23:50 to 00:10: across midnight.
      let day = time.timeOfDay
      return day >= s || day <= u
    }
    if let since, time.compared(with: since) < 0 { return false }
    if let until, time.compared(with: until) > 0 { return false }
    return true
  }

  /// A `--since` or `--until` value that is not a time, or an `--until` before `--since`.
  public struct Error: Swift.Error, CustomStringConvertible, Sendable {
    /// The refused value, as given (the `--until` value when the two are out of order).
    package var text: String
    /// Why, in words (`unit must be s, m, h or d`).
    package var reason: String
    /// `invalid time 'TEXT': reason`.
    public var description: String { "invalid time '\(text)': \(reason)" }
  }

  /// A time as users write it: `2026-11-20T10:22[:33[.123]][Z|+01:00]`, the same with a
  /// space, a date alone (its midnight), a time of day alone (`10:22`, `10:22:33`), `now`,
  /// or a span back from now: `-90s`, `-5m`, `-2h`, `-1d` (also `5m ago`).
  package static func parse(_ text: String, now: Double) throws -> Bound {
    let trimmed = text.trimmingBlanks()
    if trimmed == "now" { return .instant(now) }
    var relative = trimmed
    if relative.hasSuffix(" ago") { relative = "-" + relative.dropLast(4) }
    if relative.hasPrefix("-"), let unit = relative.last, let amount = Double(relative.dropFirst().dropLast()) {
      let scale: Double? = ["s": 1, "m": 60, "h": 3600, "d": 86_400][unit]
      guard let scale else { throw Error(text: text, reason: "unit must be s, m, h or d") }
      // `Double` also reads `nan`, `inf`, `0x10`, `1e3` and a sign: `-nans` selected every
      // record and `-0x10s` meant 16 s. A span is written in decimal digits.
      guard isDecimal(relative.dropFirst().dropLast()), amount.isFinite else {
        throw Error(text: text, reason: "expected a number in decimal digits before the unit, such as -90s or -1.5h")
      }
      return .instant(now - amount * scale)
    }
    var bytes = Array(trimmed.utf8)
    // A time of day alone: on the record's own day.
    if bytes.count >= 5, bytes[2] == UInt8(ascii: ":"), !bytes.contains(UInt8(ascii: "-")),
      let written = Array(("2000-01-01T" + (bytes.count == 5 ? trimmed + ":00" : trimmed)).utf8)
        .withUnsafeBufferPointer({ WrittenTime.parse($0) }),
      written.offset == nil
    {
      return .timeOfDay(written.timeOfDay)
    }
    // A date alone: its midnight.
    if bytes.count == 10 { bytes += Array("T00:00:00".utf8) }
    // Minutes without seconds: `2026-11-20T10:06`, also before an offset.
    if bytes.count >= 16, bytes[13] == UInt8(ascii: ":"), bytes.count == 16 || bytes[16] != UInt8(ascii: ":") {
      bytes.insert(contentsOf: Array(":00".utf8), at: 16)
    }
    if let written = bytes.withUnsafeBufferPointer({ WrittenTime.parse($0) }) {
      if let offset = written.offset { return .instant(written.wall - Double(offset)) }
      return .wallClock(written.wall)
    }
    throw Error(text: text, reason: "expected a date and time (2026-11-20T10:22[:33]), a time of day (10:22), or -5m")
  }

}

extension TimeWindow {
  /// Whether `text` is digits with at most one decimal point between them: `90`, `1.5`.
  static func isDecimal(_ text: Substring) -> Bool {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    return parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 } }
  }
}

extension WrittenTime {
  /// Below 0, 0 or above 0 as this time is before, at or after `bound`.
  func compared(with bound: TimeWindow.Bound) -> Int {
    let (mine, other): (Double, Double)
    switch bound {
    case .instant(let t): (mine, other) = (instant, t)
    case .wallClock(let t): (mine, other) = (wall, t)
    case .timeOfDay(let t): (mine, other) = (timeOfDay, t)
    }
    return mine < other ? -1 : mine > other ? 1 : 0
  }
}

extension TimeWindow {
  /// Whether a `--since`/`--until` value counts from now (`now`, `-5m`, `5m ago`): on a
  /// saved log it counts from the input's last record instead (`LastTime`).
  package static func isRelative(_ text: String) -> Bool {
    let trimmed = text.trimmingBlanks()
    return trimmed == "now" || trimmed.hasPrefix("-") || trimmed.hasSuffix(" ago")
  }
}

/// The latest timestamp of the inputs' records: what `--since -5m` counts back from on a
/// saved log (as lnav does), where "now" may be days after the log ended.
package struct LastTime: ChunkedRecordSink {
  /// The latest instant seen, in seconds since 1970 (nil: no record had a time).
  package private(set) var latest: Double?

  /// A sink with nothing seen yet.
  package init() {}

  /// Nothing but the time, which every record carries whatever is asked.
  package var needs: RecordNeeds { [] }

  /// Keeps the record's time when it is the latest.
  package mutating func record(_ record: Record) -> StreamControl {
    if let t = record.writtenTime?.instant, latest.map({ t > $0 }) ?? true { latest = t }
    return .more
  }

  /// An empty part.
  package func makePart() -> Part { Part() }

  /// Keeps the part's latest time when it is later.
  package mutating func merge(_ part: Part) -> StreamControl {
    if let t = part.latest, latest.map({ t > $0 }) ?? true { latest = t }
    return .more
  }

  /// One chunk's latest time.
  package struct Part: RecordPart {
    var latest: Double?
    /// Keeps the record's time when it is the latest of the chunk.
    package mutating func add(_ record: RecordContent) {
      if let t = record.writtenTime?.instant, latest.map({ t > $0 }) ?? true { latest = t }
    }
  }
}
