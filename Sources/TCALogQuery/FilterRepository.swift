import TCALogFilterSyntax
import TCALogParsing
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One bad line of a filter repository file.
package struct FilterFileIssue: Sendable, Equatable, CustomStringConvertible {
  /// The repository file's path, as given.
  package var file: String
  /// 1-based line of the bad entry; 0 when no line is to blame (the file could not be read or
  /// written, or an entry to append was invalid).
  package var line: Int
  /// What is wrong, in words (`duplicate name 'x' (first defined on line 3)`).
  package var reason: String
  package init(file: String, line: Int, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }
  /// `FILE:LINE: reason`, or `FILE: reason` for the file as a whole (line 0).
  package var description: String { line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)" }
}

/// Everything wrong with a filter repository file (all bad lines, not only the first).
public struct FilterRepositoryError: Error, Sendable, CustomStringConvertible {
  /// The issues in the order found (never empty).
  package var issues: [FilterFileIssue]
  /// The lines an append failed to write (empty for a read), for the user to keep.
  package var unwrittenText = ""
  package init(issues: [FilterFileIssue]) { self.issues = issues }
  /// One issue per line, as `FilterFileIssue.description` writes it.
  public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// A filter repository: named PCRE2 patterns over action paths, kept as a plain text file
/// beside the Swift `ActionFilter` extensions (ACTIONFILTER.md section 1) so the same
/// names can drive `tcalog filter` and be fed by `tcalog suggest`.
///
/// File format, one entry per line:
///
///     # comment (a whole line, or `#` after a blank: `#` is common inside patterns, `#1`)
///     hoverActions = ^windows\.window\.hover$   # the pointer over a window
///     keep hoverClose = ^windows\.window\.hover\.close$   # ruled signal: never silenced
///
/// The name is a Swift-style identifier (`[A-Za-z_][A-Za-z0-9_]*`, not a lone `_`); the
/// pattern is everything after the first `=` up to a comment (a `#` after a blank, as in
/// budget files), with surrounding blanks removed (write `\x20` for a significant leading
/// or trailing space, `[ ]#` for a blank before `#`).
///
/// A line that starts with the word `keep` and a blank is a keep line: what the user ruled
/// signal. It silences nothing; an action path it matches is never silenced, whatever entry
/// matches it too (the user's explicit decision wins over a broader pattern), and `suggest`
/// never proposes it. Names are unique over both kinds. `keep = x` (no name after the word)
/// stays a silencing entry named `keep`, as it read before keep lines existed.
public final class FilterRepository {
  /// One `name = pattern` line, or one `keep name = pattern` line.
  public struct Entry: Sendable, Equatable {
    /// What an entry does to the action paths its pattern matches.
    public enum Kind: Sendable, Equatable {
      /// `name = pattern`: silenced (excluded), unless a keep line matches too.
      case silence
      /// `keep name = pattern`: ruled signal, never silenced.
      case keep
    }
    /// A Swift-style identifier (see `isValidName(_:)`), unique in its repository.
    public var name: String
    /// A PCRE2 pattern over action paths, as written (blanks around it removed).
    public var pattern: String
    /// 1-based line in the file it came from (0 for entries added in memory).
    package var line: Int
    /// Silencing entry or keep line.
    public var kind: Kind
    /// An entry, not yet checked: `FilterRepository.add(_:)` checks its name and pattern.
    package init(name: String, pattern: String, line: Int = 0, kind: Kind = .silence) {
      self.name = name
      self.pattern = pattern
      self.line = line
      self.kind = kind
    }
  }

  /// The word that starts a keep line.
  package static let keepWord = FilterFileSyntax.keepWord

  /// Where it was read from or is written to (`<memory>` for one built in memory).
  package let file: String
  /// The entries in file order (then in the order added).
  public private(set) var entries: [Entry] = []
  private var matchers: [PatternMatcher] = []
  private var indexByName: [String: Int] = [:]
  /// How every pattern is compiled; never `.fixedString` (entries are regular expressions).
  package let options: PatternMatcher.Options
  /// An action path that both a silencing entry and a keep line match.
  package struct KeptOverSilencing: Sendable, Equatable {
    /// The action path.
    package var actionPath: String
    /// The first silencing entry that matches it.
    package var silencing: Entry
    /// The first keep line that matches it (it wins).
    package var keeping: Entry
    package init(actionPath: String, silencing: Entry, keeping: Entry) {
      self.actionPath = actionPath
      self.silencing = silencing
      self.keeping = keeping
    }
  }

  /// An empty repository (to build one in memory and write it out).
  package init(file: String = "<memory>", options: PatternMatcher.Options = []) {
    self.file = file
    self.options = options.subtracting(.fixedString)
  }

