import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

@Suite struct QueryTerminalSafeTests {
  @Test func escapeSequencesAreShownNotSent() {
    #expect(TerminalSafe.escaped("a\u{1B}[2Jb") == #"a\e[2Jb"#)
    #expect(TerminalSafe.escaped("\u{1B}]52;c;ZXZpbA==\u{07}") == #"\e]52;c;ZXZpbA==\x07"#)
    #expect(TerminalSafe.escaped("x\u{7F}\u{0}") == #"x\x7f\0"#)
  }

  @Test func layoutIsKeptOnlyWhenAsked() {
    #expect(TerminalSafe.escaped("a\tb\nc\r\n") == #"a\tb\nc\r\n"#)
    #expect(TerminalSafe.escaped("a\tb\nc\r\n", keepLayout: true) == "a\tb\nc\r\n")
    // A lone CR would let a line overwrite itself.
    #expect(TerminalSafe.escaped("fake\rreal\n", keepLayout: true) == "fake\\rreal\n")
  }

  @Test func c1ControlsAndBidiOverridesAreEscaped() {
    #expect(TerminalSafe.escaped("a\u{9B}2Jb") == #"a\u{9b}2Jb"#)
    #expect(TerminalSafe.escaped("abc\u{202E}def") == #"abc\u{202e}def"#)
  }

  @Test func invalidUTF8BytesAreShownAsHex() {
    var out: [UInt8] = []
    let bytes: [UInt8] = [0x61, 0xFF, 0x9B, 0xE2, 0x82, 0x62]
    bytes.withUnsafeBufferPointer { TerminalSafe.append($0, to: &out) }
    #expect(String(decoding: out, as: UTF8.self) == #"a\xff\x9b\xe2\x82b"#)
  }

  @Test func ordinaryTextIsUntouched() {
    let text = #"🎬 Received action: \State.$title "é" · − …"#
    #expect(TerminalSafe.escaped(text) == text)
    // Non-ASCII takes the careful path.
    #expect(Array(text.utf8).withUnsafeBufferPointer { TerminalSafe.isSafe($0) } == false)
    #expect(Array("plain ascii".utf8).withUnsafeBufferPointer { TerminalSafe.isSafe($0) })
  }
}
