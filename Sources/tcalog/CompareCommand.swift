import ArgumentParser
import TCALogKit
import TCALogSupport

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
      report made with --depth N groups both runs to N segments. json lists every action and state \
      path of both runs, each with its status: new, gone, changed, or unchanged (moved less than \
      --min-change).
      --fail-above FACTOR and --fail-new fail a job: exit 1 when an action's rate grew more than FACTOR \
      times (2 or x2), or when the later run has an action the earlier did not; what failed is named on \
      standard error, after the comparison.
      Exit status: 0, 1 when --fail-above or --fail-new found something, 2 on an error.
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
    name: .customLong("fail-above"),
    help: ArgumentHelp("Exit 1 when an action's rate grew more than FACTOR times (2 or x2).", valueName: "factor"))
  var failAbove: String?

  @Flag(name: .customLong("fail-new"), help: "Exit 1 when the later run has an action the earlier did not.")
  var failNew = false

  @Option(
    name: [.customShort("j"), .customLong("jobs")], parsing: .unconditional,
    help: ArgumentHelp("Threads that parse (default: the number of cores).", valueName: "jobs"))
  var jobs: Int?

  /// `2`, `x2`, `×2`, `2x`: a factor above 1.
  static func parseFactor(_ text: String) -> Double? {
    var digits = Substring(text.lowercased())
    if digits.hasPrefix("x") {
      digits = digits.dropFirst()
    } else if digits.hasPrefix("×") {
      digits = digits.dropFirst()
    }
    if digits.hasSuffix("x") { digits = digits.dropLast() }
    guard let value = Double(digits), value.isFinite, value >= 1 else { return nil }
    return value
  }

  func validate() throws {
    if before == "-" && after == "-" { throw ValidationError("only one of BEFORE and AFTER can be standard input") }
    if let depth, depth < 1 { throw ValidationError("--depth must be a positive number") }
    if let top, top < 1 { throw ValidationError("--top must be a positive number") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be a positive number") }
    if let failAbove, Self.parseFactor(failAbove) == nil {
      throw ValidationError("--fail-above must be a factor of 1 or more, such as 2 or x1.5")
    }
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
    var failed = false
    if let factor = failAbove.flatMap(Self.parseFactor) {
      let grown = comparison.actions(grownAbove: factor)
      if !grown.isEmpty {
        let list = grown.prefix(10).map { "\($0.path) ×\(TextFormatting.printf("%.1f", $0.factor ?? 0))" }
        Diagnostics.error(
          "\(NumberText.counted(grown.count, "action")) grew more than ×\(factor == factor.rounded() ? String(Int(factor)) : String(factor)): "
            + list.joined(separator: ", ") + (grown.count > 10 ? ", …" : ""))
        failed = true
      }
    }
    if failNew {
      let new = comparison.newActions
      if !new.isEmpty {
        Diagnostics.error(
          "\(NumberText.counted(new.count, "new action")): " + new.prefix(10).map(\.path).joined(separator: ", ")
            + (new.count > 10 ? ", …" : ""))
        failed = true
      }
    }
    if failed { throw ExitCode(1) }
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
