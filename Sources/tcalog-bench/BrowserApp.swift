/// The simulated app behind the generated log: a browser with a few windows, their tabs, a
/// sidebar and a sync engine. It keeps enough state for the printed diffs to be coherent
/// (previous values are the values printed as current before).
struct BrowserApp {
  struct Tab {
    let id: String
    /// Hundredths; 0 = idle.
    var progress = 0
  }

  struct Window {
    let id: String
    var tabs: [Tab]
    var selectedTab = 0
    var hoveredTab: Int?
    var mouseX = 4000  // tenths of a point
    var mouseY = 3000
    var collapsedLists: [String] = []
    var isVisible = true
  }

  /// Sorted by id: a dictionary's keys are printed sorted by both dumpers.
  private(set) var windows: [Window]
  private let lists: [String]
  private(set) var sidebarItems = 40
  private var selectedIndex = 0
  private var dragX: Int?
  private var isDarkMode = false
  private var isActive = true
  private var lastPulled = 1_716_200_000

  init(rng: inout SplitMix64) {
    var windows: [Window] = []
    for _ in 0..<(2 + rng.below(3)) {
      let tabs = (0..<(3 + rng.below(10))).map { _ in Tab(id: rng.uuid()) }
      windows.append(Window(id: rng.uuid(), tabs: tabs))
    }
    self.windows = windows.sorted { $0.id < $1.id }
    lists = (0..<6).map { _ in rng.uuid() }
  }

  // MARK: Action mix

  /// Weights in per mille, in the order of `make(_:_:)`: a few high-frequency UI actions
  /// (mouse moves, hovers, ticks) dominate, as in real sessions.
  private static let weights = [300, 220, 120, 90, 75, 55, 40, 30, 25, 20, 15, 7, 3]
  private static let totalWeight = weights.reduce(0, +)

  mutating func nextAction(rng: inout SplitMix64) -> (Value, [StateChange]) {
    var pick = rng.below(Self.totalWeight)
    var kind = 0
    while pick >= Self.weights[kind] {
      pick -= Self.weights[kind]
      kind += 1
    }
    return make(kind, &rng)
  }

  private mutating func make(_ kind: Int, _ rng: inout SplitMix64) -> (Value, [StateChange]) {
    switch kind {
    case 0: mouseMoved(&rng)
    case 1: hover(&rng)
    case 2: syncTick(&rng)
    case 3: timerTicked(&rng)
    case 4: loadingProgress(&rng)
    case 5: visibilityChanged(&rng)
    case 6: sidebarDragMoved(&rng)
    case 7: selectTab(&rng)
    case 8: toggleList(&rng)
    case 9: sidebarItemTapped(&rng)
    case 10: recordsPulled(&rng)
    case 11: setDarkMode(&rng)
    default: lifecycle(&rng)
    }
  }

  // MARK: Action values

  private static func appAction(_ name: String, _ child: Value? = nil) -> Value {
    // Both dialects start from the root type; `AppAction` is the 0.x name, and the tca1
    // printer keeps only the root's type, so one name serves both (FORMATS.md 3.1).
    .enumCase(type: "AppAction", name: name, args: child.map { [.init(nil, $0)] } ?? [])
  }

  private static func id(_ type: String, _ uuid: String) -> Value {
    .structure(type: type, fields: [.init("rawValue", .raw("\"\(uuid)\""))])
  }

  private static func point(_ x: String, _ y: String) -> Value {
    .structure(type: "CGPoint", fields: [.init("x", .raw(x)), .init("y", .raw(y))])
  }

  private func windowAction(_ w: Int, _ action: Value) -> Value {
    Self.appAction(
      "windows",
      .enumCase(
        type: "WindowsAction", name: "window",
        args: [
          .init("windowID", Self.id("WindowID", windows[w].id)), .init("action", action),
        ]))
  }

  private static func windowCase(_ name: String, _ args: [Value.Argument] = []) -> Value {
    .enumCase(type: "WindowAction", name: name, args: args)
  }

  private func windowPath(_ w: Int, _ rest: PathComponent...) -> [PathComponent] {
    [.field("windows"), .key(windows[w].id)] + rest
  }

  // MARK: Actions

