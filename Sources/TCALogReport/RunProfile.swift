@_spi(Scanner) import TCALogParsing
import TCALogPipeline
import TCALogSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one run (a log, or a saved report) says about each action path and normalized
/// state path: how many records and lines, and when they came. The numbers `compare` and
/// `check` work from.
package struct RunProfile: Sendable {
  /// Counts of one action path or normalized state path.
  package struct Tally: Sendable, Equatable {
    /// Records of the action (for a state path: its changes, as the report counts them).
    package var records = 0
    /// Lines of those records.
    package var lines = 0
    /// Those of them that changed nothing.
    package var noOps = 0
    /// Records per second of the log's clock (`floor` of the timestamp), only for records
    /// with a timestamp. Empty for a saved report.
    package var perSecond: [Int: Int] = [:]
    /// Records per block of `RunProfile.recordsPerBlock` records in log order (block 0:
    /// the run's first records): a timeline for logs without timestamps. Empty for a saved
    /// report and for state paths.
    package var perBlock: [Int: Int] = [:]

    /// No records yet.
    package init() {}

    mutating func add(second: Int?, lines: Int, noOp: Bool) {
      records += 1
      self.lines += lines
      if noOp { noOps += 1 }
      if let second { perSecond[second, default: 0] += 1 }
    }

    mutating func absorb(_ other: Tally) {
      records += other.records
      lines += other.lines
      noOps += other.noOps
      for (second, n) in other.perSecond { perSecond[second, default: 0] += n }
      for (block, n) in other.perBlock { perBlock[block, default: 0] += n }
    }

    /// The most records in one clock second, and that second (nil without timestamps).
    package var peakSecond: (second: Int, records: Int)? {
      perSecond.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }.map { ($0.key, $0.value) }
    }

    /// The most records in any `seconds` consecutive seconds (a window sliding by the second).
    package func peak(over seconds: Int) -> Int { peakWindow(over: seconds)?.records ?? 0 }

    /// The window of `seconds` consecutive seconds with the most records: its first second
    /// (the first record's in it, the earliest such window) and its records; nil without
    /// timestamps.
    package func peakWindow(over seconds: Int) -> (second: Int, records: Int)? {
      guard seconds > 1 else { return peakSecond }
      let ordered = perSecond.sorted { $0.key < $1.key }
      var best: (second: Int, records: Int)?
      var sum = 0
      var start = 0
      for (second, n) in ordered {
        sum += n
        while ordered[start].key <= second - seconds {
          sum -= ordered[start].value
          start += 1
        }
        if sum > best?.records ?? 0 { best = (ordered[start].key, sum) }
      }
      return best
    }

    /// The longest run of consecutive seconds with at least `records` records each: its
    /// first second and length (nil when no second reaches it).
    package func longestRun(atLeast records: Int) -> (start: Int, seconds: Int)? {
      var best: (Int, Int)?
      var current: (Int, Int)?
      for second in perSecond.keys.sorted() where perSecond[second]! >= records {
        if let c = current, c.0 + c.1 == second { current = (c.0, c.1 + 1) } else { current = (second, 1) }
        if best == nil || current!.1 > best!.1 { best = current }
      }
      return best
    }
  }

  /// Where the numbers come from (a file name, or `-`).
  package var source: String
  /// Complete and incomplete records.
  package var records = 0
  /// Every input line, records' and others'.
  package var lines = 0
  /// Records that said `No state changes`.
  package var noOps = 0
  /// Records with a timestamp.
  package var timedRecords = 0
  /// Seconds from the first timestamp to the last (nil: no timestamps).
  package var spanSeconds: Double?
  /// The UTC offset of the first timestamp, in seconds east (nil: none written, local
  /// time), so that times show as the log wrote them.
  package var timeOffset: Int?
  /// Per action path.
  package var actions: [String: Tally] = [:]
  /// Per normalized state path: its changes (`records` of the tally; `lines` is 0).
  package var states: [String: Tally] = [:]
  /// Read from a saved report: counts only, no per-second series.
  package var isSavedReport = false
  /// Action paths are grouped to their first `groupDepth` segments (a report saved with
  /// `--depth N`); nil: every path as it is.
  package var groupDepth: Int?
  /// Rows a saved report left out (`--top`, `--min-share`): actions and state paths it
  /// had but does not list.
  package var omittedRows = 0
  /// A saved report that left rows out: the group paths whose records its listed children
  /// do not account for (what it hid lies under them), and `""` when its top-level rows
  /// fall short of its records. A path of the other run that the report does not list is
  /// counted under the nearest of these (`RunComparison`), not as new or gone.
  package var hiddenRowsUnder: Set<String> = []
  /// A saved report's listed action paths, groups included.
  package var listedActionPaths: Set<String> = []
  /// The path that stands for the records of top-level rows a saved report hid.
  package static let hiddenTopLevelPath = "(rows the saved report hid)"

  /// Records per block of `Tally.perBlock`: 1 for a short log, doubled whenever the run
  /// would need more than `maxBlocks` blocks (a 5-record log keeps its order, a 200 MB one
  /// at most `maxBlocks` counters per action).
  package private(set) var recordsPerBlock = 1
  /// Most blocks of `Tally.perBlock`.
  package static let maxBlocks = 1024

  /// Doubles `recordsPerBlock` until `records` records fit in `maxBlocks` blocks, merging
  /// each action's pairs of blocks (block `b` of the finer blocks is in `b / 2`).
  mutating func fitBlocks(_ records: Int) {
    while records > recordsPerBlock * Self.maxBlocks {
      recordsPerBlock *= 2
      actions = actions.mapValues { tally in
        var tally = tally
        tally.perBlock = Dictionary(tally.perBlock.map { ($0.key / 2, $0.value) }, uniquingKeysWith: +)
        return tally
      }
    }
  }

  /// An empty profile of `source`.
  package init(source: String) { self.source = source }

  /// Minutes the run covers when it has timestamps spanning at least a second.
  package var minutes: Double? { spanSeconds.flatMap { $0 >= 1 ? $0 / 60 : nil } }
}

