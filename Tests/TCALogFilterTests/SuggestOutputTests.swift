import Foundation
import TCALogFilter
import TCALogKit
import TCALogTestSupport
import Testing

/// A browser session's events: machine noise (ticks, hover, mouse moves) at its own pace
/// and a person's signal (tabs, todos, searches) every few seconds.
enum Session {
  enum Event: Equatable {
    case tick, syncTick
    case hover(HoverAction)
    case mouse(Double)
    case tab(Int)
    case todo(Int)
    case search

    var isNoise: Bool {
      switch self {
      case .tick, .syncTick, .hover, .mouse: return true
      case .tab, .todo, .search: return false
      }
    }

    var app: AppAction {
      switch self {
      case .tick: return .timerTicked
      case .syncTick: return .sidebarSync(.tick)
      case .hover(let h): return .windows(.window(windowID: 1, action: .hover(h)))
      case .mouse(let x): return .windows(.window(windowID: 1, action: .mouseMoved(x: x, y: 10)))
      case .tab(let id): return .windows(.window(windowID: 1, action: .tab(.selected(id: id))))
      case .todo(let id): return .todo(id: id, action: .toggled)
      case .search: return .search(.submitted(query: "tca"))
      }
    }

    var browser: Browser.Action {
      switch self {
      case .tick: return .timerTicked
      case .syncTick: return .sidebarSync(.tick)
      case .hover(let h): return .windows(.window(windowID: 1, action: .hover(h)))
      case .mouse(let x): return .windows(.window(windowID: 1, action: .mouseMoved(x: x, y: 10)))
      case .tab(let id): return .windows(.window(windowID: 1, action: .tab(.selected(id: id))))
      case .todo(let id): return .todo(id: id, action: .toggled)
      case .search: return .search(.submitted(query: "tca"))
      }
    }
  }

  struct State: Equatable {
    var pointer = 0.0
    var selectedTab = 0
    var done: Set<Int> = []
    var searches = 0
  }

  static func apply(_ event: Event, to state: inout State) {
    switch event {
    case .tick, .syncTick, .hover: break
    case .mouse(let x): state.pointer = x
    case .tab(let id): state.selectedTab = id
    case .todo(let id): if state.done.remove(id) == nil { state.done.insert(id) }
    case .search: state.searches += 1
    }
  }

  /// The events in time order (seconds from the start).
  static let events: [(time: Double, event: Event)] = {
    var random = SeededRandom(seed: 2045)
    var events: [(Double, Event)] = []
    for k in 0..<300 { events.append((Double(k), .tick)) }
    for k in 0..<60 { events.append((Double(k) * 5 + 0.5, .syncTick)) }
    for burst in 0..<25 {
      let start = Double(burst) * 12 + 3.2
      for i in 0..<20 { events.append((start + Double(i) / 30, .hover(i % 2 == 0 ? .entered : .exited))) }
      for i in 0..<40 { events.append((start + 4 + Double(i) / 60, .mouse(Double(100 + burst * 40 + i)))) }
    }
    var t = 2.0
    while t < 295 {
      let kinds: [Event] = [
        .tab(Int.random(in: 1..<8, using: &random)), .todo(Int.random(in: 1..<5, using: &random)), .search,
      ]
      events.append((t + 0.37, kinds.randomElement(using: &random)!))
      t += Double.random(in: 4..<11, using: &random)
    }
    return events.sorted { $0.0 < $1.0 }
  }()

  /// The session as `_printChanges()` prints it through TCALogFilter's printer.
  static func log<Action: Sendable>(_ action: (Event) -> Action) -> String {
    var state = State()
    var log = ""
    for (time, event) in events {
      let old = state
      apply(event, to: &state)
      let now = Date(timeIntervalSince1970: 1_790_000_000 + time)
      log += ChangePrinter<State, Action>(now: { now }).text(
        receivedAction: action(event), oldState: old, newState: state)!
    }
    return log
  }
}

