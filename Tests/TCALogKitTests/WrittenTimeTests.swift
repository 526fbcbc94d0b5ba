import Foundation
import Testing

@_spi(Scanner) @testable import TCALogParsing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Timestamps are read by arithmetic, not `timegm`: the two must agree on every date a
/// log can write, days past a month's end included (both run into the next month).
struct WrittenTimeTests {
  static func timegmDays(year: Int, month: Int, day: Int) -> Int {
    var fields = tm()
    fields.tm_year = Int32(year - 1900)
    fields.tm_mon = Int32(month - 1)
    fields.tm_mday = Int32(day)
    return Int(timegm(&fields)) / 86_400
  }

  @Test func daysAgreeWithTimegm() {
    var checked = 0
    for year in [1900, 1969, 1970, 1999, 2000, 2001, 2023, 2024, 2026, 2100, 2400, 9999] {
      for month in 1...12 {
        for day in 1...31 {
          let days = WrittenTime.daysSince1970(year: year, month: month, day: day)
          #expect(days == Self.timegmDays(year: year, month: month, day: day), "\(year)-\(month)-\(day)")
          checked += 1
        }
      }
    }
    #expect(checked == 12 * 12 * 31)
  }

  @Test func parsesWallTimeOffsetAndFraction() throws {
    func parse(_ text: String) -> WrittenTime? {
      var bytes = Array(text.utf8)
      return bytes.withUnsafeMutableBufferPointer { WrittenTime.parse(UnsafeBufferPointer($0)) }
    }
    let time = try #require(parse("2026-11-20 10:00:00.009000+0100"))
    #expect(time.offset == 3600)
    #expect(abs(time.wall - (1_795_168_800 + 0.009)) < 1e-6)  // date -u -d '2026-11-20 10:00:00' +%s
    #expect(abs(time.instant - (1_795_165_200 + 0.009)) < 1e-6)
    #expect(parse("2024-02-29T23:59:59Z")?.wall == 1_709_251_199)
    // Times no clock writes are no time (issue 42, row 23): they ran into the next day or
    // month, and were written out as ISO 8601 that does not parse.
    for impossible in [
      "2024-02-29T23:59:60Z", "2026-02-30 10:00:00", "2026-02-29 10:00:00", "2026-04-31T00:00:00Z",
      "2026-11-20 24:00:00", "2026-11-20 10:00:00+99:99", "2026-11-20 10:00:00-24:00", "2026-11-20 10:00:00+0160",
    ] {
      #expect(parse(impossible) == nil, "\(impossible)")
    }
    #expect(parse("2000-02-29 10:00:00") != nil && parse("2100-02-29 10:00:00") == nil)
    #expect(parse("2026-11-20 10:00:00-23:59")?.offset == -(23 * 3600 + 59 * 60))
    #expect(parse("2026-13-01 00:00:00") == nil)
    #expect(parse("2026-11-20 10:00") == nil)
  }
}
