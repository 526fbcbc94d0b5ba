import Foundation
import TCALogKit
import Testing

/// The TCA 1.x glue `suggest` writes compiles as an app compiles it: against a stand-in
/// ComposableArchitecture module that declares `_ReducerPrinter` as TCA 1.x does
/// (Fixtures/ComposableArchitecture.swift), and TCALogFilter as this package built it.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: Toolchain.swiftc) && Toolchain.modules != nil,
    "swiftc or the built modules are absent: glue compile check skipped"))
struct GlueTests {
  static let app = """
    import TCALogFilter

    struct Feature: Reducer {
      typealias State = Int
      enum Action: Sendable { case tick, tap(Int) }
    }

    extension ActionFilter where Action == Feature.Action {
      static var tick: Self {
        Self { action in
          if case .tick = action { return true }
          return false
        }
      }
    }

    // The lines the README tells an app to add.
    let reducer = Feature()._printChanges(.tcalog(.allExcept(.tick)))
    let toFile = Feature()._printChanges(.tcalog(.allExcept(.tick), write: ChangePrinterOutput.file("/tmp/app.log")))
    let atLaunch = Feature()._printChanges(.tcalog(.allExcept(.tick, .matching(FilterFile.load("/tmp/.tcalog-filters")))))
    let everything: _ReducerPrinter<Int, Feature.Action> = .tcalog()

    """

  func compile(_ source: String, standIn: Bool) throws -> (status: Int32, output: String) {
    try compile(files: ["main.swift": source], standIn: standIn)
  }

  /// Type-checks `files` (name: source) as one module, as an app target's files are.
  func compile(files: [String: String], standIn: Bool) throws -> (status: Int32, output: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-glue-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var includes = ["-I", Toolchain.modules!]
    if standIn {
      let emit = try Toolchain.run([
        "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "ComposableArchitecture",
        "-emit-module-path", dir.appendingPathComponent("ComposableArchitecture.swiftmodule").path,
        testsFolder.appendingPathComponent("Fixtures/ComposableArchitecture.swift").path,
      ])
      try #require(emit.status == 0, "\(emit.output)")
      includes += ["-I", dir.path]
    }
    var paths: [String] = []
    for (name, source) in files.sorted(by: { $0.key < $1.key }) {
      let file = dir.appendingPathComponent(name)
      try source.write(to: file, atomically: true, encoding: .utf8)
      paths.append(file.path)
    }
    return try Toolchain.run(["-swift-version", "6", "-typecheck"] + includes + paths)
  }

  @Test func glueCompilesAgainstTCAsPrinterAndAppsUseIt() throws {
    let result = try compile(SuggestionPrinter.tcaGlue + Self.app, standIn: true)
    #expect(result.status == 0, "\(result.output)")
    // The same file without the glue does not compile: the app lines need it.
    let withoutGlue = try compile("import ComposableArchitecture\n" + Self.app, standIn: true)
    #expect(withoutGlue.status != 0)
    #expect(withoutGlue.output.contains("tcalog"))
  }

  /// Two suggest files in one app target, one per feature (root action type), as a team
  /// adds them: each file's glue is for its own roots, so `tcalog` is not declared twice,
  /// and each feature's reducer takes its filter. A glue for every action type (the
  /// README's, added by hand) may sit beside them.
  @Test func suggestFilesOfTwoFeaturesCompileInOneTarget() throws {
    let app = try SuggestOutputTests.suggest(Session.log { $0.app }, style: .closure)
    let browser = try SuggestOutputTests.suggest(Session.log { $0.browser }, style: .casepath)
    #expect(app.contains("extension _ReducerPrinter where Action == AppAction {"))
    #expect(browser.contains("extension _ReducerPrinter where Action == Browser.Action {"))
    let enums = try String(contentsOf: testsFolder.appendingPathComponent("AppActions.swift"), encoding: .utf8)
    let use = """
      import ComposableArchitecture
      import TCALogFilter

      struct AppFeature: Reducer {
        typealias State = Int
        typealias Action = AppAction
      }
      struct BrowserFeature: Reducer {
        typealias State = Int
        typealias Action = Browser.Action
      }
      let app = AppFeature()._printChanges(.tcalog(.allExcept(.timerTicked, .windowsWindowHover)))
      let browser = BrowserFeature()._printChanges(.tcalog(.allExcept(.timerTicked, .sidebarSyncTick)))

      """
    var files = ["main.swift": use, "AppActions.swift": enums, "NoisyApp.swift": app, "NoisyBrowser.swift": browser]
    let result = try compile(files: files, standIn: true)
    #expect(result.status == 0, "\(result.output)")
    files["Glue.swift"] = "import TCALogFilter\n" + SuggestionPrinter.tcaGlue
    let withHandWritten = try compile(files: files, standIn: true)
    #expect(withHandWritten.status == 0, "\(withHandWritten.output)")
  }

