import Testing

@testable import TCALogInput
@testable import TCALogOutput
@testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

@Suite struct LinePrefixTests {
  func match(_ s: String) -> (prefix: String, timestamp: String)? {
    var bytes = Array(s.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
      let line = UnsafeBufferPointer(buffer)
      guard let m = LinePrefix.match(line) else { return nil }
      let ts = LinePrefix.normalizedTimestamp(UnsafeBufferPointer(rebasing: line[m.timestamp]))
      return (String(decoding: line[0..<m.length], as: UTF8.self), String(decoding: ts, as: UTF8.self))
    }
  }

  @Test func unifiedLogPrefixIsStrippedAndItsTimeNormalized() throws {
    let p = "2026-11-20 10:22:33.123456+0100 0x1a2b     Default     0x0                  4242   0    Browser: "
    let m = try #require(match(p + "  AppAction.timerTicked"))
    #expect(m.prefix == p)
    #expect(m.timestamp == "2026-11-20T10:22:33.123456+01:00")
  }

  @Test func unifiedLogPrefixAloneIsABlankLine() throws {
    let p = "2026-11-20 10:22:33.123456+0100 0x1a2b     Default     0x0                  4242   0    Browser:"
    #expect(try #require(match(p)).prefix == p)
  }

  @Test func unifiedLogLibraryAndSubsystemArePartOfThePrefix() throws {
    let p =
      "2026-11-20 10:22:33.123456+0100 0x1a2b Default 0x0 4242 0 Browser: (Browser.debug.dylib) [com.example.browser:tca] "
    #expect(try #require(match(p + "received action:")).prefix == p)
  }

  @Test func noStateChangesIsNeverTakenForALibraryName() throws {
    let p = "2026-11-20 10:22:33.123456+0100 0x1a2b Default 0x0 4242 0 Browser: "
    #expect(try #require(match(p + "(No state changes)")).prefix == p)
  }

  @Test func nsLogPrefix() throws {
    let m = try #require(match("2026-11-20 10:22:33.123 Browser[4242:1a2b] received action:"))
    #expect(m.prefix == "2026-11-20 10:22:33.123 Browser[4242:1a2b] ")
    #expect(m.timestamp == "2026-11-20T10:22:33.123")
  }

  @Test func isoPrefixKeepsZulu() throws {
    let m = try #require(match("2026-11-20T10:22:33.123Z   AppAction.tick"))
    #expect(m.prefix == "2026-11-20T10:22:33.123Z ")
    #expect(m.timestamp == "2026-11-20T10:22:33.123Z")
  }

  @Test func linesWithoutPrefixAreLeftAlone() {
    #expect(match("received action:") == nil)
    #expect(match("2026 was a year of many received actions") == nil)
    #expect(match("[Network] GET https://api.example.com/v1/spaces 200 (142 ms)") == nil)
  }
}
