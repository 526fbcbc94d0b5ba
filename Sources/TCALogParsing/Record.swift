/// The four record formats of FORMATS.md section 1.
public enum RecordFormat: String, Sendable, CaseIterable {
  case diffing, tca1, tca0, labels
}

/// What kind of change a state leaf shows (FORMATS.md 10.3).
public enum ChangeKind: String, Sendable, CaseIterable {
  case value, count, removed, added
}

/// A byte range inside a record's `storage`: how the stages read a record's texts without
/// a `String` each (SPI: a program reads the texts as `String`s, `Record.actionPath`, …).
@_spi(Scanner) public struct TextRange: Sendable, Hashable {
  /// Byte offset of the first byte in the record's `storage`.
  public var start: Int
  /// Number of bytes.
  public var count: Int
  /// A range of `count` bytes from `start`.
  package init(start: Int, count: Int) {
    self.start = start
    self.count = count
  }
  /// Offset just past the last byte.
  public var end: Int { start + count }
  /// No bytes.
  package static let empty = TextRange(start: 0, count: 0)
}

/// One changed state leaf. Its texts are ranges into the owning record's storage;
/// read them through the record (`record.string(change.path)`). SPI: a program reads a
/// change as text, `Record.changedPaths`.
@_spi(Scanner) public struct StateChange: Sendable {
  /// The state path as the log wrote it (`windows[0].tabs[3].title`).
  public var path: TextRange
  /// The path with identifiers and indices replaced by `*` (`windows[*].tabs[*].title`).
  public var normalized: TextRange
  /// What kind of change it is.
  public var kind: ChangeKind
  /// The old value's text (nil for an added leaf).
  public var old: TextRange?
  /// The new value's text (nil for a removed leaf).
  public var new: TextRange?
  /// A change whose texts are the given ranges of its record's storage.
  package init(path: TextRange, normalized: TextRange, kind: ChangeKind, old: TextRange?, new: TextRange?) {
    self.path = path
    self.normalized = normalized
    self.kind = kind
    self.old = old
    self.new = new
  }
}

/// One changed state leaf as text: what a program reads of a change without ranges
/// (`record.changedPaths`).
public struct ChangedPath: Sendable, Equatable {
  /// The state path as the log wrote it (`windows[0].tabs[3].title`).
  public var path: String
  /// The path with identifiers and indices replaced by `*` (`windows[*].tabs[*].title`).
  public var normalizedPath: String
  /// What kind of change it is.
  public var kind: ChangeKind
  /// The old value as printed (nil for an added leaf).
  public var oldValue: String?
  /// The new value as printed (nil for a removed leaf).
  public var newValue: String?
}

/// One received action as printed in the log (FORMATS.md section 11).
///
/// A program reads its texts as `String`s (`actionPath`, `actionText`, `changedPaths`, …,
/// from `RecordFields`), each made when asked for. Inside, all text lives in one byte
/// buffer (`storage`): first the record's raw input bytes (prefixes and line terminators
/// included), then the texts the parser derived (action text, paths, values). The stages
/// read it through ranges (`@_spi(Scanner)`), so parsing a record allocates one buffer
/// instead of a `String` per field.
public struct Record: Sendable {
  /// 0-based position among all records of the run, across input files.
  public var index: Int
  /// The input as named on the command line (`-` for standard input).
  public var file: String
  /// 1-based line number of the header line.
  public var line: Int
  /// 0-based byte offset of the header line's first byte.
  public var offset: Int
  /// The format the record was printed in.
  public var format: RecordFormat
  /// Input lines the record occupies: header through its last line, and the blank line
  /// that ended it, if one did.
  public var lines: Int
  /// Bytes of those lines, prefixes and terminators included.
  public var bytes: Int
  /// False when the input ended (or the size cap hit) before the record was finished.
  public var isComplete: Bool

