import Foundation
import Testing

@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport

/// Budget files: the grammar, every unit measured on a profile with known per-second
/// counts, the default rules, and the printers' escaping.
struct BudgetTests {
  /// A profile with per-second counts given directly: `a` 10 records in second 100, 1 a
  /// second for 100 seconds after; `b` 30 a second for 5 seconds; `c` no-ops only.
  /// (`b` at pointer pace, not a loop; `loop` below adds one.)
  static var profile: RunProfile {
    var p = RunProfile(source: "test")
    var a = RunProfile.Tally()
    a.add(second: 100, lines: 50, noOp: false)
    for _ in 0..<9 { a.add(second: 100, lines: 5, noOp: false) }
    for s in 101...200 { a.add(second: s, lines: 5, noOp: false) }
    var b = RunProfile.Tally()
    for s in 300..<305 { for _ in 0..<30 { b.add(second: s, lines: 2, noOp: false) } }
    var c = RunProfile.Tally()
    for s in 0..<100 { c.add(second: s, lines: 1, noOp: true) }
    p.actions = ["app.a": a, "app.b": b, "timer.c": c]
    var st = RunProfile.Tally()
    for s in 0..<20 { st.add(second: s, lines: 0, noOp: false) }
    p.states = ["windows[*].x": st]
    p.records = a.records + b.records + c.records
    p.lines = 2000
    p.noOps = 100
    p.timedRecords = p.records
    p.spanSeconds = 305
    return p
  }

