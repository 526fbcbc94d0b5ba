import Foundation
import Testing

/// Time windows, live mode and follow mode of the real binary.
struct LiveCLITests {
  /// Records of the timestamped sample whose timestamp lies in [from, to] (from its
  /// expected records, whose times carry +01:00).
  static func expectedCount(from: String, to: String) throws -> Int {
    let expected = try String(
      contentsOf: packageRoot.appendingPathComponent("Samples/timestamped.expected.ndjson"), encoding: .utf8)
    return expected.split(separator: "\n").filter { line in
      guard let range = line.range(of: #""timestamp":"([^"]+)""#, options: .regularExpression) else { return false }
      let time = line[range].dropFirst(13).prefix(19)
      return time >= from && time < to
    }.count
  }

  @Test func sinceAndUntilSelectRecordsByTime() throws {
    let all = runTCALog(["records", "Samples/timestamped.log"])
    let window = runTCALog([
      "records", "--since", "2026-11-20T10:06:00+01:00", "--until", "2026-11-20T10:06:30+01:00",
      "Samples/timestamped.log",
    ])
    #expect(window.status == 0)
    let count = window.stdout.split(separator: UInt8(ascii: "\n")).count
    #expect(count == (try Self.expectedCount(from: "2026-11-20T10:06:00", to: "2026-11-20T10:06:30")))
    #expect(count > 0 && count < all.stdout.split(separator: UInt8(ascii: "\n")).count)
    // The same window through report and filter.
    let report = runTCALog([
      "report", "--format", "json", "--since", "2026-11-20T10:06:00+01:00", "--until", "2026-11-20T10:06:30+01:00",
      "Samples/timestamped.log",
    ])
    #expect(String(decoding: report.stdout, as: UTF8.self).contains("\"completeRecords\": \(count),"))
    let filtered = runTCALog([
      "filter", "-c", "--since", "2026-11-20T10:06:00+01:00", "--until", "2026-11-20T10:06:30+01:00",
      "Samples/timestamped.log",
    ])
    #expect(String(decoding: filtered.stdout, as: UTF8.self) == "\(count)\n")
    // Untimed records are counted out loud; a bad time is a usage error.
    let untimed = runTCALog(["records", "--since", "-5m", "Samples/todos-tca1.log"])
    #expect(untimed.stderr.contains("without a timestamp left out"))
    let bad = runTCALog(["records", "--since", "yesterday", "Samples/timestamped.log"])
    #expect(bad.status == 2 && bad.stderr.hasPrefix("tcalog: error: invalid time 'yesterday'"))
    // Issue 54, row 13: these counted every record, or 16 s.
    for since in ["--since=-nans", "--since=-infs", "--since=-0x10s"] {
      let odd = runTCALog(["filter", since, "-c", "Samples/timestamped.log"])
      #expect(odd.status == 2, "\(since)")
      #expect(odd.stderr.hasPrefix("tcalog: error: invalid time '\(since.dropFirst(8))'"), "\(odd.stderr)")
      #expect(odd.stdout.isEmpty)
    }
  }

  /// Times copied from the log (+01:00) select the same records in any machine zone: a
  /// bare time is on the log's day, a time without offset in the log's offset; a window
  /// that selects nothing says what the log spans.
  @Test(arguments: ["UTC", "America/New_York", "Asia/Tokyo"])
  func timesWithoutAnOffsetAreReadAsTheLogWritesThem(zone: String) throws {
    let expected = try Self.expectedCount(from: "2026-11-20T10:06:00", to: "2026-11-20T10:07:00")
    #expect(expected > 0)
    for window in [
      ["--since", "10:06", "--until", "10:07"], ["--since", "2026-11-20T10:06:00"], ["--since", "2026-11-20T10:06"],
    ] {
      for jobs in ["1", "2"] {
        let run = runTCALog(
          ["filter", "-c", "-j", jobs] + window + ["Samples/timestamped.log"], environment: ["TZ": zone])
        #expect(String(decoding: run.stdout, as: UTF8.self) == "\(expected)\n", "\(window) -j \(jobs)")
        #expect(run.stderr.isEmpty)
      }
    }
    let none = runTCALog(["report", "--since", "11:00", "Samples/timestamped.log"], environment: ["TZ": zone])
    #expect(
      none.stderr
        == "tcalog: warning: no record in the --since/--until window; the log spans 2026-11-20T10:05:00.000000+01:00 – 2026-11-20T10:06:46.604384+01:00\n"
    )
  }

