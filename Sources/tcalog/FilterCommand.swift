import ArgumentParser
import TCALogKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FilterPrinter.Format: ExpressibleByArgument {}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct FilterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "filter",
    abstract: "Print the records that match (grep, one record at a time).",
    discussion: """
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
  )

  @Option(
    name: [.customShort("a"), .long],
    help: ArgumentHelp("Keep records whose action path matches (repeatable: any).", valueName: "re"))
  var action: [String] = []

  @Option(
    name: [.customShort("x"), .long],
    help: ArgumentHelp("Drop records whose action path matches (repeatable).", valueName: "re"))
  var exclude: [String] = []

  @Option(
    name: [.customShort("s"), .long],
    help: ArgumentHelp(
      "Keep records with a changed state path, raw or normalized, that matches (repeatable: any).", valueName: "re"))
  var state: [String] = []

  @Option(
    name: [.customShort("t"), .long],
    help: ArgumentHelp("Keep records whose text (the raw bytes) matches (repeatable: any).", valueName: "re"))
  var text: [String] = []

  @Option(
    name: [.customShort("e"), .customLong("regexp")],
    help: ArgumentHelp("A text pattern, as grep's -e: the same as -t (repeatable: any).", valueName: "re"))
  var regexp: [String] = []

  @Flag(
    name: [.customShort("w"), .customLong("word-regexp")],
    help:
      "Match whole words only (grep -w): in action and state paths, whole path components (-w window matches windows.window.hover, not windows.hover)."
  )
  var wordRegexp = false

  @Flag(
    name: [.customShort("q"), .customLong("quiet"), .customLong("silent")],
    help: "Print nothing; exit 0 at the first selected record, even after an error (grep -q).")
  var quiet = false

  @Flag(
    name: [.customShort("l"), .customLong("files-with-matches")],
    help: "Print only the names of the files with a selected record.")
  var filesWithMatches = false

  @Flag(
    name: [.customShort("L"), .customLong("files-without-match")],
    help:
      "Print only the names of the files read without a selected record (the exit status still says whether any record was selected, as grep's)."
  )
  var filesWithoutMatch = false

  @Flag(
    name: [.customShort("Z"), .customLong("null")],
    help:
      "End the file names of -l and -L (and the names before -c counts) with a NUL byte instead of a newline or ':'.")
  var null = false

  @Flag(
    name: [.customShort("n"), .customLong("line-number")],
    help:
      "Raw output: start each line with its line number in its file ('12:', '12-' in context), after the file name with several files or -H. Oneline output always has it."
  )
  var lineNumber = false

  // grep's -o: refused with its reason (--help's discussion says it too).
  @Flag(name: [.customShort("o"), .customLong("only-matching")], help: .hidden)
  var onlyMatching = false

  @Option(
    name: .customLong("key-path"),
    help: ArgumentHelp(
      "Keep only bindings of this key path (\\.$volume; repeatable: any), as records' bindingKeyPath spells it.",
      valueName: "keypath"))
  var keyPaths: [String] = []

  @Flag(name: .long, help: "Keep only records whose state changed.")
  var changed = false

  @Flag(name: .long, help: "Keep only no-op records ('No state changes').")
  var unchanged = false

  @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Match case-insensitively.")
  var ignoreCase = false

  @Flag(
    name: [.customShort("F"), .customLong("fixed-strings")],
    help: "Take command-line patterns as literal strings (filter files stay PCRE2).")
  var fixedStrings = false

  @Flag(
    name: [.customShort("v"), .customLong("invert-match")],
    help: "Select the records that do not satisfy the conditions.")
  var invert = false

  @Option(
    name: .customLong("filters"),
    help: ArgumentHelp("A filter repository file of named action-path patterns, for --only.", valueName: "file"),
    completion: .file())
  var filters: String?

  @Option(
    name: .customLong("exclude-filters"),
    help: ArgumentHelp("Drop records that any entry of this filter file matches (repeatable).", valueName: "file"),
    completion: .file())
  var excludeFilters: [String] = []

  @Option(
    name: .customLong("only"),
    help: ArgumentHelp("Keep records matching this entry of --filters (repeatable: any).", valueName: "name"))
  var only: [String] = []

  @Option(name: .long, help: "Output: raw (the records as in the input), ndjson, oneline or count.")
  var format: FilterPrinter.Format = .raw

  @Flag(
    name: [.customShort("c"), .customLong("count")], help: "Print only the number of selected records (--format count)."
  )
  var count = false

  // Numbers are parsed unconditionally: -A -1 is a value to refuse, not a missing one.
  @Option(
    name: [.customShort("A"), .customLong("after-context")], parsing: .unconditional,
    help: ArgumentHelp("Also print N records after each selected one.", valueName: "n"))
  var afterContext: Int?

  @Option(
    name: [.customShort("B"), .customLong("before-context")], parsing: .unconditional,
    help: ArgumentHelp("Also print N records before each selected one.", valueName: "n"))
  var beforeContext: Int?

  @Option(
    name: [.customShort("C"), .customLong("context")], parsing: .unconditional,
    help: ArgumentHelp("Also print N records before and after each selected one.", valueName: "n"))
  var context: Int?

  @Option(
    name: [.customShort("m"), .customLong("max-count")], parsing: .unconditional,
    help: ArgumentHelp("Stop reading after N selected records.", valueName: "n"))
  var maxCount: Int?

  @Option(
    name: .long,
    help:
      "Highlight matches in raw and oneline output: auto (a terminal, NO_COLOR unset or empty, TERM not dumb), always or never."
  )
  var color: ColorChoice = .auto

  @Flag(
    name: [.customShort("H"), .customLong("with-filename")],
    help:
      "Name the file before each count (-c) and numbered raw line (-n), also with one file (the default with more than one)."
  )
  var withFileName = false

  @Flag(
    name: .customLong("no-filename"),
    help: "Never name the file: not in oneline lines, counts or numbered raw lines.")
  var noFileName = false

  @Flag(name: .customLong("line-buffered"), help: "Flush the output after every record.")
  var lineBuffered = false

  @Flag(name: .long, help: "Read FILE as it grows, like tail -f, printing matching records as they are appended.")
  var follow = false

  @OptionGroup var input: InputOptions

  func validate() throws {
    if onlyMatching {
      throw ValidationError(
        "-o has no meaning for records: a record's match may lie in an action or state path, not in a line of its text (use --format oneline)"
      )
    }
    if filesWithMatches && filesWithoutMatch { throw ValidationError("-l and -L exclude each other") }
    if follow && input.files.count != 1 { throw ValidationError("--follow needs exactly one file") }
    if withFileName && noFileName { throw ValidationError("--with-filename and --no-filename exclude each other") }
    if changed && unchanged { throw ValidationError("--changed and --unchanged exclude each other") }
    if !only.isEmpty && filters == nil { throw ValidationError("--only needs --filters FILE") }
    for (name, value) in [("-A", afterContext), ("-B", beforeContext), ("-C", context), ("-m", maxCount)] {
      if let value, value < 0 { throw ValidationError("\(name) needs a number of records, 0 or more") }
    }
  }

  func run() throws {
    var options: PatternMatcher.Options = ignoreCase ? [.caseInsensitive] : []
    let repositoryOptions = options
    if fixedStrings { options.insert(.fixedString) }
    if wordRegexp { options.insert(.wholeWords) }

    // Every matcher is gathered first: the query's conditions are constants (a variable
    // property of a class costs a runtime exclusivity check at each read, four per record).
    var actions: [PatternMatcher]
    var excludes: [PatternMatcher]
    var silences: [PatternMatcher] = []
    var keeps: [PatternMatcher] = []
    let states: [PatternMatcher]
    let texts: [PatternMatcher]
    do {
      func compile(_ patterns: [String]) throws(PatternError) -> [PatternMatcher] {
        var matchers: [PatternMatcher] = []
        for pattern in patterns { matchers.append(try RawArguments.matcher(pattern, options: options)) }
        return matchers
      }
      actions = try compile(action)
      excludes = try compile(exclude)
      states = try compile(state)
      texts = try compile(text + regexp)
    } catch {
      Diagnostics.error(error.description)
      if let caret = error.caretLines { Diagnostics.write(caret.joined(separator: "\n") + "\n") }
      throw ExitCode(2)
    }

    do {
      if let filters {
        let repository = try FilterRepository.load(path: filters, options: repositoryOptions)
        for name in only {
          guard let matcher = repository.matcher(named: name) else {
            Diagnostics.error("--only \(name): no entry of that name in \(filters)")
            throw ExitCode(2)
          }
          actions.append(matcher)
        }
      }
      // The keep lines of every --exclude-filters repository overrule the entries of all of
      // them (not the command line's --exclude, which is as explicit as a keep line).
      for file in excludeFilters {
        let repository = try FilterRepository.load(path: file, options: repositoryOptions)
        silences += repository.silencingMatchers
        keeps += repository.keepingMatchers
      }
    } catch let error as FilterRepositoryError {
      for issue in error.issues { Diagnostics.error(issue.description) }
      throw ExitCode(2)
    }
    let query = RecordQuery(
      actions: actions, excludes: excludes, silences: silences, keeps: keeps, states: states, texts: texts,
      change: changed ? .changed : unchanged ? .unchanged : .any, inverted: invert, keyPaths: keyPaths)

    let usesColor = ColorPolicy.resolve(
      color, environment: ProcessInfo.processInfo.environment, isTerminal: OutputBuffer.isTerminal(1))
    let before = beforeContext ?? context ?? 0
    let after = afterContext ?? context ?? 0
    let stream = input.stream(follow: follow)
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
        _ = Diagnostics.report(result)
        throw ExitCode(0)
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
      let unreadable = Set(result.errors.map(\.file))
      let out = OutputBuffer(flushesEachRecord: lineBuffered ? true : nil)
      try out.append { bytes in
        for entry in counts {
          let name = FilterPrinter.displayName(entry.input)
          if filesWithMatches || filesWithoutMatch {
            guard filesWithMatches ? entry.selected > 0 : entry.selected == 0 && !unreadable.contains(entry.input)
            else { continue }
            bytes.append(contentsOf: name.utf8)
            bytes.append(null ? 0 : 0x0A)
          } else {
            guard !unreadable.contains(entry.input) || entry.selected > 0 else { continue }
            if namesFiles {
              bytes.append(contentsOf: name.utf8)
              bytes.append(null ? 0 : UInt8(ascii: ":"))
            }
            bytes.append(contentsOf: String(entry.selected).utf8)
            bytes.append(0x0A)
          }
        }
      }
      try out.flush()
    } else {
      let printer = FilterPrinter(
        format: isCount ? .count : format,
        out: OutputBuffer(flushesEachRecord: lineBuffered || follow ? true : nil),
        query: query, color: usesColor,
        // Log text can carry escape sequences: never send them raw to a terminal.
        escapes: OutputBuffer.isTerminal(1))
      // Oneline lines are FILE:LINE: (an editor's quickfix); numbered raw lines name the
      // file as grep -n does.
      printer.withFileName = printer.format == .oneline ? !noFileName : namesFiles
      printer.numbersLines = lineNumber
      if printer.format == .count && before == 0 && after == 0 && maxCount == nil {
        // A count keeps no record: each chunk only counts.
        var counter = SelectionCounter(query: query)
        result = try stream.run(into: &counter)
        // grep -c prints no count for a file it could not read.
        if !Diagnostics.everyInputFailed(result, inputs: input.files) {
          try printer.finish(selected: counter.selectedCount)
        }
        selected = counter.selectedCount
      } else {
        var selector = RecordSelector(query: query, output: printer, before: before, after: after, maxCount: maxCount)
        result = try stream.run(into: &selector)
        selected = selector.selectedCount
      }
    }

    var failed = Diagnostics.report(result)
    if query.matchErrorCount > 0 {
      for error in query.matchErrors { Diagnostics.error(error.description) }
      Diagnostics.error(
        "\(NumberText.counted(query.matchErrorCount, "match", "matches")) failed; \(query.matchErrorCount == 1 ? "that record was" : "those records were") treated as not matching"
      )
      failed = true
    }
    if failed { throw ExitCode(2) }
    if follow && Interruption.received { throw ExitCode(Interruption.exitStatus) }
    if selected == 0 { throw ExitCode(1) }
  }
}

/// The output of `filter -q`, `-l`, `-L` and per-file counts: the records themselves are
/// never printed.
final class SilentOutput: SelectionOutput {
  func print(_ record: Record, isContext: Bool) throws {}
  func printSeparator() throws {}
  func finish(selected: Int) throws {}
}
