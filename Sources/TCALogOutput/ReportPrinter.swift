@_spi(Scanner) import TCALogParsing
import TCALogReport

/// The output formats of `tcalog report --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
  /// Tables as wide as the terminal (`width`), readable without colour; JSON (every
  /// number, unrounded: `SavedReport`'s schema); markdown tables; CSV rows.
  case text, json, markdown, csv
  /// One self-contained page (`HTMLReportPage`).
  case html
}

/// Turns an `ActionReport` into text (as wide as the terminal, readable without colour),
/// markdown, JSON or CSV. JSON and CSV carry every number the text shows, unrounded, and
/// no format but text ever shortens a path.
public struct ReportPrinter: Sendable {
  /// The format this printer writes.
  public var format: ReportFormat
  /// ANSI colour in the text format only.
  public var color: Bool
  /// Columns of the text format; no line is wider (40 at the least).
  public var width: Int
  /// A printer of `format`; `color` and `width` (columns) shape the text format only.
  public init(format: ReportFormat, color: Bool = false, width: Int = 80) {
    self.format = format
    self.color = color && format == .text
    self.width = max(40, width)
  }

  /// The whole report in the printer's format, ending with a newline.
  public func render(_ report: ActionReport) -> String {
    switch format {
    case .text: return text(report)
    case .markdown: return markdown(report)
    case .json: return json(report)
    case .csv: return csv(report)
    case .html: return HTMLReportPage(report: report).render()
    }
  }

  typealias F = TextFormatting

  /// What the app's printer said logging cost (its `tcalog printer: cost` lines, summed),
  /// and the action path that cost the most: none without such lines.
  static func loggingCost(_ cost: PrinterCost) -> [String] {
    guard cost.summaries > 0 else { return [] }
    let t = cost.total
    var line = "logging cost \(NumberText.fixed(Double(t.microseconds) / 1000, 1)) ms, \(F.size(t.bytes)): "
    line += "\(NumberText.grouped(t.printed)) printed, \(NumberText.grouped(t.silenced)) silenced"
    if t.debounced > 0 { line += ", \(NumberText.grouped(t.debounced)) debounced" }
    var lines = [line]
    var detail: [String] = []
    if let (path, top) = cost.byActionPath.max(by: { ($0.value.microseconds, $1.key) < ($1.value.microseconds, $0.key) }
    ) {
      detail.append(
        "most \(path.isEmpty ? "(no path)" : path) \(NumberText.fixed(Double(top.microseconds) / 1000, 1)) ms")
    }
    if cost.filterLoads > 0 { detail.append("filter file loaded \(NumberText.counted(cost.filterLoads, "time"))") }
    if !detail.isEmpty { lines.append("  " + detail.joined(separator: "; ")) }
    return lines
  }

  /// `text` in an `ANSI` colour when colour is on.
  private func style(_ text: String, _ sgr: String) -> String { color ? ANSI.colored(text, sgr) : text }

  func headerLines(_ r: ActionReport) -> [String] {
    let s = r.statistics
    var lines: [String] = []
    lines.append(
      "\(NumberText.counted(s.records, "record")) (\(NumberText.grouped(s.completeRecords)) complete, "
        + "\(NumberText.grouped(s.incompleteRecords)) incomplete), \(NumberText.percent(r.noOpShare)) % no-op"
    )
    lines.append(
      "\(NumberText.counted(s.lines, "line")) (\(NumberText.counted(s.otherLines, "other line"))), \(F.size(s.bytes))")
    if let span = r.timeSpan, let first = r.firstTime, let last = r.lastTime {
      // The first and last times as the log wrote them, in its offset.
      let rate = r.rate.map { ", \(NumberText.fixed($0, 1)) records/s" } ?? ""
      let line = "time span \(F.timeSpan(first, last, offset: r.timeOffset)) (\(F.duration(span)))"
      if line.count + rate.count <= width {
        lines.append(line + rate)
      } else {
        lines += [line, String(rate.dropFirst(2))]
      }
    }
    if let note = r.timedShareNote {
      lines.append("span, rates, bursts: from \(note)")
    }
    lines += Self.loggingCost(s.printerCost)
    if r.ratePerBucket.count > 1 {
      // Fewer, wider buckets when the line would not fit (a sparkline cell per bucket).
      let room = max(8, width - 36)
      let factor = (r.ratePerBucket.count + room - 1) / room
      var buckets = r.ratePerBucket
      if factor > 1 {
        buckets = stride(from: 0, to: buckets.count, by: factor).map {
          buckets[$0..<min($0 + factor, buckets.count)].reduce(0, +)
        }
      }
      let minutes = r.minutesPerBucket * factor
      let unit = minutes == 1 ? "minute" : "\(minutes) minutes"
      lines.append("records per \(unit): \(F.sparkline(buckets)) (peak \(NumberText.grouped(buckets.max() ?? 0)))")
    }
    if let silenced = r.silenced {
      let lineShare = s.lines > 0 ? Double(silenced.lines) / Double(s.lines) : 0
      lines.append(
        "filter repository silences \(NumberText.grouped(silenced.records)) records, "
          + "\(NumberText.percent(lineShare)) % of lines"
      )
    }
    return lines
  }

