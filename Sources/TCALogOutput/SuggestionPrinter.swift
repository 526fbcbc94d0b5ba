import TCALogParsing
import TCALogReport
import TCALogSuggest
import TCALogSupport

/// How the suggested entries are written: `if case` closures or TCA 1.x case key paths.
public enum SuggestStyle: String, Sendable, CaseIterable {
  /// `ActionFilter` closures with `if case` patterns; TCA 1.x `@CasePathable` key paths
  /// where they reach the action.
  case closure, casepath
}

/// Writes a `SuggestionSet` as one Swift source file (everything that is not code is in
/// comments) or as JSON.
public struct SuggestionPrinter: Sendable {
  /// The code style of the entries.
  public var style: SuggestStyle
  /// Also emit the `ActionFilter` type (or the casepath style's support code).
  public var includeType: Bool
  /// Input names as given on the command line (shown in comments, escaped).
  public var inputs: [String]
  /// A printer; `inputs` are the log files named in the header comment.
  public init(style: SuggestStyle = .closure, includeType: Bool = false, inputs: [String] = []) {
    self.style = style
    self.includeType = includeType
    self.inputs = inputs
  }

  /// Text safe inside a `//` comment: no line breaks or control characters.
  static func comment(_ text: String) -> String { TerminalSafe.escaped(text) }

  var inputText: String {
    let names = inputs.isEmpty ? ["standard input"] : inputs.map { $0 == "-" ? "standard input" : $0 }
    return SuggestionPrinter.comment(names.joined(separator: ", "))
  }

  /// The doc comment of an entry: what it covers and why, in the log's numbers.
  func evidence(_ s: Suggestion, _ set: SuggestionSet) -> [String] {
    let records = set.statistics.completeRecords
    let lines = set.statistics.lines
    let recShare = records > 0 ? Double(s.stats.count) / Double(records) : 0
    let lineShare = lines > 0 ? Double(s.stats.lines) / Double(lines) : 0
    let what = s.actionClass == .noise ? "Noise" : "Ambiguous"
    var out = [
      "\(what): \(NumberText.grouped(s.stats.count)) records (\(NumberText.percent(recShare)) % of records), "
        + "\(NumberText.percent(lineShare)) % of log lines."
    ]
    for line in s.evidence { out.append(SuggestionPrinter.comment(line) + ".") }
    if let keyPath = s.keyPath {
      out.append(
        "Matches `\(s.patternPath).set` of key path `\(keyPath)` only (TCA's BindingAction matches a key path by "
          + "`~=`); the binding's other key paths are judged apart.")
    } else if s.coveredPaths != [s.patternPath] {
      let all = s.actionClass == .noise ? "all noise" : "none of them signal"
      out.append(
        "Matches every `\(s.patternPath).*` action; seen here: "
          + s.coveredPaths.map { "`\($0)`" }.joined(separator: ", ") + " (\(all)).")
    }
    if s.steps.last?.name == "binding" && s.keyPath == nil {
      out.append(
        "`binding` is TCA's BindingAction (a struct): the pattern stops there and matches every binding of this "
          + "feature."
      )
    }
    if s.hasShapeConflict { out.append("Records disagreed about a case payload; the most frequent shape is used.") }
    return out
  }

  /// One Swift source file: the suggestions, then the commented-out candidates and what was kept.
  public func render(_ set: SuggestionSet) -> String {
    var out = header(set) + "\n"
    if includeType {
      out += (style == .closure ? SuggestionPrinter.actionFilterType : SuggestionPrinter.casePathSupport) + "\n"
    } else {
      out += "import TCALogFilter\n\n"
    }
    for root in set.roots {
      out += "extension ActionFilter where Action == \(SwiftIdentifier.typeName(root)!) {\n"
      var first = true
      for s in set.suggestions where s.root == root {
        if !first { out += "\n" }
        first = false
        for line in evidence(s, set) { out += "  /// \(line)\n" }
        out += entryCode(s).map { "  " + $0 + "\n" }.joined()
      }
      let candidates = set.candidates.filter { $0.root == root }
      if !candidates.isEmpty {
        if !first { out += "\n" }
        out += "  // Ambiguous: the log holds evidence both ways. Uncomment what you agree should be\n"
        out += "  // silenced and add it to `.allExcept(…)` below.\n"
        for (i, s) in candidates.enumerated() {
          if i > 0 { out += "  //\n" }
          for line in evidence(s, set) { out += "  // /// \(line)\n" }
          out += entryCode(s).map { "  // " + $0 + "\n" }.joined()
        }
      }
      out += "}\n\n"
    }
    if !includeType && SuggestionPrinter.printsChanges(set) {
      out += SuggestionPrinter.tcaGlue(for: set.roots.compactMap(SwiftIdentifier.typeName)) + "\n"
    }
    out += footer(set)
    return out
  }

