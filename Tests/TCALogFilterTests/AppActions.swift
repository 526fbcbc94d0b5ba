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
