import Foundation
import Testing

@testable import TCALogOutput
@testable import TCALogParsing
@testable import TCALogReport

/// The one escaper of the Output stage.
@Suite struct OutputWritersTests {
  func escaped(_ bytes: [UInt8], keepLayout: Bool = false) -> String {
    var out: [UInt8] = []
    bytes.withUnsafeBufferPointer { TerminalSafe.append($0, keepLayout: keepLayout, to: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// One spelling for every control character, from bytes and from a String alike.
  @Test func everyControlHasOneSpelling() {
    let named: [UInt8: String] = [0x00: #"\0"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0D: #"\r"#, 0x1B: #"\e"#]
    for byte in Array(UInt8(0)..<0x20) + [0x7F] {
      let expected = named[byte] ?? "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
      #expect(escaped([byte]) == expected)
      #expect(TerminalSafe.escaped(String(UnicodeScalar(byte))) == expected)
    }
    #expect(TerminalSafe.escaped("\u{1}\u{7}\u{7F}") == #"\x01\x07\x7f"#)
  }

  @Test func separatorsC1AndBidiControlsAreEscapedOtherCharactersAreNot() {
    for scalar in [0x85, 0x9B, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069] as [UInt32] {
      let text = "a" + String(UnicodeScalar(scalar)!) + "b"
      #expect(TerminalSafe.escaped(text) == "a\\u{\(String(scalar, radix: 16))}b")
      #expect(escaped(Array(text.utf8), keepLayout: true) == "a\\u{\(String(scalar, radix: 16))}b")
    }
    for scalar in [0xA0, 0xE9, 0x2027, 0x202F, 0x2065, 0x206A, 0x1F3AC] as [UInt32] {
      let text = "a" + String(UnicodeScalar(scalar)!) + "b"
      #expect(TerminalSafe.escaped(text) == text)
    }
  }

  /// Overlong forms, surrogates and values above U+10FFFF are bytes, not characters.
  @Test func invalidSequencesAreEscapedByteByByte() {
    #expect(escaped([0xC0, 0xAF]) == #"\xc0\xaf"#)
    #expect(escaped([0xED, 0xA0, 0x80]) == #"\xed\xa0\x80"#)
    #expect(escaped([0xF4, 0x90, 0x80, 0x80]) == #"\xf4\x90\x80\x80"#)
    #expect(escaped([0xE2, 0x80]) == #"\xe2\x80"#)
    #expect(escaped([0x61, 0xC2, 0x9B, 0xC2]) == #"a\u{9b}\xc2"#)
  }

  /// `isSafe` lets a printer skip `append`: it must never say safe where `append` escapes.
  @Test func isSafeAgreesWithAppend() {
    for keepLayout in [false, true] {
      for text in ["plain", "a\tb\n", "a\r\n", "fake\rreal", "end\r", "x\u{7F}", "\u{1B}[2J"] {
        let bytes = Array(text.utf8)
        if bytes.withUnsafeBufferPointer({ TerminalSafe.isSafe($0, keepLayout: keepLayout) }) {
          #expect(escaped(bytes, keepLayout: keepLayout) == text, "\(text.debugDescription)")
        }
      }
    }
    #expect(!Array("fake\rreal\n".utf8).withUnsafeBufferPointer { TerminalSafe.isSafe($0, keepLayout: true) })
  }
}
