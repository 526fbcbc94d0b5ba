import TCALogQuery
import TCALogSupport

/// An action budget: rules a log must keep, one per line of a budget file.
///
/// ```
/// # Pointer events: at most 60 a second.
/// windows\.window\.mouseMoved  <= 60/s
/// ^sidebarSync\.tick$          <= 2/min
/// hover                        <= 30%          # of lines (`30% records`: of records)
/// state:windows\[\*\]\.title   <= 500          # changes in the whole log
/// ```
///
/// PATTERN is PCRE2 over action paths, or over normalized state paths after `state:`;
/// LIMIT is `N/s` (the most records in one clock second), `N/min` (the most in any 60
/// seconds, sliding by the second), `N` or `N records` (in the whole log), `N%` or
/// `N% lines` (share of the log's lines), `N% records` (share of records). A rule counts
/// every action (or state) path its pattern matches together.
///
/// The pattern `*` is the rule for every other action: each action path that no other
/// action rule matches, measured on its own (`* <= 10/s`: no action the budget does not
/// name comes more than 10 times in a second). `check --init` ends its budget with one.
package struct Budget {
  /// What a limit counts.
  package enum Unit: String, Sendable, Equatable {
    /// Records in one clock second at most.
    case perSecond = "/s"
    /// Records in any 60 seconds at most.
    case perMinute = "/min"
    /// Records in the whole log.
    case records = "records"
    /// Percent of the log's lines.
    case percentOfLines = "% lines"
    /// Percent of the log's records.
    case percentOfRecords = "% records"
    /// Crossings of a feature's boundary (`chains:crossings`).
    case crossings = "crossings"
    /// Loops of pairs (`chains:loops`).
    case loops = "loops"
    /// Unanswered causes (`chains:unanswered`).
    case unanswered = "unanswered"
    /// Percent of causes unanswered (`chains:unanswered <= N%`).
    case percentUnanswered = "% unanswered"
    /// A latency's 95th percentile, in milliseconds (`chains:latency(PATTERN)`).
    case milliseconds = "ms"

    /// Whether measuring needs timestamps.
    package var isRate: Bool { self == .perSecond || self == .perMinute }
  }

  /// One line of a budget file.
  package struct Rule: Sendable {
    /// The budget file's name and the rule's 1-based line in it.
    package var file: String
    /// 1-based line number.
    package var line: Int
    /// The pattern as written (without `state:`).
    package var pattern: String
    /// Over normalized state paths (`state:`) instead of action paths.
    package var isState: Bool
    /// The limit's number.
    package var limit: Double
    /// What the limit counts.
    package var unit: Unit
    /// The rule as written, without its comment and padding.
    package var text: String
    /// What a `chains:` rule measures (nil: an action or state rule).
    package var chains: ChainsMeasure? = nil
    /// The `*` rule: each action path no other action rule matches, on its own.
    package var isOthers: Bool { pattern == Budget.othersPattern && !isState && chains == nil }
  }

  /// The pattern of the rule for every action no other rule matches.
  package static let othersPattern = "*"

  /// A line of a budget file that is not a rule, with where it is.
  package struct LineError: Error, CustomStringConvertible, Sendable {
    /// `file:line: message`.
    package var description: String
  }

  /// The rules in file order.
  package var rules: [Rule]
  fileprivate var matchers: [PatternMatcher?]

  /// Parses a budget file's text; every bad line is reported (not only the first).
  package init(text: String, file: String, options: PatternMatcher.Options = []) throws(BudgetFileError) {
    var rules: [Rule] = []
    var matchers: [PatternMatcher?] = []
    var errors: [LineError] = []
    // "\r\n" is one Character in Swift: split on both (as filter repositories do), or a CRLF
    // file is one line, and one that starts with a comment is all comment.
    let lines = text.droppingByteOrderMark.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (n, rawLine) in lines.enumerated() {
      var line = String(rawLine)
      if line.hasSuffix("\r") { line.removeLast() }
      // A comment is a line starting with `#`, or ` #` after a rule.
      if let comment = line.firstRange(of: " #") ?? line.firstRange(of: "\t#") {
        line = String(line[..<comment.lowerBound])
      }
      let trimmed = line.trimmingBlanks()
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      func fail(_ message: String) { errors.append(LineError(description: "\(file):\(n + 1): \(message)")) }
      guard let split = trimmed.ranges(of: "<=").last else {
        fail("expected 'PATTERN <= LIMIT', got '\(trimmed)'")
        continue
      }
      var pattern = trimmed[..<split.lowerBound].trimmingBlanks()
      let limitText = trimmed[split.upperBound...].trimmingBlanks()
      if pattern.hasPrefix(Self.chainsPrefix) {
        switch Self.chainsRule(String(pattern), limitText, file: file, line: n + 1, options: options) {
        case .success(let (rule, matcher)):
          rules.append(rule)
          matchers.append(matcher)
        case .failure(let message): fail(message.text)
        }
        continue
      }
      let isState = pattern.hasPrefix("state:")
      if isState { pattern = pattern.dropFirst(6).trimmingBlanks() }
      guard !pattern.isEmpty else {
        fail("the rule has no pattern before '<='")
        continue
      }
      guard let (limit, unit) = Self.parseLimit(limitText) else {
        fail("'\(limitText)' is not a limit: N/s, N/min, N, N records, N%, N% lines or N% records")
        continue
      }
      do {
        matchers.append(
          pattern == Self.othersPattern && !isState ? nil : try PatternMatcher(pattern, options: options))
      } catch {
        fail("\(error)")
        continue
      }
      rules.append(
        Rule(
          file: file, line: n + 1, pattern: pattern, isState: isState, limit: limit, unit: unit,
          text: (isState ? "state:" : "") + pattern + " <= " + limitText))
    }
    if errors.isEmpty && rules.isEmpty {
      // A CI gate that checks nothing passes by accident: an empty budget is a mistake.
      errors.append(LineError(description: "\(file): no rules (expected 'PATTERN <= LIMIT' lines)"))
    }
    if !errors.isEmpty { throw BudgetFileError(lines: errors) }
    self.rules = rules
    self.matchers = matchers
  }

  /// `60/s`, `2/min`, `500`, `500 records`, `30%`, `30% lines`, `5% records`.
  static func parseLimit(_ text: String) -> (Double, Unit)? {
    let compact = text.lowercased().replacingScalars(" ", with: "")
    let forms: [(String, Unit)] = [
      ("/s", .perSecond), ("/sec", .perSecond), ("/min", .perMinute), ("%lines", .percentOfLines),
      ("%records", .percentOfRecords), ("%", .percentOfLines), ("records", .records), ("", .records),
    ]
    for (suffix, unit) in forms where compact.hasSuffix(suffix) {
      let number = String(compact.dropLast(suffix.count))
      // Decimal digits and a point only: Double also reads `0x10` (16), `1e3` and `nan`.
      guard number.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: ".") }),
        let value = Double(number), value >= 0, value.isFinite, !number.isEmpty
      else { continue }
      if (unit == .percentOfLines || unit == .percentOfRecords) && value > 100 { return nil }
      return (value, unit)
    }
    return nil
  }

  /// What one rule measured in a run.
  package struct Result: Sendable {
    /// The rule.
    package var rule: Rule
    /// The value in the rule's unit (nil: a rate rule on a log without timestamps, or a
    /// match that hit PCRE2's limits, `matchError`).
    package var measured: Double?
    /// The measured value is within the limit.
    package var holds: Bool
    /// The worst burst: the second with the most matching records (for an `N/min` rule,
    /// the 60 seconds with the most, from their first second), and how many; nil without
    /// timestamps.
    package var burst: (second: Int, records: Int)?
    /// The burst's length in seconds: 60 for an `N/min` rule, else 1.
    package var burstSeconds: Int { rule.unit == .perMinute ? 60 : 1 }
    /// Action (or state) paths the pattern matched in the run.
    package var matchedPaths: Int
    /// The first match that hit PCRE2's limits: the rule is not measured (the paths it could
    /// not decide would be left out), and `check` fails with an error.
    package var matchError: MatchError? = nil
    /// For the `*` rule: the action path measured worst (nil: no path, or another rule).
    package var worstPath: String? = nil
    /// A rule whose pattern matched no path in the run (an action renamed or removed):
    /// it checks nothing. The `*` rule is never stale, nor a rule that is not measured
    /// (`matchError`): a path it could not decide may be its own, and a rule reported both
    /// "not measured" and "stale" had two verdicts (issue 54, row 17).
    package var isStale: Bool { matchedPaths == 0 && !rule.isOthers && matchError == nil }
  }

  /// Whether an action rule other than `*` matches the path; nil when none does but one
  /// could not decide (its match hit PCRE2's limits: that rule is not measured).
  func names(_ path: String) -> Bool? {
    var undecided = false
    for (rule, matcher) in zip(rules, matchers) where !rule.isState && rule.chains == nil {
      guard let matcher else { continue }
      do throws(MatchError) {
        if try matcher.matches(path) { return true }
      } catch {
        undecided = true
      }
    }
    return undecided ? nil : false
  }

  /// The action paths of the run that no rule names (the `*` rule aside), most records
  /// first: what the budget does not cover, or covers only by `*`. A path a rule could
  /// not decide is left out: it may be that rule's, which is reported as not measured (`*`
  /// failed such a path as its own).
  package func unnamedActions(_ profile: RunProfile) -> [(path: String, tally: RunProfile.Tally)] {
    profile.actions.filter { names($0.key) == false }.sorted {
      $0.value.records != $1.value.records ? $0.value.records > $1.value.records : $0.key < $1.key
    }.map { ($0.key, $0.value) }
  }

  /// One tally's value in a rule's unit (nil: a rate without timestamps).
  static func measure(_ tally: RunProfile.Tally, _ rule: Rule, in profile: RunProfile) -> Double? {
    switch rule.unit {
    case .perSecond: return profile.timedRecords > 0 ? Double(tally.peakSecond?.records ?? 0) : nil
    case .perMinute: return profile.timedRecords > 0 ? Double(tally.peak(over: 60)) : nil
    case .records: return Double(tally.records)
    case .percentOfLines:
      return rule.isState
        ? (profile.records > 0 ? 100 * Double(tally.records) / Double(profile.records) : 0)
        : (profile.lines > 0 ? 100 * Double(tally.lines) / Double(profile.lines) : 0)
    case .percentOfRecords:
      return profile.records > 0 ? 100 * Double(tally.records) / Double(profile.records) : 0
    case .crossings, .loops, .unanswered, .percentUnanswered, .milliseconds:
      // Measured on the chains analysis (`measure(_:_:on:)`), never on a tally.
      return nil
    }
  }

  /// Whether a rule measures what sets off what (`chains:`): `check` then runs the chains
  /// analysis too.
  package var hasChainsRules: Bool { rules.contains { $0.chains != nil } }

  /// Measures every rule on `profile`, and the `chains:` rules on `chains` (not measured
  /// without it: a file of several, measured alone).
  package func check(_ profile: RunProfile, chains: ChainsAnalysis? = nil) -> [Result] {
    let unnamed = rules.contains(where: \.isOthers) ? unnamedActions(profile) : []
    return zip(rules, matchers).map { rule, matcher in
      if rule.chains != nil { return Self.measure(rule, matcher, on: chains) }
      if rule.isOthers {
        // Each unnamed action on its own: the worst one is the rule's measure.
        var worst: (path: String, tally: RunProfile.Tally, value: Double)?
        for (path, tally) in unnamed {
          guard let value = Self.measure(tally, rule, in: profile) else { continue }
          if worst == nil || value > worst!.value { worst = (path, tally, value) }
        }
        let measured = profile.timedRecords > 0 || !rule.unit.isRate ? (worst?.value ?? 0) : nil
        let tally = worst?.tally ?? RunProfile.Tally()
        return Result(
          rule: rule, measured: measured, holds: measured.map { $0 <= rule.limit } ?? false,
          burst: rule.unit == .perMinute ? tally.peakWindow(over: 60) : tally.peakSecond,
          matchedPaths: unnamed.count, worstPath: worst?.path)
      }
      var tally = RunProfile.Tally()
      var matched = 0
      var matchError: MatchError?
      for (path, t) in rule.isState ? profile.states : profile.actions {
        do throws(MatchError) {
          guard let matcher, try matcher.matches(path) else { continue }
        } catch {
          // Counted as not matching, and the rule reported as not measured: a match PCRE2
          // gave up on must not let the rule pass.
          if matchError == nil { matchError = error }
          continue
        }
        tally.absorb(t)
        matched += 1
      }
      let measured = Self.measure(tally, rule, in: profile)
      return Result(
        rule: rule, measured: matchError == nil ? measured : nil,
        holds: matchError == nil && measured.map { $0 <= rule.limit } ?? false,
        burst: rule.unit == .perMinute ? tally.peakWindow(over: 60) : tally.peakSecond, matchedPaths: matched,
        matchError: matchError)
    }
  }
}

