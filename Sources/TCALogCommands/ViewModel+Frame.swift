import TCALogOutput
import TCALogParsing
import TCALogQuery
import TCALogReport

extension ViewModel {
  /// The keys, as `?` lists them.
  package static let keyHelp = [
    "↑ ↓ j k      move (PgUp PgDn, space: a page; g G Home End: first, last)",
    "Tab          switch pane: actions (the report's tree: records, share of lines,",
    "             class N noise, S signal, A ambiguous) and records",
    "x            silence the action or group under the cursor; again: show it",
    "K            keep it (signal: a keep line overrules silencing)",
    "→ ←          a binding's key paths, shown under it, hidden; x K on one: it alone",
    "w            write the decisions to --filters FILE (as suggest --review;",
    "             a key path's stay in the session: a line selects whole paths)",
    "/ n N        search action paths and record text (PCRE2); next, previous;",
    "             matches marked; a long search shows how far it is (Esc stops)",
    "s            show only records that change a state path (pattern; empty: all)",
    "t            the value history of the selected record's state path (trace)",
    "Enter        the record whole (prefixes stripped); on an action: its records",
    "f            follow the file as it grows (again: stop)",
    "q            quit (an open view: close it)",
  ]

  /// The screen: `height` lines of at most `width` columns (SGR colours when `color`).
  package mutating func frame() -> [String] {
    prepareFrame()
    var lines: [String] = [titleLine()]
    switch overlay {
    case .help:
      lines += Self.keyHelp.map { fit($0, width) }
    case .text(let title, let text):
      lines[0] = inverse(fit(" " + title + "  (q: back)", width), width)
      lines += text.dropFirst(overlayTop).prefix(paneHeight).map { fit($0, width) }
    case .none, .prompt:
      let records = recordLines(width: showsBothPanes || focus == .records ? recordsWidth : width)
      if showsBothPanes {
        let actions = actionLines(width: actionsWidth)
        for row in 0..<paneHeight {
          let left = row < actions.count ? actions[row] : String(repeating: " ", count: actionsWidth)
          lines.append(left + (color ? ANSI.dim + "│" + ANSI.reset : "│") + (row < records.count ? records[row] : ""))
        }
      } else {
        lines += focus == .actions ? actionLines(width: width) : records
      }
    }
    while lines.count < height - 1 { lines.append("") }
    lines = Array(lines.prefix(height - 1))
    lines.append(statusLine())
    return lines
  }

  var actionsWidth: Int { showsBothPanes ? min(max(width * 2 / 5, 28), 56) : width }
  var recordsWidth: Int { showsBothPanes ? width - actionsWidth - 1 : width }

  func fit(_ text: String, _ columns: Int) -> String {
    PrettyLine([.init(text, .plain)]).rendered(color: false, width: columns)
  }

  func padded(_ text: String, _ columns: Int) -> String {
    let count = text.unicodeScalars.count
    return count >= columns ? text : text + String(repeating: " ", count: columns - count)
  }

  /// Inverse video (the cursor, the title): an attribute, not a colour, so also with
  /// colour off (NO_COLOR).
  func inverse(_ text: String, _ columns: Int) -> String { "\u{1B}[7m" + padded(text, columns) + ANSI.reset }

  func titleLine() -> String {
    let total = index.entries.count
    // The counts first: a long file name is what a narrow title cuts.
    var parts = [" tcalog view", "\(visible.count) of \(total) records"]
    let silenced = index.actionPaths.indices.filter { decision(forAction: $0) == .silence }.count
    if silenced > 0 { parts.append("\(silenced) action\(silenced == 1 ? "" : "s") silenced") }
    if let narrowingPattern { parts.append("s: \(narrowingPattern)") }
    if let searchPattern { parts.append("/\(searchPattern)") }
    if let indexing { parts.append("indexing \(Int(indexing * 100))%") }
    if following { parts.append("following") }
    parts.append(index.inputs.joined(separator: ", "))
    return inverse(fit(parts.joined(separator: "  ·  "), width), width)
  }

