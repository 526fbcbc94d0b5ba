import TCALogParsing

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

/// How one action's records are spaced: in record order (always) and in time (when the
/// records carry timestamps). The classifier reads a person's pace, a pointer's pace and a
/// timer's regularity from it.
///
/// Everything here is a count or a sum, and the first and last occurrence are kept, so two
/// trackers of consecutive parts of the input merge into exactly what one pass gives (the
/// gap across the boundary is added at the merge).
package struct Rhythm: Sendable, Equatable {
  /// Record ordinals (complete records of the aggregate, 0-based) of the first and last
  /// occurrence; -1 before the first.
  var firstOrdinal = -1
  var lastOrdinal = -1
  /// Gaps between consecutive occurrences in records: how many, how many were 1 (the
  /// record right before was the same action), and their sum and sum of squares.
  package private(set) var orderGaps = 0
  package private(set) var repeats = 0
  /// Gaps of 1 or 2: the record before was the same action, or the one before that (its
  /// own response between, as a slider's render answers each value).
  package private(set) var nearRepeats = 0
  var orderGapSum = 0.0
  var orderGapSquares = 0.0

  var firstTime: Double?
  var lastTime: Double?
  /// Gaps in seconds between consecutive timestamped occurrences (negative ones, from
  /// clocks that went back or files read out of order, are not counted).
  package private(set) var timeGaps = 0
  /// Of those, gaps under 0.1 s: ten or more a second, a pointer's or a machine's pace.
  package private(set) var fastGaps = 0
  /// Gaps by size, `binsPerOctave` bins per doubling from `smallestGap` seconds (bin 0
  /// also holds everything smaller); allocated at the first timed gap.
  var histogram: [UInt32] = []
  /// The sum of the gaps in each bin: a figure read from bins is their gaps' mean, exact
  /// for a steady timer (a bin is 6–12 % wide: its edge or middle is not). In whole
  /// microseconds: integer sums add up alike in any order, so merged parts equal one pass.
  var gapSums: [Int64] = []
  /// Minutes (since 1970) with a timestamped occurrence: how much of the session it is
  /// present in (a machine steadily, a person in clusters).
  package private(set) var minutes: Set<Int> = []

  static let binsPerOctave = 8
  static let smallestGap = 1.0 / 1024
  static let octaves = 28  // 1 ms … about 3 days
  static var binCount: Int { binsPerOctave * octaves }

  package init() {}

  /// The bin of a gap: 3 mantissa bits after the exponent give 8 bins an octave, each
  /// about 9 % wide, fine enough to see a timer's ±1 % jitter as one bin.
  @inline(__always) static func bin(_ gap: Double) -> Int {
    guard gap > smallestGap else { return 0 }
    let scaled = gap / smallestGap
    let octave = Int(scaled.exponent)
    let fraction = Int(scaled.significandBitPattern >> UInt64(Double.significandBitCount - 3))
    return min(binCount - 1, octave * binsPerOctave + fraction)
  }

  /// The lower edge of a bin in seconds.
  static func lowerEdge(_ bin: Int) -> Double {
    let octave = bin / binsPerOctave
    let step = bin % binsPerOctave
    return smallestGap * Double(1 << octave) * (1 + Double(step) / Double(binsPerOctave))
  }

  mutating func add(ordinal: Int, time: Double?) {
    assert(ordinal >= 0 && ordinal > lastOrdinal, "ordinals count up from 0 within one part")
    if lastOrdinal >= 0 { addOrderGap(ordinal - lastOrdinal) } else { firstOrdinal = ordinal }
    lastOrdinal = ordinal
    if let time {
      if let lastTime { addTimeGap(time - lastTime) } else { firstTime = time }
      lastTime = time
      minutes.insert(Int((time / 60).rounded(.down)))
    }
  }

  @inline(__always) private mutating func addOrderGap(_ gap: Int) {
    orderGaps += 1
    if gap == 1 { repeats += 1 }
    if gap <= 2 { nearRepeats += 1 }
    let g = Double(gap)
    orderGapSum += g
    orderGapSquares += g * g
  }

  @inline(__always) private mutating func addTimeGap(_ gap: Double) {
    guard gap >= 0 else { return }
    timeGaps += 1
    if gap < 0.1 { fastGaps += 1 }
    if histogram.isEmpty {
      histogram = [UInt32](repeating: 0, count: Rhythm.binCount)
      gapSums = [Int64](repeating: 0, count: Rhythm.binCount)
    }
    let bin = Rhythm.bin(gap)
    histogram[bin] &+= 1
    gapSums[bin] &+= Int64(min(gap, 1e9) * 1e6)
  }

  /// Adds the rhythm of the same action in a later part of the input, whose ordinals
  /// start `offset` records after this part's first.
  mutating func merge(_ other: Rhythm, offset: Int) {
    guard other.firstOrdinal >= 0 else { return }
    if lastOrdinal >= 0 {
      addOrderGap(other.firstOrdinal + offset - lastOrdinal)
    } else {
      firstOrdinal = other.firstOrdinal + offset
    }
    lastOrdinal = other.lastOrdinal + offset
    orderGaps += other.orderGaps
    repeats += other.repeats
    nearRepeats += other.nearRepeats
    orderGapSum += other.orderGapSum
    orderGapSquares += other.orderGapSquares
    if let otherFirst = other.firstTime {
      if let lastTime { addTimeGap(otherFirst - lastTime) } else { firstTime = otherFirst }
      lastTime = other.lastTime
    }
    timeGaps += other.timeGaps
    fastGaps += other.fastGaps
    minutes.formUnion(other.minutes)
    if !other.histogram.isEmpty {
      if histogram.isEmpty {
        histogram = other.histogram
        gapSums = other.gapSums
      } else {
        for i in histogram.indices {
          histogram[i] &+= other.histogram[i]
          gapSums[i] &+= other.gapSums[i]
        }
      }
    }
  }

  // MARK: what the classifier reads

  /// Share of occurrences that directly follow one of their own (runs, as in a gesture).
  package var repeatShare: Double { orderGaps > 0 ? Double(repeats) / Double(orderGaps) : 0 }

  /// Share of occurrences at most two records after one of their own: runs that another
  /// action interleaves one for one.
  package var nearRepeatShare: Double { orderGaps > 0 ? Double(nearRepeats) / Double(orderGaps) : 0 }

  /// Coefficient of variation of the gaps in records: about 1 for occurrences spread at
  /// random, well over 1 for occurrences that come in clusters.
  package var orderGapVariation: Double {
    guard orderGaps > 1 else { return 0 }
    let n = Double(orderGaps)
    let mean = orderGapSum / n
    let variance = max(0, orderGapSquares / n - mean * mean)
    return mean > 0 ? variance.squareRoot() / mean : 0
  }

  package var fastShare: Double { timeGaps > 0 ? Double(fastGaps) / Double(timeGaps) : 0 }

  /// The median gap in seconds (the mean of the gaps in its bin, as `period` gives the
  /// mean of its window's, so a timer's median and period read as one figure), nil
  /// without timed gaps.
  package var medianGap: Double? { quantile(0.5) }

  package func quantile(_ q: Double) -> Double? {
    quantileBin(q).map { Double(gapSums[$0]) / 1e6 / Double(histogram[$0]) }
  }

  /// The bin that holds the quantile `q` of the timed gaps, nil without timed gaps.
  func quantileBin(_ q: Double) -> Int? {
    guard timeGaps > 0 else { return nil }
    let target = max(1, Int((Double(timeGaps) * q).rounded(.up)))
    var seen = 0
    for (bin, n) in histogram.enumerated() {
      seen += Int(n)
      if seen >= target { return bin }
    }
    return nil
  }

  /// Share of the timed gaps within ± `fraction` of the median gap (by histogram bins,
  /// about 9 % wide): near 1 for a timer even with ± 30 % jitter, about 0.2–0.3 for the
  /// exponential gaps of events at random, a person's taps. The dispersion of the gaps,
  /// robust against the few long gaps of an app in the background.
  package func shareNearMedian(_ fraction: Double = 0.3) -> Double {
    guard timeGaps > 0, let m = quantileBin(0.5) else { return 0 }
    let k = Int((log2(1 + fraction) * Double(Rhythm.binsPerOctave)).rounded())
    var n: UInt32 = 0
    for i in max(0, m - k)...min(histogram.count - 1, m + k) { n &+= histogram[i] }
    return Double(n) / Double(timeGaps)
  }

  /// Share of the timed gaps under half a second: several a second.
  package var subSecondShare: Double {
    guard timeGaps > 0 else { return 0 }
    let limit = Rhythm.bin(0.5)
    return Double(histogram.prefix(limit).reduce(0) { $0 + Int($1) }) / Double(timeGaps)
  }

  /// The most common gap (the middle of the fullest three neighbouring bins, about ±14 %)
  /// and the share of gaps within it: near 1 for a timer, low for anything a person does.
  package var period: (seconds: Double, share: Double)? {
    guard timeGaps > 0 else { return nil }
    var best = 0
    var bestCount: UInt32 = 0
    for i in histogram.indices {
      let n = histogram[i] &+ (i > 0 ? histogram[i - 1] : 0) &+ (i + 1 < histogram.count ? histogram[i + 1] : 0)
      // Of windows that hold as many, the one centred on the fullest bin: a timer whose
      // gaps all fall in one bin is that bin's, not its left neighbour's (which the
      // first-found window was: a 7.3 s timer read as 6.75 s).
      if n > bestCount || (n == bestCount && n > 0 && histogram[i] > histogram[best]) {
        best = i
        bestCount = n
      }
    }
    let window = max(0, best - 1)...min(histogram.count - 1, best + 1)
    let seconds = Double(window.reduce(Int64(0)) { $0 &+ gapSums[$1] }) / 1e6 / Double(bestCount)
    return (seconds, Double(bestCount) / Double(timeGaps))
  }
}

