import TCALogOutput
import TCALogParsing
import TCALogPipeline
import TCALogQuery
import TCALogReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tcalog view`: the log in two panes on the terminal (`ViewModel` on a `ViewTerminal`).
package struct ViewRequest: CommandRequest {
  package var input = InputSelection()
  /// `--filters`: the repository `w` appends to, whose entries are silenced from the start.
  package var filters: String?
  package var color: ColorChoice = .auto

  package init(input: InputSelection = InputSelection()) { self.input = input }

  /// What a refused terminal is told: the same rendering without one.
  package static let noTerminal =
    "view needs a terminal (standard output, TERM not dumb); without one, use tcalog filter --format pretty"

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    guard TerminalType.understandsEscapes(console.environment), console.outputIsTerminal else {
      outcome.error(Self.noTerminal)
      return outcome.ending(2)
    }
    // Keys come from the terminal; the log from files, or from standard input when it is
    // a pipe (the keys then from /dev/tty, as less reads them).
    if (input.files.isEmpty || input.files.contains("-")) && console.inputIsTerminal {
      outcome.error("view reads a log: name a file, or pipe one to standard input")
      return outcome.ending(2)
    }
    var input = input
    if input.files.isEmpty { input.files = ["-"] }
    let spooled: Spooled
    do {
      spooled = try Spooled(input.files, console: console)
    } catch let failure {
      outcome.error(failure.reason, file: failure.file)
      return outcome.ending(2)
    }
    defer { spooled.remove() }
    // A large file: the first screen from its first slice, the rest read between keys.
    let firstSlice = spooled.isSliced && input.since == nil && input.until == nil ? spooled.nextSlice() : nil
    if firstSlice == nil { spooled.indexedWhole() }
    let columns = console.terminalColumns() ?? console.columns()
    var model: ViewModel
    do {
      model = try Self.model(
        files: spooled.paths, names: input.files, filters: filters, jobs: input.jobs ?? console.processors,
        window: (try? TimeWindow(since: input.since, until: input.until, now: input.now(in: console, follow: false)))
          ?? TimeWindow(),
        width: columns, height: TerminalSize.of(1)?.rows ?? 24,
        color: ColorPolicy.resolve(color, environment: console.environment, isTerminal: true), slice: firstSlice,
        outcome: &outcome)
    } catch let error as FilterRepositoryError {
      outcome.take(error)
      return outcome.ending(2)
    }
    if outcome.status == 2 { return outcome }
    console.deliverDiagnostics(&outcome)
    guard let terminal = ViewTerminal.enter() else {
      outcome.error(Self.noTerminal)
      return outcome.ending(2)
    }
    let status = ViewLoop(
      terminal: terminal, filters: filters, spooled: spooled, jobs: input.jobs ?? console.processors
    ).run(&model)
    terminal.restore()
    outcome.status = status
    return outcome
  }

  /// The model of `files` (read under `names`), `filters`' decisions applied: what `run`
  /// shows, and what tests drive without a terminal.
  package static func model(
    files: [String], names: [String]? = nil, filters: String?, jobs: Int = 1, window: TimeWindow = TimeWindow(),
    width: Int, height: Int,
    color: Bool, slice: (bytes: [UInt8], base: Int, progress: Double?)? = nil, outcome: inout CommandOutcome
  ) throws -> ViewModel {
    var index = ViewIndex()
    if let slice {
      _ = index.begin(input: files[0])
      _ = try RecordStream(bytes: slice.bytes, name: files[0], jobs: jobs).run(into: &index)
    } else {
      let result = try RecordStream(inputs: files, jobs: jobs, window: window).run(into: &index)
      if outcome.take(result) { outcome.status = 2 }
    }
    var options = ReportOptions()
    options.top = Int.max
    let report = ActionReport(summary: index.aggregator.summary(), options: options)
    let decisions = try fileDecisions(filters, actionPaths: index.actionPaths)
    let reader = RecordReader(files: files)
    let shownNames = names ?? files
    var model = ViewModel(
      index: index, rows: report.actionRows, filters: filters, fileDecisions: decisions, width: width, height: height,
      color: color, source: { reader.record($0, name: shownNames[Int($0.input)]) }, bytes: reader.bytes,
      trace: { path in Self.trace(path, files: files, width: width) })
    if let progress = slice?.progress { model.grow(progress: progress, decisions: { _ in [] }, read: { _ in }) }
    return model
  }

  /// Indexes the next slice of a file read in slices into `model`; false when none is left.
  package static func indexNextSlice(of spooled: Spooled, into model: inout ViewModel, filters: String?, jobs: Int)
    -> Bool
  {
    guard let slice = spooled.nextSlice() else {
      // Nothing more could be read: the title stops saying it indexes.
      if model.indexing != nil { model.grow(progress: nil, decisions: { _ in [] }, read: { _ in }) }
      return false
    }
    model.grow(
      progress: slice.progress,
      decisions: { (try? fileDecisions(filters, actionPaths: $0)) ?? $0.map { _ in nil } },
      read: { index in
        index.offsetBase = slice.base
        _ = try? RecordStream(bytes: slice.bytes, name: spooled.paths[0], jobs: jobs).run(into: &index)
        index.offsetBase = 0
      })
    return true
  }

  /// What the repository at `path` decides for each action path (nothing when it does not
  /// exist yet: `w` creates it).
  package static func fileDecisions(_ path: String?, actionPaths: [String]) throws(FilterRepositoryError)
    -> [ViewModel.Decision?]
  {
    guard let path, access(path, F_OK) == 0 else { return actionPaths.map { _ in nil } }
    let repository = try FilterRepository.load(path: path)
    return actionPaths.map { actionPath in
      if repository.silencingAnswer(forActionPath: actionPath).entry != nil { return .silence }
      if (try? repository.firstEntry(matching: actionPath, kind: .keep)) != nil { return .keep }
      return nil
    }
  }

  /// `w`: appends the decisions through the repository's one append (the lines `suggest
  /// --review` writes, keep lines included; nothing else in the file changes) after a
  /// comment naming the inputs, and reads the file's decisions back; or says why not.
  package static func write(
    _ entries: [FilterRepository.Entry], to filters: String?, inputs: [String], actionPaths: [String]
  ) -> (decisions: [ViewModel.Decision?]?, message: String) {
    guard let filters else { return (nil, "no --filters FILE to write to") }
    let silenced = entries.count { $0.kind == .silence }
    do {
      let names = inputs.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
      let result = try FilterRepository.append(
        entries, toFileAt: filters,
        comment: "tcalog view of \(names): \(silenced) silenced, \(entries.count - silenced) kept")
      let decisions = try fileDecisions(filters, actionPaths: actionPaths)
      return (decisions, "wrote \(result.added.count) of \(entries.count) lines to \(filters)")
    } catch {
      return (nil, "\(filters): \(error)")
    }
  }

  /// `tcalog trace`'s lines for one normalized state path.
  static func trace(_ path: String, files: [String], width: Int) -> [String] {
    guard let matcher = try? PatternMatcher("^" + PatternMatcher.literal(path) + "$") else { return [] }
    var lines: [String] = []
    var sink = StateTrace(query: TraceQuery(paths: [matcher])) { change in
      lines.append(TracePrinter.textLine(change, valueWidth: nil, lineWidth: width))
    }
    _ = try? RecordStream(inputs: files).run(into: &sink)
    return lines.isEmpty ? ["(no change of \(path))"] : lines
  }
}