  /// Parses repository text; throws every bad line at once.
  package convenience init(parsing text: String, file: String, options: PatternMatcher.Options = [])
    throws(FilterRepositoryError)
  {
    self.init(file: file, options: options)
    var issues: [FilterFileIssue] = []
    // The grammar the app's FilterFile reads too (TCALogFilterSyntax).
    for line in FilterFileSyntax.lines(of: text) {
      switch line {
      case .withoutEquals(let number):
        issues.append(FilterFileIssue(file: file, line: number, reason: "expected 'name = pattern'"))
      case .entry(let entry):
        do {
          try add(
            Entry(name: entry.name, pattern: entry.pattern, line: entry.line, kind: entry.isKeep ? .keep : .silence))
        } catch {
          issues.append(FilterFileIssue(file: file, line: entry.line, reason: error.reason))
        }
      }
    }
    if !issues.isEmpty { throw FilterRepositoryError(issues: issues) }
  }

  /// Reads and parses a file.
  public static func load(path: String, options: PatternMatcher.Options = []) throws(FilterRepositoryError)
    -> FilterRepository
  {
    guard let bytes = SmallFile.contents(of: path, atMost: SmallFile.handWrittenLimit) else {
      throw FilterRepositoryError(issues: [
        FilterFileIssue(file: path, line: 0, reason: "cannot read: \(SmallFile.reason())")
      ])
    }
    return try FilterRepository(parsing: String(decoding: bytes, as: UTF8.self), file: path, options: options)
  }

  /// Why an entry cannot be added.
  package struct EntryError: Error, Sendable, Equatable {
    /// Why, in words (`invalid name 'a-b' (expected a Swift identifier)`).
    package var reason: String
  }

  /// Adds an entry after checking its name (valid, not taken) and compiling its pattern.
  package func add(_ entry: Entry) throws(EntryError) {
    guard Self.isValidName(entry.name) else {
      throw EntryError(
        reason: entry.name.isEmpty
          ? "missing name before '='"
          : "invalid name '\(entry.name)' (expected a Swift identifier)")
    }
    if let existing = indexByName[entry.name] {
      let first = entries[existing].line
      throw EntryError(
        reason: "duplicate name '\(entry.name)'" + (first > 0 ? " (first defined on line \(first))" : ""))
    }
    guard !entry.pattern.isEmpty else { throw EntryError(reason: "empty pattern for '\(entry.name)'") }
    guard !entry.pattern.contains(where: { $0 == "\n" || $0 == "\r" }) else {
      throw EntryError(reason: "pattern for '\(entry.name)' spans several lines")
    }
    guard
      FilterFileSyntax.droppingComment(entry.pattern.unicodeScalars[...]).count == entry.pattern.unicodeScalars.count
    else {
      // Written as is, the file would read the rest as a comment.
      throw EntryError(
        reason: "pattern for '\(entry.name)' has '#' after a blank, which starts a comment (write [ ]# or \\x20#)")
    }
    let matcher: PatternMatcher
    do {
      matcher = try PatternMatcher(entry.pattern, options: options)
    } catch {
      throw EntryError(reason: error.description)
    }
    indexByName[entry.name] = entries.count
    entries.append(entry)
    matchers.append(matcher)
  }

  /// The entry with that name; nil when there is none.
  package func entry(named name: String) -> Entry? { indexByName[name].map { entries[$0] } }

  /// The compiled pattern of an entry.
  package func matcher(named name: String) -> PatternMatcher? { indexByName[name].map { matchers[$0] } }

  /// The compiled patterns of the silencing entries, in file order: what `filter
  /// --exclude-filters` excludes unless a keep line matches too.
  package var silencingMatchers: [PatternMatcher] {
    matchers.indices.filter { entries[$0].kind == .silence }.map { matchers[$0] }
  }

  /// The compiled patterns of the keep lines, in file order: what nothing silences.
  package var keepingMatchers: [PatternMatcher] {
    matchers.indices.filter { entries[$0].kind == .keep }.map { matchers[$0] }
  }

  /// Whether the repository has keep lines.
  package var hasKeepLines: Bool { entries.contains { $0.kind == .keep } }

  /// The first entry (in file order) whose pattern matches the action path, of the given
  /// kind (any kind when nil).
  package func firstEntry(matching actionPath: UnsafeBufferPointer<UInt8>, kind: Entry.Kind? = nil) throws(MatchError)
    -> Entry?
  {
    for (i, matcher) in matchers.enumerated() where kind == nil || entries[i].kind == kind {
      if try matcher.matches(actionPath) { return entries[i] }
    }
    return nil
  }

  /// The first entry (in file order) whose pattern matches the action path, of the given
  /// kind (any kind when nil); nil when none does. Throws when a match hits PCRE2's limits.
  package func firstEntry(matching actionPath: String, kind: Entry.Kind? = nil) throws(MatchError) -> Entry? {
    var copy = actionPath
    return try copy.withUTF8 { bytes in
      Result { () throws(MatchError) in try firstEntry(matching: bytes, kind: kind) }
    }.get()
  }

