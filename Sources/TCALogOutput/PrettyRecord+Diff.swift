extension PrettyRecordRenderer {
  /// What a line of a Custom Dump or whole-state diff says (FORMATS.md 5.2, 6.2).
  enum Mark { case unchanged, removed, added }

  /// One line of a `tca0`/`tca1` state part: its mark and its text after the mark's column.
  struct DiffLine {
    var mark: Mark
    var text: String
    var indent: Int { text.prefix { $0 == " " }.count }
    var closes: Bool {
      guard let first = text.first(where: { $0 != " " }) else { return false }
      return first == ")" || first == "]" || first == "}"
    }
  }

  /// The index of the first line after the action (header at 0): the action's brackets
  /// balance at the end of its last line (strings skipped).
  static func actionEnd(_ lines: [String], from start: Int = 1) -> Int {
    var depth = 0
    var index = start
    while index < lines.count {
      var inString = false
      var escaped = false
      for scalar in lines[index].unicodeScalars {
        if inString {
          if escaped {
            escaped = false
          } else if scalar == "\\" {
            escaped = true
          } else if scalar == "\"" {
            inString = false
          }
          continue
        }
        switch scalar {
        case "\"": inString = true
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth -= 1
        default: break
        }
      }
      index += 1
      if depth <= 0 { break }
    }
    return index
  }

  /// A Custom Dump or whole-state diff: marks as ASCII (`-`, `+`, space; TCA 0.x printed
  /// U+2212 and U+2007), colours by mark, the property name of a changed line emphasized;
  /// unchanged runs of a whole-state diff folded.
  static func diffLines(_ lines: [String], foldsWholeState: Bool) -> [PrettyLine] {
    var diff: [DiffLine] = []
    for line in lines[min(actionEnd(lines), lines.count)...] {
      guard let first = line.unicodeScalars.first else { continue }
      let mark: Mark
      switch first {
      case "-", "\u{2212}": mark = .removed
      case "+": mark = .added
      default: mark = .unchanged
      }
      var rest = Substring(line).unicodeScalars.dropFirst()
      if rest.first == " " { rest = rest.dropFirst() }
      diff.append(DiffLine(mark: mark, text: TerminalSafe.escaped(String(rest))))
    }
    // Custom Dump folds by itself (`(…)`, `[…]`, `… (N unchanged)`); a TCA 0.1–0.24 whole
    // state has none of them and every line of the state.
    if foldsWholeState && !diff.contains(where: { $0.text.contains("…") }) { return folded(diff) }
    return diff.map(prettyLine)
  }

  static func prettyLine(_ line: DiffLine) -> PrettyLine {
    switch line.mark {
    case .unchanged: return PrettyLine([.init("  " + line.text, .plain)])
    case .removed: return changedLine("- ", line.text, .removed, .removedName)
    case .added: return changedLine("+ ", line.text, .added, .addedName)
    }
  }

  /// A `-`/`+` line with its leading name (`isRead`, `"inbox"`, `[3]`) in `nameStyle`.
  static func changedLine(_ mark: String, _ text: String, _ style: PrettyLine.Style, _ nameStyle: PrettyLine.Style)
    -> PrettyLine
  {
    let scalars = Array(text.unicodeScalars)
    var start = 0
    while start < scalars.count && scalars[start] == " " { start += 1 }
    var end = start
    if end < scalars.count && scalars[end] == "\"" {
      end += 1
      while end < scalars.count && scalars[end] != "\"" { end += 1 }
      end += 1
    } else if end < scalars.count && scalars[end] == "[" {
      while end < scalars.count && scalars[end] != "]" { end += 1 }
      end += 1
    } else {
      while end < scalars.count
        && (scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]) || scalars[end] == "_"
          || scalars[end] == "$")
      {
        end += 1
      }
    }
    guard end > start, end < scalars.count, scalars[end] == ":" else {
      return PrettyLine([.init(mark + text, style)])
    }
    func part(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
    return PrettyLine([
      .init(mark + part(0..<start), style), .init(part(start..<end), nameStyle),
      .init(part(end..<scalars.count), style),
    ])
  }

  /// A whole-state diff with the unchanged lines that do not enclose a change folded into
  /// `… (N unchanged)`, N the values folded (lines at the run's outer indentation, closing
  /// brackets not counted), as Custom Dump counts unchanged elements.
  static func folded(_ diff: [DiffLine]) -> [PrettyLine] {
    var keep = diff.map { $0.mark != .unchanged }
    var chainDone = Array(repeating: false, count: diff.count)
    var openers: [Int] = []
    // Each change keeps the lines that open the values around it, and their closers.
    for changed in diff.indices where diff[changed].mark != .unchanged {
      var bound = diff[changed].indent
      var i = changed - 1
      while i >= 0 && bound > 0 {
        if diff[i].indent < bound {
          if chainDone[i] { break }
          chainDone[i] = true
          keep[i] = true
          if diff[i].mark == .unchanged { openers.append(i) }
          bound = diff[i].indent
        }
        i -= 1
      }
    }
    for opener in openers {
      var k = opener + 1
      while k < diff.count && diff[k].indent > diff[opener].indent { k += 1 }
      if k < diff.count && diff[k].indent == diff[opener].indent && diff[k].closes { keep[k] = true }
    }
    var out: [PrettyLine] = []
    var i = 0
    while i < diff.count {
      if keep[i] {
        out.append(prettyLine(diff[i]))
        i += 1
        continue
      }
      var end = i
      while end < diff.count && !keep[end] { end += 1 }
      if end - i == 1 {
        out.append(prettyLine(diff[i]))
      } else {
        let outer = diff[i..<end].map(\.indent).min() ?? 0
        let values = diff[i..<end].filter { $0.indent == outer && !$0.closes }.count
        out.append(
          PrettyLine([.init("  " + String(repeating: " ", count: outer) + "… (\(max(values, 1)) unchanged)", .note)]))
      }
      i = end
    }
    return out
  }

  /// Which side of a `diffing` leaf an item is on (FORMATS.md 4.2, both label sets).
  static func treeMark(_ item: String) -> Mark {
    for label in ["Current:", "Received:", "Added:", "Extra:"] where item.hasPrefix(label) { return .added }
    for label in ["Previous:", "Expected:", "Removed:", "Missing:"] where item.hasPrefix(label) { return .removed }
    return .unchanged
  }

  /// A `diffing` tree: two spaces a level instead of `|⇥`, `Previous:` lines red and
  /// marked `-`, `Current:` lines green and marked `+`, the name above them emphasized; the
  /// entries of `Removed key pairs:` and `Added key pairs:` coloured as their header says.
  static func treeLines(_ lines: [String]) -> [PrettyLine] {
    var start = lines.firstIndex { line in
      let trimmed = line.trimmingBlanksForTree()
      return trimmed == "State:" || trimmed.hasSuffix(" State:") && trimmed.unicodeScalars.first?.value ?? 0 > 0x7F
    }.map { $0 + 1 }
    if start == nil { start = actionEnd(lines) }
    var out: [PrettyLine] = []
    // Per depth, the last structural line (its index in `out`) and its side.
    var structural: [(line: Int, depth: Int, side: Mark)] = []
    for line in lines[min(start ?? lines.count, lines.count)...] {
      var item = Substring(line)
      if item.hasPrefix(", ") { item = item.dropFirst(2) }
      var depth = 0
      while true {
        if item.hasPrefix("|\t") || item.hasPrefix("| ") {
          item = item.dropFirst(2)
        } else if item.hasPrefix("\t") {
          item = item.dropFirst()
        } else {
          break
        }
        depth += 1
      }
      let text = TerminalSafe.escaped(String(item))
      guard !text.isEmpty else { continue }
      while let last = structural.last, last.depth >= depth { structural.removeLast() }
      var mark = treeMark(text)
      // `K: Optional(…)` under `Removed key pairs:` is an old value.
      if mark == .unchanged, let parent = structural.last, parent.depth == depth - 1 { mark = parent.side }
      let indent = String(repeating: "  ", count: depth)
      switch mark {
      case .unchanged:
        let side: Mark =
          text == "Removed key pairs:" || text == "Missing key pairs:"
          ? .removed : text == "Added key pairs:" || text == "Extra key pairs:" ? .added : .unchanged
        structural.append((out.count, depth, side))
        out.append(PrettyLine([.init("  " + indent + text, .plain)]))
      case .removed, .added:
        // The property the value belongs to: the nearest enclosing line that names one.
        if let owner = structural.last(where: {
          $0.side == .unchanged && !out[$0.line].text.hasSuffix("Different count:")
        }) {
          out[owner.line].runs = out[owner.line].runs.map { .init($0.text, .changedName) }
        }
        let line = PrettyLine([
          .init((mark == .removed ? "- " : "+ ") + indent + text, mark == .removed ? .removed : .added)
        ])
        // Difference prints `Current:` first; the old value reads better first, as in a
        // Custom Dump diff: a `Previous:` right after its `Current:` goes before it.
        if mark == .removed, let last = out.last, last.runs.first?.style == .added,
          last.text.hasPrefix("+ " + indent), !last.text.hasPrefix("+ " + indent + " ")
        {
          out.insert(line, at: out.count - 1)
        } else {
          out.append(line)
        }
      }
    }
    return out
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate func trimmingBlanksForTree() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
