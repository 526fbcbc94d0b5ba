import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Each piece of evidence of issue 41 alone: per entity, dispersion, presence, causality,
/// benefit and TCA structure.
@Suite struct EvidenceTests {
  static func key(_ text: String) -> UInt64? {
    Array(text.utf8).withUnsafeBufferPointer { text in
      ActionEntity.range(in: text).map { ActionEntity.key(UnsafeBufferPointer(rebasing: text[$0])) }
    }
  }

  static func evidence(records: Int = 200, lineShare: Double = 0.05) -> ActionEvidence {
    var e = ActionEvidence()
    e.records = records
    e.lines = records * 10
    e.recordShare = lineShare
    e.lineShare = lineShare
    return e
  }

  @Test func entitiesAreRowIDsOrPayloadDictionaryKeys() {
    let row = "AppFeature.Action.rows(\n  .element(\n    id: UUID(9688ABA0-F203),\n    action: .updated\n  )\n)"
    let other = "AppFeature.Action.rows(.element(id: UUID(1111ABA0-F203), action: .updated))"
    let sameRowOneLine = "AppFeature.Action.rows(.element(id: UUID(9688ABA0-F203), action: .other(3)))"
    #expect(Self.key(row) != nil)
    #expect(Self.key(row) == Self.key(sameRowOneLine))
    #expect(Self.key(row) != Self.key(other))
    // `postID:` is not `id:`; an array of strings has no key.
    #expect(Self.key("AppFeature.Action.feed(.likeTapped(postID: \"a1\"))") == nil)
    #expect(Self.key("AppFeature.Action.tags([\"a\", \"b\"])") == nil)
    let ana = Self.key("AppFeature.Action.friendsUpdated([\"ana\": Status(distance: 1.5)])")
    let anaAgain = Self.key("AppFeature.Action.friendsUpdated([\n  \"ana\": Status(distance: 9.0)\n])")
    #expect(ana != nil && ana == anaAgain)
    #expect(ana != Self.key("AppFeature.Action.friendsUpdated([\"ben\": Status(distance: 1.5)])"))
  }

