import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

struct SuggestTests {
  static let log = """
    received action:
      AppAction.windows(.window(windowID: 1, action: .hover(.entered)))
      (No state changes)

    received action:
      AppAction.windows(.window(windowID: 1, action: .hover(.exited)))
      (No state changes)

    received action:
      AppAction.timerTicked
      (No state changes)

    """

  static func summary(_ text: String, repeating n: Int = 20) throws -> ReportSummary {
    var agg = ReportAggregator(collectsShapes: true)
    let (records, statistics, _) = try parse(String(repeating: text, count: n))
    for r in records { agg.add(r.content) }
    agg.statistics = statistics
    return agg.summary()
  }

  @Test func closurePatternFollowsLabelsAndMergesSiblings() throws {
    var options = SuggestOptions()
    options.target = 0.5
    let set = Suggester(options: options).suggest(try Self.summary(Self.log))
    let s = try #require(set.suggestions.first)
    #expect(s.path == "windows.window.hover")
    #expect(s.name == "windowsWindowHover")
    #expect(s.closurePattern == ".windows(.window(_, action: .hover))")
    #expect(s.keyPathSegments == ["windows", "window"])
    #expect(s.regex == #"^windows\.window\.hover(\.|$)"#)
  }

  /// The header's noise share is what the entries below silence: lines the repository
  /// already silences are said apart, not counted as noise "silenced below".
  @Test func headerSaysWhatTheRepositoryAlreadySilences() throws {
    let silencer = PrefixSilencer([("hover", "windows.window.hover")])
    let set = Suggester(silencer: silencer).suggest(try Self.summary(Self.log))
    let header = SuggestionPrinter().header(set)
    #expect(header.contains("// The filter repository already silences 72.7 % of lines, left out of the shares below:"))
    #expect(header.contains("noise 27.3 % (silenced below)"))
    let plain = SuggestionPrinter().header(Suggester().suggest(try Self.summary(Self.log)))
    #expect(!plain.contains("already silences"))
  }

  /// Entries that all select by key path have no pattern to preview: no empty command.
  @Test func noPreviewLineWithoutACommand() throws {
    var set = Suggester().suggest(try Self.summary(Self.log))
    #expect(SuggestionPrinter().footer(set).contains("// Preview the log without them:\n//   tcalog filter"))
    for i in set.suggestions.indices { set.suggestions[i].keyPath = "\\.text" }
    let footer = SuggestionPrinter().footer(set)
    #expect(!footer.contains("Preview"))
    #expect(footer.contains("only, in Swift)"))
  }

  @Test func silencedEntriesAreNotSuggestedAgain() throws {
    let silencer = PrefixSilencer([("hover", "windows.window.hover")])
    let set = Suggester(silencer: silencer).suggest(try Self.summary(Self.log))
    #expect(!set.suggestions.contains { $0.path.hasPrefix("windows") })
    #expect(set.kept.contains { $0.reason == .silenced && $0.detail == "hover" })
  }

  @Test func keywordsAreEscapedAndInjectionNeverReachesCode() throws {
    let text = """
      received action:
        AppAction.default(.in)
        (No state changes)

      received action:
        AppAction.x) }; import Foundation; exit(0); //(
        (No state changes)

      received action:
        AppAction.good(.tick)
        (No state changes)

      """
    var options = SuggestOptions()
    options.target = 1
    let set = Suggester(options: options).suggest(try Self.summary(text))
    let code = SuggestionPrinter().render(set)
    #expect(!code.contains("import Foundation"))
    #expect(!code.contains("exit(0)"))
    #expect(code.contains("static var `default`: Self") || code.contains("defaultIn"))
    #expect(code.contains("if case .`default`(.`in`) = action"))
    for line in code.split(separator: "\n")
    where !line.hasPrefix("//") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
      #expect(!line.contains(";"))
    }
  }

  /// An action `all` (or `not`, `anyOf`, …) gets an entry name that is not a member of
  /// `ActionFilter`: `static var all` shadowed `ActionFilter.all` (issue 42, row 15).
  @Test func entryNamesNeverShadowActionFilterMembers() throws {
    var options = SuggestOptions()
    options.target = 1
    for member in ["all", "not", "anyOf", "allExcept", "isIncluded"] {
      let text = "received action:\n  AppAction.\(member)(1)\n  (No state changes)\n\n"
      let set = Suggester(options: options).suggest(try Self.summary(text))
      let names = set.suggestions.map(\.name) + set.candidates.map(\.name)
      #expect(names == [member + "Actions"], "\(member)")
      let code = SuggestionPrinter(includeType: true).render(set)
      #expect(code.components(separatedBy: "static var \(member):").count == (member == "all" ? 2 : 1), "\(member)")
    }
  }

  @Test func namesCollideIntoUnderscoredSegments() {
    #expect(SwiftIdentifier.camelName(["a", "bC"]) == SwiftIdentifier.camelName(["aB", "c"]))
    #expect(SwiftIdentifier.plain("`class`") == "class")
    #expect(SwiftIdentifier.plain("_") == nil)
    #expect(SwiftIdentifier.plain("x)") == nil)
    #expect(SwiftIdentifier.typeName("Identifier<X>") == nil)
  }
}

/// Generated closure code compiles against stub enums synthesized from the log, and the
/// compiled filter silences exactly the actions the suggestion set predicts.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: SwiftCompiler.path) && Repository.hasPython,
    "swiftc or python3 is absent: compile check skipped"))
struct SuggestCompileTests {
  @Test(arguments: ["diffing", "tca1"])
  func generatedClosureCodeCompilesAndFiltersAsPredicted(_ format: String) throws {
    let (log, _, dir) = try generateLog(
      ["--format", format, "--seed", "31", "--action-format", "pretty"], name: "suggest-\(format)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let summary = try aggregate([log], shapes: true).summary()
    var options = SuggestOptions()
    options.target = 0.6
    options.depth = 3
    let set = Suggester(options: options).suggest(summary)
    try #require(!set.suggestions.isEmpty)
    let root = set.suggestions[0].root
    let (stubs, main) = try #require(StubSynthesizer.synthesize(summary, set: set, root: root))
    let generated = SuggestionPrinter(includeType: true).render(set)
    try stubs.write(to: dir.appendingPathComponent("Stub.swift"), atomically: true, encoding: .utf8)
    try generated.write(to: dir.appendingPathComponent("Generated.swift"), atomically: true, encoding: .utf8)
    try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let exe = dir.appendingPathComponent("check").path
    let compile = try SwiftCompiler.run(
      ["-swift-version", "6", "-Onone", "-o", exe]
        + ["Stub.swift", "Generated.swift", "main.swift"].map { dir.appendingPathComponent($0).path })
    try #require(compile.status == 0, "swiftc failed:\n\(compile.output)")
    let run = try SwiftCompiler.run([], executable: exe)
    try #require(run.status == 0)
    var checked = 0
    for line in run.output.split(separator: "\n") {
      let parts = line.split(separator: " ")
      let path = String(parts[0])
      let expected = set.silences(root: root, path: path) ? "silenced" : "kept"
      #expect(String(parts[1]) == expected, "\(path)")
      checked += 1
    }
    #expect(checked == summary.actions.filter { $0.root == root }.count)
  }
}

enum SwiftCompiler {
  /// `swiftc` from PATH (the toolchain that runs these tests is usually first there).
  static let path: String = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let candidates = directories.map { $0 + "/swiftc" } + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
  }()
  static func run(_ arguments: [String], executable: String = path) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
