import Foundation

/// A JSON document parsed and written again with sorted keys: two documents hold the same
/// values exactly when their canonical texts are equal (key order and whitespace aside).
/// Throws when `json` does not parse, so two broken documents never compare equal.
/// Foundation is fine here: only tests link this target.
package func canonicalJSON(_ json: Data) throws -> String {
  let value = try JSONSerialization.jsonObject(with: json)
  return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
}

/// `canonicalJSON` of a document given as text.
package func canonicalJSON(_ json: String) throws -> String { try canonicalJSON(Data(json.utf8)) }
