import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Generate inputs (cached), run grep and tcalog side by side, print figures and targets."
  )

  enum FormatChoice: String, ExpressibleByArgument, CaseIterable {
    case diffing, tca1, both
    var formats: [LogFormat] {
      switch self {
      case .diffing: [.diffing]
      case .tca1: [.tca1]
      case .both: [.diffing, .tca1]
      }
    }
  }

  @Option(help: "Input size in MB.")
  var sizeMb: Double = 200

  @Option(help: "Log format: diffing, tca1 or both.")
  var format: FormatChoice = .both

  @Option(help: "The tcalog binary to measure (build it first: swift build -c release).")
  var tcalog: String = ".build/release/tcalog"

  @Option(help: "Rounds: each command runs once a round, in turn; the median wall time is reported.")
  var runs: Int = 3

  @Option(help: "Where genlog.py's sessions and the inputs made of them are cached, and stderr of the runs kept.")
  var workDir: String = "/tmp/tcalog-bench"

  @Flag(help: "Also generate a 1 GB input and compare report's peak memory on it with the default size.")
  var huge = false

  @OptionGroup var generator: GeneratorOptions

  func validate() throws {
    guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    // Past a terabyte the size in bytes (`Int(sizeMb * 1_000_000)`) nears what an Int holds.
    guard sizeMb > 0, sizeMb <= 1_000_000 else { throw ValidationError("--size-mb must be from 0 to 1,000,000") }
  }

  func run() throws {
    guard FileManager.default.fileExists(atPath: generator.genlog) else {
      FileHandle.standardError.write(
        Data(
          """
          tcalog-bench: no log writer at \(generator.genlog).
          Run the benchmark from the package root, or point to genlog.py with --genlog PATH.\n
          """.utf8))
      throw ExitCode(2)
    }
    guard FileManager.default.isExecutableFile(atPath: tcalog) else {
      FileHandle.standardError.write(
        Data(
          """
          tcalog-bench: no tcalog binary at \(tcalog).
          Build it first (from the package root):  swift build -c release --product tcalog
          or point to one with --tcalog PATH.\n
          """.utf8))
      throw ExitCode(2)
    }
    try FileManager.default.createDirectory(atPath: workDir, withIntermediateDirectories: true)
    let tcalogPath = URL(fileURLWithPath: tcalog).standardizedFileURL.path
    print(Report.machineDescription(tcalog: tcalogPath, workDir: workDir))
    var allTargets: [Target] = []
    for format in format.formats {
      let bench = FormatBench(
        format: format, tcalog: tcalogPath, runs: runs, sizeMB: sizeMb,
        workDir: workDir, generator: generator, huge: huge)
      allTargets += try bench.run()
    }
    let passed = allTargets.filter { $0.verdict == .pass }.count
    let missed = allTargets.filter { $0.verdict == .miss }.count
    print("\nSummary: \(passed) PASS, \(missed) MISS, \(allTargets.count - passed - missed) n/a")
  }
}

/// One benchmarked command: a pipeline of stages, the input it reads, the exit statuses
/// that count as success (grep and `filter` exit 1 when nothing matched).
struct BenchCommand {
  var label: String
  var stages: [[String]]
  var inputBytes: Int
  var inputRecords: Int?
  var okStatuses: Set<Int32> = [0]
  /// Where the last stage's stdout goes: nil for /dev/null. GNU grep notices a /dev/null
  /// stdout and stops at the first match (as with -q), so grep's count must go to a file.
  var stdoutFile: String?
}

struct CommandResult {
  var command: BenchCommand
  /// nil when the command failed (then `failedStatus` says how).
  var medianSeconds: Double?
  var failedStatus: Int32?
  var peakRSS: Int?
  var stderr = ""

  var ok: Bool { medianSeconds != nil }
}

/// All measurements of one format.
struct FormatBench {
  let format: LogFormat
  let tcalog: String
  let runs: Int
  let sizeMB: Double
  let workDir: String
  let generator: GeneratorOptions
  let huge: Bool