/// `suggest`'s output, in both styles, is committed under Generated/ and compiled into this
/// target against the app enums, with nothing but `import TCALogFilter` (the glue is under
/// `#if canImport(ComposableArchitecture)`, left out here): these tests hold the committed
/// files to what `suggest` writes today, and run the filters they declare.
@Suite struct SuggestOutputTests {
  static func suggest(_ log: String, style: SuggestStyle) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcalog-suggest-\(getpid())-\(UUID().uuidString).log").path
    try Data(log.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var aggregator = ReportAggregator(collectsShapes: true)
    _ = try RecordStream(inputs: [path]).run(into: &aggregator)
    let set = Suggester(options: SuggestOptions()).suggest(aggregator.summary())
    return SuggestionPrinter(style: style, inputs: ["app.log"]).render(set)
  }

  @Test(arguments: [
    (SuggestStyle.closure, "NoisyAppActions.swift"), (SuggestStyle.casepath, "NoisyBrowserActions.swift"),
  ])
  func committedOutputIsWhatSuggestWrites(_ style: SuggestStyle, _ file: String) throws {
    let output = try Self.suggest(
      style == .closure ? Session.log { $0.app } : Session.log { $0.browser }, style: style)
    let url = testsFolder.appendingPathComponent("Generated/" + file)
    if ProcessInfo.processInfo.environment["TCALOG_REGENERATE"] == "1" {
      try output.write(to: url, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: url, encoding: .utf8)
    #expect(
      committed == output, "Generated/\(file) is stale: TCALOG_REGENERATE=1 swift test --filter SuggestOutputTests")
    #expect(output.contains("import TCALogFilter\n"))
    #expect(output.contains("#if canImport(ComposableArchitecture)"))
    #expect(output.contains("._printChanges(.tcalog(.allExcept("))
  }
}

/// The committed filters, compiled into this target, run on the session's live actions.
@Suite struct SuggestedFiltersRunTests {
  @Test func closureStyleDropsNoiseAndKeepsSignal() {
    let allowed = ActionFilter<AppAction>.allExcept(
      .windowsWindowMouseMoved, .windowsWindowHover, .timerTicked, .sidebarSyncTick)
    var dropped = 0
    for (_, event) in Session.events {
      #expect(allowed(event.app) == !event.isNoise, "\(event)")
      if !allowed(event.app) { dropped += 1 }
    }
    #expect(dropped == Session.events.filter { $0.event.isNoise }.count)
    // A sibling of a silenced case is kept.
    #expect(allowed(.windows(.window(windowID: 2, action: .closed))))
    #expect(allowed(.sidebarSync(.finished(count: 1))))
  }

  @Test func casePathStyleDropsNoiseAndKeepsSignal() {
    let allowed = ActionFilter<Browser.Action>.allExcept(
      .windowsWindowMouseMoved, .windowsWindowHover, .timerTicked, .sidebarSyncTick)
    for (_, event) in Session.events { #expect(allowed(event.browser) == !event.isNoise, "\(event)") }
    #expect(allowed(.sidebarSync(.finished(count: 1))))
  }

  /// The printer with the suggested filter writes only the signal, and tcalog finds no
  /// noise left in it.
  @Test func printerWithTheFilterWritesOnlySignal() throws {
    let allowed = ActionFilter<AppAction>.allExcept(
      .windowsWindowMouseMoved, .windowsWindowHover, .timerTicked, .sidebarSyncTick)
    let box = Collected()
    let printer = ChangePrinter<Session.State, AppAction>(filter: allowed, write: { box.append($0) })
    var state = Session.State()
    for (_, event) in Session.events {
      let old = state
      Session.apply(event, to: &state)
      printer(event.app, old, state)
    }
    let records = try readRecords(box.texts.joined())
    let signal = Session.events.filter { !$0.event.isNoise }
    #expect(records.map(\.actionPath) == signal.map { ActionPath.of($0.event.app) })
    #expect(Set(records.map(\.actionPath)) == ["windows.window.tab.selected", "todo.toggled", "search.submitted"])
  }
}
