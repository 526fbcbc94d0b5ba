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
}
