import TCALogReport

/// Writes a `ChainsAnalysis` (`tcalog chains`): text for a terminal, markdown for a pull
/// request, JSON for programs; all three hold the same pairs, loops, chains, crossings and
/// findings.
package struct ChainsPrinter {
  /// The output formats of `chains`.
  package enum Format: String, Sendable, CaseIterable {
    /// Sections of aligned lines.
    case text
    /// Tables.
    case markdown
    /// One JSON document.
    case json
  }

  /// The format.
  package var format: Format

  /// A printer of `format`.
  package init(format: Format) { self.format = format }

  /// The analysis in the printer's format.
  package func render(_ analysis: ChainsAnalysis) -> String {
    switch format {
    case .text: text(analysis)
    case .markdown: markdown(analysis)
    case .json: json(analysis)
    }
  }

  /// `0.312 s`; `-` for none.
  static func seconds(_ value: Double?) -> String {
    value.map { TextFormatting.printf("%.3f s", $0) } ?? "-"
  }

  static func recordList(_ records: [Int], limit: Int = 8) -> String {
    let shown = records.prefix(limit).map { "#\($0)" }.joined(separator: " ")
    return records.count > limit ? shown + " …" : shown
  }

  static func chainLines(
    _ node: ChainsAnalysis.ChainNode, depth: Int, into out: inout [String], safe: (String) -> String
  ) {
    let indent = String(repeating: "  ", count: depth)
    out.append("\(indent)\(depth == 0 ? "" : "→ ")\(safe(node.action))  ×\(NumberText.grouped(node.count))")
    for child in node.next { chainLines(child, depth: depth + 1, into: &out, safe: safe) }
  }

  /// "no times", or how many records had one when only some did (then the windows are in
  /// records, as without times); after the record count, so it says "of them".
  static func timesWord(_ a: ChainsAnalysis) -> String {
    a.timedRecords == 0 ? "no times" : "\(NumberText.grouped(a.timedRecords)) of them with times"
  }

  private func text(_ a: ChainsAnalysis) -> String {
    let safe = { TerminalSafe.escaped($0) }
    var out: [String] = []
    let timing =
      a.isTimed
      ? "with times, window \(Int(ChainsAnalysis.timedWindow)) s"
      : "\(Self.timesWord(a)), window \(ChainsAnalysis.recordWindow) records"
    out.append("\(NumberText.grouped(a.records)) records (\(timing))")
    out.append("")
    out.append("Requests and responses (\(a.pairs.count))")
    for p in a.pairs {
      var line = "  \(safe(p.cause)) → \(safe(p.response))  \(p.answered)/\(p.causes) answered"
      if let l = p.latency { line += ", median \(Self.seconds(l.median)), p95 \(Self.seconds(l.p95))" }
      out.append(line)
      if p.unanswered > 0 { out.append("    unanswered \(p.unanswered): \(Self.recordList(p.unansweredRecords))") }
    }
    out.append("")
    out.append("Loops (\(a.loops.count))")
    for l in a.loops {
      let rate = l.perMinute.map { TextFormatting.printf(", %.1f a minute", $0) } ?? ""
      out.append("  \((l.actions + [l.actions[0]]).map(safe).joined(separator: " → "))  \(l.cycles) cycles\(rate)")
    }
    out.append("")
    out.append("Chains (\(a.chains.count))")
    for c in a.chains {
      var lines: [String] = []
      Self.chainLines(c, depth: 0, into: &lines, safe: safe)
      out.append(contentsOf: lines.map { "  " + $0 })
    }
    out.append("")
    out.append("Crossings (\(a.crossings.count))")
    for c in a.crossings {
      out.append("  \(safe(c.action)) changed \(safe(c.statePath)) outside \(safe(c.scope))  \(c.records) records")
    }
    out.append("")
    out.append("Findings (\(a.findings.count))")
    for f in a.findings { out.append("  \(f.kind.rawValue)  \(safe(f.action)): \(f.evidence)") }
    return out.joined(separator: "\n") + "\n"
  }

  private func markdown(_ a: ChainsAnalysis) -> String {
    let code = { Markdown.code($0) }
    var out: [String] = []
    out.append("## Requests and responses")
    out.append("")
    out.append("| cause | response | causes | answered | unanswered | median | p95 |")
    out.append("|---|---|---:|---:|---:|---:|---:|")
    for p in a.pairs {
      out.append(
        "| \(code(p.cause)) | \(code(p.response)) | \(p.causes) | \(p.answered) | \(p.unanswered) | "
          + "\(Self.seconds(p.latency?.median)) | \(Self.seconds(p.latency?.p95)) |")
    }
    out.append("")
    out.append("## Loops")
    out.append("")
    for l in a.loops {
      let rate = l.perMinute.map { TextFormatting.printf(", %.1f a minute", $0) } ?? ""
      out.append("- \((l.actions + [l.actions[0]]).map(code).joined(separator: " → ")): \(l.cycles) cycles\(rate)")
    }
    out.append("")
    out.append("## Chains")
    out.append("")
    for c in a.chains {
      var lines: [String] = []
      Self.chainLines(c, depth: 0, into: &lines, safe: { Markdown.cell($0) })
      out.append("```")
      out.append(contentsOf: lines)
      out.append("```")
    }
    out.append("")
    out.append("## Crossings")
    out.append("")
    out.append("| action | state path | child's state | records |")
    out.append("|---|---|---|---:|")
    for c in a.crossings {
      out.append("| \(code(c.action)) | \(code(c.statePath)) | \(code(c.scope)) | \(c.records) |")
    }
    out.append("")
    out.append("## Findings")
    out.append("")
    for f in a.findings { out.append("- \(f.kind.rawValue): \(code(f.action)): \(Markdown.cell(f.evidence))") }
    return out.joined(separator: "\n") + "\n"
  }

  private func json(_ a: ChainsAnalysis) -> String {
    JSONWriter.text(spacing: .spaced) { json in
      json.beginObject()
      json.member("records", a.records)
      json.member("timed", a.isTimed)
      json.member("timedRecords", a.timedRecords)
      json.key("pairs")
      json.beginArray()
      for p in a.pairs {
        json.lineBreak(indent: 1)
        json.beginObject()
        json.member("cause", p.cause)
        json.member("response", p.response)
        json.member("causes", p.causes)
        json.member("answered", p.answered)
        json.member("unanswered", p.unanswered)
        json.member("unansweredRecords", integers: p.unansweredRecords)
        json.key("latency")
        if let l = p.latency {
          json.beginObject()
          json.member("median", l.median)
          json.member("p95", l.p95)
          json.endObject()
        } else {
          json.null()
        }
        json.member("lift", (p.lift * 100).rounded() / 100)
        json.endObject()
      }
      json.endArray()
      json.key("chains")
      json.beginArray()
      for c in a.chains {
        json.lineBreak(indent: 1)
        Self.node(c, &json)
      }
      json.endArray()
      json.key("loops")
      json.beginArray()
      for l in a.loops {
        json.lineBreak(indent: 1)
        json.beginObject()
        json.member("actions", strings: l.actions)
        json.member("cycles", l.cycles)
        json.member("perMinute", l.perMinute)
        json.endObject()
      }
      json.endArray()
      json.key("crossings")
      json.beginArray()
      for c in a.crossings {
        json.lineBreak(indent: 1)
        json.beginObject()
        json.member("action", c.action)
        json.member("statePath", c.statePath)
        json.member("scope", c.scope)
        json.member("records", c.records)
        json.endObject()
      }
      json.endArray()
      json.key("findings")
      json.beginArray()
      for f in a.findings {
        json.lineBreak(indent: 1)
        json.beginObject()
        json.member("kind", f.kind.rawValue)
        json.member("action", f.action)
        json.member("evidence", f.evidence)
        json.endObject()
      }
      json.endArray()
      json.endObject()
    }
  }

  private static func node(_ n: ChainsAnalysis.ChainNode, _ json: inout JSONWriter) {
    json.beginObject()
    json.member("action", n.action)
    json.member("count", n.count)
    json.key("next")
    json.beginArray()
    for child in n.next { node(child, &json) }
    json.endArray()
    json.endObject()
  }
}
