/// One segment of a state path.
enum PathComponent: Equatable {
  case field(String)
  case key(String)
  case index(Int)
  /// Difference's `Enum c:` level (same case on both sides, payload differs).
  case enumCase(String)

  /// The label Difference prints for this level.
  var differenceLabel: String {
    switch self {
    case .field(let name): "\(name):"
    case .key(let key): "Key \(key):"
    case .index(let i): "Collection[\(i)]:"
    case .enumCase(let c): "Enum \(c):"
    }
  }
}

/// One changed leaf, as each dumper sees it: Difference descends into structs and enum
/// payloads and prints unquoted `String(describing:)` values; Custom Dump prints whole
/// values and added or removed elements.
struct StateChange {
  enum Leaf {
    case value(current: String, previous: String)
    case count(current: Int, previous: Int)
  }

  var differencePath: [PathComponent]
  var differenceLeaf: Leaf
  var dumpPath: [PathComponent]
  /// nil: absent on that side (an added or removed element).
  var dumpOld: String?
  var dumpNew: String?

  static func value(_ path: [PathComponent], _ old: String, _ new: String) -> StateChange {
    StateChange(
      differencePath: path, differenceLeaf: .value(current: new, previous: old),
      dumpPath: path, dumpOld: old, dumpNew: new)
  }

  /// An optional that gains or loses its value: Difference shows `Optional(…)` / `nil`.
  static func optional(_ path: [PathComponent], old: String?, new: String?) -> StateChange {
    let wrap = { (v: String?) in v.map { "Optional(\($0))" } ?? "nil" }
    return StateChange(
      differencePath: path, differenceLeaf: .value(current: wrap(new), previous: wrap(old)),
      dumpPath: path, dumpOld: old ?? "nil", dumpNew: new ?? "nil")
  }

  /// A `Type(rawValue: "…")` identifier replaced by another.
  static func idValue(_ path: [PathComponent], type: String, old: String, new: String) -> StateChange {
    StateChange(
      differencePath: path + [.field("rawValue")], differenceLeaf: .value(current: new, previous: old),
      dumpPath: path, dumpOld: "\(type)(rawValue: \"\(old)\")", dumpNew: "\(type)(rawValue: \"\(new)\")")
  }

  /// An enum that switches case: Difference names the side with a payload by its case
  /// only and the other side fully qualified (FORMATS.md 4.2).
  static func caseSwitch(
    _ path: [PathComponent], oldCase: String, newCase: String,
    oldPayload: String? = nil, newPayload: String? = nil
  ) -> StateChange {
    let qualified = { (c: String, payload: String?) in payload == nil ? "Browser.LoadState.\(c)" : c }
    let dumped = { (c: String, payload: String?) in payload.map { ".\(c)(\($0))" } ?? ".\(c)" }
    return StateChange(
      differencePath: path,
      differenceLeaf: .value(current: qualified(newCase, newPayload), previous: qualified(oldCase, oldPayload)),
      dumpPath: path, dumpOld: dumped(oldCase, oldPayload), dumpNew: dumped(newCase, newPayload))
  }

  /// Same case on both sides, one labelled payload value differs.
  static func payload(_ path: [PathComponent], enumCase: String, label: String, old: String, new: String) -> StateChange
  {
    StateChange(
      differencePath: path + [.enumCase(enumCase), .field(label)],
      differenceLeaf: .value(current: new, previous: old),
      dumpPath: path, dumpOld: ".\(enumCase)(\(label): \(old))", dumpNew: ".\(enumCase)(\(label): \(new))")
  }

  /// A collection that gained or lost one element.
  static func count(
    _ path: [PathComponent], oldCount: Int, newCount: Int,
    element: Int, text: String, added: Bool
  ) -> StateChange {
    StateChange(
      differencePath: path, differenceLeaf: .count(current: newCount, previous: oldCount),
      dumpPath: path + [.index(element)], dumpOld: added ? nil : text, dumpNew: added ? text : nil)
  }
}

// MARK: - Difference

