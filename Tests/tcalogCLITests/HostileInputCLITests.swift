import Foundation
import Testing

/// Hostile input end to end (issue 42): files in the encodings editors write, patterns that
/// hit PCRE2's limits, planted links, tiny terminals. Each test names the row it holds.
struct HostileInputCLITests {
  /// A fresh folder for one test's files.
  static func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-hostile-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  /// Writes `bytes` to `name` in `dir`; returns its path.
  static func write(_ bytes: [UInt8], _ name: String, in dir: URL) throws -> String {
    let url = dir.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    try write(Array(text.utf8), name, in: dir)
  }

  /// Row 1: a CRLF budget whose first line is a comment keeps its rules (it was read as one
  /// comment line: `0 of 0 rules broken`, exit 0), and a budget without rules is an error.
  @Test func crlfBudgetWithALeadingCommentIsChecked() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let budget = try Self.write("# budget\r\ntodos <= 1 records\r\n", "budget.txt", in: dir)
    let run = runInProcess(["check", "--budget", budget, "Samples/todos-tca1.log"])
    #expect(run.status == 1, "\(String(decoding: run.stdout, as: UTF8.self))\(run.stderr)")
    #expect(String(decoding: run.stdout, as: UTF8.self).contains("FAIL"))

    let empty = try Self.write("# nothing yet\r\n\r\n", "empty.txt", in: dir)
    let none = runInProcess(["check", "--budget", empty, "Samples/todos-tca1.log"])
    #expect(none.status == 2)
    #expect(none.stderr == "tcalog: error: \(empty): no rules (expected 'PATTERN <= LIMIT' lines)\n")
  }
}

extension HostileInputCLITests {
  /// Row 12: a UTF-8 byte order mark at the start of a budget, a filter repository or a saved
  /// report is skipped (it joined the budget's first pattern, which then matched nothing;
  /// made the repository's first name invalid; made a saved report read as a log).
  @Test func byteOrderMarksAreSkippedInEveryFileRead() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let budget = try Self.write(bom + Array("todos <= 1 records\n".utf8), "budget.txt", in: dir)
    let checked = runInProcess(["check", "--budget", budget, "Samples/todos-tca1.log"])
    #expect(checked.status == 1, "\(String(decoding: checked.stdout, as: UTF8.self))\(checked.stderr)")

    let filters = try Self.write(bom + Array("todos = ^todos\\.\n".utf8), "filters.txt", in: dir)
    let all = runInProcess(["filter", "-c", "Samples/todos-tca1.log"])
    let kept = runInProcess(["filter", "--exclude-filters", filters, "-c", "Samples/todos-tca1.log"])
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(String(decoding: all.stdout, as: UTF8.self) == "17\n")
    #expect(String(decoding: kept.stdout, as: UTF8.self) == "9\n")

    let report = runInProcess(["report", "--format", "json", "Samples/todos-tca1.log"])
    let saved = try Self.write(bom + Array(report.stdout), "saved.json", in: dir)
    let compared = runInProcess(["compare", "--format", "json", saved, "Samples/todos-tca1.log"])
    #expect(compared.status == 0, "\(compared.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: compared.stdout) as? [String: Any])
    let before = try #require(json["before"] as? [String: Any])
    #expect(before["savedReport"] as? Bool == true)
    #expect(before["records"] as? Int == 17)
    // The same run on both sides: every action is listed, and every one is unchanged.
    let actions = try #require(json["actions"] as? [[String: Any]])
    #expect(!actions.isEmpty && actions.allSatisfy { $0["status"] as? String == "unchanged" })
  }
}

extension HostileInputCLITests {
  /// A log with one action whose path makes `^(a|aa)+$` backtrack past PCRE2's match limit.
  static let backtrackingLog =
    "received action:\n  AppFeature.Action.\(String(repeating: "a", count: 40))c\n  (No state changes)\n\n"
    + "received action:\n  AppFeature.Action.tick\n  (No state changes)\n"
  static let backtrackingPattern = "^(a|aa)+$|b$"

