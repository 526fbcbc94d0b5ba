import TCALogSupport

/// Checks and spells Swift identifiers taken from a log: nothing from the log reaches
/// generated code unless it is a plain identifier.
package enum SwiftIdentifier {
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "package", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
    "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
  ]

  /// `^[A-Za-z_][A-Za-z0-9_]*$`, not a lone `_`. A name the log shows in backticks is read without them.
  package static func plain(_ name: String) -> String? {
    var name = Substring(name)
    if name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") { name = name.dropFirst().dropLast() }
    return name.isPlainIdentifier ? String(name) : nil
  }

  /// A type name of dot-separated identifiers without generic arguments (`AppFeature.Action`).
  package static func typeName(_ name: String) -> String? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false).map { plain(String($0)) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.map { escaped($0!) }.joined(separator: ".")
  }

  /// The identifier in backticks when it is a keyword.
  package static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

  /// `windows.window.hover` → `windowsWindowHover`.
  package static func camelName(_ segments: [String]) -> String {
    var out = ""
    for (i, s) in segments.enumerated() {
      if i == 0 { out += s } else { out += s.prefix(1).uppercased() + s.dropFirst() }
    }
    return out
  }
}
