import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Runs `Tests/Simulator/genlog.py` into a temporary directory; returns (log path, truth) or nil.
func generateLog(_ arguments: [String], name: String) throws -> (log: String, truth: [String: Any], dir: URL) {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-report-\(getpid())-\(name)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  let log = dir.appendingPathComponent("log").path
  let truthPath = dir.appendingPathComponent("truth.json").path
  let python = Process()
  python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  python.arguments =
    ["python3", Repository.simulator("genlog.py"), "--size-mb", "2", "-o", log, "--truth", truthPath] + arguments
  try python.run()
  python.waitUntilExit()
  try #require(python.terminationStatus == 0)
  let truth = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as? [String: Any])
  return (log, truth, dir)
}

func aggregate(_ files: [String], shapes: Bool = false) throws -> ReportAggregator {
  var aggregator = ReportAggregator(collectsShapes: shapes)
  try RecordStream(inputs: files).run(into: &aggregator)
  return aggregator
}

@Suite(.enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"))
struct ReportTruthTests {
  @Test(arguments: [
    ["--format", "diffing", "--seed", "21"],
    ["--format", "tca1", "--seed", "22", "--noise", "0.1", "--prefix", "oslog"],
  ])
  func reportNumbersEqualTheTruthFile(_ arguments: [String]) throws {
    let (log, truth, dir) = try generateLog(arguments, name: arguments[1])
    defer { try? FileManager.default.removeItem(at: dir) }
    let summary = try aggregate([log]).summary()
    #expect(summary.statistics.completeRecords == truth["records"] as? Int)
    #expect(summary.statistics.noOpRecords == truth["noop_records"] as? Int)
    #expect(summary.statistics.bytes == truth["bytes"] as? Int)
    let truthActions = try #require(truth["actions"] as? [String: [String: Int]])
    var mine: [String: [String: Int]] = [:]
    for a in summary.actions {
      mine[a.path, default: [:]]["count", default: 0] += a.stats.count
      mine[a.path, default: [:]]["lines", default: 0] += a.stats.lines
      if a.stats.noOps > 0 { mine[a.path, default: [:]]["noop", default: 0] += a.stats.noOps }
    }
    #expect(mine == truthActions.mapValues { $0.filter { $0.value != 0 } })
    let truthStates = try #require(truth["state_paths"] as? [String: Int])
    #expect(Dictionary(uniqueKeysWithValues: summary.states.map { ($0.path, $0.changes) }) == truthStates)

    // The report's rows at full depth carry the same numbers.
    var options = ReportOptions()
    options.depth = 99
    options.top = 1000
    let report = ActionReport(summary: summary, options: options)
    #expect(report.actionRows.count == truthActions.count)
    for row in report.actionRows { #expect(row.stats.count == truthActions[row.path]?["count"]) }
  }
}

struct ReportAggregatorTests {
  static func records() -> [Record] {
    var out: [Record] = []
    for i in 0..<60 {
      let path = ["windows.window.hover", "windows.window.mouseMoved", "timerTicked", "settings.binding.set"][i % 4]
      out.append(
        Record.synthesized(
          index: i, lines: 3 + i % 5, timestamp: "2026-11-20T10:22:\(10 + i % 40).5+01:00", actionPath: path,
          actionRoot: i % 7 == 0 ? "Other.Action" : "AppFeature.Action",
          changes: i % 3 == 0 ? [] : [.init(path: "windows[\(i % 4)].x", normalized: "windows[*].x")]))
    }
    return out
  }

  @Test func mergingPartsGivesTheSequentialResult() {
    let all = Self.records()
    var whole = ReportAggregator(collectsShapes: true)
    for r in all { whole.add(r.content) }
    var a = ReportAggregator(collectsShapes: true)
    var b = ReportAggregator(collectsShapes: true)
    for r in all[..<23] { a.add(r.content) }
    for r in all[23...] { b.add(r.content) }
    _ = a.merge(b)
    let x = whole.summary()
    let y = a.summary()
    #expect(x.actions.map(\.path) == y.actions.map(\.path))
    #expect(x.actions.map(\.stats) == y.actions.map(\.stats))
    #expect(x.actions.map(\.shape) == y.actions.map(\.shape))
    #expect(x.states.map(\.path) == y.states.map(\.path))
    #expect(x.states.map(\.changes) == y.states.map(\.changes))
    #expect(x.states.map(\.distinctPaths) == y.states.map(\.distinctPaths))
    #expect(x.states.map { $0.byAction.map(\.changes) } == y.states.map { $0.byAction.map(\.changes) })
    #expect(x.firstTime == y.firstTime && x.lastTime == y.lastTime)
    #expect(x.states.first?.distinctPaths == 4)
  }

  /// Records of ten actions in runs and request/response pairs, a third without a time,
  /// times from 0.2 to 3 s apart: what follows what has pairs on every side of every cut.
  static func mixedRecords() -> [Record] {
    var random = SeededRandom(seed: 50)
    func next(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    let paths = (0..<10).map { "feature\($0 % 3).action\($0)" }
    var out: [Record] = []
    var seconds = 0.0
    while out.count < 400 {
      let path = paths[next(paths.count)]
      for _ in 0...(next(4) == 0 ? next(5) : 0) {
        seconds += Double(2 + next(28)) / 10
        let stamp =
          out.count % 3 == 0
          ? nil
          : "2026-11-20T10:\(10 + Int(seconds) / 60):\(String(format: "%04.1f", seconds.truncatingRemainder(dividingBy: 60)))+01:00"
        out.append(Record.synthesized(index: out.count, timestamp: stamp, actionPath: path))
      }
    }
    return out
  }

  /// Pairs and runs are counted as one pass counts them wherever the input is cut into
  /// parts (`-j`, range size, standard input): a part's first records wait for what came
  /// before it (issue 50: `-j 1` and the default classified differently).
  @Test func followsAndRunsDoNotDependOnWhereTheInputIsCut() {
    let all = Self.mixedRecords()
    var whole = ReportAggregator()
    for r in all { whole.add(r.content) }
    let expected = whole.summary()
    #expect(expected.follows.count > 20)
    for cuts in [[1], [2], [5], [37], [200], [399], [3, 4], [10, 11, 12, 13], Array(stride(from: 7, to: 400, by: 7))] {
      var merged = whole.makePart()
      merged.headOpen = false
      var start = 0
      for end in cuts + [all.count] {
        var part = whole.makePart()
        for r in all[start..<end] { part.add(r.content) }
        _ = merged.merge(part)
        start = end
      }
      let got = merged.summary()
      #expect(got.actions.map(\.path) == expected.actions.map(\.path), "cuts \(cuts)")
      #expect(got.actions.map(\.runs) == expected.actions.map(\.runs), "cuts \(cuts)")
      #expect(
        got.follows.map { [$0.from, $0.to, $0.count] } == expected.follows.map { [$0.from, $0.to, $0.count] },
        "cuts \(cuts)")
    }
    // Parts absorbed into parts (a tree of merges) count the same.
    var left = whole.makePart()
    var right = whole.makePart()
    var third = whole.makePart()
    for r in all[..<3] { left.add(r.content) }
    for r in all[3..<150] { right.add(r.content) }
    for r in all[150...] { third.add(r.content) }
    _ = right.merge(third)
    _ = left.merge(right)
    var root = ReportAggregator()
    _ = root.merge(left)
    #expect(
      root.summary().follows.map { [$0.from, $0.to, $0.count] } == expected.follows.map { [$0.from, $0.to, $0.count] })
    #expect(root.summary().actions.map(\.runs) == expected.actions.map(\.runs))
  }

  @Test func silencerMarksRowsAndShare() {
    var agg = ReportAggregator()
    for r in Self.records() { agg.add(r.content) }
    agg.statistics.completeRecords = 60
    agg.statistics.lines = 300
    var options = ReportOptions()
    options.depth = 2
    let report = ActionReport(
      summary: agg.summary(), options: options, silencer: PrefixSilencer([("hover", "windows.window.hover")]))
    #expect(report.silenced?.records == 15)
    let row = report.actionRows.first { $0.path == "windows.window" }
    #expect(row?.silencedBy == ["hover"])
    #expect(row?.isGroup == true)
  }

  @Test func terminalTextNeverCarriesControlCharacters() {
    #expect(TerminalSafe.escaped("a\u{1B}[31mb\u{07}") == #"a\e[31mb\x07"#)
    var agg = ReportAggregator()
    agg.add(Record.synthesized(lines: 2, actionPath: "evil\u{1B}]0;title\u{07}").content)
    agg.statistics.completeRecords = 1
    let text = ReportPrinter(format: .text).render(ActionReport(summary: agg.summary()))
    #expect(text.contains("evil\\e]0;title"), "the row is shown, escaped")
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func timestampsGiveSecondsSinceEpoch() {
    let seconds = Array("1970-01-02T00:00:01.5+01:00".utf8).withUnsafeBufferPointer { WrittenTime.parse($0)?.instant }
    #expect(seconds == 86401.5 - 3600)
  }
}

/// Marking rows with their actions' classes takes work linear in the paths (issue 42,
/// row 5: every row was matched against every classified action, quadratic in the paths).
struct ActionReportMarkingTests {
  static func row(_ path: String, group: Bool) -> ActionRow {
    ActionRow(
      path: path, isGroup: group, level: 0, parentPath: nil, stats: ActionStats(), silencedBy: [], silencedLines: 0)
  }
  static func classified(_ path: String, _ actionClass: ActionClass) -> ClassifiedAction {
    ClassifiedAction(path: path, actionClass: actionClass, evidence: ActionEvidence(), explanation: [], score: 0)
  }

  /// The rule the marking keeps, written as it was: each row against every action.
  static func quadratic(_ rows: [ActionRow], _ classified: [ClassifiedAction]) -> [ActionClass?] {
    rows.map { row in
      var found: ActionClass?
      for c in classified
      where c.path == row.path || (row.isGroup && (row.path.isEmpty || c.path.hasPrefix(row.path + "."))) {
        if let f = found, f != c.actionClass { return nil }
        found = c.actionClass
      }
      return found
    }
  }

  @Test func marksAsEveryRowAgainstEveryActionDid() {
    var generator = SystemRandomNumberGenerator()
    let segments = ["a", "b", "c", "a.b", ""]
    for _ in 0..<200 {
      let paths = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        (0..<Int.random(in: 1...3, using: &generator)).map { _ in segments.randomElement(using: &generator)! }
          .joined(separator: ".")
      }
      let classified = paths.map { Self.classified($0, ActionClass.allCases.randomElement(using: &generator)!) }
      let rows = (paths + ["", "a", "a.b", "b", "c.a"]).flatMap {
        [Self.row($0, group: true), Self.row($0, group: false)]
      }
      #expect(ActionReport.marked(rows, classified).map(\.actionClass) == Self.quadratic(rows, classified))
    }
  }

  @Test func hundredThousandDistinctPathsTakeLinearWork() {
    let count = 100_000
    var classified: [ClassifiedAction] = []
    var rows = [Self.row("", group: true)]
    for i in 0..<count {
      let path = "feature\(i % 100).screen\(i).tapped"
      classified.append(Self.classified(path, i % 3 == 0 ? .noise : .signal))
      rows.append(Self.row(path, group: false))
      if i < 100 { rows.append(Self.row("feature\(i)", group: true)) }
    }
    var work = 0
    let marked = ActionReport.marked(rows, classified, work: &work)
    // A step per action, per dot of its path and per row: 3 per action, 1 per row.
    #expect(work <= 3 * classified.count + rows.count)
    #expect(marked[0].actionClass == nil)
    #expect(marked[1].actionClass == .noise && marked[3].actionClass == .signal)  // [2] is the group feature0
    #expect(marked.filter { $0.isGroup }.allSatisfy { $0.actionClass == nil })
  }
}
