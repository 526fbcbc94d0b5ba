@_spi(Scanner) import TCALogParsing

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

/// What an action path is to a reader of the log.
public enum ActionClass: String, Sendable, CaseIterable {
  /// Emitted by the machine on its own or at a pointer's pace: silence it.
  case noise
  /// Caused by a person or a system event a handful of times: keep it.
  case signal
  /// The evidence points both ways (a text field's binding per keystroke) or is too thin:
  /// the user decides.
  case ambiguous
}

/// The rules of the classifier, each with a stable id (its raw value): what a reason rests
/// on, for tests and scripts to check without reading English. The table, in the order the
/// rules are weighed:
///
/// | id | points | what it reads |
/// |---|---|---|
/// | `thin` | – | too few records in the whole log to judge anything |
/// | `rare` | −3 | fewer than `rareRecords` records, or a tiny share of records and lines |
/// | `entity-timer` | +4 | each entity (row id, dictionary key) reports like a timer, and comes back |
/// | `entity-fan-out` | −2 | bursts across entities, each entity at a person's pace |
/// | `fast-bursts` | +4 | half or more of the intervals under 0.1 s |
/// | `timer` | +2…+4 | intervals repeat within ±14 %, or stay within ±30 % of the median all session |
/// | `often-bursts` | +2 | a fifth or more of the intervals under 0.1 s |
/// | `person-pace` | −3 | a median interval of a second or more, no timer |
/// | `median-interval` | 0 | the median interval, when it says nothing else |
/// | `often-period` | +1 | 40–60 % of the intervals near one value |
/// | `entity-fan-out-order` | −2 | without times: runs across entities, each entity irregular |
/// | `entity-even-order` | +3 | without times: each entity evenly spaced in records, and comes back |
/// | `binding-stream` | +2 | without times: a binding's key path in runs of twenty or more |
/// | `runs` | +1, +3 | a quarter, half or more of its records right after one of its own |
/// | `record-share` | +1 | 5 % or more of all records |
/// | `no-ops` | +1, +2 | 80 % or more no-op records |
/// | `new-values` | +1, +2 | a new value every time (+2 when it alone sets the path with measurements) |
/// | `inserts` | −1 | most of its changes insert a new element |
/// | `binding-tap` | −2 | a binding set one record at a time: a toggle's or stepper's tap |
/// | `no-machine` | −1 | seen often and none of a machine's habits |
/// | `line-share` | 0 | its share of the lines (a cost, not evidence) |
/// | `binding-keystrokes` | – | a binding per keystroke: ambiguous, the user's call |
/// | `small-share` | – | under `smallShare` of lines without strong evidence: kept in doubt |
/// | `structure` | – | an effect's response or a delegate action leans signal |
/// | `name` | – | a word of the name leans one way |
/// | `key-paths-agree`, `key-paths-differ` | – | a binding's key paths, each judged alone |
/// | `follows` | – | follows another action one-for-one: takes its class (the rules'; after the model, its noise) |
/// | `burst-after-signal` | – | a fan-out whose runs start after signal: a burst a person asked for |
/// | `model`, `model-overrules` | – | the fitted model's probability, and where it decides otherwise |
public enum ClassifierRule: String, Sendable, CaseIterable {
  case thin, rare
  case entityTimer = "entity-timer"
  case entityFanOut = "entity-fan-out"
  case fastBursts = "fast-bursts"
  case timer
  case oftenBursts = "often-bursts"
  case personPace = "person-pace"
  case medianInterval = "median-interval"
  case oftenPeriod = "often-period"
  case entityFanOutOrder = "entity-fan-out-order"
  case entityEvenOrder = "entity-even-order"
  case bindingStream = "binding-stream"
  case runs
  case recordShare = "record-share"
  case noOps = "no-ops"
  case newValues = "new-values"
  case inserts
  case bindingTap = "binding-tap"
  case noMachine = "no-machine"
  case lineShare = "line-share"
  case bindingKeystrokes = "binding-keystrokes"
  case smallShare = "small-share"
  case structure, name
  case keyPathsAgree = "key-paths-agree"
  case keyPathsDiffer = "key-paths-differ"
  case follows
  case burstAfterSignal = "burst-after-signal"
  case model
  case modelOverrules = "model-overrules"
}

