@_spi(Scanner) import TCALogParsing

/// Per-action numbers of one (root, action path) pair.
public struct ActionStats: Sendable, Equatable {
  /// Complete records.
  public var count = 0
  /// Input lines of those records.
  public var lines = 0
  /// Input bytes of those records, prefixes and line terminators included.
  public var bytes = 0
  /// Records whose state part says nothing changed.
  public var noOps = 0
  /// Records that print a state part (no-op shares are taken over these).
  package var withStatePart = 0
  /// Changed state leaves summed over the records.
  public var changes = 0
  /// Of those, the ones that bring a new object: a leaf added, a count changed, or a value
  /// that was `nil` (events insert and fill; measurements nudge a value already there).
  package var inserts = 0
  /// All counts zero.
  public init() {}
  /// Counts one complete record (an action's row, or a binding's key path's).
  @inline(__always)
  mutating func count(_ record: RecordContent) {
    count += 1
    lines += record.lines
    bytes += record.bytes
    if record.hasStatePart {
      withStatePart += 1
      if !record.stateChanged { noOps += 1 }
    }
    changes += record.changes.count
  }

  package mutating func add(_ o: ActionStats) {
    count += o.count
    lines += o.lines
    bytes += o.bytes
    noOps += o.noOps
    withStatePart += o.withStatePart
    changes += o.changes
    inserts += o.inserts
  }
}

/// A payload shape seen for an action (the case steps of `ActionText.analyze`).
package struct ObservedShape: Sendable, Equatable {
  package var steps: [CaseStep]
  package var count: Int
}

/// Streams complete records into counts keyed by interned paths: memory grows with the
/// distinct action and state paths, never with the number of records. Two aggregates of
/// parts of the input merge (`merge(_:)`) into what one sequential run would give.
public struct ReportAggregator: Sendable {
  /// Analyse the action text of the first records of every action (for `suggest`).
  package var collectsShapes: Bool
  /// Records per action whose action text is analysed for its shape.
  package static let shapeSamples = 24

  /// Which action and state path each record counts for (shared with `RunProfiler`);
  /// the arrays below are parallel to its action indexes and state ids.
  var counter = RecordCounter()
  var rawStatePaths = ByteInterner()
  var actions: [ActionStats] = []
  var shapes: [[ObservedShape]] = []
  var shapeSamplesTaken: [Int] = []

  /// Per normalized state path: changes, distinct raw paths.
  var stateChanges: [Int] = []
  var stateDistinct: [Int] = []
  /// raw path id → seen (its normalized id).
  var rawSeen: [Int] = []
  /// (state id << 32 | action index) → changes, and the values that action set there
  /// (one dictionary, so a change costs one lookup).
  var stateByAction = UInt64Map<PairTally>()
  struct PairTally: Sendable {
    var changes = 0
    var variety = ValueVariety()
  }

  package var firstTime: Double?
  package var lastTime: Double?
  package var timestampedRecords = 0
  /// The UTC offset the log writes its times in (of its first timestamp; nil: none, local
  /// time), so the report shows times as the log wrote them.
  package var timeOffset: Int?
  /// Busiest second per action (parallel to `actions`) and records per minute.
  var bursts: [BurstTracker] = []
  /// Spacing of each action's records (parallel to `actions`), for the classifier.
  var rhythms: [Rhythm] = []
  /// Spacing of each action's records per entity (row id, dictionary key).
  var entityRhythms: [EntityRhythm] = []
  /// A binding's records per key path (`Record.bindingKeyPathRange`): action index → key
  /// path → its own counts, rhythm and busiest second, so that each key path is judged
  /// alone (a slider streams, a toggle is a tap). Keyed by the spelled key path: parts
  /// merge by it.
  var keyPathRows: [Int: [String: KeyPathRow]] = [:]
  /// What follows what: (earlier action, later action) → runs of the later one (a run: its
  /// records back to back; counted at its first record) that started within
  /// `followWindow` seconds (with times) or `followRecords` records (without) of the
  /// earlier one. The same however the input is cut into parts: see `head`.
  var follows = FollowCounts()
  /// Per action (parallel to `actions`): its runs, the records that start one.
  var runStarts: [Int] = []
  /// The last few distinct actions: index, ordinal and time of their last record.
  var recent = RecentActions()
  /// A part of the input (`makePart()`) cannot tell what its first records follow or
  /// whether they go on a run of the part before: that depends on the actions before it.
  /// So a part only notes them here, in order, until its own records fill `recent` (from
  /// then on `recent` holds none of the earlier part's actions and the counts are what one
  /// pass gives), and `absorb(_:)` counts them against the earlier part's `recent`. Without
  /// this, pairs and runs at each cut were lost or split, and with the default ~1 MiB
  /// parts `-j 1` and `-j 2` classified a few actions differently (issue 50).
  var head: [RecentActions.Entry] = []
  /// Whether records still go to `head`: true for a part until `recent` is full, false
  /// for the aggregate that starts the input.
  var headOpen = false
  static let followWindow = 1.0
  /// Records of other actions a run of one action may hold (`noteFollows`).
  static let runGap = 3
  static let followRecords = 6
  /// Complete records added so far: the ordinal of the next one.
  var ordinal = 0
  /// Minute (as a bit pattern) → records.
  var perMinute = UInt64Map<Int>()
  /// Counts over the whole input, set from the read result (`ScanStatistics`).
  public var statistics = ScanStatistics()