  // MARK: text

  /// The class column: a word, never colour alone.
  static func classLabel(_ c: ActionClass?) -> String {
    switch c {
    case .noise: return "noise"
    case .signal: return "signal"
    case .ambiguous: return "ambig."
    case nil: return "mixed"
    }
  }
  static func classJSON(_ c: ActionClass?) -> String { c?.rawValue ?? "mixed" }

  /// Which numeric columns the actions table has room for, and how wide its paths are.
  struct Layout {
    var path: Int
    var bar: Bool
    var changes: Bool
    /// The no-op share and the share of records (the records are beside it), the last
    /// to go: below 50 columns (at 40 the rows were 46 wide, the paths cut to 8).
    var noOp = true
    /// The columns after the path, each with the blank before it.
    static func numbers(bar: Bool, changes: Bool, noOp: Bool = true) -> Int {
      ReportPrinter.textColumns(Layout(path: 0, bar: bar, changes: changes, noOp: noOp)).reduce(0) {
        $0 + 1 + $1.width
      }
    }
  }

  /// The actions table's columns in text, after the path (`ReportColumn.actions`).
  static let textActionColumns = ReportColumn<ActionTableRow>.actions([
    "records", "recordShare", "lineShare", "bar", "noOpShare", "changesPerRecord", "class",
  ])

  /// The text columns that fit `layout`.
  static func textColumns(_ layout: Layout) -> [ReportColumn<ActionTableRow>.Text] {
    textActionColumns.compactMap(\.text).filter { $0.shown?(layout) ?? true }
  }

  /// The cells after the path of one line of a text table: each after a blank, padded to
  /// its width (a left-aligned last one is not: no trailing blanks); the headers for the
  /// header line (nil `row`), else `row`'s values, in their style.
  func textCells<Row>(_ columns: [ReportColumn<Row>.Text], _ r: ActionReport, _ row: Row?) -> String {
    var out = ""
    for (i, column) in columns.enumerated() {
      let value = row.map { column.value(r, $0) } ?? column.header
      out += " "
      if column.leftAligned && i == columns.count - 1 {
        out += value
        break
      }
      let padded = column.leftAligned ? F.padRight(value, column.width) : F.padLeft(value, column.width)
      out += row != nil ? column.style.map { style(padded, $0) } ?? padded : padded
    }
    return out
  }

  /// The actions table's text cells that fit `layout`.
  func textCells(_ r: ActionReport, _ row: ActionTableRow?, _ layout: Layout) -> String {
    textCells(Self.textColumns(layout), r, row)
  }

  /// The state table's columns in text, after the path (`ReportColumn.states`).
  static let textStateColumns = ReportColumn<StateRow>.states(["changes", "distinctPaths"]).compactMap(\.text)

  /// On a narrow terminal the bar goes first, then changes per record; paths get what is
  /// left, but no more than the longest label needs.
  func layout(_ labels: [String]) -> Layout {
    let longest = max(labels.map { $0.unicodeScalars.count }.max() ?? 0, 27)
    for (bar, changes) in [(true, true), (false, true)] {
      let room = width - Layout.numbers(bar: bar, changes: changes)
      if room >= min(longest, 30) { return Layout(path: min(room, longest), bar: bar, changes: changes) }
    }
    // Paths of at least 16 columns keep the no-op share and %rec (50 columns and up);
    // narrower, they go, so that the rows fit and the paths keep a readable width.
    let room = width - Layout.numbers(bar: false, changes: false)
    if room >= min(longest, 16) { return Layout(path: min(room, longest), bar: false, changes: false) }
    return Layout(
      path: max(12, min(width - Layout.numbers(bar: false, changes: false, noOp: false), longest)), bar: false,
      changes: false, noOp: false)
  }

