import Foundation
import TCALogReport
import TCALogSuggest

/// `tcalog report --format html`: one self-contained page (no network, no external file)
/// with the report's numbers, the actions by share of lines marked noise / signal /
/// ambiguous, a timeline of the top actions, the state paths, and the ActionFilter code
/// to paste. Charts are inline SVG drawn here; the only script sorts tables and copies
/// code, and the numbers are in the markup, so the page reads without it.
///
/// Every text from the log goes through `HTMLReportPage.escape` (element content and
/// attribute values alike); the report's JSON is embedded as a data island with `<`
/// written `\u003c`, so nothing from the log can close it.
public struct HTMLReportPage {
  /// The report's numbers.
  public var report: ActionReport
  /// When records came, per action (nil: no timeline).
  public var profile: RunProfile?
  /// The suggestions, shown as `tcalog suggest` writes them (nil: no suggestions section).
  public var suggestions: SuggestionSet?
  /// The inputs read, as named on the command line.
  public var files: [String]

  /// A page of `report`, with a timeline from `profile` and `suggestions` when given.
  public init(report: ActionReport, profile: RunProfile? = nil, suggestions: SuggestionSet? = nil, files: [String] = []) {
    self.report = report
    self.profile = profile
    self.suggestions = suggestions
    self.files = files
  }

  /// Most columns of the timeline.
  public static let timelineColumns = 96
  /// Most action rows in the timeline.
  public static let timelineRows = 12
  /// Most rows of each table; the JSON island holds them all.
  public static let tableRows = 60

