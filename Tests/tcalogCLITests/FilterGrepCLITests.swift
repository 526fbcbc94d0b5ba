import Foundation
import Testing

/// `filter` speaks grep: on logs of one-line records (`labels`), where a record is a line,
/// its grep options give what grep gives on the same files; elsewhere they keep their
/// meaning for records (whole path components for -w, the header's line for -n and oneline).
@Suite final class FilterGrepCLITests {
  let dir: URL
  let a: String
  let b: String
  let empty: String
  let missing: String

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-grep-cli-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    a = dir.appendingPathComponent("a.log").path
    b = dir.appendingPathComponent("b.log").path
    empty = dir.appendingPathComponent("none.log").path
    missing = dir.appendingPathComponent("missing.log").path
    try """
    received action: App.Action.timerTicked
    received action: App.Action.windows(.window(id:, action: .hover))
    received action: App.Action.sidebar(.itemTapped)
    received action: App.Action.timerTickedTwice

    """.write(toFile: a, atomically: true, encoding: .utf8)
    try """
    received action: App.Action.sidebar(.itemTapped)
    received action: App.Action.sidebar(.itemTapped)

    """.write(toFile: b, atomically: true, encoding: .utf8)
    try "received action: App.Action.onAppear\n".write(toFile: empty, atomically: true, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(at: dir) }

  static let grep = ["/usr/bin/grep", "/bin/grep", "/usr/local/bin/grep"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  func grep(_ arguments: [String]) throws -> (status: Int32, stdout: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.grep, "grep is needed to compare with"))
    process.arguments = arguments
    process.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
  }

  /// The same options and files, given to grep and to `tcalog filter`: the same output and
  /// exit status (0 selected, 1 nothing, 2 an error).
  @Test(arguments: [
    ["-q", "-e", "hover"], ["-q", "-e", "nothing"], ["-l", "-e", "itemTapped"], ["-L", "-e", "itemTapped"],
    ["-L", "-e", "nothing"], ["-lZ", "-e", "Ticked"], ["-c", "-e", "itemTapped"], ["-c", "-e", "nothing"],
    ["-ch", "-e", "Tapped"], ["-c", "-w", "-e", "timerTicked"], ["-n", "-e", "sidebar"], ["-n", "-v", "-e", "sidebar"],
    ["-i", "-c", "-e", "HOVER", "-e", "onappear"],
  ])
  func filterAnswersAsGrepDoes(_ options: [String]) throws {
    // grep's -h is tcalog's --no-filename (-h is --help).
    let filterOptions = options.map { $0 == "-ch" ? "-c" : $0 } + (options.contains("-ch") ? ["--no-filename"] : [])
    for files in [[a, b, empty], [a], [b, missing, a], [empty]] {
      let expected = try grep(options + files)
      let run = runInProcess(["filter"] + filterOptions + files)
      #expect(run.status == expected.status, "\(options) \(files)")
      #expect(
        String(decoding: run.stdout, as: UTF8.self) == String(decoding: expected.stdout, as: UTF8.self),
        "\(options) \(files)")
    }
  }

  /// -c with one file and -H names it, as grep -c -H does; with several files each gets its
  /// line, not one total.
  @Test func countIsPerFile() throws {
    #expect(
      String(decoding: runInProcess(["filter", "-c", "-H", "-a", "Tapped", b]).stdout, as: UTF8.self) == "\(b):2\n")
    #expect(
      String(decoding: runInProcess(["filter", "-c", "-a", "Tapped", a, b]).stdout, as: UTF8.self)
        == "\(a):1\n\(b):2\n")
    #expect(String(decoding: runInProcess(["filter", "-c", "-a", "Tapped", a]).stdout, as: UTF8.self) == "1\n")
  }

  /// -w: whole components of action and state paths, whole words of the text.
  @Test func wordRegexpMatchesWholePathComponents() throws {
    let log = dir.appendingPathComponent("paths.log").path
    try """
    received action:
      App.Action.windows(.window(id: #1, action: .mouseMoved(x: 3)))
      App.State(
    -   mouseX: 2
    +   mouseX: 3
      )

    received action: App.Action.windowsClosed

    """.write(toFile: log, atomically: true, encoding: .utf8)
    func count(_ arguments: [String]) -> String {
      String(decoding: runInProcess(["filter", "-c"] + arguments + [log]).stdout, as: UTF8.self)
    }
    #expect(count(["-a", "window"]) == "2\n")
    #expect(count(["-w", "-a", "window"]) == "1\n")
    #expect(count(["-w", "-a", "windows"]) == "1\n")
    #expect(count(["-w", "-a", "window.mouseMoved"]) == "1\n")
    #expect(count(["-w", "-a", "mouse"]) == "0\n")
    #expect(count(["-w", "-s", "mouse"]) == "0\n")
    #expect(count(["-w", "-s", "mouseX"]) == "1\n")
    #expect(count(["-w", "-F", "-a", "window.mouse"]) == "0\n")
    #expect(count(["-w", "-F", "-a", "window.mouseMoved"]) == "1\n")
  }

  /// Oneline is FILE:LINE: with the header's line in its own file, the record's index
  /// labelled, and its time when it has one.
  @Test func onelineIsFileAndLineThenIndexAndTime() throws {
    let run = runInProcess(["filter", "--format", "oneline", "-a", "sidebar", a, b])
    #expect(
      String(decoding: run.stdout, as: UTF8.self)
        == "\(a):3: #2 sidebar.itemTapped\n\(b):1: #4 sidebar.itemTapped\n\(b):2: #5 sidebar.itemTapped\n")
    let timed = String(
      decoding: runInProcess(["filter", "--format", "oneline", "-m", "1", "Samples/timestamped.log"]).stdout,
      as: UTF8.self)
    #expect(timed.hasPrefix("Samples/timestamped.log:1: #0 2026-11-20T10:05:00.000000+01:00 tabStrip."), "\(timed)")
    let bare = String(
      decoding: runInProcess(["filter", "--format", "oneline", "--no-filename", b]).stdout, as: UTF8.self)
    #expect(bare == "1: #0 sidebar.itemTapped\n2: #1 sidebar.itemTapped\n")
  }

  /// -n numbers every line of a raw record with its line in its file.
  @Test func lineNumbersInRawOutput() throws {
    let run = runInProcess(["filter", "-n", "-a", "binding", "Samples/todos-tca1.log"])
    let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let file = try String(
      contentsOfFile: packageRoot.appendingPathComponent("Samples/todos-tca1.log").path, encoding: .utf8
    )
    .split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count > 1)
    for line in lines.dropLast() {
      let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      let number = try #require(Int(parts[0]), "\(line)")
      #expect(file[number - 1] == parts[1], "\(line)")
    }
  }

  /// -o has no meaning for records: refused with its reason, and --help says so.
  @Test func onlyMatchingIsRefusedWithItsReason() throws {
    let run = runInProcess(["filter", "-o", "-e", "tick", a])
    #expect(run.status == 2)
    #expect(run.stderr.contains("-o has no meaning for records"))
    let help = String(decoding: runInProcess(["filter", "--help"]).stdout, as: UTF8.self)
    #expect(help.contains("Not offered: -o"))
  }
}
