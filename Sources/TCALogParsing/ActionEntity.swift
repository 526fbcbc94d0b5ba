#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The entity an action is about (docs/FORMATS.md 3.1), read from its action text: the value
/// of the first `id:` label (a collection row: `.element(id: UUID(…), action: …)`,
/// `.row(id: 3, action: …)`) or, without one, the first quoted key of a dictionary in the
/// payload (`.pricesUpdated(["AAPL": 1.5])`). One row's or one remote device's stream is
/// regular even when the rows together are not, so the classifier follows each entity.
///
/// Read by the scanner for readers that ask for `RecordNeeds.entity`, from the action's
/// lines as they were joined: blanks inside a multi-line value are kept, and `key(_:)`
/// skips them, so a value names one entity however the action was printed.
package enum ActionEntity {
  /// Where the entity's text is in `text`, nil when the action names none.
  package static func range(in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    idValue(text) ?? dictionaryKey(text)
  }

  /// An entity printed over several lines on one (`TabID(rawValue: "0D0B…")`): each line
  /// feed and the indentation after it go, replaced by a space between two items (after a
  /// `,` or `:`), by nothing after an opening or before a closing bracket.
  package static func joined(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    joined(text, into: &out)
    return out
  }

  /// `joined(_:)` into `out` (emptied first, its storage kept: no allocation a record).
  package static func joined(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    out.removeAll(keepingCapacity: true)
    out.reserveCapacity(text.count)
    var i = 0
    while i < text.count {
      let c = text[i]
      guard c == 0x0A || c == 0x0D else {
        out.append(c)
        i += 1
        continue
      }
      while i < text.count && (text[i] == 0x0A || text[i] == 0x0D || text[i] == 0x20 || text[i] == 0x09) { i += 1 }
      while out.last == 0x20 { out.removeLast() }
      let before = out.last
      let after = i < text.count ? text[i] : nil
      let opens = before == UInt8(ascii: "(") || before == UInt8(ascii: "[")
      let closes = after == UInt8(ascii: ")") || after == UInt8(ascii: "]")
      if !opens && !closes && before != nil && after != nil { out.append(0x20) }
    }
  }

  /// A hash of an entity's text without its blanks (spaces, tabs, line feeds).
  package static func key(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    // FNV-1a: a few dozen bytes a record, no table.
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for c in text where c != 0x20 && c != 0x0A && c != 0x09 && c != 0x0D {
      h = (h ^ UInt64(c)) &* 0x0000_0100_0000_01B3
    }
    return h
  }

  /// The value after the first `id: ` label (after `(`, a blank or a comma), up to the `,`,
  /// `)` or line feed that ends it (brackets and strings inside it skipped). Colons are
  /// found by `memchr`: most actions have none or one.
  static func idValue(_ t: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard let base = t.baseAddress else { return nil }
    var from = 0
    while from < t.count, let hit = memchr(base + from, 0x3A, t.count - from) {
      let colon = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      from = colon + 1
      guard colon >= 3, colon + 1 < t.count, t[colon + 1] == 0x20, t[colon - 1] == UInt8(ascii: "d"),
        t[colon - 2] == UInt8(ascii: "i")
      else { continue }
      let before = t[colon - 3]
      guard before == UInt8(ascii: "(") || before == 0x20 || before == 0x0A || before == UInt8(ascii: ",") else {
        continue
      }
      let start = colon + 2
      let end = valueEnd(t, from: start)
      return end > start ? start..<end : nil
    }
    return nil
  }

  /// The end of a value starting at `start`: the first `,`, `)`, `]` or line feed outside
  /// brackets and strings.
  static func valueEnd(_ t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var depth = 0
    var j = start
    var quoted = false
    while j < t.count {
      let c = t[j]
      if quoted {
        if c == UInt8(ascii: "\\") {
          j += 1
        } else if c == UInt8(ascii: "\"") {
          quoted = false
        }
      } else if c == UInt8(ascii: "\"") {
        quoted = true
      } else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
        depth += 1
      } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
        if depth == 0 { break }
        depth -= 1
      } else if (c == UInt8(ascii: ",") || c == 0x0A) && depth == 0 {
        break
      }
      j += 1
    }
    return min(j, t.count)
  }

  /// The first quoted dictionary key: `[`, blanks, `"` … `":`; brackets found by `memchr`.
  static func dictionaryKey(_ t: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard let base = t.baseAddress else { return nil }
    var i = 0
    while i < t.count, let hit = memchr(base + i, 0x5B, t.count - i) {
      let open = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      i = open + 1
      var k = open + 1
      while k < t.count && (t[k] == 0x20 || t[k] == 0x0A) { k += 1 }
      guard k < t.count && t[k] == UInt8(ascii: "\"") else { continue }
      var j = k + 1
      while j < t.count && t[j] != UInt8(ascii: "\"") {
        if t[j] == UInt8(ascii: "\\") { j += 1 }
        j += 1
      }
      if j + 1 < t.count && t[j + 1] == UInt8(ascii: ":") { return (k + 1)..<j }
      i = max(i, j)
    }
    return nil
  }

  /// The key path of a TCA binding (`.binding(.set(\State.$volume, 0.5))`), spelled as
  /// `if case .binding(\.$volume)` writes it: `\.` then its components after the root
  /// type's (those that start with an upper-case letter). Nil when the text has none: the
  /// first `\` after `(` or a blank, followed by a letter, `_`, `.` or `$`.
  package static func bindingKeyPath(in t: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var spelled: [UInt8] = []
    return bindingKeyPath(in: t, into: &spelled) ? spelled : nil
  }

  /// `bindingKeyPath(in:)` into `spelled` (emptied first, its storage kept); false when
  /// the text has none.
  package static func bindingKeyPath(in t: UnsafeBufferPointer<UInt8>, into spelled: inout [UInt8]) -> Bool {
    spelled.removeAll(keepingCapacity: true)
    guard let base = t.baseAddress else { return false }
    var from = 0
    while from < t.count, let hit = memchr(base + from, 0x5C, t.count - from) {
      let slash = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      from = slash + 1
      guard slash > 0, t[slash - 1] == UInt8(ascii: "(") || t[slash - 1] == 0x20 || t[slash - 1] == 0x0A,
        slash + 1 < t.count, isKeyPathByte(t[slash + 1])
      else { continue }
      var end = slash + 1
      while end < t.count && isKeyPathByte(t[end]) { end += 1 }
      var components = UnsafeBufferPointer(rebasing: t[(slash + 1)..<end]).split(
        separator: UInt8(ascii: "."), omittingEmptySubsequences: true)
      while let first = components.first, let c = first.first, c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z") {
        components.removeFirst()
      }
      guard !components.isEmpty else { continue }
      spelled.append(UInt8(ascii: "\\"))
      for c in components {
        spelled.append(UInt8(ascii: "."))
        spelled.append(contentsOf: c)
      }
      return true
    }
    return false
  }

  @inline(__always)
  static func isKeyPathByte(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
      || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: ".")
      || c == UInt8(ascii: "$") || c >= 0x80
  }
}
