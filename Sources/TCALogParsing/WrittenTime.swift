#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A timestamp as written: its date and time read as if UTC, and its UTC offset in
/// seconds when it has one.
public struct WrittenTime: Sendable, Equatable {
  /// The date and time as written, in seconds since 1970 as if it were UTC.
  public var wall: Double
  /// The UTC offset written with it, in seconds east (nil: none written, local time).
  public var offset: Int?
  /// Seconds since midnight, as written.
  public var timeOfDay: Double {
    let day = wall.truncatingRemainder(dividingBy: 86_400)
    return day < 0 ? day + 86_400 : day
  }
  /// Seconds since 1970; without an offset, in the local time zone.
  public var instant: Double {
    if let offset { return wall - Double(offset) }
    let whole = wall.rounded(.down)
    var t = time_t(whole)
    var fields = tm()
    gmtime_r(&t, &fields)
    fields.tm_isdst = -1
    return Double(mktime(&fields)) + (wall - whole)
  }
}

extension WrittenTime {
  /// The date, time and offset of a record timestamp (FORMATS.md 2.2 after normalization,
  /// or the raw forms `2026-11-20 10:22:33.123456+0100` and `…Z`), read from its bytes; nil
  /// for a time no clock writes (`2026-02-30`, `23:59:60`, `24:00:00`, an offset `+99:99`),
  /// which ISO 8601 readers refuse.
  package static func parse(_ b: UnsafeBufferPointer<UInt8>) -> WrittenTime? {
    // Once per record: fixed places read without optionals (a digit helper returning `Int?`
    // cost a third of this function).
    guard b.count >= 19 else { return nil }
    let year = digits(b, 0, 4)
    let month = digits(b, 5, 2)
    let day = digits(b, 8, 2)
    let hour = digits(b, 11, 2)
    let minute = digits(b, 14, 2)
    let second = digits(b, 17, 2)
    guard year >= 0, b[4] == 0x2D, b[7] == 0x2D, b[10] == UInt8(ascii: "T") || b[10] == 0x20, b[13] == 0x3A,
      b[16] == 0x3A, month >= 1, month <= 12, day >= 1, day <= daysIn(month: month, year: year), hour >= 0,
      hour < 24, minute >= 0, minute < 60, second >= 0, second < 60
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
    let days = daysSince1970(year: year, month: month, day: day)
    let wall = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
    if i == b.count { return WrittenTime(wall: wall, offset: nil) }
    var offset = 0
    if b[i] == UInt8(ascii: "Z") {
      i += 1
    } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
      let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
      let hh = digits(b, i + 1, 2)
      guard hh >= 0 else { return nil }
      i += 3
      if i < b.count && b[i] == 0x3A { i += 1 }
      let mm = digits(b, i, 2)
      // An offset is at most 23:59 (`+99:99` is no offset a clock writes).
      guard mm >= 0, mm < 60, hh < 24 else { return nil }
      i += 2
      offset = sign * (hh * 3600 + mm * 60)
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    return WrittenTime(wall: wall, offset: offset)
  }

  /// The days of `month` (1…12) in `year` of the proleptic Gregorian calendar: a date past
  /// them (`2026-02-30`) is no time, rather than a day of the next month.
  @inline(__always)
  static func daysIn(month: Int, year: Int) -> Int {
    if month == 2 { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28 }
    return month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31
  }

  /// The number written in `count` digits at `at`, or -1 (not digits, or past the end).
  @inline(__always)
  private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Int {
    guard at >= 0, at + count <= b.count else { return -1 }
    var value = 0
    for i in at..<(at + count) {
      let d = b[i] &- 0x30
      guard d < 10 else { return -1 }
      value = value &* 10 &+ Int(d)
    }
    return value
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, as `timegm` counts
  /// them (a day past the month's end runs into the next month), by arithmetic: `timegm`
  /// cost over a thousand instructions a record, a twentieth of `report` on a timestamped log.
  /// (Howard Hinnant's `days_from_civil`.)
  package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