  /// The record's bytes: its input bytes first, then the texts the parser derived. Every
  /// range of the record points into it.
  @_spi(Scanner) public package(set) var storage: [UInt8]
  /// The raw input bytes of the record. Shorter than `bytes` only when the size cap hit.
  @_spi(Scanner) public package(set) var rawRange: TextRange
  /// The timestamp of the record's header line prefix, normalized (nil without one, or
  /// when it is no time: `writtenTime` is nil).
  @_spi(Scanner) public private(set) var timestampRange: TextRange?
  /// That timestamp read as a time, when it parses: read once, here, as every sink that
  /// counts by time asks for it.
  public private(set) var writtenTime: WrittenTime?
  /// The store prefix of the header (`[AppFeature]`), when the log has one.
  @_spi(Scanner) public package(set) var storePrefixRange: TextRange?
  /// The action path: enum cases from the root, dot-separated (`windows.window.hover`).
  @_spi(Scanner) public package(set) var actionPathRange: TextRange
  /// The root action type (`AppFeature.Action`), when the log names it.
  @_spi(Scanner) public package(set) var actionRootRange: TextRange?
  /// The action as printed, on one line.
  @_spi(Scanner) public package(set) var actionTextRange: TextRange
  /// The entity the action is about (docs/FORMATS.md 3.1: a row's `id:` value, a dictionary
  /// key of the payload), when it names one and `RecordNeeds.entity` was asked for. On one
  /// line: a value printed over several is joined (`ActionEntity.joined`).
  @_spi(Scanner) public package(set) var entityRange: TextRange?
  /// The key path of a TCA binding action (`binding(.set(\State.$volume, …))`) spelled
  /// without its root type (`\.$volume`, docs/FORMATS.md 3.1), when `RecordNeeds.entity` was
  /// asked for. The action path stays `….binding.set`.
  @_spi(Scanner) public package(set) var bindingKeyPathRange: TextRange?
  /// False for `labels` and `.debugActions()` records, which print no state part.
  public var hasStatePart: Bool
  /// Meaningful only when `hasStatePart`.
  public var stateChanged: Bool
  /// Every changed state leaf, in the order the diff prints them.
  @_spi(Scanner) public package(set) var changes: [StateChange]
  /// True when the record's bytes are not valid UTF-8 (strings are then decoded lossily).
  public var hasInvalidUTF8: Bool
  /// Names the action path and root (`ActionKey`); nil when the scanner read no path or
  /// the record was made by hand.
  public package(set) var actionKey: ActionKey?

  /// A record from its parts; every range must lie inside `storage` (checked in debug builds).
  package init(
    index: Int, file: String, line: Int, offset: Int, format: RecordFormat, lines: Int, bytes: Int,
    isComplete: Bool, storage: [UInt8], rawRange: TextRange, timestampRange: TextRange?,
    storePrefixRange: TextRange?, actionPathRange: TextRange, actionRootRange: TextRange?,
    actionTextRange: TextRange, hasStatePart: Bool, stateChanged: Bool, changes: [StateChange],
    hasInvalidUTF8: Bool, actionKey: ActionKey? = nil, entityRange: TextRange? = nil,
    bindingKeyPathRange: TextRange? = nil
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
    writtenTime = timestampRange.flatMap { range in
      range.start >= 0 && range.count >= 0 && range.end <= storage.count
        ? storage.withUnsafeBufferPointer {
          WrittenTime.parse(UnsafeBufferPointer(rebasing: $0[range.start..<range.end]))
        }
        : nil
    }
    // A timestamp that is no time (`2026-02-30`) is none: written out, it would be ISO 8601
    // that does not parse. The scanner counts such records.
    self.timestampRange = writtenTime == nil ? nil : timestampRange
    self.storePrefixRange = storePrefixRange
    self.actionPathRange = actionPathRange
    self.actionRootRange = actionRootRange
    self.actionTextRange = actionTextRange
    self.hasStatePart = hasStatePart
    self.stateChanged = stateChanged
    self.changes = changes
    self.hasInvalidUTF8 = hasInvalidUTF8
    self.actionKey = actionKey
    self.entityRange = entityRange
    self.bindingKeyPathRange = bindingKeyPathRange
    // Checked whole in debug builds; release builds check each range as it is read
    // (`withBytes`), which costs two comparisons instead of a pass over every change.
    assert(rangesLieInStorage, "a record's ranges must lie inside its storage")
  }

  /// The invariant every accessor relies on: each range lies inside `storage`.
  var rangesLieInStorage: Bool {
    func inside(_ r: TextRange?) -> Bool { r.map { $0.start >= 0 && $0.count >= 0 && $0.end <= storage.count } ?? true }
    return inside(rawRange) && inside(timestampRange) && inside(storePrefixRange) && inside(actionPathRange)
      && inside(actionRootRange) && inside(actionTextRange) && inside(entityRange)
      && inside(bindingKeyPathRange)
      && changes.allSatisfy { inside($0.path) && inside($0.normalized) && inside($0.old) && inside($0.new) }
  }
}

