import Foundation
import Testing

/// What a user pastes or pipes into tcalog can be anything: the binary holds, reports
/// clearly, and ends promptly.
struct ReliabilityCLITests {
  static func temporaryFile(_ name: String, _ data: Data) throws -> String {
    // Unique per call: tests run in parallel, and two of them may use the same name.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-rel-\(getpid())-\(name)-\(UUID().uuidString)"
    ).path
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aFiftyMegabyteLineAndALoneCRAreJustOtherLines() throws {
    var data = Data("received action: A.Action.a\nline\rwith a lone CR\n".utf8)
    data.append(Data(repeating: UInt8(ascii: "x"), count: 50 << 20))
    data.append(Data("\nreceived action: A.Action.b\n".utf8))
    let path = try Self.temporaryFile("long", data)
    defer { unlink(path) }
    let run = runInProcess(["records", "--stats", path])
    #expect(run.status == 0)
    #expect(run.stderr.contains("records: 2 (complete 2, incomplete 0)"))
    #expect(run.stderr.contains("other lines: 2"))
  }

  @Test func escapeSequencesFromTheLogNeverReachTheTerminalRaw() throws {
    let log = "received action: AppAction.hover\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}\n"
    let path = try Self.temporaryFile("esc", Data(log.utf8))
    defer { unlink(path) }
    // Colour on (as on a terminal): escaped.
    let shown = runInProcess(["filter", "--color", "always", "-t", "hover", path])
    let text = String(decoding: shown.stdout, as: UTF8.self)
    #expect(text.contains("\\e[2J") && text.contains("\\e]52;"))
    #expect(!shown.stdout.contains(0x07) && !text.contains("\u{1B}[2J") && !text.contains("\u{1B}]52"))
    // Raw into a pipe: the bytes as they were.
    let raw = runInProcess(["filter", "-t", "hover", path])
    #expect(raw.stdout == Data(log.utf8))
    // The report escapes what it shows.
    let report = String(decoding: runInProcess(["report", path]).stdout, as: UTF8.self)
    #expect(!report.contains("\u{1B}[2J") && !report.contains("\u{1B}]52"))
  }

