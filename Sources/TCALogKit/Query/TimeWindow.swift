import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--since` / `--until`: the records whose timestamp falls in a time window.
///
/// Times are seconds since 1970. A timestamp without a UTC offset (Xcode's console, a bare
/// ISO time) is read in the local time zone, as the console showed it; relative times
/// (`-5m`) count back from now, like `log show --last` and `journalctl --since`.
public struct TimeWindow: Sendable, Equatable {
  public var since: Double?
  public var until: Double?

  public init(since: Double? = nil, until: Double? = nil) {
    self.since = since
    self.until = until
  }

  /// Parses the two options; throws `TimeWindow.Error` with the text that was not a time.
  public init(since: String?, until: String?, now: Double = Date().timeIntervalSince1970) throws {
    self.since = try since.map { try TimeWindow.parse($0, now: now) }
    self.until = try until.map { try TimeWindow.parse($0, now: now) }
    if let s = self.since, let u = self.until, s > u {
      throw Error(text: until ?? "", reason: "--until is before --since")
    }
  }

  public var isUnbounded: Bool { since == nil && until == nil }

  /// Whether the record's time lies in the window; a record without a timestamp lies in
  /// no bounded window (`nil`), so a caller can count what it left out.
  public func contains(_ record: Record) -> Bool? {
    if isUnbounded { return true }
    guard let range = record.timestampRange,
      let time = record.withBytes(range, { TimeWindow.timestamp($0) })
    else { return nil }
    if let since, time < since { return false }
    if let until, time > until { return false }
    return true
  }

  public struct Error: Swift.Error, CustomStringConvertible, Sendable {
    public var text: String
    public var reason: String
    public var description: String { "invalid time '\(text)': \(reason)" }
  }

  /// A time as users write it: `2026-11-20T10:22:33[.123][Z|+01:00]`, the same with a
  /// space, a date alone, a time of day alone (today), `now`, or a span back from now:
  /// `-90s`, `-5m`, `-2h`, `-1d` (also `5m ago`).
  public static func parse(_ text: String, now: Double) throws -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed == "now" { return now }
    var relative = trimmed
    if relative.hasSuffix(" ago") { relative = "-" + relative.dropLast(4) }
    if relative.hasPrefix("-"), let unit = relative.last, let amount = Double(relative.dropFirst().dropLast()) {
      let scale: Double? = ["s": 1, "m": 60, "h": 3600, "d": 86_400][unit]
      guard let scale else { throw Error(text: text, reason: "unit must be s, m, h or d") }
      return now - amount * scale
    }
    let bytes = Array(trimmed.utf8)
    if let time = bytes.withUnsafeBufferPointer({ timestamp($0) }) { return time }
    // A date alone: its midnight.
    if bytes.count == 10, let time = Array((trimmed + "T00:00:00").utf8).withUnsafeBufferPointer({ timestamp($0) }) {
      return time
    }
    // A time of day alone: today at that time.
    if bytes.count >= 5, bytes.count <= 15, bytes[2] == UInt8(ascii: ":") {
      var today = tm()
      var seconds = time_t(now)
      localtime_r(&seconds, &today)
      let date = String(format: "%04d-%02d-%02dT", Int(today.tm_year) + 1900, Int(today.tm_mon) + 1, Int(today.tm_mday))
      let full = date + (bytes.count == 5 ? trimmed + ":00" : trimmed)
      if let time = Array(full.utf8).withUnsafeBufferPointer({ timestamp($0) }) { return time }
    }
    throw Error(text: text, reason: "expected a date and time (2026-11-20T10:22:33), a time of day, or -5m")
  }

  /// Seconds since 1970 of a record timestamp (FORMATS.md 2.2 after normalization, or the
  /// raw forms `2026-11-20 10:22:33.123456+0100` and `…Z`), read from its bytes.
  public static func timestamp(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
    func digits(_ at: Int, _ count: Int) -> Int? {
      guard at + count <= b.count else { return nil }
      var value = 0
      for i in at..<(at + count) {
        let d = b[i] &- 0x30
        guard d < 10 else { return nil }
        value = value * 10 + Int(d)
      }
      return value
    }
    guard b.count >= 19, let year = digits(0, 4), b[4] == 0x2D, let month = digits(5, 2), b[7] == 0x2D,
      let day = digits(8, 2), b[10] == UInt8(ascii: "T") || b[10] == 0x20, let hour = digits(11, 2),
      b[13] == 0x3A, let minute = digits(14, 2), b[16] == 0x3A, let second = digits(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var i = 19
    var fraction = 0.0
    if i < b.count && b[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      while i < b.count, b[i] &- 0x30 < 10 {
        fraction += Double(b[i] &- 0x30) * scale
        scale /= 10
        i += 1
      }
    }
    var fields = tm()
    fields.tm_year = Int32(year - 1900)
    fields.tm_mon = Int32(month - 1)
    fields.tm_mday = Int32(day)
    fields.tm_hour = Int32(hour)
    fields.tm_min = Int32(minute)
    fields.tm_sec = Int32(second)
    if i == b.count {
      fields.tm_isdst = -1
      return Double(mktime(&fields)) + fraction  // no offset: local time
    }
    var offset = 0
    if b[i] == UInt8(ascii: "Z") {
      i += 1
    } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
      let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
      guard let hh = digits(i + 1, 2) else { return nil }
      i += 3
      if i < b.count && b[i] == 0x3A { i += 1 }
      guard let mm = digits(i, 2) else { return nil }
      i += 2
      offset = sign * (hh * 3600 + mm * 60)
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    return Double(timegm(&fields) - offset) + fraction
  }
}