  /// `& < > " '` as character references: safe in element content and quoted attributes,
  /// in HTML and in XML (`check --format junit`). Control characters but tab, LF and CR,
  /// which neither may hold, become U+FFFD.
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r"
          || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// JSON for a `<script type="application/json">` island: `<`, `>` and `&` as `\u` escapes
  /// (valid JSON, and no `</script>` or `<!--` can appear), U+2028/2029 likewise.
  static func island(_ json: String) -> String {
    var out = ""
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The page.
  public func render() -> String {
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
      <title>tcalog report\(files.isEmpty ? "" : " – " + Self.escape(files.joined(separator: ", ")))</title>
      <style>\(Self.style)</style>
      </head>
      <body>
      <main>

      """
    html += header()
    html += actions()
    html += timeline()
    html += states()
    html += suggestionSection()
    html += "<script type=\"application/json\" id=\"tcalog-report\">"
    html += Self.island(ReportPrinter(format: .json).render(report))
    html += "</script>\n</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
    return html
  }

  // MARK: sections

  private func header() -> String {
    var cells: [(String, String)] = [
      ("records", NumberText.grouped(report.statistics.records)),
      ("no-op", NumberText.percent(report.noOpShare) + "%"),
      ("other lines", NumberText.grouped(report.statistics.otherLines)),
      ("lines", NumberText.grouped(report.lines)),
      ("input", TextFormatting.size(report.statistics.bytes)),
    ]
    if let first = report.firstTime, let last = report.lastTime {
      cells.append(("span", TextFormatting.timeSpan(first, last, offset: report.timeOffset)))
    }
    if let rate = report.rate { cells.append(("rate", NumberText.fixed(rate, 1) + " records/s")) }
    var out = "<header>\n<h1>tcalog report</h1>\n"
    if !files.isEmpty {
      out += "<p class=\"files\">" + files.map { "<code>\(Self.escape($0))</code>" }.joined(separator: " ") + "</p>\n"
    }
    out += "<dl class=\"numbers\">"
    for (name, value) in cells {
      out += "<div><dt>\(name)</dt><dd data-key=\"\(name)\">\(Self.escape(value))</dd></div>"
    }
    out += "</dl>\n</header>\n"
    return out
  }

  private static let classes: [(ActionClass, String)] = [
    (.noise, "machine-made or pointer-paced: silence it"), (.signal, "a person or an event: keep it"),
    (.ambiguous, "the evidence points both ways: you decide"),
  ]

  private func actions() -> String {
    var out = "<section id=\"actions\">\n<h2>Actions</h2>\n<p class=\"legend\">"
    for (cls, meaning) in Self.classes {
      out += "<span class=\"badge \(cls.rawValue)\">\(cls.rawValue)</span> \(meaning) "
    }
    out += "</p>\n"
    let maxShare = report.actionRows.map { share($0.stats.lines) }.max() ?? 1
    out += "<table class=\"sortable\">\n<thead><tr><th data-type=\"text\">action path</th><th data-type=\"text\">class</th>"
    out += "<th data-type=\"number\">records</th><th data-type=\"number\">share of lines</th>"
    out += "<th class=\"wide\" data-type=\"number\">no-op</th><th class=\"wide\" data-type=\"number\">changes / record</th></tr></thead>\n<tbody>\n"
    for row in report.actionRows.prefix(Self.tableRows) {
      let lineShare = share(row.stats.lines)
      let cls = row.actionClass?.rawValue ?? (row.isGroup ? "group" : "")
      let noOp = row.stats.withStatePart > 0 ? Double(row.stats.noOps) / Double(row.stats.withStatePart) : 0
      let perRecord = row.stats.count > 0 ? Double(row.stats.changes) / Double(row.stats.count) : 0
      let width = maxShare > 0 ? 120 * lineShare / maxShare : 0
      out += "<tr class=\"level\(min(row.level, 6))\(row.isGroup ? " group" : "")\">"
      out += "<td class=\"path\" data-value=\"\(Self.escape(row.path))\">\(Self.escape(row.label))</td>"
      out += "<td data-value=\"\(cls)\">" + (cls.isEmpty ? "" : "<span class=\"badge \(cls)\">\(cls)</span>") + "</td>"
      out += "<td class=\"num\" data-value=\"\(row.stats.count)\">\(NumberText.grouped(row.stats.count))</td>"
      out += "<td class=\"num\" data-value=\"\(lineShare)\"><svg class=\"bar\" width=\"120\" height=\"10\" viewBox=\"0 0 120 10\" preserveAspectRatio=\"none\" role=\"img\">"
      out += "<title>\(Self.escape(row.label)): \(NumberText.percent(lineShare))% of lines, \(NumberText.grouped(row.stats.lines)) lines</title>"
      out += "<rect class=\"\(cls.isEmpty ? "plain" : cls)\" width=\"\(String(format: "%.1f", width))\" height=\"10\"></rect></svg> "
      out += "\(NumberText.percent(lineShare))%</td>"
      out += "<td class=\"num wide\" data-value=\"\(noOp)\">\(NumberText.percent(noOp))%</td>"
      out += "<td class=\"num wide\" data-value=\"\(perRecord)\">\(NumberText.fixed(perRecord, 2))</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    let more = report.hiddenActionRows + max(0, report.actionRows.count - Self.tableRows)
    if more > 0 {
      out += "<p class=\"note\">\(NumberText.counted(more, "more action row")) not shown (<code>--top</code>, <code>--min-share</code>; the page's JSON holds every row the report has).</p>\n"
    }
    return out + "</section>\n"
  }

  private func share(_ lines: Int) -> Double { report.lines > 0 ? Double(lines) / Double(report.lines) : 0 }

  /// Records per column for the busiest actions: by time when the log has timestamps, by
  /// record order otherwise.
  private func timeline() -> String {
    guard let profile, !profile.actions.isEmpty else { return "" }
    // By time only when most records have a timestamp: a timeline of a few stamped
    // records among many would hide the rest.
    let timed = profile.timedRecords * 2 >= max(profile.records, 1)
    let series: [(String, [Int: Int])] = profile.actions
      .sorted { $0.value.lines != $1.value.lines ? $0.value.lines > $1.value.lines : $0.key < $1.key }
      .prefix(Self.timelineRows).map { ($0.key, timed ? $0.value.perSecond : $0.value.perBlock) }
    let keys = series.flatMap { $0.1.keys }
    guard let low = keys.min(), let high = keys.max() else { return "" }
    let span = high - low + 1
    let columns = min(Self.timelineColumns, span)
    let perColumn = (span + columns - 1) / columns
    func column(_ key: Int) -> Int { (key - low) / perColumn }
    let unitText: String
    if timed {
      unitText = perColumn == 1 ? "1 second" : "\(perColumn) seconds"
    } else {
      unitText = "\(NumberText.grouped(perColumn * profile.recordsPerBlock)) records"
    }
    var out = "<section id=\"timeline\">\n<h2>Timeline</h2>\n"
    if timed {
      let start = TextFormatting.clockTime(low, offset: report.timeOffset)
      let end = TextFormatting.clockTime(high, offset: report.timeOffset)
      out += "<p>Records per column of \(unitText), \(Self.escape(start)) to \(Self.escape(end)), for the \(series.count) actions with the most lines; darker is more, per row. A ring marks an action's busiest second.</p>\n"
    } else {
      out += "<p>The log has no timestamps: columns are blocks of \(unitText) in log order, not time. Records per column for the \(series.count) actions with the most lines; darker is more, per row.</p>\n"
    }
    let labelWidth = 300
    let cell = max(4, min(10, 860 / max(columns, 1)))
    let width = labelWidth + columns * cell + 60
    let rowHeight = 18
    out += "<svg class=\"timeline\" viewBox=\"0 0 \(width) \(series.count * rowHeight + 20)\" width=\"\(width)\" role=\"img\" aria-label=\"records over time per action\">\n"
    let bursts = Dictionary(report.bursts.map { ($0.path, $0.second) }, uniquingKeysWith: { a, _ in a })
    for (r, (path, counts)) in series.enumerated() {
      var cells = Array(repeating: 0, count: columns)
      for (key, n) in counts { cells[column(key)] += n }
      let peak = max(1, cells.max() ?? 1)
      let y = r * rowHeight
      out += "<g class=\"row\"><text x=\"\(labelWidth - 6)\" y=\"\(y + 13)\" text-anchor=\"end\">\(Self.escape(TextFormatting.fitTail(path, 44)))<title>\(Self.escape(path))</title></text>"
      for (c, n) in cells.enumerated() where n > 0 {
        let opacity = 0.15 + 0.85 * Double(n) / Double(peak)
        let from = low + c * perColumn
        let what: String
        if timed {
          what = TextFormatting.clockTime(from, offset: report.timeOffset)
        } else {
          what = "records from \(NumberText.grouped(from * profile.recordsPerBlock))"
        }
        out += "<rect x=\"\(labelWidth + c * cell)\" y=\"\(y + 2)\" width=\"\(cell - 1)\" height=\"\(rowHeight - 4)\" fill-opacity=\"\(String(format: "%.2f", opacity))\"><title>\(Self.escape(path)) · \(Self.escape(what)): \(NumberText.counted(n, "record"))</title></rect>"
      }
      out += "<text class=\"count\" x=\"\(labelWidth + columns * cell + 6)\" y=\"\(y + 13)\">\(NumberText.grouped(cells.reduce(0, +)))</text>"
      if timed, let second = bursts[path], second >= low, second <= high {
        let x = labelWidth + column(second) * cell + cell / 2
        out += "<circle class=\"burst\" cx=\"\(x)\" cy=\"\(y + rowHeight / 2)\" r=\"\(rowHeight / 2 - 1)\"><title>busiest second of \(Self.escape(path)): \(Self.escape(TextFormatting.clockTime(second, offset: report.timeOffset)))</title></circle>"
      }
      out += "</g>\n"
    }
    out += "</svg>\n</section>\n"
    return out
  }

  private func states() -> String {
    guard !report.stateRows.isEmpty else { return "" }
    var out = "<section id=\"states\">\n<h2>State paths</h2>\n<table class=\"sortable\">\n<thead><tr>"
    out += "<th data-type=\"text\">normalized path</th><th data-type=\"number\">changes</th>"
    out += "<th data-type=\"number\">distinct keys</th><th data-type=\"text\">changed by</th></tr></thead>\n<tbody>\n"
    for row in report.stateRows.prefix(Self.tableRows) {
      out += "<tr><td class=\"path\" data-value=\"\(Self.escape(row.path))\">\(Self.escape(row.path))</td>"
      out += "<td class=\"num\" data-value=\"\(row.changes)\">\(NumberText.grouped(row.changes))</td>"
      out += "<td class=\"num\" data-value=\"\(row.distinctPaths)\">\(NumberText.grouped(row.distinctPaths))</td><td>"
      out += row.topActions.map { "\(Self.escape($0.action)) <span class=\"dim\">\(NumberText.grouped($0.changes))</span>" }
        .joined(separator: ", ")
      out += "</td></tr>\n"
    }
    out += "</tbody>\n</table>\n"
    let more = report.hiddenStateRows + max(0, report.stateRows.count - Self.tableRows)
    if more > 0 { out += "<p class=\"note\">\(NumberText.counted(more, "more state path")) not shown.</p>\n" }
    return out + "</section>\n"
  }

  private func suggestionSection() -> String {
    guard let suggestions else { return "" }
    let printer = SuggestionPrinter(inputs: files)
    var out = "<section id=\"suggestions\">\n<h2>What to silence</h2>\n"
    if let preview = printer.previewCommand(suggestions) {
      let count = suggestions.suggestions.count
      out += "<p>\(NumberText.counted(count, "ActionFilter entry", "ActionFilter entries")) for the noise; paste the code into your app (<code>tcalog suggest</code> writes the same).</p>\n"
      out += "<p>See what the log looks like without them:</p>\n"
      out += "<div class=\"code\"><button type=\"button\" data-copy=\"preview\">Copy</button><pre id=\"preview\"><code>\(Self.escape(preview))</code></pre></div>\n"
    } else {
      out +=
        suggestions.isThin
        ? "<p>Nothing to suggest: the log is too short to tell noise from signal.</p>\n"
        : "<p>Nothing to suggest: no action path is noise by its evidence.</p>\n"
    }
    out += "<div class=\"code\"><button type=\"button\" data-copy=\"swift\">Copy</button><pre id=\"swift\"><code>\(Self.escape(printer.render(suggestions)))</code></pre></div>\n"
    return out + "</section>\n"
  }

  // MARK: style and script

  static let style = """
    :root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--dim:#6e6e73;--line:#d2d2d7;--panel:#f5f5f7;--noise:#c9372c;--signal:#1f7a3a;--ambiguous:#a86b00;--group:#6e6e73;--heat:#3b5bdb}
    @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--bg:#1c1c1e;--dim:#a1a1a6;--line:#3a3a3c;--panel:#2c2c2e;--noise:#ff6b5e;--signal:#4cc46d;--ambiguous:#f0b429;--heat:#8ea7ff}}
    *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif}
    main{max-width:1240px;margin:0 auto;padding:16px 20px}h1{font-size:22px;margin:4px 0}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
    code,pre,td.path{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
    .files code{background:var(--panel);padding:1px 5px;border-radius:4px;margin-right:6px;overflow-wrap:anywhere}
    dl.numbers{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0}dl.numbers div{background:var(--panel);border-radius:8px;padding:6px 12px;min-width:110px}
    dt{color:var(--dim);font-size:12px}dd{margin:0;font-size:16px;font-weight:600}
    table{border-collapse:collapse;width:100%;table-layout:auto}th,td{padding:3px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
    th{cursor:pointer;user-select:none;white-space:nowrap;font-weight:600}th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
    td.num{text-align:right;white-space:nowrap}td.path{overflow-wrap:anywhere;max-width:560px;min-width:14em}
    @media (max-width:900px){.wide{display:none}main{padding:10px}svg.bar{width:60px}td.path{min-width:10em}}
    tr.group td{color:var(--dim)}tr.level1 td.path{padding-left:22px}tr.level2 td.path{padding-left:36px}tr.level3 td.path{padding-left:50px}tr.level4 td.path,tr.level5 td.path,tr.level6 td.path{padding-left:64px}
    .badge{display:inline-block;border-radius:4px;padding:0 6px;font-size:12px;font-weight:600;color:#fff}
    .badge.noise{background:var(--noise)}.badge.signal{background:var(--signal)}.badge.ambiguous{background:var(--ambiguous)}.badge.group{background:var(--group)}
    svg.bar{vertical-align:middle}svg.bar rect{fill:var(--group)}svg.bar rect.noise{fill:var(--noise)}svg.bar rect.signal{fill:var(--signal)}svg.bar rect.ambiguous{fill:var(--ambiguous)}
    .legend{color:var(--dim)}.legend .badge{margin-left:10px}.note,.dim{color:var(--dim)}
    svg.timeline{max-width:100%;height:auto;display:block}svg.timeline text{fill:var(--fg);font:11px ui-monospace,Menlo,monospace}svg.timeline text.count{fill:var(--dim)}
    svg.timeline rect{fill:var(--heat)}svg.timeline circle.burst{fill:none;stroke:var(--noise);stroke-width:1.5}
    .code{position:relative}pre{background:var(--panel);padding:12px;border-radius:8px;overflow:auto;max-height:520px}
    button{position:absolute;right:8px;top:8px;font:inherit;font-size:12px;padding:2px 10px;border-radius:6px;border:1px solid var(--line);background:var(--bg);color:var(--fg);cursor:pointer}
    @media print{button{display:none}pre{max-height:none;overflow:visible;white-space:pre-wrap}main{max-width:none}th{cursor:auto}h2{break-after:avoid}tr,svg{break-inside:avoid}}
    """

  static let script = """
    "use strict";
    window.addEventListener("error",function(){document.documentElement.setAttribute("data-script-error","1");});
    document.querySelectorAll("table.sortable").forEach(function(table){
      table.querySelectorAll("th").forEach(function(th,index){
        th.addEventListener("click",function(){
          var numeric=th.getAttribute("data-type")==="number";
          var ascending=th.getAttribute("aria-sort")!=="ascending";
          table.querySelectorAll("th").forEach(function(h){h.removeAttribute("aria-sort");});
          th.setAttribute("aria-sort",ascending?"ascending":"descending");
          var body=table.tBodies[0];
          var rows=Array.prototype.slice.call(body.rows);
          rows.sort(function(a,b){
            var x=a.cells[index].getAttribute("data-value")||a.cells[index].textContent;
            var y=b.cells[index].getAttribute("data-value")||b.cells[index].textContent;
            var c=numeric?(parseFloat(x)-parseFloat(y)):x.localeCompare(y);
            return ascending?c:-c;
          });
          rows.forEach(function(r){body.appendChild(r);});
        });
      });
    });
    document.querySelectorAll("button[data-copy]").forEach(function(button){
      button.addEventListener("click",function(){
        var text=document.getElementById(button.getAttribute("data-copy")).textContent;
        var done=function(){button.textContent="Copied";setTimeout(function(){button.textContent="Copy";},1500);};
        if(navigator.clipboard){navigator.clipboard.writeText(text).then(done,function(){});}
        else{var r=document.createRange();r.selectNodeContents(document.getElementById(button.getAttribute("data-copy")));var s=getSelection();s.removeAllRanges();s.addRange(r);document.execCommand("copy");done();}
      });
    });
    document.documentElement.setAttribute("data-ready","1");
    document.documentElement.setAttribute("data-script-ms",String(Math.round(performance.now())));
    window.addEventListener("load",function(){document.documentElement.setAttribute("data-load-ms",String(Math.round(performance.now())));});
    """
}
