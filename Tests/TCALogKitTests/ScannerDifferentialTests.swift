import Foundation
import TCALogTestSupport
import Testing

/// The inputs every short way is held to the full parse on (`ScannerDifferential`): the
/// committed corpus of generated logs (`Fixtures/Differential`, its README says how each
/// was made), the bundled samples and the real logs. Each input is checked once per test
/// run, whichever suite asks first; the others read the same result.
enum DifferentialCorpus {
  /// `Tests/TCALogKitTests/Fixtures/Differential`.
  static var folder: String {
    Repository.root.appendingPathComponent("Tests/TCALogKitTests/Fixtures/Differential").path
  }

  /// Every input's path: the corpus, `Samples/*.log`, `Tests/RealLogs/*.txt`.
  static var files: [String] {
    func listed(_ directory: String, _ suffix: String) -> [String] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory + "/" + $0 }
    }
    return listed(folder, ".log") + Repository.samples + listed(Repository.realLogs, ".txt")
  }

  /// A corpus file's path by its name.
  static func generated(_ name: String) -> String { folder + "/" + name }

  /// The harness's result on the file at `path` (named by its last component), computed
  /// once.
  static func result(_ path: String) async throws -> ScannerDifferential.Result {
    try await cache.result(path)
  }

  private static let cache = Cache()

  private actor Cache {
    var checks: [String: Task<ScannerDifferential.Result, Error>] = [:]

    func result(_ path: String) async throws -> ScannerDifferential.Result {
      if let check = checks[path] { return try await check.value }
      let check = Task.detached {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        return try ScannerDifferential.check(bytes, name: URL(fileURLWithPath: path).lastPathComponent)
      }
      checks[path] = check
      return try await check.value
    }
  }
}

/// Expects `result` to hold no difference, saying how many and the first ones if it does.
func expectNoDifferences(_ result: ScannerDifferential.Result, sourceLocation: SourceLocation = #_sourceLocation) {
  let differences = result.differences.count
  #expect(differences == 0, "\(result.differencesText)", sourceLocation: sourceLocation)
}

/// Every short way of the scanner, the replays and the record stream give the full parse's
/// records, counts and warnings on every input of the corpus.
struct ScannerDifferentialTests {
  @Test(arguments: DifferentialCorpus.files)
  func everyWayGivesTheFullParse(_ path: String) async throws {
    let result = try await DifferentialCorpus.result(path)
    // One real log is a state diff without its header: no record, but lines to count.
    #expect(!result.records.isEmpty || path.hasPrefix(Repository.realLogs), "\(path)")
    #expect(result.statistics.lines > 0, "\(path)")
    expectNoDifferences(result)
  }

  /// The corpus holds what its README says, so that each kind of input reaches the short
  /// ways: every format, cut and complete records, timestamps of a prefix, records without
  /// a state part (labels), CRLF and foreign lines.
  @Test func theCorpusHoldsEveryKindOfInput() async throws {
    var flags: [String] = []
    var otherLines = 0
    var crlf = false
    for path in DifferentialCorpus.files {
      let result = try await DifferentialCorpus.result(path)
      flags += result.records.map(\.flags)
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      crlf = crlf || zip(bytes, bytes.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A }
      otherLines += result.statistics.otherLines
    }
    for format in ["diffing", "tca1", "tca0"] {
      #expect(flags.contains { $0.hasPrefix(format + " ") }, "no \(format) record")
    }
    #expect(flags.contains { $0.contains("complete=false") })
    #expect(flags.contains { $0.contains("state=false") })
    #expect(flags.contains { !$0.contains("t=-") })
    #expect(crlf)
    #expect(otherLines > 0)
  }
}
