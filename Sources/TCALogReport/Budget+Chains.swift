import TCALogQuery
import TCALogSupport

/// What a `chains:` rule of a budget measures (`ChainsAnalysis`):
///
/// ```
/// chains:crossings <= 0                               # no child action crosses its boundary
/// chains:loops <= 0                                   # no cycle of pairs
/// chains:unanswered <= 1%                             # of every pair's causes (or N: a count)
/// chains:unanswered(search) <= 2                      # of the pairs the pattern names
/// chains:latency(searchResponse) <= 500ms             # 95th percentile (or 0.5s)
/// ```
///
/// A pattern (PCRE2) names the pairs whose cause or response path it matches; a latency
/// rule over several pairs measures the worst of their 95th percentiles.
package enum ChainsMeasure: String, Sendable, Equatable {
  /// Crossings: the records of every crossing.
  case crossings
  /// Loops of pairs.
  case loops
  /// Unanswered causes, as a count or a share of the causes.
  case unanswered
  /// The 95th percentile of a pair's latency.
  case latency
}

extension Budget {
  /// The prefix of a rule on what sets off what.
  package static let chainsPrefix = "chains:"

  /// A bad `chains:` rule's message.
  struct ChainsRuleError: Error {
    var text: String
  }

  /// Parses `chains:WHAT[(PATTERN)] <= LIMIT`.
  static func chainsRule(
    _ pattern: String, _ limitText: String, file: String, line: Int, options: PatternMatcher.Options
  ) -> Swift.Result<(Rule, PatternMatcher?), ChainsRuleError> {
    let body = pattern.dropFirst(chainsPrefix.count).trimmingBlanks()
    var name = body
    var inner: String?
    if let open = body.firstIndex(of: "("), body.hasSuffix(")") {
      name = String(body[..<open]).trimmingBlanks()
      inner = String(body[body.index(after: open)..<body.index(before: body.endIndex)])
    }
    let forms = "chains:crossings, chains:loops, chains:unanswered[(PATTERN)] or chains:latency(PATTERN)"
    guard let measure = ChainsMeasure(rawValue: name) else {
      return .failure(ChainsRuleError(text: "'\(pattern)' is not a chains rule: \(forms)"))
    }
    if (measure == .crossings || measure == .loops) && inner != nil {
      return .failure(ChainsRuleError(text: "chains:\(name) takes no pattern"))
    }
    if measure == .latency && (inner ?? "").isEmpty {
      return .failure(
        ChainsRuleError(text: "chains:latency needs the pairs' pattern: chains:latency(PATTERN) <= 500ms"))
    }
    let limit: Double
    let unit: Unit
    let compact = limitText.lowercased().replacingScalars(" ", with: "")
    switch measure {
    case .latency:
      guard let (value, scale) = Self.duration(compact) else {
        return .failure(ChainsRuleError(text: "'\(limitText)' is not a latency: N ms or N s"))
      }
      (limit, unit) = (value * scale, .milliseconds)
    case .unanswered:
      guard let (value, parsed) = parseLimit(limitText), parsed == .records || parsed == .percentOfLines else {
        return .failure(ChainsRuleError(text: "'\(limitText)' is not a limit of unanswered causes: N or N%"))
      }
      (limit, unit) = (value, parsed == .records ? .unanswered : .percentUnanswered)
    case .crossings, .loops:
      guard let (value, parsed) = parseLimit(limitText), parsed == .records else {
        return .failure(ChainsRuleError(text: "'\(limitText)' is not a count: N"))
      }
      (limit, unit) = (value, measure == .crossings ? .crossings : .loops)
    }
    var matcher: PatternMatcher?
    if let inner, !inner.isEmpty {
      do {
        matcher = try PatternMatcher(inner, options: options)
      } catch {
        return .failure(ChainsRuleError(text: "\(error)"))
      }
    }
    let rule = Rule(
      file: file, line: line, pattern: inner ?? "", isState: false, limit: limit, unit: unit,
      text: pattern + " <= " + limitText, chains: measure)
    return .success((rule, matcher))
  }

  /// `500ms` → (500, 1); `0.5s` → (0.5, 1000): the value and its scale to milliseconds.
  static func duration(_ compact: String) -> (Double, Double)? {
    for (suffix, scale) in [("ms", 1.0), ("s", 1000.0)] where compact.hasSuffix(suffix) {
      let number = String(compact.dropLast(suffix.count))
      guard !number.isEmpty, number.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: ".") }),
        let value = Double(number), value.isFinite
      else { return nil }
      return (value, scale)
    }
    return nil
  }

  /// A `chains:` rule measured on the analysis (not measured without one, or a latency
  /// without times).
  static func measure(_ rule: Rule, _ matcher: PatternMatcher?, on chains: ChainsAnalysis?) -> Result {
    guard let chains, let measure = rule.chains else {
      return Result(rule: rule, measured: nil, holds: false, burst: nil, matchedPaths: 1)
    }
    var matchError: MatchError?
    var pairs: [ChainsAnalysis.Pair] = []
    for pair in chains.pairs {
      guard let matcher else {
        pairs.append(pair)
        continue
      }
      do throws(MatchError) {
        let cause = try matcher.matches(pair.cause)
        let response = try cause ? true : matcher.matches(pair.response)
        if response { pairs.append(pair) }
      } catch {
        if matchError == nil { matchError = error }
      }
    }
    let measured: Double?
    var matched = 1
    switch measure {
    case .crossings: measured = Double(chains.crossings.reduce(0) { $0 + $1.records })
    case .loops: measured = Double(chains.loops.count)
    case .unanswered:
      matched = matcher == nil ? 1 : pairs.count
      let unanswered = pairs.reduce(0) { $0 + $1.unanswered }
      let causes = pairs.reduce(0) { $0 + $1.causes }
      measured =
        rule.unit == .percentUnanswered
        ? (causes > 0 ? 100 * Double(unanswered) / Double(causes) : 0) : Double(unanswered)
    case .latency:
      matched = pairs.count
      let worst = pairs.compactMap { $0.latency?.p95 }.max()
      measured = chains.isTimed ? (worst ?? 0) * 1000 : nil
    }
    return Result(
      rule: rule, measured: matchError == nil ? measured : nil,
      holds: matchError == nil && measured.map { $0 <= rule.limit } ?? false, burst: nil, matchedPaths: matched,
      matchError: matchError)
  }
}