  /// An empty aggregate; `collectsShapes` (for `suggest`) also reads each action's case shape.
  public init(collectsShapes: Bool = false) {
    self.collectsShapes = collectsShapes
  }

  /// Adds one record. Incomplete records are left out of the statistics (FORMATS.md 11.3);
  /// the header still counts them through `statistics`.
  public mutating func add(_ record: RecordContent) {
    guard record.isComplete else { return }
    let index = counter.action(of: record)
    if index == actions.count { newAction() }
    actions[index].count(record)
    let written = record.writtenTime
    rhythms[index].add(ordinal: ordinal, time: written?.instant)
    if let entity = record.entityRange, !record.withBytes(entity, ActionEntity.isStackElementID) {
      entityRhythms[index].add(
        key: record.withBytes(entity, ActionEntity.key), ordinal: ordinal, time: written?.instant)
    }
    noteFollows(index, ordinal: ordinal, time: written?.instant ?? .nan)
    if let keyPath = record.bindingKeyPathRange {
      addKeyPathRecord(record, keyPath: record.string(keyPath), index: index, time: written)
    }
    ordinal += 1
    for change in record.changes {
      if change.kind != .value || change.old.map({ old in record.withBytes(old, Self.isNil) }) == true {
        actions[index].inserts += 1
      }
      let stateId = counter.state(change, of: record)
      if stateId == stateChanges.count {
        stateChanges.append(0)
        stateDistinct.append(0)
      }
      stateChanges[stateId] += 1
      let rawId = record.withBytes(change.path) { rawStatePaths.intern($0) }
      if rawId == rawSeen.count {
        rawSeen.append(stateId)
        stateDistinct[stateId] += 1
      }
      let pair = UInt64(stateId) << 32 | UInt64(index)
      let value = change.new.map { new in
        record.withBytes(new) { bytes in
          // A growing text is looked for only where the value is no number or date.
          let measured =
            ValueVariety.isMeasurement(bytes)
            || change.old.map { old in record.withBytes(old) { ValueVariety.isGrowingText(old: $0, new: bytes) } }
              == true
          return (hash: ByteInterner.hash(bytes), isMeasurement: measured)
        }
      }
      stateByAction[pair, default: PairTally()].add(value)
    }
    if let written {
      let seconds = written.instant
      if timestampedRecords == 0 { timeOffset = written.offset }
      timestampedRecords += 1
      let second = Int(seconds.rounded(.down))
      bursts[index].add(second: second)
      let minute = second >= 0 ? second / 60 : (second - 59) / 60
      perMinute[UInt64(bitPattern: Int64(minute)), default: 0] += 1
      if firstTime.map({ seconds < $0 }) ?? true { firstTime = seconds }
      if lastTime.map({ seconds > $0 }) ?? true { lastTime = seconds }
    }
    if collectsShapes && shapeSamplesTaken[index] < ReportAggregator.shapeSamples {
      shapeSamplesTaken[index] += 1
      addShape(ActionText.analyze(record.actionText).steps, count: 1, to: index)
    }
  }

