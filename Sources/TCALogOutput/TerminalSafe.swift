import TCALogParsing

/// Makes text from a log harmless on a terminal: a log line can carry escape sequences
/// (`ESC [2J` clears the screen, OSC sequences set titles or write to the clipboard), so
/// control characters are shown as visible escapes (`\e[2J`) instead of being sent raw.
/// The one escaper of the program: filter output, every report format, suggestions'
/// comments and messages on standard error all go through `append`.
///
/// The rules, one spelling per byte or character:
/// - C0 controls and DEL: `\e` (ESC), `\t`, `\n`, `\r`, `\0`, else `\xHH` (`\x07`, `\x7f`);
/// - C1 controls (U+0080–U+009F), the line and paragraph separators (U+2028, U+2029: a
///   terminal may break the line there), bidirectional overrides and isolates
///   (U+202A–U+202E, U+2066–U+2069: they reorder what the reader sees): `\u{hex}`
///   (`\u{9b}`, `\u{2028}`, `\u{202e}`);
/// - bytes that are not valid UTF-8: `\xHH` each (an 8-bit terminal reads a lone 0x9B as CSI).
///
/// `\xHH` always stands for one byte, `\u{…}` for one character. Backslashes are kept as they
/// are, so key paths such as `\State.$title` stay readable.
package enum TerminalSafe {
  /// Appends `bytes` with unsafe characters escaped. With `keepLayout`, tabs, line feeds
  /// and a CR directly before a LF are kept, so multi-line records still look like the log.
  package static func append(_ bytes: UnsafeBufferPointer<UInt8>, keepLayout: Bool = false, to out: inout [UInt8]) {
    var i = 0
    var runStart = 0
    let n = bytes.count
    @inline(__always) func flushRun(_ end: Int) {
      if runStart < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
    }
    while i < n {
      let b = bytes[i]
      if b >= 0x20 && b < 0x7F {
        i += 1
        continue
      }
      if b < 0x80 {
        // C0 control or DEL.
        if keepLayout && isLayout(bytes, at: i) {
          i += 1
          continue
        }
        flushRun(i)
        appendControl(b, to: &out)
        i += 1
        runStart = i
        continue
      }
      let length = sequenceLength(bytes, at: i)
      if length == 0 {
        flushRun(i)
        appendHex(b, to: &out)
        i += 1
        runStart = i
        continue
      }
      let scalar = decode(bytes, at: i, length: length)
      if isUnsafe(scalar) {
        flushRun(i)
        out.append(contentsOf: #"\u{"#.utf8)
        out.append(contentsOf: String(scalar, radix: 16).utf8)
        out.append(UInt8(ascii: "}"))
        i += length
        runStart = i
        continue
      }
      i += length
    }
    flushRun(n)
  }

  /// Whether `append` would change nothing, so printers can copy the bytes as they are.
  /// Any byte above 0x7F answers false (`append` decides precisely).
  package static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>, keepLayout: Bool = false) -> Bool {
    for i in bytes.indices where bytes[i] < 0x20 || bytes[i] >= 0x7F {
      if keepLayout && isLayout(bytes, at: i) { continue }
      return false
    }
    return true
  }

  /// A string with unsafe characters escaped (report text, comments, messages).
  package static func escaped(_ string: String, keepLayout: Bool = false) -> String {
    var copy = string
    var out: [UInt8] = []
    copy.withUTF8 { append($0, keepLayout: keepLayout, to: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// The characters above U+007F that are escaped.
  static func isUnsafe(_ scalar: UInt32) -> Bool {
    (0x80...0x9F).contains(scalar) || (0x2028...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
  }

  /// A tab, a line feed, or a CR directly before a line feed (a lone CR would let a line
  /// overwrite itself).
  @inline(__always)
  private static func isLayout(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    let b = bytes[i]
    return b == 0x0A || b == 0x09 || (b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A)
  }

  private static func appendControl(_ b: UInt8, to out: inout [UInt8]) {
    switch b {
    case 0x1B: out.append(contentsOf: #"\e"#.utf8)
    case 0x0A: out.append(contentsOf: #"\n"#.utf8)
    case 0x0D: out.append(contentsOf: #"\r"#.utf8)
    case 0x09: out.append(contentsOf: #"\t"#.utf8)
    case 0x00: out.append(contentsOf: #"\0"#.utf8)
    default: appendHex(b, to: &out)
    }
  }

  private static func appendHex(_ b: UInt8, to out: inout [UInt8]) {
    out.append(contentsOf: #"\x"#.utf8)
    out.append(hexDigit(b >> 4))
    out.append(hexDigit(b & 0xF))
  }

  @inline(__always) private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x61 + v - 10 }

  /// Length of the well-formed UTF-8 sequence starting at `i`, or 0 when it is not one:
  /// the lead byte says how long it would be, and the one UTF-8 validation of the program
  /// (Parsing's, which also refuses overlong forms, surrogates and values above U+10FFFF)
  /// says whether those bytes are one.
  private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    let length: Int
    switch bytes[i] {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    guard i + length <= bytes.count, UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]))
    else { return 0 }
    return length
  }

  /// The scalar of a sequence `sequenceLength` accepted.
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> UInt32 {
    var value = UInt32(bytes[i]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
    return value
  }
}
