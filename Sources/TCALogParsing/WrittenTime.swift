import TCALogInput

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
  /// or the raw forms `2026-11-20 10:22:33.123456+0100` and `…Z`), read from its bytes.
  public static func parse(_ b: UnsafeBufferPointer<UInt8>) -> WrittenTime? {
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
    let days = daysSince1970(year: year, month: month, day: day)
    let wall = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
    if i == b.count { return WrittenTime(wall: wall, offset: nil) }
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
    return WrittenTime(wall: wall, offset: offset)
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

