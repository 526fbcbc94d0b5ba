/// Counts of one run over all its inputs: what `records --stats` prints and what the report
/// uses for shares of the log. Records plus other lines account for every input line.
public struct ScanStatistics: Sendable, Equatable {
  /// Records found, complete or not.
  public var records = 0
  /// Records that ended before the input did (the ones reports count).
  public var completeRecords = 0
  /// Records cut off by the end of the input or the size cap.
  public var incompleteRecords = 0
  /// Complete records whose state part says nothing changed.
  public var noOpRecords = 0
  /// Lines that belong to no record.
  public var otherLines = 0
  /// Every input line and byte.
  public var lines = 0
  /// Every input byte.
  public var bytes = 0
  /// Lines and bytes inside records (`sum(record.lines)`, `sum(record.bytes)`).
  public var recordLines = 0
  /// Bytes inside records (`sum(record.bytes)`).
  public var recordBytes = 0
  /// Records per format (formats with none left out).
  public var byFormat: [RecordFormat: Int] {
    var counts: [RecordFormat: Int] = [:]
    for format in RecordFormat.allCases where formatCounts[format] > 0 { counts[format] = formatCounts[format] }
    return counts
  }
  /// Records per format: counted per record, where a dictionary update (hashing the key)
  /// cost a fifth of the scanner's per-record work.
  private var formatCounts = FormatCounts()
  /// State diffs printed without a header (FORMATS.md 9.10): no record, a warning.
  public var headerlessFragments = 0
  /// Records whose bytes are not valid UTF-8.
  public var invalidUTF8Records = 0
  /// Records larger than the size cap, kept incomplete.
  public var oversizedRecords = 0
  /// Records whose prefix has a timestamp that is no time (`2026-02-30`, `23:59:60`, an
  /// offset `+99:99`), read as records without one. Counted for the records built: a
  /// record an `ActionGate` declines is not read that far.
  public var impossibleTimestampRecords = 0
  /// What the app's printer said it cost, from its `tcalog printer:` lines (among the other
  /// lines).
  package var printerCost = PrinterCost()

  /// All counts zero.
  package init() {}

  package mutating func count(_ record: some RecordFields) {
    count(
      isComplete: record.isComplete, isNoOp: record.isNoOp, lines: record.lines, bytes: record.bytes,
      format: record.format, hasInvalidUTF8: record.hasInvalidUTF8)
  }

  /// Counts a record by its facts (a record an `ActionGate` declined is never built).
  package mutating func count(
    isComplete: Bool, isNoOp: Bool, lines: Int, bytes: Int, format: RecordFormat, hasInvalidUTF8: Bool
  ) {
    records += 1
    if isComplete { completeRecords += 1 } else { incompleteRecords += 1 }
    if isComplete && isNoOp { noOpRecords += 1 }
    recordLines += lines
    recordBytes += bytes
    formatCounts[format] += 1
    if hasInvalidUTF8 { invalidUTF8Records += 1 }
  }

  /// Adds another part's counts (a later chunk or input).
  package mutating func merge(_ other: ScanStatistics) {
    records += other.records
    completeRecords += other.completeRecords
    incompleteRecords += other.incompleteRecords
    noOpRecords += other.noOpRecords
    otherLines += other.otherLines
    lines += other.lines
    bytes += other.bytes
    recordLines += other.recordLines
    recordBytes += other.recordBytes
    for format in RecordFormat.allCases { formatCounts[format] += other.formatCounts[format] }
    headerlessFragments += other.headerlessFragments
    invalidUTF8Records += other.invalidUTF8Records
    oversizedRecords += other.oversizedRecords
    impossibleTimestampRecords += other.impossibleTimestampRecords
    if !other.printerCost.isEmpty { printerCost.merge(other.printerCost) }
  }
}

/// Something a scan noticed that the user should hear about, at one line of one input.
public struct ScanWarning: Sendable, Equatable {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// A state diff with no header above it (FORMATS.md 9.10): no record.
    case headerlessDiff
    /// A record larger than the size cap (bytes), kept incomplete.
    case oversizedRecord(sizeCap: Int)
    /// A record whose bytes are not valid UTF-8 (its texts decode with U+FFFD).
    case invalidUTF8
  }

  /// The input as named on the command line (`-` for standard input).
  public var file: String
  /// 1-based line number in that input.
  public var line: Int
  /// What happened there.
  public var kind: Kind

  /// A warning at `line` of `file`.
  package init(file: String, line: Int, kind: Kind) {
    self.file = file
    self.line = line
    self.kind = kind
  }

  /// What happened, in words (without the place).
  public var message: String {
    switch kind {
    case .headerlessDiff: "state diff without a header (no record)"
    case .oversizedRecord(let cap): "record larger than \(cap >> 20) MiB: kept incomplete"
    case .invalidUTF8: "invalid UTF-8 in record (decoded with U+FFFD)"
    }
  }
}

/// One counter per `RecordFormat`, without a dictionary's hashing or an array's allocation.
private struct FormatCounts: Sendable, Equatable {
  private var diffing = 0, tca1 = 0, tca0 = 0, labels = 0

  subscript(format: RecordFormat) -> Int {
    get {
      switch format {
      case .diffing: diffing
      case .tca1: tca1
      case .tca0: tca0
      case .labels: labels
      }
    }
    set {
      switch format {
      case .diffing: diffing = newValue
      case .tca1: tca1 = newValue
      case .tca0: tca0 = newValue
      case .labels: labels = newValue
      }
    }
  }
}
