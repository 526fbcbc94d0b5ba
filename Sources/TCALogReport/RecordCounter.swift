@_spi(Scanner) import TCALogParsing

/// The counting `report` and `compare`/`check` share: which action each record is (its
/// root and path, interned, so a record costs no String), and which normalized state
/// paths its changes touch. `ReportAggregator` and `RunProfiler` each keep their own
/// numbers per action and state path in arrays parallel to these indexes.
package struct RecordCounter: Sendable {
  var paths = ByteInterner()
  var roots = ByteInterner()
  var statePaths = ByteInterner()
  /// Key (root id + 1, 0 for none; path id) → action index.
  var actionIndex = UInt64Map<Int>()
  /// The last record's key and index: runs of one action (mouse moves, ticks) skip the
  /// dictionary's hashing.
  var lastAction: (key: UInt64, index: Int)?
  /// Action index by the scanner's action key: most records find their action here,
  /// without interning their path and root (two hashes and compares a record).
  var indexByActionKey = ActionKeyTable<Int>()
  /// Per action index: its root (id + 1, 0 for none) and path ids.
  var actionKeys: [(root: Int, path: Int)] = []

  /// Actions so far (indexes are `0..<actionCount`).
  var actionCount: Int { actionKeys.count }
  /// Normalized state paths so far (ids are `0..<stateCount`).
  var stateCount: Int { statePaths.count }

  /// The record's action index; a new action gets the next one.
  @inline(__always)
  mutating func action(of record: RecordContent) -> Int {
    if let actionKey = record.actionKey, let known = indexByActionKey.value(for: actionKey) { return known }
    let rootKey = record.actionRootRange.map { r in record.withBytes(r) { roots.intern($0) } + 1 } ?? 0
    let pathId = record.withBytes(record.actionPathRange) { paths.intern($0) }
    let key = UInt64(rootKey) << 32 | UInt64(pathId)
    let index: Int
    if let last = lastAction, last.key == key {
      index = last.index
    } else if let i = actionIndex[key] {
      index = i
    } else {
      index = newAction(root: rootKey, path: pathId, key: key)
    }
    lastAction = (key, index)
    if let actionKey = record.actionKey { indexByActionKey.set(index, for: actionKey) }
    return index
  }

  /// The id of the normalized state path of one of the record's changes.
  @inline(__always)
  mutating func state(_ change: StateChange, of record: RecordContent) -> Int {
    record.withBytes(change.normalized) { statePaths.intern($0) }
  }

  private mutating func newAction(root: Int, path: Int, key: UInt64) -> Int {
    let index = actionKeys.count
    _ = actionIndex.index(of: key, inserting: index)
    actionKeys.append((root, path))
    return index
  }

  /// The action path of an index.
  func path(_ index: Int) -> String { paths.string(actionKeys[index].path) }

  /// The root of an index; nil when the action text has none.
  func root(_ index: Int) -> String? { actionKeys[index].root == 0 ? nil : roots.string(actionKeys[index].root - 1) }

  /// The normalized state path of an id.
  func statePath(_ id: Int) -> String { statePaths.string(id) }

  /// Where each of `other`'s actions is here (added when new), by index of `other`.
  mutating func actionMap(_ other: RecordCounter) -> [Int] {
    var map = [Int](repeating: 0, count: other.actionKeys.count)
    for (i, key) in other.actionKeys.enumerated() {
      let rootKey = key.root == 0 ? 0 : roots.intern(other.roots.string(key.root - 1)) + 1
      let pathId = paths.intern(other.paths.string(key.path))
      let k = UInt64(rootKey) << 32 | UInt64(pathId)
      map[i] = actionIndex[k] ?? newAction(root: rootKey, path: pathId, key: k)
    }
    return map
  }

  /// Where each of `other`'s state paths is here (added when new), by id of `other`.
  mutating func stateMap(_ other: RecordCounter) -> [Int] {
    (0..<other.stateCount).map { statePaths.intern(other.statePaths.string($0)) }
  }
}