/// The tree the Difference library prints: `|⇥` indentation, sibling lines sorted by their
/// text, top-level blocks joined with `, ` (FORMATS.md 4.2–4.4).
enum DifferenceTree {
  static func append(_ changes: [StateChange], to out: inout [UInt8]) {
    let labelled =
      changes
      .map { change in (labels: change.differencePath.map(\.differenceLabel), leaf: change.differenceLeaf) }
      .sorted { $0.labels.lexicographicallyPrecedes($1.labels) }
    var previous: [String] = []
    for (n, change) in labelled.enumerated() {
      // Labels shared with the previous leaf were already printed.
      var common = 0
      while common < min(previous.count, change.labels.count), previous[common] == change.labels[common] { common += 1 }
      for depth in common..<change.labels.count {
        if depth == 0 && n > 0 { out.append(contentsOf: ", ".utf8) }
        indent(depth, &out)
        out.append(contentsOf: change.labels[depth].utf8)
        out.append(0x0A)
      }
      let depth = change.labels.count
      switch change.leaf {
      case .value(let current, let previous):
        line(depth, "Current: ", current, &out)
        line(depth, "Previous: ", previous, &out)
      case .count(let current, let previous):
        line(depth, "Different count:", "", &out)
        line(depth + 1, "Current: ", "(\(current))", &out)
        line(depth + 1, "Previous: ", "(\(previous))", &out)
      }
      previous = change.labels
    }
  }

  private static func indent(_ depth: Int, _ out: inout [UInt8]) {
    for _ in 0..<depth { out.append(contentsOf: [0x7C, 0x09]) }
  }

  private static func line(_ depth: Int, _ label: StaticString, _ value: String, _ out: inout [UInt8]) {
    indent(depth, &out)
    out.append(contentsOf: UnsafeBufferPointer(start: label.utf8Start, count: label.utf8CodeUnitCount))
    out.append(contentsOf: value.utf8)
    out.append(0x0A)
  }
}

// MARK: - Custom Dump

/// The diff `_printChanges()` prints: the whole state from its root, unchanged fields
/// collapsed (`Type(…)`, `[…]`, `… (N unchanged)`), changed leaves as `-`/`+` lines.
enum CustomDumpDiff {
  /// How the state is declared: field order is declaration order, not sorted.
  private enum Shape {
    case scalar(String)
    case structure(String)
    case dictionary(of: String)
    case array(of: String?)
  }

  private static let schema: [String: [(name: String, shape: Shape)]] = [
    "AppFeature.State": [
      ("windows", .dictionary(of: "WindowState")), ("persistedWindows", .structure("PersistedWindows")),
      ("sidebar", .structure("SidebarState")), ("sync", .structure("SyncState")),
      ("settings", .structure("SettingsState")), ("isActive", .scalar("true")),
    ],
    "PersistedWindows": [("windows", .dictionary(of: "PersistedWindow"))],
    "PersistedWindow": [("frame", .scalar("CGRect(…)")), ("collapsedListIDs", .array(of: nil))],
    "WindowState": [
      ("id", .scalar("WindowID(…)")), ("tabs", .array(of: "Tab")), ("selectedTabID", .scalar("TabID(…)")),
      ("hoveredTabID", .scalar("nil")), ("mouseLocation", .structure("CGPoint")), ("isVisible", .scalar("true")),
    ],
    "Tab": [
      ("id", .scalar("TabID(…)")), ("title", .scalar("\"Docs\"")), ("url", .scalar("URL(…)")),
      ("loadState", .scalar(".idle")),
    ],
    "CGPoint": [("x", .scalar("0.0")), ("y", .scalar("0.0"))],
    "SidebarState": [
      ("items", .array(of: nil)), ("selectedIndex", .scalar("0")), ("dragLocation", .structure("CGPoint")),
    ],
    "SyncState": [("lastPulledAt", .scalar("1716200000.0")), ("isSyncing", .scalar("false"))],
    "SettingsState": [("isDarkMode", .scalar("false")), ("fontSize", .scalar("13"))],
  ]

  /// The changed paths as a tree, children in first-seen order.
  private final class Node {
    var children: [(component: PathComponent, node: Node)] = []
    var leaf: (old: String?, new: String?)?

    func child(_ c: PathComponent) -> Node? { children.first { $0.component == c }?.node }

    func insert(_ path: ArraySlice<PathComponent>, old: String?, new: String?) {
      guard let first = path.first else {
        leaf = (old, new)
        return
      }
      let next =
        child(first)
        ?? {
          let node = Node()
          children.append((first, node))
          return node
        }()
      next.insert(path.dropFirst(), old: old, new: new)
    }
  }

