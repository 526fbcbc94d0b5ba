import Foundation
import Testing
@testable import TCALogKit

struct TimeWindowTests {
  static func seconds(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { TimeWindow.timestamp($0) }
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
    for text in ["", "2026-11-20", "2026-13-20T10:22:33Z", "2026-11-20T10:22:33+1", "2026-11-20T10:22:33Zjunk", "yesterday"] {
      #expect(Self.seconds(text) == nil, "\(text)")
    }
  }

  @Test func userTimesAbsoluteAndRelative() throws {
    let now = 1_795_166_553.0
    #expect(try TimeWindow.parse("-5m", now: now) == now - 300)
    #expect(try TimeWindow.parse("-90s", now: now) == now - 90)
    #expect(try TimeWindow.parse("2h ago", now: now) == now - 7200)
    #expect(try TimeWindow.parse("now", now: now) == now)
    #expect(try TimeWindow.parse("2026-11-20T09:22:33Z", now: now) == now)
    #expect(throws: TimeWindow.Error.self) { try TimeWindow.parse("-5w", now: now) }
    #expect(throws: TimeWindow.Error.self) { try TimeWindow.parse("soon", now: now) }
    #expect(throws: TimeWindow.Error.self) { try TimeWindow(since: "2026-11-21T00:00:00Z", until: "2026-11-20T00:00:00Z") }
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
}