  /// The noisiest-actions table, one string per line (the live report redraws just this).
  package func actionTable(_ r: ActionReport) -> [String] {
    var out = ""
    var title = "Noisiest actions (by \(r.options.order.rawValue))"
    let labels =
      r.actionRows.map { row in
        String(repeating: "  ", count: row.level) + TerminalSafe.escaped(row.relativeLabel)
          + (row.silencedBy.isEmpty ? "" : "×")
      } + [title]
    let l = layout(labels)
    if title.count > l.path { title = "Actions (by \(r.options.order.rawValue))" }
    out += style(F.padRight(F.fitHead(title, l.path), l.path), ANSI.bold) + textCells(r, nil, l) + "\n"
    for row in r.actionRows {
      let marker = row.silencedBy.isEmpty ? "" : (row.silencedLines == row.stats.lines ? "×" : "~")
      let indent = String(repeating: "  ", count: min(row.level, l.path / 4))
      let room = l.path - indent.count - marker.count
      let label = indent + F.fitTail(TerminalSafe.escaped(row.relativeLabel), room) + marker
      let tableRow = ActionTableRow(row)
      out += F.padRight(label, l.path) + textCells(r, tableRow, l) + "\n"
      // A binding's key paths under it, each with its own class (they may differ).
      let inner = indent + "  "
      for k in tableRow.keyPathRows {
        let label = inner + F.fitTail(TerminalSafe.escaped(k.keyPath!.keyPath), max(1, l.path - inner.count))
        out += F.padRight(label, l.path) + textCells(r, k, l) + "\n"
      }
    }
    if r.actionRows.isEmpty { out += "  (no complete records)\n" }
    if r.hiddenActionRows > 0 {
      out +=
        style(
          F.fitHead("  … \(NumberText.counted(r.hiddenActionRows, "more row")) (--top, --min-share)", width),
          ANSI.dim)
        + "\n"
    }
    if r.actionRows.contains(where: { !$0.silencedBy.isEmpty }) {
      out += F.fitHead("  × silenced by the filter repository, ~ partly", width) + "\n"
    }
    return out.split(separator: "\n").map(String.init)
  }

  func text(_ r: ActionReport) -> String {
    var out = ""
    for line in headerLines(r) { out += F.fitHead(line, width) + "\n" }
    out += "\n"
    out += actionTable(r).map { $0 + "\n" }.joined()
    if !r.bursts.isEmpty {
      out += "\n" + style("Bursts (busiest second per action)", ANSI.bold) + "\n"
      if let note = r.timedShareNote { out += F.fitHead("from \(note)", width) + "\n" }
      // Narrow (under 12 columns left for the path), `53/s at 10:04:12` for `53 records in
      // 1 s at 10:04:12`: the title says what the figure is.
      let compact = width - (8 + " records in 1 s at ".count + 8) < 12
      let suffix = 8 + (compact ? "/s at ".count : " records in 1 s at ".count) + 8
      let longest = r.bursts.map { TerminalSafe.escaped($0.path).unicodeScalars.count }.max() ?? 0
      let pathWidth = max(12, min(width - suffix, max(longest, 20)))
      for b in r.bursts {
        let figure = compact ? "/s at " : (b.count == 1 ? " record" : " records") + " in 1 s at "
        out +=
          F.padRight(F.fitTail(TerminalSafe.escaped(b.path), pathWidth), pathWidth) + " "
          + F.padLeft(NumberText.grouped(b.count), 7) + figure + F.clockTime(b.second, offset: r.timeOffset) + "\n"
      }
    }
    if !r.stateRows.isEmpty {
      out += "\n"
      let names = r.stateRows.map { TerminalSafe.escaped($0.path.isEmpty ? "(root)" : $0.path) }
      let longest = names.map { $0.unicodeScalars.count }.max() ?? 0
      let pathWidth = max(12, min(width - 19, max(longest, 20)))
      out += style(F.padRight("Noisiest state paths", pathWidth), ANSI.bold) + textCells(Self.textStateColumns, r, nil)
      out += "\n"
      for (row, name) in zip(r.stateRows, names) {
        out += F.padRight(F.fitTail(name, pathWidth), pathWidth) + textCells(Self.textStateColumns, r, row) + "\n"
        let by = row.topActions.map {
          "\(TerminalSafe.escaped($0.action.isEmpty ? "(no path)" : $0.action)) \(NumberText.grouped($0.changes))"
        }
        out += style(F.fitHead("    by " + by.joined(separator: ", "), width), ANSI.dim) + "\n"
      }
      if r.hiddenStateRows > 0 {
        out += style("  … \(NumberText.counted(r.hiddenStateRows, "more state path"))", ANSI.dim) + "\n"
      }
    }
    return out
  }

