import TCALogSupport

/// Names a record's action path and root without their bytes: records with equal keys
/// have the same path and root, byte for byte. A key is the scanner's entry for the shape
/// of the action text (`ActionPathCache`), so a sink that asks the same question of
/// every record of an action (which row of the report, does the pattern match) can answer
/// it once per key (`ActionKeyTable`) instead of hashing or matching the path each time.
///
/// Records of one action may still have different keys (another shape, another scanner,
/// the cache started over): a key is a shortcut, never the only way to an answer.
public struct ActionKey: Hashable, Sendable {
  /// The cache's generation, unique in the process (a cache that starts over takes a new
  /// one, so its entries cannot answer for the old ones).
  let generation: UInt64
  /// The shape's entry in that generation, below `ActionPathCache.maximumShapes`.
  let entry: Int

  /// A generation no cache has had yet. A lock, not an atomic: it is taken once per
  /// scanner and per cache restart, and `Synchronization` needs macOS 15.
  static func newGeneration() -> UInt64 {
    generations.lock.lock()
    defer { generations.lock.unlock() }
    generations.last += 1
    return generations.last
  }

  private final class Generations: @unchecked Sendable {
    let lock = Lock()
    /// Guarded by `lock`; 0 is never handed out.
    var last: UInt64 = 0
  }
  private static let generations = Generations()
}

/// Answers by action key. It holds one generation's answers at a time (at most
/// `ActionPathCache.maximumShapes` of them), so its memory stays flat: a key of another
/// generation finds nothing and, once set, replaces them all. Records of one chunk come
/// from one scanner, so a sink part rarely changes generation.
///
/// SPI, not `package`: the sinks of other stages ask it once per record, and a generic
/// `package` body is not specialized across modules (`report` took 3-5% more
/// instructions, in generic metadata look-ups). An SPI declaration is public to the
/// compiler, so it is specialized, but only a module that imports the SPI sees it.
@_spi(Scanner)
public struct ActionKeyTable<Value> {
  /// 0: no generation yet.
  private var generation: UInt64 = 0
  private var values: [Value?] = []

  /// An empty table.
  public init() {}

  /// The answer set for `key`, nil when there is none.
  @inline(__always)
  public func value(for key: ActionKey) -> Value? {
    key.generation == generation && key.entry < values.count ? values[key.entry] : nil
  }

  /// Keeps `value` as the answer for `key` (dropping every answer of another generation).
  public mutating func set(_ value: Value, for key: ActionKey) {
    if key.generation != generation {
      generation = key.generation
      values.removeAll(keepingCapacity: true)
    }
    if key.entry >= values.count {
      values.append(contentsOf: repeatElement(nil, count: key.entry + 1 - values.count))
    }
    values[key.entry] = value
  }
}

extension ActionKeyTable: Sendable where Value: Sendable {}
