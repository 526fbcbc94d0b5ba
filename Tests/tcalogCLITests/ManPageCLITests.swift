import Foundation
import Testing

/// The man page documents every subcommand and option that `--help` shows, `--version`
/// prints the version, and completion scripts are generated for the three shells.
struct ManPageCLITests {
  static let manPage =
    (try? String(contentsOf: Binary.root.appendingPathComponent("man/tcalog.1"), encoding: .utf8)) ?? ""
  static let subcommands = ["report", "filter", "records", "suggest", "chains", "view"]

  /// Long options in a help text (`--format <format>` → `format`).
  static func longOptions(_ help: String) -> Set<String> {
    var names = Set<String>()
    for line in help.split(separator: "\n") where line.hasPrefix("  -") || line.hasPrefix("  --") {
      for word in line.split(separator: " ") where word.hasPrefix("--") {
        let name = word.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        if !name.isEmpty { names.insert(String(name)) }
      }
    }
    return names
  }

  @Test func everyOptionOfEveryCommandIsInTheManPage() throws {
    try #require(!Self.manPage.isEmpty, "man/tcalog.1 is missing")
    let top = try Binary.run(["--help"])
    #expect(top.status == 0)
    for command in Self.subcommands {
      #expect(top.stdout.contains(command), "--help lacks \(command)")
      #expect(
        Self.manPage.contains(".Cm \(command)") || Self.manPage.contains("\(command.uppercased()) COMMAND"),
        "man page lacks the \(command) command")
      let help = try Binary.run([command, "--help"])
      #expect(help.status == 0)
      let options = Self.longOptions(help.stdout)
      #expect(!options.isEmpty)
      for option in options {
        #expect(Self.manPage.contains("Fl -\(option)"), "man page lacks \(command) --\(option)")
      }
    }
  }

  static let mandoc = ["/usr/bin/mandoc", "/usr/local/bin/mandoc", "/opt/homebrew/bin/mandoc"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(.enabled(if: mandoc != nil, "mandoc is absent: man page lint skipped (.ci/run installs it)"))
  func manPageIsLintClean() throws {
    let mandoc = try #require(Self.mandoc)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: mandoc)
    process.arguments = ["-T", "lint", "-W", "warning", Binary.root.appendingPathComponent("man/tcalog.1").path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // mandoc.db staleness notes are about the machine, not the page.
    let problems = output.split(separator: "\n").filter { !$0.contains("mandoc.db") }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func versionIsPrinted() throws {
    let result = try Binary.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsAreGenerated(_ shell: String) throws {
    let result = try Binary.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    for command in Self.subcommands { #expect(result.stdout.contains(command)) }
    #expect(result.stdout.contains("since"))
  }
}
