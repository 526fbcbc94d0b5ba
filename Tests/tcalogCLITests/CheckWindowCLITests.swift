import Foundation
import Testing

/// `check --since`/`--until` on a window that holds no record: nothing is checked, so it
/// is said (a warning) and fails under `--strict`, rather than a vacuous pass.
struct CheckWindowCLITests {
  static let log = "Samples/timestamped.log"

  /// A pipe of an old log under `--since -5m` (the clock is a week after the log): every
  /// rule passed as "stale", the rate rule blamed the log's timestamps (status 2), and
  /// --strict passed the built-in rules.
  @Test func anEmptyWindowIsSaidAndFailsUnderStrict() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-check-window-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let budget = dir.appendingPathComponent("budget.txt").path
    try "todos <= 1000\n* <= 100/s\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let piped = try Data(contentsOf: URL(fileURLWithPath: Self.log))
    let warning = "tcalog: warning: nothing checked: the --since/--until window holds no record (--strict fails)"

    let loose = runInProcess(["check", "--budget", budget, "--since", "-5m"], stdin: piped)
    #expect(loose.status == 0, "\(loose.stderr)")
    #expect(loose.stderr.split(separator: "\n").contains { $0 == warning }, "\(loose.stderr)")
    #expect(!loose.stderr.contains("needs timestamps"), "\(loose.stderr)")

    for rules in [["--budget", budget], ["--default-rules"]] {
      let strict = runInProcess(["check", "--strict"] + rules + ["--since", "-5m"], stdin: piped)
      #expect(strict.status == 1, "\(rules): \(strict.stderr)")
      #expect(
        strict.stderr.contains(
          "tcalog: error: nothing checked: the --since/--until window holds no record (--strict)\n"),
        "\(strict.stderr)")
    }

    // On a named file -5m counts from its last record: the window holds records, and the
    // check is the usual one.
    let held = runInProcess(["check", "--budget", budget, "--since", "-5m", Self.log])
    #expect(held.status == 0 && !held.stderr.contains("nothing checked"), "\(held.stderr)")
  }

  /// The rows of an empty window say why nothing was measured: the window, not the
  /// timestamps (the log has them; `* <= 100/s` said "needs timestamps").
  @Test func anEmptyWindowsRowsBlameTheWindow() throws {
    let budget = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-check-window-\(getpid())-\(UUID().uuidString).txt"
    ).path
    defer { unlink(budget) }
    try "* <= 100/s\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let piped = try Data(contentsOf: URL(fileURLWithPath: Self.log))
    for rules in [["--budget", budget], ["--default-rules"]] {
      let run = runInProcess(["check"] + rules + ["--since", "-5m"], stdin: piped)
      let text = String(decoding: run.stdout, as: UTF8.self)
      #expect(text.contains("not measured: the --since/--until window holds no record"), "\(text)")
      #expect(!text.contains("timestamps"), "\(text)")
    }
  }

  /// One stray record far in the future: `--since -5m` counts back from it and selects it
  /// alone; the read says so.
  @Test func aStrayLastTimestampIsWarned() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-stray-\(getpid())-\(UUID().uuidString).log"
    ).path
    defer { unlink(path) }
    let prefix = "2099-01-01 00:00:00.000000+0100 0x1a2b     Default     0x0                  4242   0    Browser: "
    let stray = ["received action:", "  BrowserFeature.Action.stray", "  (No state changes)", ""]
      .map { prefix + $0 + "\n" }.joined()
    try (String(contentsOfFile: Self.log, encoding: .utf8) + stray).write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = runInProcess(["filter", "-c", "--since", "-5m", path])
    #expect(String(decoding: run.stdout, as: UTF8.self) == "1\n")
    #expect(
      run.stderr.contains(
        "tcalog: warning: the last timestamp, 2099-01-01T00:00:00.000000+01:00, is far after all others (the latest before it: 2026-11-20T10:06:46.604384+01:00)"
      ), "\(run.stderr)")
    // A log without a stray is not warned.
    let plain = runInProcess(["filter", "-c", "--since", "-5m", Self.log])
    #expect(!plain.stderr.contains("far after"), "\(plain.stderr)")
  }
}
