import TCALogReport

/// Numbers for programs, written in one place: JSON, CSV, and the record indexes and count
/// of `filter` (`NumberText` writes numbers for people: grouped, percentages, in words).
package enum MachineNumbers {
  /// Decimal digits, `-` when negative, no grouping.
  @inline(__always)
  package static func append(_ value: Int, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    if magnitude < 10 {
      out.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    // At most 20 digits (UInt64.max), written from the end, then appended at once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      while magnitude > 0 {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  /// Up to six decimals without trailing zeros, an integral value without a fraction, `-0`
  /// as `0`, `null` for infinity and NaN.
  package static func text(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    var text = NumberText.fixed(value, 6)
    // Past Int's range it comes with an exponent (`1e+20`), whose zeros are no decimals.
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    // A value under 0.0000005 rounds to "0.000000": "0." is not a JSON number.
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}