  /// Whether a value's text is `nil`.
  @inline(__always)
  static func isNil(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.count == 3 && text[0] == UInt8(ascii: "n") && text[1] == UInt8(ascii: "i") && text[2] == UInt8(ascii: "l")
  }

  /// Counts a binding's record under its key path too (its action's row counts it as well).
  private mutating func addKeyPathRecord(_ record: RecordContent, keyPath: String, index: Int, time: WrittenTime?) {
    var row = keyPathRows[index, default: [:]][keyPath, default: KeyPathRow()]
    row.stats.count(record)
    row.rhythm.add(ordinal: ordinal, time: time?.instant)
    if let time { row.burst.add(second: Int(time.instant.rounded(.down))) }
    keyPathRows[index, default: [:]][keyPath] = row
  }

  /// Counts this record as following each of the last few distinct actions close before it
  /// (or, in a part's head, notes it for `absorb(_:)` to count). `time` is NaN without one.
  private mutating func noteFollows(_ index: Int, ordinal: Int, time: Double) {
    if headOpen {
      head.append(RecentActions.Entry(index: index, ordinal: ordinal, time: time))
      recent.touch(index, ordinal: ordinal, time: time)
      headOpen = recent.count < RecentActions.capacity
      return
    }
    // Counted for the first record of each run only: the rest of a run follows what its
    // first record follows (and a record a run, the cost of this loop once). A run goes on
    // across a few other records (`runGap`): requests interleaved with their responses
    // are one burst of each.
    if recent.first != index && !recent.contains(index, since: ordinal - ReportAggregator.runGap) {
      runStarts[index] += 1
      recent.forEachEntry { r in
        guard r.index != index else { return }
        let near: Bool
        if !time.isNaN && !r.time.isNaN {
          near = time - r.time >= 0 && time - r.time <= ReportAggregator.followWindow
        } else {
          near = ordinal - r.ordinal <= ReportAggregator.followRecords
        }
        if near { follows.add(from: r.index, to: index) }
      }
    }
    recent.touch(index, ordinal: ordinal, time: time)
  }

  /// Numbers for the counter's next action index.
  private mutating func newAction() {
    actions.append(ActionStats())
    bursts.append(BurstTracker())
    rhythms.append(Rhythm())
    entityRhythms.append(EntityRhythm())
    runStarts.append(0)
    shapes.append([])
    shapeSamplesTaken.append(0)
  }

  private mutating func addShape(_ steps: [CaseStep], count: Int, to index: Int) {
    if let i = shapes[index].firstIndex(where: { $0.steps == steps }) {
      shapes[index][i].count += count
    } else {
      shapes[index].append(ObservedShape(steps: steps, count: count))
    }
  }

  /// Adds the counts of another aggregate (for example of a later chunk of the input).
  package mutating func absorb(_ other: ReportAggregator) {
    let actionMap = counter.actionMap(other.counter)
    for i in 0..<other.actions.count {
      let index = actionMap[i]
      if index == actions.count { newAction() }
      actions[index].add(other.actions[i])
      bursts[index].merge(other.bursts[i])
      rhythms[index].merge(other.rhythms[i], offset: ordinal)
      entityRhythms[index].merge(other.entityRhythms[i], offset: ordinal)
      for (keyPath, o) in other.keyPathRows[i] ?? [:] {
        var row = keyPathRows[index, default: [:]][keyPath, default: KeyPathRow()]
        row.stats.add(o.stats)
        row.rhythm.merge(o.rhythm, offset: ordinal)
        row.burst.merge(o.burst)
        keyPathRows[index, default: [:]][keyPath] = row
      }
      let room = ReportAggregator.shapeSamples - shapeSamplesTaken[index]
      var taken = 0
      for shape in other.shapes[i] where taken < room {
        let n = min(shape.count, room - taken)
        addShape(shape.steps, count: n, to: index)
        taken += n
      }
      shapeSamplesTaken[index] += taken
    }
    let stateMap = counter.stateMap(other.counter)
    for s in 0..<other.stateChanges.count {
      let id = stateMap[s]
      if id == stateChanges.count {
        stateChanges.append(0)
        stateDistinct.append(0)
      }
      stateChanges[id] += other.stateChanges[s]
    }
    for r in 0..<other.rawSeen.count {
      let id = rawStatePaths.intern(other.rawStatePaths.string(r))
      if id == rawSeen.count {
        let stateId = stateMap[other.rawSeen[r]]
        rawSeen.append(stateId)
        stateDistinct[stateId] += 1
      }
    }
    for (key, tally) in zip(other.stateByAction.keys, other.stateByAction.values) {
      let s = stateMap[Int(key >> 32)]
      let a = actionMap[Int(key & 0xFFFF_FFFF)]
      stateByAction[UInt64(s) << 32 | UInt64(a), default: PairTally()].merge(tally)
    }
    other.follows.forEachPair { a, b, n in follows.add(from: actionMap[a], to: actionMap[b], n) }
    for (i, n) in other.runStarts.enumerated() { runStarts[actionMap[i]] += n }
    // The other part's head, counted now that what came before it is known (`head`).
    for entry in other.head {
      noteFollows(actionMap[entry.index], ordinal: entry.ordinal + ordinal, time: entry.time)
    }
    // Past its head, the other part's `recent` holds only its own actions: it is the
    // whole input's now.
    if !other.headOpen { recent = other.recent.mapped(actionMap, offset: ordinal) }
    ordinal += other.ordinal
    if let t = other.firstTime, firstTime.map({ t < $0 }) ?? true { firstTime = t }
    if let t = other.lastTime, lastTime.map({ t > $0 }) ?? true { lastTime = t }
    if timestampedRecords == 0 { timeOffset = other.timeOffset }
    timestampedRecords += other.timestampedRecords
    for (minute, n) in zip(other.perMinute.keys, other.perMinute.values) {
      perMinute[minute, default: 0] += n
    }
    statistics.merge(other.statistics)
  }

