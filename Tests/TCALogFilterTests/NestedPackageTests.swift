import Foundation
import TCALogFilter
import TCALogKit
import Testing

/// An app package that depends on this one with the README's line (`.package(url: …,
/// branch: "main")`, the URL a clone of this package's files on `main`) and uses only the
/// TCALogFilter product builds what the `tcalog` binary's `suggest` writes, in both styles,
/// for two features of one target, the TCA glue included (a stand-in ComposableArchitecture
/// module of the package, as in GlueTests), and runs it: the suggested filters drop the
/// noise and keep the signal; `onlyChanging:`, the filter file named by `TCALOG_FILTERS` and
/// read again when it changes, the cost summary and the JSON-lines printer do what they say,
/// and `TCALOG_PRINT=0` silences it all. Slow (SwiftPM resolves and builds swift-custom-dump
/// for the package), so it runs when asked:
/// `TCALOG_PACKAGE_CHECK=1 swift test --filter NestedPackageTests` (`.ci/run` does).
/// Resolved offline: the package mirrors this package's dependencies to the checkouts
/// under `.build` of this one.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["TCALOG_PACKAGE_CHECK"] == "1",
    "set TCALOG_PACKAGE_CHECK=1 to build a package that uses TCALogFilter from branch main"))
struct NestedPackageTests {
  static let root = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

  /// The `tcalog` binary of this build, beside its Modules folder.
  static var tcalogBinary: URL? {
    guard let modules = Toolchain.modules else { return nil }
    let folder = URL(fileURLWithPath: modules)
    return [folder.deletingLastPathComponent(), folder].map { $0.appendingPathComponent("tcalog") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-package-\(getpid())-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    // Through a file: a build's output can be larger than a pipe holds.
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
  }

  /// SwiftPM's mirrors (`.swiftpm/configuration/mirrors.json`) from each remote dependency
  /// of this package to its checkout under `.build`, so that the nested package resolves
  /// without the network; empty when this package's workspace state is not there.
  static func mirrors() throws -> String {
    let state = root.appendingPathComponent(".build/workspace-state.json")
    var entries: [[String: String]] = []
    if let data = try? Data(contentsOf: state),
      let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let dependencies = (json["object"] as? [String: Any])?["dependencies"] as? [[String: Any]]
    {
      for dependency in dependencies {
        guard let reference = dependency["packageRef"] as? [String: Any],
          reference["kind"] as? String == "remoteSourceControl", let location = reference["location"] as? String,
          let subpath = dependency["subpath"] as? String
        else { continue }
        let checkout = root.appendingPathComponent(".build/checkouts/" + subpath)
        guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent(".git").path) else { continue }
        entries.append(["original": location, "mirror": checkout.path])
      }
    }
    let data = try JSONSerialization.data(
      withJSONObject: ["version": 1, "object": entries], options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// This package as a git repository whose branch `main` holds the working tree's files
  /// (tracked and new, as `git ls-files` lists them), so that the app package depends on it
  /// with the README's line, `.package(url: …, branch: "main")`, and SwiftPM clones it.
  static func repositoryOnMain(at clone: URL) throws -> URL {
    try? FileManager.default.removeItem(at: clone)
    try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true)
    let listed = try run(
      "/usr/bin/env", ["git", "-C", root.path, "ls-files", "--cached", "--others", "--exclude-standard"])
    try #require(listed.status == 0, "\(listed.output)")
    for file in listed.output.split(separator: "\n").map(String.init) {
      let source = root.appendingPathComponent(file)
      guard FileManager.default.fileExists(atPath: source.path) else { continue }
      let target = clone.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: target)
    }
    for arguments in [
      ["init", "-q", "-b", "main"], ["add", "-A"],
      ["-c", "user.name=tcalog", "-c", "user.email=tcalog@localhost", "commit", "-q", "-m", "main"],
    ] {
      let git = try run("/usr/bin/env", ["git", "-C", clone.path] + arguments)
      try #require(git.status == 0, "git \(arguments): \(git.output)")
    }
    return clone
  }