  /// Whether the log came from TCA 1.x's `_printChanges()` (`tca1` records, or the
  /// one-line `.actionLabels` ones) rather than from a `debugDiffing` reducer or TCA 0.x's
  /// `debug()`: it decides how the footer installs the filters.
  package static func printsChanges(_ set: SuggestionSet) -> Bool {
    let formats = set.statistics.byFormat
    let modern = (formats[.tca1] ?? 0) + (formats[.labels] ?? 0)
    return modern > 0 && modern >= (formats[.diffing] ?? 0) + (formats[.tca0] ?? 0)
  }

  func header(_ set: SuggestionSet) -> String {
    var out = "// Generated by `tcalog suggest --style \(style.rawValue)` from \(inputText)\n"
    out +=
      "// (\(NumberText.grouped(set.statistics.completeRecords)) records, \(NumberText.grouped(set.statistics.lines)) "
      + "lines). Paste into your ActionFilter extensions.\n"
    if includeType {
      out += "// It declares its own ActionFilter (--include-type): import no tcalog product with it.\n"
    } else {
      out += "// ActionFilter is tcalog's: add the TCALogFilter product of its package to the app target.\n"
    }
    if set.isThin {
      out += "// The log is too short to tell noise from signal: nothing is suggested.\n"
    } else {
      // Noise the filter repository already silences is not what the entries below silence:
      // say each part, so a log the repository mostly silences does not read as quiet.
      if set.silencedLines > 0 {
        let lines = set.statistics.lines
        let share = lines > 0 ? Double(set.silencedLines) / Double(lines) : 0
        out +=
          "// The filter repository already silences \(NumberText.percent(share)) % of lines, left out of the shares below:\n"
      }
      out +=
        "// Lines by class: noise \(NumberText.percent(set.lineShare(of: .noise))) % (silenced below), "
        + "signal \(NumberText.percent(set.lineShare(of: .signal))) % (never silenced),\n"
      out += "// ambiguous \(NumberText.percent(set.lineShare(of: .ambiguous))) % (commented out below: your call).\n"
    }
    return out
  }

  /// The lines of one entry: a case key path where it reaches the whole prefix (casepath
  /// style), else an `if case` pattern, which can follow labelled payloads.
  func entryCode(_ s: Suggestion) -> [String] {
    if style == .casepath && s.keyPathReachesPath {
      let keyPath = "\\." + s.keyPathSegments.map(SwiftIdentifier.escaped).joined(separator: ".")
      return ["static var \(s.name): Self { Self { $0.is(\(keyPath)) } }"]
    }
    return [
      "static var \(s.name): Self {",
      "  Self { action in",
      "    if case \(s.closurePattern) = action { return true }",
      "    return false",
      "  }",
      "}",
    ]
  }

  /// How to install the filters for one root.
  func use(_ set: SuggestionSet, root: String) -> String {
    let names = set.suggestions.filter { $0.root == root }.map { "." + $0.name }.joined(separator: ", ")
    let type = SwiftIdentifier.typeName(root)!
    let reducer = type.hasSuffix(".Action") ? String(type.dropLast(7)) + "()" : "yourReducer"
    if includeType {
      if style == .closure { return ".debugDiffing(allowedActions: .allExcept(\(names)))" }
      return reducer + "._printChanges(.customDump(filter: .allExcept(\(names))))"
    }
    if SuggestionPrinter.printsChanges(set) { return reducer + "._printChanges(.tcalog(.allExcept(\(names))))" }
    return ".debugDiffing(allowedActions: .allExcept(\(names)))"
  }

