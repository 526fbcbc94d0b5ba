import Testing

@testable import TCALogOutput
@testable import TCALogReport

/// Figures and words a reader takes at face value (issue 54's cosmetic rows).
struct TrustWordingTests {
  /// A log whose every record has the same second has timestamps: they only fail to tell
  /// records apart, which is what the comparison says.
  @Test func sameSecondTimesAreNotCalledMissing() {
    var run = RunProfile(source: "a.log")
    run.records = 900
    run.lines = 3_600
    run.timedRecords = 900
    run.spanSeconds = 0
    #expect(ComparisonPrinter.describe(run).contains("timestamps within one second (they do not tell records apart)"))
    #expect(!ComparisonPrinter.describe(run).contains("no timestamps"))
    var untimed = RunProfile(source: "b.log")
    untimed.records = 900
    #expect(ComparisonPrinter.describe(untimed).contains("no timestamps"))
  }
}

extension TrustWordingTests {
  static func rhythm(gaps: [Double]) -> Rhythm {
    var r = Rhythm()
    var time = 1_000.0
    r.add(ordinal: 0, time: time)
    for (i, gap) in gaps.enumerated() {
      time += gap
      r.add(ordinal: i + 1, time: time)
    }
    return r
  }

  /// A 7.3 s timer: its median and its period are one figure, not 7 s and 6.75 s.
  @Test func aTimersMedianAndPeriodAgree() throws {
    let r = Self.rhythm(gaps: [Double](repeating: 7.3, count: 30))
    let median = try #require(r.medianGap)
    let period = try #require(r.period)
    #expect(median == period.seconds)
    #expect(abs(median - 7.3) / 7.3 < 0.05)
    #expect(period.share == 1)
  }

  /// The review screen and the classifier's reason round the same median the same way
  /// (it was `0.938 s` against `every 969 ms` for a 0.97 s timer).
  @Test func reviewScreenRoundsTheMedianAsTheReasonDoes() throws {
    let r = Self.rhythm(gaps: [Double](repeating: 0.97, count: 30))
    var e = ActionEvidence()
    e.records = 31
    e.timedGaps = r.timeGaps
    e.medianGap = r.medianGap
    let period = try #require(r.period)
    #expect(ReviewScreen.rate(e) == "one every \(ActionClassifier.seconds(period.seconds)) (median)")
    #expect(ReviewScreen.rate(e) == "one every 970 ms (median)")
  }

  /// A peak read from 64 timed records of 900 says on how many it rests.
  @Test func reviewRateSaysHowManyRecordsHaveATime() {
    var e = ActionEvidence()
    e.records = 900
    e.timedGaps = 63
    e.peakPerSecond = 5
    e.medianGap = 0.5
    #expect(ReviewScreen.rate(e).hasSuffix("from 64 of its 900 records with a time"))
    e.timedGaps = 899
    #expect(!ReviewScreen.rate(e).contains("with a time"))
  }
}
