/// CSV as RFC 4180 has it, written in one place: fields quoted only when they must be.
///
/// A cell is also made harmless for the spreadsheet that opens it: control characters are
/// escaped as on a terminal (`TerminalSafe`: raw ESC or BEL from a log never reach the
/// file; tabs and line breaks stay), and a cell that a spreadsheet would read as a formula
/// (OWASP's CSV injection: a first character `=`, `+`, `-`, `@`, tab or CR) starts with a
/// `'`, unless it is a number (`-0.5`, which no spreadsheet runs).
package enum CSV {
  /// A field: as it is, or in double quotes (quotes doubled) when it holds a comma, a quote
  /// or a line break (CR or LF, alone or as a pair).
  package static func field(_ raw: String) -> String {
    let text = neutralized(raw)
    guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
    var out = "\""
    for scalar in text.unicodeScalars {
      if scalar == "\"" { out.unicodeScalars.append(scalar) }
      out.unicodeScalars.append(scalar)
    }
    return out + "\""
  }

  /// One record: the fields, each quoted as needed, joined by commas, and the line end.
  package static func row(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\n"
  }

  /// The text with control characters escaped and a formula's first character defused.
  static func neutralized(_ raw: String) -> String {
    var text = raw
    if !raw.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { text = TerminalSafe.escaped(raw, keepLayout: true) }
    guard let first = text.utf8.first, isFormulaStart(first), !isNumber(text) else { return text }
    return "'" + text
  }

  /// `=`, `+`, `-`, `@`, tab, CR: what starts a formula (or a DDE call) in a spreadsheet.
  @inline(__always)
  static func isFormulaStart(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "=") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "@") || b == 0x09
      || b == 0x0D
  }

  /// A decimal number as the printers write them: a sign, digits, a fraction, an exponent.
  static func isNumber(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    func digits() -> Int {
      let count = bytes.prefix { $0 &- UInt8(ascii: "0") < 10 }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    var count = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      count += digits()
    }
    guard count > 0 else { return false }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }
}