/// What every view of a record holds but its place in the run: `Record` and
/// `RecordContent` share these fields and the accessors that read its texts as `String`s.
///
/// Only those two conform: the requirements that give the bytes and their ranges are
/// `@_spi(Scanner)`, for the stages that read every record without a `String` each.
public protocol RecordFields {
  /// The input as named on the command line (`-` for standard input).
  var file: String { get }
  /// 0-based byte offset of the header line's first byte.
  var offset: Int { get }
  /// The format the record was printed in.
  var format: RecordFormat { get }
  /// Input lines the record occupies.
  var lines: Int { get }
  /// Bytes of those lines, prefixes and terminators included.
  var bytes: Int { get }
  /// False when the input ended (or the size cap hit) before the record was finished.
  var isComplete: Bool { get }
  /// True when the record's bytes are not valid UTF-8 (strings are then decoded lossily).
  var hasInvalidUTF8: Bool { get }
  /// The timestamp of the header line's prefix read as a time, when it parses.
  var writtenTime: WrittenTime? { get }
  /// False for `labels` and `.debugActions()` records, which print no state part.
  var hasStatePart: Bool { get }
  /// Meaningful only when `hasStatePart`.
  var stateChanged: Bool { get }
  /// Names the action path and root; nil when the scanner read no path.
  var actionKey: ActionKey? { get }
  /// Every changed state leaf as ranges (`changedPaths` reads them as text).
  @_spi(Scanner) var changes: [StateChange] { get }
  /// The record's bytes; every range points into it.
  @_spi(Scanner) var storage: [UInt8] { get }
  /// The raw input bytes of the record.
  @_spi(Scanner) var rawRange: TextRange { get }
  /// The normalized timestamp of the header line's prefix.
  @_spi(Scanner) var timestampRange: TextRange? { get }
  /// The store prefix of the header.
  @_spi(Scanner) var storePrefixRange: TextRange? { get }
  /// The action path.
  @_spi(Scanner) var actionPathRange: TextRange { get }
  /// The root action type.
  @_spi(Scanner) var actionRootRange: TextRange? { get }
  /// The action as printed, on one line.
  @_spi(Scanner) var actionTextRange: TextRange { get }
  /// The entity the action is about.
  @_spi(Scanner) var entityRange: TextRange? { get }
  /// A binding action's key path.
  @_spi(Scanner) var bindingKeyPathRange: TextRange? { get }
}

extension RecordFields {
  /// The text of a range, decoded as UTF-8 (invalid bytes become U+FFFD).
  @_spi(Scanner) public func string(_ range: TextRange) -> String {
    withBytes(range) { String(decoding: $0, as: UTF8.self) }
  }

  /// The bytes of a range, without copying. The buffer is valid only inside `body`.
  @_spi(Scanner)
  @inlinable
  public func withBytes<R>(_ range: TextRange, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    // A buffer slice is not bounds-checked in optimized builds.
    precondition(range.start >= 0 && range.count >= 0 && range.end <= storage.count, "range outside the record")
    return try storage.withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[range.start..<range.end]))
    }
  }

  /// The bytes of a range, as a slice of `storage`.
  @_spi(Scanner) public func bytes(_ range: TextRange) -> ArraySlice<UInt8> { storage[range.start..<range.end] }

  /// The record's input bytes, prefixes and line ends included, without a copy.
  @_spi(Scanner) public var raw: ArraySlice<UInt8> { bytes(rawRange) }

  /// The action path as a `String` (`windows.window.hover`).
  public var actionPath: String { string(actionPathRange) }
  /// The root action type, when the log names it.
  public var actionRoot: String? { actionRootRange.map(string) }
  /// The action text as printed.
  public var actionText: String { string(actionTextRange) }
  /// The entity the action is about (docs/FORMATS.md 3.1: a row's `id:` value, a
  /// dictionary key of the payload), when it names one and `RecordNeeds.entity` was asked
  /// for; on one line.
  public var entity: String? { entityRange.map(string) }
  /// A binding's key path (`\.$volume`), when the record is one and it was read.
  public var bindingKeyPath: String? { bindingKeyPathRange.map(string) }
  /// The normalized timestamp, when the record has one.
  public var timestamp: String? { timestampRange.map(string) }
  /// Every changed state leaf as text, in the diff's order.
  public var changedPaths: [ChangedPath] {
    changes.map {
      ChangedPath(
        path: string($0.path), normalizedPath: string($0.normalized), kind: $0.kind, oldValue: $0.old.map(string),
        newValue: $0.new.map(string))
    }
  }
  /// The store prefix, when the header has one.
  public var storePrefix: String? { storePrefixRange.map(string) }
  /// The record's input lines as text (prefixes and line ends included; invalid UTF-8
  /// decoded as U+FFFD), when `RecordNeeds.raw` was asked for; else empty.
  public var rawText: String { string(rawRange) }
  /// A record whose state part says nothing changed. `labels` records have no state
  /// part and are never no-ops.
  public var isNoOp: Bool { hasStatePart && !stateChanged }
}