  /// The report shows times as the log wrote them (10:05:21+0100), in any machine zone.
  @Test(arguments: ["UTC", "Asia/Tokyo"])
  func reportTimesAreTheLogsOwn(zone: String) throws {
    let run = runTCALog(["report", "Samples/timestamped.log"], environment: ["TZ": zone])
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(text.contains("\ntime span 2026-11-20 10:05:00 – 10:06:46 +01:00 (1m 47s), 4.7 records/s\n"))
    #expect(text.contains(" records in 1 s at 10:05:21\n"))
  }

  @Test func liveWithoutATerminalPrintsTheReportOnce() throws {
    let log = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/browser-session.log"))
    let live = runTCALog(["report", "--live"], stdin: log)
    let plain = runTCALog(["report"], stdin: log)
    #expect(live.status == 0)
    #expect(live.stdout == plain.stdout)
    #expect(!live.stdout.contains(0x1B))
  }

  /// Starts tcalog on a file that grows during the test; ends it with `signal` (SIGINT)
  /// once `wait` accepts the output, or (`untilRead`) once tcalog has read the whole file.
  static func follow(
    _ arguments: [String], appending chunks: [String], untilRead: Bool = false, signal: Int32 = SIGINT,
    wait: (String) -> Bool
  ) throws -> (status: Int32, output: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-follow-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("app.log")
    try Data().write(to: log)
    let outFile = dir.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments + [log.path]
    process.standardOutput = try FileHandle(forWritingTo: outFile)
    process.standardError = FileHandle.nullDevice
    try process.run()
    let writer = try FileHandle(forWritingTo: log)
    var written = 0
    for chunk in chunks {
      writer.seekToEndOfFile()
      writer.write(Data(chunk.utf8))
      written += chunk.utf8.count
      // The next chunk once tcalog has read this one to the end, so that each arrives while
      // it waits for more (where /proc says how far it has read; elsewhere all at once).
      if Self.readPositionIsVisible {
        #expect(waitUntil { readPosition(of: process.processIdentifier, in: log.path) == written })
      }
    }
    try writer.close()
    // Bounded wait for the output to show up (or the whole file to be read), then Ctrl-C.
    func output() -> String { String(decoding: (try? Data(contentsOf: outFile)) ?? Data(), as: UTF8.self) }
    let size = chunks.joined().utf8.count
    let ready = waitUntil {
      wait(output()) || (untilRead && readPosition(of: process.processIdentifier, in: log.path) == size)
    }
    #expect(ready, "tcalog neither printed what was awaited nor read the whole file within 10 s")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return (status, output())
  }

  static let growing = [
    "received action: AppAction.tick\n",
    "received action: AppAction.windows(.window(id: 1, action: .hover(true)))\n",
    "noise\nreceived action: AppAction.tick\n",
    "received action: AppAction.windows(.window(id: 2, action: .hover(false)))\n",
  ]

  @Test func filterFollowPrintsRecordsAsTheyAreAppended() throws {
    let run = try Self.follow(
      ["filter", "--follow", "-a", "hover", "--format", "oneline", "--no-filename"], appending: Self.growing
    ) {
      $0.contains("#3 windows.window.hover")
    }
    #expect(run.output == "2: #1 windows.window.hover\n5: #3 windows.window.hover\n")
    #expect(run.status == 130)
  }

  /// `trace --follow` prints each change as its record is appended, like `filter --follow`.
  @Test func traceFollowPrintsChangesAsTheyAreAppended() throws {
    let chunks = (1...3).map { k in
      "received action:\n  App.Action.select(\(k))\n  App.State(\n-   selected: \(k - 1)\n+   selected: \(k)\n  )\n\n"
    }
    let run = try Self.follow(["trace", "--follow", "^selected$"], appending: chunks) { $0.contains("#2") }
    #expect(run.output == "[1] selected\n[1]  #0  select  0 → 1\n[1]  #1  select  1 → 2\n[1]  #2  select  2 → 3\n")
    #expect(run.status == 130)
  }

