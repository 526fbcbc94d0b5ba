@_spi(Scanner) import TCALogParsing
import TCALogPipeline

/// One change of a traced state path: which record made it, by which action, and the
/// values on either side.
package struct TracedChange: Sendable, Equatable {
  /// The record's index in the run (0-based, across inputs).
  package var record: Int
  /// The input the record came from (`-` for standard input).
  package var file: String
  /// 1-based line of the record's header in `file`.
  package var line: Int
  /// The record's timestamp as normalized (`2026-11-20T10:05:00.003173+01:00`), if any.
  package var timestamp: String?
  /// The action path of the record that made the change.
  package var action: String
  /// The state path as printed, keys included (`windows[3F2A…].selectedTabID`).
  package var path: String
  /// The path with keys and indices as `[*]`.
  package var normalized: String
  /// A value that changed, a collection's count, or an element added or removed.
  package var kind: ChangeKind
  /// The value before (nil for an added element).
  package var old: String?
  /// The value after (nil for a removed element).
  package var new: String?
  /// What set off the record (`trace --chains`): its cause, that cause's cause, … back to
  /// an action nothing caused; empty when unknown or none.
  package var causes: [TracedCause] = []
}

/// One step of what set off a traced change: an action path and its record's number.
package struct TracedCause: Sendable, Equatable {
  /// The action path.
  package var action: String
  /// The record's number in the run.
  package var record: Int
  /// A step of `action` at `record`.
  package init(action: String, record: Int) {
    self.action = action
    self.record = record
  }
}

/// The patterns of `tcalog trace`: which state paths to follow, and which actions' changes
/// count. A matcher is not thread-safe: a trace is used on one thread (the stream's).
package final class TraceQuery {
  /// At least one must match the raw or the normalized state path.
  package var paths: [PatternMatcher]
  /// At least one must match the action path of the record (empty: every action).
  package var actions: [PatternMatcher]
  /// None may match the action path.
  package var excludes: [PatternMatcher]
  /// Matches that failed (match limit), each taken as not matching.
  package private(set) var matchErrors: [MatchError] = []

  /// A query following the state paths `paths` match, in the records of the actions
  /// `actions` match (all when empty) and `excludes` do not.
  package init(paths: [PatternMatcher], actions: [PatternMatcher] = [], excludes: [PatternMatcher] = []) {
    self.paths = paths
    self.actions = actions
    self.excludes = excludes
  }

  /// The changes of `record` this query follows, in the order the record lists them.
  package func changes(of record: Record) -> [TracedChange] {
    guard !record.changes.isEmpty else { return [] }
    return record.storage.withUnsafeBufferPointer { storage -> [TracedChange] in
      func slice(_ r: TextRange) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: storage[r.start..<r.end])
      }
      let action = slice(record.actionPathRange)
      if !actions.isEmpty && !actions.contains(where: { matches($0, action) }) { return [] }
      if excludes.contains(where: { matches($0, action) }) { return [] }
      var found: [TracedChange] = []
      for change in record.changes {
        let hit = paths.contains {
          matches($0, slice(change.path)) || (change.normalized != change.path && matches($0, slice(change.normalized)))
        }
        guard hit else { continue }
        found.append(
          TracedChange(
            record: record.index, file: record.file, line: record.line, timestamp: record.timestamp,
            action: record.actionPath, path: record.string(change.path), normalized: record.string(change.normalized),
            kind: change.kind, old: change.old.map(record.string), new: change.new.map(record.string)))
      }
      return found
    }
  }

  private func matches(_ matcher: PatternMatcher, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    do {
      return try matcher.matches(bytes)
    } catch {
      if matchErrors.count < 5 { matchErrors.append(error) }
      return false
    }
  }
}

