extension PatternMatcher {
  /// `text` as a PCRE2 literal: every metacharacter outside a class (`\ ^ $ . | ? * + ( )
  /// [ ] { }`) backslash-escaped, so that the pattern matches `text` and nothing else. The
  /// one escaping of the patterns tcalog writes (a budget's rule for an action path, a
  /// suggestion's repository entry); an action path of identifiers and dots escapes only
  /// its dots.
  package static func literal(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) { out.unicodeScalars.append("\\") }
      out.unicodeScalars.append(scalar)
    }
    return out
  }
}