  func run() throws -> [Target] {
    print("\n== format \(format.rawValue), \(Report.fixed(sizeMB, 0)) MB ==")
    let input = try Inputs.cachedLog(
      format: format, sizeMB: sizeMB, seed: generator.seed, generator: generator, workDir: workDir)
    let secondInput = try Inputs.cachedLog(
      format: format, sizeMB: sizeMB, seed: generator.seed + 1, generator: generator, workDir: workDir)
    let (file, second) = (input.path, secondInput.path)
    let (bytes, secondBytes) = (input.bytes, secondInput.bytes)
    // Warm the page cache so that every command, grep included, reads from memory.
    try Inputs.warm(file)
    try Inputs.warm(second)
    let (records, secondRecords) = (input.records, secondInput.records)
    let bothRecords = records + secondRecords
    print(
      "input: \(file) (\(bytes) bytes, \(records) records, \(input.noOps) no-op, "
        + "\(input.copies) × \(input.session)); second: \(second)")
    for checked in [input, secondInput] { checkCount(checked) }

    // grep's header pattern: `diffing` prints `Received action:`, tca1 `received action:`.
    let pattern = format == .diffing ? "Received action" : "received action"
    // A state path the generator changes in both formats (a window's hovered tab).
    let statePattern = "hoveredTabID"
    func tc(_ args: [String]) -> [String] { [tcalog] + args }
    func command(_ label: String, _ stages: [[String]], ok: Set<Int32> = [0], two: Bool = false) -> BenchCommand {
      BenchCommand(
        label: label, stages: stages, inputBytes: two ? bytes + secondBytes : bytes,
        inputRecords: two ? bothRecords : records, okStatuses: ok)
    }
    var results: [String: CommandResult] = [:]
    var order: [String] = []
    // The 200 MB commands are measured in rounds, each command once a round (`Runner`).
    var queued: [(key: String, command: BenchCommand)] = []
    func queue(_ key: String, _ cmd: BenchCommand) {
      queued.append((key, cmd))
      order.append(key)
    }

    // Piped: GNU grep stops at the first match when its standard output is /dev/null.
    queue(
      "grep-c",
      command("grep -c '\(pattern)' FILE | cat", [["grep", "-c", pattern, file], ["cat"]], ok: [0, 1]))
    queue(
      "grep-pipe",
      command(
        "grep -A1 … | sort | uniq -c | sort -rn",
        [
          [
            "/bin/sh", "-c", "grep -A1 '\(pattern)' '\(file)' | sort | uniq -c | sort -rn",
          ]
        ]))
    queue("report", command("tcalog report FILE", [tc(["report", file])]))
    queue("chains", command("tcalog chains FILE", [tc(["chains", file])]))
    queue(
      "filter", command("tcalog filter -a hover -c FILE", [tc(["filter", "-a", "hover", "-c", file])], ok: [0, 1]))
    queue(
      "filter-t",
      command(
        "tcalog filter -t \(statePattern) -c FILE", [tc(["filter", "-t", statePattern, "-c", file])], ok: [0, 1]))
    queue(
      "pcre2grep", command("pcre2grep -c \(statePattern) FILE", [["pcre2grep", "-c", statePattern, file]], ok: [0, 1]))
    queue("stats", command("tcalog records --stats FILE", [tc(["records", "--stats", file])]))
    queue(
      "ndjson", command("tcalog records --format ndjson FILE", [tc(["records", "--format", "ndjson", file])]))

    // The jobs and stdin targets are about `report`; until it exists, `records --stats`
    // stands in so the figures are still there (the target line says which was used).
    let reportWorks = try Runner.works(
      queued.last { $0.key == "report" }!.command, stderrFile: "\(workDir)/\(format.rawValue)-probe.stderr")
    let subjectKey = reportWorks ? "report" : "stats"
    let subject = subjectKey == "report" ? ["report"] : ["records", "--stats"]
    let subjectName = "tcalog " + subject.joined(separator: " ")
    queue("jobs1", command("\(subjectName) --jobs 1 FILE", [tc(subject + ["--jobs", "1", file])]))
    queue("two", command("\(subjectName) FILE FILE2", [tc(subject + [file, second])], two: true))
    queue(
      "two-jobs1",
      command("\(subjectName) --jobs 1 FILE FILE2", [tc(subject + ["--jobs", "1", file, second])], two: true))
    queue("stdin", command("cat FILE | \(subjectName)", [["cat", file], tc(subject)]))
    let gzipped = try Inputs.cachedGzip(of: file, workDir: workDir)
    queue(
      "zcat-grep",
      command(
        "zcat FILE.gz | grep -c '\(pattern)' | cat", [["zcat", gzipped], ["grep", "-c", pattern], ["cat"]], ok: [0, 1]))
    queue("gz", command("\(subjectName) FILE.gz", [tc(subject + [gzipped])]))
    print("(\(runs) rounds, each command once a round, in this order)")
    for (key, result) in try Runner.measureInRounds(queued, rounds: runs, workDir: workDir, prefix: format.rawValue) {
      results[key] = result
      Report.progress(result)
    }

    var hugeResult: CommandResult?
    if huge {
      let hugeInput = try Inputs.cachedLog(
        format: format, sizeMB: 1000, seed: generator.seed, generator: generator, workDir: workDir)
      let hugeFile = hugeInput.path
      try Inputs.warm(hugeFile)
      checkCount(hugeInput)
      var cmd = command("\(subjectName) HUGE (1 GB)", [tc(subject + [hugeFile])])
      cmd.inputBytes = hugeInput.bytes
      cmd.inputRecords = hugeInput.records
      var grep = command("grep -c '\(pattern)' HUGE | cat", [["grep", "-c", pattern, hugeFile], ["cat"]], ok: [0, 1])
      grep.inputBytes = cmd.inputBytes
      grep.inputRecords = cmd.inputRecords
      // In rounds too: the 1 GB target's ratio is of these two.
      for (key, result) in try Runner.measureInRounds(
        [("huge", cmd), ("huge-grep-c", grep)], rounds: runs, workDir: workDir, prefix: format.rawValue)
      {
        results[key] = result
        order.append(key)
        Report.progress(result)
      }
      hugeResult = results["huge"]
    }

    print("")
    print(Report.table(order.compactMap { results[$0] }, baseline: results["grep-c"]!))
    let targets = Targets.evaluate(results, subjectKey: subjectKey, subjectName: subjectName, huge: hugeResult)
    print("")
    print("Targets (\(format.rawValue)):")
    for target in targets { print(target.line) }
    return targets
  }