  /// `tcalog filter --exclude '^(a|b)(\.|$)' FILES`: the inputs without the actions the
  /// suggestions silence (nil when nothing is suggested). The suggest footer and the HTML
  /// page both show it.
  func previewCommand(_ set: SuggestionSet) -> String? {
    // Key paths' entries select part of an action's records: no pattern can.
    let alternatives = set.suggestions.filter { $0.keyPath == nil }.map {
      $0.patternPath.replacingScalars(".", with: "\\.")
    }
    guard !alternatives.isEmpty else { return nil }
    let files = inputs.isEmpty ? "app.log" : inputs.map(SuggestionPrinter.shellQuoted).joined(separator: " ")
    return "tcalog filter --exclude '^(\(alternatives.joined(separator: "|")))(\\.|$)' \(files)"
  }

  /// A file name as one shell word.
  static func shellQuoted(_ name: String) -> String {
    let safe = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./+,:@".unicodeScalars.contains($0)
    }
    return safe && !name.isEmpty ? name : "'" + name.replacingScalars("'", with: "'\\''") + "'"
  }

  // MARK: footer (all comments)

  func footer(_ set: SuggestionSet) -> String {
    var out = ""
    let records = set.statistics.completeRecords
    let lines = set.statistics.lines
    func share(_ n: Int) -> String { NumberText.percent(lines > 0 ? Double(n) / Double(lines) : 0) }
    if set.suggestions.isEmpty {
      out += set.isThin ? "" : "// No suggestions: no action path was classified as noise.\n"
    } else {
      let recShare = records > 0 ? Double(set.coveredRecords) / Double(records) : 0
      out +=
        "// Together these filters silence \(NumberText.grouped(set.coveredRecords)) records "
        + "(\(NumberText.percent(recShare)) %) and \(share(set.coveredLines)) % of log lines"
      if set.silencedLines > 0 { out += "\n// (the filter repository already removes \(share(set.silencedLines)) %)" }
      out += ":\n"
      for root in set.roots where set.suggestions.contains(where: { $0.root == root }) {
        out += "// " + use(set, root: root) + "\n"
      }
      if !includeType {
        out += "// Or read at launch from a filter repository (`suggest --filters FILE --append`):\n"
        out += "//   .allExcept(.matching(FilterFile.load(\"/path/to/.tcalog-filters\")))\n"
      }
      out += "// Filter repository lines:\n"
      for s in set.suggestions {
        // A key path's entry selects part of an action's records: a pattern cannot.
        if let keyPath = s.keyPath {
          out += "//   (\(s.name.replacingScalars("`", with: "")): \(s.patternPath).set \(keyPath) only, in Swift)\n"
        } else {
          out += "//   \(s.name.replacingScalars("`", with: "")) = \(s.regex)\n"
        }
      }
      // Entries that are all key paths have no pattern to preview with: no empty command.
      if let preview = previewCommand(set) {
        out += "// Preview the log without them:\n"
        out += "//   " + SuggestionPrinter.comment(preview) + "\n"
      }
    }
    if let target = set.options.target, !set.isThin {
      let removed = lines > 0 ? Double(set.coveredLines + set.silencedLines) / Double(lines) : 0
      if removed < target {
        out +=
          "// --target \(NumberText.percent(target)) % not reached (\(NumberText.percent(removed)) %): the rest is "
          + "signal (\(NumberText.percent(set.lineShare(of: .signal))) %) and ambiguous\n"
        out += "// (\(NumberText.percent(set.lineShare(of: .ambiguous))) %) lines, which suggest never silences.\n"
      }
    }
    let signal = set.kept.filter { $0.reason == .signal }
    if !signal.isEmpty {
      out += "// Kept as signal (never silenced):\n"
      for k in signal.prefix(20) {
        out +=
          "//   `\(SuggestionPrinter.comment(k.path))`: \(NumberText.grouped(k.stats.count)) records, "
          + "\(share(k.stats.lines)) % of lines: \(SuggestionPrinter.comment(k.detail ?? ""))\n"
      }
      if signal.count > 20 { out += "//   … and \(signal.count - 20) more\n" }
    }
    let keptByYou = set.kept.filter { $0.reason == .keepLine }
    if !keptByYou.isEmpty {
      out +=
        "// \(NumberText.counted(keptByYou.count, "action")) kept by your repository's keep lines (never suggested):\n"
      for k in keptByYou.prefix(20) {
        out +=
          "//   `\(SuggestionPrinter.comment(k.path))`: \(NumberText.grouped(k.stats.count)) records, "
          + "\(share(k.stats.lines)) % of lines: keep line `\(SuggestionPrinter.comment(k.detail ?? ""))`\n"
      }
      if keptByYou.count > 20 { out += "//   … and \(keptByYou.count - 20) more\n" }
    }
    let other = set.kept.filter { $0.reason != .signal && $0.reason != .ambiguous && $0.reason != .keepLine }
    if !other.isEmpty {
      out += "// Not suggested:\n"
      for k in other.prefix(10) {
        let why: String
        switch k.reason {
        case .unsafeName: why = "not plain Swift identifiers"
        case .noPath: why = "no action path"
        case .silenced: why = "already silenced by `\(SuggestionPrinter.comment(k.detail ?? ""))`"
        case .signal, .ambiguous, .keepLine: why = ""
        }
        let path =
          k.reason == .unsafeName || k.reason == .noPath ? "(not shown)" : "`\(SuggestionPrinter.comment(k.path))`"
        out +=
          "//   \(path): \(NumberText.grouped(k.stats.count)) records, \(share(k.stats.lines)) % of lines: \(why)\n"
      }
      if other.count > 10 { out += "//   … and \(other.count - 10) more\n" }
    }
    return out
  }

  // MARK: json

  /// Every classified path with its evidence numbers, plus the entries.
  public func json(_ set: SuggestionSet) -> String {
    let records = set.statistics.completeRecords
    let lines = set.statistics.lines
    func share(_ a: Int, _ b: Int) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
    /// An entry's name as Swift spells it without back-ticks.
    func bare(_ name: String) -> String { name.replacingScalars("`", with: "") }
    func entries(_ key: StaticString, _ list: [Suggestion], to json: inout JSONWriter) {
      json.lineBreak(indent: 2)
      json.key(key)
      json.beginArray()
      for s in list {
        json.lineBreak(indent: 4)
        json.beginObject()
        json.member("name", bare(s.name))
        json.member("root", s.root)
        json.member("path", s.patternPath)
        json.member("keyPath", s.keyPath)
        json.member("class", s.actionClass.rawValue)
        json.member("records", s.stats.count)
        json.member("recordShare", share(s.stats.count, records))
        json.member("lines", s.stats.lines)
        json.member("lineShare", share(s.stats.lines, lines))
        json.member("noOpRecords", s.stats.noOps)
        json.member("noOpShare", s.stats.withStatePart > 0 ? share(s.stats.noOps, s.stats.withStatePart) : nil)
        json.member("coveredPaths", strings: s.coveredPaths)
        json.member("closurePattern", s.closurePattern)
        json.member("caseKeyPath", s.keyPathReachesPath ? "\\." + s.keyPathSegments.joined(separator: ".") : nil)
        json.member("regex", s.regex)
        json.member("evidence", strings: s.evidence)
        json.endObject()
      }
      json.lineBreak(indent: 2)
      json.endArray()
    }
    return JSONWriter.text { json in
      json.beginObject()
      json.lineBreak(indent: 2)
      json.member("records", records)
      json.member("lines", lines)
      json.member("thin", set.isThin)
      json.member("target", set.options.target)
      json.lineBreak(indent: 2)
      json.member("coveredRecords", set.coveredRecords)
      json.member("coveredLines", set.coveredLines)
      json.member("coveredLineShare", share(set.coveredLines, lines))
      json.member("silencedLines", set.silencedLines)
      json.lineBreak(indent: 2)
      json.key("lineShareByClass")
      json.beginObject()
      json.member("noise", set.lineShare(of: .noise))
      json.member("signal", set.lineShare(of: .signal))
      json.member("ambiguous", set.lineShare(of: .ambiguous))
      json.endObject()
      entries("suggestions", set.suggestions, to: &json)
      entries("candidates", set.candidates, to: &json)
      json.lineBreak(indent: 2)
      json.key("actions")
      json.beginArray()
      for c in set.classified {
        let e = c.evidence
        let suggested = set.entry(silencing: c.path)
        let candidate = set.candidates.first { $0.covers(c.path) }
        json.lineBreak(indent: 4)
        json.beginObject()
        json.member("path", c.path)
        json.member("class", c.actionClass.rawValue)
        json.member("suggested", suggested != nil)
        json.member("entry", (suggested ?? candidate).map { bare($0.name) })
        json.member("records", e.records)
        json.member("recordShare", e.recordShare)
        json.member("lines", e.lines)
        json.member("lineShare", e.lineShare)
        json.member("noOpShare", e.noOpShare)
        json.member("timedIntervals", e.timedGaps)
        json.member("medianIntervalSeconds", e.medianGap)
        json.member("fastIntervalShare", e.fastShare)
        json.member("periodSeconds", e.period)
        json.member("periodShare", e.periodShare)
        json.member("peakPerSecond", e.peakPerSecond)
        json.member("repeatShare", e.repeatShare)
        json.member("spacingVariation", e.spacingVariation)
        json.member("statePaths", strings: e.statePaths)
        json.member("exclusiveShare", e.exclusiveShare)
        json.member("newValueShare", e.newValueShare)
        json.member("measurementShare", e.measurementShare)
        json.member("nameLean", e.nameLean)
        json.member("nearMedianShare", e.nearMedianShare)
        json.member("subSecondShare", e.subSecondShare)
        json.member("presence", e.presence)
        json.member("entities", e.entities)
        json.member("entityIntervalSeconds", e.entityGap)
        json.member("entityReturns", e.entityReturns)
        json.member("entitySpread", e.entitySpread)
        json.member("entityOrderSpread", e.entityOrderSpread)
        json.member("entitySwitchShare", e.entitySwitchShare)
        json.member("entityShortShare", e.entityShortShare)
        json.member("follows", e.follows)
        json.member("followShare", e.followShare)
        json.member("followRatio", e.followRatio)
        json.member("structureLean", e.structureLean)
        json.member("insertShare", e.insertShare)
        json.member("cause", e.cause)
        json.member("causeShare", e.causeShare)
        json.member("causeLift", e.causeLift)
        json.member("causeLean", e.causeLean)
        json.member("leadShare", e.leadShare)
        json.member("siblingScore", e.siblingScore)
        json.member("score", c.score)
        json.member("rulesClass", (c.rulesClass ?? c.actionClass).rawValue)
        json.member("noiseProbability", c.noiseProbability)
        json.member("reasons", strings: c.reasons)
        json.member("rules", strings: c.rules.map(\.rawValue))
        // A binding's key paths, each with its own verdict (`report` shows the same).
        if !c.keyPaths.isEmpty {
          json.key("keyPaths")
          json.beginArray()
          for k in c.keyPaths {
            json.beginObject()
            json.member("keyPath", k.keyPath)
            json.member("class", k.actionClass.rawValue)
            json.member("records", k.evidence.records)
            json.member("lines", k.evidence.lines)
            json.member("score", k.score)
            json.member("reasons", strings: k.reasons)
            json.member("rules", strings: k.rules.map(\.rawValue))
            json.endObject()
          }
          json.endArray()
        }
        json.endObject()
      }
      json.lineBreak(indent: 2)
      json.endArray()
      json.lineBreak(indent: 2)
      json.key("kept")
      json.beginArray()
      for k in set.kept {
        json.lineBreak(indent: 4)
        json.beginObject()
        json.member("root", k.root)
        json.member("path", k.path)
        json.member("records", k.stats.count)
        json.member("lines", k.stats.lines)
        json.member("lineShare", share(k.stats.lines, lines))
        json.member("reason", k.reason.rawValue)
        json.member("detail", k.detail)
        json.endObject()
      }
      json.lineBreak(indent: 2)
      json.endArray()
      json.lineBreak(indent: 0)
      json.endObject()
    } + "\n"
  }

  /// The ActionFilter type of ACTIONFILTER.md section 2 (for `--include-type`).
  package static let actionFilterType = actionFilterStruct(sendable: false)

  /// The ActionFilter struct of both styles, written once. `sendable`: the casepath style's
  /// (section 6.1), `Sendable` over `FilterableAction` actions with `@Sendable` closures and,
  /// as there, without doc comments and with its combinators packed together; otherwise
  /// section 2's, each member documented and on its own.
  static func actionFilterStruct(sendable: Bool) -> String {
    let closure = sendable ? "@Sendable (Action) -> Bool" : "(Action) -> Bool"
    var out =
      sendable
      ? "public struct ActionFilter<Action: FilterableAction>: Sendable {\n" : "public struct ActionFilter<Action> {\n"
    out += "  public let isIncluded: \(closure)\n\n"
    out += "  public init(isIncluded: @escaping \(closure)) {\n    self.isIncluded = isIncluded\n  }\n"
    // Groups of members, each with the doc comment of section 2.
    let members: [(doc: String, code: [String])] = [
      (
        "Lets `filter(action)` read like a function call.",
        ["func callAsFunction(_ action: Action) -> Bool { isIncluded(action) }"]
      ),
      ("Matches every action.", ["static var all: Self { Self { _ in true } }"]),
      (
        "Matches exactly the actions that `filter` does not match.",
        ["static func not(_ filter: Self) -> Self { Self { !filter($0) } }"]
      ),
      (
        "Matches an action when at least one of `filters` matches it.",
        [
          "static func anyOf(_ filters: [Self]) -> Self {\n    Self { action in filters.contains { $0(action) } }\n  }",
          "static func anyOf(_ filters: Self...) -> Self { anyOf(filters) }",
        ]
      ),
      (
        "Matches an action when none of `filters` matches it.",
        [
          "static func allExcept(_ filters: [Self]) -> Self { .not(.anyOf(filters)) }",
          "static func allExcept(_ filters: Self...) -> Self { allExcept(filters) }",
        ]
      ),
    ]
    for (i, member) in members.enumerated() {
      // Packed: one blank line before `callAsFunction` and one after it.
      if !sendable || i < 2 { out += "\n" }
      if !sendable { out += "  /// \(member.doc)\n" }
      for code in member.code { out += "  public \(code)\n" }
    }
    return out + "}\n"
  }
}

