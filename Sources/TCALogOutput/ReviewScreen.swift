@_spi(Scanner) import TCALogParsing
import TCALogReport
import TCALogSuggest
import TCALogSupport

/// One record shown in `suggest --review`: its action on one line and what it changed.
package struct ReviewSample: Sendable, Equatable {
  /// The printed action, its lines joined into one (`AppAction.windows(…mouseMoved(x: 3))`).
  package var action: String
  /// Whether the record prints a state part (`actionLabels` records do not).
  package var hasStatePart: Bool
  /// Where in `action` its innermost case starts (the last segment of its action path):
  /// what differs between records of one path is there, so a line too narrow keeps it.
  package var leafStart: Int

  /// A sample from its parts (tests build them by hand).
  package init(action: String, changes: [StateChangeText] = [], hasStatePart: Bool, leafStart: Int = 0) {
    self.action = action
    self.changes = changes
    self.hasStatePart = hasStatePart
    self.leafStart = leafStart
  }

  /// One changed state path: `path: old → new` when it fits, else `path → new`.
  package struct StateChangeText: Sendable, Equatable {
    /// The normalized path (`windows[*].selectedTabID`).
    package var path: String
    /// Old and new value on one line each; nil when the log shows none (a collection's diff).
    package var old, new: String?
    /// A change from its parts.
    package init(path: String, old: String? = nil, new: String? = nil) {
      self.path = path
      self.old = old
      self.new = new
    }
  }

  /// The changed state paths with their values.
  package var changes: [StateChangeText]

  /// The sample of a parsed record.
  package init(_ record: some RecordFields, actionPath: String) {
    self.init(
      actionText: record.string(record.actionTextRange),
      printedChanges: record.changes.map { change in
        StateChangeText(
          path: record.string(change.normalized.count > 0 ? change.normalized : change.path),
          old: change.old.map(record.string), new: change.new.map(record.string))
      }, hasStatePart: record.hasStatePart, actionPath: actionPath)
  }

  /// The sample of a record's texts as the log prints them (values on several lines).
  init(actionText: String, printedChanges: [StateChangeText], hasStatePart: Bool, actionPath: String) {
    action = Self.withoutCaseTypes(Self.oneLine(actionText))
    changes = printedChanges.map { change in
      StateChangeText(path: change.path, old: change.old.map(Self.oneLine), new: change.new.map(Self.oneLine))
    }
    self.hasStatePart = hasStatePart
    let leaf = "." + (actionPath.split(separator: ".").last.map(String.init) ?? "")
    let scalars = Array(action.unicodeScalars)
    let needle = Array(leaf.unicodeScalars)
    leafStart = 0
    if needle.count > 1, scalars.count >= needle.count {
      for i in stride(from: scalars.count - needle.count, through: 0, by: -1)
      where scalars[i..<(i + needle.count)].elementsEqual(needle) {
        leafStart = i
        break
      }
    }
  }

  /// The part of the sample that tells records apart: the innermost case on, and the changes.
  var distinctPart: String {
    String(String.UnicodeScalarView(action.unicodeScalars.dropFirst(leafStart)))
      + changes.map { "\($0.path)\($0.old ?? "")\($0.new ?? "")" }.joined()
  }

  /// Custom Dump's lines as one: each line's indentation dropped, a blank kept after `,`
  /// and `:` (`Point(\n  x: 1,\n  y: 2\n)` → `Point(x: 1, y: 2)`).
  package static func oneLine(_ text: String) -> String {
    var out = ""
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard !trimmed.isEmpty else { continue }
      if let last = out.last, last == "," || last == ":" { out += " " }
      out += trimmed
    }
    return out
  }

  /// An action without the type before each case (`AppAction.windows(WindowsAction.window(`
  /// → `.windows(.window(`): the cases are what tells records apart, and a line has room
  /// for few characters. Quoted text is left as it is.
  package static func withoutCaseTypes(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    var inQuote = false
    func isIdentifier(_ c: Unicode.Scalar) -> Bool {
      c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }
    while i < scalars.count {
      let c = scalars[i]
      if c == "\"" && (i == 0 || scalars[i - 1] != "\\") { inQuote.toggle() }
      // A capitalized name that starts a word, then `.Name`s, then `.` and a lowercase case.
      if !inQuote && ("A"..."Z").contains(c) && (i == 0 || !isIdentifier(scalars[i - 1]) && scalars[i - 1] != ".") {
        var j = i
        var lastDot: Int?
        while j < scalars.count {
          var k = j
          while k < scalars.count && isIdentifier(scalars[k]) { k += 1 }
          guard k < scalars.count, scalars[k] == ".", k + 1 < scalars.count else { break }
          lastDot = k
          let next = scalars[k + 1]
          if ("a"..."z").contains(next) || next == "_" { break }
          guard ("A"..."Z").contains(next) else {
            lastDot = nil
            break
          }
          j = k + 1
        }
        if let lastDot, lastDot + 1 < scalars.count,
          ("a"..."z").contains(scalars[lastDot + 1]) || scalars[lastDot + 1] == "_"
        {
          i = lastDot
          continue
        }
      }
      out.append(c)
      i += 1
    }
    return String(out)
  }
}