  @Test func aClosedPipeEndsQuietly() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    let sample = packageRoot.appendingPathComponent("Samples/browser-session.log").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "'\(binary.path)' filter '\(sample)' '\(sample)' '\(sample)' | head -1 > /dev/null"]
    let err = Pipe()
    process.standardError = err
    try process.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(stderr.isEmpty, "\(stderr)")
  }

  @Test func controlCDuringAReadExits130Promptly() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    let process = Process()
    process.executableURL = binary
    process.arguments = ["report"]
    let input = Pipe()  // stays open: tcalog waits in read(2)
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data("received action: A.Action.a\n".utf8))
    // Once tcalog has read the line it is running (its SIGINT handler is set before any
    // read) and back in read(2) or on its way there.
    try #require(waitUntil { unreadBytes(in: input) == 0 }, "tcalog did not read its standard input")
    let sent = Date()
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    // A hang guard, not a speed bound: tcalog that ignored the signal would never exit.
    #expect(Date().timeIntervalSince(sent) < 60)
    try input.fileHandleForWriting.close()
  }

  static let canDropRoot = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  @Test(.enabled(if: canDropRoot, "running as root without setpriv(1): every file is readable"))
  func anUnreadableFileIsAnErrorAndTheOthersAreRead() throws {
    let path = try Self.temporaryFile("secret", Data("received action: A.Action.a\n".utf8))
    defer { unlink(path) }
    chmod(path, 0)
    // Root reads any file: as root (CI), tcalog runs as `nobody` through setpriv(1).
    let binary = try #require(tcalogBinary).path
    let arguments = ["records", path, "Samples/todos-tca1.log"]
    let process = Process()
    if getuid() == 0 {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments
    }
    process.currentDirectoryURL = packageRoot
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(stderr.hasPrefix("tcalog: error: \(path): Permission denied"), "\(stderr)")
    #expect(!stdout.isEmpty)
  }

  @Test func aPatternOverTheLengthLimitIsRefused() throws {
    let run = runInProcess(["filter", "-a", String(repeating: "a", count: 70_000), "Samples/todos-tca1.log"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("tcalog: error: invalid pattern"))
    #expect(run.stderr.contains("more than the limit"))
  }

  /// One action nested 16,000 deep (64 KB): no stage may turn input nesting into
  /// recursion depth (the report's tree walk overflowed the stack).
  static func deeplyNestedLog() throws -> String {
    let depth = 16_000
    let action = "AppAction.a(" + String(repeating: ".a(", count: depth - 1) + String(repeating: ")", count: depth)
    return try temporaryFile("deep", Data("received action:\n  \(action)\n  (No state changes)\n".utf8))
  }

  @Test func aDeeplyNestedActionIsReadByReportFilterAndRecords() throws {
    let path = try Self.deeplyNestedLog()
    defer { unlink(path) }
    let report = runInProcess(["report", path])
    #expect(report.status == 0, "\(report.stderr.prefix(300))")
    #expect(String(decoding: report.stdout, as: UTF8.self).hasPrefix("1 record (1 complete"))
    let json = runInProcess(["report", "--format", "json", path])
    #expect(json.status == 0)
    #expect(
      String(decoding: json.stdout, as: UTF8.self).contains(
        "\"path\": \"a" + String(repeating: ".a", count: 15_999) + "\""))
    let filter = runInProcess(["filter", "-c", path])
    #expect(filter.status == 0 && String(decoding: filter.stdout, as: UTF8.self) == "1\n")
    let records = runInProcess(["records", path])
    #expect(records.status == 0 && records.stdout.split(separator: 0x0A).count == 1)
  }

  @Test func aDeeplyNestedActionIsReadBySuggest() throws {
    let path = try Self.deeplyNestedLog()
    defer { unlink(path) }
    // Paths deeper than 64 cases are never suggested (patterns and stubs grow per case),
    // and the warning that says so stays one short line.
    let suggest = runInProcess(["suggest", path])
    #expect(suggest.status == 0, "status \(suggest.status)")
    #expect(suggest.stderr.contains("not plain Swift identifiers") && suggest.stderr.count < 300)
  }

  static let hasGzip = ["/bin/gzip", "/usr/bin/gzip"].contains { FileManager.default.isExecutableFile(atPath: $0) }

  /// Runs a shell command line; returns its standard output.
  static func shell(_ command: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(.enabled(if: hasGzip, "no gzip to make and read the cut file"))
  func aCutGzipKeepsEveryRecordBeforeTheCut() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    // 3,000 records of varied text (about 1.5 MB: several parallel chunks), gzipped, and
    // the .gz cut at two thirds.
    var log = ""
    var seed: UInt64 = 42
    for i in 0..<3000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      log += "received action:\n  AppAction.row(id: \(i), action: .tapped(\"\(String(seed, radix: 36))\"))\n"
      log +=
        "  AppState(\n-   count: \(seed % 1000),\n+   count: \(seed % 997),\n    name: \"\(String(seed >> 7, radix: 16))\"\n  )\n"
    }
    let plain = try Self.temporaryFile("cut.log", Data(log.utf8))
    defer {
      unlink(plain)
      unlink(plain + ".gz")
    }
    _ = try Self.shell("gzip -f '\(plain)'")
    let gz = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
    try gz.prefix(gz.count * 2 / 3).write(to: URL(fileURLWithPath: plain + ".gz"))
    let expected = try Self.shell("gzip -dc '\(plain).gz' | '\(binary.path)' filter -c")
    #expect(Int(expected.dropLast()) ?? 0 > 1500)
    for jobs in ["1", "2"] {
      let run = runInProcess(["filter", "-c", "-j", jobs, plain + ".gz"])
      #expect(String(decoding: run.stdout, as: UTF8.self) == expected, "-j \(jobs)")
      #expect(run.status == 2)
      #expect(run.stderr == "tcalog: error: \(plain).gz: unexpected end of gzip data (file cut off?)\n")
    }
  }

  /// A 70 MiB record of 10 MiB lines: the parallel reader cuts it (no header within the
  /// 64 MiB cap) at a line start below 64 MiB, and must still call it oversized.
  @Test func anOversizedRecordIsReportedWithEveryJobCount() throws {
    var data = Data("received action:\n  AppAction.big(\n".utf8)
    for _ in 0..<7 {
      data.append(Data("    \"".utf8))
      data.append(Data(repeating: UInt8(ascii: "x"), count: 10 << 20))
      data.append(Data("\",\n".utf8))
    }
    data.append(Data("  )\n  (No state changes)\nreceived action:\n  AppAction.small\n  (No state changes)\n".utf8))
    let path = try Self.temporaryFile("oversized", data)
    defer { unlink(path) }
    for jobs in ["1", "2"] {
      let run = runInProcess(["records", "--stats", "-j", jobs, path])
      #expect(
        run.stderr.contains("tcalog: warning: \(path):1: record larger than 64 MiB: kept incomplete"), "-j \(jobs)")
      #expect(run.stderr.contains("records over the size cap: 1"), "-j \(jobs)")
      #expect(run.stderr.contains("records: 2 (complete 1, incomplete 1)"), "-j \(jobs)")
    }
  }
}