  /// Row 2: a match that hits PCRE2's limits in a budget rule, `report --filters` or
  /// `suggest --filters` is exit 2 with a message, as in `filter` (it counted as no match:
  /// `ok`, exit 0, and wrong numbers).
  @Test func matchLimitsAreErrorsInBudgetsAndFilterRepositories() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = try Self.write(Self.backtrackingLog, "limit.log", in: dir)
    let budget = try Self.write("\(Self.backtrackingPattern) <= 0\n", "budget.txt", in: dir)
    let checked = runInProcess(["check", "--budget", budget, log])
    #expect(checked.status == 2)
    #expect(checked.stderr.hasPrefix("tcalog: error: \(budget):1: pattern '\(Self.backtrackingPattern)': match limit"))
    #expect(!String(decoding: checked.stdout, as: UTF8.self).contains("ok "))

    let filters = try Self.write("backtracks = \(Self.backtrackingPattern)\n", "filters.txt", in: dir)
    for command in ["report", "suggest"] {
      let run = runInProcess([command, "--filters", filters, log])
      #expect(run.status == 2, "\(command)")
      #expect(
        run.stderr.contains("tcalog: error: \(filters): pattern '\(Self.backtrackingPattern)': match limit"),
        "\(command)")
      #expect(run.stderr.contains("treated as not silenced"), "\(command)")
    }
    // --append adds nothing when what the repository silences is unknown.
    let appended = runInProcess(["suggest", "--filters", filters, "--append", log])
    #expect(appended.status == 2)
    #expect(try String(contentsOfFile: filters, encoding: .utf8) == "backtracks = \(Self.backtrackingPattern)\n")
  }
}

extension HostileInputCLITests {
  /// Row 8: `COLUMNS` of 1 to 6 crashed `compare` (SIGILL in `TextFormatting.wrapped`); every
  /// width now gives the same words, fitted as far as words allow.
  @Test func tinyTerminalWidthsNeverCrash() {
    let wide = runTCALog(
      ["compare", "Samples/todos-tca1.log", "Samples/todos-tca0.log"], environment: ["COLUMNS": "200"])
    #expect(wide.status == 0)
    for columns in 1...6 {
      let run = runTCALog(
        ["compare", "Samples/todos-tca1.log", "Samples/todos-tca0.log"], environment: ["COLUMNS": "\(columns)"])
      #expect(run.status == 0, "COLUMNS=\(columns): \(run.stderr)")
      #expect(run.stderr.isEmpty, "COLUMNS=\(columns)")
      let header = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").prefix(16)
        .flatMap { $0.split(separator: " ") }
      #expect(header.contains("Samples/todos-tca1.log:") && header.contains("Samples/todos-tca0.log:"))
    }
  }
}

extension HostileInputCLITests {
  /// Row 14: a case named with non-ASCII letters (valid Swift) keeps its action path, in
  /// every read: sequential and chunked (`"path": ""` before).
  @Test func nonASCIIIdentifiersKeepTheirActionPath() throws {
    let log = String(
      repeating: "received action:\n  App.Action.café(1)\n  (No state changes)\n\n"
        + "received action:\n  App.Action.tick\n  (No state changes)\n\n", count: 50)
    for jobs in ["1", "2"] {
      let run = runInProcess(["records", "-j", jobs], stdin: Data(log.utf8))
      #expect(run.status == 0, "\(run.stderr)")
      let paths = try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map { line in
        let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return (record["action"] as? [String: Any])?["path"] as? String
      }
      #expect(paths.count == 100)
      #expect(paths.filter { $0 == "café" }.count == 50, "-j \(jobs)")
    }
  }
}

extension HostileInputCLITests {
  /// Runs `script` with /bin/sh in the package root, the built tcalog as `$0`: for
  /// arguments a Swift `String` cannot carry (bytes that are not UTF-8).
  static func shell(_ script: String) throws -> (status: Int32, stderr: String) {
    let binary = try #require(tcalogBinary)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, binary.path]
    process.currentDirectoryURL = packageRoot
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
  }

