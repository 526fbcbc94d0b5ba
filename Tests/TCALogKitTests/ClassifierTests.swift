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

/// Logs made here with exact times, so each rule of the classifier is seen alone.
enum TimedLog {
  /// `log stream`-style header lines at the given seconds after 10:00:00, one tca1 record
  /// each; `change` is the state property and its new value, `selection=2` (nil: a no-op).
  static func records(_ items: [(time: Double, action: String, change: String?)]) -> String {
    var out = ""
    for item in items {
      let whole = Int(item.time)
      let micros = Int(((item.time - Double(whole)) * 1_000_000).rounded())
      let stamp = String(format: "2026-11-20 10:%02d:%02d.%06d+0100", whole / 60 % 60, whole % 60, micros)
      out += "\(stamp) 0x1     Default     0x0    42   0    App: received action:\n  AppFeature.Action.\(item.action)\n"
      if let change = item.change {
        let parts = change.split(separator: "=", maxSplits: 1).map(String.init)
        let value = parts.count > 1 ? parts[1] : String(Int(item.time * 1000))
        out += "  AppFeature.State(\n-   \(parts[0]): -1\n+   \(parts[0]): \(value)\n  )\n\n"
      } else {
        out += "  (No state changes)\n\n"
      }
    }
    return out
  }

  /// The report's summary of `text`, which a classifier with any policy reads.
  static func summary(_ text: String) throws -> ReportSummary {
    var aggregator = ReportAggregator()
    let (records, statistics, _) = try parse(text)
    for r in records { aggregator.add(r.content) }
    aggregator.statistics = statistics
    return aggregator.summary()
  }

  static func classify(_ text: String, policy: ClassifierPolicy = ClassifierPolicy()) throws -> [String:
    ClassifiedAction]
  {
    Dictionary(uniqueKeysWithValues: ActionClassifier(policy: policy).classify(try summary(text)).map { ($0.path, $0) })
  }
}

@Suite struct ClassifierTests {
  /// A person taps every few seconds while a timer ticks every second and a pointer streams
  /// at 50 Hz in bursts: deterministic, seeded jitter.
  static func mixedSession(
    tapName: String = "rowTapped", pointerName: String = "pointerMoved", timerName: String = "clockTicked"
  ) -> String {
    var random = SeededRandom(seed: 7)
    var items: [(Double, String, String?)] = []
    for second in 0..<300 { items.append((Double(second) + random.next(in: -0.004...0.004) + 0.5, timerName, "now")) }
    var t = 1.0
    while t < 300 {
      items.append((t, tapName, "selection=\(Int(t) % 4)"))
      if random.next(in: 0...1) < 0.3 {
        for k in 0..<40 { items.append((t + 0.2 + Double(k) * 0.02, pointerName, "pointer")) }
      }
      t += random.next(in: 2...9)
    }
    return TimedLog.records(items.sorted { $0.0 < $1.0 })
  }

  @Test func pointerTimerAndPersonAreToldApartByTime() throws {
    let c = try TimedLog.classify(Self.mixedSession())
    #expect(c["pointerMoved"]?.actionClass == .noise)
    #expect(c["pointerMoved"]?.rules.first == .fastBursts)
    #expect(c["clockTicked"]?.actionClass == .noise)
    #expect(c["clockTicked"]?.rules.first == .timer)
    #expect(c["rowTapped"]?.actionClass == .signal)
    #expect(c["rowTapped"]?.rules.first == .personPace)
  }

  /// A name never outweighs the numbers: a `…Tapped` at a pointer's pace is noise, a
  /// `tick` at a person's pace is signal.
  @Test func namesDoNotOutweighNumbers() throws {
    let c = try TimedLog.classify(
      Self.mixedSession(tapName: "timerTicked", pointerName: "buttonTapped", timerName: "stepCompleted"))
    #expect(c["buttonTapped"]?.actionClass == .noise)
    #expect(c["stepCompleted"]?.actionClass == .noise)
    #expect(c["timerTicked"]?.actionClass == .signal)
  }