  /// The app's enums, as the session's log prints them (`AppAction`, `Browser.Action`), and
  /// `is(_:)` standing in for `@CasePathable`'s in the casepath style's `$0.is(\.a.b)`.
  static let enums = """
    import ComposableArchitecture
    import TCALogFilter

    enum AppAction: Equatable, Sendable {
      case windows(WindowsAction)
      case timerTicked
      case sidebarSync(SyncAction)
      case search(SearchAction)
      case todo(id: Int, action: TodoAction)
    }
    enum WindowsAction: Equatable, Sendable { case window(windowID: Int, action: WindowAction) }
    enum WindowAction: Equatable, Sendable {
      case hover(HoverAction)
      case mouseMoved(x: Double, y: Double)
      case tab(TabAction)
    }
    enum HoverAction: Equatable, Sendable { case entered, exited }
    enum TabAction: Equatable, Sendable { case selected(id: Int) }
    enum SyncAction: Equatable, Sendable { case tick }
    enum SearchAction: Equatable, Sendable { case submitted(query: String) }
    enum TodoAction: Equatable, Sendable { case toggled }

    struct AppFeature: Reducer {
      typealias State = Int
      typealias Action = AppAction
    }

    struct Browser: Reducer {
      typealias State = Int
      enum Action: Equatable, Sendable {
        case windows(WindowsAction)
        case timerTicked
        case sidebarSync(SyncAction)
        case search(SearchAction)
        case todo(id: Int, action: TodoAction)
      }
    }

    @dynamicMemberLookup
    struct CaseNames {
      var names: [String] = []
      subscript(dynamicMember name: String) -> CaseNames { CaseNames(names: names + [name]) }
    }

    extension Browser.Action {
      func `is`(_ keyPath: KeyPath<CaseNames, CaseNames>) -> Bool {
        ActionPath.segments(of: self).starts(with: CaseNames()[keyPath: keyPath].names)
      }

      init(_ action: AppAction) {
        switch action {
        case .windows(let a): self = .windows(a)
        case .timerTicked: self = .timerTicked
        case .sidebarSync(let a): self = .sidebarSync(a)
        case .search(let a): self = .search(a)
        case .todo(let id, let a): self = .todo(id: id, action: a)
        }
      }
    }

    """