/// What follows what by action path (over all roots; an action's roots merge): for each
/// path the runs of it that start close after each other path, how many runs each path
/// precedes in all, and each path's runs. Built once per classification for the rules of
/// causality and for `ActionClassifier.withContext`.
struct PathFollows {
  var before: [String: [String: Int]] = [:]
  var precedes: [String: Int] = [:]
  var runs: [String: Int] = [:]

  init(_ summary: ReportSummary, _ byPath: [String: [Int]]) {
    var pathOf: [Int: String] = [:]
    for (path, members) in byPath { for m in members { pathOf[m] = path } }
    for f in summary.follows {
      guard let from = pathOf[f.from], let to = pathOf[f.to], from != to else { continue }
      before[to, default: [:]][from, default: 0] += f.count
      precedes[from, default: 0] += f.count
    }
    for a in summary.actions { runs[a.path, default: 0] += a.runs }
  }
}

/// One reason for a class: the rule it comes from and what it read, in words a developer
/// accepts ("≈ 42 records/s in bursts").
public struct ClassificationReason: Sendable, Equatable {
  /// The rule that gave it.
  public var rule: ClassifierRule
  /// What the rule read, in words.
  public var text: String
  package init(_ rule: ClassifierRule, _ text: String) {
    self.rule = rule
    self.text = text
  }
}

/// One action path with its class, the evidence and the reasons in words.
public struct ClassifiedAction: Sendable, Equatable {
  /// The action path, over all roots.
  public var path: String
  /// The verdict: noise, signal, or ambiguous for the user to decide.
  public var actionClass: ActionClass
  /// The numbers the verdict rests on.
  package var evidence: ActionEvidence
  /// Reasons, strongest first: each rule's id and its words.
  public var explanation: [ClassificationReason]
  /// The reasons' words, strongest first ("≈ 42 records/s in bursts").
  public var reasons: [String] { explanation.map(\.text) }
  /// The rules the reasons come from, strongest first.
  public var rules: [ClassifierRule] { explanation.map(\.rule) }
  /// Points for noise (positive) or signal (negative) from the numbers alone.
  package var score: Int
  /// For one key path of a binding (`keyPaths`): that key path (`\.$volume`).
  public var keyPath: String? = nil
  /// A TCA binding's key paths, each judged alone (a slider streams, a toggle is a tap),
  /// sorted by key path; empty for other actions. When they disagree, the path itself is
  /// ambiguous and each key path keeps its own class.
  public var keyPaths: [ClassifiedAction] = []
  /// The fitted model's probability that the path is noise (`NoiseModel`), when it judged
  /// it; and the hand rules' class, which the model may have overruled.
  package var noiseProbability: Double? = nil
  package var rulesClass: ActionClass? = nil
}