  @Test func withoutTimesRunsAndNoOpsMakeNoise() throws {
    var text = ""
    for i in 0..<200 {
      text +=
        "received action:\n  AppFeature.Action.itemTapped\n  AppFeature.State(\n-   selected: \(i % 3)\n+   selected: \((i + 1) % 3)\n  )\n\n"
      for _ in 0..<6 {
        text += "received action:\n  AppFeature.Action.dragged\n  AppFeature.State(\n-   x: 1\n+   x: \(i)\n  )\n\n"
      }
      if i % 2 == 0 { text += "received action:\n  AppFeature.Action.heartbeat\n  (No state changes)\n\n" }
    }
    let c = try TimedLog.classify(text)
    #expect(c["dragged"]?.actionClass == .noise)
    #expect(c["dragged"]?.rules.contains(.runs) == true)
    #expect(c["heartbeat"]?.actionClass == .noise)
    #expect(c["heartbeat"]?.rules.contains(.noOps) == true)
    #expect(try #require(c["itemTapped"]).actionClass != .noise)
  }

  @Test func rareActionsAreSignalAndBindingsAreTheUsersCall() throws {
    var random = SeededRandom(seed: 5)
    var items: [(Double, String, String?)] = []
    var t = 0.0
    for _ in 0..<400 {
      t += random.next(in: 0.12...0.6)  // keystrokes
      items.append((t, "binding(.set(\\State.$query, \"q\"))", "query"))
    }
    items.append((3, "logoutTapped", "session"))
    items.append((90, "deleteConfirmed", "items"))
    let c = try TimedLog.classify(TimedLog.records(items.sorted { $0.0 < $1.0 }))
    #expect(c["binding.set"]?.actionClass == .ambiguous)
    #expect(c["binding.set"]?.rules.contains(.bindingKeystrokes) == true)
    #expect(c["logoutTapped"]?.actionClass == .signal)
    #expect(c["logoutTapped"]?.rules.first == .rare)
  }

  @Test func aFewRecordsAreTooThinToJudge() throws {
    let c = try TimedLog.classify(TimedLog.records((0..<12).map { (Double($0) * 0.01, "mouseMoved", nil) }))
    #expect(c["mouseMoved"]?.actionClass == .ambiguous)
    #expect(c["mouseMoved"]?.rules == [.thin])
  }

  @Test func namesAreReadAsCamelCaseWordsFromTheEnd() {
    #expect(ActionClassifier.words("didFinishLoading") == ["did", "finish", "loading"])
    #expect(ActionClassifier.words("URLResponse") == ["url", "response"])
    #expect(ActionClassifier.nameLean("appSidebar.dragEnded").0 == -1)
    #expect(ActionClassifier.nameLean("windows.window.mouseMoved").0 == 1)
    #expect(ActionClassifier.nameLean("list.removeItem").0 == 0)
    #expect(ActionClassifier.nameLean("search.searchResponse.success").0 == -1)
    // A plural reads as its singular before an earlier word (`did`) can speak.
    #expect(ActionClassifier.nameLean("locationManager.didUpdateLocations") == (1, "location"))
    #expect(ActionClassifier.nameLean("locationManager.didUpdate") == (-1, "did"))
    // A collection's name is what its rows are: an open bet's offer is not an opening.
    #expect(ActionClassifier.nameLean("myBets.openBet.element.cashOutOfferUpdated").0 == 0)
    #expect(ActionClassifier.nameLean("openBet.element.closeTapped") == (-1, "tapped"))
    #expect(ActionClassifier.nameLean("tabs.tab.openTapped").0 == -1)
  }

  /// Without times, a slider whose every value is answered by a render before the next
  /// streams as a drag does: its key path is noise by the binding-stream rule, though no
  /// record of it directly follows another; a text field's keystrokes, answered in words,
  /// stay the user's call.
  @Test func aSliderAnsweredValueByValueStreams() throws {
    var log = ""
    func record(_ action: String, _ field: String, _ value: Int) {
      log +=
        "received action:\n  AppFeature.Action.\(action)\n  AppFeature.State(\n-   \(field): \(value - 1)\n+   \(field): \(value)\n  )\n\n"
    }
    var v = 0
    for gesture in 0..<6 {
      for _ in 0..<30 {
        v += 1
        record("binding(.set(\\State.$contrast, \(v)))", "contrast", v)
        record("renderResponse(.success(\(v)))", "preview", v)
      }
      for k in 0..<5 {
        v += 1
        record("binding(.set(\\State.$caption, \"\(gesture)-\(k)\"))", "caption", v)
      }
      record("renderResponse(.success(\(v)))", "preview", v)
      record("saveTapped", "saved", v)
    }
    let c = try TimedLog.classify(log)
    let binding = try #require(c["binding.set"])
    let contrast = try #require(binding.keyPaths.first { $0.keyPath == "\\.$contrast" })
    #expect(contrast.actionClass == .noise)
    #expect(contrast.rules.contains(.bindingStream))
    let caption = try #require(binding.keyPaths.first { $0.keyPath == "\\.$caption" })
    #expect(caption.actionClass != .noise)
  }

