#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The entity an action is about (docs/FORMATS.md 3.1), read from its action text: the value
/// of the first `id:` label (a collection row: `.element(id: UUID(…), action: …)`,
/// `.row(id: 3, action: …)`; past a navigation stack's `#0` when another follows) or,
/// without one, the first quoted key of a dictionary in the payload
/// (`.pricesUpdated(["AAPL": 1.5])`). One row's or one remote device's stream is regular
/// even when the rows together are not, so the classifier follows each entity.
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

  /// Whether an entity is a navigation stack's element id: `#` and digits, as Custom Dump
  /// prints TCA's `StackElementID`. It names a screen the person pushed, not a row or a
  /// remote device, so the classifier times its actions by their plain rhythm.
  package static func isStackElementID(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.count >= 2 && text[0] == UInt8(ascii: "#") && text.dropFirst().allSatisfy(ByteText.isDigit)
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
  /// `)` or line feed that ends it (brackets and strings inside it skipped); a navigation
  /// stack's element id (`#0`) only when no other `id:` follows it: in
  /// `.path(.element(id: #0, action: .seatMap(.seatSold(id: "E-12"))))` the action is about
  /// the seat, the stack id only names the screen it arrived on. Colons are found by
  /// `memchr`: most actions have none or one.
  static func idValue(_ t: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard let base = t.baseAddress else { return nil }
    var stackElement: Range<Int>?
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
      guard end > start else { return stackElement }
      guard isStackElementID(UnsafeBufferPointer(rebasing: t[start..<end])) else { return start..<end }
      if stackElement == nil { stackElement = start..<end }
      from = end
    }
    return stackElement
  }

  /// The end of a value starting at `start`: the first `,`, `)`, `]` or line feed outside
  /// brackets and strings (raw strings too: `#"a"b"#` is one string).
  static func valueEnd(_ t: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var depth = 0
    var j = start
    while j < t.count {
      let c = t[j]
      if let end = stringEnd(t, at: j) {
        j = end
        continue
      }
      if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
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

  /// Where the string literal that starts at `i` ends (after its closing quote; the end of
  /// the text when it is not closed); nil when no string starts there. A string is `"…"`
  /// with `\` escapes, or a raw string `#"…"#` (any number of `#`), which only a `"` and
  /// as many `#` close: Custom Dump prints a string holding `"` so (`#"a"b"#`), and reading
  /// its inner `"` as the end spilled the rest of the action into the value.
  static func stringEnd(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    let quote = UInt8(ascii: "\"")
    let hash = UInt8(ascii: "#")
    var j = i
    while j < t.count && t[j] == hash { j += 1 }
    let hashes = j - i
    guard j < t.count, t[j] == quote else { return nil }
    j += 1
    while j < t.count {
      let c = t[j]
      if c == UInt8(ascii: "\\") && hashes == 0 {
        j += 2
        continue
      }
      j += 1
      guard c == quote else { continue }
      var closing = 0
      while closing < hashes && j + closing < t.count && t[j + closing] == hash { closing += 1 }
      if closing == hashes { return j + hashes }
    }
    return t.count
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
  /// key path must be `.set(`'s first argument inside `binding(`, outside strings. (Any
  /// `\` after `(` was taken: `.queryChanged("(\d+)")` had the key path `\.d`.)
  package static func bindingKeyPath(in t: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var spelled: [UInt8] = []
    return bindingKeyPath(in: t, into: &spelled) ? spelled : nil
  }

  /// `bindingKeyPath(in:)` into `spelled` (emptied first, its storage kept); false when
  /// the text has none.
  package static func bindingKeyPath(in t: UnsafeBufferPointer<UInt8>, into spelled: inout [UInt8]) -> Bool {
    spelled.removeAll(keepingCapacity: true)
    // Most actions hold no backslash: one `memchr`, and no walk through their strings.
    guard let base = t.baseAddress, memchr(base, 0x5C, t.count) != nil else { return false }
    let binding = Array("binding(".utf8)
    let set = Array(".set(".utf8)
    func blanks(_ from: Int) -> Int {
      var i = from
      while i < t.count && (t[i] == 0x20 || t[i] == 0x0A || t[i] == 0x09 || t[i] == 0x0D) { i += 1 }
      return i
    }
    func word(_ w: [UInt8], at i: Int) -> Bool {
      i + w.count <= t.count && (0..<w.count).allSatisfy { t[i + $0] == w[$0] }
    }
    var i = 0
    while i < t.count {
      if let end = stringEnd(t, at: i) {
        i = end
        continue
      }
      if t[i] == UInt8(ascii: "b"), word(binding, at: i) {
        var j = blanks(i + binding.count)
        // The Difference format names the case's type: `binding(BindingAction<S>.set(`.
        while j < t.count, isTypeNameByte(t[j]), !word(set, at: j) { j += 1 }
        if word(set, at: j) {
          j = blanks(j + set.count)
          if spellKeyPath(t, at: j, into: &spelled) { return true }
        }
      }
      i += 1
    }
    return false
  }

  /// The key path that starts with the `\` at `slash`, spelled without its root type into
  /// `spelled`; false when none starts there. It is read whole: subscripts (`items[0]`,
  /// `[id: "a.b"]`) and optional chaining (`child?.name`) are part of it.
  package static func spellKeyPath(
    _ t: UnsafeBufferPointer<UInt8>, at slash: Int, into spelled: inout [UInt8]
  ) -> Bool {
    spelled.removeAll(keepingCapacity: true)
    guard slash + 1 < t.count, t[slash] == 0x5C, isKeyPathByte(t[slash + 1]) else { return false }
    // The components: split at dots outside subscripts.
    var components: [Range<Int>] = []
    var start = slash + 1
    var depth = 0
    var end = slash + 1
    scan: while end < t.count {
      let c = t[end]
      if depth > 0 {
        if let close = stringEnd(t, at: end) {
          end = close
          continue
        }
        if c == UInt8(ascii: "[") { depth += 1 } else if c == UInt8(ascii: "]") { depth -= 1 }
        end += 1
        continue
      }
      switch c {
      case UInt8(ascii: "."):
        if end > start { components.append(start..<end) }
        start = end + 1
      case UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "?"), UInt8(ascii: "!"):
        break
      default:
        guard isKeyPathByte(c) else { break scan }
      }
      end += 1
    }
    if depth == 0 && end > start { components.append(start..<end) }
    let kept = components.drop { t[$0.lowerBound] >= UInt8(ascii: "A") && t[$0.lowerBound] <= UInt8(ascii: "Z") }
    guard !kept.isEmpty else { return false }
    spelled.append(0x5C)
    for c in kept {
      spelled.append(UInt8(ascii: "."))
      spelled.append(contentsOf: UnsafeBufferPointer(rebasing: t[c]))
    }
    return true
  }

  /// A byte of a type name as the Difference format prints it: `BindingAction<AppState>`.
  @inline(__always)
  static func isTypeNameByte(_ c: UInt8) -> Bool {
    isKeyPathByte(c) && c != UInt8(ascii: "$") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">")
  }

  @inline(__always)
  static func isKeyPathByte(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
      || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: ".")
      || c == UInt8(ascii: "$") || c >= 0x80
  }
}
