import Foundation
import Testing

/// The shell completions `make install` generates, as a shell uses them.
struct ShellCLITests {
  static let hasBash = FileManager.default.isExecutableFile(atPath: "/bin/bash")

  static func script(_ shell: String) -> String {
    String(decoding: runTCALog(["--generate-completion-script", shell]).stdout, as: UTF8.self)
  }

  /// The body of one generated shell function, from its name to the closing brace.
  static func function(_ name: String, in script: String) -> String {
    guard let start = script.range(of: "\n\(name)() {\n") else { return "" }
    let rest = script[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)])
  }

  @Test func logFilesAndFilterFilesCompleteAsFiles() throws {
    let zsh = Self.script("zsh")
    for command in ["_tcalog_filter", "_tcalog_report", "_tcalog_records", "_tcalog_chains"] {
      #expect(Self.function(command, in: zsh).contains("'*:files:_files'"), "\(command)")
    }
    #expect(
      Self.function("_tcalog_filter", in: zsh).contains(
        "--filters[A filter repository file of named action-path patterns, for --only.]:file:_files'"))
    #expect(
      Self.function("_tcalog_filter", in: zsh).contains(
        "--exclude-filters[Drop records that any entry of this filter file matches (repeatable).]:file:_files'"))
    let bash = Self.script("bash")
    #expect(Self.function("_tcalog_report", in: bash).contains("'--filters')\n        __tcalog_add_completions -f"))
    // Enum values keep their own lists.
    #expect(
      Self.function("_tcalog_filter", in: bash).contains(
        "__tcalog_add_completions -W 'raw'$'\\n''ndjson'$'\\n''oneline'$'\\n''count'"))
  }

  /// Runs bash's completion function as `tcalog WORDS<TAB>` would, in a folder holding
  /// app.log and filters.txt; returns the offered words.
  static func complete(_ words: [String]) throws -> [String] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-complete-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["app.log", "filters.txt"] {
      _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: nil)
    }
    try Data(script("bash").utf8).write(to: dir.appendingPathComponent("tcalog.bash"))
    let line = (["tcalog"] + words).joined(separator: " ")
    let driver = """
      source ./tcalog.bash
      COMP_WORDS=(\(( ["tcalog"] + words).map { "'\($0)'" }.joined(separator: " ")))
      COMP_CWORD=\(words.count)
      COMP_LINE='\(line)'
      COMP_POINT=${#COMP_LINE}
      COMPREPLY=()
      _tcalog tcalog "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", driver]
    process.currentDirectoryURL = dir
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
  }

  @Test(.enabled(if: hasBash, "no /bin/bash to run the completion in"))
  func bashCompletesFileNames() throws {
    #expect(try Self.complete(["filter", "ap"]) == ["app.log"])
    #expect(try Self.complete(["records", "ap"]) == ["app.log"])
    #expect(try Self.complete(["filter", "--filters", "fil"]) == ["filters.txt"])
    #expect(try Self.complete(["filter", "--format", "o"]) == ["oneline"])
  }

  /// The default command completes as `report` does: `tcalog Sam<TAB>` (the README's first
  /// usage) offers files, and the command names only for the first word.
  @Test(.enabled(if: hasBash, "no /bin/bash to run the completion in"))
  func bashCompletesTheDefaultCommand() throws {
    #expect(try Self.complete(["ap"]) == ["app.log"])
    #expect(try Self.complete(["fi"]) == ["filter", "filters.txt"])
    #expect(try Self.complete(["app.log", "fil"]) == ["filters.txt"])
    #expect(try Self.complete(["app.log", "--format", "j"]) == ["json"])
    #expect(try Self.complete(["--since", "-5m", "ap"]) == ["app.log"])
  }

  /// An executable named `name` in /usr/bin or /bin (`.ci/run` installs zsh and fish).
  static func shell(_ name: String) -> String? {
    ["/usr/bin/" + name, "/bin/" + name].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A folder holding app.log and filters.txt, and `script` as `name`: what a shell
  /// completes in; removed after `body`.
  static func inCompletionFolder<T>(script name: String, _ script: String, _ body: (URL) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-complete-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["app.log", "filters.txt"] {
      _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: nil)
    }
    try Data(script.utf8).write(to: dir.appendingPathComponent(name))
    return try body(dir)
  }

  /// Runs `shell` with `arguments` in `dir` (HOME there too, so that no configuration of
  /// the machine's is read or written); returns its standard output.
  static func run(_ shell: String, _ arguments: [String], in dir: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = arguments
    process.currentDirectoryURL = dir
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = dir.path
    environment["XDG_CONFIG_HOME"] = dir.appendingPathComponent(".config").path
    environment["XDG_DATA_HOME"] = dir.appendingPathComponent(".local/share").path
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// What zsh offers for `line` + TAB with the generated `_tcalog` loaded by compinit: an
  /// interactive zsh on a pseudo-terminal (zpty), its `compadd` wrapped to print each match
  /// it adds, the line typed, TAB pressed, and the shell left as soon as completion ends.
  static func zshComplete(_ line: String) throws -> [String] {
    let setup = #"""
      PROMPT=
      fpath=($PWD $fpath)
      autoload -U compinit
      compinit -u -D
      bindkey '^I' complete-word
      zstyle ':completion:*' insert-tab false
      comppostfuncs=( __tcalog_test_end )
      __tcalog_test_end() { print -r -- '<<<end>>>'; exit }
      compadd() {
        # -O, -A and -D only collect matches for the caller: they offer nothing.
        if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
          builtin compadd "$@"
          return $?
        fi
        local -a __tcalog_hits
        builtin compadd -A __tcalog_hits "$@"
        local hit
        for hit in $__tcalog_hits; do print -r -- "match:$hit"; done
        builtin compadd "$@"
      }
      print -r -- '<<<ready>>>'

      """#
    let driver = #"""
      zmodload zsh/zpty || exit 3
      zpty tcalog zsh -f -i
      zpty -w tcalog "source ${(q)PWD}/setup.zsh"
      local line
      while zpty -r tcalog line; do [[ $line == *'<<<ready>>>'* ]] && break; done
      zpty -w -n tcalog "$1"$'	'
      while zpty -r tcalog line; do
        [[ $line == *'<<<end>>>'* ]] && break
        # The first match shares its line with the redrawn command line.
        [[ $line == *match:* ]] && print -r -- ${line##*match:}
      done
      zpty -d tcalog

      """#
    return try inCompletionFolder(script: "_tcalog", script("zsh")) { dir in
      try Data(setup.utf8).write(to: dir.appendingPathComponent("setup.zsh"))
      try Data(driver.utf8).write(to: dir.appendingPathComponent("drive.zsh"))
      let output = try run(shell("zsh")!, ["-f", "drive.zsh", line], in: dir)
      // The terminal ends its lines with CR LF.
      return output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }.sorted()
    }
  }

  /// What fish offers for `line` (`complete -C`), the generated script sourced; the
  /// candidates without their descriptions.
  static func fishComplete(_ line: String) throws -> [String] {
    try inCompletionFolder(script: "tcalog.fish", script("fish")) { dir in
      let quoted = "'" + line.replacingOccurrences(of: "'", with: "\\'") + "'"
      let output = try run(
        shell("fish")!, ["--no-config", "-c", "source ./tcalog.fish; complete -C \(quoted)"], in: dir)
      return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }
  }

  /// zsh: the default command completes as `report` does (`tcalog Sam<TAB>` offers files),
  /// the command names only for the first word.
  @Test(.enabled(if: shell("zsh") != nil, "no zsh (.ci/run installs it)"))
  func zshCompletesTheDefaultCommand() throws {
    #expect(try Self.zshComplete("tcalog ap") == ["app.log"])
    #expect(try Self.zshComplete("tcalog fi") == ["filter", "filters.txt"])
    #expect(try Self.zshComplete("tcalog report ap") == ["app.log"])
    #expect(try Self.zshComplete("tcalog app.log fil") == ["filters.txt"])
    #expect(try Self.zshComplete("tcalog filter --filters fil") == ["filters.txt"])
  }

  /// fish: the same, through the script's token parser.
  @Test(.enabled(if: shell("fish") != nil, "no fish (.ci/run installs it)"))
  func fishCompletesTheDefaultCommand() throws {
    #expect(try Self.fishComplete("tcalog ap") == ["app.log"])
    #expect(try Self.fishComplete("tcalog fi") == ["filter", "filters.txt"])
    #expect(try Self.fishComplete("tcalog report ap") == ["app.log"])
    #expect(try Self.fishComplete("tcalog app.log fil") == ["filters.txt"])
    #expect(try Self.fishComplete("tcalog app.log --format j") == ["json"])
    #expect(try Self.fishComplete("tcalog filter --filters fil") == ["filters.txt"])
    #expect(try Self.fishComplete("tcalog filter --format o") == ["oneline"])
  }

  static let hasMake = FileManager.default.isExecutableFile(atPath: "/usr/bin/make")

  static func make(_ arguments: [String], home: String) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    process.environment = environment
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stderr)
  }

  /// `make install PREFIX=~/x` as zsh passes it (a literal '~'): into $HOME/x, not ./~;
  /// uninstall leaves no empty folder it made behind. `-o build` skips the release build:
  /// the debug binary is installed instead.
  @Test(.enabled(if: hasMake, "no make"))
  func installExpandsATildePrefixAndUninstallLeavesNoEmptyFolders() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-home-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let install = try Self.make(["-o", "build", "install", "PREFIX=~/inst", "TCALOG=\(binary.path)"], home: home.path)
    #expect(install.status == 0, "\(install.stderr)")
    #expect(FileManager.default.isExecutableFile(atPath: home.appendingPathComponent("inst/bin/tcalog").path))
    #expect(
      FileManager.default.fileExists(atPath: home.appendingPathComponent("inst/share/zsh/site-functions/_tcalog").path))
    #expect(!FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("~").path))
    let uninstall = try Self.make(["uninstall", "PREFIX=~/inst"], home: home.path)
    #expect(uninstall.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("inst").path) == [])
    let relative = try Self.make(["install", "PREFIX=inst"], home: home.path)
    #expect(relative.status != 0 && relative.stderr.contains("PREFIX must be an absolute path"))
  }
}