  private mutating func mouseMoved(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let w = rng.below(windows.count)
    let old = (windows[w].mouseX, windows[w].mouseY)
    // A pointer resting inside the window still sends moves: a share are no-ops.
    let still = rng.below(100) < 20
    let x = still ? old.0 : max(0, old.0 + rng.below(161) - 80)
    let y = still ? old.1 : max(0, old.1 + rng.below(161) - 80)
    windows[w].mouseX = x
    windows[w].mouseY = y
    let (xs, ys) = (fixedText(x, decimals: 1), fixedText(y, decimals: 1))
    let action = windowAction(w, Self.windowCase("mouseMoved", [.init(nil, Self.point(xs, ys))]))
    var changes: [StateChange] = []
    if x != old.0 {
      changes.append(.value(windowPath(w, .field("mouseLocation"), .field("x")), fixedText(old.0, decimals: 1), xs))
    }
    if y != old.1 {
      changes.append(.value(windowPath(w, .field("mouseLocation"), .field("y")), fixedText(old.1, decimals: 1), ys))
    }
    return (action, changes)
  }

  private mutating func hover(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let w = rng.below(windows.count)
    let t = rng.below(windows[w].tabs.count)
    let tabID = windows[w].tabs[t].id
    let entered = rng.below(2) == 0
    let action = windowAction(
      w,
      Self.windowCase(
        "hover",
        [
          .init(
            nil,
            .enumCase(
              type: "HoverAction", name: entered ? "entered" : "exited", args: [.init("tabID", Self.id("TabID", tabID))]
            ))
        ]))
    // Most hover events repeat what the state already says.
    let old = windows[w].hoveredTab
    let new: Int? = entered ? t : nil
    guard rng.below(100) < 14, old != new else { return (action, []) }
    windows[w].hoveredTab = new
    let tabs = windows[w].tabs
    let text = { (i: Int?) in i.map { "TabID(rawValue: \"\(tabs[$0].id)\")" } }
    return (action, [.optional(windowPath(w, .field("hoveredTabID")), old: text(old), new: text(new))])
  }

  private mutating func syncTick(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    (Self.appAction("sidebarSync", .enumCase(type: "SyncAction", name: "tick", args: [])), [])
  }

  private mutating func timerTicked(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    (Self.appAction("timerTicked"), [])
  }

  private mutating func loadingProgress(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let w = rng.below(windows.count)
    let t = rng.below(windows[w].tabs.count)
    let tab = windows[w].tabs[t]
    let new = min(100, tab.progress + 5 + rng.below(30))
    windows[w].tabs[t].progress = new == 100 ? 0 : new
    let action = windowAction(
      w,
      Self.windowCase(
        "tab",
        [
          .init(
            nil,
            .enumCase(
              type: "TabAction", name: "loadingProgress",
              args: [.init("id", Self.id("TabID", tab.id)), .init("progress", .raw(fixedText(new, decimals: 2)))]))
        ]))
    let path = windowPath(w, .field("tabs"), .index(t), .field("loadState"))
    let progress = { (p: Int) in fixedText(p, decimals: 2) }
    let change: StateChange
    if tab.progress == 0 {
      change = .caseSwitch(path, oldCase: "idle", newCase: "loading", newPayload: "progress: \(progress(new))")
    } else if new == 100 {
      change = .caseSwitch(
        path, oldCase: "loading", newCase: "finished", oldPayload: "progress: \(progress(tab.progress))")
    } else {
      change = .payload(path, enumCase: "loading", label: "progress", old: progress(tab.progress), new: progress(new))
    }
    return (action, [change])
  }

  private mutating func visibilityChanged(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let w = rng.below(windows.count)
    let visible = rng.below(100) < 85
    let action = windowAction(w, Self.windowCase("visibilityChanged", [.init("isVisible", .raw("\(visible)"))]))
    let old = windows[w].isVisible
    windows[w].isVisible = visible
    guard old != visible else { return (action, []) }
    return (action, [.value(windowPath(w, .field("isVisible")), "\(old)", "\(visible)")])
  }

  private mutating func sidebarDragMoved(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let x = rng.below(2800)
    let xs = fixedText(x, decimals: 1)
    let action = Self.appAction(
      "appSidebar",
      .enumCase(
        type: "SidebarAction", name: "dragMoved",
        args: [.init("location", Self.point(xs, "12.0"))]))
    let old = dragX
    dragX = x
    let path: [PathComponent] = [.field("sidebar"), .field("dragLocation")]
    guard let old else {
      return (action, [.optional(path, old: nil, new: "CGPoint(x: \(xs), y: 12.0)")])
    }
    guard old != x else { return (action, []) }
    return (action, [.value(path + [.field("x")], fixedText(old, decimals: 1), xs)])
  }

  private mutating func selectTab(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let w = rng.below(windows.count)
    let t = rng.below(windows[w].tabs.count)
    let action = windowAction(
      w,
      Self.windowCase(
        "tab",
        [
          .init(
            nil,
            .enumCase(
              type: "TabAction", name: "select", args: [.init("id", Self.id("TabID", windows[w].tabs[t].id))]))
        ]))
    let old = windows[w].selectedTab
    windows[w].selectedTab = t
    guard old != t else { return (action, []) }
    return (
      action,
      [
        .idValue(
          windowPath(w, .field("selectedTabID")), type: "TabID",
          old: windows[w].tabs[old].id, new: windows[w].tabs[t].id)
      ]
    )
  }

