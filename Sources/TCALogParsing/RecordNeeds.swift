/// What a sink reads of a record. The record stream gives the scanner its sink's needs, and
/// the scanner leaves out what no one reads: the raw bytes (a copy of every record), the
/// state part's changed paths (the diff parsers), the action path (a scan of the action
/// text) and the action text (a copy), each when it is not asked for. A field left out is empty (its range has no bytes, and
/// `changes` is empty); the record's place, counts, flags and timestamp are always there.
public struct RecordNeeds: OptionSet, Sendable {
  /// The bits of the set, one per need.
  public let rawValue: Int
  /// A set from its bits; the static members name every bit there is.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The action path and root.
  public static let action = RecordNeeds(rawValue: 1 << 0)
  /// The action text.
  public static let actionText = RecordNeeds(rawValue: 1 << 4)
  /// Which state paths changed (raw and normalized) and how (`StateChange.kind`). Whether
  /// state changed at all is always known.
  public static let statePaths = RecordNeeds(rawValue: 1 << 1)
  /// The old and new value of each changed state path.
  public static let values = RecordNeeds(rawValue: 1 << 2)
  /// The record's input bytes.
  public static let raw = RecordNeeds(rawValue: 1 << 3)
  /// The entity the action is about (`Record.entity`) and a binding's key path
  /// (`Record.bindingKeyPath`): a byte search of the action's lines, without the copy
  /// `.actionText` makes.
  public static let entity = RecordNeeds(rawValue: 1 << 5)
  /// Every part of a record: what a sink that prints or keeps records needs.
  public static let all: RecordNeeds = [.action, .actionText, .entity, .statePaths, .values, .raw]
}

/// Whether a record's reader wants it at all, told by its action path alone (and its
/// `ActionKey`, to answer once per shape): a record it declines is counted in the scan's
/// statistics and warnings, and given its index, but never built (its state part, its
/// storage, the `Record`) nor emitted. Only a sink whose answer depends on the action path
/// alone gives one (`filter -c` with action patterns only); it is asked on the thread that
/// scans, once per record, after the path is read. SPI: a sink or part gives one by
/// conforming to `ActionGating` (Pipeline).
@_spi(Scanner) public typealias ActionGate = (_ key: ActionKey?, _ path: UnsafeBufferPointer<UInt8>) -> Bool