  /// Row 16: a pattern whose bytes are not UTF-8 is an error, exit 2, as pcre2grep's (the
  /// byte became U+FFFD and matched a literal `�`).
  @Test func patternsThatAreNotUTF8AreErrors() throws {
    for script in [
      #""$0" filter -F -t "$(printf '\377')" Samples/messy.log"#,
      #""$0" filter -c -a "tick$(printf '\303')" Samples/messy.log"#,
      #""$0" trace "x$(printf '\377')" Samples/todos-tca1.log"#,
    ] {
      let run = try Self.shell(script)
      #expect(run.status == 2, "\(script)")
      #expect(
        run.stderr.hasPrefix("tcalog: error: invalid pattern '") && run.stderr.contains("not UTF-8 text"), "\(script)")
    }
    // A `�` written as UTF-8 is a pattern like any other.
    let fine = try Self.shell(#""$0" filter -c -t "$(printf '\357\277\275')" Samples/todos-tca1.log"#)
    #expect(fine.status == 1, "\(fine.stderr)")
  }
}

extension HostileInputCLITests {
  /// Row 22: `compare` refuses a saved report with negative counts (exit 2, one line)
  /// instead of comparing rates below zero.
  @Test func savedReportsWithNegativeCountsAreRefused() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = try Self.write(
      """
      {"records": -5, "lines": 10, "noOpRecords": 0, "timeSpanSeconds": null, "depth": null, "hiddenActions": 0,
       "actions": [{"path": "tick", "group": false, "parent": null, "records": 3, "lines": 3, "noOpRecords": 0}],
       "statePaths": [], "hiddenStatePaths": 0}
      """, "r.json", in: dir)
    let run = runInProcess(["compare", saved, "Samples/todos-tca1.log"])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "tcalog: error: \(saved): not a valid report of 'tcalog report --format json': 'records' is negative\n")
    #expect(run.stdout.isEmpty)
  }
}

