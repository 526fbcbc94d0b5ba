import TCALogReport

extension HTMLReportPage {
  /// The chains section: requests and responses, loops, crossings and performance
  /// findings (`tcalog chains`), when the page was given the analysis.
  func chainsSection() -> String {
    guard let chains else { return "" }
    var out = "<section id=\"chains\">\n<h2>What sets off what</h2>\n"
    out +=
      "<p class=\"legend\">Requests and their responses (<code>tcalog chains</code>): a response's cause is the action it follows most specifically"
      + (chains.isTimed
        ? ", within \(Int(ChainsAnalysis.timedWindow)) s"
        : ", within \(ChainsAnalysis.recordWindow) records ("
          + (chains.timedRecords == 0
            ? "no times"
            : "times on \(NumberText.grouped(chains.timedRecords)) of \(NumberText.grouped(chains.records)) records")
          + ")")
      + ".</p>\n"
    if chains.pairs.isEmpty {
      out += "<p>No request and response pairs.</p>\n"
    } else {
      out +=
        "<table class=\"sortable\">\n<thead><tr><th>cause</th><th>response</th><th class=\"num\">causes</th><th class=\"num\">answered</th><th class=\"num\">unanswered</th><th class=\"num\">median</th><th class=\"num\">p95</th></tr></thead>\n<tbody>\n"
      for p in chains.pairs {
        let unanswered =
          p.unanswered == 0
          ? "0"
          : "<span title=\"records \(Self.escape(p.unansweredRecords.prefix(20).map { "#\($0)" }.joined(separator: " ")))\">\(p.unanswered)</span>"
        out +=
          "<tr><td class=\"path\">\(Self.pathHTML(p.cause))</td><td class=\"path\">\(Self.pathHTML(p.response))</td>"
          + "<td class=\"num\">\(p.causes)</td><td class=\"num\">\(p.answered)</td><td class=\"num\">\(unanswered)</td>"
          + "<td class=\"num\">\(Self.milliseconds(p.latency?.median))</td><td class=\"num\">\(Self.milliseconds(p.latency?.p95))</td></tr>\n"
      }
      out += "</tbody>\n</table>\n"
    }
    if !chains.loops.isEmpty {
      out += "<h3>Loops</h3>\n<ul>\n"
      for l in chains.loops {
        let rate = l.perMinute.map { ", " + NumberText.fixed($0, 1) + " a minute" } ?? ""
        out +=
          "<li><code>\(Self.escape((l.actions + [l.actions[0]]).joined(separator: " → ")))</code>: \(l.cycles) cycles\(rate)</li>\n"
      }
      out += "</ul>\n"
    }
    out += "<h3>Crossings</h3>\n"
    if chains.crossings.isEmpty {
      out += "<p>No child action changes state outside its own.</p>\n"
    } else {
      out +=
        "<p class=\"legend\">A child feature's non-delegate action that changes state outside the child's own (docs/FORMATS.md 7).</p>\n"
        + "<table class=\"sortable\">\n<thead><tr><th>action</th><th>state path</th><th>child's state</th><th class=\"num\">records</th></tr></thead>\n<tbody>\n"
      for c in chains.crossings {
        out +=
          "<tr><td class=\"path\">\(Self.pathHTML(c.action))</td><td class=\"path\">\(Self.pathHTML(c.statePath))</td>"
          + "<td class=\"path\">\(Self.pathHTML(c.scope))</td><td class=\"num\">\(c.records)</td></tr>\n"
      }
      out += "</tbody>\n</table>\n"
    }
    if !chains.findings.isEmpty {
      out += "<h3>Performance</h3>\n<ul>\n"
      for f in chains.findings {
        out +=
          "<li>\(Self.escape(f.kind.rawValue)): <code>\(Self.escape(f.action))</code>: \(Self.escape(f.evidence))</li>\n"
      }
      out += "</ul>\n"
    }
    return out + "</section>\n"
  }

  /// `312 ms`; `–` without a latency.
  static func milliseconds(_ seconds: Double?) -> String {
    seconds.map { NumberText.grouped(rounding: $0 * 1000) + " ms" } ?? "–"
  }
}
