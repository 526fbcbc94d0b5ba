@_spi(Scanner) import TCALogParsing
import TCALogPipeline

/// The compiled selection of `tcalog filter`: which records to keep.
///
/// A record is selected when every given condition holds, then `inverted` flips it:
/// * `actions`: at least one matches the action path (empty: no condition);
/// * `excludes`: none matches the action path;
/// * `silences`: none matches the action path, unless one of `keeps` does (a filter
///   repository's entries and keep lines, `--exclude-filters`: the user's keep wins);
/// * `states`: at least one matches a changed state path, raw or normalized;
/// * `texts`: at least one matches the record's raw bytes (prefixes, newlines included);
/// * `change`: the state part says something changed / nothing changed;
/// * `keyPaths`: the record is a binding of one of these key paths (`\.$volume`).
///
/// The conditions are constants: a variable property of a class pays a runtime exclusivity
/// check at each read, and `selects` reads them for every record.
///
/// Matching runs on the record's byte ranges, never on `String`s. A pattern that fails
/// (match limit) counts as not matching; the failure is kept in `matchErrors`.
public final class RecordQuery {
  /// What a record's state part must say.
  public enum ChangeCondition: Sendable {
    /// No condition: records with a state part or without one.
    case any
    /// Records whose state part shows a change.
    case changed
    /// No-op records only (`labels` records have no state part and are never no-ops).
    case unchanged
  }

  /// At least one must match the action path (empty: no condition).
  package let actions: [PatternMatcher]
  /// None may match the action path.
  package let excludes: [PatternMatcher]
  /// None may match the action path, unless one of `keeps` does.
  package let silences: [PatternMatcher]
  /// Overrule `silences` (not `excludes`) where one matches the action path.
  package let keeps: [PatternMatcher]
  /// At least one must match a changed state path, raw or normalized (empty: no condition).
  package let states: [PatternMatcher]
  /// At least one must match the record's raw input bytes (empty: no condition).
  package let texts: [PatternMatcher]
  /// The condition on the state part (`.any`: none).
  package let change: ChangeCondition
  /// Select the records the conditions reject instead (grep's `-v`).
  package let inverted: Bool
  /// A binding's key paths, spelled as records spell them (`\.$volume`, see
  /// `spelledKeyPath`): the record's must be one (empty: no condition).
  package let keyPaths: [[UInt8]]

  /// The first match failures seen (up to 10), for messages; `matchErrorCount` counts them all.
  /// Both unchecked: `selects` may write them, so each record paid two runtime exclusivity
  /// checks (3% of `filter -a -c`); a query is used by one thread at a time.
  @exclusivity(unchecked) public private(set) var matchErrors: [MatchError] = []
  /// Matches that failed in all, each taken as not matching (more than `matchErrors` keeps).
  @exclusivity(unchecked) package private(set) var matchErrorCount = 0
  /// The action conditions' answer by action key (`actionConditionsHold`).
  @exclusivity(unchecked) private var actionVerdicts = ActionKeyTable<Bool>()

  /// A query from its conditions; without any it selects every record.
  public init(
    actions: [PatternMatcher] = [], excludes: [PatternMatcher] = [], silences: [PatternMatcher] = [],
    keeps: [PatternMatcher] = [], states: [PatternMatcher] = [], texts: [PatternMatcher] = [],
    change: ChangeCondition = .any, inverted: Bool = false, keyPaths: [String] = []
  ) {
    self.keyPaths = keyPaths.flatMap { RecordQuery.keyPathSpellings($0).map { Array($0.utf8) } }
    self.actions = actions
    self.excludes = excludes
    self.silences = silences
    self.keeps = keeps
    self.states = states
    self.texts = texts
    self.change = change
    self.inverted = inverted
  }

