import Foundation
import Testing

/// `check` covers what a budget does not name: `--init` ends with the `*` rule, rare actions
/// get room, stale rules and unnamed actions are reported (and fail with `--strict`), and an
/// empty budget is an error.
@Suite(.enabled(if: SessionsScript.hasPython, "python3 is absent: the simulator cannot run"))
struct CheckCoverageCLITests {
  /// The good run's record of `action`, copied `copies` times right after it with the
  /// action renamed to `renamed`: a new action's storm, all in the record's second.
  static func injectNewAction(into log: String, from action: String, renamed: String, copies: Int, output: String)
    throws
  {
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let headers = lines.indices.filter { lines[$0].contains("Received action:") }
    let start = try #require(
      zip(headers, headers.dropFirst()).first { header, next in
        lines[header..<next].prefix { !$0.contains("State:") }.contains { $0.contains(".\(action)(") }
      }?.0)
    let end = headers.first { $0 > start } ?? lines.count
    let record = lines[start..<end].map { $0.replacingOccurrences(of: ".\(action)(", with: ".\(renamed)(") }
    var out = Array(lines[..<end])
    for _ in 0..<copies { out += record.map { Substring($0) } }
    out += lines[end...]
    try out.joined(separator: "\n").write(toFile: output, atomically: true, encoding: .utf8)
  }

  /// The goal of the budget: one simulated run's budget passes five more runs of the same
  /// app, and a new action's storm breaks it, named.
  @Test func aBudgetFromOneRunPassesTheNextAndCatchesANewActionsStorm() throws {
    let dir = try CompareCheckCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = try CompareCheckCLITests.session(minutes: 5, seed: 7, in: dir)
    let budget = dir.appendingPathComponent("budget.txt").path
    let initRun = runInProcess(["check", "--init", "-o", budget, good.log])
    #expect(initRun.status == 0, "\(initRun.stderr)")
    let rules = try String(contentsOfFile: budget, encoding: .utf8)
    #expect(rules.contains("\n*"), "the budget ends with the rule for every other action: \(rules)")
    for seed in 1...5 {
      let next = try CompareCheckCLITests.session(minutes: 5, seed: seed, in: dir)
      let run = runInProcess(["check", "--budget", budget, next.log])
      #expect(run.status == 0, "seed \(seed): \(String(decoding: run.stdout, as: UTF8.self))")
    }
    let stormy = dir.appendingPathComponent("storm.log").path
    try Self.injectNewAction(into: good.log, from: "mouseMoved", renamed: "shapeResized", copies: 60, output: stormy)
    let broken = runInProcess(["check", "--budget", budget, stormy])
    #expect(broken.status == 1)
    let text = String(decoding: broken.stdout, as: UTF8.self)
    let failing = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
    #expect(failing.count == 1 && failing.first?.contains("  * <= ") == true, "\(text)")
    #expect(text.contains("worst action ") && text.contains("shapeResized (no rule names it)"), "\(text)")
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: runInProcess(["check", "--format", "json", "--budget", budget, stormy]).stdout)
        as? [String: Any])
    let unnamed = try #require(json["unnamedActions"] as? [[String: Any]])
    #expect(unnamed.count == 1 && (unnamed.first?["action"] as? String)?.hasSuffix("shapeResized") == true)
  }

  /// A rule that matches nothing is stale, not `ok (0/s)`; an action no rule names is listed;
  /// --strict fails both; an empty budget is an error.
  @Test func staleRulesUnnamedActionsStrictAndAnEmptyBudget() throws {
    let dir = try CompareCheckCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = "Samples/todos-tca1.log"
    let budget = dir.appendingPathComponent("budget.txt").path
    try "todos <= 1000\n^renamedAway$ <= 5\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let loose = runInProcess(["check", "--budget", budget, log])
    let text = String(decoding: loose.stdout, as: UTF8.self)
    #expect(loose.status == 0, "\(text)")
    #expect(text.contains("stale  \(budget):2  ^renamedAway$ <= 5"), "\(text)")
    #expect(!text.contains("ok    \(budget):2"), "\(text)")
    #expect(text.contains("no rule names: "), "\(text)")
    let strict = runInProcess(["check", "--strict", "--budget", budget, log])
    #expect(strict.status == 1)
    let strictText = String(decoding: strict.stdout, as: UTF8.self)
    #expect(strictText.contains("FAIL  \(budget):2  ^renamedAway$"), "\(strictText)")
    #expect(strictText.contains("no rule names: ") && strictText.contains("(--strict)"), "\(strictText)")
    // Every action named, none stale: --strict passes.
    try ".* <= 1000\n".write(toFile: budget, atomically: true, encoding: .utf8)
    #expect(runInProcess(["check", "--strict", "--budget", budget, log]).status == 0)

    try "# nothing yet\n\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let empty = runInProcess(["check", "--budget", budget, log])
    #expect(empty.status == 2)
    #expect(empty.stderr.contains("no rules"), "\(empty.stderr)")
  }
}
