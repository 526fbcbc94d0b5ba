import TCALogInput
import TCALogOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process sets up before any command runs, and how it ends.
package enum ProcessSetup {
  /// Ends the process with `status` (grep's: 0 selected, 1 nothing selected, 2 any error,
  /// usage errors included: argument-parser's own 64 becomes 2).
  package static func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(status)
    #else
      Darwin.exit(status)
    #endif
  }

  /// Standard descriptors, signals and the notices of followed inputs.
  package static func prepare() {
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
    // What a followed input says (`app.log: file truncated`) goes to standard error,
    // escaped as every message is; `report --live` takes it into its frame meanwhile.
    FileByteSource.setNoticeHandler { Messages.notice($0) }
  }

  /// The command line as the system gave it: ArgumentParser's strings were decoded with
  /// U+FFFD for every byte that is not UTF-8, so `-t $'\xff'` would match a literal `�`.
  /// The arguments that are not UTF-8, each decoded as ArgumentParser decoded it.
  package static func undecodableArguments() -> [String] {
    (0..<Int(CommandLine.argc)).compactMap { i in
      guard let pointer = CommandLine.unsafeArgv[i] else { return nil }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
      let text = String(decoding: bytes, as: UTF8.self)
      return text.utf8.elementsEqual(bytes) ? nil : text
    }
  }
}

/// The command line's words before argument-parser reads them.
package enum CommandLineWords {
  /// What the command line gets before argument-parser reads it, nil when it should read
  /// it: a completion script taught the default command (`completionScript` is
  /// argument-parser's for a shell's name), or a command name's typo (status 2).
  package static func answerBeforeParsing(
    _ arguments: [String], commandNames: [String], completionScript: (String) -> String?
  ) -> CommandOutcome? {
    if let name = requestedCompletionShell(arguments), let script = completionScript(name) {
      var outcome = CommandOutcome()
      outcome.finish(CompletionScript.withDefaultCommand(script, shell: name, commandNames: commandNames))
      return outcome
    }
    return commandNameMistake(arguments, commandNames: commandNames)
  }

  /// The shell of `--generate-completion-script SHELL` (or `=SHELL`) when it is the whole
  /// command line and names bash, zsh or fish: their scripts learn the default command.
  package static func requestedCompletionShell(_ arguments: [String]) -> String? {
    guard let first = arguments.first else { return nil }
    let name: String?
    if first == "--generate-completion-script", arguments.count == 2 {
      name = arguments[1]
    } else if first.hasPrefix("--generate-completion-script="), arguments.count == 1 {
      name = String(first.dropFirst("--generate-completion-script=".count))
    } else {
      name = nil
    }
    return name.flatMap { ["bash", "zsh", "fish"].contains($0) ? $0 : nil }
  }

  /// The short options whose value is a number that grep lets one attach: `-j` (jobs),
  /// `-m` (max count), `-A`, `-B` and `-C` (context).
  static let numberOptions: Set<Character> = ["j", "m", "A", "B", "C"]

  /// `-j1` as `-j 1`, and likewise `-m1`, `-A2`, `-B1`, `-C1` as grep reads them:
  /// argument-parser took `-m1` for `-m` and the next argument for its value (`-m1 -a tick`:
  /// "The value '-a' is invalid for '-m <n>'"). Only before `--`, after which every
  /// argument is a file.
  package static func numberValuesApart(_ arguments: [String]) -> [String] {
    var result: [String] = []
    for (i, argument) in arguments.enumerated() {
      if argument == "--" {
        result += arguments[i...]
        break
      }
      let value = argument.dropFirst(2)
      if argument.count > 2, argument.hasPrefix("-"), let option = argument.dropFirst().first,
        numberOptions.contains(option), value.allSatisfy({ ("0"..."9").contains($0) })
      {
        result += ["-\(option)", String(value)]
      } else {
        result.append(argument)
      }
    }
    return result
  }

  /// The help that lists the options an error is about: the subcommand's (the default
  /// command's when none is named), the root's only when there are no arguments.
  package static func helpCommand(for arguments: [String], commandNames: [String]) -> String {
    guard let first = arguments.first else { return "tcalog --help" }
    return "tcalog \(commandNames.contains(first) ? first : "report") --help"
  }

  /// A first argument that is neither a command nor an existing file but is close to a
  /// command's name is a typo (`tcalog fitler app.log` would read a file `fitler`, and
  /// `tcalog fitler -a x` complain about `-a`); `help` names a command too. The outcome
  /// that says so (status 2), nil when there is no such mistake.
  package static func commandNameMistake(_ arguments: [String], commandNames: [String]) -> CommandOutcome? {
    let names = commandNames + ["help"]
    func nearest(_ word: String) -> String? {
      names.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
    var outcome = CommandOutcome(status: 2)
    if arguments.first == "help", arguments.count > 1, !names.contains(arguments[1]), !arguments[1].hasPrefix("-") {
      let word = arguments[1]
      let hint =
        nearest(arguments[1]).map { "; did you mean '\($0)'?" }
        ?? " (commands: \(names.filter { $0 != "help" }.joined(separator: ", ")))"
      outcome.error("help: no command '\(word)'\(hint)")
      return outcome
    }
    guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first), access(first, F_OK) != 0,
      let near = nearest(first)
    else { return nil }
    outcome.error("'\(first)' is neither a command nor a file; did you mean '\(near)'? (see 'tcalog --help')")
    return outcome
  }

  /// Levenshtein distance over characters.
  package static func editDistance(_ a: String, _ b: String) -> Int {
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
