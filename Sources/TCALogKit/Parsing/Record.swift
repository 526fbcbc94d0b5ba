/// The four record formats of FORMATS.md section 1.
public enum RecordFormat: String, Sendable, CaseIterable {
  case diffing, tca1, tca0, labels
}

/// What kind of change a state leaf shows (FORMATS.md 10.3).
public enum ChangeKind: String, Sendable, CaseIterable {
  case value, count, removed, added
}

/// A byte range inside a record's `storage`.
public struct TextRange: Sendable, Hashable {
  public var start: Int
  public var count: Int
  public init(start: Int, count: Int) {
    self.start = start
    self.count = count
  }
  public var end: Int { start + count }
  public static let empty = TextRange(start: 0, count: 0)
}

/// One changed state leaf. Its texts are ranges into the owning record's storage;
/// read them through the record (`record.string(change.path)`).
public struct StateChange: Sendable {
  public var path: TextRange
  public var normalized: TextRange
  public var kind: ChangeKind
  public var old: TextRange?
  public var new: TextRange?
  public init(path: TextRange, normalized: TextRange, kind: ChangeKind, old: TextRange?, new: TextRange?) {
    self.path = path
    self.normalized = normalized
    self.kind = kind
    self.old = old
    self.new = new
  }
}

/// One received action as printed in the log (FORMATS.md section 11).
///
/// All text lives in one byte buffer (`storage`): first the record's raw input bytes
/// (prefixes and line terminators included), then the texts the parser derived (action
/// text, paths, values). Fields are ranges into it, so parsing a record allocates one
/// buffer instead of a `String` per field; `String`s are made only when asked for.
public struct Record: Sendable {
  /// 0-based position among all records of the run, across input files.
  public var index: Int
  /// The input as named on the command line (`-` for standard input).
  public var file: String
  /// 1-based line number of the header line.
  public var line: Int
  /// 0-based byte offset of the header line's first byte.
  public var offset: Int
  public var format: RecordFormat
  /// Input lines the record occupies: header through its last line, and the blank line
  /// that ended it, if one did.
  public var lines: Int
  /// Bytes of those lines, prefixes and terminators included.
  public var bytes: Int
  /// False when the input ended (or the size cap hit) before the record was finished.
  public var isComplete: Bool

  public var storage: [UInt8]
  /// The raw input bytes of the record. Shorter than `bytes` only when the size cap hit.
  public var rawRange: TextRange
  public var timestampRange: TextRange?
  public var storePrefixRange: TextRange?
  public var actionPathRange: TextRange
  public var actionRootRange: TextRange?
  public var actionTextRange: TextRange
  /// False for `labels` and `.debugActions()` records, which print no state part.
  public var hasStatePart: Bool
  /// Meaningful only when `hasStatePart`.
  public var stateChanged: Bool
  public var changes: [StateChange]
  /// True when the record's bytes are not valid UTF-8 (strings are then decoded lossily).
  public var hasInvalidUTF8: Bool

  public init(
    index: Int, file: String, line: Int, offset: Int, format: RecordFormat, lines: Int, bytes: Int,
    isComplete: Bool, storage: [UInt8], rawRange: TextRange, timestampRange: TextRange?,
    storePrefixRange: TextRange?, actionPathRange: TextRange, actionRootRange: TextRange?,
    actionTextRange: TextRange, hasStatePart: Bool, stateChanged: Bool, changes: [StateChange],
    hasInvalidUTF8: Bool
  ) {
    self.index = index
    self.file = file
    self.line = line
    self.offset = offset
    self.format = format
    self.lines = lines
    self.bytes = bytes
    self.isComplete = isComplete
    self.storage = storage
    self.rawRange = rawRange
    self.timestampRange = timestampRange
    self.storePrefixRange = storePrefixRange
    self.actionPathRange = actionPathRange
    self.actionRootRange = actionRootRange
    self.actionTextRange = actionTextRange
    self.hasStatePart = hasStatePart
    self.stateChanged = stateChanged
    self.changes = changes
    self.hasInvalidUTF8 = hasInvalidUTF8
  }
}

extension Record {
  /// The text of a range, decoded as UTF-8 (invalid bytes become U+FFFD).
  public func string(_ range: TextRange) -> String {
    // A buffer slice is not bounds-checked in optimized builds.
    precondition(range.start >= 0 && range.count >= 0 && range.end <= storage.count, "range outside the record")
    return storage.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[range.start..<range.end]), as: UTF8.self)
    }
  }

  /// The bytes of a range, without copying.
  public func withBytes<R>(_ range: TextRange, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    precondition(range.start >= 0 && range.count >= 0 && range.end <= storage.count, "range outside the record")
    return try storage.withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[range.start..<range.end]))
    }
  }

  public func bytes(_ range: TextRange) -> ArraySlice<UInt8> { storage[range.start..<range.end] }

  public var actionPath: String { string(actionPathRange) }
  public var actionRoot: String? { actionRootRange.map(string) }
  public var actionText: String { string(actionTextRange) }
  public var timestamp: String? { timestampRange.map(string) }
  public var storePrefix: String? { storePrefixRange.map(string) }
  public var raw: ArraySlice<UInt8> { bytes(rawRange) }
  /// A record whose state part says nothing changed. `labels` records have no state
  /// part and are never no-ops.
  public var isNoOp: Bool { hasStatePart && !stateChanged }
}

/// Something that consumes records as the scanner finishes them.
public protocol RecordSink {
  mutating func accept(_ record: Record) throws
}
