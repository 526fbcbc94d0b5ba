import ArgumentParser
import TCALogCommands
import TCALogKit

extension FilterPrinter.Format: ExpressibleByArgument {}

struct FilterCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "filter",
    abstract: "Print the records that match (grep, one record at a time).",
    discussion: FilterRequest.discussion
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

  @Option(name: .long, help: "Output: raw (as read), ndjson, oneline, count or pretty (as tcalog view shows records).")
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

  var request: any CommandRequest {
    var request = FilterRequest(input: input.selection)
    request.actions = action
    request.excludes = exclude
    request.states = state
    request.texts = text + regexp
    request.wordRegexp = wordRegexp
    request.quiet = quiet
    request.filesWithMatches = filesWithMatches
    request.filesWithoutMatch = filesWithoutMatch
    request.null = null
    request.lineNumber = lineNumber
    request.keyPaths = keyPaths
    request.change = changed ? .changed : unchanged ? .unchanged : .any
    request.ignoreCase = ignoreCase
    request.fixedStrings = fixedStrings
    request.invert = invert
    request.filters = filters
    request.excludeFilters = excludeFilters
    request.only = only
    request.format = format
    request.count = count
    request.before = beforeContext ?? context ?? 0
    request.after = afterContext ?? context ?? 0
    request.maxCount = maxCount
    request.color = color
    request.withFileName = withFileName
    request.noFileName = noFileName
    request.lineBuffered = lineBuffered
    request.follow = follow
    request.refused = (
      onlyMatching, changed && unchanged,
      [("-A", afterContext), ("-B", beforeContext), ("-C", context), ("-m", maxCount)]
    )
    return request
  }
}