  @Test func everyUnitIsMeasured() throws {
    let budget = try Budget(
      text: """
        # comment line
        app\\.a <= 10/s
        app\\.a <= 9/s        # broken: 10 in second 100
        ^app\\.   <= 150/min   # a: 10 + 59 in 60 s; b: 150 in 5 s -> 150 holds
        ^app\\.   <= 149/min
        app\\.b   <= 150
        app\\.b   <= 149 records
        app\\.a   <= 30%       # lines: (50 + 9*5 + 100*5) / 2000 = 29.75%
        app\\.a   <= 29% lines
        timer   <= 32% records  # 100 of 360 = 27.8%
        timer   <= 27% records
        state:windows\\[\\*\\]\\.x <= 20
        state:windows <= 19 records
        nomatch <= 0
        """, file: "budget.txt")
    let results = budget.check(Self.profile)
    #expect(results.map(\.rule.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    #expect(
      results.map(\.holds) == [true, false, true, false, true, false, true, false, true, false, true, false, true])
    #expect(results[0].measured == 10)
    #expect(results[2].measured == 150)
    #expect(abs((results[6].measured ?? 0) - 29.75) < 1e-9)
    #expect(results[0].burst?.second == 100 && results[0].burst?.records == 10)
    #expect(results[12].matchedPaths == 0)
    #expect(results[1].rule.text == "app\\.a <= 9/s")
  }

  @Test func badLinesAreAllReportedWithTheirNumbers() {
    #expect(throws: BudgetFileError.self) {
      try Budget(text: "x <= 1/s\nno rule here\n( <= 1\ny <= 5/h\nz <= 101%", file: "b")
    }
    do {
      _ = try Budget(text: "x <= 1/s\nno rule here\n( <= 1\ny <= 5/h\nz <= 101%\n <= 3", file: "b")
    } catch {
      #expect(error.lines.map { $0.description.prefix(4) } == ["b:2:", "b:3:", "b:4:", "b:5:", "b:6:"])
    }
  }

  /// CRLF line ends are line ends (a CRLF file was one line, all comment when it started
  /// with one), and a budget without a rule is an error, not a gate that checks nothing.
  @Test func crlfBudgetsKeepTheirRulesAndEmptyBudgetsAreErrors() throws {
    let crlf = try Budget(text: "# budget\r\nhover <= 1%\r\n\r\napp\\.a <= 9/s  # c\r\n", file: "b")
    #expect(crlf.rules.map(\.line) == [2, 4])
    #expect(crlf.rules.map(\.pattern) == ["hover", "app\\.a"])
    #expect(crlf.rules.map(\.text) == ["hover <= 1%", "app\\.a <= 9/s"])
    for empty in ["", "# only a comment\n", "# a\r\n# b\r\n", "\n  \n"] {
      do {
        _ = try Budget(text: empty, file: "b")
        Issue.record("no error for \(empty.debugDescription)")
      } catch {
        #expect(error.lines.map(\.description) == ["b: no rules (expected 'PATTERN <= LIMIT' lines)"])
      }
    }
  }

  @Test func rateRulesNeedTimestamps() throws {
    var profile = Self.profile
    profile.timedRecords = 0
    let results = try Budget(text: "app <= 5/s\napp <= 1000", file: "b").check(profile)
    #expect(results[0].measured == nil && !results[0].holds)
    #expect(results[1].measured != nil)
  }

  @Test func defaultRulesFindLoopsAndNoOpFloods() {
    // b: 30/s for 5 seconds is a pointer's pace, no loop. c: all no-ops, 100 of 360
    // records (> 20%): a flood.
    let plain = DefaultBudget.check(Self.profile)
    #expect(plain.map(\.rule) == [.effectLoop, .noOpFlood, .unansweredRequest, .feedbackLoop])
    // The rules on what sets off what say nothing without the chains analysis.
    #expect(!plain[2].measured && !plain[3].measured)
    #expect(plain[0].holds && plain[0].measured)
    #expect(plain[1].findings.map(\.action) == ["timer.c"])
    #expect(plain[1].findings[0].second == 0 && !plain[1].findings[0].secondIsStart)

    // 150 a second in 4 seconds in a row is a loop; in 3, or at 149 a second, it is not.
    func profile(adding perSecond: [Int]) -> RunProfile {
      var p = Self.profile
      var loop = RunProfile.Tally()
      for (i, n) in perSecond.enumerated() { for _ in 0..<n { loop.add(second: 1000 + i, lines: 1, noOp: false) } }
      p.actions["effect.loop"] = loop
      p.records += loop.records
      p.timedRecords = p.records
      return p
    }
    let loop = DefaultBudget.check(profile(adding: [150, 200, 150, 150]))[0]
    #expect(loop.findings.map(\.action) == ["effect.loop"])
    #expect(loop.findings[0].second == 1000 && loop.findings[0].secondIsStart)
    #expect(loop.findings[0].detail.contains("4 seconds in a row (at most 200 in one)"))
    #expect(DefaultBudget.check(profile(adding: [150, 200, 150]))[0].holds)
    #expect(DefaultBudget.check(profile(adding: [150, 149, 150, 150, 150]))[0].holds)

    // Without timestamps the loop rule is not measured, and says so rather than holding.
    var untimed = Self.profile
    untimed.timedRecords = 0
    for key in untimed.actions.keys { untimed.actions[key]!.perSecond = [:] }
    let rules = DefaultBudget.check(untimed)
    #expect(!rules[0].measured && !rules[0].holds && rules[0].findings.isEmpty)
    #expect(rules[1].findings.map(\.action) == ["timer.c"])

    // A flood needs 50 no-op records: a short log's few no-ops are none.
    var short = RunProfile(source: "short")
    var tick = RunProfile.Tally()
    for s in 0..<49 { tick.add(second: s, lines: 1, noOp: true) }
    short.actions = ["tick": tick]
    short.records = 49
    short.timedRecords = 49
    #expect(DefaultBudget.check(short)[1].holds)
  }

  /// An `N/min` rule's burst is its worst 60 seconds, from their first second.
  @Test func perMinuteRulesReportTheirWorstMinute() throws {
    let results = try Budget(text: "app\\.a <= 5/min\napp\\.a <= 5/s", file: "b").check(Self.profile)
    // a: 10 in second 100, then 1 a second: seconds 100–159 hold 10 + 59.
    #expect(results[0].measured == 69)
    #expect(results[0].burst?.second == 100 && results[0].burst?.records == 69 && results[0].burstSeconds == 60)
    #expect(results[1].burst?.second == 100 && results[1].burst?.records == 10 && results[1].burstSeconds == 1)
  }

  @Test func initWritesABudgetTheSameRunKeeps() throws {
    let text = BudgetTemplate.text(for: Self.profile, source: "test")
    let budget = try Budget(text: text, file: "init")
    // One rule per action, then '*' for every action the run did not have.
    #expect(budget.rules.count == 4)
    #expect(budget.rules.last?.isOthers == true)
    let results = budget.check(Self.profile)
    #expect(results.allSatisfy { $0.holds })
    #expect(text.contains("^app\\.a$"))
  }

  /// A state rule counts changes, and says so: `measured 20 changes, limit 5 changes`,
  /// not "records" (issue 54, cosmetic row).
  @Test func aStateRuleSaysChanges() throws {
    let budget = try Budget(text: "state: \\.x$ <= 5\napp\\.a <= 500", file: "b")
    let results = budget.check(Self.profile)
    let printer = BudgetPrinter(format: .text)
    #expect(
      printer.message(results[0]).hasPrefix("measured 20 changes, limit 5 changes"), "\(printer.message(results[0]))")
    #expect(printer.message(results[1]).hasPrefix("measured 110 records, limit 500 records"))
  }

  @Test func printersEscapeForTheirFormat() throws {
    #expect(BudgetPrinter.githubData("50% of\nlines") == "50%25 of%0Alines")
    #expect(BudgetPrinter.githubProperty("a:b,c") == "a%3Ab%2Cc")
    #expect(BudgetPrinter.xml("<a href=\"x\">&'\u{1}") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\u{FFFD}")
    let budget = try Budget(text: "app\\.a <= 9/s\napp\\.b <= 1000", file: "b,1")
    let results = budget.check(Self.profile)
    // Times as the log writes them: here one hour east of UTC.
    let github = BudgetPrinter(format: .github, timeOffset: 3600).render(results, defaults: [], source: "s")
    #expect(
      github
        == "::error file=b%2C1,line=1,title=Action budget%3A app\\.a <= 9/s::app\\.a <= 9/s: measured 10/s, limit 9/s; worst second 1970-01-01 01:01:40 +01:00: 10 records\n"
    )
    let defaults = DefaultBudget.check(Self.profile)
    let junit = BudgetPrinter(format: .junit).render(results, defaults: defaults, source: "s")
    // Two budget rules and the four built-in ones; the budget's first and the flood broken,
    // the two on what sets off what skipped (no chains analysis here).
    #expect(junit.contains("tests=\"6\" failures=\"2\" errors=\"0\" skipped=\"2\""))
    #expect(junit.contains("<testcase classname=\"tcalog.default-rules\" name=\"effect-loop: "))
    let json = BudgetPrinter(format: .json, timeOffset: -18_000).render(results, defaults: defaults, source: "s")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let burst = try #require(((object["rules"] as? [[String: Any]])?.first)?["burst"] as? [String: Any])
    #expect(burst["time"] as? String == "1969-12-31T19:01:40-05:00")
    #expect(object["broken"] as? Int == 2)
  }

  /// On a terminal `check`'s text is wrapped to its width: every line fits, later lines of
  /// a finding start under its rule, and no word is lost or split; without a width each
  /// finding stays one line.
  @Test func textWrapsToTheWidthOnlyWhenGivenOne() throws {
    let budget = try Budget(text: "app\\.a <= 9/s\napp\\.b <= 1000", file: "b")
    let results = budget.check(Self.profile)
    let defaults = DefaultBudget.check(Self.profile)
    let whole = BudgetPrinter(format: .text).render(results, defaults: defaults, source: "s")
    let wrapped = BudgetPrinter(format: .text, width: 40).render(results, defaults: defaults, source: "s")
    #expect(whole.split(separator: "\n").contains { $0.count > 40 })
    #expect(wrapped != whole)
    for line in wrapped.split(separator: "\n") {
      #expect(line.count <= 40 || !line.dropFirst(6).contains(" "), "\(line)")
    }
    #expect(wrapped.split(whereSeparator: \.isWhitespace) == whole.split(whereSeparator: \.isWhitespace))
    let continued = wrapped.split(separator: "\n").filter { !whole.split(separator: "\n").contains($0) }
    #expect(continued.contains { $0.hasPrefix("      ") })
  }

  /// The profile of a parallel read equals the sequential one, per action and state path.
  @Test func profilesAgreeSequentialAndChunked() throws {
    let directory = Repository.root.appendingPathComponent("Samples").path
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".log") }.sorted()
      .map { directory + "/" + $0 }
    func profile(jobs: Int) throws -> RunProfile {
      var profiler = RunProfiler(source: "samples")
      var stream = RecordStream(inputs: files, jobs: jobs)
      stream.chunkSize = 4_000
      try stream.run(into: &profiler)
      return profiler.profile
    }
    let one = try profile(jobs: 1)
    let two = try profile(jobs: 2)
    #expect(one.records > 1000)
    #expect(one.actions == two.actions)
    #expect(one.states == two.states)
    #expect(
      (one.records, one.lines, one.noOps, one.timedRecords) == (two.records, two.lines, two.noOps, two.timedRecords))
    #expect(one.spanSeconds == two.spanSeconds && one.spanSeconds != nil)
    // Per action, the records add up to the stream's.
    #expect(one.actions.values.map(\.records).reduce(0, +) == one.records)
    // Blocks in record order: 1,433 records are more than 1,024 blocks of one, so blocks of
    // two (the same whether the blocks were merged in one read or in chunks), each record once.
    #expect(one.recordsPerBlock == 2 && two.recordsPerBlock == 2)
    #expect(one.actions.values.allSatisfy { $0.perBlock.values.reduce(0, +) == $0.records })
    #expect(one.actions.values.allSatisfy { $0.perBlock.keys.allSatisfy { $0 >= 0 && $0 < RunProfile.maxBlocks } })
  }
}