extension HostileInputCLITests {
  /// Row 23: a record whose prefix has an impossible time keeps no timestamp (`null`, not
  /// ISO 8601 that does not parse) and is counted by `records --stats`.
  @Test func impossibleTimestampsAreNoTime() throws {
    let stamps = [
      "2026-11-20 10:22:00.777323+0100", "2026-11-20 10:22:01.000000+9999", "2026-02-30 10:22:02.000000+0100",
      "2026-11-20 23:59:60.000000+0100",
    ]
    let log = stamps.map { "\($0) Browser[4242:2f1a] received action:\n  App.Action.tick\n  (No state changes)\n" }
      .joined()
    let run = runInProcess(["records"], stdin: Data(log.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let timestamps = try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map { line in
      let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return record["timestamp"] as? String
    }
    #expect(timestamps == ["2026-11-20T10:22:00.777323+01:00", nil, nil, nil])
    let stats = runInProcess(["records", "--stats"], stdin: Data(log.utf8))
    #expect(stats.stderr.contains("records with an impossible timestamp (read as none): 3\n"), "\(stats.stderr)")
  }
}

extension HostileInputCLITests {
  /// Row 10: a state value that a spreadsheet would run as a formula is written with a
  /// leading `'`, and a raw ESC or BEL in a cell is escaped, in `trace --format csv`.
  @Test func csvCellsAreNeitherFormulasNorControlSequences() {
    let log = """
      received action:
        AppFeature.Action.rename
        AppFeature.State(
      -   link: nil,
      +   link: =HYPERLINK("http://evil.example","x"),
      -   title: "a",
      +   title: "\u{1B}]52;c;ZXZpbA==\u{07}",
          count: 1
        )

      """
    let run = runInProcess(["trace", "--format", "csv", "link|title"], stdin: Data(log.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let csv = String(decoding: run.stdout, as: UTF8.self)
    #expect(csv.contains(#",nil,"'=HYPERLINK(""http://evil.example"",""x"")""#), "\(csv)")
    #expect(!csv.utf8.contains(0x1B) && !csv.utf8.contains(0x07))
    #expect(csv.contains(#"\e]52;c;ZXZpbA==\x07"#))
  }
}

extension HostileInputCLITests {
  /// Row 11: a backtick in a state path cannot end its code span in `report --format
  /// markdown` (`` \` `` ended it): the span's fence is longer than any run inside.
  @Test func markdownCodeSpansHoldBackticks() {
    let log = """
      received action:
        AppFeature.Action.rename
        AppFeature.State(
      -   `a`<b>x</b>: 1,
      +   `a`<b>x</b>: 2,
          count: 1
        )

      """
    let run = runInProcess(["report", "--format", "markdown"], stdin: Data(log.utf8))
    #expect(run.status == 0, "\(run.stderr)")
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(text.contains("| `` `a`<b>x</b> `` | 1 | 1 | `rename` 1 |"), "\(text)")
    #expect(!text.contains("\\`"))
  }
}

extension HostileInputCLITests {
  /// Row 13: `filter --format oneline` escapes control, bidi and line-separator characters
  /// of state keys into a pipe, as trace and report do (they were written raw unless
  /// standard output was a terminal); raw output stays the input's bytes.
  @Test func onelineEscapesLikeTheOtherDerivedFormats() {
    let key = "k\u{1B}]52;c;ZXZpbA==\u{07}\u{202E}\u{2028}"
    let log = """
      received action:
        AppFeature.Action.set
        AppFeature.State(
      -   \(key): 1,
      +   \(key): 2,
          count: 1
        )

      """
    let oneline = runInProcess(["filter", "--format", "oneline"], stdin: Data(log.utf8))
    #expect(oneline.status == 0, "\(oneline.stderr)")
    #expect(
      String(decoding: oneline.stdout, as: UTF8.self)
        == #"(standard input):1: #0 set  k\e]52;c;ZXZpbA==\x07\u{202e}\u{2028}"# + "\n")
    let raw = runInProcess(["filter"], stdin: Data(log.utf8))
    #expect(raw.stdout.range(of: Data("-   \(key): 1,\n+   \(key): 2,\n".utf8)) != nil)
  }
}

extension HostileInputCLITests {
  /// Row 18: standard input is read once, however often `-` is named and whatever `-j`
  /// (a parallel read of a redirected file read it again: twice the records), and a
  /// standard descriptor closed by the parent is /dev/null, not the first file opened.
  @Test func standardInputIsReadOnceAndClosedDescriptorsAreEmpty() throws {
    for jobs in ["1", "2"] {
      let run = try Self.shell(#""$0" records --stats -j \#(jobs) - - < Samples/todos-tca1.log"#)
      #expect(run.status == 0)
      #expect(run.stderr.hasPrefix("records: 17 "), "-j \(jobs): \(run.stderr)")
    }
    for _ in 0..<3 {
      let closed = try Self.shell(#""$0" filter -c Samples/todos-tca1.log - <&- 1>&2"#)
      #expect(closed.status == 0)
      #expect(closed.stderr == "Samples/todos-tca1.log:17\n(standard input):0\n")
    }
  }
}

extension HostileInputCLITests {
  /// Row 19: `-B`/`-A` context is per file, as grep's (the previous file's last records
  /// were taken as context, without a separator).
  @Test func contextDoesNotCrossFiles() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    func log(_ actions: [String]) -> String {
      actions.map { "received action:\n  App.Action.\($0)\n  (No state changes)\n\n" }.joined()
    }
    let a = try Self.write(log(["tap", "tick", "tick"]), "a.log", in: dir)
    let b = try Self.write(log(["tap", "tick"]), "b.log", in: dir)
    for jobs in ["1", "2"] {
      let before = runInProcess([
        "filter", "-j", jobs, "-B", "2", "-a", "^tap$", "--format", "oneline", "--no-filename", a, b,
      ])
      #expect(
        String(decoding: before.stdout, as: UTF8.self)
          == "1: #0 tap  (no state changes)\n--\n1: #3 tap  (no state changes)\n"
      )
      let after = runInProcess([
        "filter", "-j", jobs, "-A", "3", "-a", "^tick$", "--format", "oneline", "--no-filename", a, b,
      ])
      #expect(
        String(decoding: after.stdout, as: UTF8.self)
          == "5: #1 tick  (no state changes)\n9: #2 tick  (no state changes)\n--\n5: #4 tick  (no state changes)\n")
    }
  }
}

extension HostileInputCLITests {
  /// Row 24: two logs of different root types in one report: a state path's `topActions`
  /// list an action path once, its changes under both roots together (it was listed twice,
  /// each without its root).
  @Test func topActionsMergeOneActionPathOverRoots() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    func log(_ root: String, changes: Int) -> String {
      (0..<changes).map { n in
        "received action:\n  \(root).Action.tap\n  \(root).State(\n-   x: \(n),\n+   x: \(n + 1),\n    count: 1\n  )\n\n"
      }.joined()
    }
    let a = try Self.write(log("AppA", changes: 2), "a.log", in: dir)
    let b = try Self.write(log("AppB", changes: 3), "b.log", in: dir)
    let run = runInProcess(["report", "--format", "json", a, b])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    let states = try #require(json["statePaths"] as? [[String: Any]])
    let top = try #require(states.first?["topActions"] as? [[String: Any]])
    #expect(top.count == 1)
    #expect(top.first?["action"] as? String == "tap" && top.first?["changes"] as? Int == 5)
  }
}

extension HostileInputCLITests {
  /// Issue 54, row 9: `jq '.timeSpanSeconds=1e19' r1.json > x.json; compare x.json r1b.json`
  /// trapped (SIGILL in `TextFormatting.duration`); such a report is refused, exit 2.
  @Test func savedReportWithAnImpossibleSpanIsRefused() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = runTCALog(["report", "--format", "json", "Samples/timestamped.log"])
    #expect(saved.status == 0)
    var json = String(decoding: saved.stdout, as: UTF8.self)
    let span = try #require(json.range(of: #""timeSpanSeconds": [0-9.]+"#, options: .regularExpression))
    json.replaceSubrange(span, with: #""timeSpanSeconds": 1e19"#)
    let path = try Self.write(json, "x.json", in: dir)
    let run = runTCALog(["compare", path, "Samples/timestamped.log"])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      run.stderr
        == "tcalog: error: \(path): not a valid report of 'tcalog report --format json': 'timeSpanSeconds' is longer than any log's\n"
    )
    #expect(run.stdout.isEmpty)
  }
}

extension HostileInputCLITests {
  /// Issue 54, row 17: `check` printed the rule that hit PCRE2's limits as "n/a" and as
  /// "stale", and failed `*` on the path it could not decide. One verdict: not measured.
  @Test func aRuleThatCannotBeMeasuredIsNotAlsoStale() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let undecided = "received action: AppFeature.Action.\(String(repeating: "a", count: 40))1\n"
    let log = try Self.write(
      "2026-11-20T10:00:00Z " + undecided + String(repeating: "2026-11-20T10:00:00Z " + undecided, count: 8)
        + "2026-11-20T10:00:01Z received action: AppFeature.Action.tick\n", "limit.log", in: dir)
    let budget = try Self.write("^(a+)+$ <= 1\n* <= 5/s\n", "budget.txt", in: dir)
    let checked = runTCALog(["check", "--budget", budget, log])
    let out = String(decoding: checked.stdout, as: UTF8.self)
    #expect(checked.status == 2, "\(out)\(checked.stderr)")
    #expect(checked.stderr.hasPrefix("tcalog: error: \(budget):1: pattern '^(a+)+$': match limit"), "\(checked.stderr)")
    #expect(out.contains("n/a "), "\(out)")
    #expect(!out.contains("stale"), "\(out)")
    #expect(!out.contains("FAIL"), "\(out)")
    #expect(out.contains("ok    \(budget):2  * <= 5/s  (1/s, worst tick)\n"), "\(out)")
  }
}

extension HostileInputCLITests {
  /// Issue 54, row 10: `check --init` skipped the empty path (`received action: hello
  /// world`, 90.9 % of the records), which `check`'s `*` then measured: the budget failed
  /// the run it was written from. `--init` writes the empty path's rule too.
  @Test func initAndCheckAgreeOnWhatAnActionIs() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = try Self.write(
      String(repeating: "received action: hello world\n", count: 100)
        + String(repeating: "received action: App.Action.tap\n", count: 10), "words.log", in: dir)
    let budget = dir.appendingPathComponent("budget.txt").path
    let initRun = runTCALog(["check", "--init", "-o", budget, log])
    #expect(initRun.status == 0, "\(initRun.stderr)")
    let text = try String(contentsOfFile: budget, encoding: .utf8)
    #expect(text.contains("^$ "), "\(text)")
    let checked = runTCALog(["check", "--budget", budget, log])
    let out = String(decoding: checked.stdout, as: UTF8.self)
    #expect(checked.status == 0, "\(text)\(out)\(checked.stderr)")
    #expect(!out.contains("FAIL"), "\(out)")
  }
}