/// The bad lines of a budget file.
package struct BudgetFileError: Error, Sendable {
  /// Each bad line, `file:line: message`.
  package var lines: [Budget.LineError]
}

/// Rules that hold for any app, for `check --default-rules`: what is wrong whatever the
/// app does, so that a team can gate CI on them before it writes a budget of its own.
package enum DefaultBudget {
  /// An action arriving at least this many times a second … (above the 120 Hz of the
  /// fastest displays and pointer reports: a pointer, scroll or display-link stream, however
  /// long, stays under it; an action that re-sends itself from its effect does not).
  package static let loopRate = 150
  /// … in more than this many consecutive seconds is an effect loop.
  package static let loopSeconds = 3
  /// An action whose records change nothing (at least this share of them no-ops) …
  package static let noOpActionShare = 0.9
  /// … and that is more than this share of all records floods the log …
  package static let noOpFloodShare = 0.2
  /// … once it has this many no-op records (a short log's two no-op `onAppear` are no flood).
  package static let noOpFloodMinimum = 50

  /// The built-in rules, by name.
  package enum Rule: String, Sendable, CaseIterable {
    /// An action at `loopRate` a second or more for more than `loopSeconds` seconds.
    case effectLoop = "effect-loop"
    /// An action that changes nothing and is more than `noOpFloodShare` of the records.
    case noOpFlood = "no-op-flood"
    /// An effect's response (a `.success`/`.failure` or `…Response` action) that never came
    /// for a request nothing sent again within the window (`ChainsAnalysis.Pair.stranded`).
    case unansweredRequest = "unanswered-request"
    /// A cycle of pairs (an effect that feeds itself) at `feedbackLoopPerMinute` or more.
    case feedbackLoop = "feedback-loop"

    /// What the rule asks of a log, in words.
    package var description: String {
      switch self {
      case .effectLoop:
        "no action at \(loopRate) or more records a second for more than \(loopSeconds) seconds in a row"
      case .noOpFlood:
        "no action is over \(Int(noOpFloodShare * 100))% of all records with \(Int(noOpActionShare * 100))% "
          + "or more of them (and at least \(noOpFloodMinimum)) changing nothing"
      case .unansweredRequest:
        "every request answered \(Int(unansweredRequestAnswered * 100))% of the time or more by an effect "
          + "(a .success, .failure or ...Response action) gets its answer, unless it was sent again"
      case .feedbackLoop:
        "no cycle of requests and responses (an effect that feeds itself) at \(Int(feedbackLoopPerMinute)) "
          + "or more a minute"
      }
    }

    /// Measuring needs timestamps.
    package var needsTimestamps: Bool { self == .effectLoop || self == .feedbackLoop }
  }

  /// One action that breaks a rule.
  package struct Finding: Sendable, Equatable {
    /// The action path.
    package var action: String
    /// What was measured, in words.
    package var detail: String
    /// The start of the loop, or the flood's busiest second, in seconds since 1970 (nil
    /// without timestamps).
    package var second: Int?
    /// `second` is where the finding starts (a loop), not its busiest second (a flood).
    package var secondIsStart: Bool
  }

  /// One rule checked on a log.
  package struct Result: Sendable, Equatable {
    /// The rule.
    package var rule: Rule
    /// The actions that break it, by action path (empty: it holds, or was not measured).
    package var findings: [Finding]
    /// False when the rule needs timestamps and the log has none: then it says nothing.
    package var measured: Bool
    /// Measured and no action breaks it.
    package var holds: Bool { measured && findings.isEmpty }
  }

  /// A request is one when at least this share of its records got the response (an
  /// autosave timer that saves only a changed document is no request when it does not).
  package static let unansweredRequestAnswered = 0.8

  /// A loop of pairs this many times a minute or more (over the log's span) feeds itself:
  /// a poll every few seconds stays under it.
  package static let feedbackLoopPerMinute = 60.0

  /// Whether a pair's response is an effect's answer: a `Result`'s case, or an action
  /// named as a response.
  static func isEffectResponse(_ path: String) -> Bool {
    path.hasSuffix(".success") || path.hasSuffix(".failure") || path.hasSuffix("Response")
  }

  /// Every built-in rule checked on `profile` and, for the rules on what sets off what,
  /// `chains` (not measured without it), in the order of `Rule.allCases`.
  package static func check(_ profile: RunProfile, chains: ChainsAnalysis? = nil) -> [Result] {
    var loops: [Finding] = []
    var floods: [Finding] = []
    for (path, tally) in profile.actions.sorted(by: { $0.key < $1.key }) {
      if let run = tally.longestRun(atLeast: loopRate), run.seconds > loopSeconds {
        let peak = tally.peakSecond?.records ?? 0
        loops.append(
          Finding(
            action: path,
            detail: "\(loopRate) or more records a second for \(run.seconds) seconds in a row (at most \(peak) in one)",
            second: run.start, secondIsStart: true))
      }
      let share = profile.records > 0 ? Double(tally.records) / Double(profile.records) : 0
      if tally.noOps >= noOpFloodMinimum, Double(tally.noOps) >= noOpActionShare * Double(tally.records),
        share > noOpFloodShare
      {
        let percent = (share * 1000).rounded() / 10
        floods.append(
          Finding(
            action: path,
            detail: "\(tally.noOps) of its \(tally.records) records change nothing; \(percent)% of all records",
            second: tally.peakSecond?.second, secondIsStart: false))
      }
    }
    var stranded: [Finding] = []
    var cycles: [Finding] = []
    for pair in chains?.pairs ?? []
    where pair.stranded > 0 && isEffectResponse(pair.response)
      && Double(pair.answered) >= unansweredRequestAnswered * Double(pair.causes)
    {
      stranded.append(
        Finding(
          action: pair.cause,
          detail:
            "\(pair.stranded) of \(pair.causes) got no \(pair.response) within the window and were not sent again (records "
            + pair.unansweredRecords.prefix(5).map { "#\($0)" }.joined(separator: " ")
            + (pair.unansweredRecords.count > 5 ? " …)" : ")"),
          second: nil, secondIsStart: false))
    }
    for loop in chains?.loops ?? [] {
      guard let rate = loop.perMinute, rate >= feedbackLoopPerMinute else { continue }
      cycles.append(
        Finding(
          action: loop.actions[0],
          detail: (loop.actions + [loop.actions[0]]).joined(separator: " → ")
            + ": \(loop.cycles) cycles, \(Int(rate.rounded())) a minute",
          second: nil, secondIsStart: false))
    }
    return [
      Result(rule: .effectLoop, findings: loops, measured: profile.timedRecords > 0),
      Result(rule: .noOpFlood, findings: floods, measured: true),
      Result(rule: .unansweredRequest, findings: stranded, measured: chains != nil),
      Result(rule: .feedbackLoop, findings: cycles, measured: chains?.isTimed == true),
    ]
  }
}

