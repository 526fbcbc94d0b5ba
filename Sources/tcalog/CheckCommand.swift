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

extension BudgetPrinter.Format: ExpressibleByArgument {}

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check logs against an action budget, for CI: exit 1 when a rule is broken.",
    discussion: """
      A budget file holds one rule per line, 'PATTERN <= LIMIT', '#' comments. PATTERN is PCRE2 over \
      action paths, or over normalized state paths after 'state:'. LIMIT is N/s (the most records in \
      one clock second), N/min (the most in any 60 seconds), N or N records (in the whole log), N% or \
      N% lines (share of lines), N% records (share of records). The records of every path a pattern \
      matches count together. --default-rules adds rules that hold for any app: no action at 150 or \
      more records a second for more than 3 seconds in a row (an effect loop: faster than any pointer, \
      scroll or display refresh), and no action is over 20% of all records with 90% or more of them \
      (and at least 50) changing nothing (a no-op flood); the effect-loop rule needs timestamps and is \
      reported as not measured without them.
      The pattern '*' is the rule for every action no other rule names, each measured on its own \
      ('* <= 10/s': no such action more than 10 times in a second). check lists the actions no rule \
      names and the rules whose pattern matched nothing (stale: renamed or removed actions); --strict \
      makes both break the budget. A budget without a rule is an error.
      Several files are checked together, as one run; text and json also give each rule's measure \
      in each file alone (json always, with one file too), so that a broken rule names the file its \
      records came from.
      --init writes a budget from a good run: each action's peak, doubled, plus 2 (N/s for an action \
      that came more than 60 times in some minute, else N/min and at least 60/min, as one run's peak \
      minute of a rare action says little of the next), then '* <= 10/s' (without timestamps \
      '* <= 5% records') for the actions the run did not have: faster than a person's taps or a timer, \
      slower than a pointer's stream or an effect loop, which a new action should not bring unannounced.
      Exit status: 0 when every rule holds, 1 when one is broken, 2 on an error (a bad budget line, a \
      rate rule on a log without timestamps, an unreadable input).
      """
  )

  // An array, so that a second --budget is an error rather than silently the one read.
  @Option(
    name: .customLong("budget"),
    help: ArgumentHelp("The budget file: one 'PATTERN <= LIMIT' per line.", valueName: "file"),
    completion: .file())
  var budgets: [String] = []

  var budget: String? { budgets.first }

  @Flag(name: .customLong("default-rules"), help: "Also check the built-in rules (effect loops, no-op floods).")
  var defaultRules = false

  @Flag(
    name: .long,
    help: "Fail (exit 1) also on an action no rule names (the '*' rule aside) and on a rule that matched nothing.")
  var strict = false

  @Flag(name: .customLong("init"), help: "Write a budget from these logs (a good run) instead of checking.")
  var initialize = false

  @Option(
    name: [.customShort("o"), .customLong("output")],
    help: ArgumentHelp("With --init: write the budget to this file (default: standard output).", valueName: "file"),
    completion: .file())
  var output: String?

  @Option(name: .long, help: "Output: text, json, github (annotations) or junit (XML).")
  var format: BudgetPrinter.Format = .text

  @OptionGroup var input: InputOptions

  func validate() throws {
    if budgets.count > 1 {
      throw ValidationError(
        "--budget given \(budgets.count) times: one budget file per check (put its rules in one file)")
    }
    if initialize && (budget != nil || defaultRules) {
      throw ValidationError("--init writes a budget; check it in a second run with --budget")
    }
    if !initialize && budget == nil && !defaultRules {
      throw ValidationError("nothing to check: give --budget FILE, --default-rules, or --init to write a budget")
    }
    if output != nil && !initialize { throw ValidationError("-o/--output goes with --init") }
  }

  func run() throws {
    var rules: Budget?
    if let budget {
      guard access(budget, R_OK) == 0 else {
        Diagnostics.error("cannot read budget \(budget): \(String(cString: strerror(errno)))")
        throw ExitCode(2)
      }
      guard let bytes = SmallFile.contents(of: budget, atMost: SmallFile.handWrittenLimit) else {
        Diagnostics.error("cannot read budget \(budget): \(SmallFile.reason())")
        throw ExitCode(2)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      guard text.utf8.elementsEqual(bytes) else {
        Diagnostics.error("cannot read budget \(budget): not UTF-8 text")
        throw ExitCode(2)
      }
      do {
        rules = try Budget(text: text, file: budget)
      } catch {
        for line in error.lines { Diagnostics.error(line.description) }
        throw ExitCode(2)
      }
      if rules?.rules.isEmpty == true {
        Diagnostics.error(
          "budget \(budget) has no rule: an empty budget would pass any log (write one with check --init)")
        throw ExitCode(2)
      }
    }
    let source = input.files.isEmpty ? "-" : input.files.joined(separator: ", ")
    // Several inputs are also measured one by one: which file a rule's records came from.
    var profiler = RunProfiler(source: source, perInput: input.files.count > 1 && !initialize)
    let result = try input.stream().run(into: &profiler)
    // A budget from a run with an unreadable input would be the budget of another run.
    if initialize || Diagnostics.everyInputFailed(result, inputs: input.files) {
      if Diagnostics.report(result) { throw ExitCode(2) }
    }
    let profile = profiler.profile

    if initialize {
      let text = BudgetTemplate.text(for: profile, source: source)
      try FinishedOutput.write(text, to: output)
      return
    }

    let results = rules?.check(profile) ?? []
    let defaults = defaultRules ? DefaultBudget.check(profile) : []
    let unnamed = rules.map { $0.unnamedActions(profile).map { ($0.path, $0.tally.records) } } ?? []
    let out = OutputBuffer()
    var printer = BudgetPrinter(
      format: format, timeOffset: profile.timeOffset,
      // Wrapped on a terminal only: piped into a CI log or a script, each finding stays
      // one line that grep and annotations can take.
      width: isatty(1) != 0 ? TerminalSize.columns(1, environment: ProcessInfo.processInfo.environment) : nil)
    printer.unnamed = unnamed
    printer.strict = strict
    printer.inputs =
      profiler.inputProfiles.isEmpty
      ? [.init(source: source, records: profile.records, lines: profile.lines, results: results, defaults: defaults)]
      : profiler.inputProfiles.map {
        .init(
          source: $0.source, records: $0.records, lines: $0.lines, results: rules?.check($0) ?? [],
          defaults: defaultRules ? DefaultBudget.check($0) : [])
      }
    try out.write(printer.render(results, defaults: defaults, source: source))
    try out.flush()
    // The inputs that were read are checked above; the one that was not is an error after.
    if Diagnostics.report(result) { throw ExitCode(2) }
    let unmeasured = results.filter { $0.measured == nil }
    for result in unmeasured {
      if let error = result.matchError {
        Diagnostics.error("\(result.rule.file):\(result.rule.line): \(error.description)")
        continue
      }
      Diagnostics.error(
        "\(result.rule.file):\(result.rule.line): \(result.rule.unit.rawValue) needs timestamps, and \(source) has none (use N records or N% limits)"
      )
    }
    if !unmeasured.isEmpty { throw ExitCode(2) }
    if results.contains(where: { !$0.holds || (strict && $0.isStale) })
      || defaults.contains(where: { !$0.findings.isEmpty })
      || (strict && !unnamed.isEmpty)
    {
      throw ExitCode(1)
    }
  }
}