  /// What an action sets off: a poll's tick is answered every time, a pointer never.
  @Test func leadShareIsTheShareOfRecordsAnsweredByWhatItCauses() throws {
    var items: [(time: Double, action: String, change: String?)] = []
    for i in 0..<60 {
      let t = Double(i) * 10
      items.append((t, "pollTicked", "isPolling=true"))
      items.append((t + 0.3, "pollResponse(.success)", "rows"))
      for k in 0..<20 { items.append((t + 2 + Double(k) * 0.05, "pointerMoved", "x")) }
    }
    let c = try TimedLog.classify(TimedLog.records(items))
    #expect(try #require(c["pollTicked"]).evidence.leadShare >= 0.9)
    #expect(try #require(c["pollResponse.success"]).evidence.cause == "pollTicked")
    #expect(try #require(c["pointerMoved"]).evidence.leadShare == 0)
  }
}

/// The spacing evidence merges across chunks into exactly what one pass gives.
@Suite struct RhythmTests {
  @Test func mergedPartsEqualOnePass() {
    var random = SeededRandom(seed: 11)
    var events: [(ordinal: Int, time: Double?)] = []
    for i in 0..<500 {
      let ordinal = i * 3 + Int(random.next(in: 0...2))
      let time: Double? = i % 7 == 0 ? nil : Double(i) * 0.4 + random.next(in: 0...0.3)
      events.append((ordinal, time))
    }
    var whole = Rhythm()
    for e in events { whole.add(ordinal: e.ordinal, time: e.time) }
    for cut in [1, 17, 250, 499] {
      var first = Rhythm()
      var second = Rhythm()
      for e in events[..<cut] { first.add(ordinal: e.ordinal, time: e.time) }
      // The later part numbers its records from 0, as each chunk's aggregate does.
      let offset = events[cut].ordinal - 1
      for e in events[cut...] { second.add(ordinal: e.ordinal - offset, time: e.time) }
      first.merge(second, offset: offset)
      #expect(first == whole, "cut at \(cut)")
    }
  }

  @Test func binsAreNinePercentWideAndMonotonic() throws {
    var last = -1
    for g in stride(from: 0.0005, to: 5000, by: 0.37) {
      let b = Rhythm.bin(g)
      #expect(b >= last)
      last = b
      if g > Rhythm.smallestGap * 2 {
        #expect(Rhythm.lowerEdge(b) <= g && g < Rhythm.lowerEdge(b + 1) * 1.0000001)
      }
    }
    var r = Rhythm()
    for i in 0..<50 { r.add(ordinal: i * 2, time: Double(i) * 1.0) }
    let period = try #require(r.period)
    #expect(abs(period.seconds - 1.0) < 0.1 && period.share == 1)
    #expect(r.repeatShare == 0 && r.fastShare == 0)
  }

  /// A stream nudges numbers and stamps times; a scanned code or a message is new text.
  @Test func measurementsAreNumbersAndDates() {
    func reads(_ text: String) -> Bool {
      Array(text.utf8).withUnsafeBufferPointer { ValueVariety.isMeasurement($0) }
    }
    for value in [
      "12", "-0.75", "1e-3", "2.5E+4,", "1_000", "Date(2026-11-20T10:22:33.000Z)", "2026-11-20 10:22:33 +0000",
    ] {
      #expect(reads(value), "\(value)")
    }
    for value in [
      "\"LOC-A-23\"", "(01)0000046(21)4C2C", "Item(", "true", ".connected", "", "-", "e", "e5", "12a", "1-2",
    ] {
      #expect(!reads(value), "\(value)")
    }
    var v = ValueVariety()
    v.add(1, isMeasurement: true)
    v.add(2, isMeasurement: false)
    var w = ValueVariety()
    w.add(3, isMeasurement: true)
    v.merge(w)
    #expect(v.values == 3 && v.measurements == 2)
  }

