import Foundation
import IdentifiedCollections
import TCALogTestSupport
import Tagged

/// The oracle's draws, from the tests' one seeded generator (SplitMix64): the same records
/// for the same seed on every machine.
typealias OracleRandom = SeededRandom

extension SeededRandom {
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
  mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// A change to a state with its random choices already made, so that the shrinker can
/// apply it again alone.
struct Mutation {
  var name: String
  var apply: (inout AppState) -> Void
}

/// Random values, keys, states, mutations and actions.
final class OracleGenerator {
  var random: OracleRandom

  init(seed: UInt64) { random = OracleRandom(seed: seed) }

  static let texts = [
    "", "inbox", "a: b", "x [y] (z)", "say \"hi\"", "naïve café", "#1", "… (2 unchanged)", "comma, here",
    "Why \"some\"",
    "Work", "🎬 clap", "end)",
  ]

  func text() -> String { random.pick(Self.texts) + (random.chance(0.5) ? "" : " \(random.int(0...99))") }
  func double() -> Double { Double(random.int(0...400)) / 8 }
  func uuid() -> UUID {
    let a = random.next()
    let b = random.next()
    return UUID(
      uuid: (
        UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16),
        UInt8(truncatingIfNeeded: a >> 24), UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40),
        0x40 | UInt8(truncatingIfNeeded: a >> 48) & 0x0F, UInt8(truncatingIfNeeded: a >> 56),
        0x80 | UInt8(truncatingIfNeeded: b) & 0x3F, UInt8(truncatingIfNeeded: b >> 8),
        UInt8(truncatingIfNeeded: b >> 16), UInt8(truncatingIfNeeded: b >> 24), UInt8(truncatingIfNeeded: b >> 32),
        UInt8(truncatingIfNeeded: b >> 40), UInt8(truncatingIfNeeded: b >> 48), UInt8(truncatingIfNeeded: b >> 56)
      ))
  }
  func itemID() -> ItemID { ItemID(rawValue: random.pick(["a", "b2", "x: y", "q\"", ""]) + "\(random.int(0...9))") }
  func folder() -> Folder {
    switch random.int(0...3) {
    case 0: .home
    case 1: .archive
    default: .folder(random.pick(["Work", "Home", "a: b", "say \"hi\"", ""]))
    }
  }
  func date() -> Date { Date(timeIntervalSince1970: 1_763_510_400 + Double(random.int(0...40)) * 43_200.5) }
  func url() -> URL {
    URL(
      string: random.pick([
        "https://example.com/img/\(random.int(1...400)).png?w=120", "file:///tmp/a%20b\(random.int(0...9)).txt",
        "https://example.com/a:b/\(random.int(0...9))", "https://example.com/x?q=a,b&c=(d)",
      ]))!
  }
  func grid() -> GridPos { GridPos(row: random.int(-2...3), col: random.int(0...3)) }
  func item() -> Item {
    Item(title: text(), progress: double(), done: random.chance(0.5), note: random.chance(0.5) ? nil : text())
  }
  func page() -> Page { Page(title: text(), count: random.int(0...9)) }
  func mode() -> Mode {
    switch random.int(0...3) {
    case 0: .idle
    case 1: .loading(progress: double())
    case 2: .loaded(page())
    default: .failed(text(), code: random.int(-3...500))
    }
  }
  func row() -> Row { Row(id: uuid(), name: text(), progress: double(), status: mode()) }
  func rows(_ n: ClosedRange<Int>) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(uniqueElements: (0..<random.int(n)).map { _ in row() })
  }
  func dictionary<K: Hashable, V>(_ n: ClosedRange<Int>, _ key: () -> K, _ value: () -> V) -> [K: V] {
    var d: [K: V] = [:]
    for _ in 0..<random.int(n) { d[key()] = value() }
    return d
  }
  func detail() -> Detail {
    Detail(
      item: item(), byTagged: dictionary(0...3, { Tagged(uuid()) }, { random.int(-5...50) }), rows: rows(0...3))
  }
  func child() -> Child {
    Child(
      name: text(), byItemID: dictionary(0...3, { itemID() }, { item() }),
      byGrid: dictionary(0...3, { grid() }, { random.int(0...9) }),
      byFolder: dictionary(0...3, { folder() }, { item() }))
  }
  func destination() -> Destination { random.chance(0.7) ? .detail(detail()) : .alert(text()) }

  func state() -> AppState {
    AppState(
      title: text(), count: random.int(-5...100), enabled: random.chance(0.5), ratio: double(),
      note: random.chance(0.5) ? nil : text(), mode: mode(),
      tags: Array(Set((0..<random.int(0...4)).map { _ in "tag\(random.int(0...20))" })).sorted(), rows: rows(0...4),
      byUUID: dictionary(0...4, { uuid() }, { item() }),
      byTagged: dictionary(0...4, { Tagged(uuid()) }, { random.int(0...9) }),
      byItemID: dictionary(0...4, { itemID() }, { item() }),
      byFolder: dictionary(0...4, { folder() }, { random.int(0...9) }),
      byDate: dictionary(0...3, { date() }, { random.int(0...9) }),
      byURL: dictionary(0...3, { url() }, { random.int(0...99_999) }),
      byInt: dictionary(0...4, { random.int(-20...20) }, { text() }),
      byString: dictionary(0...4, { text() }, { random.int(0...9) }),
      byGrid: dictionary(0...4, { grid() }, { random.int(0...9) }),
      nested: dictionary(
        0...2, { random.pick(["inbox", "a: b", "say \"hi\""]) }, { dictionary(0...2, { uuid() }, { item() }) }),
      child: random.chance(0.6) ? child() : nil, destination: random.chance(0.5) ? destination() : nil)
  }

  /// One change to a dictionary: a key inserted, a key removed, or an entry's value changed.
  func dictionaryChange<K: Hashable, V>(
    _ d: [K: V], newKey: () -> K, newValue: () -> V, change: (V) -> V
  ) -> ([K: V]) -> [K: V] {
    let keys = Array(d.keys)
    switch random.int(0...2) {
    case 0 where d.count < 6:
      let k = newKey()
      let v = newValue()
      return {
        var d = $0
        d[k] = v
        return d
      }
    case 1 where !keys.isEmpty:
      let k = random.pick(keys)
      return {
        var d = $0
        d[k] = nil
        return d
      }
    default:
      guard let k = keys.isEmpty ? nil : random.pick(keys), let v = d[k] else {
        let k = newKey()
        let v = newValue()
        return {
          var d = $0
          d[k] = v
          return d
        }
      }
      let changed = change(v)
      return {
        var d = $0
        d[k] = changed
        return d
      }
    }
  }

  func itemChange(_ item: Item) -> Item {
    var item = item
    switch random.int(0...3) {
    case 0: item.title = text()
    case 1: item.progress = double()
    case 2: item.done.toggle()
    default: item.note = random.chance(0.3) ? nil : text()
    }
    return item
  }

  func modeChange(_ mode: Mode) -> Mode {
    switch (mode, random.int(0...1)) {
    case (.loading, 0): .loading(progress: double())
    case (.loaded(var page), 0):
      random.chance(0.5)
        ? {
          page.title = text()
          return .loaded(page)
        }()
        : {
          page.count += 1
          return .loaded(page)
        }()
    case (.failed(let message, let code), 0):
      random.chance(0.5) ? .failed(text(), code: code) : .failed(message, code: code + 1)
    default: self.mode()
    }
  }

  func rowsChange(_ rows: IdentifiedArrayOf<Row>) -> (IdentifiedArrayOf<Row>) -> IdentifiedArrayOf<Row> {
    switch random.int(0...3) {
    case 0 where rows.count < 6:
      let new = row()
      return {
        var r = $0
        r.append(new)
        return r
      }
    case 1 where !rows.isEmpty:
      let i = random.int(0...(rows.count - 1))
      return {
        var r = $0
        r.remove(at: i)
        return r
      }
    default:
      guard !rows.isEmpty else { return { $0 } }
      let i = random.int(0...(rows.count - 1))
      var changed = rows[i]
      switch random.int(0...2) {
      case 0: changed.name = text()
      case 1: changed.progress = double()
      default: changed.status = modeChange(changed.status)
      }
      let row = changed
      return {
        var r = $0
        r[id: row.id] = row
        return r
      }
    }
  }

  /// One mutation of the top-level property `property` of `state`.
  func mutation(of state: AppState, property: Int) -> Mutation {
    switch property {
    case 0:
      let v = text()
      return Mutation(name: "title") { $0.title = v }
    case 1:
      let v = random.int(-5...100)
      return Mutation(name: "count") { $0.count = v }
    case 2: return Mutation(name: "enabled") { $0.enabled.toggle() }
    case 3:
      let v = double()
      return Mutation(name: "ratio") { $0.ratio = v }
    case 4:
      let v: String? = random.chance(0.3) ? nil : text()
      return Mutation(name: "note") { $0.note = v }
    case 5:
      let v = modeChange(state.mode)
      return Mutation(name: "mode") { $0.mode = v }
    case 6:
      var tags = state.tags
      switch random.int(0...2) {
      // Tags stay distinct: which of two equal elements an edit touched is not in the print.
      case 0:
        let tag = "tag\(random.int(21...40))"
        if !tags.contains(tag) { tags.append(tag) }
      case 1 where !tags.isEmpty: tags.remove(at: random.int(0...(tags.count - 1)))
      default:
        let tag = "tag\(random.int(41...60))"
        if !tags.isEmpty, !tags.contains(tag) { tags[random.int(0...(tags.count - 1))] = tag }
      }
      let v = tags
      return Mutation(name: "tags") { $0.tags = v }
    case 7:
      let f = rowsChange(state.rows)
      return Mutation(name: "rows") { $0.rows = f($0.rows) }
    case 8:
      let f = dictionaryChange(state.byUUID, newKey: { uuid() }, newValue: { item() }, change: { itemChange($0) })
      return Mutation(name: "byUUID") { $0.byUUID = f($0.byUUID) }
    case 9:
      let f = dictionaryChange(
        state.byTagged, newKey: { Tagged(uuid()) }, newValue: { random.int(0...9) }, change: { $0 + 1 })
      return Mutation(name: "byTagged") { $0.byTagged = f($0.byTagged) }
    case 10:
      let f = dictionaryChange(state.byItemID, newKey: { itemID() }, newValue: { item() }, change: { itemChange($0) })
      return Mutation(name: "byItemID") { $0.byItemID = f($0.byItemID) }
    case 11:
      let f = dictionaryChange(
        state.byFolder, newKey: { folder() }, newValue: { random.int(0...9) }, change: { $0 + 2 })
      return Mutation(name: "byFolder") { $0.byFolder = f($0.byFolder) }
    case 12:
      let f = dictionaryChange(state.byDate, newKey: { date() }, newValue: { random.int(0...9) }, change: { $0 - 1 })
      return Mutation(name: "byDate") { $0.byDate = f($0.byDate) }
    case 13:
      let f = dictionaryChange(state.byURL, newKey: { url() }, newValue: { random.int(0...9) }, change: { $0 * 2 + 1 })
      return Mutation(name: "byURL") { $0.byURL = f($0.byURL) }
    case 14:
      let f = dictionaryChange(
        state.byInt, newKey: { random.int(-20...20) }, newValue: { text() }, change: { $0 + "!" })
      return Mutation(name: "byInt") { $0.byInt = f($0.byInt) }
    case 15:
      let f = dictionaryChange(state.byString, newKey: { text() }, newValue: { random.int(0...9) }, change: { $0 + 3 })
      return Mutation(name: "byString") { $0.byString = f($0.byString) }
    case 16:
      let f = dictionaryChange(state.byGrid, newKey: { grid() }, newValue: { random.int(0...9) }, change: { $0 + 1 })
      return Mutation(name: "byGrid") { $0.byGrid = f($0.byGrid) }
    case 17:
      let f = dictionaryChange(
        state.nested, newKey: { random.pick(["inbox", "a: b", "say \"hi\"", "sent"]) },
        newValue: { dictionary(1...2, { uuid() }, { item() }) },
        change: { inner in
          let g = dictionaryChange(inner, newKey: { uuid() }, newValue: { item() }, change: { itemChange($0) })
          return g(inner)
        })
      return Mutation(name: "nested") { $0.nested = f($0.nested) }
    case 18:
      guard let child = state.child, random.chance(0.85) else {
        let v: Child? = state.child == nil ? self.child() : nil
        return Mutation(name: "child") { $0.child = v }
      }
      switch random.int(0...3) {
      case 0:
        let v = text()
        return Mutation(name: "child.name") { $0.child?.name = v }
      case 1:
        let f = dictionaryChange(child.byItemID, newKey: { itemID() }, newValue: { item() }, change: { itemChange($0) })
        return Mutation(name: "child.byItemID") { if let c = $0.child { $0.child?.byItemID = f(c.byItemID) } }
      case 2:
        let f = dictionaryChange(child.byGrid, newKey: { grid() }, newValue: { random.int(0...9) }, change: { $0 + 1 })
        return Mutation(name: "child.byGrid") { if let c = $0.child { $0.child?.byGrid = f(c.byGrid) } }
      default:
        let f = dictionaryChange(child.byFolder, newKey: { folder() }, newValue: { item() }, change: { itemChange($0) })
        return Mutation(name: "child.byFolder") { if let c = $0.child { $0.child?.byFolder = f(c.byFolder) } }
      }
    default:
      guard case .detail(var detail) = state.destination, random.chance(0.8) else {
        let v: Destination? = state.destination == nil || random.chance(0.5) ? destination() : nil
        return Mutation(name: "destination") { $0.destination = v }
      }
      switch random.int(0...2) {
      case 0: detail.item = itemChange(detail.item)
      case 1:
        detail.byTagged = dictionaryChange(
          detail.byTagged, newKey: { Tagged(uuid()) }, newValue: { random.int(0...9) }, change: { $0 + 1 })(
            detail.byTagged)
      default: detail.rows = rowsChange(detail.rows)(detail.rows)
      }
      let v = detail
      return Mutation(name: "destination.detail") { $0.destination = .detail(v) }
    }
  }

  static let propertyCount = 20

  /// Up to three mutations of different top-level properties (none: a no-op record).
  func mutations(of state: AppState) -> [Mutation] {
    var properties = Set<Int>()
    for _ in 0..<random.int(0...3) { properties.insert(random.int(0...(Self.propertyCount - 1))) }
    return properties.sorted().map { mutation(of: state, property: $0) }
  }

  func action() -> AppAction {
    switch random.int(0...6) {
    case 0: return .timerTicked
    case 1: return .titleChanged(text())
    case 2:
      let inner: RowAction = random.pick([.progressUpdated(double()), .nameChanged(name: text()), .tapped])
      return .rows(.element(id: uuid(), action: inner))
    case 3: return .child(random.pick([.gridTapped(grid()), .folderPicked(folder()), .delegate(.didFinish(itemID()))]))
    case 4:
      return .destination(
        random.pick([
          .presented(.detail(.saveButtonTapped)), .presented(.detail(.itemChanged(item()))),
          .presented(.alert(.confirm)), .dismiss,
        ]))
    default:
      return .itemResponse(random.chance(0.7) ? .success(item()) : .failure(OracleError(message: text())))
    }
  }
}
