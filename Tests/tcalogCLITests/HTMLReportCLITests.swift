import Foundation
import TCALogTestSupport
import Testing

/// `tcalog report --format html`: the page holds the numbers of `--format json`, nothing
/// from a hostile log becomes markup, and a real browser renders its charts without a
/// script error.
@Suite struct HTMLReportCLITests {
  static let samples = ["browser-session", "messy", "timestamped", "todos-tca0", "todos-tca1"].map {
    "Samples/\($0).log"
  }

  /// The JSON island of a page: the text between its script tags, unescaped by the JSON parser.
  static func island(_ page: String) throws -> Data {
    let open = "<script type=\"application/json\" id=\"tcalog-report\">"
    let start = try #require(page.range(of: open)?.upperBound)
    let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)?.lowerBound)
    return Data(page[start..<end].utf8)
  }

  @Test(arguments: samples)
  func thePageHoldsTheNumbersOfJSON(_ sample: String) throws {
    let html = runInProcess(["report", "--format", "html", sample])
    #expect(html.status == 0, "\(html.stderr)")
    let page = String(decoding: html.stdout, as: UTF8.self)
    // The timeline's legend holds in dark mode too, where a stronger cell is lighter.
    #expect(!page.contains("darker is more"))
    let json = runInProcess(["report", "--format", "json", sample])
    #expect(try canonicalJSON(Self.island(page)) == canonicalJSON(json.stdout))
    // The tables' numbers are the JSON's: each action row's records, in order.
    let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let actions = try #require(report["actions"] as? [[String: Any]])
    let rows = page.components(separatedBy: "<td class=\"path\" data-value=\"").dropFirst()
    let records = rows.prefix(actions.count).compactMap { row -> Int? in
      guard let cell = row.range(of: "<td class=\"num\" data-value=\"") else { return nil }
      return Int(row[cell.upperBound...].prefix { $0 != "\"" })
    }
    #expect(Array(records) == actions.prefix(60).compactMap { $0["records"] as? Int })
    // So are the state table's: each row's path and changes, in order.
    let states = try #require(report["statePaths"] as? [[String: Any]])
    let stateSection = page.components(separatedBy: "<section id=\"states\">").dropFirst().first ?? ""
    let stateRows = stateSection.components(separatedBy: "<tr><td class=\"path\" data-value=\"").dropFirst().map {
      row -> (String, Int?) in
      let path = String(row.prefix { $0 != "\"" })
      let cell = row.range(of: "<td class=\"num\" data-value=\"")
      return (path, cell.flatMap { Int(row[$0.upperBound...].prefix { $0 != "\"" }) })
    }
    #expect(stateRows.map(\.0) == states.prefix(60).compactMap { $0["path"] as? String })
    #expect(stateRows.map(\.1) == states.prefix(60).map { $0["changes"] as? Int })
    #expect(
      page.contains("<dd data-key=\"records\">\((report["records"] as? Int).map(String.init) ?? "?")</dd>")
        || (report["records"] as? Int ?? 0) >= 1000)
    #expect(!page.contains("http://") && !page.contains("https://"), "no external resource")
  }

  /// The project's log generator; a python3 runs it (CI installs one).
  static let genLog = packageRoot.appendingPathComponent("Tests/Simulator/genlog.py").path
  static var hasPython: Bool {
    ["/usr/bin/python3", "/usr/local/bin/python3"].contains { FileManager.default.isExecutableFile(atPath: $0) }
  }

  @Test(.enabled(if: HTMLReportCLITests.hasPython, "python3 is absent: the generator cannot run"))
  func aGeneratedLogsPageHoldsItsJSON() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-html-gen-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("gen.log").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.genLog, "--records", "4000", "--seed", "3", "--prefix", "oslog", "-o", log]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let page = String(decoding: runInProcess(["report", "--format", "html", log]).stdout, as: UTF8.self)
    let json = runInProcess(["report", "--format", "json", log]).stdout
    #expect(try canonicalJSON(Self.island(page)) == canonicalJSON(json))
    #expect(page.contains("<table class=\"timeline\""))
    #expect(page.contains("<p>Records per "), "timestamps: a timeline by time")
    #expect(page.contains("busiest second</th>"))
    // Buckets and top-N, not an element per record: at most 12 rows of 96 columns (and a
    // track and a busiest-second mark each), however long the log.
    let timeline = page.components(separatedBy: "<section id=\"timeline\">").dropFirst().first ?? ""
    let strips = timeline.components(separatedBy: "<td class=\"strip\"><svg").count - 1
    #expect(strips >= 1 && strips <= 12)
    #expect(timeline.components(separatedBy: "<rect").count - 1 <= strips * (96 + 2))
  }

  /// A tiny log gives a small page whose timeline follows the records one by one, and says
  /// why; a log whose timestamps are few gets the timeline by record order and is told so.
  @Test func smallAndSparselyStampedLogsGetATimelineByRecordOrder() throws {
    let five = """
      received action:
        AppAction.tick
        (No state changes)

      received action:
        AppAction.search(.queryChanged("a"))
        AppState(
      -   query: ""
      +   query: "a"
        )

      received action:
        AppAction.tick
        (No state changes)

      received action:
        AppAction.search(.queryChanged("ab"))
        AppState(
      -   query: "a"
      +   query: "ab"
        )

      received action:
        AppAction.tick
        (No state changes)

      """
    let run = runInProcess(["report", "--format", "html"], stdin: Data(five.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let page = String(decoding: run.stdout, as: UTF8.self)
    #expect(page.utf8.count < 40_000, "a small page for a small log: \(page.utf8.count) bytes")
    #expect(page.contains("<dd data-key=\"records\">5</dd>"))
    #expect(
      page.contains(
        "The log has no timestamps, so the columns follow the log's order, not time: each column is one record."))
    #expect(page.contains("<span>record 1</span>") && page.contains("<span>record 5</span>"))
    #expect(page.contains("Nothing to suggest: the log is too short to tell noise from signal."))

    let sparse = String(
      decoding: runInProcess(["report", "--format", "html", "Samples/browser-session.log"]).stdout, as: UTF8.self)
    #expect(sparse.contains("Only 64 of 900 records carry a timestamp, so the columns follow the log's order"))
    #expect(sparse.contains("<dd data-key=\"span\">2026-11-20 10:22:00 – 10:22:39 +01:00</dd>"))
  }

  /// The page's preview command is the one `tcalog suggest` writes under its code.
  @Test func thePreviewCommandIsSuggests() throws {
    let suggest = String(decoding: runInProcess(["suggest", "Samples/browser-session.log"]).stdout, as: UTF8.self)
    let line = try #require(suggest.split(separator: "\n").first { $0.contains("tcalog filter --exclude") })
    let command = line.drop { $0 == "/" || $0 == " " }
    let page = String(
      decoding: runInProcess(["report", "--format", "html", "Samples/browser-session.log"]).stdout, as: UTF8.self)
    #expect(
      page.contains("<pre id=\"preview\"><code>\(command.replacingOccurrences(of: "'", with: "&#39;"))</code></pre>"))
  }

  /// Tags and attribute names in a page, by python3's HTML parser (what a browser's
  /// tokenizer sees).
  static func markup(of page: String) throws -> Set<String> {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-html-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("page.html")
    try page.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("markup.txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      """
      import sys, html.parser
      class P(html.parser.HTMLParser):
          seen = set()
          def handle_starttag(self, tag, attrs):
              self.seen.add(tag)
              for name, _ in attrs: self.seen.add(tag + "@" + name)
          handle_startendtag = handle_starttag
      p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
      open(sys.argv[2], "w").write("\\n".join(sorted(p.seen)))
      """,
      file.path, out.path,
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return Set(try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 parses the page"))
  func aHostileLogNeverBecomesMarkup() throws {
    let hostile = #"<script>alert(1)</script>"#
    let img = #""><img src=x onerror=alert(2)>"#
    let log = """
      2026-11-20 10:00:00.000000+0100 0x1 Default 0x0 1 0 App: 🎬 Received action:
        AppAction.search(
          SearchAction.queryChanged("\(hostile)\(img)</svg></title></code></pre>")
        )
      🖨️ State:
      query:
      |\tCurrent: "\(hostile)</svg>\(img)"
      |\tPrevious: "<b onmouseover=alert(3)>"

      2026-11-20 10:00:01.000000+0100 0x1 Default 0x0 1 0 App: 🎬 Received action:
        AppAction.tick
      🖨️ State:
      🖨️ (No state changes)

      """
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-hostile-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // The file name is log text too.
    let path = dir.appendingPathComponent("<img src=x onerror=alert(4)>.log").path
    try log.write(toFile: path, atomically: true, encoding: .utf8)
    let run = runInProcess(["report", "--format", "html", path])
    #expect(run.status == 0, "\(run.stderr)")
    let page = String(decoding: run.stdout, as: UTF8.self)
    #expect(page.contains("&lt;img src=x onerror=alert(4)&gt;.log"), "the file name is there, escaped")

    // Everything in the page's markup is what the template writes for a plain log.
    let plain = runInProcess(["report", "--format", "html", "Samples/timestamped.log"])
    let allowed = try Self.markup(of: String(decoding: plain.stdout, as: UTF8.self))
    let found = try Self.markup(of: page)
    #expect(found.subtracting(allowed).isEmpty, "from the log: \(found.subtracting(allowed).sorted())")
    #expect(!found.contains("img") && !found.contains("b") && !found.contains("script@src"))
    // Two scripts only: the JSON island and the page's own.
    #expect(page.components(separatedBy: "<script").count - 1 == 2)
    // The island still parses, with the text intact.
    let island = try #require(try JSONSerialization.jsonObject(with: Self.island(page)) as? [String: Any])
    #expect((island["statePaths"] as? [[String: Any]])?.first?["path"] as? String == "query")
  }

  static var chromium: String? {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  @Test(.enabled(if: HTMLReportCLITests.chromium != nil, "no chromium on this machine (.ci/run installs it)"))
  func aBrowserRendersTheCharts() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-chromium-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let page = dir.appendingPathComponent("report.html").path
    let run = runInProcess(["report", "--format", "html", "-o", page, "Samples/browser-session.log"])
    #expect(run.status == 0 && run.stdout.isEmpty, "\(run.stderr)")
    func chromium(_ args: [String]) throws -> Data {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.chromium!)
      process.arguments =
        [
          "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir.path)/profile",
          "--window-size=1280,2000",
        ]
        + args + ["file://" + page]
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return data
    }
    let dom = String(decoding: try chromium(["--dump-dom"]), as: UTF8.self)
    let root = String(dom[dom.range(of: "<html")!.lowerBound...].prefix { $0 != ">" })
    #expect(root.contains("data-ready=\"1\""), "the page's script ran to its end: \(root)")
    #expect(!root.contains("data-script-error"), "no script error: \(root)")
    #expect(dom.contains("<table class=\"timeline\""))
    #expect(dom.components(separatedBy: "<rect").count > 50, "bars and timeline cells")
    let screenshot = dir.appendingPathComponent("shot.png").path
    _ = try chromium(["--screenshot=\(screenshot)"])
    let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 20_000)
  }

  @Test func errorsWritingThePage() throws {
    let run = runInProcess(["report", "--format", "html", "-o", "/nonexistent-dir/page.html", "Samples/messy.log"])
    #expect(run.status == 2)
    #expect(run.stderr == "tcalog: error: cannot write /nonexistent-dir/page.html: No such file or directory\n")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-html-dir-\(getpid())-\(UUID())"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let onDirectory = runInProcess(["report", "--format", "html", "-o", directory, "Samples/messy.log"])
    #expect(onDirectory.status == 2)
    #expect(onDirectory.stderr == "tcalog: error: cannot write \(directory): Is a directory\n")
    let live = runTCALog(["report", "--live", "--format", "html", "Samples/messy.log"])
    #expect(live.status == 2)
  }
}