  /// A recognizer's partial result grows its sentence a word at a time: measured, as a
  /// nudged number is; a new message every time is not (LABELS.md: the shape of the change).
  @Test func aTextThatGrowsIsMeasured() throws {
    func grows(_ old: String, _ new: String) -> Bool {
      Array(old.utf8).withUnsafeBufferPointer { o in
        Array(new.utf8).withUnsafeBufferPointer { ValueVariety.isGrowingText(old: o, new: $0) }
      }
    }
    #expect(grows("\"So\"", "\"So we\""))
    #expect(grows("\"So we\",", "\"So we should\","))
    #expect(!grows("\"\"", "\"Hello\""), "a text set from nothing is new")
    #expect(!grows("\"So we\"", "\"So\""), "shrinks")
    #expect(!grows("\"So we\"", "\"So we\""), "unchanged")
    #expect(!grows("\"Hello\"", "\"Goodbye\""))
    #expect(!grows("12", "123"), "numbers are measured as numbers")
    #expect(!grows("\"So", "\"So we\""), "cut: no closing quote")
    #expect(grows("wants", "wants the"), "the Difference library prints strings bare")
    #expect(!grows("", "wants"))
    #expect(!grows(".load", ".loaded"), "a longer word is a new value")
    #expect(!grows("\"So\"", "So we"), "one quoted, one not")

    let words = ["So", "we", "should", "ship", "the", "beta", "on", "Friday", "after", "the", "review"]
    let messages = ["Hi", "See you at 5", "Running late", "Where are you?", "OK", "Thanks!", "Lunch?", "Sure"]
    var log = ""
    for sentence in 0..<6 {
      var text = ""
      for word in words {
        let old = text
        text += (text.isEmpty ? "" : " ") + word + (sentence > 0 ? "\(sentence)" : "")
        log += "received action:\n  AppFeature.Action.recognizer(.partialResult)\n"
        log += "  AppFeature.State(\n-   partial: \"\(old)\"\n+   partial: \"\(text)\"\n  )\n\n"
      }
      let old = messages[sentence % messages.count]
      let new = messages[(sentence + 1) % messages.count]
      log += "received action:\n  AppFeature.Action.chat(.messageReceived)\n"
      log += "  AppFeature.State(\n-   lastMessage: \"\(old)\"\n+   lastMessage: \"\(new)\"\n  )\n\n"
    }
    let c = try TimedLog.classify(log)
    let partial = try #require(c["recognizer.partialResult"]?.evidence.measurementShare)
    // Each sentence's first word is set from nothing: 10 of 11 grow.
    #expect(abs(partial - 10.0 / 11.0) < 1e-9, "\(partial)")
    #expect(c["chat.messageReceived"]?.evidence.measurementShare == 0)

    // The same sentence as the Difference library prints it (`debugDiffing`): bare text.
    var diffing = ""
    var text = ""
    for word in words {
      let old = text
      text += (text.isEmpty ? "" : " ") + word
      diffing += "🎬 Received action:\n  AppAction.recognizer(\n    RecognizerAction.partialResult(\n"
      diffing += "      \"\(text)\"\n    )\n  )\n🖨️ State:\nrecording:\n|\tpartial:\n"
      diffing += "|\t|\tCurrent: \(text)\n|\t|\tPrevious: \(old)\n\n"
    }
    let bare = try TimedLog.classify(diffing)
    let grown = try #require(bare["recognizer.partialResult"]?.evidence.measurementShare)
    #expect(abs(grown - 10.0 / 11.0) < 1e-9, "\(grown)")
  }

  @Test func varietyCountsDistinctValuesUpToItsCap() {
    var v = ValueVariety()
    for i in 0..<10 { v.add(UInt64(i % 2)) }
    #expect(v.distinct == 2 && abs(v.newValueShare - 0.2) < 1e-9)
    var w = ValueVariety()
    for i in 0..<100 { w.add(UInt64(i)) }
    #expect(w.isSaturated && w.newValueShare == 1)
  }
}

