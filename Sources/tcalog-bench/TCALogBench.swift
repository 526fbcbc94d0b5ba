import ArgumentParser

@main
struct TCALogBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tcalog-bench",
    abstract: "Benchmark the tcalog binary against grep on generated TCA debug logs.",
    discussion:
      "Not part of the test suite: it takes minutes and its figures depend on the machine. Build tcalog first (swift build -c release), then run `swift run -c release tcalog-bench`.",
    subcommands: [RunCommand.self],
    defaultSubcommand: RunCommand.self
  )
}

/// The log formats genlog.py writes (FORMATS.md): `diffing` (debugDiffing + Difference) and
/// `tca1` (`_printChanges()` + Custom Dump).
enum LogFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
  case diffing, tca1
}

/// Console prefixes as genlog.py places them: on no line, on each record's header line
/// (`oslog`), or on every line (`everyline`).
enum PrefixPlacement: String, CaseIterable, ExpressibleByArgument, Sendable {
  case none, oslog, everyline
}

/// How the inputs are made: genlog.py (the tests' and samples' writer of the formats, through
/// tcaformat.py) writes one session per format and seed, cached in the work directory, and an
/// input of any size is that session repeated. Shared by every input of a run, so a cached
/// file is keyed by exactly what produced it.
struct GeneratorOptions: ParsableArguments {
  @Option(help: "genlog.py's seed: the same seed gives the same bytes.")
  var seed: Int = 1

  @Option(help: "Console prefixes: on no line (none), on each header line (oslog), on every line (everyline).")
  var prefix: PrefixPlacement = .none

  @Option(help: "Share of records followed by an unrelated log line (0 to 1).")
  var noise: Double = 0.03

  @Flag(help: "CRLF line ends.")
  var crlf = false

  @Option(help: "The most MB of one genlog.py session; an input is whole sessions repeated.")
  var sessionMb: Double = 25

  @Option(help: "The log writer (run from the package root, or point to it).")
  var genlog: String = "Tests/Simulator/genlog.py"

  func validate() throws {
    guard (0...1).contains(noise) else { throw ValidationError("--noise must be between 0 and 1") }
    guard sessionMb >= 1 else { throw ValidationError("--session-mb must be at least 1") }
  }

  /// genlog.py's arguments for these options, but the size, format, seed and files.
  var genlogArguments: [String] {
    ["--prefix", prefix.rawValue, "--noise", "\(noise)"] + (crlf ? ["--crlf"] : [])
  }

  /// What names a cached file apart from its format, size and seed.
  var cacheSuffix: String {
    var suffix = "-noise\(noise)"
    if prefix != .none { suffix += "-\(prefix.rawValue)" }
    if crlf { suffix += "-crlf" }
    return suffix
  }
}
