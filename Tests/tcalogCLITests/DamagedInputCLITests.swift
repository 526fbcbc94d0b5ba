import Foundation
import Testing

/// Damaged gzip files and inputs that are no log (issue 42, rows 4 and 7), end to end.
struct DamagedInputCLITests {
  static let hasGzip = ReliabilityCLITests.hasGzip

  /// Row 4: `gzip -c s.log > a.gz` then junk, zero padding or a flipped CRC byte. Every
  /// record `gzip -dc` gives is read, with any `-j`; zero padding is no error (gzip ignores
  /// it silently); junk and a bad CRC are an input error (exit status 2) after the records.
  @Test(.enabled(if: hasGzip, "gzip(1) makes and reads the damaged files"))
  func aDamagedGzipKeepsEveryRecordWithEveryJobCount() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
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
    let expectedStats = runTCALog(["records", "--stats", plain]).stderr
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
        let stats = runTCALog(["records", "--stats"] + jobs + [path])
        let expected = expectedStats + (error.map { "tcalog: error: \(path): \($0)\n" } ?? "")
        #expect(stats.stderr == expected, "\(label)")
        #expect(stats.status == (error == nil ? 0 : 2), "\(label)")
        let count = runTCALog(["filter", "-c"] + jobs + [path])
        #expect(String(decoding: count.stdout, as: UTF8.self) == "3000\n", "\(label)")
      }
    }
  }
}
