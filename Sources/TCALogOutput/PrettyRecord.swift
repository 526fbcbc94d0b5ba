@_spi(Scanner) import TCALogInput
@_spi(Scanner) import TCALogParsing

/// One line of a record as `tcalog view` shows it and `tcalog filter --format pretty`
/// prints it: runs of text, each in a style. The text is already terminal-safe (log text
/// goes through `TerminalSafe`), so a line can be written to a terminal as it is.
public struct PrettyLine: Sendable, Equatable {
  /// What a run of text is, which decides its colour.
  public enum Style: String, Sendable, CaseIterable {
    /// Log text without emphasis.
    case plain
    /// The record's time of day (dim).
    case time
    /// The action path in a header line (bold cyan).
    case actionPath
    /// An old value: a `-` line of a diff (red).
    case removed
    /// A new value: a `+` line of a diff (green).
    case added
    /// The name of the changed property on a `-` line (bold red).
    case removedName
    /// The name of the changed property on a `+` line (bold green).
    case addedName
    /// The name of a changed property on a line of its own, above its old and new values
    /// (bold: `diffing`'s `selectedTabID:`).
    case changedName
    /// What the renderer wrote itself: `… (3 unchanged)`, `(No state changes)` (dim).
    case note
    /// What `tcalog view`'s search matched (black on yellow).
    case match
  }

  /// A stretch of text in one style.
  public struct Run: Sendable, Equatable {
    /// The text, terminal-safe.
    public var text: String
    /// How it is shown.
    public var style: Style
    /// A run of `text` in `style`.
    public init(_ text: String, _ style: Style) {
      self.text = text
      self.style = style
    }
  }

  /// The line's runs, in order.
  public var runs: [Run]

  /// A line of `runs`.
  public init(_ runs: [Run]) { self.runs = runs }

  /// The line's text without styles.
  public var text: String { runs.map(\.text).joined() }

  /// The line for a terminal: each run in its colour when `color`, cut to `width` columns
  /// (the last one then `…`) when a width is given. Columns are counted in Unicode scalars.
  public func rendered(color: Bool, width: Int? = nil) -> String {
    var out = ""
    var left = width ?? Int.max
    for (n, run) in runs.enumerated() {
      guard left > 0 else { break }
      var text = run.text
      let count = text.unicodeScalars.count
      let isLast = n == runs.count - 1
      // The line is cut when this run does not fit, or fills the width with more to come.
      let overflows = count > left || (count == left && !isLast && runs[(n + 1)...].contains { !$0.text.isEmpty })
      if overflows {
        var cut = ""
        cut.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(max(left - 1, 0)))
        text = cut + "…"
      }
      left -= min(count, left)
      if color, let sgr = Self.sgr(run.style), !text.isEmpty {
        out += sgr + text + ANSI.reset
      } else {
        out += text
      }
      if overflows { break }
    }
    return out
  }

  /// The SGR sequence of a style; nil for plain text.
  static func sgr(_ style: Style) -> String? {
    switch style {
    case .plain: return nil
    case .time, .note: return ANSI.dim
    case .actionPath: return "\u{1B}[1;36m"
    case .removed: return "\u{1B}[31m"
    case .added: return ANSI.green
    case .removedName: return "\u{1B}[1;31m"
    case .addedName: return "\u{1B}[1;32m"
    case .changedName: return ANSI.bold
    case .match: return "\u{1B}[30;43m"
    }
  }

  /// The line with the bytes of `ranges` (UTF-8 offsets into `text`, in order, not
  /// overlapping, on character boundaries as a UTF pattern's matches are) in `.match`.
  package func marking(_ ranges: [Range<Int>]) -> PrettyLine {
    guard !ranges.isEmpty else { return self }
    var out: [Run] = []
    var offset = 0
    for run in runs {
      let bytes = Array(run.text.utf8)
      let end = offset + bytes.count
      var at = 0
      for range in ranges where range.lowerBound < end && range.upperBound > offset {
        let lower = max(range.lowerBound - offset, 0)
        let upper = min(range.upperBound - offset, bytes.count)
        if lower > at { out.append(Run(String(decoding: bytes[at..<lower], as: UTF8.self), run.style)) }
        out.append(Run(String(decoding: bytes[lower..<upper], as: UTF8.self), .match))
        at = upper
      }
      if at < bytes.count { out.append(Run(String(decoding: bytes[at...], as: UTF8.self), run.style)) }
      offset = end
    }
    return PrettyLine(out)
  }
}

/// Renders records as `tcalog view` shows them and `filter --format pretty` prints them:
/// a header line (time of day, action path, the action's text with long identifiers cut
/// in the middle) and the state diff, console prefixes removed, `-` lines red and `+` lines
/// green with the changed property's name emphasized. A `tca0` whole-state diff (TCA
/// 0.1–0.24 printed every line of the state) has its unchanged runs folded as Custom Dump
/// folds them (`… (3 unchanged)`); Custom Dump diffs (`tca1`, later `tca0`) are already
/// folded and keep their lines; a `diffing` tree is indented by two spaces a level, its
/// `Previous:` and `Current:` lines marked `-` and `+`.
///
/// ```swift
/// let renderer = PrettyRecordRenderer()
/// for line in renderer.lines(record) { print(line.rendered(color: true, width: 80)) }
/// ```
public struct PrettyRecordRenderer: Sendable {
  /// Letters, digits, `-` and `_` runs at least this long that hold a digit are
  /// identifiers (UUIDs, hashes) and are cut in the middle in the header: `7E1D3C42…9F30`.
  public var identifierLength = 16

