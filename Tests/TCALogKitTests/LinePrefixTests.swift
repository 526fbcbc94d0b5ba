import TCALogTestSupport
import Testing

@_spi(Scanner) @testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
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

  /// Issue 54, row 14: ISO 8601 as loggers write it (a comma before the fraction, an offset
  /// of hours, a lowercase `t` and `z`) was no prefix, and the header an other line.
  @Test func isoPrefixAsLoggersWriteIt() throws {
    for (line, prefix, timestamp) in [
      ("2026-11-20 10:22:33,123 received action:", "2026-11-20 10:22:33,123 ", "2026-11-20T10:22:33.123"),
      ("2026-11-20T10:22:33+01 received action:", "2026-11-20T10:22:33+01 ", "2026-11-20T10:22:33+01:00"),
      ("2026-11-20T10:22:33.5-05 received action:", "2026-11-20T10:22:33.5-05 ", "2026-11-20T10:22:33.5-05:00"),
      ("2026-11-20t10:22:33z received action:", "2026-11-20t10:22:33z ", "2026-11-20T10:22:33Z"),
      (
        "2026-11-20 10:22:33,123+0100 received action:", "2026-11-20 10:22:33,123+0100 ",
        "2026-11-20T10:22:33.123+01:00"
      ),
    ] {
      let m = try #require(match(line), "\(line)")
      #expect(m.prefix == prefix)
      #expect(m.timestamp == timestamp)
    }
    // Not a time: no prefix.
    #expect(match("2026-11-20 10:22:33, received action:") == nil)
    #expect(match("2026-11-20T10:22:33+1 received action:") == nil)
    #expect(match("2026-11-20x10:22:33 received action:") == nil)
  }

  /// The same headers read as timestamped records, with their times.
  @Test func isoPrefixAsLoggersWriteItTimesItsRecords() throws {
    let log = """
      2026-11-20 10:22:33,123 received action:
        AppFeature.Action.tick
        (No state changes)
      2026-11-20T10:22:34+01 received action:
        AppFeature.Action.tick
        (No state changes)
      2026-11-20t10:22:35z received action:
        AppFeature.Action.tick
        (No state changes)

      """
    let result = try parse(log)
    #expect(result.records.count == 3)
    #expect(result.statistics.otherLines == 0)
    let times = result.records.map { $0.writtenTime }
    #expect(
      times.map { $0.map { ($0.wall * 1000).rounded() } } == [1_795_170_153_123, 1_795_170_154_000, 1_795_170_155_000])
    #expect(times.map { $0?.offset } == [nil, 3600, 0])
  }

  @Test func linesWithoutPrefixAreLeftAlone() {
    #expect(match("received action:") == nil)
    #expect(match("2026 was a year of many received actions") == nil)
    #expect(match("[Network] GET https://api.example.com/v1/spaces 200 (142 ms)") == nil)
  }

  /// The `log stream` prefix as the cursor read it before it was written as loops over an
  /// index: the reference `LinePrefix.unifiedLog` is held to.
  static func unifiedLogByCursor(_ line: UnsafeBufferPointer<UInt8>) -> LinePrefixMatch? {
    var c = LinePrefix.Cursor(line)
    guard c.dateAndTime(separator: 0x20, or: 0x20), c.literal(0x2E), c.digits() > 0,
      c.sign(), c.fixedDigits(4)
    else { return nil }
    let timestampEnd = c.position
    guard c.spaces() > 0, c.hexNumber(), c.spaces() > 0, c.letters() > 0, c.spaces() > 0,
      c.hexNumber(), c.spaces() > 0, c.digits() > 0, c.spaces() > 0, c.digits() > 0, c.spaces() > 0
    else { return nil }
    guard let first = c.peek, first != 0x3A, !LinePrefix.isSpace(first) else { return nil }
    _ = c.run(while: { $0 != 0x3A })
    guard c.literal(0x3A) else { return nil }
    if c.atEnd { return LinePrefixMatch(length: c.position, timestamp: 0..<timestampEnd) }
    guard c.literal(0x20) else { return nil }
    var probe = c
    if probe.literal(0x28), probe.run(while: { $0 != 0x29 && !LinePrefix.isSpace($0) }) > 0, probe.literal(0x29),
      probe.literal(0x20)
    {
      c = probe
    }
    probe = c
    if probe.literal(0x5B), probe.run(while: { $0 != 0x5D && $0 != 0x3A && !LinePrefix.isSpace($0) }) > 0,
      probe.literal(0x3A), probe.run(while: { $0 != 0x5D }) > 0, probe.literal(0x5D), probe.literal(0x20)
    {
      c = probe
    }
    return LinePrefixMatch(length: c.position, timestamp: 0..<timestampEnd)
  }

  /// The index loops find the prefix the cursor found, on `log stream` lines with every
  /// part present or missing, and on lines damaged at a random place (a byte replaced by
  /// a separator, a digit, a blank or a letter, a byte taken out or put in, a line cut).
  @Test func unifiedLogAgreesWithTheCursorForm() {
    // Runs of eight bytes and more too: the word loops take them a word at a time.
    let times = [
      "2026-11-20 10:22:33.123456+0100", "2026-11-20 10:22:33.1-0800", "2026-11-20 10:22:33+0100",
      "2026-11-20 10:22:33.12345678901234+0100",
    ]
    let middles = [
      " 0x1a2b     Default     0x0                  4242   0    ", " 0x1A\t Info 0x0 1 0 ", "  0xff Error 0x7 12 3\t",
      " 0x1a2b3c4d5e6f7A8B9c DefaultDefault 0xABCDEF0123456789 123456789012 7 ",
    ]
    let names = ["Browser:", "My App:", ":", "Browser", " Browser:", "A Rather Long Process Name:"]
    let tails = [
      " ", "", " (Browser.debug.dylib) ", " (No state changes)", " [com.example:tca] ", " (Lib) [a:b] ", " [a:] ",
      " [:b] ", " (Lib)", " [a:b]", "  AppAction.tick", " 🎬 Received action:",
    ]
    // With the bytes just outside each class the word tests tell apart (`/` `:` `@` `[`
    // `` ` `` `{` `g` `G`, and bytes over 0x7F that fold onto letters and digits).
    let noise: [UInt8] = Array(" \t:.-+0x9aZ()[]/@`{gGfF".utf8) + [0xE2, 0x0D, 0xB0, 0xE1, 0xC1, 0xBA]
    var generator = SeededRandom(seed: 0x10_657E_A3)
    func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &generator)] }
    var matched = 0
    for round in 0..<40_000 {
      var bytes = Array((pick(times) + pick(middles) + pick(names) + pick(tails)).utf8)
      if round % 4 != 0 {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[at] = pick(noise)
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(pick(noise), at: at)
        default: bytes.removeSubrange(at...)
        }
      }
      bytes.withUnsafeBufferPointer { line in
        let expected = Self.unifiedLogByCursor(line)
        let found = LinePrefix.unifiedLog(line)
        #expect(found == expected, "\(String(decoding: line, as: UTF8.self))")
        if found != nil { matched += 1 }
      }
    }
    // Both outcomes are tried often.
    #expect(matched > 4_000 && matched < 36_000, "\(matched) of 40,000 matched")
  }

  /// The word tests of the prefix reader flag exactly the bytes outside their class, each
  /// byte value at each of the eight places, among neighbours of every class.
  @Test func wordClassesAgreeWithTheByteTests() {
    func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20) &- 0x61 < 6 }
    let neighbours: [UInt8] = [0x00, 0x30, 0x39, 0x41, 0x61, 0x66, 0x7A, 0x3A, 0x80, 0xFF, 0x20]
    for value in 0...255 {
      let b = UInt8(value)
      for place in 0..<8 {
        for neighbour in neighbours {
          var bytes = [UInt8](repeating: neighbour, count: 8)
          bytes[place] = b
          let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
          func flags(_ test: (UInt8) -> Bool) -> UInt64 {
            bytes.enumerated().reduce(0) { $0 | (test($1.element) ? 0x80 << (8 * UInt64($1.offset)) : 0) }
          }
          #expect(SWAR.nonDigits(word) == flags { !isDigit($0) }, "digits \(bytes)")
          #expect(SWAR.nonLetters(word) == flags { !isLetter($0) }, "letters \(bytes)")
          #expect(SWAR.nonHexDigits(word) == flags { !isHex($0) }, "hex \(bytes)")
          #expect(SWAR.equal(word, 0x3A) == flags { $0 == 0x3A }, "colon \(bytes)")
        }
      }
    }
  }
}
