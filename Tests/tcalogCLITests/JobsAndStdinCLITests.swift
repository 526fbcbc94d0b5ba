import Foundation
import Testing

/// The ways of reading one input give one output (issue 42: `-j` and standard-input variants
/// compared in CI): `records`, `report --format json` and `suggest --format json` on every sample, and on all of them
/// at once (3 MB: several ranges and chunks), from the file with `-j 1`, `-j 2` and the
/// default, and from standard input (chunks read by one thread, cut by another).
struct JobsAndStdinCLITests {
  static let samples =
    (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Samples").path))?
    .filter { $0.hasSuffix(".log") }.sorted().map { "Samples/\($0)" } ?? []

  /// `records` names its input in each record; standard input is `-`.
  static func named(_ output: Data, as path: String) -> String {
    String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\"file\":\"-\"", with: "\"file\":\"\(path)\"")
  }

  @Test(arguments: samples + ["all"])
  func everyWayOfReadingGivesTheSameOutput(_ sample: String) throws {
    #expect(Self.samples.count >= 5)
    var path = sample
    if sample == "all" {
      // Every sample, three times over: 3 MB, more than a chunk or a range.
      var all = Data()
      for _ in 0..<3 {
        for name in Self.samples { all += try Data(contentsOf: packageRoot.appendingPathComponent(name)) }
      }
      path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-all-\(getpid()).log").path
      try all.write(to: URL(fileURLWithPath: path))
    }
    defer { if sample == "all" { unlink(path) } }
    let input = try Data(contentsOf: URL(fileURLWithPath: path, relativeTo: packageRoot))
    for command in [["records"], ["report", "--format", "json"], ["suggest", "--format", "json"]] {
      let expected = runInProcess(command + ["-j", "1", path])
      #expect(expected.status == 0, "\(command) \(sample): \(expected.stderr)")
      let reference = Self.named(expected.stdout, as: path)
      // Under a range (1 MiB) a file is one range whatever the job count, and standard
      // input one chunk: `-j 3` and the default take `-j 2`'s path, so only the larger
      // inputs (timestamped.log, all of them at once) run them.
      let isOneRange = input.count < 1 << 20
      for jobs in isOneRange ? [["-j", "2"]] : [["-j", "2"], ["-j", "3"], []] {
        let file = runInProcess(command + jobs + [path])
        #expect(Self.named(file.stdout, as: path) == reference, "\(command) \(jobs) \(sample)")
        #expect(file.stderr == expected.stderr, "\(command) \(jobs) \(sample)")
        let stdin = runInProcess(command + jobs + ["-"], stdin: input)
        #expect(Self.named(stdin.stdout, as: path) == reference, "\(command) \(jobs) - < \(sample)")
        #expect(stdin.status == expected.status, "\(command) \(jobs) - < \(sample)")
      }
    }
  }
}