  /// Says so when `tcalog records --stats` counts other than genlog.py wrote: the figures'
  /// records per second are genlog's count, and a difference is a bug in one of the two.
  private func checkCount(_ input: Input) {
    let key = "\(format.rawValue)-count-\((input.path as NSString).lastPathComponent)"
    let stderrFile = "\(workDir)/\(key).stderr"
    guard let m = try? ChildProcess.run([[tcalog, "records", "--stats", input.path]], stderrFile: stderrFile),
      m.status == 0, let counted = Report.recordsFromStats(m.stderr)
    else {
      print("warning: tcalog records --stats \(input.path) failed (see \(stderrFile))")
      return
    }
    if counted != input.records {
      print(
        "warning: tcalog records --stats counts \(counted) records in \(input.path), genlog.py wrote \(input.records)")
    }
  }
}

enum Runner {
  /// Runs each command once a round, in the order given, for `rounds` rounds, and keeps each
  /// one's median wall time and largest peak RSS; results in the order given. A target
  /// compares two commands (`report` and `grep -c`): run in turn, both see the machine in
  /// the same state. Run one after the other in blocks, a drift of the machine's speed
  /// between the blocks (a tenth within an hour on the test machine) went into their ratio.
  /// A command whose run fails is reported as n/a and not run again.
  static func measureInRounds(
    _ commands: [(key: String, command: BenchCommand)], rounds: Int, workDir: String, prefix: String
  ) throws -> [(key: String, result: CommandResult)] {
    var times = [[Double]](repeating: [], count: commands.count)
    var peaks = [Int](repeating: 0, count: commands.count)
    var stderrs = [String](repeating: "", count: commands.count)
    var failed = [Int32?](repeating: nil, count: commands.count)
    for _ in 0..<max(rounds, 1) {
      for (i, (key, command)) in commands.enumerated() where failed[i] == nil {
        let m: Measurement
        do {
          m = try ChildProcess.run(
            command.stages, stdoutFile: command.stdoutFile, stderrFile: "\(workDir)/\(prefix)-\(key).stderr")
        } catch {
          // A tool that cannot be started (pcre2grep not installed) is that command's n/a,
          // with the shell's status for a missing command, not the end of the whole run.
          failed[i] = 127
          stderrs[i] = "\(error)"
          continue
        }
        stderrs[i] = m.stderr
        guard command.okStatuses.contains(m.status) else {
          failed[i] = m.status
          continue
        }
        times[i].append(m.seconds)
        peaks[i] = max(peaks[i], m.peakRSS)
      }
    }
    return commands.enumerated().map { i, entry in
      if let status = failed[i] {
        return (
          entry.key, CommandResult(command: entry.command, medianSeconds: nil, failedStatus: status, stderr: stderrs[i])
        )
      }
      let sorted = times[i].sorted()
      let median =
        sorted.count % 2 == 1
        ? sorted[sorted.count / 2]
        : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
      return (
        entry.key,
        CommandResult(
          command: entry.command, medianSeconds: median, failedStatus: nil, peakRSS: peaks[i], stderr: stderrs[i])
      )
    }
  }

