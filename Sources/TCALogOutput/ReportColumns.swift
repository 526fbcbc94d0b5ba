import TCALogReport
import TCALogSupport

/// A value as the machine formats write it: JSON as itself, CSV as text.
enum MachineValue {
  case integer(Int)
  /// nil: JSON `null`, an empty CSV field.
  case number(Double?)
  /// nil: JSON `null`, an empty CSV field.
  case string(String?)
  case bool(Bool)
  /// A JSON array of strings; one CSV field, blank-separated.
  case strings([String])
  /// A JSON array of `{"action", "changes"}` objects; one CSV field of `action=changes`,
  /// blank-separated.
  case actionChanges([ActionChange])

  /// The CSV field's text (before `CSV.row` quotes it).
  var csv: String {
    switch self {
    case .integer(let n): return String(n)
    case .number(let x): return x.map(MachineNumbers.text) ?? ""
    case .string(let s): return s ?? ""
    case .bool(let b): return String(b)
    case .strings(let list): return list.joined(separator: " ")
    case .actionChanges(let list): return list.map { "\($0.action)=\($0.changes)" }.joined(separator: " ")
    }
  }

  /// The value as the member `name` of the JSON object being written.
  func write(_ name: String, to json: inout JSONWriter) {
    json.key(named: name)
    switch self {
    case .integer(let n): json.integer(n)
    case .number(let x): if let x { json.number(x) } else { json.null() }
    case .string(let s): if let s { json.string(s) } else { json.null() }
    case .bool(let b): json.bool(b)
    case .strings(let list):
      json.beginArray()
      for s in list { json.string(s) }
      json.endArray()
    case .actionChanges(let list):
      json.beginArray()
      for change in list {
        json.beginObject()
        json.member("action", change.action)
        json.member("changes", change.changes)
        json.endObject()
      }
      json.endArray()
    }
  }
}

/// One column of a report table: its key, and what each format shows of it (a header,
/// how a row's value is written). A format without the column has nil. Every format
/// renders the table from one list of these, so a column is added in one place.
struct ReportColumn<Row>: Sendable {
  /// The text table's cell: right-aligned in `width` columns unless `leftAligned`; the
  /// last column of a line is not padded (no trailing blanks).
  struct Text: Sendable {
    var header: String
    var width: Int
    var leftAligned = false
    /// An `ANSI` style the cell is drawn in when colour is on.
    var style: String?
    /// Shown at this layout only (the bar and changes per record go first on a narrow
    /// terminal); nil: always.
    var shown: (@Sendable (ReportPrinter.Layout) -> Bool)?
    var value: @Sendable (ActionReport, Row) -> String
  }

  /// The markdown table's cell.
  struct Markdown: Sendable {
    var header: String
    var numeric: Bool
    /// Shown for this report only; nil: always.
    var shown: (@Sendable (ActionReport) -> Bool)?
    var value: @Sendable (ActionReport, Row) -> String
  }

  /// The HTML table's cell: its header (`numeric` sorts by number) and its whole `<td>`,
  /// whose `data-value` the page's script sorts by.
  struct HTML: Sendable {
    var header: String
    var numeric: Bool
    var cell: @Sendable (HTMLReportPage.TableContext, Row) -> String
  }

  /// The column's name: its JSON member's, unless it has none.
  var key: String
  /// The JSON member (nil: not in JSON).
  var json: String?
  /// The CSV column (nil: not in CSV).
  var csv: String?
  /// The value JSON and CSV write; nil: the row has no such member (it is left out).
  var machine: (@Sendable (ActionReport, Row) -> MachineValue?)?
  var text: Text?
  var markdown: Markdown?
  var html: HTML?

  init(
    key: String? = nil, json: String? = nil, csv: String? = nil,
    machine: (@Sendable (ActionReport, Row) -> MachineValue?)? = nil,
    text: Text? = nil, markdown: Markdown? = nil, html: HTML? = nil
  ) {
    self.key = key ?? json!
    self.json = json
    self.csv = csv
    self.machine = machine
    self.text = text
    self.markdown = markdown
    self.html = html
  }
}

