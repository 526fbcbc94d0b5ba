/// What the app's printer said it cost: the sum of the `tcalog printer: cost …` lines of a
/// log (TCALogFilter's `ChangePrinter` writes one on demand or at an interval, with the
/// figures since the previous one), and how many times it loaded its filter file. Such a line
/// is a printer line: outside records (counted among the other lines too), read by the
/// scanner where it counts a line outside records, and shown by `report` as what logging cost.
///
///     2026-11-20T10:22:33.123Z tcalog printer: cost 12 printed, 3400 silenced, 40 debounced, 0 unwatched, 15234 µs, 45678 bytes; windows.window.hover: 8 printed, 40 debounced, 0 unwatched, 9000 µs, 30000 bytes
///     2026-11-20T10:22:34.001Z tcalog printer: filters reloaded from /tmp/.tcalog-filters: 4 entries, 1 keep line
package struct PrinterCost: Sendable, Equatable {
  /// The figures of one action path, or of all (`silenced` only for all: a silenced
  /// action's path is never worked out).
  package struct Figures: Sendable, Equatable {
    package var printed = 0
    package var silenced = 0
    package var debounced = 0
    package var unwatched = 0
    package var microseconds = 0
    package var bytes = 0

    package init() {}

    mutating func add(_ other: Figures) {
      printed += other.printed
      silenced += other.silenced
      debounced += other.debounced
      unwatched += other.unwatched
      microseconds += other.microseconds
      bytes += other.bytes
    }
  }

  /// `cost` lines read.
  package var summaries = 0
  /// Their sum.
  package var total = Figures()
  /// Their sums per action path.
  package var byActionPath: [String: Figures] = [:]
  /// `filters loaded` and `filters reloaded` lines read.
  package var filterLoads = 0

  package init() {}

  /// Whether any printer line was read.
  package var isEmpty: Bool { summaries == 0 && filterLoads == 0 }

  package mutating func merge(_ other: PrinterCost) {
    summaries += other.summaries
    total.add(other.total)
    for (path, figures) in other.byActionPath { byActionPath[path, default: Figures()].add(figures) }
    filterLoads += other.filterLoads
  }

  static let marker: StaticString = "tcalog printer: "

  /// Reads a line's content after its prefix when it is a printer line; returns whether it was.
  mutating func read(_ text: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
    guard content.count > 16, text[content.lowerBound] == UInt8(ascii: "t"),
      ByteText.hasPrefix(text, content, Self.marker)
    else { return false }
    let start = content.lowerBound + Self.marker.utf8CodeUnitCount
    let line = String(decoding: UnsafeBufferPointer(rebasing: text[start..<content.upperBound]), as: UTF8.self)
    if line.hasPrefix("filters loaded ") || line.hasPrefix("filters reloaded ") {
      filterLoads += 1
    } else if line.hasPrefix("cost ") {
      var parts = line.dropFirst(5).split(separator: ";")[...]
      guard let first = parts.popFirst() else { return true }
      summaries += 1
      total.add(Self.figures(first))
      for part in parts {
        guard let colon = part.firstIndex(of: ":") else { continue }
        let name = part[..<colon].trimmingBlanks()
        byActionPath[name == "-" ? "" : String(name), default: Figures()].add(
          Self.figures(part[part.index(after: colon)...]))
      }
    }
    return true
  }

  /// `12 printed, 3400 silenced, …`: each count and its word.
  private static func figures(_ text: Substring) -> Figures {
    var figures = Figures()
    for item in text.split(separator: ",") {
      let words = item.split(separator: " ")
      guard words.count == 2, let n = Int(words[0]) else { continue }
      switch words[1] {
      case "printed": figures.printed = n
      case "silenced": figures.silenced = n
      case "debounced": figures.debounced = n
      case "unwatched": figures.unwatched = n
      case "µs": figures.microseconds = n
      case "bytes": figures.bytes = n
      default: continue
      }
    }
    return figures
  }
}

extension Substring {
  fileprivate func trimmingBlanks() -> Substring {
    var s = self
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return s
  }
}
