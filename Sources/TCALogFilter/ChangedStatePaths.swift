/// The normalized state paths (FORMATS.md §5: `todos[*].isComplete`, `destination.edit.title`)
/// that a Custom Dump diff changes, read from the diff's text as `tcalog` reads it from a log:
/// the diff a printer writes is worked out once, and `onlyChanging:` asks its paths of that
/// text instead of walking the states again.
///
/// The rules are tcalog's Custom Dump reader's (Sources/TCALogParsing/CustomDumpDiff.swift),
/// for normalized paths only: nesting follows indentation (two spaces a level after the
/// marker column); an unchanged line that opens a value opens a container (a structure, a
/// collection `[`, a set `Set([`, or an enum case's payload `.edit(`, which adds the case);
/// a `-` or `+` line is a changed leaf, whose value goes on while its brackets are open. A
/// property adds `.name` (one leading `_` dropped), an element or a key `[*]`, an unlabeled
/// value of a payload that holds several `.0`, `.1`; a set's elements are the set's own path.
/// A key printed over several lines and a multi-line string literal are not read as tcalog
/// reads them (their paths may differ); Custom Dump prints neither for common states.
enum ChangedStatePaths {
  private enum FrameKind { case root, structure, collection, set, enumPayload }

  /// A path segment: a name joined with a `.` (a property, a case), `[*]`, or a payload's
  /// position, shown only when the payload holds several unlabeled values.
  private enum Segment {
    case name(String)
    case element
    case tuple(position: Int, frame: Int)
  }

  private struct Frame {
    var level: Int
    var kind: FrameKind
    var path: [Segment]
    var id: Int
    var old = 0
    var new = 0
  }