  /// The aggregate as plain values, ordered by name (independent of input order and of
  /// how the input was split).
  public func summary() -> ReportSummary {
    var result = ReportSummary(statistics: statistics)
    result.firstTime = firstTime
    result.lastTime = lastTime
    result.timeOffset = timeOffset
    result.timestampedRecords = timestampedRecords
    result.perMinute = zip(perMinute.keys, perMinute.values).map { (minute: Int(Int64(bitPattern: $0)), records: $1) }
      .sorted { $0.minute < $1.minute }
    var order = Array(actions.indices)
    func name(_ i: Int) -> (String, String) { (counter.path(i), counter.root(i) ?? "") }
    let names = order.map(name)
    order.sort { names[$0].0 != names[$1].0 ? names[$0].0 < names[$1].0 : names[$0].1 < names[$1].1 }
    var position = [Int](repeating: 0, count: actions.count)
    for (p, i) in order.enumerated() {
      position[i] = p
      let hasRoot = counter.root(i) != nil
      let shape = shapes[i].max {
        $0.count != $1.count ? $0.count < $1.count : "\($0.steps.map(\.name))" > "\($1.steps.map(\.name))"
      }
      result.actions.append(
        ActionSummary(
          path: names[i].0, root: hasRoot ? names[i].1 : nil, stats: actions[i], burst: bursts[i].best,
          shape: shape?.steps, shapeVariants: shapes[i].count, rhythm: rhythms[i], entities: entityRhythms[i],
          keyPaths: (keyPathRows[i] ?? [:]).sorted { $0.key < $1.key }.map { keyPath, row in
            ActionSummary(
              path: names[i].0, root: hasRoot ? names[i].1 : nil, stats: row.stats, burst: row.burst.best,
              shape: shape?.steps, shapeVariants: shapes[i].count, rhythm: row.rhythm, keyPath: keyPath)
          }))
    }
    var stateOrder = Array(stateChanges.indices)
    let stateNames = stateOrder.map { counter.statePath($0) }
    stateOrder.sort { stateNames[$0] < stateNames[$1] }
    var statePosition = [Int](repeating: 0, count: stateChanges.count)
    for (p, s) in stateOrder.enumerated() {
      statePosition[s] = p
      result.states.append(
        StateSummary(path: stateNames[s], changes: stateChanges[s], distinctPaths: stateDistinct[s], byAction: []))
    }
    for (key, tally) in zip(stateByAction.keys, stateByAction.values) {
      result.states[statePosition[Int(key >> 32)]].byAction.append(
        (position[Int(key & 0xFFFF_FFFF)], tally.changes, tally.variety))
    }
    follows.forEachPair { a, b, n in result.follows.append((position[a], position[b], n)) }
    result.follows.sort { ($0.from, $0.to) < ($1.from, $1.to) }
    for (i, n) in runStarts.enumerated() { result.actions[position[i]].runs = n }
    for i in result.states.indices {
      result.states[i].byAction.sort { $0.changes != $1.changes ? $0.changes > $1.changes : $0.action < $1.action }
    }
    return result
  }
}