  static func append(_ changes: [StateChange], app: BrowserApp, to out: inout [UInt8]) {
    let root = Node()
    for change in changes { root.insert(change.dumpPath[...], old: change.dumpOld, new: change.dumpNew) }
    var printer = Printer(app: app, out: out)
    out = []  // hand the buffer over without copying it
    printer.structure("AppFeature.State", root, depth: 0, label: nil, comma: "", path: [])
    out = printer.out
  }

  private struct Printer {
    let app: BrowserApp
    var out: [UInt8]

    mutating func emit(_ marker: UInt8, _ depth: Int, _ parts: String...) {
      out.append(marker)
      out.append(0x20)
      out.appendSpaces(2 * depth)  // the marker takes the first column of TCA's 2-space indent
      for part in parts { out.append(contentsOf: part.utf8) }
      out.append(0x0A)
    }

    mutating func structure(
      _ type: String, _ node: Node, depth: Int, label: String?, comma: String,
      path: [PathComponent]
    ) {
      emit(0x20, depth, label.map { "\($0): " } ?? "", type, "(")
      let fields = schema[type] ?? []
      for (i, field) in fields.enumerated() {
        let c = i < fields.count - 1 ? "," : ""
        if let child = node.child(.field(field.name)) {
          value(field.shape, child, depth: depth + 1, label: field.name, comma: c, path: path + [.field(field.name)])
        } else {
          emit(0x20, depth + 1, field.name, ": ", collapsed(field.shape), c)
        }
      }
      emit(0x20, depth, ")", comma)
    }

    private func collapsed(_ shape: Shape) -> String {
      switch shape {
      case .scalar(let text): text
      case .structure(let type): "\(type)(…)"
      case .dictionary, .array: "[…]"
      }
    }

    mutating func value(
      _ shape: Shape, _ node: Node, depth: Int, label: String, comma: String,
      path: [PathComponent]
    ) {
      if let leaf = node.leaf {
        if let old = leaf.old { emit(0x2D, depth, label, ": ", old, comma) }
        if let new = leaf.new { emit(0x2B, depth, label, ": ", new, comma) }
        return
      }
      switch shape {
      case .scalar:
        break  // a scalar has no children; the change sits on its leaf above
      case .structure(let type):
        structure(type, node, depth: depth, label: label, comma: comma, path: path)
      case .dictionary(let valueType):
        emit(0x20, depth, label, ": [")
        // Keys print sorted; runs of unchanged entries collapse.
        var items: [(key: String, node: Node?, run: Int)] = []
        var run = 0
        for window in app.windows {
          if let child = node.child(.key(window.id)) {
            if run > 0 { items.append(("", nil, run)) }
            run = 0
            items.append((window.id, child, 0))
          } else {
            run += 1
          }
        }
        if run > 0 { items.append(("", nil, run)) }
        for (i, item) in items.enumerated() {
          let c = i < items.count - 1 ? "," : ""
          if let child = item.node {
            structure(
              valueType, child, depth: depth + 1, label: "\"\(item.key)\"", comma: c, path: path + [.key(item.key)])
          } else {
            emit(0x20, depth + 1, "… (\(item.run) unchanged)", c)
          }
        }
        emit(0x20, depth, "]", comma)
      case .array(let elementType):
        emit(0x20, depth, label, ": [")
        var indexed: [(index: Int, node: Node)] = node.children.compactMap {
          if case .index(let i) = $0.component { (i, $0.node) } else { nil }
        }
        indexed.sort { $0.index < $1.index }
        let count = max(app.arrayCount(at: path), (indexed.last?.index ?? -1) + 1)
        var next = 0
        var lines: [(text: String?, index: Int, node: Node?)] = []
        for element in indexed {
          if element.index > next { lines.append(("… (\(element.index - next) unchanged)", 0, nil)) }
          lines.append((nil, element.index, element.node))
          next = element.index + 1
        }
        if count > next { lines.append(("… (\(count - next) unchanged)", 0, nil)) }
        for (i, line) in lines.enumerated() {
          let c = i < lines.count - 1 ? "," : ""
          if let text = line.text {
            emit(0x20, depth + 1, text, c)
          } else if let child = line.node {
            let shape: Shape = elementType.map { .structure($0) } ?? .scalar("…")
            value(shape, child, depth: depth + 1, label: "[\(line.index)]", comma: c, path: path + [.index(line.index)])
          }
        }
        emit(0x20, depth, "]", comma)
      }
    }
  }
}
