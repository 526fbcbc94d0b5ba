import Foundation
import Testing

/// `compare --format json` lists every action of both runs with its status, and
/// `--fail-above` / `--fail-new` fail a job.
@Suite final class CompareStatusCLITests {
  let dir: URL
  let before: String
  let after: String

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-compare-status-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    func log(_ counts: [(String, Int)]) -> String {
      counts.flatMap { action, n in Array(repeating: "received action: App.Action.\(action)\n", count: n) }.joined()
    }
    before = dir.appendingPathComponent("before.log").path
    after = dir.appendingPathComponent("after.log").path
    // Per 1,000 records: grows 300 → 600 (×2), shrinks 400 → 100, steady 200 → 200,
    // retired 100 → gone, added new at 100.
    try log([("grows", 3), ("shrinks", 4), ("steady", 2), ("retired", 1)])
      .write(toFile: before, atomically: true, encoding: .utf8)
    try log([("grows", 12), ("shrinks", 2), ("steady", 4), ("added", 2)])
      .write(toFile: after, atomically: true, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(at: dir) }

  @Test func jsonListsEveryActionWithItsStatus() throws {
    let run = runInProcess(["compare", "--format", "json", before, after])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    let rows = try #require(json["actions"] as? [[String: Any]])
    var status: [String: String] = [:]
    for row in rows { status[row["path"] as? String ?? "?"] = row["status"] as? String }
    #expect(
      status == ["grows": "changed", "shrinks": "changed", "steady": "unchanged", "retired": "gone", "added": "new"])
    #expect(json["hiddenActions"] as? Int == 0)
  }

  @Test func failAboveAndFailNewFailTheJob() throws {
    #expect(runInProcess(["compare", before, after]).status == 0)
    let grown = runInProcess(["compare", "--fail-above", "1.5", before, after])
    #expect(grown.status == 1)
    #expect(grown.stderr.contains("1 action grew more than ×1.5: grows ×2.0"), "\(grown.stderr)")
    #expect(!grown.stdout.isEmpty, "the comparison is still printed")
    #expect(runInProcess(["compare", "--fail-above", "x2", before, after]).status == 0)
    let new = runInProcess(["compare", "--fail-new", before, after])
    #expect(new.status == 1)
    #expect(new.stderr.contains("1 new action: added"), "\(new.stderr)")
    #expect(runInProcess(["compare", "--fail-new", after, after]).status == 0)
    #expect(runInProcess(["compare", "--fail-above", "0.5", before, after]).status == 2)
  }
}
