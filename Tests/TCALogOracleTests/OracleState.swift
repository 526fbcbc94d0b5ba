import CustomDump
import Foundation
import IdentifiedCollections
import Tagged

// The states and actions the oracle renders: what a TCA app keeps, keyed every way that
// real apps key their collections (UUID, Tagged, a struct wrapper, an enum with a payload,
// Date, URL, negative Int, odd strings, a struct printed over several lines), nested several
// levels deep, with optionals, enums with payloads, arrays and IdentifiedArrays.

struct ItemID: Hashable { var rawValue: String }

enum Folder: Hashable {
  case home
  case archive
  case folder(String)
}

/// A key that Custom Dump prints over several lines (`GridPos(` / `row: 0,` / `col: 1` / `)`).
struct GridPos: Hashable {
  var row: Int
  var col: Int
}

struct Page: Equatable {
  var title: String
  var count: Int
}

enum Mode: Equatable {
  case idle
  case loading(progress: Double)
  case loaded(Page)
  case failed(String, code: Int)
}

struct Item: Equatable {
  var title: String
  var progress: Double
  var done: Bool
  var note: String?
}

struct Row: Identifiable, Equatable {
  let id: UUID
  var name: String
  var progress: Double
  var status: Mode
}

struct Detail: Equatable {
  var item: Item
  var byTagged: [Tagged<Item, UUID>: Int]
  var rows: IdentifiedArrayOf<Row>
}

enum Destination: Equatable {
  case detail(Detail)
  case alert(String)
}

struct Child: Equatable {
  var name: String
  var byItemID: [ItemID: Item]
  var byGrid: [GridPos: Int]
  var byFolder: [Folder: Item]
}

struct AppState: Equatable {
  var title: String
  var count: Int
  var enabled: Bool
  var ratio: Double
  var note: String?
  var mode: Mode
  var tags: [String]
  var rows: IdentifiedArrayOf<Row>
  var byUUID: [UUID: Item]
  var byTagged: [Tagged<Item, UUID>: Int]
  var byItemID: [ItemID: Item]
  var byFolder: [Folder: Int]
  var byDate: [Date: Int]
  var byURL: [URL: Int]
  var byInt: [Int: String]
  var byString: [String: Int]
  var byGrid: [GridPos: Int]
  var nested: [String: [UUID: Item]]
  var child: Child?
  var destination: Destination?
}

/// Actions with known paths (FORMATS.md 10.1): the case names from the root down.
enum AppAction {
  case timerTicked
  case titleChanged(String)
  case rows(IdentifiedActionOf<RowAction>)
  case child(ChildAction)
  case destination(PresentationAction<DestinationAction>)
  case itemResponse(Result<Item, OracleError>)

  var path: String {
    switch self {
    case .timerTicked: "timerTicked"
    case .titleChanged: "titleChanged"
    case .rows(.element(_, let action)): "rows.element." + action.path
    case .child(let action): "child." + action.path
    case .destination(.presented(let action)): "destination.presented." + action.path
    case .destination(.dismiss): "destination.dismiss"
    case .itemResponse(.success): "itemResponse.success"
    case .itemResponse(.failure): "itemResponse.failure"
    }
  }
}

struct OracleError: Error, Equatable { var message: String }

/// The shape of TCA's `IdentifiedAction`, so that its dump is the real one's.
enum IdentifiedActionOf<Action> {
  case element(id: UUID, action: Action)
}

/// The shape of TCA's `PresentationAction`.
enum PresentationAction<Action> {
  case dismiss
  case presented(Action)
}

enum RowAction {
  case progressUpdated(Double)
  case nameChanged(name: String)
  case tapped

  var path: String {
    switch self {
    case .progressUpdated: "progressUpdated"
    case .nameChanged: "nameChanged"
    case .tapped: "tapped"
    }
  }
}

enum ChildAction {
  case gridTapped(GridPos)
  case folderPicked(Folder)
  case delegate(Delegate)
  enum Delegate { case didFinish(ItemID) }

  var path: String {
    switch self {
    case .gridTapped: "gridTapped"
    // A data enum payload reads as a child action (FORMATS.md 10.1, `filterPicked.completed`).
    case .folderPicked(.home): "folderPicked.home"
    case .folderPicked(.archive): "folderPicked.archive"
    case .folderPicked(.folder): "folderPicked.folder"
    case .delegate(.didFinish): "delegate.didFinish"
    }
  }
}

enum DestinationAction {
  case detail(DetailAction)
  case alert(AlertAction)
  enum DetailAction {
    case saveButtonTapped
    case itemChanged(Item)
  }
  enum AlertAction { case confirm }

  var path: String {
    switch self {
    case .detail(.saveButtonTapped): "detail.saveButtonTapped"
    case .detail(.itemChanged): "detail.itemChanged"
    case .alert(.confirm): "alert.confirm"
    }
  }
}