extension Record: RecordFields {
  /// The record without its place in the run, as parts of a chunked sink see it.
  public var content: RecordContent { RecordContent(self) }
}

/// A record as a worker thread sees it while its chunk is parsed: everything but its
/// place in the run (`index`, `line`), which is known only once every earlier chunk has
/// been parsed. Reading either here is a compile error instead of a wrong number.
///
/// A user reads its fields through `RecordFields`; the accessors below are SPI
/// (`@_spi(Scanner)`): inlinable, for the stages that read every record's fields.
public struct RecordContent: RecordFields, Sendable {
  @usableFromInline let record: Record

  @inlinable init(_ record: Record) { self.record = record }

  /// The input as named on the command line (`-` for standard input).
  @_spi(Scanner) @inlinable public var file: String { record.file }
  /// 0-based byte offset of the header line's first byte (offsets are final in a chunk).
  @_spi(Scanner) @inlinable public var offset: Int { record.offset }
  /// The format the record was printed in.
  @_spi(Scanner) @inlinable public var format: RecordFormat { record.format }
  /// Input lines the record occupies (`Record.lines`).
  @_spi(Scanner) @inlinable public var lines: Int { record.lines }
  /// Bytes of those lines, prefixes and terminators included.
  @_spi(Scanner) @inlinable public var bytes: Int { record.bytes }
  /// False when the input ended (or the size cap hit) before the record was finished.
  @_spi(Scanner) @inlinable public var isComplete: Bool { record.isComplete }
  /// The record's bytes; every range points into it (`Record.storage`).
  @_spi(Scanner) @inlinable public var storage: [UInt8] { record.storage }
  /// The raw input bytes of the record (`Record.rawRange`).
  @_spi(Scanner) @inlinable public var rawRange: TextRange { record.rawRange }
  /// The normalized timestamp of the header line's prefix (`Record.timestampRange`).
  @_spi(Scanner) @inlinable public var timestampRange: TextRange? { record.timestampRange }
  /// That timestamp read as a time, when it parses.
  @_spi(Scanner) @inlinable public var writtenTime: WrittenTime? { record.writtenTime }
  /// The store prefix of the header, when the log has one.
  @_spi(Scanner) @inlinable public var storePrefixRange: TextRange? { record.storePrefixRange }
  /// The action path (`Record.actionPathRange`).
  @_spi(Scanner) @inlinable public var actionPathRange: TextRange { record.actionPathRange }
  /// The root action type, when the log names it.
  @_spi(Scanner) @inlinable public var actionRootRange: TextRange? { record.actionRootRange }
  /// The action as printed, on one line.
  @_spi(Scanner) @inlinable public var actionTextRange: TextRange { record.actionTextRange }
  /// The entity the action is about (`Record.entityRange`).
  @_spi(Scanner) @inlinable public var entityRange: TextRange? { record.entityRange }
  /// A binding action's key path (`Record.bindingKeyPathRange`).
  @_spi(Scanner) @inlinable public var bindingKeyPathRange: TextRange? { record.bindingKeyPathRange }
  /// False for `labels` and `.debugActions()` records, which print no state part.
  @_spi(Scanner) @inlinable public var hasStatePart: Bool { record.hasStatePart }
  /// Meaningful only when `hasStatePart`.
  @_spi(Scanner) @inlinable public var stateChanged: Bool { record.stateChanged }
  /// Every changed state leaf, in the order the diff prints them.
  @_spi(Scanner) @inlinable public var changes: [StateChange] { record.changes }
  /// True when the record's bytes are not valid UTF-8.
  @_spi(Scanner) @inlinable public var hasInvalidUTF8: Bool { record.hasInvalidUTF8 }
  /// Names the action path and root (`Record.actionKey`).
  @_spi(Scanner) @inlinable public var actionKey: ActionKey? { record.actionKey }
}
