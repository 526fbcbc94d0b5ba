import ArgumentParser
import TCALogCommands
import TCALogKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct TCALog: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tcalog",
    abstract: "Read TCA debug logs: find what drowns them and how to silence it.",
    version: TCALogKit.version,
    subcommands: [
      ReportCommand.self, FilterCommand.self, RecordsCommand.self, SuggestCommand.self, TraceCommand.self,
      ChainsCommand.self,
      CompareCommand.self, CheckCommand.self, ViewCommand.self,
    ],
    defaultSubcommand: ReportCommand.self
  )

  static func main() {
    ProcessSetup.prepare()
    // Ctrl-C ends at once with the shell's status for it, whatever is being read.
    signal(SIGINT, exitOnInterrupt)
    let console = Console.system(undecodableArguments: ProcessSetup.undecodableArguments())
    ProcessSetup.exit(run(Array(CommandLine.arguments.dropFirst()), console: console))
  }

  /// Runs the command line `arguments` against `console` and hands it the outcome (help
  /// and the version too: argument-parser's text); returns the exit status.
  static func run(_ arguments: [String], console: Console) -> Int32 {
    let arguments = CommandLineWords.numberValuesApart(arguments)
    if let early = CommandLineWords.answerBeforeParsing(
      arguments, commandNames: commandNames, completionScript: { CompletionShell(rawValue: $0).map(completionScript) })
    {
      return console.deliver(early)
    }
    let command: ParsableCommand
    do {
      command = try parseNamedCommand(arguments) ?? parseAsRoot(arguments)
    } catch {
      if let help = helpOutcome(error) { return console.deliver(help) }
      let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      var outcome = CommandOutcome(status: 2)
      outcome.error("\(message) (see '\(CommandLineWords.helpCommand(for: arguments, commandNames: commandNames))')")
      return console.deliver(outcome)
    }
    guard let command = command as? RequestCommand else {
      // argument-parser's own commands (`tcalog help report`) print their help.
      var command = command
      do { try command.run() } catch { return console.deliver(helpOutcome(error) ?? CommandOutcome(status: 2)) }
      return 0
    }
    return console.deliver(command.request.outcome(in: console))
  }

  /// What argument-parser would print and exit 0 with (help, the version) as an outcome;
  /// nil for any other error.
  static func helpOutcome(_ error: Error) -> CommandOutcome? {
    guard exitCode(for: error) == .success else { return nil }
    var outcome = CommandOutcome()
    let text = fullMessage(for: error)
    if !text.isEmpty { outcome.finish(text + "\n") }
    return outcome
  }

  /// The command the arguments name (the default one when the first is no command's
  /// name), parsed on its own, as `parseAsRoot` would parse it. `parseAsRoot` first builds
  /// the argument sets of every command (reflecting each one's properties and looking up
  /// their types' conformances at run time): 4.4 M of the 24.9 M instructions of `report`
  /// on an empty log, 0.8 ms of every run (BENCHMARKS.md, "Start-up"). Nil whenever
  /// that way would say anything but a parsed command (help, a version, a completion
  /// script, any error): the arguments then go the whole way, so every message stays
  /// `parseAsRoot`'s.
  static func parseNamedCommand(_ arguments: [String]) -> ParsableCommand? {
    // A first argument that is an option (`--version`, `-j 1 FILE`) goes the whole way.
    guard arguments.first.map({ $0 != "help" && !$0.hasPrefix("-") }) ?? true else { return nil }
    let named = configuration.subcommands.first { $0.configuration.commandName == arguments.first }
    guard let command = named ?? configuration.defaultSubcommand else { return nil }
    // Help comes back as a command of argument-parser's own, which would name the command
    // without `tcalog`.
    guard let parsed = try? command.parseAsRoot(named == nil ? arguments : Array(arguments.dropFirst())),
      type(of: parsed) == command
    else { return nil }
    return parsed
  }

  static var commandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName }
  }
}

/// The SIGINT handler until a command installs its own: a plain function, because a
/// closure written inside `main` is main-actor isolated, and the check Swift inserts for
/// that may allocate, which deadlocks when the signal lands inside malloc.
private func exitOnInterrupt(_: Int32) { _exit(130) }
