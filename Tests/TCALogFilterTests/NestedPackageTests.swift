import Foundation
import TCALogFilter
import TCALogKit
import Testing

/// An app package that depends on this one by path and uses only the TCALogFilter product
/// builds what the `tcalog` binary's `suggest` writes, in both styles, for two features of
/// one target, the TCA glue included (a stand-in ComposableArchitecture module of the
/// package, as in GlueTests), and runs it: the suggested filters drop the noise and keep
/// the signal. Slow (SwiftPM resolves and builds swift-custom-dump for the package), so it
/// runs when asked: `TCALOG_PACKAGE_CHECK=1 swift test --filter NestedPackageTests`
/// (`.ci/run` does). Resolved offline: the package mirrors this package's dependencies to
/// the checkouts under `.build` of this one.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["TCALOG_PACKAGE_CHECK"] == "1",
    "set TCALOG_PACKAGE_CHECK=1 to build a package that uses TCALogFilter by path"))
struct NestedPackageTests {
  static let root = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

  /// The `tcalog` binary of this build, beside its Modules folder.
  static var tcalogBinary: URL? {
    guard let modules = Toolchain.modules else { return nil }
    let folder = URL(fileURLWithPath: modules)
    return [folder.deletingLastPathComponent(), folder].map { $0.appendingPathComponent("tcalog") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
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

    let identity = Self.root.lastPathComponent.lowercased()
    let manifest = """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "PackageCheck", platforms: [.macOS(.v13)],
        dependencies: [.package(path: "\(Self.root.path)")],
        targets: [
          .target(name: "ComposableArchitecture"),
          .executableTarget(
            name: "App",
            dependencies: [.product(name: "TCALogFilter", package: "\(identity)"), "ComposableArchitecture"]),
        ]
      )

      """
    // Each session event once, noise and signal, through both features' printers: what
    // they print is `_printChanges()`'s text of the actions their filters let through.
    let main = """
      import ComposableArchitecture
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
    let build = try Self.run(swift, ["build", "--package-path", package.path, "-c", "debug", "--product", "App"])
    try #require(build.status == 0, "swift build failed:\n\(build.output.suffix(4000))")
    let app = try Self.run(package.appendingPathComponent(".build/debug/App").path, [])
    try #require(app.status == 0, "\(app.output)")

    // tcalog reads what the app printed: the signal of each feature, in order, and no noise.
    let records = try readRecords(app.output)
    let signal = ["windows.window.tab.selected", "todo.toggled", "search.submitted"]
    #expect(records.map(\.actionPath) == signal + signal, "\(app.output)")
    #expect(records.allSatisfy { $0.timestamp != nil })
  }
}