/// Writes a budget from a good run: each action path present gets a rule at its observed
/// peak with headroom, rare actions a floor, and every other action the `*` rule.
package enum BudgetTemplate {
  /// Observed peaks are doubled, plus this many records, so that a rare action does not
  /// break its rule with one more record.
  package static let headroomFactor = 2.0
  /// Added after doubling.
  package static let headroomRecords = 2
  /// The least limit of a rare action (one that came at most 60 times in every minute):
  /// its peak minute in one run says little of the next (a run of the simulated browser
  /// had `hover.exited` 8 times in its busiest minute, the next 21), and an action at
  /// this pace is no storm.
  package static let rareFloorPerMinute = 60
  /// The `*` rule's limit, for actions the good run did not have: above the pace of a
  /// person's taps and of a timer, below a pointer's stream (30–60 a second) and an
  /// effect loop's, which a new action should not bring unannounced.
  package static let othersPerSecond = 10
  /// The `*` rule's limit without timestamps: no unnamed action over this share of records.
  package static let othersPercentOfRecords = 5.0

  /// Parts of a run without timestamps whose busiest one bounds a share rule: a twentieth
  /// of a 10-minute session is half a minute, about a drag or a scroll.
  package static let shareParts = 20
  /// The fewest records a part needs for its share to say anything.
  package static let leastRecordsPerPart = 50

  /// The rules for `profile`, most records first: `N/s` for an action that came more than
  /// 60 times in some minute, `N/min` (at least `rareFloorPerMinute`) for one that did not;
  /// without timestamps, `N% records`: the share × 1.5 plus one point, or, when higher, the
  /// share in the run's busiest twentieth plus one point. Then the `*` rule for every
  /// action the run did not have.
  ///
  /// The busiest twentieth is the run's own variation: an action that comes in bursts (a
  /// drag, a scroll) has a small share in one run and a large one in the next, and its
  /// share in the twentieth that held its burst is what the next run can reach. Measured on
  /// seven 10-minute sessions of the simulated browser without times (seeds 10–16), each
  /// budget checked against the six others: the share × 1.5 + 1 alone broke 23 of the 42
  /// checks (`appSidebar.dragMoved`, 0.4 % of one run and 9 % of the next), the busiest
  /// twentieth none.
  package static func text(for profile: RunProfile, source: String) -> String {
    let timed = profile.timedRecords > 0
    var out =
      timed
      ? "# Action budget from \(source) (tcalog check --init): each action's observed peak, doubled, plus \(headroomRecords);\n"
        + "# rare actions at least \(rareFloorPerMinute)/min; '*' is every action no other rule names, each on its own.\n"
      : "# Action budget from \(source) (tcalog check --init), a log without timestamps: each action's share of the\n"
        + "# records, times 1.5 plus one point, or its share in the run's busiest twentieth plus one point when higher;\n"
        + "# '*' is every action no other rule names, each on its own.\n"
    out += "# Tighten or loosen by hand; see tcalog(1) CHECK COMMAND for the grammar.\n"
    func line(_ pattern: String, _ limit: String, comment: String? = nil) -> String {
      pattern + String(repeating: " ", count: max(0, 48 - pattern.count)) + " <= " + limit
        + (comment.map { "  # " + $0 } ?? "") + "\n"
    }
    for (path, tally) in profile.actions.sorted(by: {
      $0.value.records != $1.value.records ? $0.value.records > $1.value.records : $0.key < $1.key
    }) {
      // The empty path (`(no path)` in the report: action text that names no path, such as
      // `received action: hello world`) gets its rule too: `check` counts it as an action,
      // and without a rule `*` measured it, so the budget failed on its own run (issue 54,
      // row 10).
      let limit: String
      if timed {
        let perMinute = tally.peak(over: 60)
        if perMinute > 60 {
          limit = "\(Int((Double(tally.peakSecond?.records ?? 0) * headroomFactor).rounded(.up)) + headroomRecords)/s"
        } else {
          let doubled = Int((Double(perMinute) * headroomFactor).rounded(.up)) + headroomRecords
          limit = "\(max(doubled, rareFloorPerMinute))/min"
        }
      } else {
        let share = profile.records > 0 ? 100 * Double(tally.records) / Double(profile.records) : 0
        let busiest = busiestPartShare(tally, of: profile).map { $0 + 1 } ?? 0
        let value = min(100, (max(share * 1.5 + 1, busiest) * 10).rounded(.up) / 10)
        limit = "\(value)% records"
      }
      out += line(
        "^" + PatternMatcher.literal(path) + "$", limit,
        comment: path.isEmpty ? "(no path): action text without one" : nil)
    }
    out += line(
      Budget.othersPattern, timed ? "\(othersPerSecond)/s" : "\(othersPercentOfRecords)% records")
    return out
  }

  /// The action's share, in percent, of the records of the run's busiest part of
  /// `shareParts` (fewer parts in a short run, each of at least `leastRecordsPerPart`
  /// records; nil under two parts). Parts are made of the profile's blocks, each counted
  /// in the part its first record falls in.
  static func busiestPartShare(_ tally: RunProfile.Tally, of profile: RunProfile) -> Double? {
    let records = profile.records
    let parts = min(shareParts, records / leastRecordsPerPart)
    guard parts >= 2 else { return nil }
    let perBlock = profile.recordsPerBlock
    let blocks = (records + perBlock - 1) / perBlock
    var partRecords = [Int](repeating: 0, count: parts)
    var partCounts = [Int](repeating: 0, count: parts)
    for block in 0..<blocks {
      let first = block * perBlock
      let part = first * parts / records
      partRecords[part] += min(perBlock, records - first)
      partCounts[part] += tally.perBlock[block] ?? 0
    }
    var busiest = 0.0
    for part in 0..<parts where partRecords[part] > 0 {
      busiest = max(busiest, 100 * Double(partCounts[part]) / Double(partRecords[part]))
    }
    return busiest
  }
}
