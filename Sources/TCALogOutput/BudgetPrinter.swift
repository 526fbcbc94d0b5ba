import TCALogQuery
import TCALogReport
import TCALogSupport

/// Writes what `tcalog check` found: every rule with its measured value and limit, and the
/// broken default rules, as text, JSON, GitHub annotations or JUnit XML.
package struct BudgetPrinter {
  /// The output formats of `check`.
  package enum Format: String, Sendable, CaseIterable {
    /// One line per rule.
    case text
    /// One JSON document.
    case json
    /// One `::error` workflow command per broken rule (GitHub Actions turns them into
    /// annotations); nothing for rules that hold.
    case github
    /// JUnit XML: one test case per rule, a failure for each broken one.
    case junit
  }

  /// The format.
  package var format: Format
  /// The UTC offset the log writes its times in (nil: local time), so that a burst's time
  /// reads as in the log.
  package var timeOffset: Int?
  /// The columns text lines are wrapped to (at spaces, later lines indented under the
  /// rule); nil: not wrapped.
  package var width: Int?

  /// Action paths of the run that no rule names (the `*` rule aside), with their records.
  package var unnamed: [(path: String, records: Int)] = []
  /// `check --strict`: a stale rule and an unnamed action break the budget.
  package var strict = false
  /// The `--since`/`--until` window held no record: what is not measured is for that
  /// reason, not for want of timestamps.
  package var emptyWindow = false
  /// Why a rule or a default rule was not measured.
  var notMeasured: String {
    emptyWindow ? "the --since/--until window holds no record" : "needs timestamps, and the log has none"
  }

  /// What one input of several measured alone, rule by rule.
  package struct InputCheck: Sendable {
    /// The input's name as given (`-`: standard input).
    package var source: String
    /// Its records (those in the time window, when there is one).
    package var records: Int
    /// Its lines (those of the records in the time window, when there is one).
    package var lines: Int
    /// The budget's rules measured on this input alone, in the order of the whole read's.
    package var results: [Budget.Result]
    /// The built-in rules on this input alone (empty without `--default-rules`).
    package var defaults: [DefaultBudget.Result]

    /// An input's measurements.
    package init(
      source: String, records: Int, lines: Int, results: [Budget.Result], defaults: [DefaultBudget.Result]
    ) {
      self.source = source
      self.records = records
      self.lines = lines
      self.results = results
      self.defaults = defaults
    }

    /// Rules over their limit on this input alone, budget and built-in (a rule stale here
    /// may match in another input: it is not counted).
    package var broken: Int {
      results.filter { $0.measured != nil && !$0.holds }.count + defaults.filter { !$0.findings.isEmpty }.count
    }
  }

  /// Each input's own measurements, in the order read; text shows them when there are
  /// several, json always (one input: the whole read's).
  package var inputs: [InputCheck] = []

  /// A printer of `format`, writing times in `timeOffset`, text wrapped to `width` columns.
  package init(format: Format, timeOffset: Int? = nil, width: Int? = nil) {
    self.format = format
    self.timeOffset = timeOffset
    self.width = width
  }

  /// Whether the result breaks the budget: over its limit, or (strict) stale.
  func breaks(_ result: Budget.Result) -> Bool {
    result.measured != nil && (!result.holds || (strict && result.isStale))
  }

  /// The results in the printer's format; `source` names the logs checked, `defaults` the
  /// built-in rules when checked.
  package func render(_ results: [Budget.Result], defaults: [DefaultBudget.Result], source: String) -> String {
    switch format {
    case .text: text(results, defaults, source)
    case .json: json(results, defaults, source)
    case .github: github(results, defaults)
    case .junit: junit(results, defaults, source)
    }
  }

  /// `83/s`, `1,204 records`, `31.2% lines`; `not measured` without timestamps.
  /// A state rule counts changes of its paths: `12 changes`, not records.
  static func value(_ value: Double?, _ unit: Budget.Unit, isState: Bool = false) -> String {
    guard let value else {
      switch unit {
      case .crossings, .loops, .unanswered, .percentUnanswered: return "not measured (one file of several)"
      default: return "not measured (no timestamps)"
      }
    }
    switch unit {
    case .perSecond, .perMinute, .milliseconds: return NumberText.grouped(rounding: value) + unit.rawValue
    case .records: return NumberText.grouped(rounding: value) + (isState ? " changes" : " records")
    case .crossings, .loops, .unanswered: return NumberText.grouped(rounding: value) + " " + unit.rawValue
    case .percentOfLines, .percentOfRecords, .percentUnanswered:
      return TextFormatting.printf("%.1f", value) + unit.rawValue
    }
  }

  static func limit(_ rule: Budget.Rule) -> String {
    // A limit past Int's range (22 digits: fuzz budgetfile) is written as a Double is.
    let number =
      rule.limit == rule.limit.rounded() && rule.limit < 9.0e18
      ? NumberText.grouped(Int(rule.limit)) : String(rule.limit)
    switch rule.unit {
    case .records: return number + (rule.isState ? " changes" : " records")
    case .crossings, .loops, .unanswered: return number + " " + rule.unit.rawValue
    default: return number + rule.unit.rawValue
    }
  }

  /// `2026-11-20 10:00:16 +01:00`, as the log writes its times.
  func time(_ second: Int) -> String { TextFormatting.loggedTime(second, offset: timeOffset) }

  /// `2026-11-20T10:00:16+01:00` (UTC, `Z`, for a log in local time).
  func isoTime(_ second: Int) -> String {
    var text = TextFormatting.dateTime(second, offset: timeOffset ?? 0)
    text = text.prefix(10) + "T" + text.dropFirst(11)
    return text + (timeOffset.map(TextFormatting.offsetText) ?? "Z")
  }

  /// `worst second 2026-11-20 10:00:16 +01:00: 413 records` (`worst minute from …` for an
  /// `N/min` rule).
  func burst(_ result: Budget.Result) -> String? {
    result.burst.map {
      (result.burstSeconds == 60 ? "worst minute from " : "worst second ") + time($0.second) + ": "
        + NumberText.counted($0.records, "record")
    }
  }

  /// `measured 83/s, limit 60/s`, `worst second …`, and whether the pattern matched nothing.
  func messageParts(_ result: Budget.Result) -> [String] {
    if let error = result.matchError { return ["not measured: \(error.message)"] }
    if result.measured == nil { return ["not measured: \(notMeasured)", "limit \(Self.limit(result.rule))"] }
    var parts = [
      "measured \(Self.value(result.measured, result.rule.unit, isState: result.rule.isState)), limit \(Self.limit(result.rule))"
    ]
    if let worst = result.worstPath { parts.append("worst action \(worst) (no rule names it)") }
    if let burst = burst(result) { parts.append(burst) }
    if result.isStale { parts.append("the pattern matched no path: the rule checks nothing (renamed or removed?)") }
    return parts
  }

  /// `measured 83/s, limit 60/s; worst second …` on one line.
  func message(_ result: Budget.Result) -> String { messageParts(result).joined(separator: "; ") }

  /// `windows.window.mouseMoved: 150 or more records a second … (from 2026-11-20 10:00:16 +01:00)`;
  /// a flood gives its busiest second.
  func finding(_ finding: DefaultBudget.Finding) -> String {
    let when = finding.second.map { " (\(finding.secondIsStart ? "from" : "busiest second") \(time($0)))" }
    return "\(finding.action): \(finding.detail)" + (when ?? "")
  }

  /// What a default rule found, on one line: its findings, or why it was not measured.
  func message(_ result: DefaultBudget.Result) -> String {
    guard result.measured else { return "not measured: \(notMeasured)" }
    return result.findings.isEmpty ? "no action breaks it" : result.findings.map(finding).joined(separator: "; ")
  }

  /// The number of rules broken, budget and default, and of all rules checked.
  func counts(_ results: [Budget.Result], _ defaults: [DefaultBudget.Result]) -> (broken: Int, rules: Int) {
    let broken = results.filter(breaks).count + defaults.filter { !$0.findings.isEmpty }.count
    return (broken, results.count + defaults.count)
  }

  /// `3 actions no rule names: a (12 records), b (3 records)`, or nil.
  func unnamedText(limit: Int = 20) -> String? {
    guard !unnamed.isEmpty else { return nil }
    var list = unnamed.prefix(limit).map { "\($0.path) (\(NumberText.counted($0.records, "record")))" }
    if unnamed.count > limit { list.append("… (+\(unnamed.count - limit))") }
    return "\(NumberText.counted(unnamed.count, "action")) no rule names: " + list.joined(separator: ", ")
  }

  /// Broken rules first, each with its measurement on the line below; rules that were not
  /// measured next; then the rules that hold, one line each with what was measured.
  private func text(_ results: [Budget.Result], _ defaults: [DefaultBudget.Result], _ source: String) -> String {
    let (broken, rules) = counts(results, defaults)
    var out = "tcalog check \(TerminalSafe.escaped(source)): \(broken) of \(NumberText.counted(rules, "rule")) broken"
    if !defaults.isEmpty { out += " (\(defaults.count) of them built in)" }
    if strict && !unnamed.isEmpty { out += "; \(NumberText.counted(unnamed.count, "action")) no rule names" }
    out += "\n"
    let perFile = inputs.count > 1
    if perFile {
      for input in inputs {
        out +=
          "file  \(TerminalSafe.escaped(input.source))  \(NumberText.counted(input.records, "record")), "
          + "\(input.broken) of \(NumberText.counted(rules, "rule")) broken in it alone\n"
      }
    }
    /// `a.log 12/s (broken alone), b.log 4/s`: rule `index` measured in each input.
    func perFileText(_ index: Int) -> String {
      inputs.filter { index < $0.results.count }.map { input in
        let result = input.results[index]
        let broken = result.measured != nil && !result.holds
        return TerminalSafe.escaped(input.source) + " "
          + Self.value(result.measured, result.rule.unit, isState: result.rule.isState)
          + (broken ? " (broken alone)" : "")
      }.joined(separator: ", ")
    }
    func budgetLine(_ status: String, _ result: Budget.Result) -> String {
      "\(status)  \(TerminalSafe.escaped(result.rule.file)):\(result.rule.line)  \(TerminalSafe.escaped(result.rule.text))"
    }
    func defaultLine(_ status: String, _ result: DefaultBudget.Result) -> String {
      "\(status)  \(result.rule.rawValue)  \(result.rule.description)"
    }
    // A broken rule's measurement and burst each on a line of their own: they fit a terminal.
    for (index, result) in results.enumerated() where breaks(result) {
      out +=
        budgetLine("FAIL", result) + "\n"
        + messageParts(result).map { "      " + TerminalSafe.escaped($0) + "\n" }.joined()
      if perFile && result.measured != nil && !result.isStale { out += "      per file: " + perFileText(index) + "\n" }
    }
    if strict, let text = unnamedText() {
      out += "FAIL  " + TerminalSafe.escaped(text) + " (--strict)\n"
    }
    for (index, result) in defaults.enumerated() where !result.findings.isEmpty {
      out += defaultLine("FAIL", result) + "\n"
      for f in result.findings { out += "      " + TerminalSafe.escaped(finding(f)) + "\n" }
      if perFile {
        let files = inputs.filter { index < $0.defaults.count && !$0.defaults[index].findings.isEmpty }
        out +=
          "      per file: "
          + (files.isEmpty
            ? "in none alone"
            : files.map {
              TerminalSafe.escaped($0.source) + " (" + $0.defaults[index].findings.map(\.action).joined(separator: ", ")
                + ")"
            }.joined(separator: ", ")) + "\n"
      }
    }
    for result in results where result.measured == nil {
      out += budgetLine("n/a ", result) + "\n      " + message(result) + "\n"
    }
    for result in defaults where !result.measured {
      out += defaultLine("n/a ", result) + "\n      " + message(result) + "\n"
    }
    for result in results where result.isStale && !breaks(result) {
      out +=
        budgetLine("stale", result)
        + "\n      the pattern matched no path: the rule checks nothing (renamed or removed?)\n"
    }
    if !strict, let text = unnamedText() {
      let others = results.contains { $0.rule.isOthers } ? "checked by the '*' rule" : "not checked"
      out += "note  " + TerminalSafe.escaped(text) + " (\(others); --strict fails them)\n"
    }
    for (index, result) in results.enumerated() where result.holds && !result.isStale {
      var measured = Self.value(result.measured, result.rule.unit, isState: result.rule.isState)
      if let worst = result.worstPath { measured += ", worst \(TerminalSafe.escaped(worst))" }
      if perFile { measured += "; per file: " + perFileText(index) }
      out += budgetLine("ok  ", result) + "  (\(measured))\n"
    }
    for result in defaults where result.holds { out += defaultLine("ok  ", result) + "\n" }
    guard let width else { return out }
    return out.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TextFormatting.wrapped(String($0), width: width, indent: "      ") }.joined(separator: "\n")
  }

  private func json(_ results: [Budget.Result], _ defaults: [DefaultBudget.Result], _ source: String) -> String {
    JSONWriter.text(spacing: .spaced) { json in
      json.beginObject()
      json.member("source", source)
      json.member("broken", counts(results, defaults).broken)
      json.member("strict", strict)
      json.key("inputs")
      json.beginArray()
      for input in inputs {
        json.lineBreak(indent: 2)
        json.beginObject()
        json.member("source", input.source)
        json.member("records", input.records)
        json.member("lines", input.lines)
        json.member("broken", input.broken)
        json.endObject()
      }
      json.endArray()
      json.key("unnamedActions")
      json.beginArray()
      for entry in unnamed {
        json.lineBreak(indent: 2)
        json.beginObject()
        json.member("action", entry.path)
        json.member("records", entry.records)
        json.endObject()
      }
      json.endArray()
      json.key("rules")
      json.beginArray()
      for (index, result) in results.enumerated() {
        json.lineBreak(indent: 2)
        json.beginObject()
        json.member("file", result.rule.file)
        json.member("line", result.rule.line)
        json.member("rule", result.rule.text)
        json.member("pattern", result.rule.pattern)
        json.member("state", result.rule.isState)
        json.member("limit", result.rule.limit)
        json.member("unit", result.rule.unit.rawValue)
        json.member("measured", result.measured)
        json.member("holds", result.holds && !breaks(result))
        json.member("stale", result.isStale)
        json.member("matchedPaths", result.matchedPaths)
        json.member("worstAction", result.worstPath)
        burstMember(json: &json, result)
        // The rule on each input alone: where its records came from. `holds` is null where
        // the input alone gives no measure (a rate rule, the input without timestamps).
        json.key("inputs")
        json.beginArray()
        for input in inputs where index < input.results.count {
          let alone = input.results[index]
          json.beginObject()
          json.member("source", input.source)
          json.member("measured", alone.measured)
          json.key("holds")
          if alone.measured == nil { json.null() } else { json.bool(alone.holds) }
          json.member("matchedPaths", alone.matchedPaths)
          json.member("worstAction", alone.worstPath)
          burstMember(json: &json, alone)
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
      json.endArray()
      json.key("defaultRules")
      json.beginArray()
      for (index, result) in defaults.enumerated() {
        json.lineBreak(indent: 2)
        json.beginObject()
        json.member("rule", result.rule.rawValue)
        json.member("description", result.rule.description)
        json.member("measured", result.measured)
        json.member("holds", result.holds)
        json.key("findings")
        json.beginArray()
        for finding in result.findings {
          json.beginObject()
          json.member("action", finding.action)
          json.member("detail", finding.detail)
          json.member("time", finding.second.map(isoTime))
          json.endObject()
        }
        json.endArray()
        json.key("inputs")
        json.beginArray()
        for input in inputs where index < input.defaults.count {
          let alone = input.defaults[index]
          json.beginObject()
          json.member("source", input.source)
          json.member("measured", alone.measured)
          json.member("holds", alone.holds)
          json.member("actions", strings: alone.findings.map(\.action))
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
      json.endArray()
      json.endObject()
    } + "\n"
  }

  /// `"burst": {time, seconds, records}`, or null without timestamps.
  private func burstMember(json: inout JSONWriter, _ result: Budget.Result) {
    json.key("burst")
    if let burst = result.burst {
      json.beginObject()
      json.member("time", isoTime(burst.second))
      json.member("seconds", result.burstSeconds)
      json.member("records", burst.records)
      json.endObject()
    } else {
      json.null()
    }
  }

  /// GitHub's escaping of a workflow command's message (`%`, CR, LF) and, in properties,
  /// also `:` and `,`.
  static func githubData(_ text: String) -> String {
    text.replacingScalars("%", with: "%25").replacingScalars("\r", with: "%0D")
      .replacingScalars("\n", with: "%0A")
  }
  static func githubProperty(_ text: String) -> String {
    githubData(text).replacingScalars(":", with: "%3A").replacingScalars(",", with: "%2C")
  }

  /// One `::error` per broken budget rule (with its file and line) and per action that
  /// breaks a built-in rule.
  private func github(_ results: [Budget.Result], _ defaults: [DefaultBudget.Result]) -> String {
    var out = ""
    for result in results where breaks(result) || result.isStale {
      let level = breaks(result) ? "error" : "warning"
      let title = Self.githubProperty("Action budget: \(result.rule.text)")
      out += "::\(level) file=\(Self.githubProperty(result.rule.file)),line=\(result.rule.line),title=\(title)::"
      out += Self.githubData("\(result.rule.text): \(message(result))") + "\n"
    }
    if let text = unnamedText() {
      out += "::\(strict ? "error" : "warning") title=\(Self.githubProperty("Action budget: unnamed actions"))::"
      out += Self.githubData(text) + "\n"
    }
    for result in defaults {
      for f in result.findings {
        out += "::error title=\(Self.githubProperty("tcalog \(result.rule.rawValue)"))::"
        out += Self.githubData(finding(f)) + "\n"
      }
    }
    return out
  }

  /// XML text: the page's escaper serves XML too (`&#39;` is XML as well as HTML, and
  /// it drops the characters XML 1.0 cannot hold).
  static func xml(_ text: String) -> String { HTMLReportPage.escape(text) }

  /// One test case per rule, budget and built-in: a failure for a broken one, `skipped`
  /// for one that could not be measured (a rate without timestamps).
  private func junit(_ results: [Budget.Result], _ defaults: [DefaultBudget.Result], _ source: String) -> String {
    var (broken, rules) = counts(results, defaults)
    if strict && !unnamed.isEmpty {
      broken += 1
      rules += 1
    }
    let skipped = results.filter { $0.measured == nil }.count + defaults.filter { !$0.measured }.count
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites>\n"
    out += "  <testsuite name=\"tcalog check \(Self.xml(source))\" tests=\"\(rules)\" failures=\"\(broken)\" "
    out += "errors=\"0\" skipped=\"\(skipped)\">\n"
    func testCase(_ classname: String, _ name: String, failure: String?, skipped: String?) {
      out += "    <testcase classname=\"\(classname)\" name=\"\(Self.xml(name))\""
      if let failure {
        out += ">\n      <failure message=\"\(Self.xml(failure))\"/>\n    </testcase>\n"
      } else if let skipped {
        out += ">\n      <skipped message=\"\(Self.xml(skipped))\"/>\n    </testcase>\n"
      } else {
        out += "/>\n"
      }
    }
    if strict, let text = unnamedText() {
      testCase("tcalog.budget", "every action named by a rule", failure: text, skipped: nil)
    }
    for result in results {
      let broken = breaks(result)
      testCase(
        "tcalog.budget", "\(result.rule.file):\(result.rule.line) \(result.rule.text)",
        failure: broken ? message(result) : nil, skipped: result.measured == nil ? message(result) : nil)
    }
    for result in defaults {
      testCase(
        "tcalog.default-rules", "\(result.rule.rawValue): \(result.rule.description)",
        failure: result.findings.isEmpty ? nil : message(result), skipped: result.measured ? nil : message(result))
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }
}
