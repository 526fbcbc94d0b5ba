import Foundation
import TCALogFilterSyntax
import TCALogSupport

/// A filter repository read by the app at run time: the `name = pattern` file that `tcalog
/// filter --exclude-filters`, `report --filters` and `suggest --filters FILE --append` use,
/// so that silencing an action takes `suggest --append` and a relaunch, not a rebuild.
///
///     # noise from the window chrome
///     hover = ^windows\.window\.hover(\.|$)
///     tick = ^timerTicked$
///     # ruled signal (tcalog suggest --review): never silenced
///     keep hoverClose = ^windows\.window\.hover\.close$
///
/// The format is tcalog's: one entry per line, the name a Swift identifier, the pattern
/// everything after the first `=` with blanks around it removed; blank lines and lines
/// starting with `#` are skipped; every bad line is reported at once. A line that starts
/// with the word `keep` and a blank is a keep line: what the user ruled signal. It silences
/// nothing, and an action path it matches is never silenced, whatever entry matches it too
/// (as `tcalog filter --exclude-filters` reads it).
///
/// Patterns are compiled with `NSRegularExpression` (ICU), which reads the common core of
/// PCRE2 alike: literals, `.`, classes (`[a-z]`, `[^.]`, `[[:alpha:]]`, `\d`, `\w`, `\s`,
/// `\p{L}`), anchors (`^`, `$`, `\b`), groups (`(…)`, `(?:…)`, `(?<name>…)`, `(?>…)`),
/// alternation, greedy, lazy and possessive quantifiers, lookaround, inline options such as
/// `(?i)`, `\Q…\E`. PCRE2-only syntax (`(*VERB)`, `\K`, `(?|`, recursion and subroutine
/// calls, conditionals, `\g`, `(?P…)`) and ICU's set operations (`[a&&b]`, `[a--b]`, a `[`
/// inside a class) either fail here or mean something else: `tcalog` warns when a
/// repository uses them.
public struct FilterFile: Sendable {
  /// One `name = pattern` line, or one `keep name = pattern` line.
  public struct Entry: Sendable, Equatable {
    /// What an entry does to the action paths its pattern matches.
    public enum Kind: Sendable, Equatable {
      /// `name = pattern`: silenced, unless a keep line matches too.
      case silence
      /// `keep name = pattern`: ruled signal, never silenced.
      case keep
    }
    /// The entry's name (a Swift identifier).
    public var name: String
    /// The pattern as written.
    public var pattern: String
    /// 1-based line in the file.
    public var line: Int
    /// Silencing entry or keep line.
    public var kind: Kind = .silence
  }

