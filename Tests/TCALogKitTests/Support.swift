import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// What the tests read, all of it inside this repository: the project's own log generator
/// and session simulator (`Tests/Simulator`), and short excerpts of published logs
/// (`Tests/RealLogs`, their sources in its README).
enum Repository {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// `Tests/Simulator/NAME`: the generator and simulator scripts.
  static func simulator(_ name: String) -> String { root.appendingPathComponent("Tests/Simulator/\(name)").path }
  /// `Tests/RealLogs/NAME`: a published excerpt.
  static func realLog(_ name: String) -> String { root.appendingPathComponent("Tests/RealLogs/\(name)").path }
  static var realLogs: String { root.appendingPathComponent("Tests/RealLogs").path }
  /// `Samples/*.log`: the bundled samples' paths, in order.
  static var samples: [String] {
    let directory = root.appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".log") }.sorted().map { directory.appendingPathComponent($0).path }
  }
  /// The simulator is Python; CI installs python3, so a missing one is a failure there
  /// (`.ci/run` fails on any skip that names a missing tool or file).
  static var hasPython: Bool {
    ["/usr/bin/python3", "/usr/local/bin/python3"].contains { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// Writes a `Tests/Simulator/genlog.py` log of `records` records with `options` to a temporary file and
/// returns its path; the caller removes it. `tag` keeps the files of different tests apart.
func generatedLog(_ options: [String], records: Int, seed: Int, tag: String) throws -> String {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("tcalog-\(tag)-\(getpid())-\(options.joined().hashValue).log").path
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    ["python3", Repository.simulator("genlog.py"), "--records", "\(records)", "--seed", "\(seed)", "-o", path] + options
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "genlog.py \(options)")
  return path
}

/// Parses text the way `tcalog` parses a file.
func parse(_ text: String, readSize: Int = .max) throws -> (
  records: [Record], statistics: ScanStatistics, warnings: [ScanWarning]
) {
  try RecordScanner.scan(MemoryByteSource(text, readSize: readSize))
}

func parse(bytes: [UInt8]) throws -> (records: [Record], statistics: ScanStatistics, warnings: [ScanWarning]) {
  try RecordScanner.scan(MemoryByteSource(bytes))
}

/// A change as (path, normalized, kind, old, new) for compact expectations.
struct Change: Equatable, CustomStringConvertible {
  var path: String
  var normalized: String
  var kind: ChangeKind
  var old: String?
  var new: String?
  init(_ path: String, _ normalized: String? = nil, _ kind: ChangeKind = .value, old: String?, new: String?) {
    self.path = path
    self.normalized = normalized ?? path
    self.kind = kind
    self.old = old
    self.new = new
  }
  init(_ path: String, _ kind: ChangeKind, old: String?, new: String?) {
    self.init(path, nil, kind, old: old, new: new)
  }
  var description: String { "\(path) (\(normalized)) \(kind) \(old ?? "nil") → \(new ?? "nil")" }
}

extension Record {
  var changeList: [Change] {
    changes.map {
      Change(string($0.path), string($0.normalized), $0.kind, old: $0.old.map(string), new: $0.new.map(string))
    }
  }
}

/// U+2007 and U+2212, which the tca0 format uses as markers.
let figureSpace = "\u{2007}"
let minusSign = "\u{2212}"