/// The fitted model (`NoiseModel`): the features Swift computes are the ones the trees
/// were fitted on, and its verdict comes with its reasons and its vetoes.
@Suite struct NoiseModelTests {
  @Test func theFeaturesAreTheFittedOnes() {
    let x = NoiseModel.features(ActionEvidence(), path: "a.b", score: 0, rulesClass: .ambiguous)
    #expect(x.count == NoiseModel.fittedFeatures.count)
    // Every tree splits on a feature Swift computes, and its children are inside the tree.
    for tree in NoiseModel.trees {
      for node in tree where node.feature >= 0 {
        #expect(node.feature < x.count && node.left < tree.count && node.right < tree.count)
      }
    }
  }

  /// The timed session of `ClassifierTests`: the model decides (its reason is there,
  /// after the rules'), the pointer and the timer are noise, the taps stay signal.
  @Test func theModelDecidesWithItsReasonsLast() throws {
    let c = try TimedLog.classify(ClassifierTests.mixedSession())
    for path in ["pointerMoved", "clockTicked", "rowTapped"] {
      let action = try #require(c[path])
      #expect(action.rules.last == .model || action.rules.first == .modelOverrules, "\(path): \(action.rules)")
      #expect(action.noiseProbability != nil)
    }
    #expect(try #require(c["pointerMoved"]?.noiseProbability) > 0.85)
    #expect(try #require(c["rowTapped"]?.noiseProbability) < 0.5)
    #expect(c["rowTapped"]?.actionClass == .signal)
  }