  private mutating func toggleList(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let w = rng.below(windows.count)
    let list = lists[rng.below(lists.count)]
    let action = windowAction(
      w,
      Self.windowCase(
        "toggleListCollapsedState",
        [
          .init(
            "listID",
            .enumCase(
              type: "RootOrListIdentifier", name: "list", args: [.init(nil, Self.id("Identifier<SidebarItem>", list))]))
        ]))
    let path = [PathComponent.field("persistedWindows")] + windowPath(w, .field("collapsedListIDs"))
    var collapsed = windows[w].collapsedLists
    let change: StateChange
    if let i = collapsed.firstIndex(of: list) {
      collapsed.remove(at: i)
      change = .count(
        path, oldCount: collapsed.count + 1, newCount: collapsed.count,
        element: i, text: "Identifier(rawValue: \"\(list)\")", added: false)
    } else {
      collapsed.append(list)
      change = .count(
        path, oldCount: collapsed.count - 1, newCount: collapsed.count,
        element: collapsed.count - 1, text: "Identifier(rawValue: \"\(list)\")", added: true)
    }
    windows[w].collapsedLists = collapsed
    return (action, [change])
  }

  private mutating func sidebarItemTapped(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let index = rng.below(sidebarItems)
    let action = Self.appAction(
      "appSidebar",
      .enumCase(
        type: "SidebarAction", name: "itemTapped",
        args: [.init("index", .raw("\(index)"))]))
    let old = selectedIndex
    selectedIndex = index
    guard old != index else { return (action, []) }
    return (action, [.value([.field("sidebar"), .field("selectedIndex")], "\(old)", "\(index)")])
  }

  private mutating func recordsPulled(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let n = 1 + rng.below(3)
    let action = Self.appAction(
      "sidebarSyncCloudKit",
      .enumCase(
        type: "CloudKitAction", name: "recordsPulled",
        args: [.init("count", .raw("\(n)"))]))
    let oldItems = sidebarItems
    sidebarItems += n
    let oldPulled = lastPulled
    lastPulled += 30 + rng.below(600)
    // Two top-level blocks: the `, ` separator of FORMATS.md 4.4 shows up.
    return (
      action,
      [
        .count(
          [.field("sidebar"), .field("items")], oldCount: oldItems, newCount: sidebarItems,
          element: oldItems, text: "SidebarItem(…)", added: true),
        .value([.field("sync"), .field("lastPulledAt")], "\(oldPulled).0", "\(lastPulled).0"),
      ]
    )
  }

  private mutating func setDarkMode(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let on = rng.below(2) == 0
    let action = Self.appAction(
      "settings",
      .enumCase(
        type: "SettingsAction", name: "binding",
        args: [
          .init(
            nil,
            .enumCase(
              type: "BindingAction<SettingsState>", name: "set",
              args: [.init(nil, .raw("\\SettingsState.$isDarkMode")), .init(nil, .raw("\(on)"))]))
        ]))
    let old = isDarkMode
    isDarkMode = on
    guard old != on else { return (action, []) }
    return (action, [.value([.field("settings"), .field("isDarkMode")], "\(old)", "\(on)")])
  }

  private mutating func lifecycle(_ rng: inout SplitMix64) -> (Value, [StateChange]) {
    let active = rng.below(2) == 0
    let action = Self.appAction(
      "lifecycle",
      .enumCase(
        type: "LifecycleAction", name: active ? "didBecomeActive" : "willResignActive", args: []))
    let old = isActive
    isActive = active
    guard old != active else { return (action, []) }
    return (action, [.value([.field("isActive")], "\(old)", "\(active)")])
  }

  // MARK: Shape, for the Custom Dump diff

  /// Elements of the array at `path` (collapsed runs print their length).
  func arrayCount(at path: [PathComponent]) -> Int {
    guard case .field(let name)? = path.last else { return 0 }
    let window = path.lazy.compactMap { c -> String? in if case .key(let k) = c { k } else { nil } }.first
    let w = window.flatMap { id in windows.firstIndex { $0.id == id } }
    switch name {
    case "tabs": return w.map { windows[$0].tabs.count } ?? 0
    case "collapsedListIDs": return w.map { windows[$0].collapsedLists.count } ?? 0
    case "items": return sidebarItems
    default: return 0
    }
  }
}