/// Tells noise from signal per action path from evidence the log holds.
///
/// Rate and rhythm weigh most: with timestamps, intervals under 0.1 s (a pointer's or a
/// machine's pace, faster than anyone taps), intervals that repeat within ±14 % (a timer),
/// or a median interval of seconds (a person's pace); without them, runs in record order
/// (a gesture streams records back to back). What the action does to state weighs less:
/// no-ops in almost every record, or a path that it alone changes with a new value every
/// time (telemetry). Rare actions are signal: noise is noise because it repeats. The name
/// (`…Tapped`, `tick`, `…Moved`) only tips numbers that are inconclusive; it never
/// outweighs them.
///
/// Issue 41 added evidence meant to generalize past the apps it was tuned on: rhythm per
/// entity (a row id, a payload dictionary key: one row's stream is a timer even when the
/// rows together look like a person, and a burst of one record per row, each row at a
/// person's pace, is a fan-out a person asked for); the dispersion of the intervals (share
/// within ± 30 % of the median) with presence over the session's minutes, so a jittered
/// timer is a timer; causality (an action that follows another about as often as it occurs
/// takes its class); benefit (under `smallShare` of lines only strong evidence silences);
/// TCA's structure as a stronger tip than names. Tests/Simulator/MEASUREMENTS.md has the
/// numbers, measured on apps left out.
package struct ActionClassifier: Sendable {
  /// Every threshold it uses (`ClassifierPolicy`); the tuning harness injects another.
  package var policy: ClassifierPolicy

  package init(policy: ClassifierPolicy = ClassifierPolicy()) {
    self.policy = policy
  }

  /// Class of every action path of the summary (over all roots), ordered by path.
  package func classify(_ summary: ReportSummary) -> [ClassifiedAction] {
    let records = summary.statistics.completeRecords
    let lines = summary.statistics.lines
    let thin = records < policy.minimumRecords
    var byPath: [String: [Int]] = [:]
    for (i, a) in summary.actions.enumerated() { byPath[a.path, default: []].append(i) }
    // Per action: (state index, changes, variety) of what it changes.
    var changesOf: [Int: [(state: Int, changes: Int, variety: ValueVariety)]] = [:]
    for (s, state) in summary.states.enumerated() {
      for entry in state.byAction { changesOf[entry.action, default: []].append((s, entry.changes, entry.variety)) }
    }
    let classified = byPath.keys.sorted().map { path in
      let members = byPath[path]!
      var evidence = ActionEvidence()
      var stats = ActionStats()
      for m in members { stats.add(summary.actions[m].stats) }
      evidence.records = stats.count
      evidence.lines = stats.lines
      evidence.recordShare = records > 0 ? Double(stats.count) / Double(records) : 0
      evidence.lineShare = lines > 0 ? Double(stats.lines) / Double(lines) : 0
      evidence.noOpShare = stats.withStatePart > 0 ? Double(stats.noOps) / Double(stats.withStatePart) : nil
      evidence.insertShare = stats.changes > 0 ? Double(stats.inserts) / Double(stats.changes) : nil
      // Rhythm of the root with the most records (roots of one path rarely mix).
      let main = members.max { summary.actions[$0].stats.count < summary.actions[$1].stats.count }!
      Self.rhythmEvidence(summary.actions[main].rhythm, summary, into: &evidence)
      evidence.peakPerSecond = members.compactMap { summary.actions[$0].burst?.count }.max() ?? 0
      let entities = summary.actions[main].entities
      evidence.entities = entities.entities
      evidence.entityGap = entities.typicalGap
      evidence.entityReturns = entities.returns
      evidence.entitySpread = entities.timeSpread
      evidence.entityOrderSpread = entities.orderSpread
      evidence.entitySwitchShare = entities.switchShare
      evidence.entityShortShare = evidence.timedGaps > 0 ? entities.shortShare : entities.closeShare
      evidence.structureLean = Self.structureLean(path)
      Self.stateEvidence(members.flatMap { changesOf[$0] ?? [] }, summary.states, into: &evidence)
      (evidence.nameLean, evidence.nameWord) = Self.nameLean(path)
      evidence.isBinding = path.split(separator: ".").contains("binding")
      if thin {
        return ClassifiedAction(
          path: path, actionClass: .ambiguous, evidence: evidence,
          explanation: [
            ClassificationReason(
              .thin,
              "only \(records) complete record\(records == 1 ? "" : "s") in the log: too few to tell noise from signal")
          ],
          score: 0)
      }
      return withKeyPaths(decide(path, evidence), summary.actions[main].keyPaths, summary)
    }
    guard !thin else { return classified }
    let ruled = withContext(inherit(classified, summary, byPath), firstPass: classified, summary, byPath)
    return policy.usesModel ? byModel(ruled) : ruled
  }

  /// Rate and rhythm of one row (an action's, or one key path's of a binding).
  static func rhythmEvidence(_ rhythm: Rhythm, _ summary: ReportSummary, into evidence: inout ActionEvidence) {
    evidence.timedGaps = rhythm.timeGaps
    evidence.medianGap = rhythm.medianGap
    evidence.fastShare = rhythm.fastShare
    if let period = rhythm.period {
      evidence.period = period.seconds
      evidence.periodShare = period.share
    }
    evidence.repeatShare = rhythm.repeatShare
    evidence.nearRepeatShare = rhythm.nearRepeatShare
    evidence.spacingVariation = rhythm.orderGapVariation
    evidence.nearMedianShare = rhythm.shareNearMedian(0.3)
    evidence.subSecondShare = rhythm.subSecondShare
    if let first = summary.firstTime, let last = summary.lastTime, !rhythm.minutes.isEmpty {
      let span = Int((last / 60).rounded(.down)) - Int((first / 60).rounded(.down)) + 1
      evidence.presence = Double(rhythm.minutes.count) / Double(max(1, span))
    }
  }

  /// A binding judged per key path: each key path by its own counts and rhythm (what it
  /// does to state is known per action only, so it does not count). One key path: the binding's verdict is its.
  /// Several that agree: that class. Several that disagree: the path is ambiguous (no
  /// entry can silence the whole binding) and each key path keeps its own class.
  func withKeyPaths(_ action: ClassifiedAction, _ rows: [ActionSummary], _ summary: ReportSummary)
    -> ClassifiedAction
  {
    guard !rows.isEmpty else { return action }
    let records = summary.statistics.completeRecords
    let lines = summary.statistics.lines
    var out = action
    out.keyPaths = rows.map { row in
      var e = action.evidence
      e.records = row.stats.count
      e.lines = row.stats.lines
      e.recordShare = records > 0 ? Double(row.stats.count) / Double(records) : 0
      e.lineShare = lines > 0 ? Double(row.stats.lines) / Double(lines) : 0
      e.noOpShare = row.stats.withStatePart > 0 ? Double(row.stats.noOps) / Double(row.stats.withStatePart) : nil
      e.period = nil
      e.periodShare = 0
      e.presence = nil
      Self.rhythmEvidence(row.rhythm, summary, into: &e)
      e.peakPerSecond = row.burst?.count ?? 0
      // What the binding does to state is counted per action, not per key path: the
      // slider's values would speak for the toggle. Each key path by its rhythm alone.
      e.statePaths = []
      e.exclusiveShare = 0
      e.newValueShare = nil
      e.measurementShare = nil
      e.entities = 0
      e.entityGap = nil
      e.entityReturns = 0
      e.entitySpread = nil
      e.entityOrderSpread = nil
      e.entitySwitchShare = nil
      e.entityShortShare = nil
      var c = decide(action.path, e)
      c.keyPath = row.keyPath
      return c
    }
    let classes = Set(out.keyPaths.map(\.actionClass))
    if classes.count == 1, let only = classes.first {
      if out.actionClass != only {
        out.actionClass = only
        out.explanation.insert(
          ClassificationReason(
            .keyPathsAgree, "its key path\(rows.count == 1 ? "" : "s, each judged alone,") \(only.rawValue)"), at: 0)
      }
    } else {
      out.actionClass = .ambiguous
      let each = out.keyPaths.map { "\($0.keyPath ?? "?") \($0.actionClass.rawValue)" }.joined(separator: ", ")
      out.explanation.insert(
        ClassificationReason(.keyPathsDiffer, "its key paths differ (\(each)): judged one by one"), at: 0)
    }
    return out
  }

  /// Causality: an action whose records follow another's closely about as often as the
  /// other occurs (a response to its request, a confirmation) takes the class of what sets
  /// it off, one step only (from an action that inherits nothing itself). A binding keeps
  /// its own class.
  func inherit(_ classified: [ClassifiedAction], _ summary: ReportSummary, _ byPath: [String: [Int]])
    -> [ClassifiedAction]
  {
    var out = classified
    let follows = PathFollows(summary, byPath)
    let (pairs, runsOf) = (follows.before, follows.runs)
    let index = Dictionary(uniqueKeysWithValues: classified.enumerated().map { ($1.path, $0) })
    var setters: [Int: Int] = [:]
    for (i, c) in classified.enumerated() {
      guard let candidates = pairs[c.path], c.evidence.records >= 3 else { continue }
      // What sets it off occurs about as often as it does; among those, the one it follows most.
      func ratio(_ from: String) -> Double {
        Double(c.evidence.records) / Double(max(1, index[from].map { classified[$0].evidence.records } ?? 1))
      }
      let paired = candidates.filter { ratio($0.key) >= 0.67 && ratio($0.key) <= 1.5 }
      let pool = paired.isEmpty ? candidates : paired
      let best = pool.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!
      guard let j = index[best.key] else { continue }
      out[i].evidence.follows = best.key
      // Of its runs (most responses come one at a time: a run is a record).
      out[i].evidence.followShare = Double(best.value) / Double(max(1, runsOf[c.path] ?? c.evidence.records))
      out[i].evidence.followRatio = Double(c.evidence.records) / Double(max(1, classified[j].evidence.records))
      let e = out[i].evidence
      // Causality tips what its own numbers leave open; it never overrules a clear verdict
      // (progress of images that arrive with messages is still a stream).
      if abs(c.score) <= 3 && followsOneForOne(e) {
        setters[i] = j
      }
    }
    for (i, j) in setters where setters[j] == nil && out[i].actionClass != classified[j].actionClass {
      let e = out[i].evidence
      out[i].actionClass = classified[j].actionClass
      out[i].explanation.insert(
        ClassificationReason(
          .follows,
          "follows `\(classified[j].path)` (\(NumberText.percent(e.followShare)) % of its records close after one): "
            + "its \(classified[j].actionClass.rawValue), as what sets it off"), at: 0)
    }
    return burstsSetOffBySignal(out, follows)
  }

  /// Whether a path follows what `follows` names one-for-one: most of its records close
  /// after one (`followShare`), about as many of them (0.67-1.5 as many), and it is no
  /// binding (a binding's key paths are judged alone). The rules' `follows` and the step
  /// after the model (`respondingAsTheirCause`) both ask it.
  func followsOneForOne(_ e: ActionEvidence) -> Bool {
    e.followShare >= policy.followShare && e.followRatio >= 0.67 && e.followRatio <= 1.5 && !e.isBinding
  }

  /// Causality by runs: a fan-out (runs across entities, each record about another entity
  /// than the one before) whose runs nearly all start right after actions that are signal
  /// (a request per row after a tap on one row or on "refresh all", then each response)
  /// is a burst a person asked for, however it streams: signal. Its records need
  /// not pair one-to-one with what sets them off, so record-level causality misses it.
  /// Like that, it only tips numbers that are inconclusive, never a binding; two steps (a
  /// request's burst, then its responses').
  func burstsSetOffBySignal(_ classified: [ClassifiedAction], _ follows: PathFollows) -> [ClassifiedAction] {
    let (runs, after) = (follows.runs, follows.before)
    var out = classified
    for _ in 0..<2 {
      let classOf = Dictionary(uniqueKeysWithValues: out.map { ($0.path, $0.actionClass) })
      var changed = false
      for i in out.indices {
        let c = out[i]
        // A fan-out only: runs across entities, each record about another one than the one
        // before (a request per row). A pointer's or a timer's runs after a tap are not.
        guard c.actionClass != .signal, !c.evidence.isBinding, abs(c.score) <= 3, c.evidence.entities >= 2,
          (c.evidence.entitySwitchShare ?? 0) >= 0.8, let starts = runs[c.path],
          starts >= 5, let setters = after[c.path]
        else { continue }
        let signal = setters.filter { classOf[$0.key] == .signal }
        let share = Double(min(starts, signal.values.reduce(0, +))) / Double(starts)
        // Ties go to the first name: a dictionary's order changes from process to process.
        let top = signal.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
        guard share >= policy.followShare, let top else { continue }
        out[i].actionClass = .signal
        out[i].explanation.insert(
          ClassificationReason(
            .burstAfterSignal,
            "\(NumberText.percent(share)) % of its \(starts) runs start right after signal (`\(top.key)` most): "
              + "a burst a person asked for"), at: 0)
        changed = true
      }
      if !changed { break }
    }
    return out
  }

  static func stateEvidence(
    _ changes: [(state: Int, changes: Int, variety: ValueVariety)], _ states: [StateSummary],
    into evidence: inout ActionEvidence
  ) {
    let mine = changes.reduce(0) { $0 + $1.changes }
    guard mine > 0 else { return }
    // Paths merge over roots; several members may change one path.
    var perState: [Int: (changes: Int, variety: ValueVariety)] = [:]
    for c in changes {
      var entry = perState[c.state] ?? (0, ValueVariety())
      entry.changes += c.changes
      entry.variety.merge(c.variety)
      perState[c.state] = entry
    }
    let ordered = perState.sorted {
      $0.value.changes != $1.value.changes ? $0.value.changes > $1.value.changes : $0.key < $1.key
    }
    evidence.statePaths = ordered.prefix(4).map { states[$0.key].path }
    let all = ordered.reduce(0) { $0 + states[$1.key].changes }
    evidence.exclusiveShare = all > 0 ? Double(mine) / Double(all) : 0
    var weighted = 0.0
    var weight = 0
    var measurements = 0
    var values = 0
    for (_, entry) in ordered where entry.variety.values > 0 {
      weighted += entry.variety.newValueShare * Double(entry.changes)
      weight += entry.changes
      measurements += entry.variety.measurements
      values += entry.variety.values
    }
    evidence.newValueShare = weight > 0 ? weighted / Double(weight) : nil
    evidence.measurementShare = values > 0 ? Double(measurements) / Double(values) : nil
  }

  /// Points for noise (positive) or signal (negative), each with its reason in words.
  struct Tally {
    var score = 0
    var noisePoints = 0
    var reasons: [(weight: Int, reason: ClassificationReason)] = []
    /// Timestamps put the records at a person's pace (runs then mean repeated taps).
    var personPace = false
    /// A pointer's pace or a fast timer: the only evidence that makes a binding noise.
    var machinePace = false
    /// A timer, a stream or a no-op flood: the evidence that may silence an action that
    /// costs little (under `smallShare` of lines).
    var strong = false
    /// The records come in bursts across entities, each entity at a person's pace: a
    /// fan-out a person asked for (a request per row), so runs do not count.
    var fanOut = false
    mutating func add(_ points: Int, _ rule: ClassifierRule, _ text: String) {
      score += points
      if points > 0 { noisePoints += points }
      reasons.append((abs(points), ClassificationReason(rule, text)))
    }
    /// A reason that adds no points (a cost, a tip, a verdict's own word).
    mutating func note(_ weight: Int, _ rule: ClassifierRule, _ text: String) {
      reasons.append((weight, ClassificationReason(rule, text)))
    }
  }

  /// Weighs the evidence: three or more points from the numbers make noise, two or more
  /// against make signal; in between the name may tip it, and a binding stays for the
  /// user to decide.
  func decide(_ path: String, _ e: ActionEvidence) -> ClassifiedAction {
    var tally = Tally()
    if e.records < policy.rareRecords || (e.recordShare < policy.rareShare && e.lineShare < policy.rareShare * 2) {
      tally.add(
        -3, .rare,
        "rare: \(e.records) record\(e.records == 1 ? "" : "s") (\(NumberText.percent(e.recordShare)) % of records)")
    }
    weighTime(e, &tally)
    weighOrderAndState(e, &tally)
    // A binding set one record at a time (no runs, no machine's pace) is a toggle's or a
    // stepper's tap: what the user did. Keystrokes come in runs and stay the user's call.
    if e.isBinding && !tally.machinePace && e.records >= policy.rareRecords && e.repeatShare < 0.25 {
      tally.add(
        -2, .bindingTap,
        "a binding set one at a time (\(NumberText.percent(e.repeatShare)) % in runs): a tap on a toggle or stepper"
      )
    }
    // Seen often enough to show a machine's habits and showing none of them: no bursts,
    // no timer, no runs, no no-ops, no stream of new values, not a large share.
    if tally.noisePoints == 0 && tally.score > -3 && e.records >= policy.rareRecords {
      tally.add(-1, .noMachine, "no sign of a machine (no runs, bursts, timer, no-ops or value stream)")
    }
    // A named cost, not evidence: the share of lines shows in every reason list.
    tally.note(0, .lineShare, "\(NumberText.percent(e.lineShare)) % of lines")

    let score = tally.score
    let tip = e.structureLean != 0 ? 2 * e.structureLean : e.nameLean
    var decided: ActionClass
    if e.isBinding && !tally.machinePace && score > -2 {
      // A text field's binding per keystroke is what some readers look for.
      decided = .ambiguous
      tally.note(1, .bindingKeystrokes, "a binding: per keystroke it is both noise and signal; your call")
    } else if score >= 3 {
      decided = .noise
    } else if score <= -2 {
      decided = .signal
    } else if score + tip >= 3 {
      decided = .noise
    } else if score + tip <= -2 {
      decided = .signal
    } else {
      decided = .ambiguous
    }
    if decided == .noise && e.lineShare < policy.smallShare && !tally.strong {
      decided = .ambiguous
      tally.note(
        2, .smallShare,
        "only \(NumberText.percent(e.lineShare)) % of lines and no timer, stream or no-op flood: kept in doubt")
    }
    if e.structureLean < 0 {
      tally.note(0, .structure, "TCA structure: an effect's response or a delegate action leans signal")
    }
    if e.nameLean != 0, let word = e.nameWord, decided != .ambiguous || e.isBinding == false {
      tally.note(0, .name, "name: `\(word)` leans \(e.nameLean > 0 ? "noise" : "signal")")
    }
    let ordered = tally.reasons.enumerated().sorted {
      $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset
    }
    return ClassifiedAction(
      path: path, actionClass: decided, evidence: e, explanation: ordered.map(\.element.reason), score: score)
  }

  /// Rate and rhythm, when most records carry a time (Xcode prefixes only a few lines).
  /// Per entity first: a row's stream is regular even when the rows together are not, and
  /// a burst across rows, each row at a person's pace, is a fan-out a person asked for.
  func weighTime(_ e: ActionEvidence, _ tally: inout Tally) {
    guard e.timedGaps >= 5 && Double(e.timedGaps) >= 0.8 * Double(e.records - 1) else { return }
    let F = NumberText.self
    let median = e.medianGap ?? 0
    if e.entities >= 2, let spread = e.entitySpread, let gap = e.entityGap {
      if spread <= policy.entityTimerSpread && gap <= 600 && e.entityReturns >= policy.entityTimerReturns {
        tally.machinePace = gap <= 10
        tally.strong = true
        tally.add(
          4, .entityTimer,
          "each of \(e.entities) entities every \(Self.seconds(gap)) like a timer (spread \(F.fixed(spread, 2)))")
        return
      }
      if spread >= policy.fanOutSpread && gap >= 1 && e.fastShare >= 0.2 && (e.entitySwitchShare ?? 0) >= 0.8
        && (e.entityShortShare ?? 1) < 0.2
      {
        tally.personPace = true
        tally.fanOut = true
        tally.add(
          -2, .entityFanOut,
          "in bursts across \(e.entities) entities, each at a person's pace (\(Self.seconds(gap)) apart, irregular)")
        return
      }
    }
    // Dispersion: a timer's intervals stay near their median even with ± 30 % jitter; it
    // counts as a timer when it is also present through the session.
    let jitteredTimer =
      e.nearMedianShare >= policy.jitteredTimerShare && median >= 1 && (e.presence ?? 0) >= 0.5
    if e.fastShare >= 0.5 {
      tally.machinePace = true
      tally.strong = true
      let rate = max(e.peakPerSecond, Int((1 / max(median, 0.001)).rounded()))
      tally.add(4, .fastBursts, "≈ \(rate) records/s in bursts (\(F.percent(e.fastShare)) % of intervals under 0.1 s)")
    } else if e.timedGaps >= 8, (e.periodShare >= 0.6 && (e.period ?? 0) <= 600) || (jitteredTimer && median <= 600) {
      let tight = e.periodShare >= 0.6
      let period = tight ? e.period ?? median : median
      // A slow timer (a poll every 30 s) costs the reader little and may drive events
      // worth reading: it counts less, unless it is there all session long.
      tally.machinePace = period <= 10
      tally.strong = true
      // A slow timer counts fully only when it is there all session and changes nothing
      // (a keep-alive); a slow timer that does work (an autosave) may drive what the
      // reader wants.
      let idle = (e.noOpShare ?? 0) >= 0.8
      let points = period <= 10 ? 4 : (e.presence ?? 0) >= 0.6 && idle ? 3 : 2
      let share = tight ? e.periodShare : e.nearMedianShare
      tally.add(
        points, .timer,
        "every \(Self.seconds(period)) like a timer (\(F.percent(share)) % of intervals within ± \(tight ? 14 : 30) %)")
    } else if e.fastShare >= 0.2 {
      tally.add(2, .oftenBursts, "often in bursts (\(F.percent(e.fastShare)) % of intervals under 0.1 s)")
    } else if median >= 1 {
      tally.personPace = true
      tally.add(-3, .personPace, "at a person's pace: \(Self.seconds(median)) between records (median)")
    } else {
      tally.add(0, .medianInterval, "\(Self.seconds(median)) between records (median)")
    }
    if e.periodShare >= 0.4 && e.periodShare < 0.6 && e.timedGaps >= 8 && e.fastShare < 0.5, let period = e.period,
      period <= 600
    {
      tally.add(1, .oftenPeriod, "often \(Self.seconds(period)) apart (\(F.percent(e.periodShare)) % of intervals)")
    }
  }

  /// Runs in record order, share of records, no-ops and the values it sets.
  func weighOrderAndState(_ e: ActionEvidence, _ tally: inout Tally) {
    guard e.records >= 20 else { return }
    let F = NumberText.self
    // A gesture or a stream prints one record after another. At a person's pace (times
    // say so) a run is a person repeating a tap instead.
    // Without times: runs across entities, each entity irregular in record order, are a
    // fan-out, not a stream.
    if e.timedGaps == 0 && e.entities >= 2 && e.repeatShare >= 0.25, (e.entitySwitchShare ?? 0) >= 0.8,
      (e.entityShortShare ?? 1) < 0.2, let spread = e.entityOrderSpread, spread >= policy.fanOutOrderSpread
    {
      tally.fanOut = true
      tally.add(
        -2, .entityFanOutOrder,
        "in runs across \(e.entities) entities, each entity irregular (spread \(F.fixed(spread, 2)) in records)")
    }
    if e.timedGaps == 0 && e.entities >= 2 && e.entityReturns >= policy.entityTimerReturns,
      let spread = e.entityOrderSpread, spread <= policy.entityOrderRegular
    {
      tally.strong = true
      tally.add(
        3, .entityEvenOrder, "each of \(e.entities) entities evenly spaced in records (spread \(F.fixed(spread, 2)))")
    }
    // Without times, a binding (one key path) whose records come in runs of twenty or more
    // on average streams as a drag does (a slider sends dozens a gesture); a person's
    // keystrokes in a text field come in runs of a word's length, a toggle's alone.
    if e.isBinding && e.timedGaps == 0 && e.records >= 50 && e.repeatShare >= policy.bindingStreamRuns {
      tally.machinePace = true
      tally.strong = true
      tally.add(
        2, .bindingStream,
        "a binding that streams: runs of \(F.fixed(1 / max(0.001, 1 - e.repeatShare), 0)) records on average, "
          + "a drag's, not keystrokes")
    } else if e.isBinding && e.timedGaps == 0 && e.records >= 50 && e.nearRepeatShare >= policy.bindingStreamRuns {
      // The same drag when each value is answered (a render, a preview) before the next:
      // its runs are broken one for one, every other record.
      tally.machinePace = true
      tally.strong = true
      tally.add(
        2, .bindingStream,
        "a binding that streams, each value answered before the next: runs of "
          + "\(F.fixed(1 / max(0.001, 1 - e.nearRepeatShare), 0)) records on average, a drag's, not keystrokes")
    }
    if !tally.personPace && !tally.fanOut {
      if e.repeatShare >= 0.5 {
        if e.records >= 50 { tally.strong = true }
        tally.add(3, .runs, "comes in runs: \(F.percent(e.repeatShare)) % of its records follow one of its own")
      } else if e.repeatShare >= 0.25 {
        tally.add(1, .runs, "often in runs (\(F.percent(e.repeatShare)) % of its records follow one of its own)")
      }
    }
    if e.recordShare >= 0.05 {
      tally.add(1, .recordShare, "\(F.percent(e.recordShare)) % of all records")
    }
    if let noop = e.noOpShare, noop >= 0.8 {
      // An effect's response often only confirms (a no-op now and then, or always): a
      // no-op counts fully only for what also streams (runs) or floods (a tenth of records).
      let floods = e.repeatShare >= 0.25 || e.recordShare >= 0.1 || e.subSecondShare >= 0.5
      if floods && noop >= 0.9 { tally.strong = true }
      tally.add(
        floods ? 2 : 1, .noOps,
        "\(F.percent(noop)) % no-op" + (e.subSecondShare >= 0.5 && e.repeatShare < 0.25 ? ", several a second" : ""))
    }
    if (e.noOpShare ?? 1) < 0.5, let variety = e.newValueShare, variety >= 0.9, let first = e.statePaths.first {
      let path = first.isEmpty ? "(root)" : first
      // A stream nudges numbers and stamps times; a new text or object every time (a
      // scanned code, a message) may as well be an event's payload: it counts for less.
      let measures = (e.measurementShare ?? 0) >= 0.5
      if e.exclusiveShare >= 0.8 {
        tally.add(
          measures ? 2 : 1, .newValues,
          "alone sets `\(path)`, a new \(measures ? "value" : "text or object") every time")
      } else if measures {
        tally.add(1, .newValues, "sets `\(path)` to a new value every time")
      }
    }
    // Events insert a new element (a message, a stop on a route); a stream nudges what is
    // there (LABELS.md: the shape of the change).
    if let inserts = e.insertShare, inserts >= 0.5 {
      tally.add(-1, .inserts, "inserts a new element (\(F.percent(inserts)) % of its changes): an event's shape")
    }
  }

  /// TCA's structure, stronger than names: an effect's response (a `…Response` case with a
  /// `success`/`failure` payload) or a `delegate` action is what a reader follows.
  static func structureLean(_ path: String) -> Int {
    let segments = path.split(separator: ".")
    for (i, s) in segments.enumerated() {
      if s == "delegate" { return -1 }
      if s.hasSuffix("Response") && i + 1 < segments.count
        && (segments[i + 1] == "success" || segments[i + 1] == "failure")
      {
        return -1
      }
    }
    return 0
  }

  package static func seconds(_ s: Double) -> String {
    if s >= 120 { return NumberText.fixed(s / 60, 1) + " min" }
    if s >= 10 { return NumberText.fixed(s, 0) + " s" }
    if s >= 1 { return NumberText.fixed(s, 1) + " s" }
    return NumberText.fixed(s * 1000, 0) + " ms"
  }
}
