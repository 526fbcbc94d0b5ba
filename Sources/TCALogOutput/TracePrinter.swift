@_spi(Scanner) import TCALogParsing
import TCALogQuery
import TCALogSupport

/// Writes what `tcalog trace` found: each change as it arrives (text, ndjson, csv), or
/// everything at the end (json, grouped by path, and every `--summary`).
package final class TracePrinter {
  /// The output formats of `trace`.
  package enum Format: String, Sendable, CaseIterable {
    /// For people: one line per change, tagged with its path's number (`[2]`); a path's
    /// first change is preceded by a line naming it.
    case text
    /// One JSON object per change (per path with `--summary`).
    case ndjson
    /// One JSON document: the paths, each with its changes (or its summary).
    case json
    /// One row per change (per path with `--summary`), with a header row.
    case csv
  }

  /// The format.
  package let format: Format
  /// Print per path only its number of changes, distinct values and actions.
  package let summary: Bool
  /// Values in text output are cut to this many characters (nil: whole).
  package let valueWidth: Int?
  /// Text lines are fitted to this many columns (a terminal's width; nil: not fitted).
  package let lineWidth: Int?
  private let out: OutputBuffer
  /// Text: each raw path's number, given in the order the paths first change.
  private var pathNumbers: [String: Int] = [:]
  private var summarizer = TraceSummarizer()
  /// json without `--summary`: the changes per raw path, in the order paths first changed.
  private var grouped: [(path: String, changes: [TracedChange])] = []
  private var groupIndex: [String: Int] = [:]

  /// A printer writing `format` to `out`; `valueWidth` shortens text values (nil: `--full`),
  /// `lineWidth` fits text lines to a terminal.
  package init(format: Format, summary: Bool, valueWidth: Int?, lineWidth: Int? = nil, out: OutputBuffer) {
    self.format = format
    self.summary = summary
    self.valueWidth = valueWidth
    self.lineWidth = lineWidth
    self.out = out
  }

  /// Writes what comes before the first change (the csv header).
  package func begin() throws {
    guard format == .csv else { return }
    if summary {
      try out.write(
        CSV.row(["path", "normalized", "changes", "distinct_values", "first_record", "last_record", "actions"]))
    } else {
      try out.write(
        CSV.row(["record", "file", "line", "timestamp", "action", "path", "normalized", "kind", "old", "new"]))
    }
  }

  /// Takes the next change in log order; streaming formats write it at once.
  package func take(_ change: TracedChange) throws {
    if summary {
      summarizer.add(change)
      return
    }
    switch format {
    case .text:
      // Keys interleave (two windows' selected tabs): a path is named once, at its first
      // change, and every change carries the path's number, so that the histories can be
      // told apart (and grepped apart) while the output still streams in log order.
      var text = ""
      let number: Int
      if let known = pathNumbers[change.path] {
        number = known
      } else {
        number = pathNumbers.count + 1
        pathNumbers[change.path] = number
        let label = "[\(number)] "
        text += label + fitted(TerminalSafe.escaped(change.path), after: label.count) + "\n"
      }
      text += Self.textLine(change, label: "[\(number)]", valueWidth: valueWidth, lineWidth: lineWidth) + "\n"
      if let causes = Self.causesLine(change, indent: "[\(number)]".count + 2) { text += causes + "\n" }
      try out.write(text)
    case .ndjson:
      try out.append { bytes in
        JSONWriter.append(to: &bytes) { Self.writeChange(change, to: &$0) }
        bytes.append(0x0A)
      }
    case .csv:
      try out.write(
        CSV.row([
          String(change.record), change.file, String(change.line), change.timestamp ?? "", change.action, change.path,
          change.normalized, change.kind.rawValue, change.old ?? "", change.new ?? "",
        ]))
    case .json:
      if let i = groupIndex[change.path] {
        grouped[i].changes.append(change)
      } else {
        groupIndex[change.path] = grouped.count
        grouped.append((change.path, [change]))
      }
    }
    try out.endRecord()
  }

  /// Writes what waits for the end (json, summaries) and flushes.
  package func finish() throws {
    if summary {
      try writeSummaries(summarizer.summaries)
    } else if format == .json {
      let text = JSONWriter.text(spacing: .spaced) { json in
        json.beginObject()
        json.key("paths")
        json.beginArray()
        for group in grouped {
          json.lineBreak(indent: 2)
          json.beginObject()
          json.member("path", group.path)
          json.member("normalized", group.changes.first?.normalized)
          json.key("changes")
          json.beginArray()
          for change in group.changes {
            json.lineBreak(indent: 4)
            Self.writeChange(change, to: &json, withPath: false)
          }
          json.endArray()
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
      try out.write(text + "\n")
    }
    try out.flush()
  }

  private func writeSummaries(_ summaries: [TracedPathSummary]) throws {
    switch format {
    case .text:
      let changesWidth = max(7, summaries.map { String($0.changes).count }.max() ?? 0)
      var text = TextFormatting.padLeft("changes", changesWidth) + "  values  path\n"
      for s in summaries {
        let numbers =
          TextFormatting.padLeft(String(s.changes), changesWidth) + "  "
          + TextFormatting.padLeft(String(s.distinctValues), 6) + "  "
        text += numbers + fitted(TerminalSafe.escaped(s.path), after: numbers.count) + "\n"
        let shown = s.actions.prefix(3).map { "\(TerminalSafe.escaped($0.path)) ×\($0.changes)" }
        let more = s.actions.count > 3 ? ", +\(s.actions.count - 3) more" : ""
        let indent = String(repeating: " ", count: changesWidth + 10)
        let by = "by " + shown.joined(separator: ", ") + more
        text += indent + (lineWidth.map { TextFormatting.fitHead(by, max(10, $0 - indent.count)) } ?? by) + "\n"
      }
      try out.write(text)
    case .ndjson:
      for s in summaries {
        try out.append { bytes in
          JSONWriter.append(to: &bytes) { Self.writeSummary(s, to: &$0) }
          bytes.append(0x0A)
        }
      }
    case .json:
      let text = JSONWriter.text(spacing: .spaced) { json in
        json.beginObject()
        json.key("paths")
        json.beginArray()
        for s in summaries {
          json.lineBreak(indent: 2)
          Self.writeSummary(s, to: &json)
        }
        json.endArray()
        json.endObject()
      }
      try out.write(text + "\n")
    case .csv:
      for s in summaries {
        try out.write(
          CSV.row([
            s.path, s.normalized, String(s.changes), String(s.distinctValues), String(s.firstRecord),
            String(s.lastRecord), s.actions.map { "\($0.path)=\($0.changes)" }.joined(separator: " "),
          ]))
      }
    }
  }

  private static func writeChange(_ change: TracedChange, to json: inout JSONWriter, withPath: Bool = true) {
    json.beginObject()
    json.member("record", change.record)
    json.member("file", change.file)
    json.member("line", change.line)
    json.member("timestamp", change.timestamp)
    json.member("action", change.action)
    if withPath {
      json.member("path", change.path)
      json.member("normalized", change.normalized)
    }
    json.member("kind", change.kind.rawValue)
    json.member("old", change.old)
    json.member("new", change.new)
    if !change.causes.isEmpty {
      json.key("causes")
      json.beginArray()
      for cause in change.causes {
        json.beginObject()
        json.member("action", cause.action)
        json.member("record", cause.record)
        json.endObject()
      }
      json.endArray()
    }
    json.endObject()
  }

  /// `      ← search.searchButtonTapped #12 ← …`: what set off a change's record, back to an
  /// action nothing caused (`trace --chains`); nil when nothing did.
  package static func causesLine(_ change: TracedChange, indent: Int) -> String? {
    guard !change.causes.isEmpty else { return nil }
    return String(repeating: " ", count: indent)
      + change.causes.map { "← \(TerminalSafe.escaped($0.action)) #\($0.record)" }.joined(separator: " ")
  }

  private static func writeSummary(_ s: TracedPathSummary, to json: inout JSONWriter) {
    json.beginObject()
    json.member("path", s.path)
    json.member("normalized", s.normalized)
    json.member("changes", s.changes)
    json.member("distinct_values", s.distinctValues)
    json.member("first_record", s.firstRecord)
    json.member("last_record", s.lastRecord)
    json.key("actions")
    json.beginArray()
    for action in s.actions {
      json.beginObject()
      json.member("path", action.path)
      json.member("changes", action.changes)
      json.endObject()
    }
    json.endArray()
    json.endObject()
  }

  // MARK: text

  /// A path on a line of its own, its end kept when the terminal is too narrow.
  private func fitted(_ path: String, after used: Int = 0) -> String {
    guard let lineWidth else { return path }
    return TextFormatting.fitTail(path, max(10, lineWidth - used))
  }

  /// `[1]  #12  10:05:00.003  tabs.element.select  nil → 3`: the path's number, the
  /// record, the time of day when the record has one, the action, and the change. With
  /// `lineWidth`, the values share what the line leaves them: the action gives up its
  /// start first, down to 10 characters, then the values, down to 8 each.
  package static func textLine(_ change: TracedChange, label: String = "", valueWidth: Int?, lineWidth: Int? = nil)
    -> String
  {
    var line = label + "  #\(change.record)"
    if let time = change.timestamp.flatMap(timeOfDay) { line += "  " + time }
    var action = TerminalSafe.escaped(change.action)
    // The values this change shows, on one line, before any cut.
    let values: [String?]
    switch change.kind {
    case .value, .count: values = [change.old, change.new]
    case .added: values = [change.new]
    case .removed: values = [change.old]
    }
    var texts = values.map { $0.map(compact) ?? "nil" }
    let kindWord = change.kind == .value ? 0 : change.kind == .count ? 6 : 8
    let fixed = line.unicodeScalars.count + 4 + kindWord + 3 * (texts.count - 1)
    let fits =
      texts.allSatisfy { $0.count <= valueWidth ?? .max }
      && lineWidth.map { fixed + action.unicodeScalars.count + texts.map(\.count).reduce(0, +) <= $0 } ?? true
    if !fits && change.kind == .value { texts = dropSharedStart(texts) }
    if let lineWidth {
      // The action gives up its start (its last cases say most) before a value is cut
      // below 12 characters.
      let wanted = texts.map { min($0.count, valueWidth ?? .max, 12) }.reduce(0, +)
      action = TextFormatting.fitTail(action, max(10, lineWidth - fixed - wanted))
      // The room left, shared so that a short value keeps its length and the long ones
      // split the rest.
      var room = lineWidth - fixed - action.unicodeScalars.count
      var widths = Array(repeating: 0, count: texts.count)
      for (left, i) in texts.indices.sorted(by: { texts[$0].count < texts[$1].count }).enumerated().map({
        (texts.count - $0.offset, $0.element)
      }) {
        widths[i] = max(8, min(texts[i].count, valueWidth ?? .max, room / left))
        room -= widths[i]
      }
      let shown = zip(texts, widths).map { shorten($0, to: $1) }
      return line + "  " + action + "  " + Self.change(change.kind, shown)
    }
    line += "  " + action + "  "
    return line + Self.change(change.kind, texts.map { shorten($0, to: valueWidth) })
  }

  /// Two values that must be cut, without the start they share: `TabID(rawValue: "C30A…")`
  /// and `TabID(rawValue: "C6E5…")` become `…C30A…` and `…C6E5…`, from the field or quoted
  /// text where they differ (at most 8 characters before the difference), so that a cut
  /// keeps what changed in view. Unchanged when the shared start is shorter than 4.
  package static func dropSharedStart(_ texts: [String]) -> [String] {
    guard texts.count == 2 else { return texts }
    let (a, b) = (Array(texts[0]), Array(texts[1]))
    var differ = 0
    while differ < min(a.count, b.count) && a[differ] == b[differ] { differ += 1 }
    var start = differ
    // Back to the start of the differing field (`y: 2` of `Point(x: 1, y: 2)`) or quoted text.
    while start > 0 && differ - start < 8 && !"([,\"".contains(a[start - 1]) { start -= 1 }
    while start < differ && a[start] == " " { start += 1 }
    guard start >= 4 else { return texts }
    return [a, b].map { "…" + String($0[start...]) }
  }

  /// `old → new`, `count 3 → 4`, `added x`, `removed x` from the values as shown.
  private static func change(_ kind: ChangeKind, _ shown: [String]) -> String {
    switch kind {
    case .value: shown[0] + " → " + shown[1]
    case .count: "count " + shown[0] + " → " + shown[1]
    case .added: "added " + shown[0]
    case .removed: "removed " + shown[0]
    }
  }

  /// `10:05:00.003` from `2026-11-20T10:05:00.003173+01:00` (milliseconds, as written).
  package static func timeOfDay(_ timestamp: String) -> String? {
    let scalars = Array(timestamp.unicodeScalars)
    guard scalars.count >= 19, scalars[10] == "T" || scalars[10] == " " else { return nil }
    var end = 19
    if scalars.count > 19, scalars[19] == "." { end = min(scalars.count, 23) }
    while end > 19, !("0"..."9").contains(scalars[end - 1]) { end -= 1 }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[11..<end])
    return text
  }

  /// A multi-line value on one line: each line trimmed, joined by a blank, none after an
  /// opening bracket or before a closing one (`Point(\n  x: 1\n)` → `Point(x: 1)`); control
  /// characters escaped.
  package static func compact(_ value: String) -> String {
    guard value.utf8.contains(0x0A) || value.utf8.contains(0x0D) else { return TerminalSafe.escaped(value) }
    var result = ""
    for raw in value.split(
      omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    {
      let line = raw.trimmingBlanks()
      guard !line.isEmpty else { continue }
      if let last = result.last, !"([{".contains(last), let first = line.first, !")]}".contains(first) {
        result += " "
      }
      result += line
    }
    return TerminalSafe.escaped(result)
  }

  /// `text` cut to `width` characters with `…` at the end (nil: as it is).
  package static func shorten(_ text: String, to width: Int?) -> String {
    guard let width, text.count > width else { return text }
    return String(text.prefix(max(1, width - 1))) + "…"
  }
}