  /// What the query is made of, as plain values: worker threads compile their own copy
  /// from it, since a matcher is not thread-safe.
  package struct Blueprint: Sendable {
    var actions, excludes, silences, keeps, states, texts: [(pattern: String, options: PatternMatcher.Options)]
    var change: ChangeCondition
    var inverted: Bool
    var keyPaths: [String]

    /// A query of its own. Every pattern compiled once already; should one fail now (out
    /// of memory), dropping it would change what is selected, so that stops the program.
    package func compile() -> RecordQuery {
      func matchers(_ list: [(pattern: String, options: PatternMatcher.Options)]) -> [PatternMatcher] {
        list.map { entry in
          do {
            return try PatternMatcher(entry.pattern, options: entry.options)
          } catch {
            preconditionFailure("a pattern that compiled once failed to compile again: \(error)")
          }
        }
      }
      return RecordQuery(
        actions: matchers(actions), excludes: matchers(excludes), silences: matchers(silences),
        keeps: matchers(keeps), states: matchers(states), texts: matchers(texts), change: change, inverted: inverted,
        keyPaths: keyPaths)
    }
  }

  /// The patterns and conditions as plain values, to compile a copy for another thread.
  package var blueprint: Blueprint {
    func list(_ m: [PatternMatcher]) -> [(pattern: String, options: PatternMatcher.Options)] {
      m.map { ($0.pattern, $0.options) }
    }
    return Blueprint(
      actions: list(actions), excludes: list(excludes), silences: list(silences), keeps: list(keeps),
      states: list(states), texts: list(texts), change: change, inverted: inverted,
      keyPaths: keyPaths.map { String(decoding: $0, as: UTF8.self) })
  }

  /// A key path as the user may write it (`\.$volume`, `\Feature.State.$volume`,
  /// `$volume`), spelled as records spell it (docs/FORMATS.md 3.1): `\.$volume`.
  /// The key paths `text` selects: as spelled, and, when it names no projection (`text`,
  /// `\.text`), the projection of its last component too (`\.$text`), which is how a
  /// binding of `@BindingState` is written: `--key-path text` selected nothing, silently.
  package static func keyPathSpellings(_ text: String) -> [String] {
    let spelled = spelledKeyPath(text)
    guard !spelled.contains("$"), let dot = spelled.lastIndex(of: "."),
      let first = spelled[spelled.index(after: dot)...].first, first.isLetter || first == "_"
    else { return [spelled] }
    return [spelled, String(spelled[...dot]) + "$" + spelled[spelled.index(after: dot)...]]
  }

  package static func spelledKeyPath(_ text: String) -> String {
    let written = text.hasPrefix("\\") ? text : "\\." + text
    var spelled: [UInt8] = []
    let found = Array(written.utf8).withUnsafeBufferPointer { ActionEntity.spellKeyPath($0, at: 0, into: &spelled) }
    return found ? String(decoding: spelled, as: UTF8.self) : written
  }

  /// Takes over the match failures a worker's copy of this query saw.
  package func absorbErrors(_ errors: [MatchError], count: Int) {
    for error in errors where matchErrors.count < 10 { matchErrors.append(error) }
    matchErrorCount += count
  }

  /// What the conditions read of a record.
  package var needs: RecordNeeds {
    var needs: RecordNeeds = []
    if !actions.isEmpty || !excludes.isEmpty || !silences.isEmpty { needs.insert(.action) }
    if !states.isEmpty || change != .any { needs.insert(.statePaths) }
    if !texts.isEmpty { needs.insert(.raw) }
    if !keyPaths.isEmpty { needs.insert(.entity) }
    return needs
  }

  /// True when the query keeps every record (the raw round trip).
  package var selectsEverything: Bool {
    actions.isEmpty && excludes.isEmpty && silences.isEmpty && states.isEmpty && texts.isEmpty && change == .any
      && !inverted && keyPaths.isEmpty
  }

  /// Whether the record is selected: every condition holds, the answer flipped when `inverted`.
  public func selects(_ record: some RecordFields) -> Bool {
    conditionsHold(record) != inverted
  }