  // MARK: markdown

  /// The actions table's columns in markdown (`ReportColumn.actions`).
  static let markdownActionColumns = ReportColumn<ActionTableRow>.actions([
    "path", "records", "recordShare", "lineShare", "noOpShare", "changesPerRecord", "class", "silencedBy",
  ])

  func markdown(_ r: ActionReport) -> String {
    var out = "# tcalog report\n\n"
    for line in headerLines(r) { out += "- " + line + "\n" }
    out += "\n## Noisiest actions (by \(r.options.order.rawValue))\n\n"
    out += Self.markdownTable(
      Self.markdownActionColumns.compactMap(\.markdown).filter { $0.shown?(r) ?? true }, r,
      r.actionRows.map(ActionTableRow.init))
    if r.hiddenActionRows > 0 { out += "\n\(NumberText.counted(r.hiddenActionRows, "more row")) not shown.\n" }
    if !r.bursts.isEmpty {
      let from = r.timedShareNote.map { "; from \($0)" } ?? ""
      out += "\n## Bursts (busiest second per action\(from))\n\n"
      out += Self.markdownTable(ReportColumn<BurstRow>.bursts.compactMap(\.markdown), r, r.bursts)
    }
    if !r.stateRows.isEmpty {
      out += "\n## Noisiest state paths\n\n"
      out += Self.markdownTable(ReportColumn<StateRow>.states.compactMap(\.markdown), r, r.stateRows)
      if r.hiddenStateRows > 0 { out += "\n\(NumberText.counted(r.hiddenStateRows, "more state path")) not shown.\n" }
    }
    return out
  }

  // MARK: json

  /// The members `compare` reads back are named by the saved report's schema.
  private typealias Saved = SavedReport.Key

  /// A markdown table of `rows`: a header line, the alignment line, a line per row.
  static func markdownTable<Row>(_ columns: [ReportColumn<Row>.Markdown], _ r: ActionReport, _ rows: [Row]) -> String {
    var out = "|" + columns.map { " \($0.header) |" }.joined() + "\n"
    out += "|" + columns.map { $0.numeric ? "---:|" : "---|" }.joined() + "\n"
    for row in rows { out += "|" + columns.map { " \($0.value(r, row)) |" }.joined() + "\n" }
    return out
  }

  /// The JSON members of `row`, the columns' that it has, in the columns' order.
  static func writeMembers<Row>(
    _ columns: [ReportColumn<Row>], _ r: ActionReport, _ row: Row, to json: inout JSONWriter
  ) {
    for column in columns {
      guard let name = column.json, let value = column.machine?(r, row) else { continue }
      value.write(name, to: &json)
    }
  }

  /// `row` as a JSON object of its members.
  static func writeObject<Row>(_ columns: [ReportColumn<Row>], _ r: ActionReport, _ row: Row, to json: inout JSONWriter)
  {
    json.beginObject()
    writeMembers(columns, r, row, to: &json)
    json.endObject()
  }

  /// `row`'s CSV fields by column, in the CSV table `table`.
  static func csvValues<Row>(_ columns: [ReportColumn<Row>], _ r: ActionReport, _ row: Row, table: String) -> [String:
    String]
  {
    var values = ["table": table]
    for column in columns {
      guard let name = column.csv, let value = column.machine?(r, row) else { continue }
      values[name] = value.csv
    }
    return values
  }

  /// One row of the actions table as a JSON object, a binding's key paths in it.
  static func writeActionRow(_ r: ActionReport, _ row: ActionTableRow, to json: inout JSONWriter) {
    json.beginObject()
    writeMembers(ReportColumn<ActionTableRow>.actions, r, row, to: &json)
    let keyPaths = row.keyPathRows
    if !keyPaths.isEmpty {
      json.key("keyPaths")
      json.beginArray()
      for k in keyPaths { writeActionRow(r, k, to: &json) }
      json.endArray()
    }
    json.endObject()
  }