  /// The scanner reads the entity from the action as printed, in every format, and the
  /// key is the same whether the lines were joined with their indentation or without.
  @Test func theScannerReadsEachRecordsEntity() throws {
    let log = """
      received action:
        AppFeature.Action.rows(
          .element(
            id: UUID(9688ABA0-F203-4A6B-9E5A-3C1D2E4F5A6B),
            action: .progressUpdated(0.5)
          )
        )
        (No state changes)

      received action:
        AppFeature.Action.pricesUpdated(
          [
            "AAPL": 1.5
          ]
        )
        (No state changes)

      received action:
        AppFeature.Action.refreshTapped
        (No state changes)

      🎬 Received action:
        AppAction.rows(.element(id: 7, action: .tick))
      🖨️ State:
      🖨️ (No state changes)

      """
    let records = try parse(log).records
    #expect(records.count == 4)
    let texts = records.map { r in r.entityRange.map { r.string($0) } }
    #expect(texts == ["UUID(9688ABA0-F203-4A6B-9E5A-3C1D2E4F5A6B)", "AAPL", nil, "7"])
    #expect(
      records[0].entityRange.map { records[0].withBytes($0, ActionEntity.key) }
        == Self.key(
          "rows(.element(id: UUID(9688ABA0-F203-4A6B-9E5A-3C1D2E4F5A6B), action: .tick))"))
  }

  /// Each entity's spread is taken around its own mean, so rows with different periods
  /// still read as timers; random rows do not.
  @Test func entitySpreadTellsTimersFromRandomRows() {
    var random = SeededRandom(seed: 3)
    var regular = EntityRhythm()
    var scattered = EntityRhythm()
    var ordinal = 0
    for entity in 0..<6 {
      let period = 2.0 + Double(entity) * 0.6
      var t = 0.0
      var u = 0.0
      for _ in 0..<40 {
        t += period * random.next(in: 0.7...1.3)
        u += -log(max(1e-9, random.next(in: 0...1))) * 3
        regular.add(key: UInt64(entity), ordinal: ordinal, time: t)
        scattered.add(key: UInt64(entity), ordinal: ordinal, time: u)
        ordinal += 1
      }
    }
    #expect(regular.entities == 6)
    #expect(regular.timeSpread! < 0.3)
    #expect(scattered.timeSpread! > 0.9)
    #expect(abs(regular.typicalGap! - 3.4) < 0.6)
    // Six rows of 40 records: each comes back 39 times; a row seen once, never.
    #expect(regular.returns == 39)
    var once = EntityRhythm()
    for row in 0..<10 { once.add(key: UInt64(row), ordinal: row, time: nil) }
    #expect(once.returns == 0 && EntityRhythm().returns == 0)
  }

  @Test func entityRhythmsOfPartsMergeIntoOnePass() {
    var whole = EntityRhythm()
    var first = EntityRhythm()
    var second = EntityRhythm()
    for i in 0..<100 {
      let key = UInt64(i % 7)
      let time = Double(i) * 0.37
      whole.add(key: key, ordinal: i, time: time)
      if i < 45 {
        first.add(key: key, ordinal: i, time: time)
      } else {
        second.add(key: key, ordinal: i - 45, time: time)
      }
    }
    first.merge(second, offset: 45)
    #expect(first.timeGaps == whole.timeGaps && first.orderGaps == whole.orderGaps)
    #expect(abs(first.timeSpread! - whole.timeSpread!) < 1e-6, "sums merged in another order")
    #expect(abs(first.orderSpread! - whole.orderSpread!) < 1e-6, "sums merged in another order")
  }

  /// The share of intervals within ± 30 % of the median: a timer with ± 25 % jitter stays
  /// near it, exponential intervals (events at random, a person) do not.
  @Test func dispersionReadsAJitteredTimerAsATimer() {
    var random = SeededRandom(seed: 5)
    var timer = Rhythm()
    var person = Rhythm()
    var t = 0.0
    var u = 0.0
    for i in 0..<200 {
      t += 6 * random.next(in: 0.75...1.25)
      u += -log(max(1e-9, random.next(in: 0...1))) * 6
      timer.add(ordinal: 2 * i, time: t)
      person.add(ordinal: 2 * i + 1, time: u)
    }
    #expect(timer.shareNearMedian(0.3) >= 0.85)
    #expect(timer.period!.share < 0.6, "outside the ± 14 % window the old rule used")
    #expect(person.shareNearMedian(0.3) < 0.4)
    #expect(timer.minutes.count >= 19)
  }

  @Test func aJitteredTimerPresentAllSessionIsNoise() {
    let classifier = ActionClassifier()
    var e = Self.evidence(records: 100, lineShare: 0.02)
    e.timedGaps = 99
    e.medianGap = 6
    e.period = 6
    e.periodShare = 0.45
    e.nearMedianShare = 0.9
    e.presence = 1
    #expect(classifier.decide("etaRefreshFired", e).actionClass == .noise)
    // The same spacing in a few clusters (a person's habit) is no timer.
    e.presence = 0.3
    #expect(classifier.decide("etaRefreshFired", e).actionClass != .noise)
  }

  @Test func eachEntityLikeATimerIsNoiseAtAPersonsPace() {
    let classifier = ActionClassifier()
    var e = Self.evidence(records: 600, lineShare: 0.3)
    e.timedGaps = 599
    e.medianGap = 1.2
    e.nearMedianShare = 0.3
    e.presence = 1
    #expect(classifier.decide("rows.element.updated", e).actionClass != .noise, "a person's pace at the path")
    e.entities = 8
    e.entityGap = 3.5
    e.entitySpread = 0.3
    e.entityReturns = 74
    let c = classifier.decide("rows.element.updated", e)
    #expect(c.actionClass == .noise)
    #expect(c.rules.first == .entityTimer && c.reasons.first?.contains("each of 8 entities") == true)
  }

  /// A person who opens a card and taps through its photos at a steady pace names each
  /// card twice or three times: steady within a card, no timer (author-af's dating app).
  @Test func entitiesThatRarelyComeBackAreNoTimer() {
    let classifier = ActionClassifier()
    var e = Self.evidence(records: 50, lineShare: 0.01)
    e.timedGaps = 49
    e.medianGap = 9
    e.nearMedianShare = 0.2
    e.presence = 0.6
    e.entities = 31
    e.entityGap = 1.7
    e.entitySpread = 0.26
    e.entityReturns = 19.0 / 31
    let taps = classifier.decide("deck.element.photoTapped", e)
    #expect(!taps.rules.contains(.entityTimer) && taps.actionClass != .noise)
    // Without times, evenly spaced in records says as little.
    e.timedGaps = 0
    e.entitySpread = nil
    e.entityOrderSpread = 0.21
    #expect(!classifier.decide("deck.element.photoTapped", e).rules.contains(.entityEvenOrder))
    e.entityReturns = 3
    #expect(classifier.decide("deck.element.photoTapped", e).rules.contains(.entityEvenOrder))
  }

  /// A burst across rows, each row at a person's pace, is a fan-out a person asked for.
  @Test func aBurstAcrossEntitiesIsAFanOutNotAStream() {
    let classifier = ActionClassifier()
    var e = Self.evidence(records: 100, lineShare: 0.04)
    e.timedGaps = 99
    e.medianGap = 0.03
    e.fastShare = 0.85
    e.repeatShare = 0.75
    #expect(classifier.decide("rows.element.detailsRequested", e).actionClass == .noise)
    e.entities = 8
    e.entityGap = 40
    e.entitySpread = 1.2
    e.entitySwitchShare = 0.95
    e.entityShortShare = 0.02
    #expect(classifier.decide("rows.element.detailsRequested", e).actionClass == .signal)
    // Without times: runs across entities, each irregular in record order.
    var plain = Self.evidence(records: 100, lineShare: 0.04)
    plain.repeatShare = 0.75
    plain.entities = 8
    plain.entityOrderSpread = 1.3
    plain.entitySwitchShare = 0.95
    plain.entityShortShare = 0.05
    #expect(classifier.decide("rows.element.detailsRequested", plain).actionClass != .noise)
    // One row's stream in runs (a tab's progress) is no fan-out, however irregular.
    plain.entitySwitchShare = 0.1
    plain.noOpShare = 0
    plain.newValueShare = 1
    plain.statePaths = ["rows[*].progress"]
    plain.exclusiveShare = 1
    #expect(classifier.decide("rows.element.progress", plain).actionClass == .noise)
  }

  /// A new number every time is a stream's shape; a new text or object every time (a
  /// scanned code) counts for less, and inserting new elements leans signal.
  @Test func theShapeOfTheChangeWeighs() {
    let classifier = ActionClassifier()
    var e = Self.evidence(records: 120, lineShare: 0.05)
    e.repeatShare = 0.3
    e.noOpShare = 0
    e.newValueShare = 1
    e.exclusiveShare = 1
    e.statePaths = ["scanner.lastReading"]
    e.measurementShare = 1
    let numbers = classifier.decide("scanner.readingReceived", e)
    e.measurementShare = 0
    let texts = classifier.decide("scanner.readingReceived", e)
    #expect(numbers.score == texts.score + 1)
    #expect(numbers.reasons.contains { $0.contains("a new value every time") })
    #expect(texts.reasons.contains { $0.contains("a new text or object every time") })
    e.insertShare = 0.9
    let inserts = classifier.decide("scanner.readingReceived", e)
    #expect(inserts.score == texts.score - 1 && inserts.rules.contains(.inserts))
    e.insertShare = 0.3
    #expect(!classifier.decide("scanner.readingReceived", e).rules.contains(.inserts))
  }

  /// A navigation stack's element id (`#2`) is a screen the person pushed: no entity.
  @Test func stackElementIDsAreNoEntities() throws {
    var items: [(time: Double, action: String, change: String?)] = []
    for i in 0..<40 {
      let t = Double(i) * 3
      items.append((t, "path(.element(id: #\(i % 4 + 1), action: .lesson(.continueButtonTapped)))", "step=\(i)"))
      items.append((t + 1, "rows(.element(id: \(i % 4 + 1), action: .refreshed))", "row=\(i)"))
    }
    let c = try TimedLog.classify(TimedLog.records(items))
    #expect(c["path.element.lesson.continueButtonTapped"]?.evidence.entities == 0)
    #expect(c["rows.element.refreshed"]?.evidence.entities == 4)
  }

  /// Under 1 % of lines, runs alone do not silence; a timer or a no-op flood does.
  @Test func aSmallShareIsSilencedOnlyOnStrongEvidence() {
    let classifier = ActionClassifier()
    var e = Self.evidence(records: 40, lineShare: 0.005)
    e.repeatShare = 0.3
    e.noOpShare = 0.85
    e.newValueShare = nil
    let small = classifier.decide("list.refreshed", e)
    #expect(small.actionClass == .ambiguous)
    #expect(small.rules.contains(.smallShare))
    e.lineShare = 0.05
    #expect(classifier.decide("list.refreshed", e).actionClass == .noise)
    e.lineShare = 0.005
    e.noOpShare = 1
    #expect(classifier.decide("list.refreshed", e).actionClass == .noise, "a no-op flood is strong")
  }

  @Test func tcaStructureLeansSignal() {
    #expect(ActionClassifier.structureLean("search.searchResponse.success") == -1)
    #expect(ActionClassifier.structureLean("row.delegate.didSave") == -1)
    #expect(ActionClassifier.structureLean("clock.tick") == 0)
    #expect(ActionClassifier.structureLean("searchResponse") == 0, "no Result payload")
  }

  /// Records that follow another action's closely, about as often as it occurs, take its
  /// class: a response its request's.
  @Test func aResponseInheritsTheClassOfWhatSetsItOff() throws {
    var random = SeededRandom(seed: 11)
    var items: [(Double, String, String?)] = []
    var t = 2.0
    while t < 280 {
      // A person asks for a burst of loads; each load is answered within 0.4 s.
      items.append((t, "loadTapped", "selection=\(Int(t) % 5)"))
      items.append((t + random.next(in: 0.1...0.4), "loadResponse(.success(3))", nil))
      t += random.next(in: 3...12)
    }
    for s in 0..<280 { items.append((Double(s) + 0.5, "clockTicked", "now")) }
    let classes = try TimedLog.classify(TimedLog.records(items.sorted { $0.0 < $1.0 }))
    let response = try #require(classes["loadResponse.success"])
    #expect(response.evidence.follows == "loadTapped")
    #expect(response.evidence.followShare >= 0.9)
    #expect(response.actionClass == classes["loadTapped"]?.actionClass)
    #expect(classes["clockTicked"]?.actionClass == .noise)
  }

  /// Issue 50 (author-ad's poker, without times): a lobby poll's response, half the lines,
  /// follows its timer's tick one-for-one; the model finds the tick noise, and the response
  /// (a `…Response`, which keeps the model from silencing it alone) goes with it. Signal,
  /// a binding and a loose follower stay as they were.
  @Test func whatFollowsTheModelsNoiseOneForOneGoesWithIt() throws {
    func action(_ path: String, _ c: ActionClass, follows: String? = nil, share: Double = 0.99, ratio: Double = 1.0)
      -> ClassifiedAction
    {
      var e = Self.evidence(records: 240, lineShare: 0.2)
      e.follows = follows
      e.followShare = share
      e.followRatio = ratio
      e.isBinding = path.split(separator: ".").contains("binding")
      return ClassifiedAction(path: path, actionClass: c, evidence: e, explanation: [], score: 0)
    }
    let out = ActionClassifier().respondingAsTheirCause([
      action("lobby.refreshTimerFired", .noise),
      action("lobby.tablesResponse.success", .ambiguous, follows: "lobby.refreshTimerFired"),
      action("lobby.statsResponse.success", .signal, follows: "lobby.refreshTimerFired"),
      action("lobby.binding.set", .ambiguous, follows: "lobby.refreshTimerFired"),
      action("lobby.sometimes", .ambiguous, follows: "lobby.refreshTimerFired", share: 0.5),
      action("lobby.twice", .ambiguous, follows: "lobby.refreshTimerFired", ratio: 2),
      action("table.opened", .ambiguous, follows: "table.tapped"),
      action("table.tapped", .ambiguous),
    ])
    let byPath = Dictionary(uniqueKeysWithValues: out.map { ($0.path, $0) })
    let response = try #require(byPath["lobby.tablesResponse.success"])
    #expect(response.actionClass == .noise)
    #expect(response.rules.first == .follows)
    #expect(byPath["lobby.statsResponse.success"]?.actionClass == .signal)
    for path in ["lobby.binding.set", "lobby.sometimes", "lobby.twice", "table.opened"] {
      #expect(byPath[path]?.actionClass == .ambiguous, "\(path)")
      #expect(byPath[path]?.rules.isEmpty == true)
    }
  }

  /// A burst a person asked for names the signal action that sets it off most; of two that
  /// set it off equally often, the first name, whatever the dictionary's order (seeded per
  /// process, and changed here by its capacity): `suggest`'s comments must be the same from
  /// run to run, and for every `-j` and standard input.
  @Test func aBurstNamesTheSameSetterInEveryRun() throws {
    var evidence = Self.evidence(records: 120)
    evidence.entities = 40
    evidence.entitySwitchShare = 0.95
    let path = "rows.element.thumbnailLoaded"
    let burst = ClassifiedAction(path: path, actionClass: .ambiguous, evidence: evidence, explanation: [], score: 0)
    let setters = ["search.searchResponse.success", "search.queryDebounced", "filterTapped"].map {
      ClassifiedAction(path: $0, actionClass: .signal, evidence: Self.evidence(), explanation: [], score: -2)
    }
    var named: Set<String> = []
    for capacity in [3, 8, 64, 1_000, 10_000] {
      var before: [String: Int] = [:]
      before.reserveCapacity(capacity)
      for (setter, n) in [("search.searchResponse.success", 5), ("filterTapped", 2), ("search.queryDebounced", 5)] {
        before[setter] = n
      }
      var follows = PathFollows(ReportAggregator().summary(), [:])
      follows.runs[path] = 12
      follows.before[path] = before
      let out = ActionClassifier().burstsSetOffBySignal([burst] + setters, follows)
      let reason = try #require(out[0].explanation.first)
      #expect(out[0].actionClass == .signal && reason.rule == .burstAfterSignal)
      named.insert(reason.text)
    }
    #expect(named.count == 1 && named.first?.contains("`search.queryDebounced` most") == true, "\(named)")
  }
}
