import TCALogOutput
import TCALogParsing
import TCALogPipeline
import TCALogQuery
import TCALogReport
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tcalog check`: logs against an action budget (or `--init`: a budget from a good run).
package struct CheckRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    """
    A budget file holds one rule per line, 'PATTERN <= LIMIT', '#' comments. PATTERN is PCRE2 over \
    action paths, or over normalized state paths after 'state:'. LIMIT is N/s (the most records in \
    one clock second), N/min (the most in any 60 seconds), N or N records (in the whole log), N% or \
    N% lines (share of lines), N% records (share of records). The records of every path a pattern \
    matches count together. --default-rules adds rules that hold for any app: no action at 150 or \
    more records a second for more than 3 seconds in a row (an effect loop: faster than any pointer, \
    scroll or display refresh), and no action is over 20% of all records with 90% or more of them \
    (and at least 50) changing nothing (a no-op flood); the effect-loop rule needs timestamps and is \
    reported as not measured without them. It also adds two on what sets off what (tcalog chains): \
    every request its effect answers 80% of the time gets its answer unless sent again \
    (unanswered-request), and no cycle of requests and responses comes round 60 or more times a \
    minute (feedback-loop, with timestamps).
    Rules starting 'chains:' measure what sets off what: 'chains:crossings <= 0', 'chains:loops <= N', \
    'chains:unanswered <= N' or 'N%' (of the causes), 'chains:latency(PATTERN) <= 500ms' (the worst \
    95th percentile of the pairs whose cause or response PATTERN matches; needs timestamps); \
    'chains:unanswered(PATTERN)' counts those pairs alone.
    The pattern '*' is the rule for every action no other rule names, each measured on its own \
    ('* <= 10/s': no such action more than 10 times in a second). check lists the actions no rule \
    names and the rules whose pattern matched nothing (stale: renamed or removed actions); --strict \
    makes both break the budget. A --since/--until window that holds no record checks nothing: \
    a warning, and a failure under --strict. A budget without a rule is an error.
    Several files are checked together, as one run; text and json also give each rule's measure \
    in each file alone (json always, with one file too), so that a broken rule names the file its \
    records came from.
    --init writes a budget from a good run: each action's peak, doubled, plus 2 (N/s for an action \
    that came more than 60 times in some minute, else N/min and at least 60/min, as one run's peak \
    minute of a rare action says little of the next; without timestamps N% records, the share × 1.5 \
    plus one point or the share in the run's busiest twentieth plus one point, whichever is higher), \
    then '* <= 10/s' (without timestamps \
    '* <= 5% records') for the actions the run did not have: faster than a person's taps or a timer, \
    slower than a pointer's stream or an effect loop, which a new action should not bring unannounced.
    Exit status: 0 when every rule holds, 1 when one is broken, 2 on an error (a bad budget line, a \
    rate rule on a log without timestamps, an unreadable input).
    """

  package var input = InputSelection()
  /// `--budget`: the budget file.
  package var budget: String?
  /// `--default-rules`.
  package var defaultRules = false
  /// `--strict`: unnamed actions and stale rules break the budget too.
  package var strict = false
  /// `--init`: write a budget instead of checking.
  package var initialize = false
  /// How many times `--budget` was given: one budget file per check.
  package var budgetsGiven = 0
  /// `-o` with `--init`.
  package var outputFile: String?
  package var format: BudgetPrinter.Format = .text

  package var usageMistake: String? {
    if budgetsGiven > 1 {
      return "--budget given \(budgetsGiven) times: one budget file per check (put its rules in one file)"
    }
    if initialize && (budget != nil || defaultRules) {
      return "--init writes a budget; check it in a second run with --budget"
    }
    if !initialize && budget == nil && !defaultRules {
      return "nothing to check: give --budget FILE, --default-rules, or --init to write a budget"
    }
    if outputFile != nil && !initialize { return "-o/--output goes with --init" }
    return nil
  }

  package init(input: InputSelection = InputSelection()) { self.input = input }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    var rules: Budget?
    if let budget {
      guard access(budget, R_OK) == 0 else {
        outcome.error("cannot read budget \(budget): \(String(cString: strerror(errno)))", file: budget)
        return outcome.ending(2)
      }
      guard let bytes = SmallFile.contents(of: budget, atMost: SmallFile.handWrittenLimit) else {
        outcome.error("cannot read budget \(budget): \(SmallFile.reason())", file: budget)
        return outcome.ending(2)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      guard text.utf8.elementsEqual(bytes) else {
        outcome.error("cannot read budget \(budget): not UTF-8 text", file: budget)
        return outcome.ending(2)
      }
      do {
        rules = try Budget(text: text, file: budget)
      } catch {
        for line in error.lines { outcome.error(line.description, file: budget) }
        return outcome.ending(2)
      }
      if rules?.rules.isEmpty == true {
        outcome.error(
          "budget \(budget) has no rule: an empty budget would pass any log (write one with check --init)", file: budget
        )
        return outcome.ending(2)
      }
    }
    let source = input.files.isEmpty ? "-" : input.files.joined(separator: ", ")
    // Several inputs are also measured one by one: which file a rule's records came from.
    var profiler = RunProfiler(source: source, perInput: input.files.count > 1 && !initialize)
    // Rules on what sets off what, and the built-in ones, need the chains analysis: one
    // read feeds both.
    var chains: ChainsAnalysis?
    let result: ReadResult
    if !initialize && (defaultRules || rules?.hasChainsRules == true) {
      var pair = NumberedSinkPair(profiler, ChainsCollector())
      result = try input.stream(in: console).run(into: &pair)
      profiler = pair.first
      chains = pair.second.analysis()
    } else {
      result = try input.stream(in: console).run(into: &profiler)
    }
    // A budget from a run with an unreadable input would be the budget of another run.
    if initialize || CommandOutcome.everyInputFailed(result, inputs: input.files) {
      if outcome.take(result) { return outcome.ending(2) }
    }
    let profile = profiler.profile

    if initialize {
      outcome.finish(
        BudgetTemplate.text(for: profile, source: source), to: outputFile.map { .file($0) } ?? .standardOutput)
      return outcome
    }

    let results = rules?.check(profile, chains: chains) ?? []
    let defaults = defaultRules ? DefaultBudget.check(profile, chains: chains) : []
    // A budget of chains rules alone names no action: listing every action as unnamed
    // would be noise.
    let namesActions = rules?.rules.contains { $0.chains == nil } ?? false
    let unnamed =
      namesActions ? rules.map { $0.unnamedActions(profile).map { ($0.path, $0.tally.records) } } ?? [] : []
    var printer = BudgetPrinter(
      format: format, timeOffset: profile.timeOffset,
      // Wrapped on a terminal only: piped into a CI log or a script, each finding stays
      // one line that grep and annotations can take.
      width: console.outputIsTerminal ? console.columns() : nil)
    printer.unnamed = unnamed
    printer.strict = strict
    printer.emptyWindow = result.windowStatistics?.records == 0
    printer.inputs =
      profiler.inputProfiles.isEmpty
      ? [.init(source: source, records: profile.records, lines: profile.lines, results: results, defaults: defaults)]
      : profiler.inputProfiles.map {
        .init(
          source: $0.source, records: $0.records, lines: $0.lines, results: rules?.check($0) ?? [],
          defaults: defaultRules ? DefaultBudget.check($0) : [])
      }
    outcome.finish(printer.render(results, defaults: defaults, source: source))
    // The inputs that were read are checked above; the one that was not is an error after.
    if outcome.take(result) { return outcome.ending(2) }
    // A --since/--until window without a record checks nothing: every rule would hold, or
    // be stale, on no record at all (a pipe of an old log under `--since -5m` passed), and
    // a rate rule would blame the log's timestamps. --strict makes it a failure.
    if result.windowStatistics?.records == 0 {
      if strict {
        outcome.error("nothing checked: the --since/--until window holds no record (--strict)")
        return outcome.ending(1)
      }
      outcome.warning("nothing checked: the --since/--until window holds no record (--strict fails)")
      return outcome.ending(0)
    }
    let unmeasured = results.filter { $0.measured == nil }
    for result in unmeasured {
      if let error = result.matchError {
        outcome.error(
          "\(result.rule.file):\(result.rule.line): \(error.description)", file: result.rule.file,
          line: result.rule.line)
        continue
      }
      if result.rule.unit == .milliseconds {
        outcome.error(
          "\(result.rule.file):\(result.rule.line): a latency needs timestamps, and \(source) has none",
          file: result.rule.file, line: result.rule.line)
        continue
      }
      outcome.error(
        "\(result.rule.file):\(result.rule.line): \(result.rule.unit.rawValue) needs timestamps, and \(source) has none (use N records or N% limits)",
        file: result.rule.file, line: result.rule.line)
    }
    if !unmeasured.isEmpty { return outcome.ending(2) }
    let broken =
      results.contains(where: { !$0.holds || (strict && $0.isStale) })
      || defaults.contains(where: { !$0.findings.isEmpty }) || (strict && !unnamed.isEmpty)
    return outcome.ending(broken ? 1 : 0)
  }
}
