import TCALogQuery

/// What `filter` prints per input instead of records: the names of the files with a
/// selected record (`-l`), without one (`-L`), or each file's count (`-c` with several
/// files or `-H`), as grep prints them.
package struct FileCountPrinter {
  /// Which lines.
  package enum Mode: Sendable {
    /// `-l`: the files with a selected record.
    case filesWithMatches
    /// `-L`: the files read without one (an unreadable file is not named).
    case filesWithoutMatch
    /// `-c`: each file's count (none for a file that could not be read and gave none).
    case counts
  }

  /// Which lines.
  package var mode: Mode
  /// `-Z`: names end with a NUL byte instead of a newline (or `:` before a count).
  package var endsNamesWithNUL = false
  /// Counts are preceded by the file's name.
  package var namesFiles = false

  package init(mode: Mode, endsNamesWithNUL: Bool = false, namesFiles: Bool = false) {
    self.mode = mode
    self.endsNamesWithNUL = endsNamesWithNUL
    self.namesFiles = namesFiles
  }

  /// The lines for `counts`, in input order; `unreadable` are the inputs that failed.
  package func bytes(_ counts: [InputCount], unreadable: Set<String>) -> [UInt8] {
    var bytes: [UInt8] = []
    for entry in counts {
      let name = FilterPrinter.displayName(entry.input)
      switch mode {
      case .filesWithMatches, .filesWithoutMatch:
        let named =
          mode == .filesWithMatches ? entry.selected > 0 : entry.selected == 0 && !unreadable.contains(entry.input)
        guard named else { continue }
        bytes.append(contentsOf: name.utf8)
        bytes.append(endsNamesWithNUL ? 0 : 0x0A)
      case .counts:
        guard !unreadable.contains(entry.input) || entry.selected > 0 else { continue }
        if namesFiles {
          bytes.append(contentsOf: name.utf8)
          bytes.append(endsNamesWithNUL ? 0 : UInt8(ascii: ":"))
        }
        bytes.append(contentsOf: String(entry.selected).utf8)
        bytes.append(0x0A)
      }
    }
    return bytes
  }

  /// Writes the lines to `out` and flushes it.
  package func print(_ counts: [InputCount], unreadable: Set<String>, to out: OutputBuffer) throws {
    let lines = bytes(counts, unreadable: unreadable)
    try out.append { $0.append(contentsOf: lines) }
    try out.flush()
  }
}