/// A row of the actions table: an action (or group) row, or, under a binding's row, one of
/// its key paths (`keyPath` set), which has records, lines and a class of its own.
struct ActionTableRow: Sendable {
  /// The action row (for a key path, the binding's row it is under).
  var row: ActionRow
  var keyPath: KeyPathShare?
  /// What the shares are of: the row's counts, or the key path's records and lines.
  var stats: ActionStats
  var actionClass: ActionClass?

  init(_ row: ActionRow) {
    self.row = row
    stats = row.stats
    actionClass = row.actionClass
  }

  init(_ keyPath: KeyPathShare, under row: ActionRow) {
    self.row = row
    self.keyPath = keyPath
    stats = ActionStats()
    stats.count = keyPath.records
    stats.lines = keyPath.lines
    actionClass = keyPath.actionClass
  }

  /// A binding's key paths, each a row under it (none under a key path's row).
  var keyPathRows: [ActionTableRow] {
    keyPath == nil ? row.keyPaths.map { ActionTableRow($0, under: row) } : []
  }
}

extension ReportColumn where Row == ActionTableRow {
  private typealias SavedRow = SavedReport.ActionRow.Key
  private typealias F = TextFormatting

  /// The actions table, in the order JSON and CSV write it (text, markdown and HTML pick
  /// theirs: `ReportPrinter.textActionColumns` and so on). A key path's row has its
  /// records, lines, shares and class; the other members are left out of it.
  static let actions: [ReportColumn] = [
    ReportColumn(
      json: SavedRow.path.stringValue, csv: "path",
      machine: { _, t in t.keyPath == nil ? .string(t.row.path) : nil },
      markdown: Markdown(header: "action", numeric: false) { _, t in
        String(repeating: "  ", count: t.row.level).replacingScalars(" ", with: "&nbsp;")
          + TCALogOutput.Markdown.code(t.row.label)
      },
      html: HTML(header: "action path", numeric: false) { _, t in
        typealias Page = HTMLReportPage
        guard let k = t.keyPath else {
          let row = t.row
          let silenced =
            row.silencedBy.isEmpty
            ? ""
            : " <span class=\"silenced\" title=\"\(Page.escape(row.silencedBy.joined(separator: ", ")))\">"
              + (row.silencedLines == row.stats.lines ? "silenced" : "partly silenced") + "</span>"
          return
            "<td class=\"path\" data-value=\"\(Page.escape(row.label))\">\(Page.pathHTML(row.label))\(silenced)</td>"
        }
        return "<td class=\"path\" data-value=\"\(Page.escape(t.row.label + " " + k.keyPath))\">"
          + "<code>\(Page.escape(k.keyPath))</code></td>"
      }),
    ReportColumn(json: "keyPath", machine: { _, t in t.keyPath.map { .string($0.keyPath) } }),
    ReportColumn(
      json: SavedRow.group.stringValue, csv: "group", machine: { _, t in t.keyPath == nil ? .bool(t.row.isGroup) : nil }
    ),
    ReportColumn(json: "level", csv: "level", machine: { _, t in t.keyPath == nil ? .integer(t.row.level) : nil }),
    ReportColumn(
      json: SavedRow.parent.stringValue, machine: { _, t in t.keyPath == nil ? .string(t.row.parentPath) : nil }),
    ReportColumn(
      json: SavedRow.records.stringValue, csv: "records", machine: { _, t in .integer(t.stats.count) },
      text: Text(header: "records", width: 7) { _, t in NumberText.grouped(t.stats.count) },
      markdown: Markdown(header: "records", numeric: true) { _, t in NumberText.grouped(t.stats.count) },
      html: HTML(header: "records", numeric: true) { _, t in
        HTMLReportPage.numberCell(String(t.stats.count), NumberText.grouped(t.stats.count))
      }),
    ReportColumn(
      json: "recordShare", csv: "record_share",
      machine: { r, t in t.keyPath == nil ? .number(r.shareOfRecords(t.stats)) : nil },
      text: Text(header: "%rec", width: 5, shown: { $0.noOp }) { r, t in NumberText.percent(r.shareOfRecords(t.stats))
      },
      markdown: Markdown(header: "% records", numeric: true) { r, t in NumberText.percent(r.shareOfRecords(t.stats)) }),
    ReportColumn(json: SavedRow.lines.stringValue, csv: "lines", machine: { _, t in .integer(t.stats.lines) }),
    ReportColumn(
      json: "lineShare", csv: "line_share",
      machine: { r, t in t.keyPath == nil ? .number(r.shareOfLines(t.stats)) : nil },
      text: Text(header: "%lines", width: 6) { r, t in NumberText.percent(r.shareOfLines(t.stats)) },
      markdown: Markdown(header: "% lines", numeric: true) { r, t in NumberText.percent(r.shareOfLines(t.stats)) },
      html: HTML(header: "share of lines", numeric: true) { page, t in page.shareCell(t) }),
    ReportColumn(
      key: "bar",
      text: Text(
        header: "", width: 8, leftAligned: true, style: ANSI.cyan, shown: { $0.bar },
        value: { r, t in F.bar(r.shareOfLines(t.stats), width: 8) })),
    ReportColumn(json: "bytes", csv: "bytes", machine: { _, t in t.keyPath == nil ? .integer(t.stats.bytes) : nil }),
    ReportColumn(
      json: SavedRow.noOpRecords.stringValue, csv: "noop_records",
      machine: { _, t in t.keyPath == nil ? .integer(t.stats.noOps) : nil }),
    ReportColumn(
      json: "noOpShare", csv: "noop_share", machine: { r, t in t.keyPath == nil ? .number(r.noOpShare(t.stats)) : nil },
      text: Text(header: "no-op", width: 6, shown: { $0.noOp }) { r, t in
        t.keyPath != nil ? "" : r.noOpShare(t.stats).map { NumberText.percent($0) + "%" } ?? "-"
      },
      markdown: Markdown(header: "no-op %", numeric: true) { r, t in
        r.noOpShare(t.stats).map { NumberText.percent($0) } ?? "–"
      },
      html: HTML(header: "no-op", numeric: true) { page, t in
        guard t.keyPath == nil else { return HTMLReportPage.numberCell("-1", "–") }
        let noOp = page.report.noOpShare(t.stats)
        return HTMLReportPage.numberCell("\(noOp ?? -1)", noOp.map { NumberText.percent($0) + "%" } ?? "–")
      }),
    ReportColumn(
      json: "changes", csv: "changes", machine: { _, t in t.keyPath == nil ? .integer(t.stats.changes) : nil }),
    ReportColumn(
      json: "changesPerRecord", csv: "changes_per_record",
      machine: { r, t in t.keyPath == nil ? .number(r.changesPerRecord(t.stats)) : nil },
      text: Text(header: "chg/r", width: 5, shown: { $0.changes }) { r, t in
        t.keyPath != nil ? "" : NumberText.fixed(r.changesPerRecord(t.stats), 1)
      },
      markdown: Markdown(header: "changes/record", numeric: true) { r, t in
        NumberText.fixed(r.changesPerRecord(t.stats), 1)
      },
      html: HTML(header: "changes / record", numeric: true) { page, t in
        guard t.keyPath == nil else { return HTMLReportPage.numberCell("-1", "–") }
        let perRecord = page.report.changesPerRecord(t.stats)
        return HTMLReportPage.numberCell("\(perRecord)", NumberText.fixed(perRecord, 2))
      }),
    ReportColumn(
      json: "silencedBy", csv: "silenced_by", machine: { _, t in t.keyPath == nil ? .strings(t.row.silencedBy) : nil },
      markdown: Markdown(header: "silenced by", numeric: false, shown: { $0.silenced != nil }) { _, t in
        TCALogOutput.Markdown.cell(t.row.silencedBy.joined(separator: ", "))
      }),
    ReportColumn(
      json: "class", csv: "class", machine: { _, t in .string(ReportPrinter.classJSON(t.actionClass)) },
      // The longest word is 6 wide ("ambig.", "signal"); the last column is not padded.
      text: Text(header: "class", width: 6, leftAligned: true) { _, t in ReportPrinter.classLabel(t.actionClass) },
      markdown: Markdown(header: "class", numeric: false) { _, t in ReportPrinter.classJSON(t.actionClass) },
      html: HTML(header: "class", numeric: false) { page, t in
        let word = HTMLReportPage.classWord(t.actionClass)
        let path = t.keyPath == nil && !t.row.isGroup ? t.row.path : nil
        return "<td data-value=\"\(word)\">\(page.page.badge(t.actionClass, path: path))</td>"
      }),
  ]

