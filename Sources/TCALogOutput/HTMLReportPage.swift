import TCALogParsing
import TCALogReport
import TCALogSuggest
import TCALogSupport

/// `tcalog report --format html`: one self-contained page (no network, no external file)
/// with the report's numbers, the actions by share of lines marked noise / signal /
/// ambiguous, a timeline of the top actions, the state paths, and the ActionFilter code
/// to paste. Charts are inline SVG drawn here; the only script sorts tables and copies
/// code, and the numbers are in the markup, so the page reads without it.
///
/// Every text from the log goes through `HTMLReportPage.escape` (element content and
/// attribute values alike); the report's JSON is embedded as a data island with `<`
/// written `\u003c`, so nothing from the log can close it.
package struct HTMLReportPage {
  /// The report's numbers.
  package var report: ActionReport
  /// When records came, per action (nil: no timeline).
  package var profile: RunProfile?
  /// The suggestions, shown as `tcalog suggest` writes them (nil: no suggestions section).
  package var suggestions: SuggestionSet?
  /// The inputs read, as named on the command line.
  package var files: [String]
  /// What sets off what (nil: no chains section).
  package var chains: ChainsAnalysis?

  /// A page of `report`, with a timeline from `profile` and `suggestions` when given.
  package init(
    report: ActionReport, profile: RunProfile? = nil, suggestions: SuggestionSet? = nil, files: [String] = [],
    chains: ChainsAnalysis? = nil
  ) {
    self.report = report
    self.profile = profile
    self.suggestions = suggestions
    self.files = files
    self.chains = chains
  }

  /// Most columns of the timeline.
  package static let timelineColumns = 96
  /// Fewer seconds than this between the first and last timestamp, and the timeline
  /// follows record order.
  package static let timelineMinimumSeconds = 10
  /// Most action rows in the timeline.
  package static let timelineRows = 12
  /// Most rows of each table; the JSON island holds them all.
  package static let tableRows = 60

  /// `& < > " '` as character references: safe in element content and quoted attributes,
  /// in HTML and in XML (`check --format junit`). Control characters but tab, LF and CR,
  /// which neither may hold, become U+FFFD.
  package static func escape(_ text: String) -> String {
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
  package func render() -> String {
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
    html += chainsSection()
    html += suggestionSection()
    html += "<script type=\"application/json\" id=\"tcalog-report\">"
    html += Self.island(ReportPrinter(format: .json).render(report))
    html += "</script>\n</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
    return html
  }

  /// A path escaped, with a break opportunity after each dot, so a narrow column breaks
  /// `windows[*].tabs[*].title` between segments rather than inside a name.
  static func pathHTML(_ path: String) -> String {
    escape(path).replacingScalars(".", with: ".<wbr>")
  }

  // MARK: sections

  private func header() -> String {
    let s = report.statistics
    var cells: [(key: String, value: String, note: String?)] = [
      (
        "records", NumberText.grouped(s.records),
        s.incompleteRecords > 0 ? "\(NumberText.grouped(s.incompleteRecords)) incomplete" : nil
      ),
      ("no-op", NumberText.percent(report.noOpShare) + "%", nil),
      ("lines", NumberText.grouped(s.lines), nil),
      ("other lines", NumberText.grouped(s.otherLines), nil),
      ("input", TextFormatting.size(s.bytes), nil),
    ]
    if let first = report.firstTime, let last = report.lastTime, let span = report.timeSpan {
      cells.append(
        ("span", TextFormatting.timeSpan(first, last, offset: report.timeOffset), TextFormatting.duration(span)))
    }
    if let rate = report.rate { cells.append(("rate", NumberText.fixed(rate, 1) + " records/s", nil)) }
    if let silenced = report.silenced {
      let lineShare = s.lines > 0 ? Double(silenced.lines) / Double(s.lines) : 0
      cells.append(
        (
          "silenced by --filters", NumberText.percent(lineShare) + "% of lines",
          NumberText.counted(silenced.records, "record")
        ))
    }
    var out = "<header>\n<h1>tcalog report</h1>\n"
    if !files.isEmpty {
      out += "<p class=\"files\">" + files.map { "<code>\(Self.escape($0))</code>" }.joined(separator: " ") + "</p>\n"
    }
    out += "<dl class=\"numbers\">"
    for cell in cells {
      out += "<div><dt>\(cell.key)</dt><dd data-key=\"\(cell.key)\">\(Self.escape(cell.value))</dd>"
      if let note = cell.note { out += "<dd class=\"dim\">\(Self.escape(note))</dd>" }
      out += "</div>"
    }
    out += "</dl>\n</header>\n"
    return out
  }

  /// The classes with what each means; `mixed` is a group whose actions differ.
  private static let classes: [(name: String, meaning: String)] = [
    ("noise", "machine-made or pointer-paced: silence it"), ("signal", "a person or an event: keep it"),
    ("ambiguous", "the evidence points both ways: you decide"), ("mixed", "a group of actions of different classes"),
  ]

  /// The class of a row as a word (`mixed` for a group without one class), never colour alone.
  static func classWord(_ c: ActionClass?) -> String { c?.rawValue ?? "mixed" }

  /// The badge of a class, its reasons (the classifier's, as `suggest` gives them) on hover.
  func badge(_ c: ActionClass?, path: String?) -> String {
    let word = Self.classWord(c)
    let reasons = path.flatMap { path in report.classified.first { $0.path == path }?.reasons } ?? []
    let title = reasons.isEmpty ? "" : " title=\"\(Self.escape(reasons.joined(separator: "; ")))\""
    return "<span class=\"badge \(word)\"\(title)>\(word)</span>"
  }

  /// The actions table's columns on the page (`ReportColumn.actions`).
  static let actionColumns = ReportColumn<ActionTableRow>.actions([
    "path", "class", "records", "lineShare", "noOpShare", "changesPerRecord",
  ])

  /// What a cell of the page's actions table is drawn with besides its row.
  struct TableContext {
    var page: HTMLReportPage
    /// The largest share of lines of a row: its bar is full.
    var maxShare: Double
    var report: ActionReport { page.report }

    /// The share of lines as a bar in the row's class colour, then as a number.
    func shareCell(_ t: ActionTableRow) -> String {
      let share = report.shareOfLines(t.stats)
      let word = HTMLReportPage.classWord(t.actionClass)
      let width = maxShare > 0 ? 100 * share / maxShare : 0
      let title =
        t.keyPath.map { "\(escape($0.keyPath)): \(NumberText.percent(share))% of lines" }
        ?? "\(escape(t.row.label)): \(NumberText.percent(share))% of lines, \(NumberText.counted(t.stats.lines, "line")), \(NumberText.percent(report.shareOfRecords(t.stats)))% of records"
      return
        "<td class=\"num share\" data-value=\"\(share)\"><svg class=\"bar\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" role=\"img\">"
        + "<title>\(title)</title>"
        + "<rect class=\"\(word)\" width=\"\(TextFormatting.printf("%.1f", width))\" height=\"10\"></rect></svg> "
        + "\(NumberText.percent(share))%</td>"
    }

    private func escape(_ text: String) -> String { HTMLReportPage.escape(text) }
  }

  /// A numeric cell: sorted by `value`, showing `text`.
  static func numberCell(_ value: String, _ text: String) -> String {
    "<td class=\"num\" data-value=\"\(value)\">\(text)</td>"
  }

  private func actions() -> String {
    var out = "<section id=\"actions\">\n<h2>Actions</h2>\n<p class=\"legend\">"
    for c in Self.classes { out += "<span class=\"badge \(c.name)\">\(c.name)</span> \(c.meaning) " }
    out += "</p>\n"
    let context = TableContext(page: self, maxShare: report.actionRows.map { report.shareOfLines($0.stats) }.max() ?? 1)
    let columns = Self.actionColumns.compactMap(\.html)
    out += "<table class=\"sortable\">\n<thead><tr>"
    out += columns.map { "<th data-type=\"\($0.numeric ? "number" : "text")\">\($0.header)</th>" }.joined()
    out += "</tr></thead>\n<tbody>\n"
    let marksSilenced = report.actionRows.contains { !$0.silencedBy.isEmpty }
    for row in report.actionRows.prefix(Self.tableRows) {
      let tableRow = ActionTableRow(row)
      out += "<tr class=\"level\(min(row.level, 6))\(row.isGroup ? " group" : "")\">"
      out += columns.map { $0.cell(context, tableRow) }.joined() + "</tr>\n"
      // A binding's key paths under its row, each with its own class (as the text report).
      for k in tableRow.keyPathRows {
        out += "<tr class=\"level\(min(row.level + 1, 6)) keypath\">"
        out += columns.map { $0.cell(context, k) }.joined() + "</tr>\n"
      }
    }
    if report.actionRows.isEmpty { out += "<tr><td colspan=\"\(columns.count)\">No complete records.</td></tr>\n" }
    out += "</tbody>\n</table>\n"
    if marksSilenced {
      out +=
        "<p class=\"note\">silenced: what the entries of the filter repository (<code>--filters</code>) already silence; hover for their names.</p>\n"
    }
    let more = report.hiddenActionRows + max(0, report.actionRows.count - Self.tableRows)
    if more > 0 {
      out +=
        "<p class=\"note\">\(NumberText.counted(more, "more action row")) not shown (<code>--top</code>, <code>--min-share</code>; the page's JSON holds every row the report has).</p>\n"
    }
    return out + "</section>\n"
  }

  private func states() -> String {
    guard !report.stateRows.isEmpty else { return "" }
    var out = "<section id=\"states\">\n<h2>State paths</h2>\n<table class=\"sortable\">\n<thead><tr>"
    let columns = ReportColumn<StateRow>.states.compactMap(\.html)
    out += columns.map { "<th data-type=\"\($0.numeric ? "number" : "text")\">\($0.header)</th>" }.joined()
    out += "</tr></thead>\n<tbody>\n"
    let context = TableContext(page: self, maxShare: 0)
    for row in report.stateRows.prefix(Self.tableRows) {
      out += "<tr>" + columns.map { $0.cell(context, row) }.joined() + "</tr>\n"
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
      out +=
        "<p>\(NumberText.counted(count, "ActionFilter entry", "ActionFilter entries")) for the noise; paste the code into your app (<code>tcalog suggest</code> writes the same).</p>\n"
      out += "<p>See what the log looks like without them:</p>\n"
      out +=
        "<div class=\"code\"><button type=\"button\" data-copy=\"preview\">Copy</button><pre id=\"preview\"><code>\(Self.escape(preview))</code></pre></div>\n"
    } else {
      out +=
        suggestions.isThin
        ? "<p>Nothing to suggest: the log is too short to tell noise from signal.</p>\n"
        : "<p>Nothing to suggest: no action path is noise by its evidence.</p>\n"
    }
    out +=
      "<div class=\"code\"><button type=\"button\" data-copy=\"swift\">Copy</button><pre id=\"swift\"><code>\(Self.escape(printer.render(suggestions)))</code></pre></div>\n"
    return out + "</section>\n"
  }

  // MARK: style and script

  static let style = """
    :root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--dim:#6e6e73;--line:#d2d2d7;--panel:#f0f0f3;--noise:#c9372c;--signal:#1f7a3a;--ambiguous:#a86b00;--mixed:#6e6e73}
    @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--bg:#1c1c1e;--dim:#a1a1a6;--line:#3a3a3c;--panel:#2c2c2e;--noise:#ff6b5e;--signal:#4cc46d;--ambiguous:#f0b429;--mixed:#98989d}}
    *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif}
    main{max-width:1240px;margin:0 auto;padding:16px 20px}h1{font-size:22px;margin:4px 0}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
    code,pre,td.path,td.label{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
    .files code{background:var(--panel);padding:1px 5px;border-radius:4px;margin-right:6px;overflow-wrap:anywhere}
    dl.numbers{display:flex;flex-wrap:wrap;gap:8px;margin:10px 0}dl.numbers div{background:var(--panel);border-radius:8px;padding:6px 12px;min-width:110px}
    dt{color:var(--dim);font-size:12px}dd{margin:0;font-size:16px;font-weight:600}dd.dim{font-size:12px;font-weight:400}
    table{border-collapse:collapse;width:100%}th,td{padding:3px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
    th{white-space:nowrap;font-weight:600}table.sortable th{cursor:pointer;user-select:none}th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
    td.num,th.num{text-align:right;white-space:nowrap}td.path{overflow-wrap:anywhere;min-width:14em}
    tr.group td{color:var(--dim)}tr.level1 td.path{padding-left:22px}tr.level2 td.path{padding-left:36px}tr.level3 td.path{padding-left:50px}tr.level4 td.path,tr.level5 td.path,tr.level6 td.path{padding-left:64px}
    .badge{display:inline-block;border-radius:4px;padding:0 6px;font-size:12px;font-weight:600;color:#fff;-webkit-print-color-adjust:exact;print-color-adjust:exact}
    .badge.noise{background:var(--noise)}.badge.signal{background:var(--signal)}.badge.ambiguous{background:var(--ambiguous)}.badge.mixed{background:var(--mixed)}
    @media (prefers-color-scheme:dark){.badge{color:#1c1c1e}}
    svg rect.noise{fill:var(--noise)}svg rect.signal{fill:var(--signal)}svg rect.ambiguous{fill:var(--ambiguous)}svg rect.mixed{fill:var(--mixed)}
    svg.bar{width:100px;height:10px;vertical-align:middle}.silenced{font-family:system-ui,sans-serif;font-size:11px;border:1px solid var(--dim);border-radius:4px;padding:0 4px;color:var(--dim)}
    .legend{color:var(--dim)}.legend .badge{margin-left:10px}.note,.dim{color:var(--dim)}
    table.timeline td{vertical-align:middle;border-bottom:none;padding-top:1px;padding-bottom:1px}table.timeline td.label div{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;direction:rtl;text-align:left;max-width:30em}
    table.timeline .strip{width:100%;min-width:160px}table.timeline svg{display:block;width:100%;height:18px}
    table.timeline rect.track{fill:var(--panel)}table.timeline rect.burst{fill:none;stroke:var(--fg);stroke-width:1.5px;vector-effect:non-scaling-stroke}
    tr.axis div{display:flex;justify-content:space-between;gap:8px;color:var(--dim);font-size:12px;white-space:nowrap}
    .code{position:relative}pre#preview{white-space:pre-wrap;overflow-wrap:anywhere}pre{background:var(--panel);padding:12px 76px 12px 12px;border-radius:8px;overflow:auto;max-height:520px}
    button{position:absolute;right:8px;top:8px;font:inherit;font-size:12px;padding:2px 10px;border-radius:6px;border:1px solid var(--line);background:var(--bg);color:var(--fg);cursor:pointer}
    @media screen and (max-width:900px){main{padding:10px}svg.bar{width:50px}td.path{min-width:12em}table.timeline td:nth-child(5),table.timeline th:nth-child(5){display:none}table.timeline td.label div{max-width:13em}tr.axis span:nth-child(2):not(:last-child){display:none}}
    @media print{body{font-size:11px}code,pre,td.path,td.label{font-size:10px}button{display:none}pre{max-height:none;overflow:visible;white-space:pre-wrap;overflow-wrap:anywhere;padding-right:12px}main{max-width:none;padding:0}th{cursor:auto}svg.bar{width:50px}td.path{min-width:10em}h2{break-after:avoid}tr,svg{break-inside:avoid}}
    """

  static let script = """
    "use strict";
    window.addEventListener("error",function(){document.documentElement.setAttribute("data-script-error","1");});
    document.querySelectorAll("table.sortable").forEach(function(table){
      table.querySelectorAll("th").forEach(function(th,index){
        th.tabIndex=0;
        th.addEventListener("keydown",function(e){if(e.key==="Enter"||e.key===" "){e.preventDefault();th.click();}});
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
      var block=document.getElementById(button.getAttribute("data-copy"));
      var done=function(word){button.textContent=word;setTimeout(function(){button.textContent="Copy";},1500);};
      // Without the clipboard API (or when it refuses, as some browsers do for file: pages)
      // the code is selected and copied the old way; failing that, it stays selected.
      var select=function(){
        var r=document.createRange();r.selectNodeContents(block);var s=getSelection();s.removeAllRanges();s.addRange(r);
        try{done(document.execCommand("copy")?"Copied":"Selected");}catch(e){done("Selected");}
      };
      button.addEventListener("click",function(){
        if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(block.textContent).then(function(){done("Copied");},select);}
        else{select();}
      });
    });
    document.documentElement.setAttribute("data-ready","1");
    document.documentElement.setAttribute("data-script-ms",String(Math.round(performance.now())));
    window.addEventListener("load",function(){document.documentElement.setAttribute("data-load-ms",String(Math.round(performance.now())));});
    """
}
