import TCALogReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small formatting helpers shared by the printers (no Foundation `String(format:)`,
/// which misbehaves on Linux).
package enum TextFormatting {
  /// One number written by C's `printf` rules (`%.2f`, ` (×%.2f)`): the digits Foundation's
  /// `String(format:)` writes, without Foundation (see `Lock` in TCALogInput for why).
  /// tcalog never sets a locale, so the decimal point is always `.`.
  package static func printf(_ format: String, _ value: Double) -> String {
    var size = 64
    while true {
      var buffer = [CChar](repeating: 0, count: size)
      let written = withVaList([value]) { vsnprintf(&buffer, size, format, $0) }
      if written < 0 { return "" }
      if Int(written) < size {
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      size = Int(written) + 1
    }
  }

  /// `512 B`, `1.2 MB`
  package static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) B" }
    if bytes < 1024 * 1024 { return NumberText.fixed(Double(bytes) / 1024, 1) + " KiB" }
    if bytes < 1024 * 1024 * 1024 { return NumberText.fixed(Double(bytes) / 1_048_576, 1) + " MiB" }
    return NumberText.fixed(Double(bytes) / 1_073_741_824, 2) + " GiB"
  }

  /// `1h 2m 3s`, `4.5s`
  package static func duration(_ seconds: Double) -> String {
    if seconds < 60 { return NumberText.fixed(seconds, 1) + "s" }
    // No log spans more hours than an Int holds, but a saved report's span is a number
    // anyone can write (`1e19` trapped here): past Int's range, hours alone.
    guard let s = Int(exactly: seconds.rounded()) else { return NumberText.grouped(rounding: seconds / 3600) + "h" }
    if s < 3600 { return "\(s / 60)m \(s % 60)s" }
    return "\(s / 3600)h \(s % 3600 / 60)m \(s % 60)s"
  }

  package static func padLeft(_ text: String, _ width: Int) -> String {
    let n = text.unicodeScalars.count
    return n >= width ? text : String(repeating: " ", count: width - n) + text
  }

  package static func padRight(_ text: String, _ width: Int) -> String {
    let n = text.unicodeScalars.count
    return n >= width ? text : text + String(repeating: " ", count: width - n)
  }

  /// Keeps the end of a path (the informative part) when it is too long: `…ow.mouseMoved`.
  package static func fitTail(_ text: String, _ width: Int) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count > width, width > 1 else { return text }
    var out = "…"
    out.unicodeScalars.append(contentsOf: scalars[(scalars.count - width + 1)...])
    return out
  }

  package static func fitHead(_ text: String, _ width: Int) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count > width, width > 1 else { return text }
    var out = ""
    out.unicodeScalars.append(contentsOf: scalars[..<(width - 1)])
    return out + "…"
  }

  /// A line broken at spaces to fit `width` columns, each later line starting with
  /// `indent`; a word longer than a line stays whole.
  package static func wrapped(_ line: String, width: Int, indent: String) -> String {
    var rest = Array(line.unicodeScalars)
    let lead = rest.prefix { $0 == " " }.count
    var out = String.UnicodeScalarView()
    var first = true
    while rest.count > width {
      // The last space that leaves a line within `width`, past the indentation.
      let floor = first ? lead : indent.unicodeScalars.count
      // A width below the indentation (a terminal of a few columns) searches nothing
      // before it: each line then breaks after its first word past the indentation. A
      // break needs a word before it on its line, or the line would be blanks.
      let end = max(floor, min(rest.count, width + 1))
      guard
        let cut = rest[floor..<end].lastIndex(of: " ").flatMap({
          $0 > floor && rest[floor..<$0].contains { $0 != " " } ? $0 : nil
        })
          ?? rest[min(rest.count, max(end, floor + 1))...].indices.first(where: {
            rest[$0] == " " && rest[$0 - 1] != " "
          })
      else { break }
      out.append(contentsOf: rest[..<cut])
      out.append("\n")
      rest = Array(indent.unicodeScalars) + rest[(cut + 1)...]
      first = false
    }
    out.append(contentsOf: rest)
    return String(out)
  }

  /// A bar of `width` cells for a share in 0…1, in eighths of a cell.
  package static func bar(_ share: Double, width: Int) -> String {
    let eighths = Int((max(0, min(1, share)) * Double(width * 8)).rounded())
    let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var out = String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
    let used = eighths / 8 + (eighths % 8 > 0 ? 1 : 0)
    out += String(repeating: " ", count: width - used)
    return out
  }
}

extension TextFormatting {
  /// One block character per value, scaled to the largest.
  package static func sparkline(_ values: [Int]) -> String {
    let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let top = max(values.max() ?? 0, 1)
    return String(values.map { v in v == 0 ? " " : blocks[min(7, (v * 8 - 1) / top)] })
  }

  /// `HH:MM:SS` of a time in seconds since 1970, in `offset` (seconds east of UTC) as a
  /// log with that offset writes it, or in the local time zone.
  package static func clockTime(_ second: Int, offset: Int? = nil) -> String {
    String(dateTime(second, offset: offset).dropFirst(11))
  }

  /// `YYYY-MM-DD HH:MM:SS` of a time in seconds since 1970, in `offset` or local time.
  static func dateTime(_ second: Int, offset: Int?) -> String {
    var t = time_t(second + (offset ?? 0))
    var fields = tm()
    if offset == nil { localtime_r(&t, &fields) } else { gmtime_r(&t, &fields) }
    func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday)) "
      + "\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))"
  }

  /// `2026-11-20 10:05:00 – 10:06:46 +01:00`: first and last time (the last without its
  /// date on the same day), then the offset; no offset for a log in local time.
  package static func timeSpan(_ first: Double, _ last: Double, offset: Int?) -> String {
    let from = dateTime(Int(first.rounded(.down)), offset: offset)
    let to = dateTime(Int(last.rounded(.down)), offset: offset)
    var text = from + " – " + (to.prefix(10) == from.prefix(10) ? String(to.dropFirst(11)) : to)
    if let offset { text += " " + offsetText(offset) }
    return text
  }

  /// `+01:00` for 3600 seconds east of UTC, `-05:30`, `+00:00`.
  package static func offsetText(_ offset: Int) -> String {
    let minutes = abs(offset) / 60
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(offset < 0 ? "-" : "+")\(two(minutes / 60)):\(two(minutes % 60))"
  }

  /// `2026-11-20 10:05:00 +01:00`: one time as a log with `offset` writes it (without an
  /// offset: in the local time zone, as a log without one does).
  package static func loggedTime(_ second: Int, offset: Int?) -> String {
    dateTime(second, offset: offset) + (offset.map { " " + offsetText($0) } ?? "")
  }
}
