/// Numbers in words for people: the one place that writes decimals, percentages and
/// counted nouns, shared by the classifier's reasons and every printer (no Foundation
/// `String(format:)`, which misbehaves on Linux).
package enum NumberText {
  /// `12,345`
  package static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return n < 0 ? "-" + out : out
  }

  /// `12,345` for a Double rounded to a whole number; past Int's range (where `Int(value)`
  /// traps) or not finite, its shortest decimal form (`1e+19`), as `fixed` writes it.
  package static func grouped(rounding value: Double) -> String {
    let rounded = value.rounded()
    guard let whole = Int(exactly: rounded) else { return value.isFinite ? "\(rounded)" : "\(value)" }
    return grouped(whole)
  }

  /// A fraction as a percentage with one decimal: 0.4739 → `47.4`.
  package static func percent(_ share: Double) -> String { fixed(share * 100, 1) }

  package static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    // Past Int's range (a budget limit of 22 digits crashed `check --format json`), a
    // Double holds no fraction anyway: its shortest decimal form, an exponent if it needs one.
    guard scaled < 9.0e18 else { return "\(value)" }
    let whole = Int(scaled / scale)
    var text = String(whole)
    if decimals > 0 {
      let frac = Int(scaled - Double(whole) * scale)
      var fracText = String(frac)
      while fracText.count < decimals { fracText = "0" + fracText }
      text += "." + fracText
    }
    return value < 0 && scaled != 0 ? "-" + text : text
  }

  /// `1 record`, `1,234 records`: a grouped number and its noun, singular for one.
  package static func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(grouped(n)) \(n == 1 ? singular : plural ?? singular + "s")"
  }

}