  /// The line of suggest's footer that installs the filters (`X()._printChanges(.tcalog(…))`).
  static func installLine(_ output: String) throws -> String {
    let line = try #require(
      output.split(separator: "\n").first { $0.hasPrefix("// ") && $0.contains("._printChanges(.tcalog(.allExcept(") },
      "no ._printChanges line in:\n\(output)")
    return String(line.dropFirst(3))
  }

  @Test func suggestOutputOfBothStylesBuildsAndRunsInAnAppPackage() throws {
    let tcalog = try #require(Self.tcalogBinary, "the tcalog binary is not built")
    let package = Self.root.appendingPathComponent(".build-package-check")
    let sources = package.appendingPathComponent("Sources/App")
    let standIn = package.appendingPathComponent("Sources/ComposableArchitecture")
    for folder in [sources, standIn, package.appendingPathComponent(".swiftpm/configuration")] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    // The session's two logs, one per feature, and what the binary suggests for each.
    var outputs: [String] = []
    for (name, style, log) in [
      ("app", "closure", Session.log { $0.app }), ("browser", "casepath", Session.log { $0.browser }),
    ] {
      let path = package.appendingPathComponent("\(name).log").path
      try log.write(toFile: path, atomically: true, encoding: .utf8)
      let suggest = try Self.run(tcalog.path, ["suggest", "--style", style, path])
      try #require(suggest.status == 0, "\(suggest.output)")
      outputs.append(suggest.output)
    }
    let (closure, casepath) = (outputs[0], outputs[1])
    #expect(closure.contains("if case .windows(.window(_, action: .mouseMoved)) = action"))
    #expect(casepath.contains("$0.is(\\.timerTicked)"))
    for output in outputs {
      #expect(output.contains("import TCALogFilter\n") && output.contains("extension _ReducerPrinter where Action =="))
    }
    let appLine = try Self.installLine(closure).replacingOccurrences(of: "yourReducer.", with: "AppFeature().")
    let browserLine = try Self.installLine(casepath)
    #expect(browserLine.hasPrefix("Browser()._printChanges(.tcalog(.allExcept("))

    // The README's dependency line, resolved from a clone on `main`.
    let repository = try Self.repositoryOnMain(at: package.appendingPathComponent("tcalog"))
    let manifest = """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "PackageCheck", platforms: [.macOS(.v13)],
        dependencies: [.package(url: "\(repository.absoluteString)", branch: "main")],
        targets: [
          .target(name: "ComposableArchitecture"),
          .executableTarget(
            name: "App",
            dependencies: [.product(name: "TCALogFilter", package: "tcalog"), "ComposableArchitecture"]),
        ]
      )

      """
    // Each session event once, noise and signal, through both features' printers: what
    // they print is `_printChanges()`'s text of the actions their filters let through.
    let main = """
      import ComposableArchitecture
      import Foundation
      import TCALogFilter

      let events: [AppAction] = [
        .timerTicked, .sidebarSync(.tick),
        .windows(.window(windowID: 1, action: .hover(.entered))),
        .windows(.window(windowID: 1, action: .hover(.exited))),
        .windows(.window(windowID: 1, action: .mouseMoved(x: 120, y: 10))),
        .windows(.window(windowID: 1, action: .tab(.selected(id: 3)))),
        .todo(id: 2, action: .toggled),
        .search(.submitted(query: "tca")),
      ]
      let app = \(appLine)
      let browser = \(browserLine)
      for (n, action) in events.enumerated() {
        app.printer!.printChange(receivedAction: action, oldState: n, newState: n + 1)
      }
      for (n, action) in events.enumerated() {
        browser.printer!.printChange(receivedAction: Browser.Action(action), oldState: n, newState: n + 1)
      }

      // onlyChanging: only the record that changes the watched path.
      struct Screen: Equatable { var tab = 0; var isHovered = false }
      let watched = ChangePrinter<Screen, AppAction>(onlyChanging: ["^tab$"])
      var screen = Screen()
      for action in events {
        let old = screen
        switch action {
        case .windows(.window(_, .tab(.selected(let id)))): screen.tab = id
        case .windows(.window(_, .hover(let hover))): screen.isHovered = hover == .entered
        default: break
        }
        watched(action, old, screen)
      }

      // The filter file the scheme names (TCALOG_FILTERS), read again when it changes.
      let filters = ProcessInfo.processInfo.environment["TCALOG_FILTERS"]!
      try! "hover = ^windows\\\\.window\\\\.hover\\\\.\\n".write(toFile: filters, atomically: true, encoding: .utf8)
      let watcher = FilterFileWatcher.fromEnvironment(checkEvery: nil)
      let reloading = ChangePrinter<Int, AppAction>(filter: .allExcept(.matching(watcher)))
      let hover = AppAction.windows(.window(windowID: 1, action: .hover(.entered)))
      reloading(hover, 0, 1)
      reloading(.timerTicked, 1, 2)
      try! "tick = ^timerTicked$\\n".write(toFile: filters, atomically: true, encoding: .utf8)
      watcher.checkNow()
      reloading(hover, 2, 3)
      reloading(.timerTicked, 3, 4)
      reloading.writeCostSummary()

      // JSON lines for log aggregation, to the file the test names.
      let json = ChangePrinter<Int, AppAction>(
        style: .jsonLines, write: ChangePrinterOutput.file(ProcessInfo.processInfo.environment["APP_JSON"]!))
      for (n, action) in events.enumerated() { json(action, n, n + 1) }

      """
    let files: [(URL, String)] = [
      (package.appendingPathComponent("Package.swift"), manifest),
      (package.appendingPathComponent(".swiftpm/configuration/mirrors.json"), try Self.mirrors()),
      (
        standIn.appendingPathComponent("ComposableArchitecture.swift"),
        try String(
          contentsOf: testsFolder.appendingPathComponent("Fixtures/ComposableArchitecture.swift"), encoding: .utf8)
      ),
      (sources.appendingPathComponent("AppEnums.swift"), Self.enums),
      (sources.appendingPathComponent("NoisyAppActions.swift"), closure),
      (sources.appendingPathComponent("NoisyBrowserActions.swift"), casepath),
      (sources.appendingPathComponent("main.swift"), main),
    ]
    for (url, text) in files { try text.write(to: url, atomically: true, encoding: .utf8) }

    let swift = URL(fileURLWithPath: Toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
    // An earlier run's checkout is of an earlier clone's `main`: move it to this one's.
    if FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.resolved").path) {
      let update = try Self.run(swift, ["package", "--package-path", package.path, "update", "tcalog"])
      try #require(update.status == 0, "swift package update failed:\n\(update.output.suffix(4000))")
    }
    let build = try Self.run(swift, ["build", "--package-path", package.path, "-c", "debug", "--product", "App"])
    try #require(build.status == 0, "swift build failed:\n\(build.output.suffix(4000))")
    let binary = package.appendingPathComponent(".build/debug/App").path
    let filters = package.appendingPathComponent("app.filters").path
    let json = package.appendingPathComponent("app.ndjson").path
    let jsonOff = package.appendingPathComponent("app-off.ndjson").path
    for path in [json, jsonOff] { try? FileManager.default.removeItem(atPath: path) }
    let app = try Self.run(binary, [], environment: ["TCALOG_FILTERS": filters, "APP_JSON": json])
    try #require(app.status == 0, "\(app.output)")

    // tcalog reads what the app printed: the signal of each feature, in order, and no noise;
    // the one record that changed the watched path; what the filter file let through before
    // and after it changed; the printer's lines.
    let (records, statistics) = try readLog(app.output)
    let signal = ["windows.window.tab.selected", "todo.toggled", "search.submitted"]
    let reloaded = ["timerTicked", "windows.window.hover.entered"]
    #expect(records.map(\.actionPath) == signal + signal + ["windows.window.tab.selected"] + reloaded, "\(app.output)")
    #expect(records.allSatisfy { $0.timestamp != nil })
    #expect(records[6].normalizedPaths == ["tab"])
    #expect(statistics.printerCost.filterLoads == 2 && statistics.printerCost.summaries == 1, "\(app.output)")
    #expect(statistics.printerCost.total.printed == 2 && statistics.printerCost.total.silenced == 2)
    let lines = try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n")
    let paths = try lines.map {
      let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      return (object?["action"] as? [String: Any])?["path"] as? String
    }
    #expect(
      paths == [
        "timerTicked", "sidebarSync.tick", "windows.window.hover.entered", "windows.window.hover.exited",
        "windows.window.mouseMoved", "windows.window.tab.selected", "todo.toggled", "search.submitted",
      ])

    // The kill switch: the same app prints nothing.
    let off = try Self.run(
      binary, [], environment: ["TCALOG_FILTERS": filters, "APP_JSON": jsonOff, "TCALOG_PRINT": "0"])
    #expect(off.status == 0 && off.output.isEmpty, "\(off.output)")
    #expect((try? String(contentsOfFile: jsonOff, encoding: .utf8)) == "")
  }
}
