/// What the app side reads of a filter repository: TCALogFilter's `FilterFile` compiles the
/// same patterns with `NSRegularExpression` (ICU), which reads the common core of PCRE2
/// alike (literals, classes, anchors, groups, alternation, greedy, lazy and possessive
/// quantifiers, atomic groups, lookaround, inline options, `\Q…\E`). Outside it, a pattern
/// either fails there or matches something else.
extension FilterRepository {
  /// Why `pattern` is outside the subset the app side reads alike (nil when it is inside):
  /// PCRE2-only syntax, or class syntax ICU reads as set operations.
  package static func appSideIssue(_ pattern: String) -> String? {
    let s = Array(pattern.unicodeScalars)
    var i = 0
    var inClass = false
    var classStart = 0
    func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
    while i < s.count {
      let c = s[i]
      if c == "\\" {
        switch at(i + 1) {
        case "Q":
          // Quoted up to \E (or the end).
          i += 2
          while i < s.count && !(s[i] == "\\" && at(i + 1) == "E") { i += 1 }
          i += 2
          continue
        case "K" where !inClass: return "\\K (PCRE2's match-start reset)"
        case "g" where !inClass: return "\\g (PCRE2's back-reference or subroutine call)"
        default:
          i += 2
          continue
        }
      }
      if inClass {
        if c == "]" && i > classStart {
          inClass = false
        } else if c == "[" {
          // POSIX classes ([:alpha:]) read alike; any other '[' opens a nested set in ICU.
          guard at(i + 1) == ":", let end = (i + 2..<s.count).first(where: { s[$0] == ":" && at($0 + 1) == "]" })
          else { return "'[' inside a character class (ICU reads a nested set)" }
          i = end + 2
          continue
        } else if (c == "&" && at(i + 1) == "&") || (c == "-" && at(i + 1) == "-") {
          return "'\(c)\(c)' inside a character class (ICU reads a set operation)"
        }
        i += 1
        continue
      }
      if c == "[" {
        inClass = true
        // A ']' right after '[' or '[^' is a literal in PCRE2.
        classStart = at(i + 1) == "^" ? i + 2 : i + 1
        i += 1
        continue
      }
      if c == "(" {
        let next = at(i + 1)
        if next == "*" { return "(*VERB) (PCRE2's backtracking verbs and start options)" }
        if next == "?" {
          let kind = at(i + 2)
          let after = at(i + 3)
          switch kind {
          case "|": return "(?| (PCRE2's branch reset)"
          case "R", "&": return "(?\(kind!) (PCRE2's recursion)"
          case "P": return "(?P (PCRE2's Python-style named groups)"
          case "(": return "(?( (PCRE2's conditional group)"
          case "C": return "(?C (PCRE2's callout)"
          case let d? where ("0"..."9").contains(d): return "(?N) (PCRE2's subroutine call)"
          case "+", "-":
            if let a = after, ("0"..."9").contains(a) { return "(?\(kind!)N) (PCRE2's relative subroutine call)" }
          default: break
          }
        }
      }
      i += 1
    }
    return nil
  }

  /// Every entry outside the subset the app side reads alike, as warnings (`FILE:LINE: …`).
  package var appSideIssues: [FilterFileIssue] {
    entries.compactMap { entry in
      Self.appSideIssue(entry.pattern).map {
        FilterFileIssue(
          file: file, line: entry.line,
          reason: "'\(entry.name)' uses \($0): TCALogFilter (NSRegularExpression) in the app will not read it alike")
      }
    }
  }
}
