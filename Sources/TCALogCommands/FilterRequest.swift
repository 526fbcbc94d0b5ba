import TCALogInput
import TCALogOutput
@_spi(Scanner) import TCALogParsing
import TCALogPipeline
import TCALogQuery
import TCALogReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tcalog filter`: the records that match, printed as they are read, or per file.
package struct FilterRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    """
    Conditions of different kinds must all hold; several patterns of one kind (-a, -s, -t, --only) \
    mean any of them. Patterns are PCRE2 (see pcre2pattern(3)) in UTF mode; invalid UTF-8 in a log \
    never matches a character but does not stop the search. --only entries count as -a patterns.
    Exit status: 0 when a record was selected, 1 when none was, 2 on any error (a bad pattern or \
    filter file, an unreadable input: the other inputs are still read).
    Context (-A/-B/-C) is counted in records; raw and oneline output put '--' between groups that \
    are not adjacent; ndjson includes context records, marked "context": true; count counts selected records only.
    Oneline output is 'FILE:LINE: #INDEX [TIME] ACTION  STATE PATHS' (grep -Hn's form, for an editor's \
    quickfix): LINE is the record header's line in its own file, INDEX the record's number across all \
    inputs, TIME the header's timestamp when it has one; context records are 'FILE-LINE-'. \
    --no-filename leaves FILE out.
    Count (-c) prints one number, or with several files (or -H) 'FILE:N' per file, as grep -c does.
    grep's options that mean the same for records: -e (a text pattern, as -t), -i, -F, -v, -w, -c, -l, -L, \
    -Z/--null, -q, -n (raw output), -H, -m (in all inputs together, not per file), -A/-B/-C (in records). \
    Not offered: -o (a record's match may lie in a path that is not in its text: there is no matching \
    part of a line to print; use --format oneline), -x (taken by --exclude; anchor with ^…$), \
    -h (taken by --help; use --no-filename), -s (taken by --state), -E/-G/-P (patterns are always PCRE2), \
    -r (name the files).
    On a terminal, or with --color always, control characters from the log are shown escaped \
    (\\e[2J); into a pipe or file, raw output is the input's bytes unchanged.
    A filter file holds one 'name = pattern' per line (patterns match action paths), with \
    '#' comment lines and blank lines.
    """

  package var input = InputSelection()
  /// `-a`: action-path patterns (any).
  package var actions: [String] = []
  /// `-x`: action-path patterns to drop.
  package var excludes: [String] = []
  /// `-s`: state-path patterns (any).
  package var states: [String] = []
  /// `-t` and `-e`: text patterns (any).
  package var texts: [String] = []
  /// `-w`.
  package var wordRegexp = false
  /// `-q`.
  package var quiet = false
  /// `-l`.
  package var filesWithMatches = false
  /// `-L`.
  package var filesWithoutMatch = false
  /// `-Z`.
  package var null = false
  /// `-n`.
  package var lineNumber = false
  /// `--key-path`.
  package var keyPaths: [String] = []
  /// `--changed`, `--unchanged`.
  package var change: RecordQuery.ChangeCondition = .any
  /// `-i`.
  package var ignoreCase = false
  /// `-F`.
  package var fixedStrings = false
  /// `-v`.
  package var invert = false
  /// `--filters`, for `only`.
  package var filters: String?
  /// `--exclude-filters`.
  package var excludeFilters: [String] = []
  /// `--only`: entries of `filters`.
  package var only: [String] = []

  /// Why `--filters` and `--only` cannot go as given (a usage error, status 2), nil when
  /// they can: `--filters` only names the repository `--only` selects from, so alone it
  /// would do nothing (dropping what a repository silences is `--exclude-filters`).
  package static func filtersMistake(filters: String?, only: [String]) -> String? {
    if !only.isEmpty && filters == nil { return "--only needs --filters FILE" }
    if filters != nil && only.isEmpty {
      return
        "--filters needs --only NAME, the entries to keep; to drop what the repository silences, use --exclude-filters FILE"
    }
    return nil
  }
  package var format: FilterPrinter.Format = .raw
  /// `-c`.
  package var count = false
  /// `-B`, `-A` (or `-C` for both).
  package var before = 0
  package var after = 0
  /// `-m`.
  package var maxCount: Int?
  package var color: ColorChoice = .auto
  /// `-H`, `--no-filename`.
  package var withFileName = false
  package var noFileName = false
  /// `--line-buffered`.
  package var lineBuffered = false
  /// `--follow`.
  package var follow = false
  /// What the options say that the fields above cannot: `-o` given, `--changed` with
  /// `--unchanged`, and the counts as given (`-A`, `-B`, `-C`, `-m`) to refuse negatives by name.
  package var refused: (onlyMatching: Bool, bothChanges: Bool, counts: [(String, Int?)]) = (false, false, [])

  package var usageMistake: String? {
    if refused.onlyMatching {
      return
        "-o has no meaning for records: a record's match may lie in an action or state path, not in a line of its text (use --format oneline)"
    }
    if filesWithMatches && filesWithoutMatch { return "-l and -L exclude each other" }
    if follow && input.files.count != 1 { return "--follow needs exactly one file" }
    if withFileName && noFileName { return "--with-filename and --no-filename exclude each other" }
    if refused.bothChanges { return "--changed and --unchanged exclude each other" }
    if let mistake = Self.filtersMistake(filters: filters, only: only) { return mistake }
    for (name, value) in refused.counts {
      if let value, value < 0 { return "\(name) needs a number of records, 0 or more" }
    }
    return nil
  }

  package init(input: InputSelection = InputSelection()) { self.input = input }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    var options: PatternMatcher.Options = ignoreCase ? [.caseInsensitive] : []
    let repositoryOptions = options
    if fixedStrings { options.insert(.fixedString) }
    if wordRegexp { options.insert(.wholeWords) }

    // Every matcher is gathered first: the query's conditions are constants (a variable
    // property of a class costs a runtime exclusivity check at each read, four per record).
    var actionMatchers: [PatternMatcher]
    let excludeMatchers: [PatternMatcher]
    var silences: [PatternMatcher] = []
    var keeps: [PatternMatcher] = []
    let stateMatchers: [PatternMatcher]
    let textMatchers: [PatternMatcher]
    do {
      func compile(_ patterns: [String]) throws(PatternError) -> [PatternMatcher] {
        var matchers: [PatternMatcher] = []
        for pattern in patterns { matchers.append(try console.matcher(pattern, options: options)) }
        return matchers
      }
      actionMatchers = try compile(actions)
      excludeMatchers = try compile(excludes)
      stateMatchers = try compile(states)
      textMatchers = try compile(texts)
    } catch {
      outcome.take(error)
      return outcome.ending(2)
    }

    do {
      if let filters {
        let repository = try FilterRepository.load(path: filters, options: repositoryOptions)
        for name in only {
          guard let matcher = repository.matcher(named: name) else {
            outcome.error("--only \(name): no entry of that name in \(filters)", file: filters)
            return outcome.ending(2)
          }
          actionMatchers.append(matcher)
        }
      }
      // The keep lines of every --exclude-filters repository overrule the entries of all of
      // them (not the command line's --exclude, which is as explicit as a keep line).
      for file in excludeFilters {
        let repository = try FilterRepository.load(path: file, options: repositoryOptions)
        silences += repository.silencingMatchers
        keeps += repository.keepingMatchers
      }
    } catch {
      outcome.take(error)
      return outcome.ending(2)
    }
    let query = RecordQuery(
      actions: actionMatchers, excludes: excludeMatchers, silences: silences, keeps: keeps, states: stateMatchers,
      texts: textMatchers, change: change, inverted: invert, keyPaths: keyPaths)

    let usesColor = ColorPolicy.resolve(color, environment: console.environment, isTerminal: console.outputIsTerminal)
    let stream = input.stream(in: console, follow: follow)
    // Followed, the read ends on Ctrl-C, SIGTERM or SIGHUP, and what a read prints at its
    // end (the count of -c) is still printed.
    if follow { Interruption.install() }
    // As grep: file names when several files are read, unless asked otherwise.
    let namesFiles = withFileName || (input.files.count > 1 && !noFileName)
    let result: ReadResult
    let selected: Int
    let isCount = count || format == .count
    if quiet {
      // grep -q: nothing printed; the first selected record ends the read.
      var selector = RecordSelector(query: query, output: SilentOutput(), maxCount: min(maxCount ?? 1, 1))
      result = try stream.run(into: &selector)
      if selector.selectedCount > 0 {
        outcome.take(result)
        return outcome.ending(0)
      }
      selected = 0
    } else if filesWithMatches || filesWithoutMatch || (isCount && namesFiles) || (isCount && input.files.count > 1) {
      // Per file: -l, -L, and -c with several files or -H.
      let counts: [InputCount]
      if before == 0 && after == 0 && maxCount == nil {
        var counter = SelectionCounter(query: query)
        result = try stream.run(into: &counter)
        counts = counter.inputCounts
      } else {
        var selector = RecordSelector(query: query, output: SilentOutput(), maxCount: maxCount)
        result = try stream.run(into: &selector)
        counts = selector.inputCounts
      }
      selected = counts.reduce(0) { $0 + $1.selected }
      let printer = FileCountPrinter(
        mode: filesWithMatches ? .filesWithMatches : filesWithoutMatch ? .filesWithoutMatch : .counts,
        endsNamesWithNUL: null, namesFiles: namesFiles)
      try printer.print(
        counts, unreadable: Set(result.errors.map(\.file)),
        to: console.standardOutput(flushesEachRecord: lineBuffered ? true : nil))
    } else {
      let printer = FilterPrinter(
        format: isCount ? .count : format,
        out: console.standardOutput(flushesEachRecord: lineBuffered || follow ? true : nil),
        query: query, color: usesColor,
        // Log text can carry escape sequences: never send them raw to a terminal.
        escapes: console.outputIsTerminal)
      // Oneline lines are FILE:LINE: (an editor's quickfix); numbered raw lines name the
      // file as grep -n does.
      printer.withFileName = printer.format == .oneline ? !noFileName : namesFiles
      printer.numbersLines = lineNumber
      printer.prettyWidth = console.terminalColumns()
      if printer.format == .count && before == 0 && after == 0 && maxCount == nil {
        // A count keeps no record: each chunk only counts.
        var counter = SelectionCounter(query: query)
        result = try stream.run(into: &counter)
        // grep -c prints no count for a file it could not read.
        if !CommandOutcome.everyInputFailed(result, inputs: input.files) {
          try printer.finish(selected: counter.selectedCount)
        }
        selected = counter.selectedCount
      } else {
        var selector = RecordSelector(query: query, output: printer, before: before, after: after, maxCount: maxCount)
        result = try stream.run(into: &selector)
        selected = selector.selectedCount
      }
    }

    var failed = outcome.take(Self.withPatternHint(result, inputs: input.files))
    if query.matchErrorCount > 0 {
      for error in query.matchErrors { outcome.error(error.description) }
      outcome.error(
        "\(NumberText.counted(query.matchErrorCount, "match", "matches")) failed; \(query.matchErrorCount == 1 ? "that record was" : "those records were") treated as not matching"
      )
      failed = true
    }
    if failed { return outcome.ending(2) }
    if follow && Interruption.received { return outcome.ending(Interruption.exitStatus) }
    return outcome.ending(selected == 0 ? 1 : 0)
  }
}

extension FilterRequest {
  /// `result` with a hint on the error of the first input when that input does not exist
  /// and looks like an action pattern rather than a file (`filter mouseMoved app.log`
  /// read a file `mouseMoved`, as grep's operands would be a pattern and files):
  /// `mouseMoved: No such file or directory; did you mean -a mouseMoved?`.
  static func withPatternHint(_ result: ReadResult, inputs: [String]) -> ReadResult {
    guard let first = inputs.first, looksLikeActionPattern(first), access(first, F_OK) != 0,
      let index = result.errors.firstIndex(where: { $0.file == first })
    else { return result }
    var hinted = result
    let error = result.errors[index]
    hinted.errors[index] = InputError(file: error.file, reason: "\(error.reason); did you mean -a \(first)?")
    return hinted
  }

  /// Whether `word` reads as an action path or a name in one (`mouseMoved`,
  /// `sidebar.itemTapped`) rather than a file name: letters, digits, `_` and `.`, no
  /// directory, and no log file's extension (`.log`, `.gz`, …).
  static func looksLikeActionPattern(_ word: String) -> Bool {
    guard let initial = word.unicodeScalars.first, initial.properties.isAlphabetic || initial == "_",
      word.unicodeScalars.allSatisfy({
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "."
      })
    else { return false }
    let fileExtensions: Set<String> = ["log", "logs", "txt", "text", "gz", "out", "err", "json", "ndjson", "trace"]
    guard let dot = word.lastIndex(of: ".") else { return true }
    return !fileExtensions.contains(word[word.index(after: dot)...].lowercased())
  }
}

/// The output of `filter -q`, `-l`, `-L` and per-file counts: the records themselves are
/// never printed.
final class SilentOutput: SelectionOutput {
  func print(_ record: Record, isContext: Bool) throws {}
  func printSeparator() throws {}
  func finish(selected: Int) throws {}
}

extension CommandOutcome {
  /// Takes a pattern that does not compile: the error, and the caret under its place.
  package mutating func take(_ error: PatternError) {
    self.error(error.description)
    if let caret = error.caretLines { continuation(caret) }
  }
}

extension Console {
  /// Compiles `pattern`, given on the command line, unless its bytes were not UTF-8 there
  /// (an error, as pcre2grep's; PCRE2 reads UTF-8).
  package func matcher(_ pattern: String, options: PatternMatcher.Options) throws(PatternError) -> PatternMatcher {
    if pattern.unicodeScalars.contains("\u{FFFD}"), undecodableArguments.contains(where: { $0.contains(pattern) }) {
      throw PatternError(pattern: pattern, offset: nil, message: "not UTF-8 text")
    }
    return try PatternMatcher(pattern, options: options)
  }
}
