import Foundation
import TCALogCommands
import TCALogKit
import Testing

/// The application layer on its own: requests built as values, run against a console in
/// memory (a fixed clock, no terminal unless keys are typed), their outcomes read as values.
@Suite struct CommandRequestTests {
  /// Keys typed for `suggest --review`, and everything its screens drew.
  final class TypedKeys: ReviewConsole {
    private var keys: [ReviewKey]
    private(set) var screen = ""
    private(set) var restored = false
    init(_ keys: [ReviewKey]) { self.keys = keys }
    func readKey() -> ReviewKey { keys.isEmpty ? .hangup : keys.removeFirst() }
    func write(_ text: String) { screen += text }
    func restore() { restored = true }
  }

  static func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-request-\(UUID().uuidString)-\(name)").path
  }

  /// A report is a finished text for standard output; what the read found besides records
  /// is a diagnostic with its file and line, not a line of text on a side channel.
  /// What the command line refuses is the request's to say, in its one line: options
  /// that exclude each other, values out of range, a share or factor that did not parse.
  @Test func requestsSayWhatMakesThemUnusable() {
    var filter = FilterRequest(input: InputSelection(files: ["a.log"]))
    #expect(filter.usageMistake == nil)
    filter.filesWithMatches = true
    filter.filesWithoutMatch = true
    #expect(filter.usageMistake == "-l and -L exclude each other")
    var report = ReportRequest(input: InputSelection(files: ["a.log", "b.log"]))
    report.follow = true
    #expect(report.usageMistake == "--follow needs exactly one file")
    report = ReportRequest(input: InputSelection(files: ["a.log"]))
    report.minShare = .nan
    #expect(report.usageMistake == "--min-share must be a share such as 0.02 or 2%")
    var compare = CompareRequest(before: "-", after: "-")
    #expect(compare.usageMistake == "only one of BEFORE and AFTER can be standard input")
    compare = CompareRequest(before: "a.json", after: "b.log")
    compare.failMinimumRecords = 0
    #expect(compare.usageMistake == "--fail-min-records must be a positive number")
    var check = CheckRequest(input: InputSelection(files: ["a.log"]))
    #expect(check.usageMistake?.hasPrefix("nothing to check") == true)
    check.defaultRules = true
    #expect(check.usageMistake == nil)
  }

  @Test func aReportsWarningsAreValuesWithTheirFileAndLine() {
    var request = ReportRequest(input: InputSelection(files: ["Samples/messy.log"], jobs: 1))
    request.format = .json
    let outcome = request.outcome(in: .inMemory())
    #expect(outcome.status == 0)
    #expect(outcome.finished?.destination == .standardOutput)
    #expect(outcome.finished?.text.hasPrefix("{") == true)
    #expect(
      outcome.diagnostics == [
        .warning(
          "Samples/messy.log:41: state diff without a header (no record)", file: "Samples/messy.log", line: 41)
      ])
    #expect(outcome.diagnosticsBeforeFinished == 0, "read warnings come after the report")
  }

  /// `-o` into a folder that does not exist: the outcome still carries the report; handing
  /// it to the console fails with the system's words and status 2, and writes nothing else.
  @Test func aFinishedTextThatCannotBeWrittenEndsWithTwo() {
    var request = ReportRequest(input: InputSelection(files: ["Samples/messy.log"]))
    let path = Self.temporaryPath("missing-folder/report.txt")
    request.outputFile = path
    let console = Console.inMemory()
    let outcome = request.outcome(in: console)
    #expect(outcome.status == 0)
    #expect(outcome.finished?.destination == .file(path))
    #expect(console.deliver(outcome) == 2)
    #expect(console.capturedErrors == "tcalog: error: cannot write \(path): No such file or directory\n")
    #expect(console.capturedOutput.isEmpty)
  }

  /// An input that cannot be read is an error about that file, and the others are read.
  @Test func anUnreadableInputIsAnErrorAboutItsFile() {
    let missing = Self.temporaryPath("absent.log")
    let outcome = RecordsRequest(input: InputSelection(files: [missing, "Samples/todos-tca1.log"]))
      .outcome(in: .inMemory())
    #expect(outcome.status == 2)
    #expect(outcome.diagnostics.first?.severity == .error)
    #expect(outcome.diagnostics.first?.file == missing)
    #expect(outcome.diagnostics.first?.message == "\(missing): No such file or directory")
  }

  /// `filter -l`: the names of the files with a selected record, written by Output's
  /// printer to the console's standard output; exit 0 because one was selected.
  @Test func filesWithMatchesNameOnlyTheFilesWithASelectedRecord() {
    var request = FilterRequest(
      input: InputSelection(files: ["Samples/browser-session.log", "Samples/timestamped.log"]))
    request.actions = ["tick"]
    request.filesWithMatches = true
    let console = Console.inMemory()
    #expect(console.deliver(request.outcome(in: console)) == 0)
    #expect(String(decoding: console.capturedOutput, as: UTF8.self) == "Samples/timestamped.log\n")
    request.actions = ["zzz-no-such-action"]
    let none = Console.inMemory()
    #expect(none.deliver(request.outcome(in: none)) == 1)
    #expect(none.capturedOutput.isEmpty)
  }

  /// A bad pattern is an error and the caret under its place, the status 2, before any read.
  @Test func aBadPatternIsAnErrorWithItsCaret() {
    var request = FilterRequest(input: InputSelection(files: ["Samples/messy.log"]))
    request.actions = ["("]
    let outcome = request.outcome(in: .inMemory())
    #expect(outcome.status == 2)
    #expect(outcome.diagnostics.map(\.severity) == [.error, .continuation])
    #expect(
      outcome.diagnostics.map(\.text).joined()
        == "tcalog: error: invalid pattern '(' at offset 1: missing closing parenthesis\n  (\n   ^\n")
  }

  /// On a followed file `-5m` counts back from the clock (the console's: a test's own),
  /// not from the file's last record.
  @Test func aRelativeTimeOnAFollowedFileCountsFromTheConsolesClock() {
    let input = InputSelection(files: ["Samples/timestamped.log"], since: "-5m")
    let followed = input.stream(in: .inMemory(now: { 2_000_000_000 }), follow: true)
    #expect(followed.window == TimeWindow(since: 2_000_000_000 - 300))
    // Read whole, it counts from the log's last record, whatever the clock says.
    let read = input.stream(in: .inMemory(now: { 2_000_000_000 }))
    #expect(read.window != TimeWindow(since: 2_000_000_000 - 300))
  }

  /// `suggest --review` with keys typed: y silences the first suggestion, n keeps the
  /// second, q ends; both answers are written to the repository, the terminal is put back.
  @Test func aReviewWritesTheAnswersTyped() throws {
    let filters = Self.temporaryPath("filters")
    defer { unlink(filters) }
    var request = SuggestRequest(input: InputSelection(files: ["Samples/browser-session.log"]))
    request.filters = filters
    request.review = true
    let keys = TypedKeys([.character("y"), .character("n"), .character("q")])
    let console = Console.inMemory(terminal: keys)
    let outcome = request.outcome(in: console)
    #expect(outcome.status == 0)
    #expect(keys.restored)
    #expect(keys.screen.contains("quit\n"))
    let notice = try #require(outcome.diagnostics.last)
    #expect(notice.severity == .notice)
    #expect(notice.message.hasPrefix("wrote 1 entry and 1 keep line to \(filters)"))
    let written = try String(contentsOfFile: filters, encoding: .utf8).split(separator: "\n")
    #expect(written.filter { !$0.hasPrefix("#") }.count == 2)
    #expect(written.contains { $0.hasPrefix("keep ") })
  }

  /// A log from a pipe (`suggest --review --filters F <(zcat old.log.gz)`) can be read
  /// once: the review's screens show the samples a review of the file shows, from the read
  /// that counts (issue 54, row 20: a second read found the pipe empty, and every screen
  /// said it had no sample).
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/fd/0"), "no /dev/fd to name a pipe"))
  func aReviewOfAPipeShowsTheSamplesOfTheFile() throws {
    let filters = Self.temporaryPath("filters")
    let log = "Samples/browser-session.log"
    func screens(_ file: String) -> String {
      var request = SuggestRequest(input: InputSelection(files: [file]))
      request.filters = filters
      request.review = true
      let keys = TypedKeys([.character("s"), .character("s"), .character("q")])
      #expect(request.outcome(in: .inMemory(terminal: keys)).status == 0)
      return keys.screen
    }
    let ofTheFile = screens(log)
    #expect(ofTheFile.contains("\n  samples  ."), "\(ofTheFile)")
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    // Close-on-exec: a process another test starts meanwhile must not hold the write end.
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: log))
    let writer = Thread {
      FileHandle(fileDescriptor: writeEnd, closeOnDealloc: false).write(bytes)
      close(writeEnd)
    }
    writer.start()
    defer { close(readEnd) }
    #expect(screens("/dev/fd/\(readEnd)") == ofTheFile)
    #expect(!FileManager.default.fileExists(atPath: filters), "three answers skipped or quit: nothing written")
  }

  /// The review's counts in one format, grouped as its screens' (issue 54: "6,000 entries"
  /// above "── 1 of 6000"): what a key-path notice leaves out, what was written and left.
  @Test func theReviewsMessagesGroupTheirCounts() throws {
    var aggregator = ReportAggregator(collectsShapes: true)
    _ = try RecordStream(inputs: ["Samples/browser-session.log"]).run(into: &aggregator)
    let set = Suggester(options: SuggestOptions()).suggest(aggregator.summary())
    var entry = try #require((set.suggestions + set.candidates).first)
    entry.keyPath = "\\.$volume"
    let notice = SuggestReview.keyPathNotice(Array(repeating: entry, count: 1_004), verb: "not asked")
    #expect(notice.hasPrefix("1,004 key-path entries not asked ("), "\(notice)")
    #expect(notice.contains(" and 1,001 more): "), "\(notice)")
    #expect(
      SuggestReview.writtenNotice(silenced: 1_200, kept: 1, reviewed: 6_000, file: "F")
        == "wrote 1,200 entries and 1 keep line to F (4,799 of 6,000 left for another review)")
    #expect(
      SuggestReview.answersComment(inputs: "a.log", silenced: 1_200, kept: 3_000)
        == "tcalog suggest --review of a.log: 1,200 silenced, 3,000 kept")
  }

  /// A mixer whose volume slider streams through its binding while its mute toggle is
  /// tapped: the binding's key paths differ, so `suggest` has an entry for `\.$volume` alone.
  static func mixerLog() throws -> String {
    var text = ""
    for run in 0..<4 {
      for step in 0..<30 {
        text += """
          received action:
            AppFeature.Action.mixer(.binding(.set(\\Mixer.State.$volume, 0.\(run)\(step))))
            AppFeature.State(
          -   volume: 0.\(run)\(step)0
          +   volume: 0.\(run)\(step)
            )


          """
      }
      text += """
        received action:
          AppFeature.Action.mixer(.binding(.set(\\Mixer.State.$isMuted, \(run % 2 == 0))))
          AppFeature.State(
        -   isMuted: \(run % 2 != 0)
        +   isMuted: \(run % 2 == 0)
          )


        """
      for _ in 0..<5 { text += "received action:\n  AppFeature.Action.timerTicked\n  (No state changes)\n\n" }
    }
    let path = temporaryPath("mixer.log")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// No repository line covers a signal: the review never offers the binding's pattern for
  /// the volume's entry (it would silence the toggle), and says why; `--append` likewise.
  @Test func aKeyPathsEntryIsNeitherAskedNorAppended() throws {
    let log = try Self.mixerLog()
    let filters = Self.temporaryPath("filters")
    defer {
      unlink(log)
      unlink(filters)
    }
    try "".write(toFile: filters, atomically: true, encoding: .utf8)
    var request = SuggestRequest(input: InputSelection(files: [log]))
    request.filters = filters
    request.format = .json
    let json = request.outcome(in: .inMemory())
    let text = try #require(json.finished?.text, "\(json.diagnostics)")
    #expect(text.contains("\"keyPath\": \"\\\\.$volume\""), "the suggestion for the slider alone")

    request.format = .swift
    request.review = true
    let keys = TypedKeys(Array(repeating: .character("y"), count: 5))
    let reviewed = request.outcome(in: .inMemory(terminal: keys))
    #expect(
      reviewed.diagnostics.contains { $0.message.hasPrefix("1 key-path entry not asked (mixer.binding \\.$volume)") },
      "\(reviewed.diagnostics)")
    let written = (try? String(contentsOfFile: filters, encoding: .utf8)) ?? ""
    #expect(!written.contains("binding"), "\(written)")

    request.review = false
    request.append = true
    let appended = request.outcome(in: .inMemory())
    #expect(appended.status == 0)
    #expect(appended.diagnostics.contains { $0.message.hasPrefix("1 key-path entry not appended") })
    #expect(!(try String(contentsOfFile: filters, encoding: .utf8)).contains("binding"))
  }

  /// `compare --fail-above` takes decimal factors only (issue 54's row 13 for factors: `Double`
  /// alone read `0x10` as 16 and `1e3` as 1000), and none too large to print.
  @Test func factorsAreDecimal() {
    #expect(
      FactorArgument.parse("2") == 2 && FactorArgument.parse("x1.5") == 1.5 && FactorArgument.parse("1.5x") == 1.5)
    for bad in ["0x10", "1e3", "nan", "inf", "-2", "0.5", "1.2.3", "1e300", ""] {
      #expect(FactorArgument.parse(bad) == nil, "\(bad)")
    }
  }

  /// Ctrl-C during a review writes nothing and ends with the shell's status for it.
  @Test func anInterruptedReviewWritesNothing() {
    let filters = Self.temporaryPath("filters")
    var request = SuggestRequest(input: InputSelection(files: ["Samples/browser-session.log"]))
    request.filters = filters
    request.review = true
    let keys = TypedKeys([.character("y"), .interrupt])
    let outcome = request.outcome(in: .inMemory(terminal: keys))
    #expect(outcome.status == 130)
    #expect(outcome.diagnostics.last == .notice("review interrupted: nothing written to \(filters)", file: filters))
    #expect(!FileManager.default.fileExists(atPath: filters))
    #expect(keys.restored)
  }

  /// A repository that cannot be written is told before the first question: no answer is
  /// asked for, none lost. A regular file where its folder should be fails for root too.
  @Test func aReviewOfAnUnwritableRepositoryAsksNothing() throws {
    let file = Self.temporaryPath("not-a-folder")
    try "".write(toFile: file, atomically: true, encoding: .utf8)
    defer { unlink(file) }
    var request = SuggestRequest(input: InputSelection(files: ["Samples/browser-session.log"]))
    request.filters = file + "/filters"
    request.review = true
    let keys = TypedKeys([.character("y"), .character("q")])
    let outcome = request.outcome(in: .inMemory(terminal: keys))
    #expect(outcome.status == 2)
    #expect(keys.screen.isEmpty, "no question asked")
    #expect(
      outcome.diagnostics.last
        == .error("\(file)/filters: cannot write: Not a directory; nothing asked", file: file + "/filters"))
  }

  /// Keys typed while the file is swapped for a folder behind the review's back (another
  /// writer, a checkout): the write fails, and the answers are printed, not lost.
  final class KeysThenReplace: ReviewConsole {
    private var keys: [ReviewKey] = [.character("y"), .character("n"), .character("q")]
    let path: String
    init(replacing path: String) { self.path = path }
    func readKey() -> ReviewKey {
      if keys.count == 1 { mkdir(path, 0o755) }
      return keys.isEmpty ? .hangup : keys.removeFirst()
    }
    func write(_ text: String) {}
    func restore() {}
  }

  @Test func aReviewWhoseWriteFailsPrintsTheAnswers() throws {
    let filters = Self.temporaryPath("filters")
    defer { rmdir(filters) }
    var request = SuggestRequest(input: InputSelection(files: ["Samples/browser-session.log"]))
    request.filters = filters
    request.review = true
    let outcome = request.outcome(in: .inMemory(terminal: KeysThenReplace(replacing: filters)))
    #expect(outcome.status == 2)
    #expect(outcome.diagnostics.contains(.error("\(filters): cannot write: Is a directory", file: filters)))
    #expect(
      outcome.diagnostics.contains(.notice("not written to \(filters); the lines to add by hand:", file: filters)))
    let lines = try #require(outcome.diagnostics.last { $0.severity == .continuation }).message.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("# tcalog suggest --review of Samples/browser-session.log"))
    #expect(lines[2].hasPrefix("keep "))
  }

  /// Without a terminal, `--review` refuses before reading anything.
  @Test func aReviewWithoutATerminalIsRefused() {
    var request = SuggestRequest(input: InputSelection(files: ["Samples/browser-session.log"]))
    request.filters = Self.temporaryPath("filters")
    request.review = true
    let outcome = request.outcome(in: .inMemory())
    #expect(outcome.status == 2)
    #expect(outcome.diagnostics == [.error("--review needs a terminal: standard input and output must both be one")])
  }
}