  func statusLine() -> String {
    if case .prompt(let prompt, let text) = overlay {
      return fit((prompt == .search ? "/" : "state path: ") + text, width)
    }
    if let searching {
      let text = "searching /\(searchPattern ?? ""): \(Int(searching * 100))% of the records (Esc stops)"
      return color ? ANSI.dim + fit(text, width) + ANSI.reset : fit(text, width)
    }
    let text =
      message
      ?? (showsBothPanes
        ? "?: keys  Tab: pane  x: silence  K: keep  w: write  /: search  s: state  q: quit"
        : "?: keys  Tab: \(focus == .actions ? "records" : "actions")  x K w / s q")
    return color ? ANSI.dim + fit(text, width) + ANSI.reset : fit(text, width)
  }

  /// The actions pane: a mark (`x` silenced, `K` kept), the tree's label, records, share of
  /// lines and class.
  func actionLines(width: Int) -> [String] {
    let totalLines = max(index.aggregator.statistics.lines, 1)
    return actionItems.dropFirst(actionTop).prefix(paneHeight).enumerated().map { offset, item in
      let row = rows[item.row]
      let keyPath = item.keyPath.map { row.keyPaths[$0] }
      let decision = decision(forItem: item)
      let mark = decision == .silence ? "x" : decision == .keep ? "K" : " "
      let share = (keyPath?.lines ?? row.stats.lines) * 100 / totalLines
      // The class as its initial (N noise, S signal, A ambiguous), as `?` explains.
      let actionClass = keyPath?.actionClass ?? row.actionClass
      let kind = actionClass.map { String($0.rawValue.prefix(1)).uppercased() } ?? " "
      let count = keyPath?.records ?? row.stats.count
      let numbers =
        " " + TextFormatting.padLeft(String(count), 6) + TextFormatting.padLeft("\(share)%", 5) + " " + kind
      let labelWidth = max(width - 2 - numbers.unicodeScalars.count, 4)
      // A key path sits a level under its binding; a binding with key paths hidden says so.
      let indent = min(row.level + (keyPath == nil ? 0 : 2), labelWidth / 2)
      let folded = keyPath == nil && !row.keyPaths.isEmpty && !expanded.contains(row.path) ? " →" : ""
      let name = keyPath?.keyPath ?? row.relativeLabel
      let label =
        String(repeating: " ", count: indent)
        + TextFormatting.fitTail(name, labelWidth - indent - folded.count) + folded
      let text = mark + " " + padded(label, labelWidth) + numbers
      let line = fit(text, width)
      if actionTop + offset == actionCursor && focus == .actions { return inverse(line, width) }
      if decision == .silence && color { return ANSI.dim + padded(line, width) + ANSI.reset }
      return padded(line, width)
    }
  }

  /// A line with what the search matches in it marked (only the lines on screen are
  /// searched again).
  func highlighted(_ line: PrettyLine) -> PrettyLine {
    guard color, let searchMatcher else { return line }
    var text = line.text
    let ranges = text.withUTF8 { (try? searchMatcher.allMatches(in: $0)) ?? [] }
    return line.marking(ranges)
  }

  /// The records pane: from the top record, each record's header and diff, the selected
  /// header in inverse video.
  func recordLines(width: Int) -> [String] {
    var lines: [String] = []
    var position = recordTop
    if visible.isEmpty {
      return [
        fit(
          narrowingPattern == nil ? "(no record shown: x again shows silenced ones)" : "(no record changes that path)",
          width)
      ]
    }
    while position < visible.count && lines.count < paneHeight {
      for (n, line) in rendered(visible[position]).enumerated() {
        if n == 0 && position == recordCursor {
          lines.append(
            focus == .records
              ? inverse(line.rendered(color: false, width: width), width)
              : "\u{1B}[4m" + line.rendered(color: false, width: width) + ANSI.reset)
        } else {
          lines.append(highlighted(line).rendered(color: color, width: width))
        }
        if lines.count == paneHeight { break }
      }
      position += 1
    }
    return lines
  }
}
