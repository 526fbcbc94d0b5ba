import Foundation
import Testing

/// `check --init` on a log without timestamps: the budget it writes passes the next runs of
/// the same app, whose bursty actions have another share (issue 54, row 1).
@Suite final class CheckInitCLITests {
  let dir: URL

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-check-init-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: dir) }

  /// A session of 2,000 records without times: taps and ticks throughout, and one drag of
  /// `drag` records in a row at `dragAt`.
  func session(_ name: String, drag: Int, dragAt: Int) throws -> String {
    var text = ""
    for index in 0..<(2000 - drag) {
      if index == dragAt {
        text += String(repeating: "received action: App.Action.sidebar(.dragMoved)\n", count: drag)
      }
      text += "received action: App.Action.\(index % 3 == 0 ? "timerTicked" : "tab(.scrolled)")\n"
    }
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The good run's drag is 2 % of its records, the next run's 8 %: share × 1.5 + 1 gave
  /// `<= 4% records` and broke it; the share in the good run's busiest twentieth (the 100
  /// records that held its drag: 40 %) is the run's own variation, and bounds it.
  @Test func aBudgetWithoutTimesPassesTheNextRunOfABurst() throws {
    let good = try session("good.log", drag: 40, dragAt: 500)
    let next = try session("next.log", drag: 160, dragAt: 1200)
    let budget = dir.appendingPathComponent("Budget.txt").path
    let initialized = runInProcess(["check", "--init", "-o", budget, good])
    #expect(initialized.status == 0, "\(initialized.stderr)")
    let text = try String(contentsOfFile: budget, encoding: .utf8)
    #expect(text.contains("busiest twentieth"), "the header says what the rules are")
    #expect(!text.contains("peak, doubled"), "no rate rule is written without times")
    #expect(runInProcess(["check", "--budget", budget, good]).status == 0)
    let checked = runInProcess(["check", "--budget", budget, next])
    #expect(checked.status == 0, "\(String(decoding: checked.stdout, as: UTF8.self))")
    // The steady actions keep tight rules: the ticks' third is not allowed to double.
    let ticks = try #require(text.split(separator: "\n").first { $0.hasPrefix("^timerTicked$") })
    let limit = try #require(Double(ticks.split(separator: " ").first { $0.hasSuffix("%") }?.dropLast() ?? ""))
    #expect(limit < 66)
  }
}
