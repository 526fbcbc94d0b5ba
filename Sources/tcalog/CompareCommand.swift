import ArgumentParser
import TCALogKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ComparisonPrinter.Format: ExpressibleByArgument {}

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two runs: which actions and state paths got noisier or quieter.",
    discussion: """
      BEFORE and AFTER are logs (plain, gzip, or '-' for one of them) or saved reports \
      ('tcalog report --format json' output, kept in a repository as a baseline). Rates, not counts, \
      are compared: records per minute when both runs have timestamps, else per 1,000 records. Rows \
      are sorted by how much the rate moved (after − before); new and gone paths are marked. Each row \
      gives both rates, the change (absolute and ×), both runs' records and, for actions, their shares \
      of lines (text leaves out the shares, then the records, on a narrow terminal, and says so). Rows \
      whose rate moved by less than --min-change of the larger rate are left out and counted. A saved \
      report made with --depth N groups both runs to N segments.
      Exit status: 0, or 2 on an error.
      """
  )

  @Argument(help: ArgumentHelp("The earlier run: a log or a saved report.", valueName: "before"), completion: .file())
  var before: String

  @Argument(help: ArgumentHelp("The later run: a log or a saved report.", valueName: "after"), completion: .file())
  var after: String

  @Option(name: .long, help: "Output: text, markdown (for a pull-request comment) or json.")
  var format: ComparisonPrinter.Format = .text

  @Option(name: .long, parsing: .unconditional, help: "Group action paths by their first N segments.")
  var depth: Int?

  @Option(
    name: .long, parsing: .unconditional,
    help: "Show at most N rows per table (default: 20 in text and markdown, every row in json).")
  var top: Int?

  @Option(name: .long, help: "Hide rows whose rate moved by less than this share of the larger rate (0.1 or 10%).")
  var minChange: String = "10%"

  @Option(
    name: [.customShort("j"), .customLong("jobs")], parsing: .unconditional,
    help: ArgumentHelp("Threads that parse (default: the number of cores).", valueName: "jobs"))
  var jobs: Int?

  func validate() throws {
    if before == "-" && after == "-" { throw ValidationError("only one of BEFORE and AFTER can be standard input") }
    if let depth, depth < 1 { throw ValidationError("--depth must be a positive number") }
    if let top, top < 1 { throw ValidationError("--top must be a positive number") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be a positive number") }
    if ShareArgument.parse(minChange) == nil {
      throw ValidationError("--min-change must be a share such as 0.1 or 10%")
    }
  }

  func run() throws {
    let runs = try [before, after].map(load)
    let comparison = RunComparison(
      before: runs[0], after: runs[1], depth: depth, minChange: ShareArgument.parse(minChange) ?? 0.1)
    let printer = ComparisonPrinter(
      format: format, top: top ?? (format == .json ? nil : 20),
      width: TerminalSize.columns(1, environment: ProcessInfo.processInfo.environment))
    let out = OutputBuffer()
    try out.write(printer.render(comparison))
    try out.flush()
  }

  /// A saved report (a file starting with `{`) or a log.
  private func load(_ path: String) throws -> RunProfile {
    if path != "-", let head = SmallFile.contents(of: path, upTo: 64) {
      if RunProfile.isSavedReport(Data(head)) {
        do {
          guard let bytes = SmallFile.contents(of: path) else {
            Diagnostics.error("cannot read \(path): \(String(cString: strerror(errno)))")
            throw ExitCode(2)
          }
          let profile = try RunProfile(savedReport: Data(bytes), source: path)
          if profile.omittedRows > 0 {
            Diagnostics.warning(
              "\(path): the saved report leaves out \(NumberText.counted(profile.omittedRows, "row")) (--top, --min-share); their paths count as absent from it"
            )
          }
          return profile
        } catch let error as SavedReportError {
          Diagnostics.error(error.description)
          throw ExitCode(2)
        }
      }
    }
    var profiler = RunProfiler(source: path)
    let result = try RecordStream(inputs: [path], jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
      .run(into: &profiler)
    if Diagnostics.report(result) { throw ExitCode(2) }
    return profiler.profile
  }
}
