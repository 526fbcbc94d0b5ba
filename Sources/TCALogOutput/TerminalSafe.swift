import TCALogInput
import TCALogParsing
import TCALogPipeline
import TCALogQuery
import TCALogReport
import TCALogSuggest

/// Makes text from a log harmless on a terminal: a log line can carry escape sequences
/// (`ESC [2J` clears the screen, OSC sequences set titles or write to the clipboard), so
/// control characters are shown as visible escapes (`\e[2J`) instead of being sent raw.
///
/// Escaped: C0 controls and DEL (`\e`, `\t`, `\n`, `\r`, `\0`, else `\xHH`), C1 controls
/// (U+0080–U+009F, `\u{9b}`), bidirectional overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069, `\u{202e}`: they reorder what the reader sees), and bytes that are not
/// valid UTF-8 (`\xHH`: an 8-bit terminal reads a lone 0x9B as CSI). Backslashes are kept
/// as they are, so key paths such as `\State.$title` stay readable.
public enum TerminalSafe {
  /// Appends `bytes` with unsafe characters escaped. With `keepLayout`, tabs, line feeds
  /// and a CR directly before a LF are kept, so multi-line records still look like the log.
  public static func append(_ bytes: UnsafeBufferPointer<UInt8>, keepLayout: Bool = false, to out: inout [UInt8]) {
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
        if keepLayout && (b == 0x0A || b == 0x09 || (b == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A)) {
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
      if (0x80...0x9F).contains(scalar) || (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar) {
        flushRun(i)
        out.append(contentsOf: "\\u{".utf8)
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

  /// Whether `append` would change anything (lets printers skip the slow path).
  public static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>, keepLayout: Bool = false) -> Bool {
    for b in bytes where b < 0x20 || b >= 0x7F {
      if b >= 0x80 { return false }  // decide precisely in `append`
      if keepLayout && (b == 0x0A || b == 0x09 || b == 0x0D) { continue }
      return false
    }
    return true
  }

  /// A string with unsafe characters escaped (for diagnostics and tests).
  public static func escaped(_ string: String, keepLayout: Bool = false) -> String {
    var copy = string
    var out: [UInt8] = []
    copy.withUTF8 { append($0, keepLayout: keepLayout, to: &out) }
    return String(decoding: out, as: UTF8.self)
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
    let hex = Array("0123456789abcdef".utf8)
    out.append(contentsOf: #"\x"#.utf8)
    out.append(hex[Int(b >> 4)])
    out.append(hex[Int(b & 0xF)])
  }

  /// Length of the well-formed UTF-8 sequence starting at `i`, or 0 when it is not one
  /// (overlong forms, surrogates and values above U+10FFFF included).
  private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    let b0 = bytes[i]
    let n = bytes.count
    func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      i + k < n && range.contains(bytes[i + k])
    }
    switch b0 {
    case 0xC2...0xDF: return continuation(1) ? 2 : 0
    case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
    case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
    case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default: return 0
    }
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> UInt32 {
    var value = UInt32(bytes[i]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
    return value
  }
}
