import TCALogReport

/// Writes a `RunComparison`: text for a terminal, markdown for a pull-request comment, JSON
/// for programs. All three hold the same rows.
package struct ComparisonPrinter {
  /// The output formats of `compare`.
  package enum Format: String, Sendable, CaseIterable {
    /// Aligned columns for a terminal.
    case text
    /// Tables for a pull-request comment.
    case markdown
    /// One JSON document.
    case json
  }

  /// The format.
  package var format: Format
  /// Rows per table at most (nil: all).
  package var top: Int?
  /// Columns text output fits (paths lose their start first).
  package var width: Int

  /// A printer of `format` showing at most `top` rows per table, text fitted to `width`.
  package init(format: Format, top: Int?, width: Int = 80) {
    self.format = format
    self.top = top
    self.width = width
  }

  /// The comparison in the printer's format.
  package func render(_ comparison: RunComparison) -> String {
    switch format {
    case .text: text(comparison, markdown: false)
    case .markdown: text(comparison, markdown: true)
    case .json: json(comparison)
    }
  }

  /// `12.5`, `1,204`, `0.31`: rates with three significant digits at most.
  static func rate(_ value: Double) -> String {
    if value >= 100 { return NumberText.grouped(rounding: value) }
    if value >= 10 { return TextFormatting.printf("%.1f", value) }
    return TextFormatting.printf("%.2f", value)
  }

  static func change(_ row: RunComparison.Row) -> String {
    if row.isNew { return "new" }
    if row.isGone { return "gone" }
    let sign = row.change >= 0 ? "+" : "−"
    let factor = row.factor.map { TextFormatting.printf(" (×%.2f)", $0) } ?? ""
    return sign + rate(abs(row.change)) + factor
  }

  static func describe(_ run: RunProfile) -> String {
    var parts = ["\(NumberText.grouped(run.records)) records", "\(NumberText.grouped(run.lines)) lines"]
    if let seconds = run.spanSeconds, seconds >= 1 {
      parts.append(TextFormatting.duration(seconds))
    } else if run.timedRecords > 0 {
      // Times that all fall in one second exist but cannot order or rate anything.
      parts.append("timestamps within one second (they do not tell records apart)")
    } else {
      parts.append("no timestamps")
    }
    if run.isSavedReport { parts.append("saved report") }
    return parts.joined(separator: ", ")
  }

  /// What the header says about the runs' lengths, so that the reader compares rates: a
  /// sentence and its figures in parentheses (text puts them on two lines).
  static func lengthNote(_ c: RunComparison) -> [String] {
    if c.unit == .perMinute, let a = c.before.minutes, let b = c.after.minutes {
      let totals = c.totalRates
      return [
        "the after run is \(TextFormatting.printf("%.2f", b / a))× as long; rates are records per minute",
        "(all records: \(rate(totals.before)) → \(rate(totals.after)) a minute)",
      ]
    }
    let untimed = [c.before, c.after].map { $0.minutes == nil }
    let which = untimed[0] && untimed[1] ? "either run" : untimed[0] ? "the before run" : "the after run"
    let ratio =
      c.before.records > 0 ? TextFormatting.printf("%.2f", Double(c.after.records) / Double(c.before.records)) : "∞"
    // A run whose times all share one second has timestamps: say why they do not count.
    let stamped = [c.before, c.after].contains { $0.minutes == nil && $0.timedRecords > 0 }
    let reason = stamped ? "no timestamps that tell records apart" : "no timestamps"
    return [
      "\(reason) in \(which): rates are records per 1,000 records",
      "(the after run has \(ratio)× as many records)",
    ]
  }

  /// One table's cells: the rates, the change, and each run's records and share of lines
  /// (`374 → 1,236`, `13.8% → 24.7%`), the two sides kept apart so that text can align them.
  private struct Cells {
    var path: String
    var before: String
    var after: String
    var change: String
    var records: (String, String)
    var lines: (String, String)?

    init(_ row: RunComparison.Row, lines: Bool) {
      path = row.path
      before = ComparisonPrinter.rate(row.rateBefore)
      after = ComparisonPrinter.rate(row.rateAfter)
      change = ComparisonPrinter.change(row)
      records = (NumberText.grouped(row.before), NumberText.grouped(row.after))
      self.lines = lines ? (percent(row.lineShareBefore ?? 0), percent(row.lineShareAfter ?? 0)) : nil
    }
  }

  private func text(_ c: RunComparison, markdown: Bool) -> String {
    var out = ""
    if markdown {
      out += "### tcalog compare\n\n"
      out += "- **before** \(Self.code(c.before.source)): \(Self.describe(c.before))\n"
      out += "- **after** \(Self.code(c.after.source)): \(Self.describe(c.after))\n"
      out += "\n" + Self.lengthNote(c).joined(separator: " ") + "\n"
    } else {
      // Wrapped like the tables are fitted: the names of the inputs can be long.
      let runs = [
        "before  \(TerminalSafe.escaped(c.before.source)): \(Self.describe(c.before))",
        "after   \(TerminalSafe.escaped(c.after.source)): \(Self.describe(c.after))",
      ]
      for line in runs { out += TextFormatting.wrapped(line, width: width, indent: "        ") + "\n" }
      for line in Self.lengthNote(c) { out += TextFormatting.wrapped(line, width: width, indent: "  ") + "\n" }
    }
    for (title, rows, hidden, lines) in [
      ("Actions", c.actions, c.unchanged.actions, true), ("State paths", c.states, c.unchanged.states, false),
    ] {
      out += "\n"
      let shown = top.map { Array(rows.prefix($0)) } ?? rows
      let counted = lines ? "records" : "changes"
      if markdown {
        out += "#### \(title) (\(c.unit.rawValue))\n\n"
      } else {
        out += "\(title), \(lines ? "records" : "changes") \(c.unit.rawValue)\n"
      }
      guard !shown.isEmpty else {
        out += markdown ? "No change above the threshold.\n" : "  no change above the threshold\n"
        continue
      }
      let cells = shown.map { Cells($0, lines: lines) }
      if markdown {
        out += "| path | before | after | change | \(counted) |\(lines ? " lines |" : "")\n"
        out += "|---|---:|---:|---:|---:|\(lines ? "---:|" : "")\n"
        for cell in cells {
          out += "| \(Self.code(cell.path)) | \(cell.before) | \(cell.after) | \(cell.change) | "
          out += "\(cell.records.0) → \(cell.records.1) |"
          if let share = cell.lines { out += " \(share.0) → \(share.1) |" }
          out += "\n"
        }
      } else {
        out += table(cells, counted: counted)
      }
      var notes: [String] = []
      if shown.count < rows.count {
        notes.append("\(NumberText.counted(rows.count - shown.count, "more changed row")) (--top)")
      }
      if hidden > 0 { notes.append("\(hidden) moved less than --min-change") }
      if !notes.isEmpty {
        out += markdown ? "\n" + notes.joined(separator: "; ") + "\n" : notes.map { "  " + $0 + "\n" }.joined()
      }
    }
    return out
  }

  /// Aligned columns fitted to `width`: the path takes what the numbers leave; the line
  /// shares give way before it gets under 30 columns, the record counts before 20 (json
  /// and markdown keep both), and then the path goes down to 12.
  private func table(_ cells: [Cells], counted: String) -> String {
    func widest(_ texts: [String], atLeast: Int = 0) -> Int {
      max(atLeast, texts.map { $0.unicodeScalars.count }.max() ?? 0)
    }
    let rateWidth = widest(cells.map(\.before) + cells.map(\.after), atLeast: 6) + 1
    let changeWidth = widest(cells.map(\.change), atLeast: 6)
    // `before → after`, each side aligned.
    func pairWidths(_ pairs: [(String, String)], title: String) -> (Int, Int, total: Int) {
      let (a, b) = (widest(pairs.map(\.0)), widest(pairs.map(\.1)))
      return (a, b, max(title.count, a + 3 + b))
    }
    let records = pairWidths(cells.map(\.records), title: counted)
    let linePairs = cells.compactMap(\.lines)
    let lines = linePairs.count == cells.count ? pairWidths(linePairs, title: "lines") : nil
    let longestPath = max(12, widest(cells.map(\.path)))
    let fixed = 2 + 2 * rateWidth + 2 + changeWidth
    var showRecords = true
    var showLines = lines != nil
    func room() -> Int {
      width - fixed - (showRecords ? 2 + records.total : 0) - (showLines ? 2 + (lines?.total ?? 0) : 0)
    }
    if room() < min(30, longestPath) { showLines = false }
    if room() < min(20, longestPath) { showRecords = false }
    let pathWidth = max(12, min(longestPath, room()))

    func pair(_ values: (String, String), _ widths: (Int, Int, total: Int)) -> String {
      TextFormatting.padLeft(
        TextFormatting.padLeft(values.0, widths.0) + " → " + TextFormatting.padLeft(values.1, widths.1), widths.total)
    }
    var out =
      "  " + TextFormatting.padRight("path", pathWidth) + TextFormatting.padLeft("before", rateWidth)
      + TextFormatting.padLeft("after", rateWidth) + "  " + TextFormatting.padRight("change", changeWidth)
    if showRecords { out += "  " + TextFormatting.padLeft(counted, records.total) }
    if showLines, let lines { out += "  " + TextFormatting.padLeft("lines", lines.total) }
    out = out.trimmingTrailingBlanks() + "\n"
    for cell in cells {
      var line =
        "  " + TextFormatting.padRight(TextFormatting.fitTail(TerminalSafe.escaped(cell.path), pathWidth), pathWidth)
        + TextFormatting.padLeft(cell.before, rateWidth) + TextFormatting.padLeft(cell.after, rateWidth) + "  "
        + TextFormatting.padRight(cell.change, changeWidth)
      if showRecords { line += "  " + pair(cell.records, records) }
      if showLines, let lines, let values = cell.lines { line += "  " + pair(values, lines) }
      out += line.trimmingTrailingBlanks() + "\n"
    }
    let left = (showRecords ? [] : [counted]) + (lines != nil && !showLines ? ["line shares"] : [])
    if !left.isEmpty { out += "  (\(left.joined(separator: " and ")) left out to fit \(width) columns)\n" }
    return out
  }

  static func percent(_ share: Double) -> String { TextFormatting.printf("%.1f%%", share * 100) }

  /// A markdown code span that nothing in `text` can end (`Markdown.code`).
  static func code(_ text: String) -> String { Markdown.code(text) }

  private func json(_ c: RunComparison) -> String {
    JSONWriter.text(spacing: .spaced) { json in
      json.beginObject()
      for (key, run) in [("before", c.before), ("after", c.after)] {
        json.key(key == "before" ? "before" : "after")
        json.beginObject()
        json.member("source", run.source)
        json.member("records", run.records)
        json.member("lines", run.lines)
        json.member("spanSeconds", run.spanSeconds)
        json.member("savedReport", run.isSavedReport)
        json.endObject()
      }
      json.member("unit", c.unit.rawValue)
      // Every path of both runs, with its status: the rows that moved first (as text and
      // markdown show them), then those that did not, by path.
      for (key, moved, still) in [
        ("actions", c.actions, c.unchangedActions), ("statePaths", c.states, c.unchangedStates),
      ] {
        let rows =
          moved.map { ($0, $0.isNew ? "new" : $0.isGone ? "gone" : "changed") } + still.map { ($0, "unchanged") }
        let shown = top.map { Array(rows.prefix($0)) } ?? rows
        json.lineBreak(indent: 0)
        json.key(key == "actions" ? "actions" : "statePaths")
        json.beginArray()
        for (row, status) in shown {
          json.lineBreak(indent: 2)
          json.beginObject()
          json.member("path", row.path)
          json.member("before", row.before)
          json.member("after", row.after)
          json.member("rateBefore", row.rateBefore)
          json.member("rateAfter", row.rateAfter)
          json.member("change", row.change)
          json.member("factor", row.factor)
          json.member("status", status)
          if key == "actions" {
            json.member("lineShareBefore", row.lineShareBefore)
            json.member("lineShareAfter", row.lineShareAfter)
          }
          json.endObject()
        }
        json.endArray()
        json.key(key == "actions" ? "hiddenActions" : "hiddenStatePaths")
        json.integer(rows.count - shown.count)
      }
      json.endObject()
    } + "\n"
  }
}

extension String {
  fileprivate func trimmingTrailingBlanks() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