  /// The columns named, in that order, for the formats that pick their own.
  static func actions(_ keys: [String]) -> [ReportColumn] {
    keys.map { key in actions.first { $0.key == key }! }
  }
}

extension ReportColumn where Row == StateRow {
  private typealias SavedState = SavedReport.StateRow.Key

  /// The state paths table, in the order JSON and CSV write it. Text shows the path
  /// (fitted) and the actions that changed it (a line below) itself.
  static let states: [ReportColumn] = [
    ReportColumn(
      json: SavedState.path.stringValue, csv: "path", machine: { _, row in .string(row.path) },
      markdown: Markdown(header: "state path", numeric: false) { _, row in TCALogOutput.Markdown.code(row.path) },
      html: HTML(header: "normalized path", numeric: false) { _, row in
        "<td class=\"path\" data-value=\"\(HTMLReportPage.escape(row.path))\">\(HTMLReportPage.pathHTML(row.path))</td>"
      }),
    ReportColumn(
      json: SavedState.changes.stringValue, csv: "changes", machine: { _, row in .integer(row.changes) },
      text: Text(header: "changes", width: 9) { _, row in NumberText.grouped(row.changes) },
      markdown: Markdown(header: "changes", numeric: true) { _, row in NumberText.grouped(row.changes) },
      html: HTML(header: "changes", numeric: true) { _, row in
        HTMLReportPage.numberCell(String(row.changes), NumberText.grouped(row.changes))
      }),
    ReportColumn(
      json: "distinctPaths", csv: "distinct_paths", machine: { _, row in .integer(row.distinctPaths) },
      text: Text(header: "keys", width: 8) { _, row in NumberText.grouped(row.distinctPaths) },
      markdown: Markdown(header: "distinct keys", numeric: true) { _, row in NumberText.grouped(row.distinctPaths) },
      html: HTML(header: "distinct keys", numeric: true) { _, row in
        HTMLReportPage.numberCell(String(row.distinctPaths), NumberText.grouped(row.distinctPaths))
      }),
    ReportColumn(
      json: "topActions", csv: "top_actions", machine: { _, row in .actionChanges(row.topActions) },
      markdown: Markdown(header: "changed by", numeric: false) { _, row in
        row.topActions.map { "\(TCALogOutput.Markdown.code($0.action)) \(NumberText.grouped($0.changes))" }
          .joined(separator: ", ")
      },
      html: HTML(header: "changed by", numeric: false) { _, row in
        "<td>"
          + row.topActions.map {
            "\(HTMLReportPage.pathHTML($0.action)) <span class=\"dim\">\(NumberText.grouped($0.changes))</span>"
          }
          .joined(separator: ", ") + "</td>"
      }),
  ]

  /// The columns named, in that order.
  static func states(_ keys: [String]) -> [ReportColumn] {
    keys.map { key in states.first { $0.key == key }! }
  }
}

/// A row of the bursts table: an action's busiest second.
typealias BurstRow = (path: String, second: Int, count: Int)

extension ReportColumn where Row == BurstRow {
  /// The bursts table, in the order JSON writes it. Text says each burst as a sentence
  /// (`tick  40 records in 1 s at 10:05:31`) and HTML draws them on the timeline.
  static let bursts: [ReportColumn] = [
    ReportColumn(
      json: "action", csv: "path", machine: { _, b in .string(b.path) },
      markdown: Markdown(header: "action", numeric: false) { _, b in TCALogOutput.Markdown.code(b.path) }),
    ReportColumn(
      json: "records", csv: "records", machine: { _, b in .integer(b.count) },
      markdown: Markdown(header: "records in 1 s", numeric: true) { _, b in NumberText.grouped(b.count) }),
    ReportColumn(
      json: "second", machine: { _, b in .integer(b.second) },
      markdown: Markdown(header: "at", numeric: false) { r, b in
        TextFormatting.clockTime(b.second, offset: r.timeOffset)
      }
    ),
  ]
}
