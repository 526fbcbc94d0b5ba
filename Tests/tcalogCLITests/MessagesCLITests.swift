import Foundation
import Testing

/// What tcalog says when a command line goes wrong, or when it waits for input.
struct MessagesCLITests {
  @Test func aMistypedCommandIsNamedWithTheNearestCommand() throws {
    for arguments in [
      ["fitler", "-a", "x", "Samples/todos-tca1.log"], ["fitler", "Samples/todos-tca1.log"], ["recrods"],
    ] {
      let run = runInProcess(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(
        run.stderr.hasPrefix(
          "tcalog: error: '\(arguments[0])' is neither a command nor a file; did you mean '\(arguments[0] == "recrods" ? "records" : "filter")'?"
        ), "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
    // An existing file of such a name is read as a file.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-msg-\(getpid())")
      .appendingPathComponent("fitler")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try Data("received action: A.Action.a\n".utf8).write(to: file)
    let process = Process()
    process.executableURL = tcalogBinary
    process.arguments = ["fitler"]
    process.currentDirectoryURL = file.deletingLastPathComponent()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func helpForAnUnknownCommandIsAnError() {
    let unknown = runInProcess(["help", "nosuch"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "tcalog: error: help: no command 'nosuch' (commands: report, filter, records, suggest, trace, chains, compare, check, view)\n"
    )
    let near = runInProcess(["help", "fitler"])
    #expect(near.status == 2 && near.stderr.contains("did you mean 'filter'?"))
    #expect(runInProcess(["help", "help"]).status == 0)
    #expect(runInProcess(["hlep"]).stderr.contains("did you mean 'help'?"))
    let known = runInProcess(["help", "filter"])
    #expect(
      known.status == 0
        && String(decoding: known.stdout, as: UTF8.self).hasPrefix("OVERVIEW: Print the records that match"))
  }

  @Test func usageErrorsPointAtTheSubcommandsHelp() {
    let filter = runInProcess(["filter", "-A", "-1", "Samples/todos-tca1.log"])
    #expect(filter.status == 2)
    #expect(filter.stderr == "tcalog: error: -A needs a number of records, 0 or more (see 'tcalog filter --help')\n")
    let report = runInProcess(["--bogus"])
    #expect(report.stderr.hasSuffix("(see 'tcalog report --help')\n"))
    let jobs = runInProcess(["records", "-j", "0", "Samples/todos-tca1.log"])
    #expect(jobs.stderr == "tcalog: error: --jobs must be a positive number (see 'tcalog records --help')\n")
  }

  /// A named command is parsed on its own (`TCALog.parseNamedCommand`), but its help,
  /// errors and the root's version still come the whole way: named from `tcalog`.
  @Test func aCommandParsedOnItsOwnStillSpeaksAsTCALog() {
    for arguments in [["report", "--help"], ["filter", "-h"], ["--help"]] {
      let help = String(decoding: runInProcess(arguments).stdout, as: UTF8.self)
      #expect(help.contains("USAGE: tcalog "), "\(arguments)")
    }
    #expect(String(decoding: runInProcess(["--version"]).stdout, as: UTF8.self).first?.isNumber == true)
    let bogus = runInProcess(["records", "--bogus", "Samples/todos-tca1.log"])
    #expect(bogus.status == 2 && bogus.stderr.hasSuffix("(see 'tcalog records --help')\n"))
    let parsed = runInProcess(["records", "--stats", "Samples/todos-tca1.log"])
    #expect(parsed.status == 0 && parsed.stderr.hasPrefix("records: "), "the statistics, on standard error")
  }

  @Test func jobsHelpShowsOneDefault() {
    let help = String(decoding: runInProcess(["filter", "--help"]).stdout, as: UTF8.self)
    let jobs = help.components(separatedBy: "--jobs")[1].prefix(160)
    #expect(jobs.components(separatedBy: "default").count == 2, "\(jobs)")
  }

  /// With standard input a terminal and no file, tcalog says that it reads it; Ctrl-D
  /// ends the input.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/ptmx"), "no /dev/ptmx for a pseudo-terminal"))
  func aTerminalOnStandardInputIsAnnounced() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    // A pseudo-terminal from /dev/ptmx (Linux): unlock it, and open its other end by number.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(master >= 0)
    defer { close(master) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    let lockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
    let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
    try #require(ioctl(master, lockRequest, &unlock) == 0)
    try #require(ioctl(master, numberRequest, &number) == 0)
    let slave = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)")
    try #require(slave != nil)
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-tty-\(getpid())-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errURL) }
    let process = Process()
    process.executableURL = binary
    process.arguments = ["records", "--stats"]
    process.standardInput = slave
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    let notice = "tcalog: reading standard input (Ctrl-D to end; tcalog --help for usage)\n"
    func stderr() -> String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
    waitUntil { stderr().contains(notice) }
    #expect(stderr().hasPrefix(notice))
    var endOfInput: UInt8 = 4  // Ctrl-D at the start of a line
    _ = write(master, &endOfInput, 1)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    // Not a terminal: no notice.
    #expect(runInProcess(["records", "--stats"], stdin: Data()).stderr.hasPrefix("records: 0"))
  }

  /// Many lines and no record: say what is probably missing (a `log stream` of a stock
  /// app holds no `print` output).
  @Test func manyLinesWithoutARecordPointToCapture() {
    let lines = (1...12_345).map { "2026-11-20 10:22:33.100000+0100 Browser[4242:1a2b] unrelated line \($0)\n" }
      .joined()
    let run = runInProcess(["report"], stdin: Data(lines.utf8))
    #expect(
      run.stderr
        == "tcalog: 0 records in 12,345 lines: is _printChanges() or debugDiffing enabled? see tcalog(1) CAPTURE\n")
    let few = runInProcess(["report"], stdin: Data("a\nb\n".utf8))
    #expect(few.stderr.isEmpty)
  }
}
