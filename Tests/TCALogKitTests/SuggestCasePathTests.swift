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

/// The `casepath` style compiles against swift-case-paths' `@CasePathable` enums and
/// silences exactly what the suggestions predict. Heavy (it builds swift-case-paths and
/// its macros, a minute or more the first time), so it runs when asked:
/// `TCALOG_CASEPATH_CHECK=1 swift test --filter SuggestCasePathTests` (`.ci/run` does).
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["TCALOG_CASEPATH_CHECK"] == "1",
    "set TCALOG_CASEPATH_CHECK=1 to compile the casepath style against swift-case-paths"))
struct SuggestCasePathTests {
  @Test func generatedCasePathCodeCompilesAndFiltersAsPredicted() throws {
    let sample = Repository.root.appendingPathComponent("Samples/browser-session.log").path
    let summary = try aggregate([sample], shapes: true).summary()
    let set = Suggester(options: SuggestOptions()).suggest(summary)
    let root = try #require(set.suggestions.first?.root)
    let (stubs, stubMain) = try #require(StubSynthesizer.synthesize(summary, set: set, root: root, casePathable: true))
    let printer = SuggestionPrinter(style: .casepath, includeType: true)
    let generated = printer.render(set)
    // Entries whose case key path reaches their path use `$0.is(…)`; the others (a case
    // with several payload values on the way) fall back to an `if case` pattern.
    let names = set.suggestions.filter { $0.root == root }.map { "." + $0.name }
    #expect(set.suggestions.contains { $0.keyPathReachesPath } && set.suggestions.contains { !$0.keyPathReachesPath })
    var main = stubMain.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    let filterLine = "let filter = ActionFilter<\(root)>.allExcept([" + names.joined(separator: ", ") + "])\n"
    main = filterLine + "let printer = _ReducerPrinter<Int, \(root)>.customDump(filter: filter)\n" + main

    // A package of its own beside .build (git ignores .build-*), kept between runs so the
    // macro build is paid once per machine.
    let package = Repository.root.appendingPathComponent(".build-casepath")
    let sources = package.appendingPathComponent("Sources/Check")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    let manifest = """
      // swift-tools-version:6.0
      import PackageDescription
      let package = Package(
        name: "CasePathCheck", platforms: [.macOS(.v13)],
        dependencies: [.package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0")],
        targets: [.executableTarget(name: "Check", dependencies: [.product(name: "CasePaths", package: "swift-case-paths")])]
      )

      """
    try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    // TCA does not build on Linux: CasePaths stands in for it, with a stub _ReducerPrinter.
    let printerStub = """
      import Foundation

      public struct _ReducerPrinter<State, Action>: Sendable {
        private let change: @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
        public init(printChange: @escaping @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void, queue: DispatchQueue? = nil) {
          change = printChange
        }
        public func printChange(receivedAction: Action, oldState: State, newState: State) {
          change(receivedAction, oldState, newState)
        }
        public static var customDump: Self { Self { _, _, _ in } }
        public static var actionLabels: Self { Self { _, _, _ in } }
      }

      """
    try (stubs + "\n" + printerStub).write(
      to: sources.appendingPathComponent("Stub.swift"), atomically: true, encoding: .utf8)
    #expect(generated.contains("extension _ReducerPrinter where Action: FilterableAction"))
    try generated.replacingOccurrences(of: "import ComposableArchitecture", with: "import CasePaths")
      .write(to: sources.appendingPathComponent("Generated.swift"), atomically: true, encoding: .utf8)
    try main.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

    let swift = URL(fileURLWithPath: SwiftCompiler.path).deletingLastPathComponent().appendingPathComponent("swift")
      .path
    let build = try SwiftCompiler.run(["build", "--package-path", package.path, "-c", "debug"], executable: swift)
    try #require(build.status == 0, "swift build failed:\n\(build.output.suffix(4000))")
    let run = try SwiftCompiler.run([], executable: package.appendingPathComponent(".build/debug/Check").path)
    try #require(run.status == 0, "\(run.output)")
    var checked = 0
    for line in run.output.split(separator: "\n") {
      let parts = line.split(separator: " ")
      let expected = set.silences(root: root, path: String(parts[0])) ? "silenced" : "kept"
      #expect(String(parts[1]) == expected, "\(line)")
      checked += 1
    }
    #expect(checked > 0)
    // The printer the footer tells users to paste compiles too.
    #expect(
      generated.contains("._printChanges(.customDump(filter: .allExcept(" + names.joined(separator: ", ") + ")))"))
  }
}