extension SuggestionPrinter {
  /// The TCA 1.x glue `suggest` writes for a `_printChanges()` log: `._printChanges(.tcalog(…))`,
  /// TCALogFilter's `ChangePrinter` behind TCA's `_ReducerPrinter`, one extension per root
  /// action type (`roots`, Swift type names; none: one for every action type). Under
  /// `#if canImport(ComposableArchitecture)`, so the file also compiles where TCA is absent.
  ///
  /// Constrained to the file's roots, two suggest files of one app target (one per feature)
  /// compile side by side: an unconstrained `tcalog` in each would be declared twice. Two
  /// files of the same root collide anyway, on their entries' names.
  package static func tcaGlue(for roots: [String]) -> String {
    var out = """
      // TCA 1.x glue: `._printChanges(.tcalog(filter))` prints `_printChanges()`'s text, each
      // header stamped with the time, for the actions the filter lets through. One extension
      // per root action type, so the suggest files of other features compile beside this one.
      #if canImport(ComposableArchitecture)
        import ComposableArchitecture


      """
    for (i, root) in (roots.isEmpty ? [nil] : roots.map(Optional.some)).enumerated() {
      if i > 0 { out += "\n" }
      out += "  extension _ReducerPrinter" + (root.map { " where Action == \($0)" } ?? "") + " {\n"
      out += """
            static func tcalog(
              _ filter: ActionFilter<Action> = .all,
              write: @escaping @Sendable (String) -> Void = ChangePrinterOutput.standardOutput
            ) -> Self {
              let printer = ChangePrinter<State, Action>(filter: filter, write: write)
              return Self { action, oldState, newState in printer(action, oldState, newState) }
            }
          }

        """
    }
    return out + "#endif\n"
  }