  /// The distinct normalized paths in the order of their first change (`""` for the root).
  static func of(diff: String) -> [String] {
    var frames = [Frame(level: -1, kind: .root, path: [], id: 0)]
    var tupleCounts = [0]
    var leaves: [[Segment]] = []
    var lines = diff.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      guard line.count >= 2, let marker = line.first, marker == " " || marker == "-" || marker == "+" else {
        continue
      }
      let content = line.dropFirst(2)
      let indent = content.prefix { $0 == " " }.count
      let item = content.dropFirst(indent).trimmingSuffix { $0 == " " }
      if item.isEmpty || item.hasPrefix("//") || item == "…" || item == "…," || isClosersOnly(item) { continue }
      while frames.count > 1, frames[frames.count - 1].level >= indent / 2 {
        let frame = frames.removeLast()
        if frame.kind == .enumPayload { tupleCounts[frame.id] = max(frame.old, frame.new) }
      }
      if let run = unchangedRun(item) {
        frames[frames.count - 1].old += run
        frames[frames.count - 1].new += run
        continue
      }
      let (label, value) = splitLabel(item)
      let depth = bracketDepth(value)
      let segment = child(label: label, marker: marker, frame: &frames[frames.count - 1])
      var path = frames[frames.count - 1].path
      if let segment { path.append(segment) }
      if marker == " " {
        guard depth > 0 else { continue }
        let (kind, caseName) = frameKind(of: value)
        if let caseName { path.append(.name(caseName)) }
        frames.append(Frame(level: indent / 2, kind: kind, path: path, id: tupleCounts.count))
        tupleCounts.append(0)
        continue
      }
      leaves.append(path)
      // The changed value goes on over the next lines of its marker while its brackets are open.
      var open = depth
      while open > 0, let next = lines.first, next.first == marker {
        open += bracketDepth(next.dropFirst(2))
        lines.removeFirst()
      }
    }
    for frame in frames where frame.kind == .enumPayload { tupleCounts[frame.id] = max(frame.old, frame.new) }
    var seen = Set<String>()
    var paths: [String] = []
    for leaf in leaves {
      var text = ""
      for segment in leaf {
        switch segment {
        case .name(let name): text += text.isEmpty ? name : "." + name
        case .element: text += "[*]"
        case .tuple(let position, let frame):
          if tupleCounts[frame] > 1 { text += text.isEmpty ? "\(position)" : ".\(position)" }
        }
      }
      if seen.insert(text).inserted { paths.append(text) }
    }
    return paths
  }

  /// The segment an item adds inside `frame`, and its position counters.
  private static func child(label: Substring?, marker: Character, frame: inout Frame) -> Segment? {
    func position() -> Int {
      switch marker {
      case "-":
        frame.old += 1
        return frame.old - 1
      case "+":
        frame.new += 1
        return frame.new - 1
      default:
        let n = frame.old
        frame.old = n + 1
        frame.new = n + 1
        return n
      }
    }
    switch frame.kind {
    case .root: return nil
    case .collection: return .element
    case .set: return label == nil ? nil : .element
    case .structure: return label.map { .name(normalizedProperty($0)) }
    case .enumPayload:
      if let label { return .name(normalizedProperty(label)) }
      return .tuple(position: position(), frame: frame.id)
    }
  }

  /// A property without one leading `_` (a lone `_` is kept).
  private static func normalizedProperty(_ label: Substring) -> String {
    label.count > 1 && label.first == "_" ? String(label.dropFirst()) : String(label)
  }

  /// The container a value opens, and the case name when it is an enum case's payload.
  private static func frameKind(of value: Substring) -> (FrameKind, String?) {
    guard let last = value.last else { return (.structure, nil) }
    if last == "[" { return (value.hasSuffix("Set([") ? .set : .collection, nil) }
    guard last == "(" else { return (.structure, nil) }
    // The name before `(`, generic arguments left out: a case when its last component
    // starts with a lower-case letter, `_` or a non-ASCII character.
    var name = ""
    var angle = 0
    for c in value.dropLast() {
      if c == "<" { angle += 1 } else if c == ">" { angle = max(0, angle - 1) } else if angle == 0 { name.append(c) }
    }
    guard let dot = name.lastIndex(of: ".") else { return (.structure, nil) }
    let component = name[name.index(after: dot)...].filter { $0 != "`" }
    guard let first = component.unicodeScalars.first,
      first == "_" || ("a"..."z").contains(first) || first.value > 0x7F
    else { return (.structure, nil) }
    return (.enumPayload, String(component))
  }

  /// `label: value`, the label the text before the first `: ` outside brackets and strings.
  private static func splitLabel(_ item: Substring) -> (Substring?, Substring) {
    var depth = 0
    var inString = false
    var escaped = false
    var i = item.startIndex
    if item.first == ")" || item.first == "]" { return (nil, item) }
    while i < item.endIndex {
      let c = item[i]
      if inString {
        if escaped {
          escaped = false
        } else if c == "\\" {
          escaped = true
        } else if c == "\"" {
          inString = false
        }
      } else if c == "\"" {
        inString = true
      } else if c == "(" || c == "[" || c == "{" {
        depth += 1
      } else if c == ")" || c == "]" || c == "}" {
        depth -= 1
      } else if c == ":", depth == 0, i > item.startIndex {
        let next = item.index(after: i)
        if next < item.endIndex, item[next] == " " { return (item[..<i], item[item.index(after: next)...]) }
      }
      i = item.index(after: i)
    }
    return (nil, item)
  }

  /// Brackets opened minus brackets closed, outside strings.
  private static func bracketDepth(_ text: Substring) -> Int {
    var depth = 0
    var inString = false
    var escaped = false
    for c in text {
      if inString {
        if escaped {
          escaped = false
        } else if c == "\\" {
          escaped = true
        } else if c == "\"" {
          inString = false
        }
      } else if c == "\"" {
        inString = true
      } else if c == "(" || c == "[" || c == "{" {
        depth += 1
      } else if c == ")" || c == "]" || c == "}" {
        depth -= 1
      }
    }
    return depth
  }

  private static func isClosersOnly(_ item: Substring) -> Bool {
    item.allSatisfy { $0 == ")" || $0 == "]" || $0 == "}" || $0 == "," }
  }

  /// N of `… (N unchanged)`.
  private static func unchangedRun(_ item: Substring) -> Int? {
    guard item.hasPrefix("… ("), item.hasSuffix(" unchanged)") || item.hasSuffix(" unchanged),") else { return nil }
    return Int(item.dropFirst(3).prefix { $0.isNumber })
  }
}

extension Substring {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
