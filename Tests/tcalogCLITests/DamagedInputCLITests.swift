import Foundation
import Testing

/// Damaged gzip files and inputs that are no log (issue 42, rows 4 and 7), end to end.
struct DamagedInputCLITests {
  static let hasGzip = ReliabilityCLITests.hasGzip
  static let hasPython = ["/usr/bin/python3", "/usr/local/bin/python3"].contains {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Row 4: `gzip -c s.log > a.gz` then junk, zero padding or a flipped CRC byte. Every
  /// record `gzip -dc` gives is read, with any `-j`; zero padding is no error (gzip ignores
  /// it silently); junk and a bad CRC are an input error (exit status 2) after the records.
  @Test(.enabled(if: hasGzip, "gzip(1) makes and reads the damaged files"))
  func aDamagedGzipKeepsEveryRecordWithEveryJobCount() throws {
    // 3,000 varied records (about 1.2 MB: several chunks of a parallel read).
    var log = ""
    var seed: UInt64 = 4467
    for i in 0..<3000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      log += "received action:\n  AppAction.row(id: \(i), action: .tapped(\"\(String(seed, radix: 36))\"))\n"
      log += "  AppState(\n-   count: \(seed % 1000),\n+   count: \(seed % 997)\n  )\n"
    }
    let plain = try ReliabilityCLITests.temporaryFile("damaged.log", Data(log.utf8))
    defer { unlink(plain) }
    _ = try ReliabilityCLITests.shell("gzip -c '\(plain)' > '\(plain).gz'")
    let member = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
    unlink(plain + ".gz")
    var flipped = member
    flipped[flipped.count - 8] ^= 0xFF
    let expectedStats = runInProcess(["records", "--stats", plain]).stderr
    #expect(expectedStats.contains("records: 3000"))
    let damaged: [(String, Data, String?)] = [
      ("junk", member + Data("junk".utf8), "trailing garbage after gzip data"),
      ("zeros", member + Data(repeating: 0, count: 4096), nil),
      ("crc", flipped, "corrupt gzip data: incorrect data check"),
    ]
    for (name, bytes, error) in damaged {
      let path = try ReliabilityCLITests.temporaryFile("damaged-\(name).gz", bytes)
      defer { unlink(path) }
      for jobs in [["-j", "1"], ["-j", "2"], []] {
        let label = "\(name) \(jobs.joined(separator: " "))"
        let stats = runInProcess(["records", "--stats"] + jobs + [path])
        let expected = expectedStats + (error.map { "tcalog: error: \(path): \($0)\n" } ?? "")
        #expect(stats.stderr == expected, "\(label)")
        #expect(stats.status == (error == nil ? 0 : 2), "\(label)")
        let count = runInProcess(["filter", "-c"] + jobs + [path])
        #expect(String(decoding: count.stdout, as: UTF8.self) == "3000\n", "\(label)")
      }
    }
  }

  /// The most memory that the processes of `command` (a shell command line) held at once,
  /// in KiB, with their exit status and standard error: measured by getrusage(2) over
  /// the children of a python3 that runs it, so that no other test's processes count.
  static func peakMemory(_ command: String) throws -> (kib: Int, status: Int, stderr: String) {
    let script = """
      import resource, subprocess, sys
      r = subprocess.run(["/bin/sh", "-c", sys.argv[1]], stderr=subprocess.PIPE)
      sys.stderr.buffer.write(r.stderr)
      print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, command]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let words = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ")
    process.waitUntilExit()
    return (Int(words.first ?? "") ?? -1, Int(words.last?.dropLast() ?? "") ?? -1, stderr)
  }

  /// Row 7: 400 MB of zeros through a pipe, plain or gzipped (a gzip bomb), is one line
  /// without end: the read stops at the 64 MiB line cap with an error, and memory stays
  /// far below the input's size (before the cap, it grew with every byte read).
  @Test(.enabled(if: hasPython && hasGzip, "python3 measures the peak memory; gzip(1) makes the bomb"))
  func zerosWithoutEndStopAtTheLineCapInBoundedMemory() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    for (input, name) in [("head -c 400000000 /dev/zero", "-"), ("head -c 400000000 /dev/zero | gzip -1", "-")] {
      for jobs in ["1", "2"] {
        let run = try Self.peakMemory("\(input) | '\(binary.path)' records --stats -j \(jobs)")
        let label = "\(input), -j \(jobs)"
        #expect(run.status == 2, "\(label)")
        #expect(
          run.stderr.hasSuffix("tcalog: error: \(name): a line longer than 64 MiB: not a log; read stopped there\n"),
          "\(label): \(run.stderr)")
        #expect(run.kib > 0 && run.kib < 320 << 10, "\(label): \(run.kib) KiB at most")
      }
    }
    // /dev/zero itself, named: no end at all before the cap.
    let named = try Self.peakMemory("'\(binary.path)' records --stats /dev/zero")
    #expect(named.status == 2 && named.stderr.contains("/dev/zero: a line longer than 64 MiB"))
    #expect(named.kib < 320 << 10, "\(named.kib) KiB at most")
  }
}
