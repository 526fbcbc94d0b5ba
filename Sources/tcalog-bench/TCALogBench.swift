import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct TCALogBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tcalog-bench",
    abstract: "Benchmark the tcalog binary against grep on generated TCA debug logs.",
    discussion:
      "Not part of the test suite: it takes minutes and its figures depend on the machine. Build tcalog first (swift build -c release), then run `swift run -c release tcalog-bench`.",
    subcommands: [RunCommand.self, GenerateCommand.self],
    defaultSubcommand: RunCommand.self
  )
}

extension LogGenerator.Format: ExpressibleByArgument {}
extension LogGenerator.PrefixPlacement: ExpressibleByArgument {}
extension LogGenerator.PrefixStyle: ExpressibleByArgument {}

/// The options that shape a generated log; shared by `generate` and `run` so that a cached
/// input is keyed by exactly what produced it.
struct GeneratorOptions: ParsableArguments {
  @Option(help: "Seed of the generator: the same seed gives the same bytes.")
  var seed: UInt64 = 1

  @Option(help: "Console prefixes: none, on the header line only (header), or on every line (every).")
  var prefix: LogGenerator.PrefixPlacement = .none

  @Option(help: "Prefix style: oslog (`log stream`) or nslog (Xcode console).")
  var prefixStyle: LogGenerator.PrefixStyle = .oslog

  @Option(help: "Share of records followed by an unrelated log line (0 to 1).")
  var noise: Double = 0.03

  @Flag(help: "CRLF line ends.")
  var crlf = false

  func validate() throws {
    guard (0...1).contains(noise) else { throw ValidationError("--noise must be between 0 and 1") }
  }

  func options(format: LogGenerator.Format, sizeMB: Double) -> LogGenerator.Options {
    LogGenerator.Options(
      format: format, sizeBytes: Int(sizeMB * 1_000_000), seed: seed,
      prefixPlacement: prefix, prefixStyle: prefixStyle, noise: noise, crlf: crlf)
  }

  /// The arguments that reproduce these options, except the seed (the caller picks it: the
  /// second input of the two-file runs uses the next one), in a `generate` child process.
  var argumentsWithoutSeed: [String] {
    [
      "--prefix", prefix.rawValue, "--prefix-style", prefixStyle.rawValue,
      "--noise", "\(noise)",
    ] + (crlf ? ["--crlf"] : [])
  }
}

struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a synthetic TCA debug log (a browser-like app) of about the given size."
  )

  @Option(help: "Size in MB (10^6 bytes); the last record may overshoot it.")
  var sizeMb: Double = 200

  @Option(help: "diffing (debugDiffing + Difference) or tca1 (_printChanges + Custom Dump).")
  var format: LogGenerator.Format = .diffing

  @OptionGroup var generator: GeneratorOptions

  @Option(name: .shortAndLong, help: "Output file ('-' for standard output).")
  var output: String = "-"

  func validate() throws {
    // Past a terabyte the size in bytes (`Int(sizeMb * 1_000_000)`) nears what an Int holds.
    guard sizeMb > 0, sizeMb <= 1_000_000 else { throw ValidationError("--size-mb must be from 0 to 1,000,000") }
  }

  func run() throws {
    let fd: Int32 = output == "-" ? 1 : open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { throw BenchError("cannot create \(output): \(String(cString: strerror(errno)))") }
    defer { if fd != 1 { close(fd) } }
    let start = ChildProcess.monotonicSeconds()
    var log = LogGenerator(options: generator.options(format: format, sizeMB: sizeMb))
    let summary = try log.write(toFileDescriptor: fd)
    let seconds = ChildProcess.monotonicSeconds() - start
    let mb = Double(summary.bytes) / 1e6
    FileHandle.standardError.write(
      Data(
        ("generated \(summary.records) records (\(summary.noOps) no-op), \(Report.fixed(mb, 1)) MB "
          + "in \(Report.fixed(seconds, 2)) s (\(Report.fixed(mb / seconds, 0)) MB/s)\n").utf8))
  }
}
