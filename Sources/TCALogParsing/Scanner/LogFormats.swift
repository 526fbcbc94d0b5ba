// The log formats' table: what differs between the header formats, one description each.
// The full way and the fast paths ask a record's description (`HeaderFormat.described`),
// never the format by name, so that a new format is one description here, one way to
// recognize its header (`LineKinds.header`), one state parser, samples and docs (see
// docs/ARCHITECTURE.md, "Adding a log format").

/// A record's header format (docs/FORMATS.md 1.2), as its header line says it: what the scanner
/// knows of the record before reading on. The record's final `RecordFormat` may say more
/// (a `tca` header's record is `tca0`, `tca1` or `diffing` by what follows).
enum HeaderFormat {
  /// `🎬 Received action:`, `debugDiffing`'s header (docs/FORMATS.md 2.1).
  case diffing
  /// `[PREFIX: ]received action:`, TCA's `_printChanges()` and `debug()` (docs/FORMATS.md 2.2, 2.4).
  case tca
  /// `[PREFIX: ]received action: TEXT`, a one-line record (docs/FORMATS.md 2.3).
  case labels

  /// This format's row of the table. Inlined, each question folds to a comparison of the
  /// format with constants: asking the table costs what `format == .tca` cost.
  @inline(__always)
  var described: FormatDescription {
    switch self {
    case .diffing:
      FormatDescription(
        exactHeaderLine: "🎬 Received action:", exactHeaderLength: 21, actionEnd: .atStateHeader,
        statePart: .differenceTree, recordFormat: .diffing, hasFastPaths: true)
    case .tca:
      FormatDescription(
        exactHeaderLine: "received action:", exactHeaderLength: 16, actionEnd: .byBrackets,
        statePart: .customDumpOrTree, recordFormat: nil, hasFastPaths: true)
    case .labels:
      FormatDescription(
        exactHeaderLine: nil, exactHeaderLength: 0, actionEnd: .onHeaderLine, statePart: .none,
        recordFormat: .labels, hasFastPaths: false)
    }
  }
}

/// What the scanner needs to know of a header format: one row of the formats' table.
struct FormatDescription {
  /// Where a record's action ends (docs/FORMATS.md 1.3).
  enum ActionEnd {
    /// At the state header (`🖨️ State:`) or the no-change line: the action's lines are
    /// not counted.
    case atStateHeader
    /// Where its brackets balance (a blank line or a state part also ends it).
    case byBrackets
    /// On the header line itself: the record is that one line.
    case onHeaderLine
  }

  /// Which state part follows the action, and so which parser reads it.
  enum StatePart {
    /// A Difference tree (`DifferenceTreeParser`).
    case differenceTree
    /// A Custom Dump diff (`CustomDumpDiffParser`), or a Difference tree after the action
    /// (the diffing variant of `tca`); none after `.debugActions()`.
    case customDumpOrTree
    /// None.
    case none
  }

  /// The header line exactly as its printer writes it, with no prefix: the header's short
  /// way takes a line of these bytes (`ScanState.exactHeader`); nil: every header goes the
  /// full way.
  let exactHeaderLine: StaticString?
  /// Its length in bytes, a literal: a `StaticString`'s count is not folded
  /// (`ByteScanTests` checks the two agree).
  let exactHeaderLength: Int
  let actionEnd: ActionEnd
  let statePart: StatePart
  /// The record's format when the header decides it; nil when clues in the record do
  /// (`tca0`, `tca1` or the diffing variant: `ScanState.format`).
  let recordFormat: RecordFormat?
  /// Whether the fast paths know this format (FastPaths.swift): without, each declines
  /// the record's lines and the full way reads them.
  let hasFastPaths: Bool
}

extension Header {
  /// The header's format: which row of the table its record reads by.
  @inline(__always)
  var format: HeaderFormat {
    switch self {
    case .diffing: .diffing
    case .tca: .tca
    case .labels: .labels
    }
  }
}
