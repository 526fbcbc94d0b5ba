#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How one action's records are spaced per entity (`ActionEntity`, `Record.entity`): for each entity the
/// gaps between its own records, in time and in record order, as sums of their logarithms,
/// so the spread of one entity's gaps shows whether that entity reports like a timer.
///
/// Sums and the first and last occurrence per entity: two trackers of consecutive parts of
/// the input merge into what one pass gives. At most `capacity` entities are followed.
package struct EntityRhythm: Sendable {
  static let capacity = 1024

  struct Track: Sendable, Equatable {
    var firstOrdinal: Int
    var lastOrdinal: Int
    var firstTime: Double?
    var lastTime: Double?
    var timeGaps = 0
    var logSum = 0.0
    var logSquares = 0.0
    var orderGaps = 0
    var orderLogSum = 0.0
    var orderLogSquares = 0.0
    /// Gaps under a second, and gaps of at most 3 records: an entity that streams.
    var shortGaps = 0
    var closeGaps = 0

    mutating func addTime(_ gap: Double) {
      guard gap >= 0 else { return }
      if gap < 1 { shortGaps += 1 }
      let l = log(max(gap, 0.001))
      timeGaps += 1
      logSum += l
      logSquares += l * l
    }

    mutating func addOrder(_ gap: Int) {
      let l = log(Double(max(gap, 1)))
      if gap <= 3 { closeGaps += 1 }
      orderGaps += 1
      orderLogSum += l
      orderLogSquares += l * l
    }
  }

  var tracks: [UInt64: Track] = [:]
  /// Occurrences that named an entity.
  package private(set) var keyed = 0
  /// Keyed occurrences right after one of their own (record order), and of those, the
  /// ones about another entity than the record before: a run across entities (one request
  /// per row) rather than one entity's stream (a tab's progress).
  package private(set) var repeats = 0
  package private(set) var switches = 0
  var first: (key: UInt64, ordinal: Int)?
  var last: (key: UInt64, ordinal: Int)?

  package init() {}

  mutating func add(key: UInt64, ordinal: Int, time: Double?) {
    keyed += 1
    if let last, last.ordinal + 1 == ordinal {
      repeats += 1
      if last.key != key { switches += 1 }
    }
    if first == nil { first = (key, ordinal) }
    last = (key, ordinal)
    if var t = tracks[key] {
      t.addOrder(ordinal - t.lastOrdinal)
      t.lastOrdinal = ordinal
      if let time {
        if let last = t.lastTime { t.addTime(time - last) } else { t.firstTime = time }
        t.lastTime = time
      }
      tracks[key] = t
    } else if tracks.count < EntityRhythm.capacity {
      tracks[key] = Track(firstOrdinal: ordinal, lastOrdinal: ordinal, firstTime: time, lastTime: time)
    }
  }

  /// Adds the same action's entities in a later part whose ordinals start `offset` later.
  mutating func merge(_ other: EntityRhythm, offset: Int) {
    keyed += other.keyed
    repeats += other.repeats
    switches += other.switches
    if let last, let start = other.first, last.ordinal + 1 == start.ordinal + offset {
      repeats += 1
      if last.key != start.key { switches += 1 }
    }
    if first == nil, let start = other.first { first = (start.key, start.ordinal + offset) }
    if let end = other.last { last = (end.key, end.ordinal + offset) }
    for (key, o) in other.tracks {
      if var t = tracks[key] {
        t.addOrder(o.firstOrdinal + offset - t.lastOrdinal)
        t.lastOrdinal = o.lastOrdinal + offset
        if let first = o.firstTime {
          if let last = t.lastTime { t.addTime(first - last) } else { t.firstTime = first }
          t.lastTime = o.lastTime
        }
        t.timeGaps += o.timeGaps
        t.logSum += o.logSum
        t.logSquares += o.logSquares
        t.orderGaps += o.orderGaps
        t.orderLogSum += o.orderLogSum
        t.orderLogSquares += o.orderLogSquares
        t.shortGaps += o.shortGaps
        t.closeGaps += o.closeGaps
        tracks[key] = t
      } else if tracks.count < EntityRhythm.capacity {
        var t = o
        t.firstOrdinal += offset
        t.lastOrdinal += offset
        tracks[key] = t
      }
    }
  }

  // MARK: what the classifier reads

  /// Of the keyed records right after one of their own, the share about another entity;
  /// nil with fewer than 5.
  package var switchShare: Double? { repeats >= 5 ? Double(switches) / Double(repeats) : nil }

  /// Distinct entities seen (up to `capacity`).
  package var entities: Int { tracks.count }
  /// Timed gaps within entities, over all entities.
  package var timeGaps: Int { tracks.values.reduce(0) { $0 + $1.timeGaps } }
  /// Gaps in record order within entities.
  package var orderGaps: Int { tracks.values.reduce(0) { $0 + $1.orderGaps } }
  /// Gaps in record order per entity: how often an entity comes back (0 without entities).
  package var returns: Double { tracks.isEmpty ? 0 : Double(orderGaps) / Double(tracks.count) }

  /// Pooled standard deviation of the log of each entity's gaps around that entity's own
  /// mean: about 0.1–0.3 for rows that report every few seconds ± 30 %, over 1 for a
  /// person's or random events. Nil with fewer than 8 gaps.
  package var timeSpread: Double? {
    Self.pooled(tracks.values.map { ($0.timeGaps, $0.logSum, $0.logSquares) })
  }

  /// The same spread for the gaps in records (no timestamps needed).
  package var orderSpread: Double? {
    Self.pooled(tracks.values.map { ($0.orderGaps, $0.orderLogSum, $0.orderLogSquares) })
  }

  /// Share of the entities' own timed gaps under a second, and of their gaps in records of
  /// at most 3: near 0 when each entity comes once per burst (one request per row), high
  /// when entities stream side by side (several downloads' progress). Nil without gaps.
  package var shortShare: Double? {
    let n = timeGaps
    return n > 0 ? Double(tracks.values.reduce(0) { $0 + $1.shortGaps }) / Double(n) : nil
  }
  package var closeShare: Double? {
    let n = orderGaps
    return n > 0 ? Double(tracks.values.reduce(0) { $0 + $1.closeGaps }) / Double(n) : nil
  }

  /// The typical gap between one entity's records in seconds (geometric mean).
  package var typicalGap: Double? {
    let n = timeGaps
    guard n > 0 else { return nil }
    return exp(tracks.values.reduce(0) { $0 + $1.logSum } / Double(n))
  }

  static func pooled(_ parts: [(n: Int, sum: Double, squares: Double)]) -> Double? {
    var within = 0.0
    var n = 0
    for p in parts where p.n >= 2 {
      within += max(0, p.squares - p.sum * p.sum / Double(p.n))
      n += p.n
    }
    guard n >= 8 else { return nil }
    return (within / Double(n)).squareRoot()
  }
}
