import Foundation
import TCALogReport

/// Writes a `RunComparison`: text for a terminal, markdown for a pull-request comment, JSON
/// for programs. All three hold the same rows.
public struct ComparisonPrinter {
  /// The output formats of `compare`.
  public enum Format: String, Sendable, CaseIterable {
    /// Aligned columns for a terminal.
    case text
    /// Tables for a pull-request comment.
    case markdown
    /// One JSON document.
    case json
  }

  /// The format.
  public var format: Format
  /// Rows per table at most (nil: all).
  public var top: Int?
  /// Columns text output fits (paths lose their start first).
  public var width: Int

  /// A printer of `format` showing at most `top` rows per table, text fitted to `width`.
  public init(format: Format, top: Int?, width: Int = 80) {
    self.format = format
    self.top = top
    self.width = width
  }

  /// The comparison in the printer's format.
  public func render(_ comparison: RunComparison) -> String {
    switch format {
    case .text: text(comparison, markdown: false)
    case .markdown: text(comparison, markdown: true)
    case .json: json(comparison)
    }
  }

  /// `12.5`, `1,204`, `0.31`: rates with three significant digits at most.
  static func rate(_ value: Double) -> String {
    if value >= 100 { return NumberText.grouped(Int(value.rounded())) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
  }

  static func change(_ row: RunComparison.Row) -> String {
    if row.isNew { return "new" }
    if row.isGone { return "gone" }
    let sign = row.change >= 0 ? "+" : "−"
    let factor = row.factor.map { String(format: " (×%.2f)", $0) } ?? ""
    return sign + rate(abs(row.change)) + factor
  }

  static func describe(_ run: RunProfile) -> String {
    var parts = ["\(NumberText.grouped(run.records)) records", "\(NumberText.grouped(run.lines)) lines"]
    if let seconds = run.spanSeconds, seconds >= 1 { parts.append(TextFormatting.duration(seconds)) } else {
      parts.append("no timestamps")
    }
    if run.isSavedReport { parts.append("saved report") }
    return parts.joined(separator: ", ")
  }

  private func text(_ c: RunComparison, markdown: Bool) -> String {
    var out = ""
    let unit = c.unit.rawValue
    if markdown {
      out += "### tcalog compare\n\n"
      out += "- **before** `\(Self.code(c.before.source))`: \(Self.describe(c.before))\n"
      out += "- **after** `\(Self.code(c.after.source))`: \(Self.describe(c.after))\n"
    } else {
      out += "before  \(TerminalSafe.escaped(c.before.source)): \(Self.describe(c.before))\n"
      out += "after   \(TerminalSafe.escaped(c.after.source)): \(Self.describe(c.after))\n"
    }
    let totals = c.totalRates
    let lengthNote: String
    if c.unit == .perMinute, let a = c.before.minutes, let b = c.after.minutes {
      lengthNote =
        "the after run is \(String(format: "%.2f", b / a))× as long; rates are records per minute\(markdown ? " " : "\n")"
        + "(all records: \(Self.rate(totals.before)) → \(Self.rate(totals.after)))"
    } else {
      lengthNote = "no timestamps in \(c.before.minutes == nil ? "the before" : "the after") run: rates are records per 1,000 records"
    }
    out += (markdown ? "\n" : "") + lengthNote + "\n"
    for (title, rows, hidden, lines) in [
      ("Actions", c.actions, c.unchanged.actions, true), ("State paths", c.states, c.unchanged.states, false),
    ] {
      out += "\n"
      let shown = top.map { Array(rows.prefix($0)) } ?? rows
      if markdown {
        out += "#### \(title) (\(unit))\n\n"
        guard !shown.isEmpty else {
          out += "No change above the threshold.\n"
          continue
        }
        out += lines ? "| path | before | after | change | lines before | lines after |\n|---|---:|---:|---:|---:|---:|\n"
          : "| path | before | after | change |\n|---|---:|---:|---:|\n"
        for row in shown {
          out += "| `\(Self.code(row.path))` | \(Self.rate(row.rateBefore)) | \(Self.rate(row.rateAfter)) | \(Self.change(row)) |"
          if lines { out += " \(Self.percent(row.lineShareBefore)) | \(Self.percent(row.lineShareAfter)) |" }
          out += "\n"
        }
      } else {
        out += "\(title), \(unit)\n"
        guard !shown.isEmpty else {
          out += "  no change above the threshold\n"
          continue
        }
        // Numbers take 20 columns, the change up to 16: the path gets the rest.
        let pathWidth = max(12, min(shown.map { $0.path.count }.max() ?? 0, width - 2 - 20 - 2 - 16))
        out += "  " + TextFormatting.padRight("path", pathWidth) + "    before     after  change\n"
        for row in shown {
          out += "  " + TextFormatting.padRight(TextFormatting.fitTail(TerminalSafe.escaped(row.path), pathWidth), pathWidth)
            + TextFormatting.padLeft(Self.rate(row.rateBefore), 10) + TextFormatting.padLeft(Self.rate(row.rateAfter), 10)
            + "  " + Self.change(row) + "\n"
        }
      }
      var notes: [String] = []
      if shown.count < rows.count { notes.append("\(rows.count - shown.count) more changed rows (--top)") }
      if hidden > 0 { notes.append("\(hidden) moved less than --min-change") }
      if !notes.isEmpty {
        out += markdown ? "\n" + notes.joined(separator: "; ") + "\n" : notes.map { "  " + $0 + "\n" }.joined()
      }
    }
    return out
  }

  static func percent(_ share: Double?) -> String {
    share.map { String(format: "%.1f%%", $0 * 100) } ?? ""
  }

  /// Text inside markdown backticks: a backtick or a line break would end it.
  static func code(_ text: String) -> String {
    TerminalSafe.escaped(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
  }

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
      for (key, rows, hidden) in [("actions", c.actions, c.unchanged.actions), ("statePaths", c.states, c.unchanged.states)] {
        let shown = top.map { Array(rows.prefix($0)) } ?? rows
        json.lineBreak(indent: 0)
        json.key(key == "actions" ? "actions" : "statePaths")
        json.beginArray()
        for row in shown {
          json.lineBreak(indent: 2)
          json.beginObject()
          json.member("path", row.path)
          json.member("before", row.before)
          json.member("after", row.after)
          json.member("rateBefore", row.rateBefore)
          json.member("rateAfter", row.rateAfter)
          json.member("change", row.change)
          json.member("factor", row.factor)
          json.member("status", row.isNew ? "new" : row.isGone ? "gone" : "changed")
          if key == "actions" {
            json.member("lineShareBefore", row.lineShareBefore)
            json.member("lineShareAfter", row.lineShareAfter)
          }
          json.endObject()
        }
        json.endArray()
        json.key(key == "actions" ? "hiddenActions" : "hiddenStatePaths")
        json.integer(hidden + rows.count - shown.count)
      }
      json.endObject()
    } + "\n"
  }
}