  /// A bad line: `FILE:LINE: reason`.
  public struct Issue: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String { line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)" }
  }

  /// Everything wrong with a repository file.
  public struct Error: Swift.Error, Sendable, CustomStringConvertible {
    public var issues: [Issue]
    public var description: String { issues.map(\.description).joined(separator: "\n") }
  }

  /// Where it was read from (`<memory>` for text).
  public let file: String
  /// The entries in file order.
  public let entries: [Entry]
  // NSRegularExpression is documented as safe to use from several threads.
  nonisolated(unsafe) private let expressions: [NSRegularExpression]

  private init(file: String, entries: [Entry], expressions: [NSRegularExpression]) {
    self.file = file
    self.entries = entries
    self.expressions = expressions
  }

  /// Parses repository text; throws every bad line at once.
  public init(parsing text: String, file: String = "<memory>") throws(Error) {
    var entries: [Entry] = []
    var expressions: [NSRegularExpression] = []
    var issues: [Issue] = []
    var names: [String: Int] = [:]
    // The grammar tcalog's FilterRepository reads too (TCALogFilterSyntax).
    for parsed in FilterFileSyntax.lines(of: text) {
      let line: FilterFileSyntax.Entry
      switch parsed {
      case .withoutEquals(let number):
        issues.append(Issue(file: file, line: number, reason: "expected 'name = pattern'"))
        continue
      case .entry(let entry): line = entry
      }
      let (number, name, pattern) = (line.line, line.name, line.pattern)
      let kind: Entry.Kind = line.isKeep ? .keep : .silence
      func issue(_ reason: String) { issues.append(Issue(file: file, line: number, reason: reason)) }
      guard Self.isValidName(name) else {
        issue(name.isEmpty ? "missing name before '='" : "invalid name '\(name)' (expected a Swift identifier)")
        continue
      }
      if let first = names[name] {
        issue("duplicate name '\(name)' (first defined on line \(first))")
        continue
      }
      guard !pattern.isEmpty else {
        issue("empty pattern for '\(name)'")
        continue
      }
      do {
        expressions.append(try NSRegularExpression(pattern: pattern))
      } catch {
        issue("pattern for '\(name)' is not one NSRegularExpression reads: \(pattern)")
        continue
      }
      names[name] = number
      entries.append(Entry(name: name, pattern: pattern, line: number, kind: kind))
    }
    if !issues.isEmpty { throw Error(issues: issues) }
    self.init(file: file, entries: entries, expressions: expressions)
  }

  /// Reads and parses a file (UTF-8).
  public init(contentsOfFile path: String) throws(Error) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Error(issues: [Issue(file: path, line: 0, reason: "cannot read")])
    }
    try self.init(parsing: String(decoding: data, as: UTF8.self), file: path)
  }

  /// The repository at `path`, or nil when it is missing or bad (the reasons go to
  /// `report`, standard error by default): what an app reads at launch, where a bad
  /// repository must not stop it.
  public static func load(
    _ path: String, report: (String) -> Void = { FileHandle.standardError.write(Data(("tcalog: " + $0 + "\n").utf8)) }
  ) -> FilterFile? {
    do {
      return try FilterFile(contentsOfFile: path)
    } catch {
      report(error.description)
      return nil
    }
  }

  /// The first entry (in file order) whose pattern matches somewhere in the action path, of
  /// the given kind (any kind when nil).
  public func firstEntry(matchingActionPath path: String, kind: Entry.Kind? = nil) -> Entry? {
    let range = NSRange(path.startIndex..<path.endIndex, in: path)
    for (i, expression) in expressions.enumerated() where kind == nil || entries[i].kind == kind {
      if expression.firstMatch(in: path, range: range) != nil { return entries[i] }
    }
    return nil
  }

  /// The first silencing entry (in file order) that matches the action path, when no keep
  /// line matches it: the entry that silences it.
  public func silencingEntry(forActionPath path: String) -> Entry? {
    guard let entry = firstEntry(matchingActionPath: path, kind: .silence) else { return nil }
    return firstEntry(matchingActionPath: path, kind: .keep) == nil ? entry : nil
  }

  /// Whether the repository silences the action path: an entry matches it and no keep line
  /// does (what `tcalog filter --exclude-filters` drops).
  public func matches(actionPath path: String) -> Bool { silencingEntry(forActionPath: path) != nil }

  /// Whether the repository has an entry that silences anything (keep lines silence nothing).
  public var silencesAnything: Bool { entries.contains { $0.kind == .silence } }

  /// Only the named entries, and every keep line (the user's decisions hold whichever entries
  /// are chosen); names not in the file are ignored.
  public func keeping(_ names: [String]) -> FilterFile {
    let kept = entries.indices.filter { entries[$0].kind == .keep || names.contains(entries[$0].name) }
    return FilterFile(file: file, entries: kept.map { entries[$0] }, expressions: kept.map { expressions[$0] })
  }

  /// A Swift identifier, as tcalog's repository names: `[A-Za-z_][A-Za-z0-9_]*`, not `_`.
  public static func isValidName(_ name: String) -> Bool { name.isPlainIdentifier }
}