  /// With the model off (the policy the measuring scripts can inject), the rules' verdict
  /// stands and no reason is the model's.
  @Test func thePolicyTurnsTheModelOff() throws {
    let off = ActionClassifier(policy: try ClassifierPolicy(overrides: "usesModel=0")).classify(
      try TimedLog.summary(ClassifierTests.mixedSession()))
    #expect(!off.isEmpty && off.allSatisfy { $0.noiseProbability == nil && !$0.rules.contains(.model) })
    #expect(throws: ClassifierPolicy.PolicyError.unknown("noSuchThreshold")) {
      try ClassifierPolicy(overrides: "noSuchThreshold=1")
    }
    #expect(throws: ClassifierPolicy.PolicyError.malformed("smallShare")) {
      try ClassifierPolicy(overrides: "smallShare")
    }
    // A count that is no whole number an Int holds is refused, not trapped on.
    #expect(throws: ClassifierPolicy.PolicyError.malformed("minimumRecords=1e19")) {
      try ClassifierPolicy(overrides: "minimumRecords=1e19")
    }
    #expect(try ClassifierPolicy(overrides: "rareRecords=5").rareRecords == 5)
  }

  /// An echo after each of a person's writes (an unread count observed, three in four
  /// unchanged) comes at the person's pace, which the rules read as signal; the model, nearly
  /// sure of noise, overrules them, and a threshold above any probability restores the veto.
  @Test func theModelOverrulesTheRulesSignalWhenNearlySure() throws {
    var random = SeededRandom(seed: 11)
    var items: [(time: Double, action: String, change: String?)] = []
    var t = 1.0
    var unread = 40
    var writes = 0
    while t < 720 {
      let archive = random.next(in: 0...1) < 0.6
      items.append((t, archive ? "inbox.archiveTapped" : "inbox.rowTapped", "selection=\(Int(t) % 7)"))
      writes += 1
      // The count changes on one write in four; the other echoes re-send the same count.
      if writes % 4 == 0 { unread -= 1 }
      items.append((t + random.next(in: 0.05...0.3), "unreadCountObserved", writes % 4 == 0 ? "badge=\(unread)" : nil))
      t += random.next(in: 2...9)
    }
    for second in stride(from: 0.5, to: 720, by: 1.0) { items.append((second, "clockTicked", "now")) }
    items.sort { $0.time < $1.time }
    let log = TimedLog.records(items)
    func echo(_ policy: ClassifierPolicy) throws -> ClassifiedAction {
      try #require(TimedLog.classify(log, policy: policy)["unreadCountObserved"])
    }
    let overruled = try echo(ClassifierPolicy())
    #expect(overruled.rulesClass == .signal)
    #expect(try #require(overruled.noiseProbability) >= 0.9)
    #expect(overruled.actionClass == .noise && overruled.rules.first == .modelOverrules)
    let vetoed = try echo(ClassifierPolicy(overrides: "modelOverrulesSignal=1.01"))
    #expect(vetoed.rulesClass == .signal && vetoed.actionClass == .signal)
  }

  /// The rules' noise on a name that leans signal stands only with the model's agreement:
  /// a machine-paced stream named like a tap is noise by both; asking for more agreement
  /// than any probability gives keeps it in doubt, with the model's reason first.
  @Test func aSignalNameNeedsTheModelToAgree() throws {
    var items: [(time: Double, action: String, change: String?)] = []
    for i in 0..<400 { items.append((Double(i) * 0.05, "autoScrollTapped", "offset")) }
    for i in 0..<8 { items.append((Double(i) * 2.5 + 1.01, "saveTapped", "saved=true")) }
    items.sort { $0.time < $1.time }
    let log = TimedLog.records(items)
    func stream(_ policy: ClassifierPolicy) throws -> ClassifiedAction {
      try #require(TimedLog.classify(log, policy: policy)["autoScrollTapped"])
    }
    let agreed = try stream(ClassifierPolicy())
    #expect(agreed.rulesClass == .noise && agreed.actionClass == .noise)
    let doubted = try stream(ClassifierPolicy(overrides: "modelNameAgree=1.01"))
    #expect(doubted.rulesClass == .noise && doubted.actionClass == .ambiguous)
    #expect(doubted.rules.first == .modelOverrules)
  }

  /// Under 1 % of lines the bar is `modelStrongNoise`, the model's own bar there, not
  /// `modelNameAgree`: a sensor's reconnect loop (one effect) fails every 5 s for two
  /// minutes while its readings stream (0.7 % of the lines; the rules hear a timer in the
  /// failures, whose name leans signal). Silencing so little buys little, so the failures
  /// stay in doubt unless the model is that sure; as a large share the usual agreement would
  /// do.
  @Test func aSmallSignalNameNeedsTheModelToBeSure() throws {
    var random = SeededRandom(seed: 5)
    var items: [(time: Double, action: String, change: String?)] = []
    for tick in 0..<2_880 {
      items.append((Double(tick) * 0.25 + 0.1, "sensor(.readingReceived)", "pm25=\(10 + tick % 7)"))
    }
    var t = 200.0
    while t < 320 {
      items.append(
        (t + random.next(in: 0.2...0.6), "sensor(.connectResponse(.failure(SensorError.timeout)))", "error=timeout"))
      t += random.next(in: 4.8...5.2)
    }
    t = 3
    while t < 720 {
      items.append((t, "stationsTapped", "selection=\(Int(t) % 5)"))
      t += random.next(in: 20...60)
    }
    items.sort { $0.time < $1.time }
    let log = TimedLog.records(items)
    func failures(_ policy: ClassifierPolicy) throws -> ClassifiedAction {
      let all = try TimedLog.classify(log, policy: policy)
      return try #require(all["sensor.connectResponse.failure.timeout"], "\(all.keys.sorted())")
    }
    let found = try failures(ClassifierPolicy())
    #expect(found.evidence.lineShare < ClassifierPolicy().smallShare)
    #expect(found.evidence.nameLean < 0)
    #expect(found.rulesClass == .noise)
    let noise = try #require(found.noiseProbability)
    #expect(noise >= ClassifierPolicy().modelNameAgree)
    // Just short of the bar: in doubt, with the model's reason first.
    let doubted = try failures(ClassifierPolicy(overrides: "modelStrongNoise=\(noise.nextUp)"))
    #expect(doubted.actionClass == .ambiguous && doubted.rules.first == .modelOverrules)
    // At the bar, the rules' noise stands.
    let agreed = try failures(ClassifierPolicy(overrides: "modelStrongNoise=\(noise)"))
    #expect(agreed.actionClass == .noise)
    // Counted as a large share, the usual agreement is enough.
    let large = try failures(ClassifierPolicy(overrides: "modelStrongNoise=\(noise.nextUp),smallShare=0"))
    #expect(large.rulesClass == .noise && large.actionClass == .noise)
  }
}