/// Reads a record again from where the index says it lies (`pread`: no shared offset).
final class RecordReader: @unchecked Sendable {
  // Only the viewer's thread reads: the descriptors are opened once and never shared.
  private let descriptors: [Int32]

  init(files: [String]) { descriptors = files.map { open($0, O_RDONLY | O_CLOEXEC) } }
  deinit { for fd in descriptors where fd >= 0 { close(fd) } }

  /// The record at `entry`, parsed alone, under `name`.
  func record(_ entry: ViewIndex.Entry, name: String) -> Record? {
    guard let bytes = bytes(entry) else { return nil }
    var first = FirstRecord()
    _ = try? RecordStream(bytes: bytes, name: name).run(into: &first)
    return first.record
  }

  /// The bytes of the record at `entry` (fewer when the file shrank).
  func bytes(_ entry: ViewIndex.Entry) -> [UInt8]? {
    let fd = descriptors[Int(entry.input)]
    guard fd >= 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(entry.bytes))
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress! + done, $0.count - done, off_t(entry.offset + done))
      }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      done += n
    }
    bytes.removeSubrange(done...)
    return bytes
  }

  struct FirstRecord: RecordSink {
    var record: Record?
    mutating func record(_ record: Record) -> StreamControl {
      self.record = record
      return .stop
    }
  }
}
