/// What a read over all inputs found besides the records.
public struct ReadResult: Sendable {
  public var statistics = ScanStatistics()
  /// Inputs that could not be read (or not completely): reported, the others still read.
  public var errors: [InputError] = []
  public var warnings: [String] = []
  /// Records left out by the time window because they carry no timestamp.
  public var untimedRecords = 0
  public init() {}
}

/// Reads the inputs named on the command line in order and hands every record to a
/// closure: the one entry point from files to records that every command uses.
public struct LogReader: Sendable {
  public var files: [String]
  public var sizeCap: Int
  /// Only records in this window reach the caller (`--since` / `--until`).
  public var window: TimeWindow
  /// Keep reading files as they grow (`--follow`); the read then ends only with the process.
  public var follow = false

  /// `files` empty means standard input.
  public init(files: [String], sizeCap: Int = 64 << 20, window: TimeWindow = TimeWindow()) {
    self.files = files.isEmpty ? ["-"] : files
    self.sizeCap = sizeCap
    self.window = window
  }

  /// Calls `body` for each record in input order; errors thrown by `body` stop the read.
  public func read(_ body: (Record) throws -> Void) throws -> ReadResult {
    var result = ReadResult()
    if !window.isUnbounded {
      let window = self.window
      var untimed = 0
      var inner = LogReader(files: files, sizeCap: sizeCap)
      inner.follow = follow
      result = try inner.read { record in
        switch window.contains(record) {
        case true?: try body(record)
        case false?: break
        case nil: untimed += 1
        }
      }
      result.untimedRecords = untimed
      return result
    }
    var nextIndex = 0
    for file in files {
      let scanner = RecordScanner(file: file, firstIndex: nextIndex, sizeCap: sizeCap)
      do {
        let source = try InputOpener.open(file, follow: follow)
        let reader = LineReader(source: source)
        try reader.forEachLine { line in try scanner.feed(line, emit: body) }
      } catch let error as InputError {
        result.errors.append(error)
      }
      try scanner.finish(emit: body)
      if scanner.statistics.lines == 0 && file != "-" && !result.errors.contains(where: { $0.file == file }) {
        result.errors.append(InputError(file: file, reason: "empty file"))
      }
      nextIndex = scanner.nextIndex
      result.statistics.merge(scanner.statistics)
      result.warnings.append(contentsOf: scanner.warnings)
    }
    return result
  }
}
