import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

struct TimeWindowTests {
  static func seconds(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { WrittenTime.parse($0)?.instant }
  }

  @Test func timestampsWithOffsetsAreAbsolute() {
    // 2026-11-20T09:22:33Z is 1_795_166_553.
    #expect(Self.seconds("2026-11-20T09:22:33Z") == 1_795_166_553)
    #expect(Self.seconds("2026-11-20T10:22:33+01:00") == 1_795_166_553)
    #expect(Self.seconds("2026-11-20 10:22:33+0100") == 1_795_166_553)
    #expect(Self.seconds("2026-11-20T10:22:33.5+01:00") == 1_795_166_553.5)
    #expect(Self.seconds("2026-11-20T04:22:33-05:00") == 1_795_166_553)
  }

  @Test func malformedTimestampsAreNotTimes() {
    for text in [
      "", "2026-11-20", "2026-13-20T10:22:33Z", "2026-11-20T10:22:33+1", "2026-11-20T10:22:33Zjunk", "yesterday",
    ] {
      #expect(Self.seconds(text) == nil, "\(text)")
    }
  }

  @Test func userTimesAbsoluteAndRelative() throws {
    let now = 1_795_166_553.0
    #expect(try TimeWindow.parse("-5m", now: now) == .instant(now - 300))
    #expect(try TimeWindow.parse("-90s", now: now) == .instant(now - 90))
    #expect(try TimeWindow.parse("2h ago", now: now) == .instant(now - 7200))
    #expect(try TimeWindow.parse("now", now: now) == .instant(now))
    #expect(try TimeWindow.parse("2026-11-20T09:22:33Z", now: now) == .instant(now))
    #expect(try TimeWindow.parse("2026-11-20T10:22+01:00", now: now) == .instant(now - 33))
    #expect(throws: TimeWindow.Error.self) { try TimeWindow.parse("-5w", now: now) }
    #expect(throws: TimeWindow.Error.self) { try TimeWindow.parse("soon", now: now) }
    #expect(throws: TimeWindow.Error.self) {
      try TimeWindow(since: "2026-11-21T00:00:00Z", until: "2026-11-20T00:00:00Z")
    }
  }

  @Test func windowSelectsRecordsByTheirHeaderTimestamp() throws {
    let log = """
      2026-11-20 10:22:33.100000+0100 Browser[4242:1a2b] received action: AppAction.a
      2026-11-20 10:22:35.100000+0100 Browser[4242:1a2b] received action: AppAction.b
      2026-11-20 10:22:40.100000+0100 Browser[4242:1a2b] received action: AppAction.c
      received action: AppAction.untimed

      """
    let records = try parse(log).records
    try #require(records.count == 4)
    let window = try TimeWindow(since: "2026-11-20T09:22:34Z", until: "2026-11-20T09:22:36Z")
    #expect(records.map { window.contains($0) } == [false, true, false, nil])
    #expect(records.map { TimeWindow().contains($0) } == [true, true, true, true])
  }

  /// Issue 54, row 13: `Double` read `nan`, `inf` and `0x10`, so `--since=-nans` selected
  /// every record and `-0x10s` was 16 s; a span is decimal digits before its unit.
  @Test func spansAreDecimalDigits() throws {
    let now = 1_795_166_553.0
    for text in [
      "-nans", "-infs", "-0x10s", "-1e3s", "-+5m", "--5m", "-.5m", "-5.m", "nan ago",
      "-" + String(repeating: "9", count: 400) + "s",
    ] {
      #expect(throws: TimeWindow.Error.self, "\(text)") { try TimeWindow.parse(text, now: now) }
    }
    #expect(try TimeWindow.parse("-1.5h", now: now) == .instant(now - 5400))
    #expect(try TimeWindow.parse("-010s", now: now) == .instant(now - 10))
  }

  /// Times written without an offset are read as the log writes its own: a date and time
  /// in each record's offset, a time of day on each record's day; minutes may omit seconds.
  @Test func timesWithoutAnOffsetAreReadInTheLogsOwnTerms() throws {
    let now = 1_795_166_553.0
    #expect(try TimeWindow.parse("10:06", now: now) == .timeOfDay(36_360))
    #expect(try TimeWindow.parse("10:06:30.5", now: now) == .timeOfDay(36_390.5))
    #expect(try TimeWindow.parse("2026-11-20T10:06", now: now) == TimeWindow.parse("2026-11-20 10:06:00", now: now))
    #expect(try TimeWindow.parse("2026-11-20", now: now) == .wallClock(1_795_132_800))
    let log = """
      2026-11-20 23:59:10.000000+0100 Browser[4242:1a2b] received action: AppAction.a
      2026-11-21 00:00:20.000000+0100 Browser[4242:1a2b] received action: AppAction.b
      2026-11-21 10:06:30.000000+0100 Browser[4242:1a2b] received action: AppAction.c

      """
    let records = try parse(log).records
    try #require(records.count == 3)
    func selected(_ since: String?, _ until: String?) throws -> [Bool?] {
      let window = try TimeWindow(since: since, until: until, now: Date(timeIntervalSince1970: now))
      return records.map { window.contains($0) }
    }
    #expect(try selected("10:06", "10:07") == [false, false, true])
    #expect(try selected("23:59", "00:01") == [true, true, false])  // across midnight
    #expect(try selected("2026-11-21T00:00", nil) == [false, true, true])
    #expect(try selected(nil, "2026-11-20T23:59:10") == [true, false, false])
    #expect(throws: TimeWindow.Error.self) { try TimeWindow(since: "2026-11-21T00:00", until: "2026-11-20T00:00") }
  }
}