/// The text of `suggest --review` for one entry: its class and evidence, a few sample
/// records, and the prompt, fitted to the terminal's width.
package struct ReviewScreen: Sendable {
  /// Columns of the terminal (at least 40 is assumed: narrower, lines wrap).
  package var width: Int
  /// Colour the class, the path and the keys.
  package var color: Bool

  /// A screen for a terminal `width` columns wide.
  package init(width: Int, color: Bool = false) {
    self.width = max(40, width)
    self.color = color
  }

  /// The labels' column: `  samples  `.
  static let labelWidth = 11

  /// What the user answers.
  package enum Decision: Sendable, Equatable {
    case silence, keep, skip
  }

  /// The lines above the prompt for entry `index` (0-based) of `total`.
  package func render(
    _ entry: Suggestion, samples: [ReviewSample], index: Int, total: Int, set: SuggestionSet
  ) -> String {
    var out = ""
    let what = entry.actionClass == .noise ? "noise" : "ambiguous"
    let title = "── \(NumberText.grouped(index + 1)) of \(NumberText.grouped(total)) · \(what) "
    let rule = title + String(repeating: "─", count: max(2, width - title.unicodeScalars.count))
    out += paint(rule, ANSI.dim) + "\n"
    out += paint(TextFormatting.fitTail(safe(entry.patternPath), width), ANSI.bold) + "\n"

    let records = set.statistics.completeRecords
    let lines = set.statistics.lines
    var share =
      "\(NumberText.counted(entry.stats.count, "record")) (\(NumberText.percent(records > 0 ? Double(entry.stats.count) / Double(records) : 0)) % of records), "
      + "\(NumberText.percent(lines > 0 ? Double(entry.stats.lines) / Double(lines) : 0)) % of lines"
    if entry.stats.withStatePart > 0 {
      share += ", \(NumberText.percent(Double(entry.stats.noOps) / Double(entry.stats.withStatePart))) % no-ops"
    }
    out += field("share", share)

    let classified = entry.coveredPaths.compactMap { path in set.classified.first { $0.path == path } }
    if let biggest = classified.max(by: { $0.evidence.records < $1.evidence.records }) {
      out += field("rate", Self.rate(biggest.evidence))
    }
    if classified.count == 1, let only = classified.first {
      out += field("why", only.reasons.prefix(4).joined(separator: "; "))
    } else {
      for (i, c) in classified.prefix(4).enumerated() {
        out += field(i == 0 ? "why" : "", "\(c.path): " + c.reasons.prefix(3).joined(separator: "; "))
      }
      if classified.count > 4 {
        out += field("", "… and \(NumberText.grouped(classified.count - 4)) more action paths")
      }
    }
    out += entryLines(entry.name.replacingScalars("`", with: ""), entry.regex)

    let column = String(repeating: " ", count: Self.labelWidth)
    if samples.isEmpty {
      out += field("samples", "(no complete record to show)")
    }
    for (i, sample) in samples.enumerated() {
      out += label(i == 0 ? "samples" : "") + Self.fitAction(sample, width - Self.labelWidth) + "\n"
      let indent = column + "  "
      let room = width - indent.unicodeScalars.count
      if !sample.hasStatePart {
        continue
      } else if sample.changes.isEmpty {
        out += indent + paint("no state change", ANSI.dim) + "\n"
      } else {
        for change in sample.changes.prefix(2) { out += indent + Self.fitChange(change, room) + "\n" }
        if sample.changes.count > 2 {
          out += indent + paint("  and \(NumberText.grouped(sample.changes.count - 2)) more changes", ANSI.dim) + "\n"
        }
      }
    }
    return out
  }

  /// What the review is about, once before the first entry.
  package func intro(noise: Int, ambiguous: Int, file: String) -> String {
    let text =
      "Review of \(NumberText.counted(noise + ambiguous, "entry", "entries")) (\(NumberText.grouped(noise)) noise, \(NumberText.grouped(ambiguous)) ambiguous) "
      + "for \(safe(file)): y writes `name = pattern`, n `keep name = pattern`, s nothing (asked again next "
      + "time); q ends and writes the answers, Ctrl-C ends writing nothing."
    return TextFormatting.wrapped(text, width: width, indent: "") + "\n\n"
  }

  /// The prompt, without a line feed: the cursor waits after it. With the answer after it,
  /// it fits 60 columns.
  package var prompt: String {
    func key(_ k: String, _ word: String) -> String { paint(k, ANSI.bold) + " " + word }
    let keys = [key("y", "silence"), key("n", "keep"), key("s", "skip"), key("q", "quit")]
    return "Silence it?  " + keys.joined(separator: " · ") + " › "
  }

  /// What follows the prompt once answered, with the line feed and a blank line.
  package func answered(_ decision: Decision) -> String {
    switch decision {
    case .silence: return paint("silenced", ANSI.magenta) + "\n\n"
    case .keep: return paint("kept", ANSI.green) + "\n\n"
    case .skip: return "skipped\n\n"
    }
  }

  /// `27 a second at peak, one every 40 ms (median)`, or why there is no rate. The median
  /// is rounded as the classifier's reasons round it (`every 969 ms like a timer`).
  static func rate(_ e: ActionEvidence) -> String {
    guard e.timedGaps > 0 else { return "no timestamps in the log: records in a row stand in for time" }
    var parts: [String] = []
    if e.peakPerSecond > 0 { parts.append("\(NumberText.grouped(e.peakPerSecond)) a second at peak") }
    if let median = e.medianGap {
      parts.append("one every \(ActionClassifier.seconds(median)) (median)")
    }
    // A peak and a median read from a few timed records among many untimed ones say little:
    // say how many they rest on (timed gaps + 1 is the action's timed records).
    let timed = e.timedGaps + 1
    if timed < e.records {
      parts.append("from \(NumberText.grouped(timed)) of its \(NumberText.counted(e.records, "record")) with a time")
    }
    return parts.joined(separator: ", ")
  }

  /// `name = pattern` on one line when it fits, else the pattern on lines of its own, cut
  /// where it must be (a pattern has no blank to break at): it is what the file gets.
  func entryLines(_ name: String, _ pattern: String) -> String {
    let room = width - Self.labelWidth
    let line = "\(name) = \(pattern)"
    if line.unicodeScalars.count <= room { return label("entry") + safe(line) + "\n" }
    var out = label("entry") + TextFormatting.fitHead(name, room) + "\n"
    var rest = Array(("= " + pattern).unicodeScalars)
    while !rest.isEmpty {
      var chunk = String.UnicodeScalarView()
      chunk.append(contentsOf: rest.prefix(room))
      out += label("") + safe(String(chunk)) + "\n"
      rest = Array(rest.dropFirst(room))
    }
    return out
  }

  /// `  label    ` then the value, wrapped under the value's column.
  func field(_ name: String, _ value: String) -> String {
    let indent = String(repeating: " ", count: Self.labelWidth)
    let body = TextFormatting.wrapped(indent + safe(value), width: width, indent: indent).unicodeScalars
    return label(name) + String(String.UnicodeScalarView(body.dropFirst(Self.labelWidth))) + "\n"
  }

  func label(_ name: String) -> String {
    let padded = TextFormatting.padRight("  " + name, Self.labelWidth)
    return name.isEmpty ? padded : paint(padded, ANSI.dim)
  }

  /// The action in `room` columns: whole when it fits, else its innermost case on, with as
  /// much of its start as is left (`.windows(…).selectTab(id: 3)`), else that case cut at
  /// its end.
  static func fitAction(_ sample: ReviewSample, _ room: Int) -> String {
    let scalars = Array(TerminalSafe.escaped(sample.action).unicodeScalars)
    guard scalars.count > room else { return String(String.UnicodeScalarView(scalars)) }
    // The leaf's position in the escaped text: escaping only lengthens what precedes it
    // when the action holds control characters, and then the cut is merely less apt.
    let start = min(sample.leafStart, scalars.count)
    let leaf = scalars[start...]
    var out = String.UnicodeScalarView()
    let head = room - 1 - leaf.count
    if head >= 8 {
      out.append(contentsOf: scalars[..<head])
      out.append("…")
      out.append(contentsOf: leaf)
    } else {
      out.append("…")
      out.append(contentsOf: leaf.prefix(max(1, room - 2)))
      if leaf.count > room - 2 { out.append("…") }
    }
    return String(out)
  }

  /// `→ path: old → new`, or `→ path = new` when that does not fit, cut at the end when
  /// even that is too long.
  static func fitChange(_ change: ReviewSample.StateChangeText, _ room: Int) -> String {
    let path = "→ " + TerminalSafe.escaped(change.path)
    guard let new = change.new.map({ TerminalSafe.escaped($0) }) else { return TextFormatting.fitHead(path, room) }
    if let old = change.old.map({ TerminalSafe.escaped($0) }) {
      let full = path + ": " + old + " → " + new
      if full.unicodeScalars.count <= room { return full }
    }
    return TextFormatting.fitHead(path + " = " + new, room)
  }

  func safe(_ text: String) -> String { TerminalSafe.escaped(text) }

  func paint(_ text: String, _ sgr: String) -> String { color ? ANSI.colored(text, sgr) : text }
}
