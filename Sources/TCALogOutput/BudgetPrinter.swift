import Foundation
import TCALogReport

/// Writes what `tcalog check` found: every rule with its measured value and limit, and the
/// broken default rules, as text, JSON, GitHub annotations or JUnit XML.
public struct BudgetPrinter {
  /// The output formats of `check`.
  public enum Format: String, Sendable, CaseIterable {
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
  public var format: Format

  /// A printer of `format`.
  public init(format: Format) { self.format = format }

  /// The results in the printer's format; `source` names the logs checked.
  public func render(_ results: [Budget.Result], defaults: [DefaultBudget.Finding], source: String) -> String {
    switch format {
    case .text: text(results, defaults, source)
    case .json: json(results, defaults, source)
    case .github: github(results, defaults)
    case .junit: junit(results, defaults, source)
    }
  }

  /// `83/s`, `1,204 records`, `31.2% lines`; `not measured` without timestamps.
  static func value(_ value: Double?, _ unit: Budget.Unit) -> String {
    guard let value else { return "not measured (no timestamps)" }
    switch unit {
    case .perSecond, .perMinute: return NumberText.grouped(Int(value)) + unit.rawValue
    case .records: return NumberText.grouped(Int(value)) + " records"
    case .percentOfLines, .percentOfRecords: return String(format: "%.1f", value) + unit.rawValue
    }
  }

  static func limit(_ rule: Budget.Rule) -> String {
    let number = rule.limit == rule.limit.rounded() ? NumberText.grouped(Int(rule.limit)) : String(rule.limit)
    return rule.unit == .records ? number + " records" : number + rule.unit.rawValue
  }

  /// `2026-11-20T09:22:03Z` (the log's clock, in UTC).
  static func time(_ second: Int) -> String {
    let date = Date(timeIntervalSince1970: TimeInterval(second))
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  static func burst(_ result: Budget.Result) -> String? {
    result.burst.map { "worst second \(time($0.second)): \(NumberText.counted($0.records, "record"))" }
  }

  /// `measured 83/s, limit 60/s; worst second …`.
  static func message(_ result: Budget.Result) -> String {
    var text = "measured \(value(result.measured, result.rule.unit)), limit \(limit(result.rule))"
    if let burst = burst(result) { text += "; " + burst }
    if result.matchedPaths == 0 { text += "; the pattern matched no path" }
    return text
  }

  private func text(_ results: [Budget.Result], _ defaults: [DefaultBudget.Finding], _ source: String) -> String {
    let broken = results.filter { !$0.holds }.count
    var out = "tcalog check \(TerminalSafe.escaped(source)): "
    out += results.isEmpty ? "" : "\(broken) of \(results.count) rules broken"
    if !defaults.isEmpty || results.isEmpty {
      out += (results.isEmpty ? "" : ", ") + "\(defaults.count) default rule\(defaults.count == 1 ? "" : "s") broken"
    }
    out += "\n"
    for result in results {
      let status = result.holds ? "ok  " : result.measured == nil ? "n/a " : "FAIL"
      out += "\(status)  \(TerminalSafe.escaped(result.rule.file)):\(result.rule.line)  \(TerminalSafe.escaped(result.rule.text))\n"
      out += "      \(Self.message(result))\n"
    }
    for finding in defaults {
      out += "FAIL  \(finding.rule)  \(TerminalSafe.escaped(finding.action)): \(finding.detail)"
      if let second = finding.second { out += " (from \(Self.time(second)))" }
      out += "\n"
    }
    return out
  }

  private func json(_ results: [Budget.Result], _ defaults: [DefaultBudget.Finding], _ source: String) -> String {
    JSONWriter.text(spacing: .spaced) { json in
      json.beginObject()
      json.member("source", source)
      json.member("broken", results.filter { !$0.holds }.count + defaults.count)
      json.key("rules")
      json.beginArray()
      for result in results {
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
        json.member("holds", result.holds)
        json.member("matchedPaths", result.matchedPaths)
        json.key("burst")
        if let burst = result.burst {
          json.beginObject()
          json.member("time", Self.time(burst.second))
          json.member("records", burst.records)
          json.endObject()
        } else {
          json.null()
        }
        json.endObject()
      }
      json.endArray()
      json.key("defaultRules")
      json.beginArray()
      for finding in defaults {
        json.lineBreak(indent: 2)
        json.beginObject()
        json.member("rule", finding.rule)
        json.member("action", finding.action)
        json.member("detail", finding.detail)
        json.member("time", finding.second.map(Self.time))
        json.endObject()
      }
      json.endArray()
      json.endObject()
    } + "\n"
  }

  /// GitHub's escaping of a workflow command's message (`%`, CR, LF) and, in properties,
  /// also `:` and `,`.
  static func githubData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
  static func githubProperty(_ text: String) -> String {
    githubData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  private func github(_ results: [Budget.Result], _ defaults: [DefaultBudget.Finding]) -> String {
    var out = ""
    for result in results where !result.holds {
      let title = Self.githubProperty("Action budget: \(result.rule.text)")
      out += "::error file=\(Self.githubProperty(result.rule.file)),line=\(result.rule.line),title=\(title)::"
      out += Self.githubData("\(result.rule.text): \(Self.message(result))") + "\n"
    }
    for finding in defaults {
      out += "::error title=\(Self.githubProperty("tcalog \(finding.rule)"))::"
      out += Self.githubData("\(finding.action): \(finding.detail)") + "\n"
    }
    return out
  }

  /// XML text: the page's escaper serves XML too (`&#39;` is XML as well as HTML, and
  /// it drops the characters XML 1.0 cannot hold).
  static func xml(_ text: String) -> String { HTMLReportPage.escape(text) }

  private func junit(_ results: [Budget.Result], _ defaults: [DefaultBudget.Finding], _ source: String) -> String {
    let failures = results.filter { !$0.holds }.count + defaults.count
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites>\n"
    out += "  <testsuite name=\"tcalog check \(Self.xml(source))\" tests=\"\(results.count + defaults.count)\" failures=\"\(failures)\" errors=\"0\">\n"
    for result in results {
      let name = Self.xml("\(result.rule.file):\(result.rule.line) \(result.rule.text)")
      out += "    <testcase classname=\"tcalog.budget\" name=\"\(name)\""
      if result.holds {
        out += "/>\n"
      } else {
        out += ">\n      <failure message=\"\(Self.xml(Self.message(result)))\"/>\n    </testcase>\n"
      }
    }
    for finding in defaults {
      out += "    <testcase classname=\"tcalog.default-rules\" name=\"\(Self.xml("\(finding.rule) \(finding.action)"))\">\n"
      out += "      <failure message=\"\(Self.xml(finding.detail))\"/>\n    </testcase>\n"
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }
}