/// The sink that makes a `RunProfile` of a log: per action and normalized state path,
/// records, lines, no-ops and records per second.
package struct RunProfiler: ChunkedRecordSink {
  /// The profile so far (complete once the stream ends).
  package private(set) var profile: RunProfile
  private var firstTime: Double?
  private var lastTime: Double?
  /// With `perInput`: a profiler of each input begun, the last the one being read. A
  /// stream hands over a chunk's part only within its input, so each part is one input's.
  private var inputProfilers: [RunProfiler]?
  /// Read record by record (`record(_:)`): the records not yet absorbed, counted as a
  /// chunk's part counts them, and the path of each action index of its counter (which
  /// lives on from batch to batch). Absorbed a batch at a time: a part made and absorbed
  /// per record cost `check -j 1` 9 % more instructions than main before the one counter.
  private var pending = Part()
  private var pendingNames: [String] = []
  private static let pendingBatch = 4096

  /// A profiler for the log named `source`; with `perInput`, also of each input alone
  /// (`inputProfiles`), for `check` on several files.
  package init(source: String, perInput: Bool = false) {
    profile = RunProfile(source: source)
    if perInput { inputProfilers = [] }
  }

  /// With `perInput`: each input's own profile, in the order read (`source`: its name);
  /// complete once the stream ends. Empty without `perInput`.
  package var inputProfiles: [RunProfile] { inputProfilers?.map(\.profile) ?? [] }

  /// Starts the input's own profile (with `perInput`).
  package mutating func begin(input: String) -> StreamControl {
    absorbPending()
    inputProfilers?.append(RunProfiler(source: input))
    return .more
  }

  /// The action path, and which state paths changed.
  package var needs: RecordNeeds { [.action, .statePaths] }

  /// Counts the record.
  package mutating func record(_ record: Record) -> StreamControl {
    pending.add(record.content)
    if pending.records >= Self.pendingBatch { absorbPending() }
    return .more
  }

  /// Absorbs the records read one by one so far (before another input begins, a part
  /// arrives, or the stream ends), keeping the counter for the next batch.
  private mutating func absorbPending() {
    guard pending.records > 0 else { return }
    for index in pendingNames.count..<pending.counter.actionCount { pendingNames.append(pending.counter.path(index)) }
    absorb(pending, names: pendingNames)
    pending.removeCounts()
  }

  /// An empty part.
  package func makePart() -> Part { Part() }

  /// Adds a chunk's counts.
  package mutating func merge(_ part: Part) -> StreamControl {
    absorbPending()
    absorb(part, names: (0..<part.counter.actionCount).map(part.counter.path))
    return .more
  }

  /// Keeps the totals of the whole read (its lines include lines outside records).
  package mutating func end(_ result: ReadResult) {
    absorbPending()
    finish(lines: result.reportedStatistics.lines)
    for (i, statistics) in result.inputStatistics.enumerated() where i < inputProfilers?.count ?? 0 {
      inputProfilers?[i].finish(lines: statistics.lines)
    }
  }

  private mutating func finish(lines: Int) {
    profile.lines = lines
    if let firstTime, let lastTime { profile.spanSeconds = lastTime - firstTime }
  }

  /// Adds a part's counts; `names` are the action paths of its counter's indexes (two
  /// roots' actions of one path count as one path).
  private mutating func absorb(_ part: Part, names: [String]) {
    if let last = inputProfilers?.indices.last { inputProfilers?[last].absorb(part, names: names) }
    // Blocks count records across the run: the part's records follow those merged so far.
    profile.fitBlocks(profile.records + part.sequence.count)
    for (i, action) in part.sequence.enumerated() {
      profile.actions[names[Int(action)], default: RunProfile.Tally()].perBlock[
        (profile.records + i) / profile.recordsPerBlock, default: 0] += 1
    }
    profile.records += part.records
    profile.noOps += part.noOps
    profile.timedRecords += part.timedRecords
    for (index, tally) in part.actions { profile.actions[names[index], default: RunProfile.Tally()].absorb(tally) }
    for (id, tally) in part.states {
      profile.states[part.counter.statePath(id), default: RunProfile.Tally()].absorb(tally)
    }
    // Parts arrive in log order: the first one with a timestamp has the log's offset.
    if profile.timedRecords == part.timedRecords { profile.timeOffset = part.timeOffset }
    if let t = part.firstTime { firstTime = min(firstTime ?? t, t) }
    if let t = part.lastTime { lastTime = max(lastTime ?? t, t) }
  }

  /// One chunk's counts.
  package struct Part: RecordPart {
    var records = 0
    var noOps = 0
    var timedRecords = 0
    var firstTime: Double?
    var lastTime: Double?
    /// The offset of the chunk's first timestamp.
    var timeOffset: Int?
    /// Which action and state path each record counts for, as the report's aggregator.
    var counter = RecordCounter()
    /// Per action index of `counter`, per state id: the counts.
    var actions: [Int: RunProfile.Tally] = [:]
    var states: [Int: RunProfile.Tally] = [:]
    /// Each record's action index in order (4 bytes a record, for the chunk only): where a
    /// record falls in the run is known only at the merge.
    var sequence: [Int32] = []

    /// Drops the counts, keeps the counter (its action and state indexes).
    mutating func removeCounts() {
      records = 0
      noOps = 0
      timedRecords = 0
      firstTime = nil
      lastTime = nil
      timeOffset = nil
      actions.removeAll(keepingCapacity: true)
      states.removeAll(keepingCapacity: true)
      sequence.removeAll(keepingCapacity: true)
    }

    /// Counts the record.
    package mutating func add(_ record: RecordContent) {
      records += 1
      let index = counter.action(of: record)
      sequence.append(Int32(index))
      let noOp = record.isComplete && record.isNoOp
      if noOp { noOps += 1 }
      var second: Int?
      if let written = record.writtenTime {
        let time = written.instant
        if timedRecords == 0 { timeOffset = written.offset }
        timedRecords += 1
        firstTime = min(firstTime ?? time, time)
        lastTime = max(lastTime ?? time, time)
        second = Int(time.rounded(.down))
      }
      actions[index, default: RunProfile.Tally()].add(second: second, lines: record.lines, noOp: noOp)
      // As the report counts them: every change (two windows' `x` in one record are two).
      for change in record.changes {
        states[counter.state(change, of: record), default: RunProfile.Tally()].add(
          second: second, lines: 0, noOp: false)
      }
    }
  }
}

