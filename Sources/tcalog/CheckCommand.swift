import ArgumentParser
import TCALogCommands
import TCALogKit

extension BudgetPrinter.Format: ExpressibleByArgument {}

struct CheckCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check logs against an action budget, for CI: exit 1 when a rule is broken.",
    discussion: CheckRequest.discussion
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

  var request: any CommandRequest {
    var request = CheckRequest(input: input.selection)
    request.budget = budget
    request.budgetsGiven = budgets.count
    request.defaultRules = defaultRules
    request.strict = strict
    request.initialize = initialize
    request.outputFile = output
    request.format = format
    return request
  }
}