  /// The README's glue for every action type, with its second function, which takes a
  /// printer with options.
  static let readmeGlue = """
    extension _ReducerPrinter {
      static func tcalog(
        _ filter: ActionFilter<Action> = .all,
        write: @escaping @Sendable (String) -> Void = ChangePrinterOutput.standardOutput
      ) -> Self {
        let printer = ChangePrinter<State, Action>(filter: filter, write: write)
        return Self { action, oldState, newState in printer(action, oldState, newState) }
      }

      static func tcalog(_ printer: ChangePrinter<State, Action>) -> Self {
        Self { action, oldState, newState in printer(action, oldState, newState) }
      }
    }

    """

  /// The README's glue, and the line it gives for each feature of the printer, compile.
  @Test func readmeLinesOfEachFeatureCompile() throws {
    let readme = try String(
      contentsOf: testsFolder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "README.md"), encoding: .utf8)
    #expect(readme.contains(Self.readmeGlue), "README.md's glue is not the one compiled here")
    let app = """
      import ComposableArchitecture
      import TCALogFilter

      \(Self.readmeGlue)
      struct Feature: Reducer {
        typealias State = Int
        enum Action: Sendable { case tick, tap(Int) }
      }
      extension ActionFilter where Action == Feature.Action {
        static var tick: Self {
          Self { action in
            if case .tick = action { return true }
            return false
          }
        }
      }
      let plain = Feature()._printChanges(.tcalog(.allExcept(.tick)))
      let watched = Feature()._printChanges(.tcalog(ChangePrinter(onlyChanging: ["selectedTabID$", #"^todos\\[\\*\\]\\.isComplete$"#])))
      let reloaded = Feature()._printChanges(.tcalog(.allExcept(.tick, .matching(FilterFileWatcher.fromEnvironment()))))
      let debounced = Feature()._printChanges(.tcalog(ChangePrinter(filter: .allExcept(.tick), debounce: 0.5)))
      let costly = Feature()._printChanges(.tcalog(ChangePrinter(filter: .allExcept(.tick), costSummaryEvery: 60)))
      let json = Feature()._printChanges(
        .tcalog(ChangePrinter(filter: .allExcept(.tick), style: .jsonLines, write: ChangePrinterOutput.file("/tmp/app.ndjson"))))
      let background = Feature()._printChanges(.tcalog(ChangePrinter(filter: .allExcept(.tick), delivery: .background)))

      """
    let result = try compile(app, standIn: true)
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func glueIsLeftOutWhereTCAIsAbsent() throws {
    let result = try compile("import TCALogFilter\n" + SuggestionPrinter.tcaGlue, standIn: false)
    #expect(result.status == 0, "\(result.output)")
    let broken = try compile(
      "import TCALogFilter\n" + SuggestionPrinter.tcaGlue + "let x: _ReducerPrinter<Int, Int>? = nil\n", standIn: false)
    #expect(broken.status != 0)
  }
}

enum Toolchain {
  /// `swiftc` from PATH.
  static let swiftc: String = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let candidates = directories.map { $0 + "/swiftc" } + ["/usr/bin/swiftc"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
  }()

  /// The build's module folder (`.build/<triple>/debug/Modules`), where TCALogFilter's module is.
  static let modules: String? = {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    for _ in 0..<4 {
      dir.deleteLastPathComponent()
      for candidate in [dir.appendingPathComponent("Modules"), dir] {
        let module = candidate.appendingPathComponent("TCALogFilter.swiftmodule").path
        if FileManager.default.fileExists(atPath: module) { return candidate.path }
      }
    }
    return nil
  }()

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc)
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
