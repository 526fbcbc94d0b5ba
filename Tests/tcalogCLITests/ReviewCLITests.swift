import Foundation
import Testing

/// `suggest --review` without a terminal: one line, status 2, nothing read or written.
@Suite struct ReviewRefusalCLITests {
  @Test func withoutATerminalReviewRefuses() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-review-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let filters = dir.appendingPathComponent("filters").path
    // Standard input from /dev/null.
    let run = runTCALog(["suggest", "--review", "--filters", filters, "Samples/browser-session.log"])
    #expect(run.status == 2)
    #expect(run.stderr == "tcalog: error: --review needs a terminal: standard input and output must both be one\n")
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: filters))
    let noFile = runTCALog(["suggest", "--review", "Samples/browser-session.log"])
    #expect(noFile.status == 2 && noFile.stderr.contains("--review needs --filters FILE"))
  }

  /// `--review --append` is refused as a usage error (--append was ignored: the review
  /// wrote only its answers), before the terminal is asked for.
  @Test func reviewAndAppendTogetherAreRefused() throws {
    let run = runInProcess(
      ["suggest", "--filters", "never-written.filters", "--review", "--append", "Samples/browser-session.log"])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("tcalog: error: --append and --review exclude each other"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "never-written.filters"))
  }
}

/// `suggest --review` on a real terminal: tmux runs the built binary in a pane of 80 × 30,
/// the test presses keys and reads the pane, as a user would.
@Suite(.enabled(if: TmuxSession.tmux != nil, "tmux is absent: the review needs a terminal (.ci/run installs it)"))
struct ReviewCLITests {
  /// The entries `suggest` would review, in order: the active ones, then the candidates.
  static func entries(_ filters: String? = nil) throws -> [(name: String, regex: String, path: String)] {
    let args =
      ["suggest", "--format", "json"] + (filters.map { ["--filters", $0] } ?? []) + ["Samples/browser-session.log"]
    let run = runTCALog(args)
    let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    let list =
      try #require(object["suggestions"] as? [[String: Any]]) + (try #require(object["candidates"] as? [[String: Any]]))
    return list.map { ($0["name"] as? String ?? "?", $0["regex"] as? String ?? "?", $0["path"] as? String ?? "?") }
  }

  /// y, n, s, then q: the file gets the first entry, a keep line for the second, nothing
  /// for the third; a second review starts past what was decided; the terminal is back
  /// in its usual mode.
  @Test func aReviewWritesTheAnswers() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let filters = session.folder.appendingPathComponent("filters").path
    let entries = try Self.entries()
    try #require(entries.count >= 4)
    session.start(["suggest", "--review", "--filters", filters, "Samples/browser-session.log"])
    try session.waitFor("── 1 of \(entries.count) · ")
    let first = session.screen()
    #expect(first.contains("\n" + entries[0].path + "\n"))
    for label in ["  share    ", "  rate     ", "  why      ", "  entry    ", "  samples  "] {
      #expect(first.contains("\n" + label), "\(label)")
    }
    #expect(first.contains("Silence it?  y silence · n keep · s skip · q quit › "))
    for line in first.split(separator: "\n") { #expect(line.unicodeScalars.count <= 80) }

    session.press("y")
    try session.waitFor("── 2 of \(entries.count) · ")
    #expect(session.screen().contains("› silenced\n"))
    session.press("n")
    try session.waitFor("── 3 of \(entries.count) · ")
    #expect(session.screen().contains("› kept\n"))
    session.press("x")  // not an answer: the same entry is asked again
    session.press("s")
    try session.waitFor("── 4 of \(entries.count) · ")
    #expect(session.screen().contains("› skipped\n"))
    session.press("q")
    let status = try session.waitForExit()
    #expect(status == 0)
    #expect(
      try String(contentsOfFile: filters, encoding: .utf8)
        == "# tcalog suggest --review of Samples/browser-session.log: 1 silenced, 1 kept\n"
        + "\(entries[0].name) = \(entries[0].regex)\nkeep \(entries[1].name) = \(entries[1].regex)\n")
    #expect(
      session.screen().contains(
        "tcalog: wrote 1 entry and 1 keep line to \(filters) (\(entries.count - 2) of \(entries.count) left for another review)"
      ))
    #expect(session.terminalIsSane())

    // Decided once, not asked again: the third entry comes first.
    let next = try Self.entries(filters)
    #expect(next.map(\.name) == entries.dropFirst(2).map(\.name))
  }

  /// A terminal on standard input but not on standard output (a pipe) is refused too.
  @Test func outputIntoAPipeIsRefused() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let filters = session.folder.appendingPathComponent("filters").path
    session.start(["suggest", "--review", "--filters", filters, "Samples/browser-session.log"], into: "cat")
    #expect(try session.waitForExit() == 2)
    #expect(
      session.screen().contains("tcalog: error: --review needs a terminal: standard input and output must both be one"))
    #expect(!FileManager.default.fileExists(atPath: filters))
  }

  /// Ctrl-C ends the review at once with status 130, writes nothing, and leaves the
  /// terminal as it was.
  @Test func ctrlCWritesNothing() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let filters = session.folder.appendingPathComponent("filters").path
    session.start(["suggest", "--review", "--filters", filters, "Samples/browser-session.log"])
    try session.waitFor("── 1 of ")
    session.press("y")
    try session.waitFor("── 2 of ")
    session.press("C-c")
    #expect(try session.waitForExit() == 130)
    #expect(session.screen().contains("tcalog: review interrupted: nothing written to \(filters)"))
    #expect(!FileManager.default.fileExists(atPath: filters))
    #expect(session.terminalIsSane())
  }
}

