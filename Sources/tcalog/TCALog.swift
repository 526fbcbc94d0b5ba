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
    subcommands: [
      ReportCommand.self, FilterCommand.self, RecordsCommand.self, SuggestCommand.self, TraceCommand.self,
      CompareCommand.self, CheckCommand.self,
    ],
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
    // A parent may start tcalog with a standard descriptor closed (`<&-`): the first file
    // opened would then get it, and `-` read that file, or output land in it. Each closed
    // one is opened on /dev/null first (as the C library does for setuid programs).
    for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0 && opened != fd { close(opened) }
    }
    // Like grep: a closed pipe (`| head`) ends the process quietly.
    signal(SIGPIPE, SIG_DFL)
    // A parent may hand down a blocked signal mask (some IDEs and test runners do);
    // Ctrl-C, a closed pipe and kill must still reach tcalog.
    var signals = sigset_t()
    sigemptyset(&signals)
    for s in [SIGINT, SIGPIPE, SIGTERM, SIGHUP] { sigaddset(&signals, s) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    // Ctrl-C ends at once with the shell's status for it, whatever is being read.
    signal(SIGINT, exitOnInterrupt)
    let arguments = jobsValuesApart(Array(CommandLine.arguments.dropFirst()))
    if let shell = Completions.requestedShell(arguments) {
      var script = Completions.script(for: shell)
      if !script.hasSuffix("\n") { script += "\n" }
      do {
        let out = OutputBuffer()
        try out.write(script)
        try out.flush()
      } catch {}
      terminate(0)
    }
    checkCommandName(arguments)
    // What a followed input says (`app.log: file truncated`) goes to standard error,
    // escaped as every message is; `report --live` takes it into its frame meanwhile.
    FileByteSource.setNoticeHandler { Messages.notice($0) }
    do {
      var command = try parseNamedCommand(arguments) ?? parseAsRoot(arguments)
      try command.run()
    } catch let code as ExitCode {
      terminate(code.rawValue)
    } catch is OutputClosed {
      terminate(0)
    } catch let error as OutputError {
      // A full disk is no usage mistake: no pointer to --help.
      Diagnostics.error(error.description)
      terminate(2)
    } catch {
      if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
      let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
      Diagnostics.error("\(message) (see '\(helpCommand(for: arguments))')")
      terminate(2)
    }
  }

  /// The command the arguments name (the default one when the first is no command's
  /// name), parsed on its own, as `parseAsRoot` would parse it. `parseAsRoot` first builds
  /// the argument sets of every command (reflecting each one's properties and looking up
  /// their types' conformances at run time): 4.4 M of the 24.9 M instructions of `report`
  /// on an empty log, 0.8 ms of every run (BENCHMARKS.md, "Start-up"). Nil whenever
  /// that way would say anything
  /// but a parsed command (help, a version, a completion script, any error): the arguments
  /// then go the whole way, so every message stays `parseAsRoot`'s.
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

  /// `-j1` as `-j 1`: argument-parser took `-j1` for `-j` and the next argument for its
  /// value (`-j1 app.log`: "The value 'app.log' is invalid for '-j <jobs>'"). Only before
  /// `--`, after which every argument is a file.
  static func jobsValuesApart(_ arguments: [String]) -> [String] {
    var result: [String] = []
    for (i, argument) in arguments.enumerated() {
      if argument == "--" {
        result += arguments[i...]
        break
      }
      let value = argument.dropFirst(2)
      if argument.hasPrefix("-j"), !value.isEmpty, value.allSatisfy({ ("0"..."9").contains($0) }) {
        result += ["-j", String(value)]
      } else {
        result.append(argument)
      }
    }
    return result
  }

  static var commandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName }
  }

  /// The help that lists the options an error is about: the subcommand's (the default
  /// command's when none is named), the root's only when there are no arguments.
  static func helpCommand(for arguments: [String]) -> String {
    guard let first = arguments.first else { return "tcalog --help" }
    return "tcalog \(commandNames.contains(first) ? first : "report") --help"
  }

  /// A first argument that is neither a command nor an existing file but is close to a
  /// command's name is a typo (`tcalog fitler app.log` would read a file `fitler`, and
  /// `tcalog fitler -a x` complain about `-a`); `help` names a command too.
  static func checkCommandName(_ arguments: [String]) {
    let names = commandNames + ["help"]
    func nearest(_ word: String) -> String? {
      names.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
    if arguments.first == "help", arguments.count > 1, !names.contains(arguments[1]), !arguments[1].hasPrefix("-") {
      let word = arguments[1]
      let hint =
        nearest(arguments[1]).map { "; did you mean '\($0)'?" }
        ?? " (commands: \(names.filter { $0 != "help" }.joined(separator: ", ")))"
      Diagnostics.error("help: no command '\(word)'\(hint)")
      terminate(2)
    }
    guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first), access(first, F_OK) != 0,
      let near = nearest(first)
    else { return }
    Diagnostics.error(
      "'\(first)' is neither a command nor a file; did you mean '\(near)'? (see 'tcalog --help')")
    terminate(2)
  }

  /// Levenshtein distance over characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}

/// The SIGINT handler until a command installs its own: a plain function, because a
/// closure written inside `main` is main-actor isolated, and the check Swift inserts for
/// that may allocate, which deadlocks when the signal lands inside malloc.
private func exitOnInterrupt(_: Int32) { _exit(130) }