/// The sink of `tcalog trace`: hands each followed change to `deliver` in log order, as
/// the records arrive, so output starts before the input ends.
///
/// On a parallel read the workers parse and keep their chunk's records that changed
/// state; the patterns run on the stream's thread when the chunk is merged (matching a
/// few paths costs little next to parsing, and a matcher is not thread-safe).
package struct StateTrace: NumberedChunkedRecordSink {
  /// The patterns.
  package let query: TraceQuery
  private let deliver: (TracedChange) throws -> Void
  /// Changes handed on so far.
  package private(set) var changeCount = 0

  /// A trace that calls `deliver` with each change `query` follows, in log order.
  package init(query: TraceQuery, deliver: @escaping (TracedChange) throws -> Void) {
    self.query = query
    self.deliver = deliver
  }

  /// The action path (for `--action`), the state paths and their values.
  package var needs: RecordNeeds { [.action, .statePaths, .values] }

  /// Hands on the record's followed changes; always `.more`.
  package mutating func record(_ record: Record) throws -> StreamControl {
    for change in query.changes(of: record) {
      changeCount += 1
      try deliver(change)
    }
    return .more
  }

  /// An empty part for the next chunk.
  package func makePart() -> Part { Part() }

  /// Takes a chunk's records in order.
  package mutating func merge(_ part: Part) throws -> StreamControl {
    for record in part.records { _ = try self.record(record) }
    return .more
  }

  /// A chunk's records that changed state (the others cannot hold a followed change).
  package struct Part: NumberedRecordPart {
    var records: [Record] = []
    /// Keeps the record when it lists changes.
    package mutating func add(_ record: Record) {
      if !record.changes.isEmpty { records.append(record) }
    }
  }
}

/// What `trace --summary` says of one raw state path: how often it changed, how many
/// values it took, and which actions changed it.
package struct TracedPathSummary: Sendable, Equatable {
  /// The raw state path.
  package var path: String
  /// The path with keys and indices as `[*]`.
  package var normalized: String
  /// Changes of the path.
  package var changes: Int
  /// Distinct values seen on either side of its changes.
  package var distinctValues: Int
  /// The actions that changed it, most changes first (ties by name), with their counts.
  package var actions: [(path: String, changes: Int)]
  /// Index of the first record that changed it.
  package var firstRecord: Int
  /// Index of the last record that changed it.
  package var lastRecord: Int

  /// Equal in every field (the action list compared pair by pair).
  package static func == (a: Self, b: Self) -> Bool {
    a.path == b.path && a.normalized == b.normalized && a.changes == b.changes
      && a.distinctValues == b.distinctValues && a.actions.elementsEqual(b.actions, by: { $0 == $1 })
      && a.firstRecord == b.firstRecord && a.lastRecord == b.lastRecord
  }
}

/// Gathers `TracedPathSummary`s from changes in log order. Memory: one entry per raw path,
/// with its distinct values and its actions.
package struct TraceSummarizer {
  private struct Entry {
    var normalized: String
    var changes = 0
    var values = Set<String>()
    var actions: [String: Int] = [:]
    var first: Int
    var last: Int
  }
  private var entries: [String: Entry] = [:]
  private var order: [String] = []

  /// An empty summary.
  package init() {}

  /// Counts one change.
  package mutating func add(_ change: TracedChange) {
    if entries[change.path] == nil {
      entries[change.path] = Entry(normalized: change.normalized, first: change.record, last: change.record)
      order.append(change.path)
    }
    entries[change.path]!.changes += 1
    entries[change.path]!.last = change.record
    entries[change.path]!.actions[change.action, default: 0] += 1
    for value in [change.old, change.new] { if let value { entries[change.path]!.values.insert(value) } }
  }

  /// One summary per raw path, most changes first (ties in the order the paths first changed).
  package var summaries: [TracedPathSummary] {
    let ranked = order.enumerated().sorted {
      let (a, b) = (entries[$0.element]!.changes, entries[$1.element]!.changes)
      return a != b ? a > b : $0.offset < $1.offset
    }
    return ranked.map(\.element).map { path in
      let e = entries[path]!
      let actions = e.actions.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      return TracedPathSummary(
        path: path, normalized: e.normalized, changes: e.changes, distinctValues: e.values.count,
        actions: actions.map { ($0.key, $0.value) }, firstRecord: e.first, lastRecord: e.last)
    }
  }
}