  /// A renderer with the default identifier length.
  public init() {}

  /// The header line and the diff.
  public func lines(_ record: Record) -> [PrettyLine] { [header(record)] + body(record) }

  /// The header: `10:05:00.003  tabStrip.tabs.element.hoverChanged  BrowserFeature.Action.…`
  /// (the time only when the log has one; `(incomplete)` after a record cut off).
  public func header(_ record: Record) -> PrettyLine {
    var runs: [PrettyLine.Run] = []
    if let time = record.timestamp.flatMap(Self.timeOfDay) { runs += [.init(time, .time), .init("  ", .plain)] }
    let path = record.actionPath
    runs.append(.init(path.isEmpty ? "(no action path)" : TerminalSafe.escaped(path), .actionPath))
    let text = shortened(Self.joined(record.actionText))
    if !text.isEmpty { runs += [.init("  ", .plain), .init(TerminalSafe.escaped(text), .plain)] }
    if !record.isComplete { runs.append(.init("  (incomplete)", .note)) }
    return PrettyLine(runs)
  }

  /// The state part: the diff's lines, or `(No state changes)`; nothing for a record
  /// without one (`labels`, `.debugActions()`).
  public func body(_ record: Record) -> [PrettyLine] {
    guard record.hasStatePart else { return [] }
    if !record.stateChanged { return [PrettyLine([.init("  (No state changes)", .note)])] }
    let lines = Self.contentLines(record)
    switch record.format {
    case .labels: return []
    case .diffing: return Self.treeLines(lines)
    case .tca0, .tca1: return Self.diffLines(lines, foldsWholeState: record.format == .tca0)
    }
  }

  /// The record's raw lines with console prefixes and line terminators removed (what
  /// Enter opens in the viewer), terminal-safe.
  public func rawLines(_ record: Record) -> [String] {
    Self.contentLines(record).map { TerminalSafe.escaped($0) }
  }

  /// `text` with every identifier (`identifierLength` or longer, with a digit) cut to its
  /// first eight and last four characters around `…`.
  public func shortened(_ text: String) -> String {
    var out = ""
    var token: [Unicode.Scalar] = []
    func flush() {
      if token.count >= identifierLength && token.contains(where: { ("0"..."9").contains($0) }) {
        out.unicodeScalars.append(contentsOf: token.prefix(8))
        out += "…"
        out.unicodeScalars.append(contentsOf: token.suffix(4))
      } else {
        out.unicodeScalars.append(contentsOf: token)
      }
      token.removeAll(keepingCapacity: true)
    }
    for scalar in text.unicodeScalars {
      if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" {
        token.append(scalar)
      } else {
        flush()
        out.unicodeScalars.append(scalar)
      }
    }
    flush()
    return out
  }

  /// An action printed over several lines on one: `AppAction.todo(id: 5834…, action: …)`,
  /// each line break and the indentation after it dropped, a space kept after a comma.
  static func joined(_ text: String) -> String {
    guard text.unicodeScalars.contains("\n") else { return text }
    var out = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\n" else {
        out.append(scalar)
        continue
      }
      while let next = scalars.first, next == " " || next == "\t" { scalars.removeFirst() }
      if out.last == "," { out.append(" ") }
    }
    return String(out)
  }

  /// `10:22:33.123` of a normalized timestamp (`2026-11-20T10:22:33.123456+01:00`):
  /// milliseconds at most, as lnav shows them.
  static func timeOfDay(_ timestamp: String) -> String? {
    let scalars = Array(timestamp.unicodeScalars)
    guard let t = scalars.firstIndex(where: { $0 == "T" || $0 == " " }) else { return nil }
    var end = t + 1
    while end < scalars.count && (("0"..."9").contains(scalars[end]) || scalars[end] == ":") { end += 1 }
    var time = String(String.UnicodeScalarView(scalars[(t + 1)..<end]))
    if end < scalars.count && scalars[end] == "." {
      var fraction = end + 1
      while fraction < scalars.count && ("0"..."9").contains(scalars[fraction]) { fraction += 1 }
      time += "." + String(String.UnicodeScalarView(scalars[(end + 1)..<min(fraction, end + 4)]))
    }
    return time.isEmpty ? nil : time
  }

  /// The record's lines after its header, prefixes and CRs removed, decoded (invalid
  /// UTF-8 as U+FFFD); the header line first.
  static func contentLines(_ record: Record) -> [String] {
    record.withBytes(record.rawRange) { raw in
      var lines: [String] = []
      var start = 0
      while start < raw.count {
        var end = start
        while end < raw.count && raw[end] != 0x0A { end += 1 }
        var line = UnsafeBufferPointer(rebasing: raw[start..<end])
        if let prefix = LinePrefix.match(line) { line = UnsafeBufferPointer(rebasing: line[prefix.length...]) }
        if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line[..<(line.count - 1)]) }
        lines.append(String(decoding: line, as: UTF8.self))
        start = end + 1
      }
      while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
      return lines
    }
  }
}
