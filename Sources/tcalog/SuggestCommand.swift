import ArgumentParser
import TCALogCommands
import TCALogKit

extension SuggestStyle: ExpressibleByArgument {}
extension SuggestRequest.Format: ExpressibleByArgument {}

struct SuggestCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest",
    abstract: "Suggest Swift ActionFilter code that silences the noise and keeps the signal.",
    discussion: SuggestRequest.discussion
  )

  @Option(
    name: .long,
    help:
      "A floor (0.8 or 80%): say so when the suggestions remove less of the lines, and why (signal is never silenced to reach it)."
  )
  var target: String?

  @Option(
    name: .long,
    help:
      "Code style: closure (ActionFilter with if-case patterns) or casepath (TCA 1.x @CasePathable key paths where they reach the action, if-case patterns elsewhere)."
  )
  var style: SuggestStyle = .closure

  @Option(name: .long, help: "Use this root action type instead of the one in the log.")
  var root: String?

  @Option(name: .long, help: "Group action paths no deeper than N segments.")
  var depth: Int?

  @Flag(
    name: .long, help: "Also emit the ActionFilter type (closure style) or the TCA 1.x support code (casepath style).")
  var includeType = false

  @Option(name: .long, help: "Output: swift (a source file) or json (the same suggestions as data).")
  var format: SuggestRequest.Format = .swift

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Do not suggest again what this filter repository already silences, nor what its keep lines keep.",
      valueName: "file"),
    completion: .file())
  var filters: String?

  @Flag(
    name: .long,
    help:
      "Append the new active suggestions (not the commented-out ones) as 'name = pattern' lines to the --filters file.")
  var append = false

  @Flag(
    name: .long,
    help:
      "Walk the suggestions and the ambiguous candidates on the terminal, one at a time (y silence, n keep, s skip, q quit), and write the answers to the --filters file: 'name = pattern' and 'keep name = pattern' lines."
  )
  var review = false

  /// For Tests/Simulator's scripts only: the classifier's thresholds, `name=value,…`.
  @Option(name: .long, help: .hidden, transform: { try ClassifierPolicy(overrides: $0) })
  var classifierPolicy: ClassifierPolicy?

  @OptionGroup var input: InputOptions

  var request: any CommandRequest {
    var request = SuggestRequest(input: input.selection)
    request.target = target.map { ShareArgument.parse($0) ?? .nan }
    request.style = style
    request.root = root
    request.depth = depth
    request.includeType = includeType
    request.format = format
    request.filters = filters
    request.append = append
    request.review = review
    request.classifierPolicy = classifierPolicy
    return request
  }
}
