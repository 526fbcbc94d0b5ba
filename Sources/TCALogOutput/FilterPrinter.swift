@_spi(Scanner) import TCALogParsing
import TCALogPipeline
import TCALogQuery
import TCALogReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes what `tcalog filter` selects, in one of its formats. Colour and terminal
/// escaping are decided once, at start-up, by the caller.
package final class FilterPrinter: SelectionOutput {
  /// The output formats of `tcalog filter --format`.
  package enum Format: String, Sendable, CaseIterable {
    /// The records exactly as they were in the input.
    case raw
    /// One JSON object per record (RecordJSON).
    case ndjson
    /// One line per record: `FILE:LINE:` (the header's line in its own file, grep -Hn's
    /// form), `#INDEX`, the record's time when it has one, action path, changed state paths.
    case oneline
    /// Only the number of selected records.
    case count
    /// Each record as `tcalog view` shows it (`PrettyRecordRenderer`): a header line and
    /// the diff, coloured by the usual policy.
    case pretty
  }

  /// The format this printer writes.
  package let format: Format
  /// Where the printed records go.
  package let out: OutputBuffer
  /// Source of the highlight ranges (nil: nothing highlighted).
  package let query: RecordQuery?
  /// Whether matches, indices and separators are coloured (raw and oneline only).
  package let color: Bool
  /// Show control characters from the log as escapes: always in oneline output; in raw
  /// output on a terminal, or with colour on.
  package let escapes: Bool
  /// At most this many state paths per `oneline` line.
  package var maxStatePaths = 10
  /// Start `oneline` lines (and `numbersLines` raw lines) with the record's file name
  /// (`app.log:3: …`, `app.log-2- …` for context), as `grep -H` does.
  package var withFileName = false
  /// Start each raw line with its line number in its file (grep -n): `12:` in a selected
  /// record, `12-` in a context record.
  package var numbersLines = false
  /// Pretty header lines are cut to this many columns (the terminal's width; nil into a
  /// pipe: whole, for pasting).
  package var prettyWidth: Int?
  private let renderer = PrettyRecordRenderer()
  /// Whether the last byte written ended a line (a separator must start on its own line).
  private var atLineStart = true

  // grep's default colours: matches bold red, line numbers green, separators cyan, file
  // names magenta.
  static let matchOn = Array(ANSI.boldRed.utf8)
  static let colorOff = Array(ANSI.reset.utf8)
  static let indexOn = Array(ANSI.green.utf8)
  static let separatorOn = Array(ANSI.cyan.utf8)
  static let fileNameOn = Array(ANSI.magenta.utf8)

  /// A printer of `format` into `out`; `query` supplies the highlighted matches, `color`
  /// and `escapes` apply to raw and oneline output only (colour implies escaping; oneline
  /// escapes always).
  package init(format: Format, out: OutputBuffer, query: RecordQuery? = nil, color: Bool = false, escapes: Bool = false)
  {
    self.format = format
    self.out = out
    self.query = query
    self.color = color && (format == .raw || format == .oneline || format == .pretty)
    // Colour codes inside unescaped log text would be ambiguous; colour implies escaping.
    // oneline is derived text (a line per record, as trace and report write theirs): escaped
    // always, so that a state key's OSC 52 or U+2028 never reaches a pipe raw; raw output
    // is the input's bytes, escaped only on a terminal.
    self.escapes = format == .oneline || ((escapes || self.color) && format == .raw)
  }

  /// Prints one record; `isContext` marks a context record (`-A/-B/-C`).
  package func print(_ record: Record, isContext: Bool) throws {
    switch format {
    case .count:
      return
    case .ndjson:
      try out.append { bytes in
        JSONWriter.append(to: &bytes) { json in
          json.beginObject()
          RecordJSON.appendMembers(record, to: &json)
          // Context records (-A/-B/-C) say so; selected ones are as `records` prints them.
          if isContext { json.member("context", true) }
          json.endObject()
        }
        bytes.append(0x0A)
      }
    case .raw:
      try printRaw(record, isContext: isContext)
    case .oneline:
      try out.append { bytes in appendOneline(record, isContext: isContext, to: &bytes) }
      atLineStart = true
    case .pretty:
      let lines = renderer.lines(record)
      try out.append { bytes in
        for (n, line) in lines.enumerated() {
          // The header is cut to the width; diff lines wrap as the terminal or pager wraps them.
          bytes.append(contentsOf: line.rendered(color: color, width: n == 0 ? prettyWidth : nil).utf8)
          bytes.append(0x0A)
        }
      }
      atLineStart = true
    }
    try out.endRecord()
  }

  /// The `--` line between groups of records that are not adjacent.
  package func printSeparator() throws {
    guard format == .raw || format == .oneline || format == .pretty else { return }
    try out.append { bytes in
      if !atLineStart { bytes.append(0x0A) }
      if color { bytes.append(contentsOf: Self.separatorOn) }
      bytes.append(contentsOf: "--".utf8)
      if color { bytes.append(contentsOf: Self.colorOff) }
      bytes.append(0x0A)
    }
    atLineStart = true
  }

  /// Ends the output (`count` prints its number here).
  package func finish(selected: Int) throws {
    if format == .count {
      try out.append { bytes in
        MachineNumbers.append(selected, to: &bytes)
        bytes.append(0x0A)
      }
    }
    try out.flush()
  }

  private func printRaw(_ record: Record, isContext: Bool) throws {
    guard record.rawRange.count > 0 else { return }
    try record.withBytes(record.rawRange) { raw in
      atLineStart = raw[raw.count - 1] == 0x0A
      if numbersLines {
        let highlights = color && !isContext ? (query?.highlights(inRaw: raw) ?? []) : []
        try out.append { bytes in appendNumbered(record, raw, highlights: highlights, isContext: isContext, to: &bytes)
        }
        return
      }
      if !escapes {
        try out.write(raw)  // byte for byte: the round trip depends on it
        return
      }
      let highlights = color ? (query?.highlights(inRaw: raw) ?? []) : []
      try out.append { bytes in appendText(raw, highlights: highlights, keepLayout: true, to: &bytes) }
    }
  }

  /// How grep names standard input.
  package static func displayName(_ file: String) -> String { file == "-" ? "(standard input)" : file }

  /// `FILE:LINE:` (`FILE-LINE-` for context), the file name left out unless `withFileName`.
  private func appendPosition(file: String, line: Int, isContext: Bool, to bytes: inout [UInt8]) {
    let mark = UInt8(ascii: isContext ? "-" : ":")
    if withFileName {
      if color { bytes.append(contentsOf: Self.fileNameOn) }
      var name = Self.displayName(file)
      name.withUTF8 { appendText($0, highlights: [], keepLayout: false, to: &bytes) }
      if color {
        bytes.append(contentsOf: Self.colorOff)
        bytes.append(contentsOf: Self.separatorOn)
      }
      bytes.append(mark)
      if color { bytes.append(contentsOf: Self.colorOff) }
    }
    if color { bytes.append(contentsOf: Self.indexOn) }
    MachineNumbers.append(line, to: &bytes)
    if color {
      bytes.append(contentsOf: Self.colorOff)
      bytes.append(contentsOf: Self.separatorOn)
    }
    bytes.append(mark)
    if color { bytes.append(contentsOf: Self.colorOff) }
  }

  /// The record's raw lines, each after its `FILE:LINE:` (grep -n).
  private func appendNumbered(
    _ record: Record, _ raw: UnsafeBufferPointer<UInt8>, highlights: [Range<Int>], isContext: Bool,
    to bytes: inout [UInt8]
  ) {
    var start = 0
    var line = record.line
    while start < raw.count {
      var end = start
      while end < raw.count && raw[end] != 0x0A { end += 1 }
      if end < raw.count { end += 1 }
      appendPosition(file: record.file, line: line, isContext: isContext, to: &bytes)
      let lineHighlights = highlights.compactMap { range -> Range<Int>? in
        let clamped = range.clamped(to: start..<end)
        return clamped.isEmpty ? nil : (clamped.lowerBound - start)..<(clamped.upperBound - start)
      }
      let text = UnsafeBufferPointer(rebasing: raw[start..<end])
      if !escapes {
        bytes.append(contentsOf: text)
      } else {
        appendText(text, highlights: lineHighlights, keepLayout: true, to: &bytes)
      }
      start = end
      line += 1
    }
  }

  private func appendOneline(_ record: Record, isContext: Bool, to bytes: inout [UInt8]) {
    appendPosition(file: record.file, line: record.line, isContext: isContext, to: &bytes)
    bytes.append(contentsOf: " #".utf8)
    MachineNumbers.append(record.index, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    record.storage.withUnsafeBufferPointer { storage in
      func slice(_ r: TextRange) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: storage[r.start..<r.end])
      }
      if let time = record.timestampRange, time.count > 0 {
        appendText(slice(time), highlights: [], keepLayout: false, to: &bytes)
        bytes.append(UInt8(ascii: " "))
      }
      let action = slice(record.actionPathRange)
      if action.isEmpty {
        bytes.append(contentsOf: "(no action path)".utf8)
      } else {
        let highlights = color && !isContext ? (query?.highlights(inActionPath: action) ?? []) : []
        appendText(action, highlights: highlights, keepLayout: false, to: &bytes)
      }
      if record.hasStatePart {
        bytes.append(contentsOf: "  ".utf8)
        if !record.stateChanged {
          bytes.append(contentsOf: "(no state changes)".utf8)
        } else if record.changes.isEmpty {
          bytes.append(contentsOf: "(changed)".utf8)
        } else {
          for (n, change) in record.changes.prefix(maxStatePaths).enumerated() {
            if n > 0 { bytes.append(contentsOf: ", ".utf8) }
            let path = slice(change.path)
            if path.isEmpty {
              bytes.append(contentsOf: "(root)".utf8)
              continue
            }
            let highlights = color && !isContext ? (query?.highlights(inStatePath: path) ?? []) : []
            appendText(path, highlights: highlights, keepLayout: false, to: &bytes)
          }
          if record.changes.count > maxStatePaths {
            bytes.append(contentsOf: ", … (+\(record.changes.count - maxStatePaths))".utf8)
          }
        }
      }
    }
    if !record.isComplete { bytes.append(contentsOf: "  (incomplete)".utf8) }
    bytes.append(0x0A)
  }

  /// Text with optional highlights, escaped when writing to a terminal.
  private func appendText(
    _ text: UnsafeBufferPointer<UInt8>, highlights: [Range<Int>], keepLayout: Bool, to bytes: inout [UInt8]
  ) {
    func plain(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      let part = UnsafeBufferPointer(rebasing: text[range])
      if escapes && !TerminalSafe.isSafe(part, keepLayout: keepLayout) {
        TerminalSafe.append(part, keepLayout: keepLayout, to: &bytes)
      } else {
        bytes.append(contentsOf: part)
      }
    }
    var position = 0
    for range in highlights {
      plain(position..<range.lowerBound)
      bytes.append(contentsOf: Self.matchOn)
      plain(range)
      bytes.append(contentsOf: Self.colorOff)
      position = range.upperBound
    }
    plain(position..<text.count)
  }
}