  /// What the repository does to an action path.
  public enum Verdict: Sendable, Equatable {
    /// No entry matches.
    case untouched
    /// A silencing entry matches (the first in file order) and no keep line does.
    case silenced(by: Entry)
    /// A keep line matches (the first in file order); `over` is the silencing entry that
    /// also matches, which the keep line overrules.
    case kept(by: Entry, over: Entry?)
  }

  /// What the repository does to an action path: the rule of `filter --exclude-filters`,
  /// `report --filters`, `suggest --filters` and the app's `FilterFile` alike (a keep line
  /// wins). Throws when a match hits PCRE2's limits.
  public func verdict(forActionPath actionPath: String) throws(MatchError) -> Verdict {
    let silencing = try firstEntry(matching: actionPath, kind: .silence)
    if let keeping = try firstEntry(matching: actionPath, kind: .keep) { return .kept(by: keeping, over: silencing) }
    return silencing.map { .silenced(by: $0) } ?? .untouched
  }

  /// Every entry whose pattern matches the action path.
  package func entries(matching actionPath: String) throws(MatchError) -> [Entry] {
    var copy = actionPath
    return try copy.withUTF8 { bytes in
      Result { () throws(MatchError) in
        var found: [Entry] = []
        for (i, matcher) in matchers.enumerated() where try matcher.matches(bytes) { found.append(entries[i]) }
        return found
      }
    }.get()
  }

  // MARK: Writing

  /// The file line for an entry (no newline): `name = pattern`, `keep name = pattern`.
  package static func line(for entry: Entry) -> String {
    (entry.kind == .keep ? keepWord + " " : "") + "\(entry.name) = \(entry.pattern)"
  }

  /// The whole repository as file text, with an optional comment block on top.
  package func rendered(header: [String] = []) -> String {
    var text = header.map { "# " + $0 + "\n" }.joined()
    for entry in entries { text += Self.line(for: entry) + "\n" }
    return text
  }

  /// What `append` did.
  package struct AppendResult: Sendable, Equatable {
    /// Entries written to the file.
    package var added: [Entry] = []
    /// Entries left out because the file already has that name with the same pattern.
    package var unchanged: [Entry] = []
  }

  /// What appending entries to a repository file adds, and the text to append (empty when
  /// nothing is added): the file's entries are `existingBytes` (nil: no file yet), then a
  /// comment line when given, then the new entries. An entry whose name is already in the
  /// file with the same pattern and kind is skipped; the same name with another pattern or
  /// kind, or any invalid entry, throws, so the file is never left half-updated. Output's
  /// `FilterRepository.append(_:toFileAt:comment:options:)` reads and writes the file.
  package static func textToAppend(
    _ newEntries: [Entry], toFileAt path: String, existingBytes: [UInt8]?, comment: String? = nil,
    options: PatternMatcher.Options = []
  ) throws(FilterRepositoryError) -> (result: AppendResult, text: String) {
    let repository =
      try existingBytes.map { bytes throws(FilterRepositoryError) in
        try FilterRepository(parsing: String(decoding: bytes, as: UTF8.self), file: path, options: options)
      } ?? FilterRepository(file: path, options: options)
    var result = AppendResult()
    var issues: [FilterFileIssue] = []
    for entry in newEntries {
      if let existing = repository.entry(named: entry.name) {
        if existing.pattern == entry.pattern && existing.kind == entry.kind {
          result.unchanged.append(existing)
        } else if existing.pattern == entry.pattern {
          let what = existing.kind == .keep ? "a keep line" : "a silencing entry"
          issues.append(FilterFileIssue(file: path, line: existing.line, reason: "'\(entry.name)' is already \(what)"))
        } else {
          issues.append(
            FilterFileIssue(
              file: path, line: existing.line, reason: "'\(entry.name)' is already defined with another pattern"))
        }
        continue
      }
      do {
        try repository.add(Entry(name: entry.name, pattern: entry.pattern, kind: entry.kind))
        result.added.append(entry)
      } catch {
        issues.append(FilterFileIssue(file: path, line: 0, reason: error.reason))
      }
    }
    if !issues.isEmpty { throw FilterRepositoryError(issues: issues) }
    guard !result.added.isEmpty else { return (result, "") }
    var text = ""
    if let last = existingBytes?.last, last != UInt8(ascii: "\n") { text += "\n" }
    if let comment {
      text += comment.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 + "\n" }.joined()
    }
    for entry in result.added { text += line(for: entry) + "\n" }
    return (result, text)
  }

  /// A Swift-style identifier, as the names in ACTIONFILTER.md section 4.
  package static func isValidName(_ name: String) -> Bool { name.isPlainIdentifier }
}