  @Test func reportFollowPrintsTheReportOnControlC() throws {
    // Without a terminal nothing is drawn until Ctrl-C; then the report of what arrived.
    let run = try Self.follow(["report", "--follow"], appending: Self.growing, untilRead: true) { _ in false }
    #expect(run.status == 130)
    #expect(run.output.hasPrefix("4 records (4 complete"))
    #expect(run.output.contains("windows.window.hover"))
  }

  /// Issue 42, row 20: every signal that ends a session gives the final output: the count
  /// of `filter --follow -c` after Ctrl-C (none was printed), the report of `report
  /// --follow` after SIGTERM or SIGHUP (it died without one); the status says which signal.
  @Test(
    .enabled(if: readPositionIsVisible, "no /proc to see how far tcalog has read")
  )
  func followPrintsItsFinalOutputOnEveryEndingSignal() throws {
    let count = try Self.follow(["filter", "--follow", "-c", "-a", "hover"], appending: Self.growing, untilRead: true) {
      _ in false
    }
    #expect(count.output == "2\n")
    #expect(count.status == 130)
    for signal in [SIGTERM, SIGHUP] {
      let run = try Self.follow(["report", "--follow"], appending: Self.growing, untilRead: true, signal: signal) {
        _ in false
      }
      #expect(run.status == 128 + signal)
      #expect(run.output.hasPrefix("4 records (4 complete"), "signal \(signal)")
    }
  }

  static let readPositionIsVisible = FileManager.default.fileExists(atPath: "/proc/self/fdinfo")

  /// How far a process has read the file open on one of its descriptors (Linux /proc).
  static func readPosition(of pid: Int32, in path: String) -> Int? {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    for fd in fds {
      guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == path,
        let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") })
      else { continue }
      return Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
    }
    return nil
  }

