import Foundation
import Testing

/// The cosmetic findings of issue 42: what tcalog says about hostile arguments and files,
/// once, briefly and without a wrong pointer to --help.
struct HostileInputMessagesCLITests {
  static let sample = "Samples/browser-session.log"

  /// A 55 KB invalid pattern is shown as 60 characters around the error, once in the
  /// message and once above the caret (it was written whole twice, then 55 KB of spaces).
  @Test func aLongInvalidPatternIsShownAsAnExcerpt() throws {
    let pattern = String(repeating: "a", count: 55_000) + "("
    let run = runInProcess(["filter", "-t", pattern, Self.sample])
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 3 && run.stderr.count < 400, "\(run.stderr.prefix(400))")
    // The last 60 characters: PCRE2 stops at the end.
    let excerpt = "…" + String(repeating: "a", count: 59) + "("
    #expect(
      lines.first
        == "tcalog: error: invalid pattern '\(excerpt)' (55001 bytes) at offset 55001: missing closing parenthesis")
    #expect(lines.dropFirst().first == "  \(excerpt)")
    #expect(String(lines.last ?? "") == "  " + String(repeating: " ", count: 61) + "^")
    // A short pattern is still shown whole.
    let short = runInProcess(["filter", "-t", "abc(", Self.sample])
    #expect(
      short.stderr
        == "tcalog: error: invalid pattern 'abc(' at offset 4: missing closing parenthesis\n  abc(\n      ^\n")
  }

  /// `-j1` is `-j 1` (it took the next argument for its value: "The value 'app.log' is
  /// invalid for '-j <jobs>'"), for every command and the default one; after `--` it is a
  /// file name.
  @Test func jobsWithTheirValueAttachedAreJobs() throws {
    let expected = runInProcess(["filter", "-c", "-j", "1", Self.sample])
    for arguments in [["filter", "-c", "-j1", Self.sample], ["filter", "-c", "-j2", Self.sample]] {
      let run = runInProcess(arguments)
      #expect(run.status == 0 && run.stdout == expected.stdout, "\(arguments): \(run.stderr)")
    }
    let report = runInProcess(["-j1", Self.sample])
    #expect(report.status == 0 && report.stdout == runInProcess(["report", "-j", "1", Self.sample]).stdout)
    let file = runInProcess(["records", "--", "-j1"])
    #expect(file.status == 2 && file.stderr == "tcalog: error: -j1: No such file or directory\n")
  }

  /// grep's attached numbers: `-m1`, `-C1`, `-A2`, `-B1` are `-m 1`, ... as `-j1` is `-j 1`
  /// (`-m1 -a timerTicked` said "The value '-a' is invalid for '-m <n>'"); after `--`, file names.
  @Test func grepNumbersWithTheirValueAttachedAreNumbers() throws {
    for (attached, apart) in [
      ("-m1", ["-m", "1"]), ("-C1", ["-C", "1"]), ("-A2", ["-A", "2"]), ("-B1", ["-B", "1"]),
    ] {
      let expected = runInProcess(["filter", "--format", "oneline"] + apart + ["-a", "timerTicked", Self.sample])
      #expect(expected.status == 0 && !expected.stdout.isEmpty, "\(apart): \(expected.stderr)")
      let run = runInProcess(["filter", "--format", "oneline", attached, "-a", "timerTicked", Self.sample])
      #expect(run.status == 0 && run.stdout == expected.stdout, "\(attached): \(run.stderr)")
    }
    let file = runInProcess(["filter", "-c", "--", "-m1"])
    #expect(file.status == 2 && file.stderr == "tcalog: error: -m1: No such file or directory\n")
  }

  /// `filter mouseMoved app.log -c`, grep's order, read a file `mouseMoved`: its error
  /// now hints at `-a`; a missing file that looks like one (`missing.log`, `logs/x`) gets
  /// no hint.
  @Test func aMissingFirstOperandThatLooksLikeAPatternHintsAtDashA() throws {
    let run = runInProcess(["filter", "mouseMoved", Self.sample, "-c"])
    #expect(run.status == 2)
    #expect(
      run.stderr.split(separator: "\n").first
        == "tcalog: error: mouseMoved: No such file or directory; did you mean -a mouseMoved?", "\(run.stderr)")
    let dotted = runInProcess(["filter", "window.mouseMoved", Self.sample, "-c"])
    #expect(dotted.stderr.contains("did you mean -a window.mouseMoved?"), "\(dotted.stderr)")
    for file in ["missing.log", "logs/mouseMoved", "s1.log.gz"] {
      let missing = runInProcess(["filter", file, Self.sample, "-c"])
      #expect(
        missing.status == 2 && missing.stderr.hasPrefix("tcalog: error: \(file): No such file or directory\n"),
        "\(file): \(missing.stderr)")
    }
  }

  /// Runs a shell command line in the package root; returns its exit status and standard
  /// error.
  static func shell(_ command: String) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = packageRoot
    let err = Pipe()
    process.standardError = err
    try process.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stderr)
  }

  /// A write error is no usage mistake: no "(see 'tcalog records --help')" after it.
  @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "/dev/full gives the write error"))
  func aWriteErrorDoesNotPointToHelp() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    for command in ["records", "report", "filter"] {
      let run = try Self.shell("'\(binary.path)' \(command) '\(Self.sample)' > /dev/full")
      #expect(run.status == 2, "\(command)")
      #expect(run.stderr == "tcalog: error: cannot write output: No space left on device\n", "\(command)")
    }
  }

  /// `(*NO_JIT)` asks PCRE2 for its interpreter: the pattern matches as without it (every
  /// JIT match failed, "bad JIT option", for every record).
  @Test func aNoJITPatternMatchesAsWithout() throws {
    let plain = runInProcess(["filter", "-c", "-t", "hover", Self.sample])
    let noJIT = runInProcess(["filter", "-c", "-t", "(*NO_JIT)hover", Self.sample])
    #expect(plain.status == 0 && Int(String(decoding: plain.stdout, as: UTF8.self).dropLast()) ?? 0 > 0)
    #expect(noJIT.stdout == plain.stdout && noJIT.status == 0)
    #expect(noJIT.stderr.isEmpty, "\(noJIT.stderr.prefix(300))")
  }

  /// A second `--budget` is an error, not silently the one checked.
  @Test func aRepeatedBudgetIsAnError() throws {
    let dir = try HostileInputCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let strict = try HostileInputCLITests.write("todos <= 1 records\n", "strict.txt", in: dir)
    let loose = try HostileInputCLITests.write("todos <= 1000 records\n", "loose.txt", in: dir)
    let run = runInProcess(["check", "--budget", strict, "--budget", loose, "Samples/todos-tca1.log"])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(
      run.stderr
        == "tcalog: error: --budget given 2 times: one budget file per check (put its rules in one file) (see 'tcalog check --help')\n"
    )
  }

  /// With one input missing, `check` still shows its findings on the inputs it read, then
  /// the error (exit status 2); it printed nothing. `--init` writes nothing then.
  @Test func checkShowsTheReadInputsWhenOneIsMissing() throws {
    let dir = try HostileInputCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let budget = try HostileInputCLITests.write("todos <= 1 records\n", "budget.txt", in: dir)
    let missing = dir.appendingPathComponent("missing.log").path
    let run = runInProcess(["check", "--budget", budget, "Samples/todos-tca1.log", missing])
    #expect(run.status == 2)
    #expect(String(decoding: run.stdout, as: UTF8.self).contains("FAIL"))
    #expect(run.stderr == "tcalog: error: \(missing): No such file or directory\n")
    let initial = runInProcess(["check", "--init", "Samples/todos-tca1.log", missing])
    #expect(initial.status == 2 && initial.stdout.isEmpty)
  }

  /// A budget or filter repository named as `/dev/zero` is refused at 16 MiB (it was read
  /// until memory ran out, 4 GB).
  @Test func aBudgetOrFilterFileWithoutEndIsRefused() throws {
    let budget = runInProcess(["check", "--budget", "/dev/zero", Self.sample])
    #expect(budget.status == 2 && budget.stderr == "tcalog: error: cannot read budget /dev/zero: larger than 16 MiB\n")
    let filters = runInProcess(["filter", "--filters", "/dev/zero", "--only", "x", Self.sample])
    #expect(filters.status == 2 && filters.stderr == "tcalog: error: /dev/zero: cannot read: larger than 16 MiB\n")
  }
}
