import CustomDump
import Foundation

/// One changed leaf as FORMATS.md §10 names it: what tcalog must report for a record.
struct ExpectedChange: Hashable, Comparable, CustomStringConvertible {
  var path: String
  var normalized: String
  var kind: String
  var old: String?
  var new: String?

  static func < (a: Self, b: Self) -> Bool { a.description < b.description }
  var description: String {
    "\(kind) \(path) (\(normalized)): \(old.map { "«\($0)»" } ?? "nil") → \(new.map { "«\($0)»" } ?? "nil")"
  }
}

/// A segment of a state path (FORMATS.md §10.2).
enum PathSegment {
  case property(String)
  case key(String)
  case index(Int)
  case enumCase(String)
  case tuple(Int)
}

/// The changed leaves between two values, worked out from the values themselves (their
/// mirrors, as Custom Dump reflects them), not from any printed text: the oracle's
/// independent answer. Texts of keys and values are Custom Dump's own renderings.
enum ReferenceDiff {
  static func changes(_ old: Any, _ new: Any) -> [ExpectedChange] {
    var out: [ExpectedChange] = []
    diff(old, new, path: [], into: &out)
    return out.sorted()
  }

  static func render(_ path: [PathSegment]) -> (raw: String, normalized: String) {
    var raw = ""
    var normalized = ""
    for segment in path {
      switch segment {
      case .property(let name), .enumCase(let name):
        if !raw.isEmpty {
          raw += "."
          normalized += "."
        }
        raw += name
        normalized += name.hasPrefix("_") ? String(name.dropFirst()) : name
      case .key(let key):
        raw += "[\(key)]"
        normalized += "[*]"
      case .index(let i):
        raw += "[\(i)]"
        normalized += "[*]"
      case .tuple(let i):
        raw += ".\(i)"
        normalized += ".\(i)"
      }
    }
    return (raw, normalized)
  }

  private static func leaf(
    _ kind: String, _ path: [PathSegment], old: Any?, new: Any?, into out: inout [ExpectedChange]
  ) {
    let (raw, normalized) = render(path)
    out.append(
      ExpectedChange(
        path: raw, normalized: normalized, kind: kind, old: old.map(nestedDump), new: new.map(nestedDump)))
  }

  /// The leaves between `a` and `b` at `path`. `oldPath`: where `a` stood when Custom Dump
  /// paired two entries of different keys or offsets (`walk`); a leaf there is then a
  /// removal at `oldPath` and an addition at `path`, since its two lines name different
  /// entries.
  private static func diff(
    _ a: Any, _ b: Any, path: [PathSegment], oldPath: [PathSegment]? = nil, into out: inout [ExpectedChange]
  ) {
    func wholeLeaf() {
      if let oldPath, render(oldPath).raw != render(path).raw {
        leaf("removed", oldPath, old: a, new: nil, into: &out)
        leaf("added", path, old: nil, new: b, into: &out)
      } else {
        leaf("value", path, old: a, new: b, into: &out)
      }
    }
    if let x = a as? any Equatable, x.isEqual(to: b) {
      if let oldPath, render(oldPath).raw != render(path).raw { wholeLeaf() }
      return
    }
    let ma = reflect(a)
    let mb = reflect(b)
    let isPrimitive =
      a is any CustomDumpStringConvertible || a is any CustomDumpRepresentable || a is String
      || (ma.children.isEmpty && mb.children.isEmpty)
    // Custom Dump prints a container of one plain value (`.loading(progress: 0.5)`,
    // `ItemID(rawValue: "b2")`) whole on one line: the container is the leaf.
    if isPrimitive || ma.subjectType != mb.subjectType || ma.displayStyle != mb.displayStyle
      || isSingleValueContainer(ma) || isSingleValueContainer(mb)
    {
      return wholeLeaf()
    }
    switch ma.displayStyle {
    case .optional:
      guard let x = ma.children.first?.value, let y = mb.children.first?.value else { return wholeLeaf() }
      diff(x, y, path: path, oldPath: oldPath, into: &out)
    case .struct, .class:
      for (x, y) in zip(ma.children, mb.children) {
        diff(x.value, y.value, path: path + [.property(x.label ?? "?")], into: &out)
      }
    case .enum:
      guard let x = ma.children.first, let y = mb.children.first, let name = x.label, name == y.label else {
        return wholeLeaf()
      }
      let casePath = path + [.enumCase(name)]
      let px = reflect(x.value)
      let py = reflect(y.value)
      guard px.displayStyle == .tuple else {
        // One unlabeled payload: Custom Dump diffs it as a one-element tuple.
        if px.children.isEmpty || x.value is any CustomDumpStringConvertible { return wholeLeaf() }
        return diff(x.value, y.value, path: casePath, into: &out)
      }
      if isSingleValueContainer(px) || isSingleValueContainer(py) { return wholeLeaf() }
      let unlabeled = px.children.filter { $0.label?.first == "." || $0.label == nil }.count
      var position = 0
      for (cx, cy) in zip(px.children, py.children) {
        if let label = cx.label, label.first != "." {
          diff(cx.value, cy.value, path: casePath + [.property(label)], into: &out)
        } else {
          diff(cx.value, cy.value, path: unlabeled > 1 ? casePath + [.tuple(position)] : casePath, into: &out)
          position += 1
        }
      }
    case .collection:
      func identity(_ x: Any) -> String {
        if let x = x as? any Identifiable { return "id:" + String(describing: x.id) }
        return "dump:" + nestedDump(x)
      }
      let old = ma.children.map { Entry(label: .index(0), identity: identity($0.value), value: $0.value) }
      let new = mb.children.map { Entry(label: .index(0), identity: identity($0.value), value: $0.value) }
      walk(old, new, index: true, path: path, into: &out)
    case .dictionary:
      // Custom Dump sorts a dictionary's entries by their keys' dumps.
      func entries(_ m: Mirror) -> [Entry] {
        m.children.map { child in
          let pair = Mirror(reflecting: child.value).children.map(\.value)
          let dump = nestedDump(pair[0])  // once: a key's dump is most of the reference's time
          return Entry(label: .key(keyText(pair[0], dump: dump)), identity: dump, value: pair[1])
        }.sorted { $0.identity < $1.identity }
      }
      walk(entries(ma), entries(mb), index: false, path: path, into: &out)
    default:
      wholeLeaf()
    }
  }

