import TCALogInput
import TCALogParsing
import TCALogPipeline
import TCALogQuery
import TCALogReport
import TCALogSuggest

/// Writes records in the JSON shape of FORMATS.md 11.1, straight from their bytes.
public enum RecordJSON {
  /// One record as a JSON object (no newline).
  public static func append(_ record: Record, to out: inout [UInt8]) {
    record.storage.withUnsafeBufferPointer { storage in
      let lossy = record.hasInvalidUTF8
      func string(_ r: TextRange) {
        appendString(UnsafeBufferPointer(rebasing: storage[r.start..<r.end]), lossy: lossy, to: &out)
      }
      func optional(_ r: TextRange?) {
        if let r { string(r) } else { out.append(contentsOf: "null".utf8) }
      }
      out.append(contentsOf: #"{"index":"#.utf8)
      appendInteger(record.index, to: &out)
      out.append(contentsOf: #","source":{"file":"#.utf8)
      var file = record.file
      file.withUTF8 { appendString($0, lossy: false, to: &out) }
      out.append(contentsOf: #","line":"#.utf8)
      appendInteger(record.line, to: &out)
      out.append(contentsOf: #","offset":"#.utf8)
      appendInteger(record.offset, to: &out)
      out.append(contentsOf: #"},"format":""#.utf8)
      out.append(contentsOf: record.format.rawValue.utf8)
      out.append(contentsOf: #"","timestamp":"#.utf8)
      optional(record.timestampRange)
      out.append(contentsOf: #","prefix":"#.utf8)
      optional(record.storePrefixRange)
      out.append(contentsOf: #","action":{"path":"#.utf8)
      string(record.actionPathRange)
      out.append(contentsOf: #","root":"#.utf8)
      optional(record.actionRootRange)
      out.append(contentsOf: #","text":"#.utf8)
      string(record.actionTextRange)
      out.append(contentsOf: #"},"state":"#.utf8)
      if record.hasStatePart {
        out.append(contentsOf: #"{"changed":"#.utf8)
        out.append(contentsOf: (record.stateChanged ? "true" : "false").utf8)
        out.append(contentsOf: #","changes":["#.utf8)
        for (n, change) in record.changes.enumerated() {
          if n > 0 { out.append(UInt8(ascii: ",")) }
          out.append(contentsOf: #"{"path":"#.utf8)
          string(change.path)
          out.append(contentsOf: #","normalized":"#.utf8)
          string(change.normalized)
          out.append(contentsOf: #","kind":""#.utf8)
          out.append(contentsOf: change.kind.rawValue.utf8)
          out.append(contentsOf: #"","old":"#.utf8)
          optional(change.old)
          out.append(contentsOf: #","new":"#.utf8)
          optional(change.new)
          out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
      } else {
        out.append(contentsOf: "null".utf8)
      }
      out.append(contentsOf: #","lines":"#.utf8)
      appendInteger(record.lines, to: &out)
      out.append(contentsOf: #","bytes":"#.utf8)
      appendInteger(record.bytes, to: &out)
      out.append(contentsOf: #","complete":"#.utf8)
      out.append(contentsOf: (record.isComplete ? "true" : "false").utf8)
      out.append(UInt8(ascii: "}"))
    }
  }

  public static func appendInteger(_ value: Int, to out: inout [UInt8]) {
    if value < 0 {
      out.append(UInt8(ascii: "-"))
      appendInteger(-value, to: &out)
      return
    }
    if value >= 10 { appendInteger(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// A JSON string: quotes, backslashes and control characters escaped, other characters
  /// as UTF-8 (`/` not escaped). Invalid UTF-8 is replaced by U+FFFD when `lossy`.
  public static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, lossy: Bool, to out: inout [UInt8]) {
    if lossy && !UTF8Validation.isValid(bytes) {
      var repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
      repaired.withUnsafeMutableBufferPointer { appendString(UnsafeBufferPointer($0), lossy: false, to: &out) }
      return
    }
    out.append(UInt8(ascii: "\""))
    var runStart = 0
    for i in 0..<bytes.count {
      let b = bytes[i]
      guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
      if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
      runStart = i + 1
      switch b {
      case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
      case 0x0A: out.append(contentsOf: #"\n"#.utf8)
      case 0x0D: out.append(contentsOf: #"\r"#.utf8)
      case 0x09: out.append(contentsOf: #"\t"#.utf8)
      default:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(hex[Int(b >> 4)])
        out.append(hex[Int(b & 0xF)])
      }
    }
    if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
    out.append(UInt8(ascii: "\""))
  }
}
