/// The busiest second of one action ("hover: 240 records in 1 s"), kept as it streams.
/// Records arrive in time order within an input, so only the current second is counted;
/// the first and last second are kept apart so that two aggregates of consecutive parts
/// merge into exactly what one pass gives.
package struct BurstTracker: Sendable, Equatable {
  package private(set) var best: (second: Int, count: Int)? {
    get { bestCount > 0 ? (bestSecond, bestCount) : nil }
    set {
      bestSecond = newValue?.second ?? 0
      bestCount = newValue?.count ?? 0
    }
  }
  private var bestSecond = 0
  private var bestCount = 0
  private var firstSecond: Int?
  private var firstCount = 0
  private var lastSecond: Int?
  private var lastCount = 0

  package init() {}

  package static func == (a: BurstTracker, b: BurstTracker) -> Bool {
    a.bestSecond == b.bestSecond && a.bestCount == b.bestCount
  }

  mutating func add(second: Int) {
    if second == lastSecond {
      lastCount += 1
    } else {
      lastSecond = second
      lastCount = 1
    }
    if firstSecond == nil { firstSecond = second }
    if second == firstSecond { firstCount = lastCount }
    consider(second, lastCount)
  }

  private mutating func consider(_ second: Int, _ count: Int) {
    // Ties go to the earlier second, as in a single pass.
    if count > bestCount || (count == bestCount && second < bestSecond) {
      bestSecond = second
      bestCount = count
    }
  }

  mutating func merge(_ other: BurstTracker) {
    guard let otherFirst = other.firstSecond else { return }
    guard firstSecond != nil else {
      self = other
      return
    }
    if other.bestCount > 0 { consider(other.bestSecond, other.bestCount) }
    if otherFirst == lastSecond {
      let joined = lastCount + other.firstCount
      consider(otherFirst, joined)
      if firstSecond == lastSecond { firstCount = joined }
      lastCount = other.lastSecond == otherFirst ? joined : other.lastCount
    } else {
      lastCount = other.lastCount
    }
    lastSecond = other.lastSecond
  }
}