  struct Entry {
    var label: PathSegment
    var identity: String
    var value: Any
  }

  /// Custom Dump's walk over two collections' elements or two dictionaries' entries
  /// (`diffChildren`): the difference by identity (an element's id or dump, an entry's
  /// key), then offset by offset: equal elements are unchanged; a removal alone or an
  /// insertion alone is printed whole; a removal and an insertion at the same offsets, or
  /// two unequal elements that are neither, are diffed together under the new element's
  /// label (`[offset]` or key), with the old one's label on the old side.
  private static func walk(
    _ old: [Entry], _ new: [Entry], index: Bool, path: [PathSegment], into out: inout [ExpectedChange]
  ) {
    let difference = new.map(\.identity).difference(from: old.map(\.identity))
    var removals = Set<Int>()
    var insertions = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removals.insert(offset)
      case .insert(let offset, _, _): insertions.insert(offset)
      }
    }
    func label(_ side: [Entry], _ offset: Int) -> PathSegment { index ? .index(offset) : side[offset].label }
    var l = 0
    var r = 0
    while l < old.count || r < new.count {
      let isRemoval = removals.contains(l)
      let isInsertion = insertions.contains(r)
      if !isRemoval, !isInsertion, l < old.count, r < new.count, let x = old[l].value as? any Equatable,
        x.isEqual(to: new[r].value)
      {
        l += 1
        r += 1
        continue
      }
      switch (isRemoval, isInsertion) {
      case (true, true), (false, false):
        guard l < old.count, r < new.count else { return }
        let oldLabel = isRemoval ? label(old, l) : label(new, r)
        diff(old[l].value, new[r].value, path: path + [label(new, r)], oldPath: path + [oldLabel], into: &out)
        l += 1
        r += 1
      case (true, false):
        leaf("removed", path + [label(old, l)], old: old[l].value, new: nil, into: &out)
        l += 1
      case (false, true):
        leaf("added", path + [label(new, r)], old: nil, new: new[r].value, into: &out)
        r += 1
      }
    }
  }

  /// Custom Dump's `isSingleValueContainer`: one child, and that child a plain value.
  static func isSingleValueContainer(_ mirror: Mirror) -> Bool {
    switch mirror.displayStyle {
    case .collection, .dictionary, .set: return false
    default:
      guard mirror.children.count == 1, var value = mirror.children.first?.value else { return false }
      while let representable = value as? any CustomDumpRepresentable { value = representable.customDumpValue }
      if let convertible = value as? any CustomDumpStringConvertible {
        return !convertible.customDumpDescription.contains("\n")
      }
      return reflect(value).children.isEmpty
    }
  }

  /// A value's children as Custom Dump sees them: its own mirror when it gives one.
  static func reflect(_ value: Any) -> Mirror {
    (value as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: value)
  }

  /// A key as a raw path holds it (FORMATS.md §10.2): a string is the string itself, any
  /// other key its Custom Dump text (`dump`, its `nestedDump`) on one line.
  static func keyText(_ key: Any, dump: String) -> String {
    if let s = key as? String { return s }
    return oneLine(dump)
  }

  /// Custom Dump's lines joined as it prints the value on one line: each line trimmed, a
  /// space after each `,`, none after `(` or before `)`.
  static func oneLine(_ text: String) -> String {
    var result = ""
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if result.hasSuffix(",") { result += " " }
      result += trimmed
    }
    return result
  }

  /// A value's dump as it appears inside a state (a nested enum without its type name):
  /// the dump of a one-element array, less the array.
  static func nestedDump(_ value: Any) -> String {
    let lines = String(customDumping: [value]).split(separator: "\n", omittingEmptySubsequences: false)
    precondition(lines.count >= 3 && lines[0] == "[" && lines[1].hasPrefix("  [0]: "), "\(lines)")
    var inner = Array(lines.dropFirst().dropLast())
    inner[0] = inner[0].dropFirst("  [0]: ".count)
    for i in 1..<inner.count { inner[i] = inner[i].dropFirst(2) }
    return inner.joined(separator: "\n")
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