  /// The glue for every action type, as the README gives it for an app to add by hand.
  package static var tcaGlue: String { tcaGlue(for: []) }

  /// The support code of ACTIONFILTER.md 6.1 for TCA 1.x: a `Sendable` ActionFilter over
  /// `CasePathable` actions and the `_ReducerPrinter` members `._printChanges` takes.
  static let casePathSupport =
    """
    import ComposableArchitecture

    #if compiler(>=6.2)
    public typealias FilterableAction = CasePathable & SendableMetatype
    #else
    public typealias FilterableAction = CasePathable
    #endif

    """ + "\n" + actionFilterStruct(sendable: true) + "\n"
      + """
      extension _ReducerPrinter where Action: FilterableAction {
        /// `.customDump`, but only for actions that `filter` lets through.
        public static func customDump(filter: ActionFilter<Action>) -> Self {
          Self { action, oldState, newState in
            guard filter(action) else { return }
            Self.customDump.printChange(receivedAction: action, oldState: oldState, newState: newState)
          }
        }

        /// `.actionLabels`, but only for actions that `filter` lets through.
        public static func actionLabels(filter: ActionFilter<Action>) -> Self {
          Self { action, oldState, newState in
            guard filter(action) else { return }
            Self.actionLabels.printChange(receivedAction: action, oldState: oldState, newState: newState)
          }
        }
      }

      """
}