/// A saved `report --format json` that cannot be read as one.
package struct SavedReportError: Error, CustomStringConvertible, Sendable {
  /// What is wrong, with the file's name.
  package var description: String
}

extension RunProfile {
  /// The profile a saved `tcalog report --format json` holds: counts per action path and
  /// per state path, the totals and the time span. A report without `--depth` is a tree:
  /// a group row sums its children and the records of its own path (an action `x` beside
  /// `x.y`), so a group keeps what its children leave. A report with `--depth N` lists
  /// paths grouped to N segments (`groupDepth`). Rows left out by `--top` or `--min-share`
  /// are counted in `omittedRows`.
  package init(savedReport data: Data, source: String) throws {
    let json = try SavedReport.decode(Self.droppingByteOrderMark(data), source: source)
    let records = json.records
    let actions = json.actions
    // What a report never holds: counts below zero, a span that is no time, a depth of 0.
    // A rate from such numbers ("-0.50 a minute") would be read as a finding.
    func invalid(_ what: String) -> SavedReportError {
      SavedReportError(description: "\(source): not a valid report of 'tcalog report --format json': \(what)")
    }
    let totals: [(SavedReport.Key, Int)] = [
      (.records, records), (.lines, json.lines), (.noOpRecords, json.noOpRecords),
      (.hiddenActions, json.hiddenActions), (.hiddenStatePaths, json.hiddenStatePaths),
    ]
    for (key, value) in totals where value < 0 { throw invalid("'\(key.rawValue)' is negative") }
    if let span = json.timeSpanSeconds, !(span.isFinite && span >= 0) { throw invalid("'timeSpanSeconds' is negative") }
    // Longer than the years 0000 to 9999 that a timestamp can write: `1e19` reached
    // `Int(seconds)` in the duration text and trapped (issue 54, row 9).
    if let span = json.timeSpanSeconds, span > Self.longestSpanSeconds {
      throw invalid("'timeSpanSeconds' is longer than any log's")
    }
    if let depth = json.depth, depth < 1 { throw invalid("'depth' is below 1") }
    if json.hiddenActions.addingReportingOverflow(json.hiddenStatePaths).overflow {
      throw invalid("'hiddenActions' and 'hiddenStatePaths' add up past any count")
    }
    // The rows are added up below (a group's children, rows grouped by depth): all of them
    // together must stay within a count, with room for a group's own part (the group
    // minus its children), or the sums trap.
    var rowSums = (records: 0, lines: 0, noOps: 0)
    for row in actions {
      let counts: [(SavedReport.ActionRow.Key, Int)] = [
        (.records, row.records), (.lines, row.lines), (.noOpRecords, row.noOpRecords),
      ]
      for (key, value) in counts where value < 0 {
        throw invalid("'\(key.rawValue)' of actions row '\(row.path)' is negative")
      }
      let sums = (
        rowSums.records.addingReportingOverflow(row.records), rowSums.lines.addingReportingOverflow(row.lines),
        rowSums.noOps.addingReportingOverflow(row.noOpRecords)
      )
      guard !sums.0.overflow, !sums.1.overflow, !sums.2.overflow,
        max(sums.0.partialValue, sums.1.partialValue, sums.2.partialValue) <= Int.max / 2
      else {
        throw invalid("the actions rows add up past any count")
      }
      rowSums = (sums.0.partialValue, sums.1.partialValue, sums.2.partialValue)
    }
    for row in json.statePaths where row.changes < 0 {
      throw invalid("'changes' of statePaths row '\(row.path)' is negative")
    }
    self.init(source: source)
    isSavedReport = true
    self.records = records
    lines = json.lines
    noOps = json.noOpRecords
    spanSeconds = json.timeSpanSeconds
    if spanSeconds != nil { timedRecords = records }
    groupDepth = json.depth
    omittedRows = json.hiddenActions + json.hiddenStatePaths
    func tally(_ row: SavedReport.ActionRow) -> Tally {
      var tally = Tally()
      tally.records = row.records
      tally.lines = row.lines
      tally.noOps = row.noOpRecords
      return tally
    }
    // In a tree, what each group's children hold: the rest is the group's own path.
    var children: [String: Tally] = [:]
    if groupDepth == nil {
      for row in actions {
        if let parent = row.parent { children[parent, default: Tally()].absorb(tally(row)) }
      }
    }
    for row in actions {
      var counts = tally(row)
      if row.group && groupDepth == nil {
        let inChildren = children[row.path] ?? Tally()
        counts.records -= inChildren.records
        counts.lines -= inChildren.lines
        counts.noOps -= inChildren.noOps
        guard counts.records > 0 else { continue }
        // With rows left out, what the children leave is (at least partly) theirs.
        if json.hiddenActions > 0 { hiddenRowsUnder.insert(row.path) }
      }
      self.actions[row.path, default: Tally()].absorb(counts)
    }
    listedActionPaths = Set(actions.map(\.path))
    if groupDepth == nil && json.hiddenActions > 0 {
      // Top-level rows the report hid: their records are the total's remainder.
      var hidden = Tally()
      hidden.records = records
      hidden.lines = json.lines
      hidden.noOps = json.noOpRecords
      for row in actions where row.parent == nil {
        hidden.records -= row.records
        hidden.lines -= row.lines
        hidden.noOps -= row.noOpRecords
      }
      if hidden.records > 0 {
        // The total's lines include lines of no record: the rows' share stays a bound.
        hidden.lines = max(0, hidden.lines)
        hidden.noOps = max(0, hidden.noOps)
        hiddenRowsUnder.insert("")
        self.actions[Self.hiddenTopLevelPath] = hidden
      }
    }
    for row in json.statePaths {
      var tally = Tally()
      tally.records = row.changes
      states[row.path] = tally
    }
  }