extension ReviewCLITests {
  /// SIGTERM (kill) in the middle of a review: the terminal is put back before tcalog ends
  /// with the shell's status for it, and nothing is written.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc to find tcalog's process"))
  func terminationPutsTheTerminalBack() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let filters = session.folder.appendingPathComponent("filters").path
    session.start(["suggest", "--review", "--filters", filters, "Samples/browser-session.log"])
    try session.waitFor("── 1 of ")
    session.press("n")
    try session.waitFor("── 2 of ")
    let shell = try #require(
      Int32(
        session.tmux(["display-message", "-p", "#{pane_pid}"], output: true).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    let tcalog = try #require(TmuxSession.children(of: shell).first)
    #expect(kill(tcalog, SIGTERM) == 0)
    #expect(try session.waitForExit() == 143)
    #expect(!FileManager.default.fileExists(atPath: filters))
    #expect(session.terminalIsSane())
  }
}

/// A tmux server of the test's own (its own socket), one window of 80 × 30 running a shell
/// command; the command writes its exit status and the terminal's settings to files.
final class TmuxSession {
  static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  let folder: URL
  let socket: String
  var status: URL { folder.appendingPathComponent("status") }
  var stty: URL { folder.appendingPathComponent("stty") }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-tmux-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    socket = "tcalog-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  }

  /// Runs a tmux command, and returns its output when `output`. Not with `Process`: on
  /// Linux it learns that a child ended when a descriptor it gives the child closes, and
  /// the server that `new-session` starts keeps it open for as long as it runs.
  @discardableResult
  func tmux(_ arguments: [String], output: Bool = false) -> String {
    let capture = folder.appendingPathComponent("tmux-output").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output ? capture : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The test runner's threads block signals; tmux, the shell and tcalog get none blocked.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let words = [Self.tmux!, "-L", socket, "-f", "/dev/null"] + arguments
    let argv = words.map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    guard posix_spawn(&pid, Self.tmux!, &actions, &attributes, argv, envp) == 0 else { return "" }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return output ? (try? String(contentsOfFile: capture, encoding: .utf8)) ?? "" : ""
  }

  /// Runs tcalog with `arguments` in the package root, its standard output into `pipe` (a
  /// shell command) when given; the window stays once it ends.
  /// `width` × `height` columns and lines; `environment` goes before the command
  /// (`view` is tried in colour).
  func start(
    _ arguments: [String], into pipe: String? = nil, width: Int = 80, height: Int = 30,
    environment: String = "NO_COLOR=1"
  ) {
    func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let binary = tcalogBinary?.path ?? "tcalog"
    let run =
      "{ TERM=xterm-256color \(environment) \(quoted(binary)) " + arguments.map(quoted).joined(separator: " ")
      + "; echo $? > \(quoted(status.path)).part; }" + (pipe.map { " | " + $0 } ?? "")
    let command =
      "cd \(quoted(packageRoot.path)) && \(run); stty -a > \(quoted(stty.path)); "
      + "mv \(quoted(status.path)).part \(quoted(status.path)); sleep 3600"
    tmux(["new-session", "-d", "-x", String(width), "-y", String(height), "sh", "-c", command])
  }

  func press(_ key: String) { tmux(["send-keys", key]) }

  /// The window's text, the lines scrolled off included.
  func screen() -> String { tmux(["capture-pane", "-p", "-J", "-S", "-200"], output: true) }

  /// Waits until the window shows `text` and the prompt after it, waiting for a key.
  func waitFor(_ text: String) throws {
    let seen = waitUntil(timeout: 300, interval: 0.05) {
      let shown = screen()
      guard let at = shown.range(of: text, options: .backwards) else { return false }
      return shown[at.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("quit ›")
    }
    try #require(seen, "never shown: \(text)\n\(screen())")
  }

  func waitForExit() throws -> Int32 {
    let ended = waitUntil(timeout: 300, interval: 0.05) { FileManager.default.fileExists(atPath: status.path) }
    try #require(ended, "tcalog did not end:\n\(screen())")
    let text = try String(contentsOf: status, encoding: .utf8)
    return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// The settings tcalog left: line editing, echo and the signal keys on again.
  func terminalIsSane() -> Bool {
    guard let text = try? String(contentsOf: stty, encoding: .utf8) else { return false }
    let flags = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
    return ["icanon", "echo", "isig", "icrnl", "ixon"].allSatisfy { flags.contains($0) }
  }

  /// The processes whose parent is `parent` (from /proc).
  static func children(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name in
      guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.range(of: ")", options: .backwards)
      else { return nil }
      // After the command's `)`: the state, then the parent's pid.
      let fields = stat[close.upperBound...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
    }
  }

  func close() {
    tmux(["kill-server"])
    try? FileManager.default.removeItem(at: folder)
  }
}