  func json(_ r: ActionReport) -> String {
    let s = r.statistics
    return JSONWriter.text { json in
      json.beginObject()
      json.lineBreak(indent: 2)
      json.member(Saved.records, s.records)
      json.member("completeRecords", s.completeRecords)
      json.member("incompleteRecords", s.incompleteRecords)
      json.lineBreak(indent: 2)
      json.member(Saved.noOpRecords, s.noOpRecords)
      json.member("noOpShare", r.noOpShare)
      json.member("otherLines", s.otherLines)
      json.lineBreak(indent: 2)
      json.member(Saved.lines, s.lines)
      json.member("recordLines", s.recordLines)
      json.member("bytes", s.bytes)
      json.lineBreak(indent: 2)
      json.member(Saved.timeSpanSeconds, r.timeSpan)
      json.member("recordsPerSecond", r.rate)
      if s.printerCost.summaries > 0 {
        let cost = s.printerCost.total
        json.lineBreak(indent: 2)
        json.member("loggingPrinted", cost.printed)
        json.member("loggingSilenced", cost.silenced)
        json.member("loggingMicroseconds", cost.microseconds)
        json.member("loggingBytes", cost.bytes)
      }
      if r.timedShareNote != nil {
        // The span, rate and bursts rest on these records alone.
        json.member("timedRecords", r.timedRecords)
      }
      json.lineBreak(indent: 2)
      json.key("bursts")
      json.beginArray()
      for burst in r.bursts { Self.writeObject(ReportColumn<BurstRow>.bursts, r, burst, to: &json) }
      json.endArray()
      json.member("recordsPerBucket", integers: r.ratePerBucket)
      json.member("minutesPerBucket", r.minutesPerBucket)
      json.lineBreak(indent: 2)
      json.member("by", r.options.order.rawValue)
      json.member(Saved.depth, r.options.depth)
      if let silenced = r.silenced {
        json.lineBreak(indent: 2)
        json.key("silenced")
        json.beginObject()
        json.member("records", silenced.records)
        json.member("lines", silenced.lines)
        json.member("lineShare", s.lines > 0 ? Double(silenced.lines) / Double(s.lines) : 0)
        json.key("entries")
        json.beginArray()
        for entry in silenced.entries {
          json.beginObject()
          json.member("name", entry.name)
          json.member("records", entry.records)
          json.member("lines", entry.lines)
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
      json.lineBreak(indent: 2)
      json.key(Saved.actions)
      json.beginArray()
      for row in r.actionRows {
        json.lineBreak(indent: 4)
        Self.writeActionRow(r, ActionTableRow(row), to: &json)
      }
      json.lineBreak(indent: 2)
      json.endArray()
      json.lineBreak(indent: 2)
      json.member(Saved.hiddenActions, r.hiddenActionRows)
      json.lineBreak(indent: 2)
      json.key(Saved.statePaths)
      json.beginArray()
      for row in r.stateRows {
        json.lineBreak(indent: 4)
        Self.writeObject(ReportColumn<StateRow>.states, r, row, to: &json)
      }
      json.lineBreak(indent: 2)
      json.endArray()
      json.lineBreak(indent: 2)
      json.member(Saved.hiddenStatePaths, r.hiddenStateRows)
      json.lineBreak(indent: 0)
      json.endObject()
    } + "\n"
  }

  // MARK: csv

  /// One table: `table` is `action` or `state`; header numbers as a `summary` row. Columns
  /// a row has no value for are empty.
  func csv(_ r: ActionReport) -> String {
    let s = r.statistics
    let columns = [
      "table", "path", "group", "level", "records", "record_share", "lines", "line_share", "bytes", "noop_records",
      "noop_share", "changes", "changes_per_record", "distinct_paths", "top_actions", "silenced_by", "complete",
      "incomplete", "other_lines", "time_span_seconds", "records_per_second", "class",
    ]
    func row(_ values: [String: String]) -> String {
      assert(values.keys.allSatisfy(columns.contains), "a CSV value without its column")
      return CSV.row(columns.map { values[$0] ?? "" })
    }
    let n = MachineNumbers.text
    var out = CSV.row(columns)
    out += row([
      "table": "summary", "records": String(s.records), "lines": String(s.lines), "bytes": String(s.bytes),
      "noop_records": String(s.noOpRecords), "noop_share": n(r.noOpShare),
      "silenced_by": r.silenced.map { String($0.lines) } ?? "", "complete": String(s.completeRecords),
      "incomplete": String(s.incompleteRecords), "other_lines": String(s.otherLines),
      "time_span_seconds": r.timeSpan.map(n) ?? "", "records_per_second": r.rate.map(n) ?? "",
    ])
    for a in r.actionRows {
      out += row(Self.csvValues(ReportColumn<ActionTableRow>.actions, r, ActionTableRow(a), table: "action"))
    }
    for b in r.bursts { out += row(Self.csvValues(ReportColumn<BurstRow>.bursts, r, b, table: "burst")) }
    for state in r.stateRows {
      out += row(Self.csvValues(ReportColumn<StateRow>.states, r, state, table: "state"))
    }
    return out
  }
}