  /// The report after Ctrl-C counts what the offline report of the same bytes counts:
  /// records, lines, other lines, and the record cut off at the end.
  @Test(
    .enabled(if: readPositionIsVisible, "no /proc to see how far tcalog has read")
  )
  func followReportAfterControlCCountsLikeTheOfflineReport() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-follow-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // Other lines, and a last record cut off without a newline.
    var log = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/browser-session.log"))
    log.append(try Data(contentsOf: packageRoot.appendingPathComponent("Samples/messy.log")))
    let path = dir.appendingPathComponent("app.log").path
    try log.write(to: URL(fileURLWithPath: path))
    let outFile = dir.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["report", "--follow", path]
    process.standardOutput = try FileHandle(forWritingTo: outFile)
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Ctrl-C once tcalog has read the whole file (polled, bounded).
    let read = waitUntil(timeout: 20) { Self.readPosition(of: process.processIdentifier, in: path) == log.count }
    #expect(read, "tcalog did not read the whole file within 20 s")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    let live = String(decoding: try Data(contentsOf: outFile), as: UTF8.self)
    let offline = String(decoding: runTCALog(["report", path]).stdout, as: UTF8.self)
    func header(_ text: String) -> [Substring] { Array(text.split(separator: "\n").prefix(2)) }
    #expect(
      header(offline) == [
        "908 records (907 complete, 1 incomplete), 61.5 % no-op", "16,683 lines (91 other lines), 389.4 KiB",
      ])
    #expect(header(live) == header(offline))
  }

  /// Like `tail -F`: a truncated file is read again from its start, a file replaced at
  /// the same name is read from the new one, and both are said on standard error.
  @Test func followNoticesTruncationAndReplacement() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-follow-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("app.log")
    try Data().write(to: log)
    let outFile = dir.appendingPathComponent("out")
    let errFile = dir.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["filter", "--follow", "--format", "oneline", "--no-filename", log.path]
    process.standardOutput = try FileHandle(forWritingTo: outFile)
    process.standardError = try FileHandle(forWritingTo: errFile)
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    func waitFor(_ text: String, in file: URL) -> Bool {
      waitUntil { String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self).contains(text) }
    }
    try Data("received action: A.Action.first\nreceived action: A.Action.second\n".utf8).write(to: log)
    #expect(waitFor("#1 second", in: outFile))
    // `: > app.log`, then a shorter record: read from the start again.
    let truncating = try FileHandle(forWritingTo: log)
    try truncating.truncate(atOffset: 0)
    try truncating.close()
    #expect(waitFor("tcalog: \(log.path): file truncated\n", in: errFile))
    try Data("received action: A.Action.third\n".utf8).write(to: log)
    #expect(waitFor("#2 third", in: outFile))
    // `rm app.log`, and a new file at its name.
    try FileManager.default.removeItem(at: log)
    try Data("received action: A.Action.fourth\n".utf8).write(to: log)
    #expect(waitFor("#3 fourth", in: outFile))
    #expect(waitFor("tcalog: \(log.path): file replaced\n", in: errFile))
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(
      String(decoding: try Data(contentsOf: outFile), as: UTF8.self)
        == "1: #0 first\n2: #1 second\n1: #2 third\n1: #3 fourth\n",
      "after a truncation or a replacement, lines count from 1 again")
  }

  static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

  /// A shell command run by script(1), which gives it a pseudo-terminal, in `dir`; what the
  /// terminal shows goes to the file `dir/screen`, read while the command runs.
  final class ScriptTerminal {
    let dir: URL
    let process = Process()
    var screenFile: URL { dir.appendingPathComponent("screen") }

    init(_ command: String, in dir: URL) throws {
      self.dir = dir
      _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("screen").path, contents: nil)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = ["-qec", "cd '\(dir.path)' && \(command)", "/dev/null"]
      process.environment = ["TERM": "xterm", "PATH": "/usr/bin:/bin"]
      process.standardOutput = try FileHandle(forWritingTo: screenFile)
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    func screen() -> String { String(decoding: (try? Data(contentsOf: screenFile)) ?? Data(), as: UTF8.self) }

    /// The live frames drawn so far (each starts with its status line, `live: …`).
    func frames() -> Int { screen().components(separatedBy: "live: ").count - 1 }

    /// Waits (bounded) for script(1) to end, then returns what the terminal showed.
    func finish() -> String {
      #expect(waitUntil { !process.isRunning }, "script(1) did not end within 10 s")
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      return screen()
    }
  }

  /// On a terminal of 60 columns (script(1) gives the child one), each frame draws over
  /// the last: back to its first line, every line cleared to its end, never wider than the
  /// terminal, and never a clear of the whole screen (which tmux copies into the scrollback).
  @Test(.enabled(if: hasScript, "script(1) is absent: the live redraw needs a pseudo-terminal"))
  func liveRedrawsInPlaceOnATerminal() throws {
    let binary = try #require(tcalogBinary)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-live-redraw-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let sample = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/browser-session.log"))
    // Standard input is a FIFO the test writes in four parts, each after a frame is drawn.
    let fifo = dir.appendingPathComponent("input").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let terminal = try ScriptTerminal("stty cols 60 rows 20; '\(binary.path)' report --live < input", in: dir)
    defer { if terminal.process.isRunning { terminal.process.terminate() } }
    // Open without blocking once the shell has the reading end open, then write blocking.
    var fd: Int32 = -1
    #expect(
      waitUntil {
        fd = open(fifo, O_WRONLY | O_NONBLOCK)
        return fd >= 0
      }, "tcalog never opened its input")
    try #require(fd >= 0)
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    let input = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    var start = sample.startIndex
    for part in 1...4 {
      // Cut after a newline near the part's end.
      var end = part == 4 ? sample.endIndex : sample.startIndex + sample.count * part / 4
      while end < sample.endIndex && sample[end - 1] != UInt8(ascii: "\n") { end += 1 }
      let before = terminal.frames()
      try input.write(contentsOf: sample[start..<end])
      start = end
      #expect(waitUntil { terminal.frames() > before }, "no frame drawn after part \(part)")
    }
    try input.close()  // the end of the input: tcalog prints the final report
    let output = terminal.finish()
    #expect(terminal.process.terminationStatus == 0)
    let frames = output.components(separatedBy: "live: ")
    #expect(frames.count - 1 >= 2, "expected several live frames, got \(frames.count - 1)")
    #expect(!output.contains("\u{1B}[2J") && !output.contains("\u{1B}[H"))
    // Every frame after the first starts by going back up over the previous one.
    for frame in frames.dropFirst().dropLast() {
      #expect(frame.range(of: "\u{1B}\\[[0-9]+F$", options: .regularExpression) != nil, "\(frame.suffix(40))")
    }
    #expect(output.contains("\u{1B}[K"))
    for line in output.replacingOccurrences(of: "\r", with: "").split(separator: "\n") {
      let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
      #expect(plain.unicodeScalars.count <= 60, "\(plain.unicodeScalars.count) columns: \(plain)")
    }
    #expect(output.contains("900 records (900 complete"))  // then the final report
  }

  /// A followed file truncated under a live frame: the notice is the frame's status line
  /// (every frame line ends in a clear-to-end, so a redraw moves up over all of it), not a
  /// line on standard error beside it; the final report says it once; the cursor is hidden
  /// while frames are drawn and shown again after Ctrl-C.
  @Test(
    .enabled(if: hasScript, "script(1) is absent: the live redraw needs a pseudo-terminal"),
    .enabled(if: readPositionIsVisible, "no /proc to see how far tcalog has read")
  )
  func liveNoticesStayInsideTheFrame() throws {
    let binary = try #require(tcalogBinary)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-live-notice-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let sample = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/browser-session.log"))
    let log = dir.appendingPathComponent("app.log")
    try sample.prefix(300_000).write(to: log)
    // The shell writes its pid, then becomes tcalog: the test sees how far it has read.
    let terminal = try ScriptTerminal(
      "stty cols 70 rows 30; echo $$ > pid.part && mv pid.part pid; exec '\(binary.path)' report --follow app.log",
      in: dir)
    var pid: Int32 = 0
    defer {
      if terminal.process.isRunning {
        if pid > 0 { kill(pid, SIGKILL) }
        terminal.process.terminate()
      }
    }
    func read(_ size: Int) -> Bool {
      waitUntil {
        if pid == 0, let text = try? String(contentsOf: dir.appendingPathComponent("pid"), encoding: .utf8) {
          pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        return pid > 0 && Self.readPosition(of: pid, in: log.path) == size
      }
    }
    // The truncation (`: > app.log`) once tcalog has read the file, new records once a
    // frame shows the notice, Ctrl-C once they are read.
    try #require(read(300_000), "tcalog did not read the file within 10 s")
    let truncating = try FileHandle(forWritingTo: log)
    try truncating.truncate(atOffset: 0)
    try truncating.close()
    #expect(waitUntil { terminal.screen().contains("file truncated") }, "no notice of the truncation")
    let appending = try FileHandle(forWritingTo: log)
    try appending.seekToEnd()
    try appending.write(contentsOf: sample.prefix(50_000))
    try appending.close()
    #expect(read(50_000), "tcalog did not read the new records within 10 s")
    kill(pid, SIGINT)
    let output = terminal.finish()
    #expect(output.hasPrefix("\u{1B}[?25l"), "\(output.prefix(40))")
    #expect(output.hasSuffix("\u{1B}[?25h"), "\(output.suffix(40))")
    let lines = output.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
    let notices = lines.filter { $0.contains("file truncated") }
    #expect(notices.count >= 2, "a status line in some frame, and the note under the final report")
    for line in notices { #expect(line.hasSuffix("\u{1B}[K"), "a notice outside the frame: \(line)") }
    #expect(lines.contains { $0.hasPrefix("note: app.log: file truncated; counts include what was read before") })
    for line in lines {
      let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
      #expect(plain.unicodeScalars.count <= 70, "\(plain.unicodeScalars.count) columns: \(plain)")
    }
  }
}
