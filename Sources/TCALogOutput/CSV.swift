/// CSV as RFC 4180 has it, written in one place: fields quoted only when they must be.
package enum CSV {
  /// A field: as it is, or in double quotes (quotes doubled) when it holds a comma, a quote
  /// or a line break (CR or LF, alone or as a pair).
  package static func field(_ text: String) -> String {
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
}