/// One (root, action path) pair of a `ReportSummary`, with its numbers.
public struct ActionSummary: Sendable {
  /// The action path: case names from the root joined by `.` (`""` when none is found).
  public var path: String
  /// The root action type (`AppFeature.Action`); nil when the action text does not start with one.
  public var root: String?
  /// Its records, lines, bytes, no-ops and changes.
  public var stats: ActionStats
  /// The busiest second (seconds since 1970) and its records, when records carry times.
  package var burst: (second: Int, count: Int)?
  /// The most frequent case shape among the sampled records (nil when not collected).
  package var shape: [CaseStep]?
  /// How many different shapes were seen (more than one: records disagree).
  package var shapeVariants: Int
  /// How its records are spaced in record order and in time.
  package var rhythm = Rhythm()
  /// How its records are spaced per entity (row id, dictionary key).
  package var entities = EntityRhythm()
  /// Its runs: records not right after one of their own.
  package var runs = 0
  /// For a row of `keyPaths`: the binding's key path it counts (`\.$volume`).
  package var keyPath: String?
  /// For a TCA binding (`….binding.set`): its records per key path, each a summary of its
  /// own (same path, `keyPath` set), sorted by key path; empty for other actions.
  package var keyPaths: [ActionSummary] = []
}

/// A binding's records under one key path (`ReportAggregator.keyPathRows`).
struct KeyPathRow: Sendable {
  var stats = ActionStats()
  var rhythm = Rhythm()
  var burst = BurstTracker()
}

/// One normalized state path of a `ReportSummary`, with its changes.
public struct StateSummary: Sendable {
  /// The normalized path (keys and indexes as `[*]`); `""` for the root value itself.
  public var path: String
  /// Changes to it, over every record and action.
  public var changes: Int
  /// Distinct raw paths behind it (`windows[0].x` and `windows[1].x` are two).
  package var distinctPaths: Int
  /// Index into `ReportSummary.actions` → changes of this path by that action, and the
  /// values it set.
  package var byAction: [(action: Int, changes: Int, variety: ValueVariety)]
}

/// Everything the report and the suggester work from.
public struct ReportSummary: Sendable {
  /// Counts over the input (of the records in the time window, when there is one).
  public var statistics: ScanStatistics
  /// Every (root, action path) pair, ordered by path, then root.
  public var actions: [ActionSummary] = []
  /// Every normalized state path, ordered by path.
  public var states: [StateSummary] = []
  /// The earliest timestamp of a complete record, in seconds since 1970; nil when none has one.
  package var firstTime: Double?
  /// The latest timestamp of a complete record, in seconds since 1970; nil when none has one.
  package var lastTime: Double?
  /// Complete records that carry a timestamp.
  package var timestampedRecords = 0
  /// The UTC offset of the log's first timestamp, in seconds east of UTC, so times show as the log
  /// wrote them; nil when it has none (local time).
  package var timeOffset: Int?
  /// Records per minute (minutes since 1970), ascending.
  package var perMinute: [(minute: Int, records: Int)] = []
  /// What follows what: runs of action `to` (an index into `actions`; a run counted at its
  /// first record) that started within a second (or six records, without times) after a
  /// record of action `from`.
  package var follows: [(from: Int, to: Int, count: Int)] = []

  /// An empty summary over these counts (no actions, states or times).
  package init(statistics: ScanStatistics) { self.statistics = statistics }
}

extension ReportAggregator.PairTally {
  /// One change; `value` is the hash of the value it set and whether it reads as a
  /// measurement (nil for a removal).
  mutating func add(_ value: (hash: UInt64, isMeasurement: Bool)?) {
    changes += 1
    if let value { variety.add(value.hash, isMeasurement: value.isMeasurement) }
  }

  mutating func merge(_ other: Self) {
    changes += other.changes
    variety.merge(other.variety)
  }
}