/// Up to `capacity` distinct values of one state path as set by one action, by hash: enough
/// to tell a selection among a few values from telemetry that is new every time.
package struct ValueVariety: Sendable, Equatable {
  static let capacity = 32
  private(set) var hashes: [UInt64] = []
  /// Changes that set a value (not counting removals).
  package private(set) var values = 0
  /// Of those, values that read as a measurement: a number, a date or a text that grows.
  package private(set) var measurements = 0

  package init() {}

  mutating func add(_ hash: UInt64, isMeasurement: Bool = false) {
    values += 1
    if isMeasurement { measurements += 1 }
    if hashes.count < ValueVariety.capacity && !hashes.contains(hash) { hashes.append(hash) }
  }

  mutating func merge(_ other: ValueVariety) {
    values += other.values
    measurements += other.measurements
    for h in other.hashes where hashes.count < ValueVariety.capacity && !hashes.contains(h) { hashes.append(h) }
  }

  /// Distinct values over the values it could have shown (capped at `capacity`): 1 when
  /// every value was new, near 0 when a few values repeat.
  package var newValueShare: Double {
    let possible = min(values, ValueVariety.capacity)
    return possible > 0 ? Double(hashes.count) / Double(possible) : 0
  }
  package var distinct: Int { hashes.count }
  /// Whether a printed value reads as a measurement: a number (`-12`, `0.75`, `1e-3`) or a
  /// date (Custom Dump's `Date(2026-…)`, the Difference library's `2026-11-20 10:22:33 +0000`).
  /// A stream nudges numbers and stamps times; a new text or object every time (a scanned
  /// code, a message) is an event's payload (LABELS.md: the shape of the change).
  package static func isMeasurement(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    let bytes = trimmed(value)
    guard let first = bytes.first else { return false }
    if bytes.starts(with: "Date(".utf8) { return true }
    if bytes.count >= 10, ByteText.isDigit(first), bytes[bytes.startIndex + 4] == UInt8(ascii: "-"),
      bytes.prefix(4).allSatisfy(ByteText.isDigit)
    {
      return true
    }
    // A number starts with a digit, a sign or a point (`e5` is a name, not 10⁵).
    guard
      ByteText.isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        || first == UInt8(ascii: ".")
    else { return false }
    var sawDigit = false
    for (i, b) in bytes.enumerated() {
      if ByteText.isDigit(b) {
        sawDigit = true
      } else if b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
        if i != 0 && bytes[bytes.startIndex + i - 1] | 0x20 != UInt8(ascii: "e") { return false }
      } else if b != UInt8(ascii: ".") && b | 0x20 != UInt8(ascii: "e") && b != UInt8(ascii: "_") {
        return false
      }
    }
    return sawDigit
  }

  /// Whether a string change grows the old text by words (`"So we"` → `"So we should"`):
  /// a recognizer's partial result or a line being written is measured as it grows, where
  /// an event sets a new text (LABELS.md: a string growing a word). Custom Dump quotes
  /// strings, the Difference library does not; both values are read alike (quoted or not),
  /// the old one is not empty (a text set from nothing is a new text) and the new one goes
  /// on after a space (`.load` → `.loaded` is a new value, not a longer text).
  package static func isGrowingText(old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>) -> Bool {
    func text(_ value: UnsafeBufferPointer<UInt8>) -> (text: Slice<UnsafeBufferPointer<UInt8>>, quoted: Bool) {
      let bytes = trimmed(value)
      let quote = UInt8(ascii: "\"")
      if bytes.count >= 2 && bytes.first == quote && bytes.last == quote { return (bytes.dropFirst().dropLast(), true) }
      return (bytes, false)
    }
    let (before, after) = (text(old), text(new))
    guard before.quoted == after.quoted, !before.text.isEmpty, after.text.count > before.text.count,
      after.text.starts(with: before.text)
    else { return false }
    let space = UInt8(ascii: " ")
    return after.text[after.text.startIndex + before.text.count] == space || before.text.last == space
  }

  /// A printed value without the separator a dump puts after it (`12,`, `"a" `).
  static func trimmed(_ value: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
    var bytes = value[...]
    while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: ",") { bytes = bytes.dropLast() }
    return bytes
  }

  package var isSaturated: Bool { hashes.count == ValueVariety.capacity }
}
