#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The members of `tcalog report --format json` that `compare` reads back: one schema for
/// the writer (`ReportPrinter` takes these members' names from `Key`) and the reader
/// (`RunProfile(savedReport:source:)`). Strict: a member missing, renamed or of another
/// type is an error naming it, never a silent 0. The members that may be `null` (no
/// timestamps, no `--depth`, a top-level row) must still be there: every report written
/// since the first one with these members (`8cd3494`) writes them all.
///
/// `Decodable` only: the writer is `ReportPrinter`, which lays the JSON out by hand (the
/// bytes of a saved report are behaviour) and spells each member by these keys; an
/// `Encodable` half would be a second writer that nothing uses.
package struct SavedReport: Decodable, Equatable, Sendable {
  /// The report's own members that are read.
  package enum Key: String, CodingKey, CaseIterable {
    case records, lines, noOpRecords, timeSpanSeconds, depth, actions, hiddenActions, statePaths, hiddenStatePaths
  }

  /// A row of `actions`: an action path, or with `group` a group of them.
  package struct ActionRow: Decodable, Equatable, Sendable {
    /// The members of a row that are read.
    package enum Key: String, CodingKey, CaseIterable {
      case path, group, parent, records, lines, noOpRecords
    }
    package var path: String
    package var group: Bool
    /// The group row this one is under; nil at the top (or in a report with `--depth`).
    package var parent: String?
    package var records: Int
    package var lines: Int
    package var noOpRecords: Int

    package init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: Key.self)
      path = try c.decode(String.self, forKey: .path)
      group = try c.decode(Bool.self, forKey: .group)
      parent = try c.decodePresent(String.self, forKey: .parent)
      records = try c.decode(Int.self, forKey: .records)
      lines = try c.decode(Int.self, forKey: .lines)
      noOpRecords = try c.decode(Int.self, forKey: .noOpRecords)
    }

  }

  /// A row of `statePaths`: a normalized state path and its changes.
  package struct StateRow: Decodable, Equatable, Sendable {
    /// The members of a row that are read.
    package enum Key: String, CodingKey, CaseIterable {
      case path, changes
    }
    package var path: String
    package var changes: Int

    package init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: Key.self)
      path = try c.decode(String.self, forKey: .path)
      changes = try c.decode(Int.self, forKey: .changes)
    }

  }

  package var records: Int
  package var lines: Int
  package var noOpRecords: Int
  /// Seconds from the first timestamp to the last; nil without timestamps.
  package var timeSpanSeconds: Double?
  /// The report's `--depth`; nil for a tree.
  package var depth: Int?
  package var actions: [ActionRow]
  /// Action rows left out by `--top` or `--min-share`.
  package var hiddenActions: Int
  package var statePaths: [StateRow]
  /// State path rows left out.
  package var hiddenStatePaths: Int

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    records = try c.decode(Int.self, forKey: .records)
    lines = try c.decode(Int.self, forKey: .lines)
    noOpRecords = try c.decode(Int.self, forKey: .noOpRecords)
    timeSpanSeconds = try c.decodePresent(Double.self, forKey: .timeSpanSeconds)
    depth = try c.decodePresent(Int.self, forKey: .depth)
    actions = try c.decode([ActionRow].self, forKey: .actions)
    hiddenActions = try c.decode(Int.self, forKey: .hiddenActions)
    statePaths = try c.decode([StateRow].self, forKey: .statePaths)
    hiddenStatePaths = try c.decode(Int.self, forKey: .hiddenStatePaths)
  }

  /// The schema of `data`, or a `SavedReportError` that names `source` and, for a report
  /// that is JSON but not this schema, the member at fault (`'actions[2].lines' is
  /// missing`).
  package static func decode(_ data: Data, source: String) throws -> SavedReport {
    do {
      return try JSONDecoder().decode(SavedReport.self, from: data)
    } catch let error as DecodingError {
      let prefix = "\(source): not a report of 'tcalog report --format json'"
      switch error {
      case .keyNotFound(let key, let context):
        throw SavedReportError(description: "\(prefix): '\(path(context.codingPath + [key]))' is missing")
      case .typeMismatch(let type, let context):
        guard !context.codingPath.isEmpty else { throw SavedReportError(description: prefix) }
        throw SavedReportError(description: "\(prefix): '\(path(context.codingPath))' is not \(name(type))")
      case .valueNotFound(let type, let context):
        guard !context.codingPath.isEmpty else { throw SavedReportError(description: prefix) }
        throw SavedReportError(description: "\(prefix): '\(path(context.codingPath))' is not \(name(type))")
      default:
        throw SavedReportError(description: prefix)
      }
    } catch {
      throw SavedReportError(description: "\(source): not a report of 'tcalog report --format json'")
    }
  }

  /// `actions[2].lines`: where a member is, as a reader of the JSON would write it.
  private static func path(_ keys: [any CodingKey]) -> String {
    var out = ""
    for key in keys {
      if let index = key.intValue {
        out += "[\(index)]"
      } else {
        out += (out.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return out
  }

  /// The JSON kind a Swift type is read from.
  private static func name(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Double.Type: return "a number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is [ActionRow].Type, is [StateRow].Type: return "an array"
    default: return "an object"
    }
  }
}

extension KeyedDecodingContainer {
  /// A member that must be there but may be `null`.
  fileprivate func decodePresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard contains(key) else {
      throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
    }
    return try decodeIfPresent(type, forKey: key)
  }
}
