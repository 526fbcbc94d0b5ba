import ArgumentParser
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
    subcommands: [ReportCommand.self, FilterCommand.self, RecordsCommand.self, SuggestCommand.self],
    defaultSubcommand: ReportCommand.self
  )

  /// grep's exit statuses: 0 selected, 1 nothing selected, 2 any error, usage errors
  /// included (argument-parser's own 64 becomes 2).
  static func terminate(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #else
    Darwin.exit(status)
    #endif
  }

  static func main() {
    // Like grep: a closed pipe (`| head`) ends the process quietly.
    signal(SIGPIPE, SIG_DFL)
    // A parent may hand down a blocked signal mask (some IDEs and test runners do);
    // Ctrl-C, a closed pipe and kill must still reach tcalog.
    var signals = sigset_t()
    sigemptyset(&signals)
    for s in [SIGINT, SIGPIPE, SIGTERM] { sigaddset(&signals, s) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    // Ctrl-C ends at once with the shell's status for it, whatever is being read.
    signal(SIGINT) { _ in _exit(130) }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let code as ExitCode {
      terminate(code.rawValue)
    } catch is OutputClosed {
      terminate(0)
    } catch {
      if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
      let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      Diagnostics.error("\(message) (see 'tcalog --help')")
      terminate(2)
    }
  }
}