  /// Whether one run of `command` ends with a status it allows (not timed).
  static func works(_ command: BenchCommand, stderrFile: String) throws -> Bool {
    let m = try ChildProcess.run(command.stages, stdoutFile: command.stdoutFile, stderrFile: stderrFile)
    return command.okStatuses.contains(m.status)
  }
}

/// An input file and what genlog.py's truth says is in it.
struct Input {
  var path: String
  var bytes: Int
  var records: Int
  var noOps: Int
  /// The genlog.py session repeated to make it, and how many times.
  var session: String
  var copies: Int
}

enum Inputs {
  /// An input of about `sizeMB` for a format and seed: one genlog.py session written `copies`
  /// times over, `copies` the fewest that keep a session within `--session-mb`. genlog.py
  /// writes 2–3 MB/s on the test machine, so a 200 MB input written whole would take over a
  /// minute and the 1 GB one several; a session is written once per format, seed, size and
  /// options (100, 200 and 1,000 MB share the same 25 MB one) and both are cached in the work
  /// directory. genlog.py ends a session on a complete record, so the input holds exactly
  /// `copies` times the records its truth file counts. With prefixes each copy's clock
  /// starts again, as in sessions' logs put one after another.
  ///
  /// Both steps run in child processes: this process's own peak memory is the floor of every
  /// child's reported RSS (see `ChildProcess.ownPeakRSS`), so it reads no log itself.
  static func cachedLog(
    format: LogFormat, sizeMB: Double, seed: Int, generator: GeneratorOptions, workDir: String
  ) throws -> Input {
    let copies = max(1, Int((sizeMB / generator.sessionMb).rounded(.up)))
    // Rounded as the file's name says it, so that the name is the whole key.
    let sessionMB = (sizeMB / Double(copies) * 100).rounded() / 100
    let sessionName = "genlog-\(format.rawValue)-\(Report.fixed(sessionMB, 2))MB-seed\(seed)\(generator.cacheSuffix)"
    let session = "\(workDir)/\(sessionName).log"
    let truth = "\(workDir)/\(sessionName).truth.json"
    if size(session) == 0 || size(truth) == 0 {
      print("writing \(session) with genlog.py …")
      let m = try ChildProcess.run(
        [
          [
            "python3", generator.genlog, "--size-mb", "\(sessionMB)", "--format", format.rawValue,
            "--seed", "\(seed)", "-o", session + ".partial", "--truth", truth + ".partial",
          ] + generator.genlogArguments
        ],
        stderrFile: "\(workDir)/genlog.stderr")
      guard m.status == 0 else { throw BenchError("genlog.py failed (exit \(m.status)): \(m.stderr)") }
      print("  \(Report.fixed(m.seconds, 1)) s")
      try moveIntoPlace(session + ".partial", to: session)
      try moveIntoPlace(truth + ".partial", to: truth)
    }
    let (records, noOps) = try sessionCounts(truth)
    let sessionBytes = size(session)
    var input = Input(
      path: session, bytes: sessionBytes, records: records, noOps: noOps,
      session: (session as NSString).lastPathComponent, copies: 1)
    guard copies > 1 else { return input }
    input.path =
      "\(workDir)/genlog-\(format.rawValue)-\(Report.fixed(sizeMB, 0))MB-seed\(seed)\(generator.cacheSuffix)-x\(copies).log"
    input.copies = copies
    (input.bytes, input.records, input.noOps) = (sessionBytes * copies, records * copies, noOps * copies)
    if size(input.path) == input.bytes { return input }
    print("writing \(input.path): \(copies) × \(input.session) …")
    let m = try ChildProcess.run(
      [
        [
          "/bin/sh", "-c", "i=0; while [ $i -lt \"$2\" ]; do cat \"$0\" || exit 1; i=$((i + 1)); done > \"$1\"",
          session, input.path + ".partial", "\(copies)",
        ]
      ],
      stderrFile: "\(workDir)/copies.stderr")
    guard m.status == 0 else { throw BenchError("writing \(input.path) failed (exit \(m.status)): \(m.stderr)") }
    try moveIntoPlace(input.path + ".partial", to: input.path)
    return input
  }

