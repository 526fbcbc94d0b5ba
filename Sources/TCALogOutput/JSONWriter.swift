@_spi(Scanner) import TCALogParsing

/// The one JSON writer of the program: `records`, `filter --format ndjson`, `report --format
/// json` and `suggest --format json` all write through it, and every string value goes
/// through `appendString`, so there is one escaping rule.
///
/// It appends to bytes and puts the commas in itself; the caller chooses the layout:
/// `.compact` (`{"a":1,"b":[2,3]}`, records) or `.spaced` (`{"a": 1, "b": [2, 3]}`, the
/// reports), and `lineBreak(indent:)` starts the next member, element or closing bracket
/// on a new line.
///
///     var json = JSONWriter(spacing: .spaced)
///     json.beginObject()
///     json.member("records", 3)
///     json.member("share", 0.25)
///     json.endObject()  // {"records": 3, "share": 0.25}
package struct JSONWriter {
  package enum Spacing {
    /// `,` and `:`.
    case compact
    /// `, ` and `: ` (a line break replaces the blank after a comma).
    case spaced
  }

  /// The JSON written so far.
  package var bytes: [UInt8]
  private let spaced: Bool
  /// A value was written in the current object or array: the next one needs a comma.
  private var needsComma = false
  /// Spaces to indent the next line with, when `lineBreak` asked for one.
  private var pendingIndent: Int?

  package init(spacing: Spacing = .compact, bytes: [UInt8] = []) {
    self.spaced = spacing == .spaced
    self.bytes = bytes
  }

  /// Writes into `out` in place (no copy of what is already there).
  @inline(__always)
  package static func append(to out: inout [UInt8], spacing: Spacing = .compact, _ body: (inout JSONWriter) -> Void) {
    var writer = JSONWriter(spacing: spacing)
    swap(&writer.bytes, &out)
    body(&writer)
    swap(&writer.bytes, &out)
  }

  /// The text of what `body` writes.
  package static func text(spacing: Spacing = .spaced, _ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(spacing: spacing)
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Starts the next member, element or closing bracket on a new line, `indent` spaces in.
  package mutating func lineBreak(indent: Int) { pendingIndent = indent }

  // MARK: structure

  package mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  package mutating func endObject() {
    close()
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  package mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  package mutating func endArray() {
    close()
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// A key of the current object; its value follows. Keys are tcalog's own names, written
  /// as they are (no character in them needs escaping).
  @inline(__always)
  package mutating func key(_ name: StaticString) {
    // `,"name":` (blanks when spaced) in one append: this runs for every member of every
    // record. A line break goes first, on its own.
    if pendingIndent != nil { separate() }
    let comma = needsComma ? (spaced ? 2 : 1) : 0
    let count = name.utf8CodeUnitCount
    let length = comma + count + (spaced ? 4 : 3)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { chunk in
      if comma > 0 { chunk[0] = UInt8(ascii: ",") }
      if comma > 1 { chunk[1] = UInt8(ascii: " ") }
      chunk[comma] = UInt8(ascii: "\"")
      (chunk.baseAddress! + comma + 1).update(from: name.utf8Start, count: count)
      chunk[comma + count + 1] = UInt8(ascii: "\"")
      chunk[comma + count + 2] = UInt8(ascii: ":")
      if spaced { chunk[comma + count + 3] = UInt8(ascii: " ") }
      bytes.append(contentsOf: UnsafeBufferPointer(chunk))
    }
    needsComma = false
  }

  /// A key named by a schema's `CodingKey` (the saved report's members, so that the
  /// writer and the reader spell them once), written as `key(_:)` writes a literal one.
  package mutating func key(_ name: some CodingKey) { key(named: name.stringValue) }

  /// A key that is not a literal (a report column's); written as `key(_:)` writes one.
  /// Not an overload of `key(_:)`: Swift prefers `String` for a literal, and every literal
  /// key of `records` then went through `String` (+8 % instructions for `records`).
  package mutating func key(named name: String) {
    if pendingIndent != nil { separate() }
    if needsComma {
      bytes.append(UInt8(ascii: ","))
      if spaced { bytes.append(UInt8(ascii: " ")) }
    }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: name.utf8)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    if spaced { bytes.append(UInt8(ascii: " ")) }
    needsComma = false
  }

  // MARK: values

  package mutating func string(_ text: String) {
    var text = text
    text.withUTF8 { string($0) }
  }

  /// A string from bytes; with `repairingInvalidUTF8`, bytes that are not valid UTF-8 are
  /// replaced by U+FFFD first (without, the bytes must be valid UTF-8).
  @inline(__always)
  package mutating func string(_ text: UnsafeBufferPointer<UInt8>, repairingInvalidUTF8: Bool = false) {
    separate()
    Self.appendString(text, repairingInvalidUTF8: repairingInvalidUTF8, to: &bytes)
    needsComma = true
  }

  @inline(__always)
  package mutating func integer(_ value: Int) {
    separate()
    MachineNumbers.append(value, to: &bytes)
    needsComma = true
  }

  /// A number with up to six decimals, an integral value without a fraction, `null` for
  /// infinity and NaN (`MachineNumbers.text`).
  package mutating func number(_ value: Double) {
    separate()
    bytes.append(contentsOf: MachineNumbers.text(value).utf8)
    needsComma = true
  }

  @inline(__always)
  package mutating func bool(_ value: Bool) {
    separate()
    literal(value ? "true" : "false")
    needsComma = true
  }

  @inline(__always)
  package mutating func null() {
    separate()
    literal("null")
    needsComma = true
  }

  // MARK: members (a key and its value; nil is null)

  @inline(__always)
  package mutating func member(_ name: StaticString, _ value: String?) {
    key(name)
    if let value { string(value) } else { null() }
  }

  @inline(__always)
  package mutating func member(_ name: StaticString, _ value: Int?) {
    key(name)
    if let value { integer(value) } else { null() }
  }

  @inline(__always)
  package mutating func member(_ name: StaticString, _ value: Double?) {
    key(name)
    if let value { number(value) } else { null() }
  }

  @inline(__always)
  package mutating func member(_ name: StaticString, _ value: Bool) {
    key(name)
    bool(value)
  }

  package mutating func member(_ name: some CodingKey, _ value: String?) {
    key(name)
    if let value { string(value) } else { null() }
  }

  package mutating func member(_ name: some CodingKey, _ value: Int?) {
    key(name)
    if let value { integer(value) } else { null() }
  }

  package mutating func member(_ name: some CodingKey, _ value: Double?) {
    key(name)
    if let value { number(value) } else { null() }
  }

  package mutating func member(_ name: some CodingKey, _ value: Bool) {
    key(name)
    bool(value)
  }

  /// An array of strings.
  @inline(__always)
  package mutating func member(_ name: StaticString, strings: [String]) {
    key(name)
    beginArray()
    for s in strings { string(s) }
    endArray()
  }

  /// An array of integers.
  @inline(__always)
  package mutating func member(_ name: StaticString, integers: [Int]) {
    key(name)
    beginArray()
    for n in integers { integer(n) }
    endArray()
  }

  /// `true`, `false`, `null` (a StaticString's bytes append faster than a String's).
  @inline(__always)
  private mutating func literal(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  // MARK: separators

  /// Before a value, key or opening bracket: the comma after the previous one, then a line
  /// break or (spaced) a blank.
  @inline(__always)
  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    if let indent = pendingIndent {
      newline(indent)
    } else if needsComma && spaced {
      bytes.append(UInt8(ascii: " "))
    }
    needsComma = false
  }

  /// Before a closing bracket: only the line break, if one was asked for.
  @inline(__always)
  private mutating func close() {
    if let indent = pendingIndent { newline(indent) }
  }

  private mutating func newline(_ indent: Int) {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    pendingIndent = nil
  }
}

extension JSONWriter {
  /// The one JSON string encoder: quotes, backslashes and C0 controls escaped (`\n`, `\r`,
  /// `\t`, else `\u00XX`), every other character as its UTF-8 (`/` and DEL too, FORMATS.md
  /// section 3). With `repairingInvalidUTF8`, invalid UTF-8 is replaced by U+FFFD first.
  package static func appendString(
    _ text: UnsafeBufferPointer<UInt8>, repairingInvalidUTF8: Bool = false, to out: inout [UInt8]
  ) {
    if repairingInvalidUTF8 && !UTF8Validation.isValid(text) {
      var repaired = Array(String(decoding: text, as: UTF8.self).utf8)
      repaired.withUnsafeMutableBufferPointer { appendString(UnsafeBufferPointer($0), to: &out) }
      return
    }
    out.append(UInt8(ascii: "\""))
    var runStart = 0
    for i in 0..<text.count {
      let b = text[i]
      guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
      if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i])) }
      runStart = i + 1
      switch b {
      case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
      case 0x0A: out.append(contentsOf: #"\n"#.utf8)
      case 0x0D: out.append(contentsOf: #"\r"#.utf8)
      case 0x09: out.append(contentsOf: #"\t"#.utf8)
      default:
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(b >> 4 == 0 ? UInt8(ascii: "0") : UInt8(ascii: "1"))
        let low = b & 0xF
        out.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
      }
    }
    if runStart < text.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<text.count])) }
    out.append(UInt8(ascii: "\""))
  }

  /// A JSON string literal as text (also a valid Swift string literal for such text as
  /// action paths).
  package static func quoted(_ text: String) -> String {
    var text = text
    var out: [UInt8] = []
    text.withUTF8 { appendString($0, to: &out) }
    return String(decoding: out, as: UTF8.self)
  }
}