  private func conditionsHold(_ record: some RecordFields) -> Bool {
    switch change {
    case .any: break
    case .changed: guard record.hasStatePart && record.stateChanged else { return false }
    case .unchanged: guard record.isNoOp else { return false }
    }
    // Cheapest conditions first: action paths are short, raw text is the whole record.
    return record.storage.withUnsafeBufferPointer { storage in
      func slice(_ r: TextRange) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: storage[r.start..<r.end])
      }
      if !actions.isEmpty || !excludes.isEmpty || !silences.isEmpty {
        guard actionConditionsHold(record.actionKey, slice(record.actionPathRange)) else { return false }
      }
      if !states.isEmpty {
        let found = record.changes.contains { change in
          states.contains {
            matches($0, slice(change.path))
              || (change.normalized != change.path && matches($0, slice(change.normalized)))
          }
        }
        if !found { return false }
      }
      if !texts.isEmpty && !texts.contains(where: { matches($0, slice(record.rawRange)) }) { return false }
      if !keyPaths.isEmpty {
        guard let r = record.bindingKeyPathRange, keyPaths.contains(where: { $0.elementsEqual(slice(r)) }) else {
          return false
        }
      }
      return true
    }
  }

  /// The query as an `ActionGate`, when whether it selects a record depends on the action
  /// path alone (action patterns or exclusions, nothing else, not inverted): the records
  /// it would not select need not be built. Nil otherwise.
  package var actionGate: ActionGate? {
    guard !actions.isEmpty || !excludes.isEmpty || !silences.isEmpty, states.isEmpty, texts.isEmpty, change == .any,
      !inverted, keyPaths.isEmpty
    else {
      return nil
    }
    return { key, path in self.actionConditionsHold(key, path) }
  }

  /// Whether an action pattern matches the path, no exclusion does, and no silencing
  /// pattern does unless a keep pattern does too: matched once per
  /// action key, as records of one key have the same path. An answer that met a match
  /// failure is not kept, so that each record counts its own failure.
  private func actionConditionsHold(_ key: ActionKey?, _ path: UnsafeBufferPointer<UInt8>) -> Bool {
    if let key, let known = actionVerdicts.value(for: key) { return known }
    let failures = matchErrorCount
    let holds =
      (actions.isEmpty || actions.contains(where: { matches($0, path) }))
      && !excludes.contains(where: { matches($0, path) })
      && !(silences.contains(where: { matches($0, path) }) && !keeps.contains(where: { matches($0, path) }))
    if let key, matchErrorCount == failures { actionVerdicts.set(holds, for: key) }
    return holds
  }

  @inline(__always)
  private func matches(_ matcher: PatternMatcher, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    do {
      return try matcher.matches(bytes)
    } catch {
      matchErrorCount += 1
      if matchErrors.count < 5 && !matchErrors.contains(where: { $0.pattern == error.pattern }) {
        matchErrors.append(error)
      }
      return false
    }
  }

  // MARK: Highlighting

  /// What to highlight in an action path: the parts the action patterns matched.
  package func highlights(inActionPath bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    Self.ranges(of: actions, in: bytes)
  }

  /// What to highlight in a state path.
  package func highlights(inStatePath bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    Self.ranges(of: states, in: bytes)
  }

  /// What to highlight in the raw text: the text patterns' matches, and where the action
  /// and state patterns happen to match the text too (a path is not contiguous in the
  /// raw text, so its own match cannot be shown there).
  package func highlights(inRaw bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    Self.ranges(of: texts + actions + states, in: bytes)
  }

  /// Sorted, merged match ranges of several patterns (errors just mean no highlight).
  static func ranges(of matchers: [PatternMatcher], in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    guard !matchers.isEmpty, !bytes.isEmpty else { return [] }
    var all: [Range<Int>] = []
    for matcher in matchers { all += (try? matcher.allMatches(in: bytes)) ?? [] }
    guard all.count > 1 else { return all }
    all.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = [all[0]]
    for range in all.dropFirst() {
      if range.lowerBound <= merged[merged.count - 1].upperBound {
        merged[merged.count - 1] =
          merged[merged.count - 1].lowerBound..<max(merged[merged.count - 1].upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