  /// The complete and no-op records of a session, from genlog.py's truth file.
  static func sessionCounts(_ truth: String) throws -> (records: Int, noOps: Int) {
    guard let data = FileManager.default.contents(atPath: truth),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let records = object["records"] as? Int, let noOps = object["noop_records"] as? Int
    else { throw BenchError("cannot read records and noop_records in genlog.py's truth \(truth)") }
    return (records, noOps)
  }

  private static func moveIntoPlace(_ from: String, to: String) throws {
    guard rename(from, to) == 0 else {
      throw BenchError("cannot rename \(from): \(String(cString: strerror(errno)))")
    }
  }

  /// `file` compressed with gzip's default level, made once beside it.
  static func cachedGzip(of file: String, workDir: String) throws -> String {
    let path = file + ".gz"
    if size(path) > 0 { return path }
    print("compressing \(file) …")
    let m = try ChildProcess.run(
      [["/bin/sh", "-c", "gzip -c \"$0\" > \"$0.gz.partial\" && mv \"$0.gz.partial\" \"$0.gz\"", file]],
      stderrFile: "\(workDir)/gzip.stderr")
    guard m.status == 0 else { throw BenchError("compressing \(file) failed (exit \(m.status)): \(m.stderr)") }
    return path
  }

  static func size(_ path: String) -> Int {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : 0
  }

  /// Reads the whole file through a small buffer: pages land in the page cache, not in
  /// this process's resident memory.
  static func warm(_ path: String) throws {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw BenchError("cannot open \(path)") }
    defer { close(fd) }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while read(fd, buffer, 1 << 20) > 0 {}
  }
}