extension BudgetTests {
  /// A rule whose match hits PCRE2's limits is not measured and does not hold (it counted
  /// the path as not matching, and held); so for a filter repository that silences actions,
  /// which keeps the failure (issue 42, row 2).
  @Test func matchLimitsAreNotPasses() throws {
    var profile = RunProfile(source: "limit")
    var tally = RunProfile.Tally()
    tally.add(second: nil, lines: 3, noOp: true)
    profile.actions = [String(repeating: "a", count: 40) + "c": tally, "tick": tally]
    profile.records = 2
    profile.lines = 6
    let results = try Budget(text: "^(a|aa)+$|b$ <= 0\ntick <= 1", file: "b").check(profile)
    #expect(results[0].matchError?.pattern == "^(a|aa)+$|b$")
    #expect(results[0].measured == nil && !results[0].holds)
    #expect(results[1].matchError == nil && results[1].holds)

    let repository = try FilterRepository(parsing: "x = ^(a|aa)+$|b$\n", file: "f")
    #expect(repository.silencingEntry(forActionPath: String(repeating: "a", count: 40) + "c") == nil)
    #expect(repository.silencingEntry(forActionPath: "tick") == nil)
    let answer = repository.silencingAnswer(forActionPath: String(repeating: "a", count: 40) + "c")
    #expect(answer.matchError?.pattern == "^(a|aa)+$|b$")
    #expect(repository.silencingAnswer(forActionPath: "tick").matchError == nil)
    let warnings = repository.silencingWarnings(forActionPaths: [String(repeating: "a", count: 40) + "c", "tick"])
    #expect(warnings.failedPaths == 1)
    #expect(warnings.matchErrors.map(\.pattern) == ["^(a|aa)+$|b$"])
  }
}

