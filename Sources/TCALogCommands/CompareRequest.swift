import TCALogOutput
import TCALogPipeline
import TCALogReport
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

/// `tcalog compare`: two runs, logs or saved reports, side by side.
package struct CompareRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    """
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
    standard error, after the comparison. The gates count every action, whatever --min-change and \
    --top hide; --fail-above judges only actions with at least --fail-min-records records (20) in one \
    of the runs, as a smaller count grows by chance.
    Exit status: 0, 1 when --fail-above or --fail-new found something, 2 on an error.
    """

  /// The earlier and the later run: a log or a saved report.
  package var before: String
  package var after: String
  package var format: ComparisonPrinter.Format = .text
  package var depth: Int?
  /// `--top`; nil: 20 in text and markdown, every row in json.
  package var top: Int?
  /// `--min-change`, as a share.
  package var minChange = 0.1
  /// `--fail-above`, as a factor.
  package var failAbove: Double?
  /// `--fail-min-records`: the fewest records (on the larger side) before `--fail-above`
  /// judges an action's ratio.
  package var failMinimumRecords = defaultFailMinimumRecords
  /// `--fail-min-records`'s help (here: the executable is at its size limit).
  package static let failMinimumHelp =
    "--fail-above judges only actions with at least N records in one of the runs (default: 20)."
  /// `--fail-min-records`'s default.
  package static let defaultFailMinimumRecords = RunComparison.defaultGateMinimumRecords
  /// `--fail-new`.
  package var failNew = false
  /// Threads that parse a log; nil: the console's cores.
  package var jobs: Int?

  /// What is wrong with the arguments as given (nil: nothing): both inputs standard input,
  /// a count below 1, a factor or share that is none (NaN: what the command line gave did
  /// not parse).
  package var usageMistake: String? {
    if before == "-" && after == "-" { return "only one of BEFORE and AFTER can be standard input" }
    let counts = [("--depth", depth), ("--top", top), ("--jobs", jobs), ("--fail-min-records", failMinimumRecords)]
    if let (name, _) = counts.first(where: { ($0.1 ?? 1) < 1 }) { return "\(name) must be a positive number" }
    if let failAbove, failAbove.isNaN { return "--fail-above must be a factor of 1 or more, such as 2 or x1.5" }
    if minChange.isNaN { return "--min-change must be a share such as 0.1 or 10%" }
    return nil
  }

  package init(before: String, after: String) {
    self.before = before
    self.after = after
  }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    var runs: [RunProfile] = []
    for path in [before, after] {
      guard let run = try load(path, in: console, outcome: &outcome) else { return outcome.ending(2) }
      runs.append(run)
    }
    let comparison = RunComparison(before: runs[0], after: runs[1], depth: depth, minChange: minChange)
    let printer = ComparisonPrinter(
      format: format, top: top ?? (format == .json ? nil : 20), width: console.columns())
    outcome.finish(printer.render(comparison))
    var failed = false
    if let factor = failAbove {
      let grown = comparison.actions(grownAbove: factor, minimumRecords: failMinimumRecords)
      let small = comparison.actions(grownAbove: factor, belowMinimum: failMinimumRecords)
      if !small.isEmpty {
        outcome.notice(
          "\(NumberText.counted(small.count, "action")) grew more than ×\(Int(exactly: factor).map { String($0) } ?? String(factor)) "
            + "on fewer than \(failMinimumRecords) records (--fail-min-records), not judged: "
            + small.prefix(5).map { "\($0.path) \($0.before) → \($0.after)" }.joined(separator: ", ")
            + (small.count > 5 ? ", …" : ""))
      }
      if !grown.isEmpty {
        let list = grown.prefix(10).map { "\($0.path) ×\(TextFormatting.printf("%.1f", $0.factor ?? 0))" }
        outcome.error(
          "\(NumberText.counted(grown.count, "action")) grew more than ×\(Int(exactly: factor).map { String($0) } ?? String(factor)): "
            + list.joined(separator: ", ") + (grown.count > 10 ? ", …" : ""))
        failed = true
      }
    }
    if failNew {
      let new = comparison.newActions
      if !new.isEmpty {
        outcome.error(
          "\(NumberText.counted(new.count, "new action")): " + new.prefix(10).map(\.path).joined(separator: ", ")
            + (new.count > 10 ? ", …" : ""))
        failed = true
      }
    }
    return outcome.ending(failed ? 1 : 0)
  }

  /// A saved report (a file starting with `{`) or a log; nil when it cannot be read (the
  /// errors are in `outcome`).
  private func load(_ path: String, in console: Console, outcome: inout CommandOutcome) throws -> RunProfile? {
    if path != "-", let head = SmallFile.contents(of: path, upTo: 64), RunProfile.isSavedReport(Data(head)) {
      guard let bytes = SmallFile.contents(of: path) else {
        outcome.error("cannot read \(path): \(String(cString: strerror(errno)))", file: path)
        return nil
      }
      do {
        let profile = try RunProfile(savedReport: Data(bytes), source: path)
        if profile.omittedRows > 0 {
          outcome.warning(
            "\(path): the saved report leaves out \(NumberText.counted(profile.omittedRows, "row")) (--top, --min-share); their paths count as absent from it",
            file: path)
        }
        return profile
      } catch let error as SavedReportError {
        outcome.error(error.description, file: path)
        return nil
      }
    }
    var profiler = RunProfiler(source: path)
    let result = try console.reading(RecordStream(inputs: [path], jobs: jobs ?? console.processors))
      .run(into: &profiler)
    if outcome.take(result) { return nil }
    return profiler.profile
  }
}
