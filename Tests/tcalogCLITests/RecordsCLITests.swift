import Foundation
import TCALogTestSupport
import Testing

/// End-to-end checks of `tcalog records` through the built binary: the samples' expected
/// records byte for byte, exit statuses, standard input, and inputs that are not logs.
struct RecordsCLITests {
  static let samples = ["browser-session", "todos-tca1", "todos-tca0", "messy", "timestamped"]

  static func expected(_ name: String) throws -> Data {
    try Data(contentsOf: packageRoot.appendingPathComponent("Samples/\(name).expected.ndjson"))
  }

  static func expectedRecords(_ name: String) throws -> [[String: Any]] {
    try String(decoding: expected(name), as: UTF8.self).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test(arguments: samples)
  func recordsOfEverySampleMatchItsExpectedFile(_ name: String) throws {
    let run = runInProcess(["records", "Samples/\(name).log"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let expected = try Self.expected(name)
    if run.stdout != expected {
      // Name the first record that differs rather than dumping megabytes.
      let mine = run.stdout.split(separator: 0x0A)
      let theirs = expected.split(separator: 0x0A)
      let n =
        zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, theirs.count)
      Issue.record(
        """
        Samples/\(name).log: \(mine.count) records printed, \(theirs.count) expected; first difference at record \(n):
        got      \(n < mine.count ? String(decoding: mine[n], as: UTF8.self) : "(none)")
        expected \(n < theirs.count ? String(decoding: theirs[n], as: UTF8.self) : "(none)")
        """)
    }
  }

  /// Every way `records` can run prints the same: one thread or two, ndjson or one JSON
  /// array, and `--stats` counts the same records either way.
  @Test(arguments: ["browser-session", "messy"])
  func jobsAndFormatsAgree(_ name: String) throws {
    let path = "Samples/\(name).log"
    let expected = try Self.expected(name)
    let expectedRecords = try Self.expectedRecords(name)
    // The ndjson lines as one array, compared as values with the json format's array.
    let expectedArray = try canonicalJSON(
      Data("[".utf8) + Data(expected.split(separator: 0x0A).joined(separator: Data(",".utf8))) + Data("]".utf8))
    for jobs in ["1", "2"] {
      let ndjson = runInProcess(["records", "--jobs", jobs, path])
      #expect(ndjson.status == 0 && ndjson.stdout == expected, "--jobs \(jobs) ndjson")
      let json = runInProcess(["records", "--jobs", jobs, "--format", "json", path])
      #expect(json.status == 0)
      let array = try canonicalJSON(json.stdout)
      #expect(array == expectedArray, "--jobs \(jobs) json")
    }
    let stats = ["1", "2"].map { runInProcess(["records", "--stats", "--jobs", $0, path]) }
    #expect(stats.allSatisfy { $0.status == 0 && $0.stdout.isEmpty })
    #expect(stats[0].stderr == stats[1].stderr)
    #expect(stats[0].stderr.contains("records: \(expectedRecords.count) "))
  }

  /// The samples and their expectations are generated; nobody edits them by hand.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is absent"))
  func samplesAreWhatTheirGeneratorMakes() throws {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    python.arguments = [packageRoot.appendingPathComponent("Tests/Samples/make_samples.py").path, "--check"]
    python.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try python.run()
    python.waitUntilExit()
    #expect(
      python.terminationStatus == 0,
      "Samples/ differs from Tests/Samples/make_samples.py: run python3 Tests/Samples/make_samples.py")
  }

  @Test func statsGoToStandardErrorAndAccountForEveryLine() throws {
    let run = runInProcess(["records", "--stats", "Samples/messy.log"])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    let records = try Self.expectedRecords("messy")
    let lines = records.reduce(0) { $0 + ($1["lines"] as? Int ?? 0) }
    let bytes = records.reduce(0) { $0 + ($1["bytes"] as? Int ?? 0) }
    let size = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/messy.log")).count
    #expect(run.stderr.contains("records: 8 (complete 7, incomplete 1)\n"))
    #expect(run.stderr.contains("no-op records: 2\n"))
    #expect(run.stderr.contains("other lines: \(105 - lines)\n"))
    #expect(run.stderr.contains("lines: 105 (in records \(lines))\n"))
    #expect(run.stderr.contains("bytes: \(size) (in records \(bytes))\n"))
    #expect(run.stderr.contains("formats: diffing 2, tca1 4, tca0 1, labels 1\n"))
    #expect(run.stderr.contains("headerless diff fragments: 1\n"))
    #expect(run.stderr.contains("tcalog: warning: Samples/messy.log:41: state diff without a header"))
  }

  @Test func missingFileIsAnErrorButTheOtherFilesAreRead() throws {
    let run = runInProcess(["records", "Samples/no-such-file.log", "Samples/todos-tca0.log"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("tcalog: error: Samples/no-such-file.log: "), "stderr: \(run.stderr)")
    #expect(run.stderr.contains("No such file or directory"))
    #expect(run.stdout == (try Self.expected("todos-tca0")))
  }

  @Test func recordIndexesContinueAcrossFiles() throws {
    let run = runInProcess(["records", "Samples/todos-tca0.log", "Samples/todos-tca1.log"])
    #expect(run.status == 0)
    let indexes = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["index"] as? Int
    }
    #expect(indexes == Array(0..<25))
  }

  @Test func directoryIsAnError() {
    let run = runInProcess(["records", "Samples"])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("tcalog: error: Samples: "), "stderr: \(run.stderr)")
  }