extension BudgetTests {
  /// A limit is a decimal number: `0x10` was read as 16 (issue 42, cosmetic).
  @Test func limitsAreDecimalNumbers() {
    #expect(Budget.parseLimit("16")?.0 == 16 && Budget.parseLimit("2.5/s")?.0 == 2.5)
    for text in ["0x10", "0x10/s", "1e3", "nan", "-1", "+5"] { #expect(Budget.parseLimit(text) == nil, "\(text)") }
  }
}

extension BudgetTests {
  /// Issue 54, row 17: a rule whose match hit PCRE2's limits was both "n/a" and "stale",
  /// and `*` measured the path it could not decide as its own (and failed it). The rule is
  /// not measured, nothing else; `*` leaves the undecided path out.
  @Test func aRuleThatCannotBeMeasuredHasOneVerdict() throws {
    var profile = RunProfile(source: "limit")
    var undecided = RunProfile.Tally()
    for _ in 0..<9 { undecided.add(second: 100, lines: 3, noOp: false) }
    var tick = RunProfile.Tally()
    tick.add(second: 100, lines: 3, noOp: false)
    let path = String(repeating: "a", count: 40) + "1"
    profile.actions = [path: undecided, "tick": tick]
    profile.records = 10
    profile.lines = 30
    profile.timedRecords = 10
    let budget = try Budget(text: "^(a+)+$ <= 1\n* <= 5/s", file: "b")
    let results = budget.check(profile)
    #expect(results[0].matchError != nil && results[0].measured == nil && !results[0].holds)
    #expect(!results[0].isStale)
    #expect(results[1].measured == 1 && results[1].holds && results[1].worstPath == "tick")
    #expect(budget.unnamedActions(profile).map(\.path) == ["tick"])
  }
}
