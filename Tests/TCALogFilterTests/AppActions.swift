import CustomDump
import TCALogFilter

// App enums for the tests: every way §10.1 descends or stops, as Custom Dump prints it.

enum AppAction: Equatable, Sendable {
  case windows(WindowsAction)
  case timerTicked
  case sidebarSync(SyncAction)
  case search(SearchAction)
  case tap(Phase, Double)
  case todo(id: Int, action: TodoAction)
  case maybe(TodoAction?)
  case labeled(action: TodoAction)
  case pair(first: Int, second: String)
  case nested(childAction: TodoAction, count: Int)
  case wrapped(Wrapped)
  case opaque(Opaque)
  case binding(FakeBinding)
  case response(Result<Int, TestError>)
  case settings(SettingsAction)
}

enum WindowsAction: Equatable, Sendable {
  case window(windowID: Int, action: WindowAction)
}

enum WindowAction: Equatable, Sendable {
  case hover(HoverAction)
  case mouseMoved(x: Double, y: Double)
  case visibilityChanged(Bool)
  case tab(TabAction)
  case closed
}

enum HoverAction: Equatable, Sendable { case entered, exited }
enum TabAction: Equatable, Sendable {
  case selected(id: Int)
  case closed(Int, animated: Bool)
}
enum SyncAction: Equatable, Sendable {
  case tick
  case finished(count: Int)
}
enum SearchAction: Equatable, Sendable {
  case submitted(query: String)
  case queryChanged(String)
}
enum TodoAction: Equatable, Sendable {
  case toggled
  case titleChanged(String)
  case deleted
}
enum SettingsAction: Equatable, Sendable {
  case darkMode(Bool)
  case reset
}
enum Phase: Equatable, Sendable { case began, ended }
struct TestError: Error, Equatable, Sendable { var code: Int }

/// Prints as the case it wraps (Custom Dump's `CustomDumpRepresentable`).
struct Wrapped: Equatable, Sendable, CustomDumpRepresentable {
  var inner: HoverAction
  var customDumpValue: Any { inner }
}

/// Prints as text that is no case.
struct Opaque: Equatable, Sendable, CustomDumpStringConvertible {
  var text: String
  var customDumpDescription: String { "Opaque<\(text)>" }
}

/// Prints like TCA's `BindingAction`: a struct whose custom mirror is an enum case `set`.
struct FakeBinding: Equatable, Sendable, CustomDumpReflectable {
  var key: String
  var value: Int
  var customDumpMirror: Mirror {
    Mirror(self, children: [("set", (key, value) as Any)], displayStyle: .enum)
  }
}

/// The root of the casepath-style suggestions (`Browser.Action`, as `@Reducer` names it).
enum Browser {
  enum Action: Equatable, Sendable {
    case windows(WindowsAction)
    case timerTicked
    case sidebarSync(SyncAction)
    case search(SearchAction)
    case todo(id: Int, action: TodoAction)
  }
}

/// Stands in for swift-case-paths' `CaseKeyPath` in the casepath style's `$0.is(\.a.b)`:
/// a key path of case names, matched against the action's path.
@dynamicMemberLookup
struct CaseNames {
  var names: [String] = []
  subscript(dynamicMember name: String) -> CaseNames { CaseNames(names: names + [name]) }
}

extension Browser.Action {
  /// Whether the action's case path starts with the key path's cases (`is(_:)` of `@CasePathable`).
  func `is`(_ keyPath: KeyPath<CaseNames, CaseNames>) -> Bool {
    ActionPath.segments(of: self).starts(with: CaseNames()[keyPath: keyPath].names)
  }
}

/// A small seeded generator (SplitMix64), so every run draws the same values.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random actions with the path each should have (§10.1 by hand, independent of Mirror).
enum RandomActions {
  static func todo(_ r: inout SeededRandom) -> (TodoAction, String) {
    switch Int.random(in: 0..<3, using: &r) {
    case 0: return (.toggled, "toggled")
    case 1: return (.titleChanged(["a", "b) .x(", "\"q\""].randomElement(using: &r)!), "titleChanged")
    default: return (.deleted, "deleted")
    }
  }

  static func window(_ r: inout SeededRandom) -> (WindowAction, String) {
    switch Int.random(in: 0..<5, using: &r) {
    case 0:
      let h: HoverAction = Bool.random(using: &r) ? .entered : .exited
      return (.hover(h), "hover.\(h == .entered ? "entered" : "exited")")
    case 1: return (.mouseMoved(x: Double.random(in: 0..<900, using: &r), y: 2.5), "mouseMoved")
    case 2: return (.visibilityChanged(Bool.random(using: &r)), "visibilityChanged")
    case 3:
      if Bool.random(using: &r) { return (.tab(.selected(id: Int.random(in: 0..<9, using: &r))), "tab.selected") }
      return (.tab(.closed(3, animated: true)), "tab.closed")
    default: return (.closed, "closed")
    }
  }

  static func action(_ r: inout SeededRandom) -> (AppAction, String) {
    switch Int.random(in: 0..<15, using: &r) {
    case 0:
      let (w, p) = window(&r)
      return (.windows(.window(windowID: Int.random(in: 0..<5, using: &r), action: w)), "windows.window." + p)
    case 1: return (.timerTicked, "timerTicked")
    case 2:
      return Bool.random(using: &r)
        ? (.sidebarSync(.tick), "sidebarSync.tick") : (.sidebarSync(.finished(count: 4)), "sidebarSync.finished")
    case 3:
      return Bool.random(using: &r)
        ? (.search(.submitted(query: "tca")), "search.submitted")
        : (.search(.queryChanged("t")), "search.queryChanged")
    case 4: return (.tap(.began, 1.5), "tap")
    case 5:
      let (t, p) = todo(&r)
      return (.todo(id: Int.random(in: 0..<99, using: &r), action: t), "todo." + p)
    case 6:
      if Bool.random(using: &r) { return (.maybe(nil), "maybe") }
      let (t, p) = todo(&r)
      return (.maybe(t), "maybe." + p)
    case 7:
      let (t, p) = todo(&r)
      return (.labeled(action: t), "labeled." + p)
    case 8: return (.pair(first: 1, second: "two"), "pair")
    case 9: return (.nested(childAction: .toggled, count: 2), "nested")
    case 10:
      let h: HoverAction = Bool.random(using: &r) ? .entered : .exited
      return (.wrapped(Wrapped(inner: h)), "wrapped." + (h == .entered ? "entered" : "exited"))
    case 11: return (.opaque(Opaque(text: ".fake(.case)")), "opaque")
    case 12: return (.binding(FakeBinding(key: "isOn", value: 1)), "binding.set")
    case 13:
      return Bool.random(using: &r)
        ? (.response(.success(3)), "response.success") : (.response(.failure(TestError(code: 2))), "response.failure")
    default:
      return Bool.random(using: &r)
        ? (.settings(.darkMode(true)), "settings.darkMode") : (.settings(.reset), "settings.reset")
    }
  }
}