  /// An empty input is no error, as for grep, file or standard input alike: no records
  /// (status 0), a report of zeros (0), nothing selected (1).
  @Test func anEmptyInputIsNoError() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-empty-\(getpid()).log").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: path) }
    for (arguments, status) in [(["records"], Int32(0)), (["report"], 0), (["filter"], 1)] {
      let file = runInProcess(arguments + [path])
      let pipe = runInProcess(arguments, stdin: Data())
      #expect(file.status == status && pipe.status == status, "\(arguments)")
      #expect(file.stderr.isEmpty && pipe.stderr.isEmpty, "\(file.stderr)")
      #expect(file.stdout == pipe.stdout)
    }
    #expect(
      String(decoding: runInProcess(["report", path]).stdout, as: UTF8.self).hasPrefix(
        "0 records (0 complete, 0 incomplete)"))
  }

  @Test func binaryInputDoesNotCrash() {
    let run = runInProcess(["records", "/bin/ls"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    // Whatever is found must be whole JSON lines.
    for line in run.stdout.split(separator: 0x0A) {
      #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil)
    }
  }

  @Test(arguments: [["records"], ["records", "-"]])
  func standardInputGivesTheSameRecordsAsTheFile(_ args: [String]) throws {
    let log = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/todos-tca1.log"))
    let run = runInProcess(args, stdin: log)
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let expected = String(decoding: try Self.expected("todos-tca1"), as: UTF8.self)
      .replacingOccurrences(of: #""file":"Samples/todos-tca1.log""#, with: #""file":"-""#)
    #expect(String(decoding: run.stdout, as: UTF8.self) == expected)
  }

  /// A log piped in that is larger than a pipe's buffer and than one read.
  @Test func largeLogThroughStandardInput() throws {
    let log = try Data(contentsOf: packageRoot.appendingPathComponent("Samples/timestamped.log"))
    let run = runInProcess(["records"], stdin: log)
    #expect(run.status == 0)
    let expected = String(decoding: try Self.expected("timestamped"), as: UTF8.self)
      .replacingOccurrences(of: #""file":"Samples/timestamped.log""#, with: #""file":"-""#)
    #expect(String(decoding: run.stdout, as: UTF8.self) == expected)
  }
}
