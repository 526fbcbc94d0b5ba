import TCALogInput

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
    for format in RecordFormat.allCases where formatCounts[format.index] > 0 {
      counts[format] = formatCounts[format.index]
    }
    return counts
  }
  /// Records per format, by `RecordFormat.index`: counted per record, where a dictionary
  /// update (hashing the key) cost a fifth of the scanner's per-record work.
  private var formatCounts = FormatCounts()
  /// State diffs printed without a header (FORMATS.md 9.10): no record, a warning.
  public var headerlessFragments = 0
  /// Records whose bytes are not valid UTF-8.
  public var invalidUTF8Records = 0
  /// Records larger than the size cap, kept incomplete.
  public var oversizedRecords = 0

  /// All counts zero.
  public init() {}

  public static func == (a: ScanStatistics, b: ScanStatistics) -> Bool {
    a.records == b.records && a.completeRecords == b.completeRecords && a.incompleteRecords == b.incompleteRecords
      && a.noOpRecords == b.noOpRecords && a.otherLines == b.otherLines && a.lines == b.lines && a.bytes == b.bytes
      && a.recordLines == b.recordLines && a.recordBytes == b.recordBytes && a.formatCounts == b.formatCounts
      && a.headerlessFragments == b.headerlessFragments && a.invalidUTF8Records == b.invalidUTF8Records
      && a.oversizedRecords == b.oversizedRecords
  }

  package mutating func count(_ record: some RecordFields) {
    records += 1
    if record.isComplete { completeRecords += 1 } else { incompleteRecords += 1 }
    if record.isComplete && record.isNoOp { noOpRecords += 1 }
    recordLines += record.lines
    recordBytes += record.bytes
    formatCounts.add(1, at: record.format.index)
    if record.hasInvalidUTF8 { invalidUTF8Records += 1 }
  }

  /// Adds another part's counts (a later chunk or input).
  public mutating func merge(_ other: ScanStatistics) {
    records += other.records
    completeRecords += other.completeRecords
    incompleteRecords += other.incompleteRecords
    noOpRecords += other.noOpRecords
    otherLines += other.otherLines
    lines += other.lines
    bytes += other.bytes
    recordLines += other.recordLines
    recordBytes += other.recordBytes
    for format in RecordFormat.allCases { formatCounts.add(other.formatCounts[format.index], at: format.index) }
    headerlessFragments += other.headerlessFragments
    invalidUTF8Records += other.invalidUTF8Records
    oversizedRecords += other.oversizedRecords
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
  public init(file: String, line: Int, kind: Kind) {
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

extension RecordFormat {
  /// The format's place in `ScanStatistics`' counts.
  var index: Int {
    switch self {
    case .diffing: 0
    case .tca1: 1
    case .tca0: 2
    case .labels: 3
    }
  }
}

/// One counter per `RecordFormat`, without an array's allocation.
private struct FormatCounts: Sendable, Equatable {
  private var diffing = 0, tca1 = 0, tca0 = 0, labels = 0

  subscript(index: Int) -> Int {
    switch index {
    case 0: diffing
    case 1: tca1
    case 2: tca0
    default: labels
    }
  }

  mutating func add(_ n: Int, at index: Int) {
    switch index {
    case 0: diffing += n
    case 1: tca1 += n
    case 2: tca0 += n
    default: labels += n
    }
  }
}
