import TCALogTestSupport

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
