import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where a `ChangePrinter` writes.
public enum ChangePrinterOutput {
  /// The kill switch's value, `TCALOG_PRINT` in the environment (the Xcode scheme's).
  static var killSwitch: String? { getenv("TCALOG_PRINT").map { String(cString: $0) } }

  /// Standard output, as TCA's printers write (`print`).
  public static let standardOutput: @Sendable (String) -> Void = { text in print(text, terminator: "") }

  /// Appends to a file (created when missing); the app's standard output when it cannot be opened.
  public static func file(_ path: String) -> @Sendable (String) -> Void {
    guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else { return standardOutput }
    handle.seekToEndOfFile()
    let box = FileBox(handle)
    return { text in box.write(text) }
  }

  private static func create(_ path: String) -> FileHandle? {
    guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
    return FileHandle(forWritingAtPath: path)
  }

  /// One file handle, written by one record at a time.
  private final class FileBox: @unchecked Sendable {
    let handle: FileHandle
    let lock = NSLock()
    init(_ handle: FileHandle) { self.handle = handle }
    func write(_ text: String) {
      lock.lock()
      defer { lock.unlock() }
      handle.write(Data(text.utf8))
    }
  }
}

/// The printers' time stamps.
enum PrinterTime {
  /// `2026-11-20T10:22:33.123Z`: ISO 8601 in UTC with milliseconds.
  static func timestamp(_ date: Date) -> String {
    let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    var seconds = time_t(millis >= 0 ? millis / 1000 : (millis - 999) / 1000)
    let fraction = Int(millis - Int64(seconds) * 1000)
    var parts = tm()
    _ = gmtime_r(&seconds, &parts)
    func pad(_ n: Int32, _ width: Int) -> String {
      let digits = String(n)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2) + "T"
      + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "."
      + pad(Int32(fraction), 3) + "Z"
  }
}

/// JSON string literals for the JSON-lines printer (RFC 8259: `"`, `\` and control
/// characters escaped, everything else as UTF-8).
enum JSONText {
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension NSLock {
  /// `withLock`, which Apple's Foundation has only from iOS 16 and macOS 13 on; the product
  /// goes back to iOS 13.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