  /// Where this saved report counts `path` of another run: the path itself when listed,
  /// else the nearest group that holds rows it hid, else the top-level remainder when it
  /// hid top-level rows, else the path (absent from the report).
  package func foldedPath(_ path: String) -> String {
    guard !hiddenRowsUnder.isEmpty, !listedActionPaths.contains(path) else { return path }
    var prefix = Substring(path)
    while let dot = prefix.lastIndex(of: ".") {
      prefix = prefix[..<dot]
      if hiddenRowsUnder.contains(String(prefix)) { return String(prefix) }
    }
    return hiddenRowsUnder.contains("") ? Self.hiddenTopLevelPath : path
  }

  /// The longest time a log's timestamps can span: from the year 0000 to 9999.
  package static let longestSpanSeconds = 10_000 * 366 * 86_400.0

  /// Whether `data` looks like a saved report rather than a log: JSON starting with `{`
  /// (after a byte order mark, which an editor may have added).
  package static func isSavedReport(_ data: Data) -> Bool {
    droppingByteOrderMark(data).first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
      == UInt8(ascii: "{")
  }

  /// `data` without a leading UTF-8 byte order mark.
  private static func droppingByteOrderMark(_ data: Data) -> Data {
    data.starts(with: utf8ByteOrderMark) ? data.dropFirst(utf8ByteOrderMark.count) : data
  }
}
