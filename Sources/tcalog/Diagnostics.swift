import ArgumentParser
import TCALogKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One-line messages on standard error, prefixed `tcalog: error:` or `tcalog: warning:`.
enum Diagnostics {
  static func error(_ message: String) { Messages.error(message) }
  static func warning(_ message: String) { Messages.warning(message) }
  static func write(_ text: String) { Messages.write(text) }

  /// Whether every input failed and nothing was read: then nothing is written (a report
  /// of nothing would look like a report of an empty log, and an old `-o` file stays).
  static func everyInputFailed(_ result: ReadResult, inputs: [String]) -> Bool {
    let named = Set(inputs.isEmpty ? ["-"] : inputs)
    return !result.errors.isEmpty && result.statistics.lines == 0 && named.isSubset(of: result.errors.map(\.file))
  }

  /// Reports what a read found besides records; returns whether any input failed.
  static func report(_ result: ReadResult, quiet: Bool = false) -> Bool {
    for error in result.errors { self.error(error.description) }
    if result.statistics.records == 0 && result.statistics.lines >= 20 {
      // Many lines and no record: most likely a capture without TCA's printer output.
      write(
        "tcalog: 0 records in \(NumberText.grouped(result.statistics.lines)) lines: is _printChanges() or debugDiffing enabled? see tcalog(1) CAPTURE\n"
      )
    }
    if !quiet {
      for warning in result.warnings.prefix(20) { self.warning("\(warning.file):\(warning.line): \(warning.message)") }
      if result.warnings.count > 20 {
        self.warning("… and \(NumberText.counted(result.warnings.count - 20, "more warning"))")
      }
      if result.untimedRecords > 0 {
        self.warning(
          "\(NumberText.counted(result.untimedRecords, "record")) without a timestamp left out by --since/--until")
      }
      // Only a windowed read has a span: say what the log covers, so a window on the
      // wrong day or in the wrong zone shows at once.
      if result.windowStatistics?.records == 0, let span = result.timestampSpan {
        self.warning(
          "no record in the --since/--until window; the log spans \(span.earliest.text) – \(span.latest.text)")
      }
    }
    return !result.errors.isEmpty
  }
}

/// Loads a filter repository for `--filters`, reporting every bad line (exit status 2).
enum FilterRepositoryLoader {
  static func load(_ path: String, mayBeMissing: Bool = false) throws -> FilterRepository {
    if mayBeMissing && access(path, F_OK) != 0 { return FilterRepository(file: path) }
    do {
      let repository = try FilterRepository.load(path: path)
      for issue in repository.appSideIssues { Diagnostics.warning(issue.description) }
      return repository
    } catch {
      for issue in error.issues { Diagnostics.error(issue.description) }
      throw ExitCode(2)
    }
  }
}

extension FilterRepositoryLoader {
  /// Reports the matches of a `--filters` repository that hit PCRE2's limits (which marked
  /// those action paths not silenced), as `filter` reports its own; returns whether any did.
  static func reportMatchErrors(_ repository: FilterRepository?) -> Bool {
    guard let repository, repository.silencingErrorCount > 0 else { return false }
    for error in repository.silencingErrors { Diagnostics.error("\(repository.file): \(error.description)") }
    let count = repository.silencingErrorCount
    Diagnostics.error(
      "\(NumberText.counted(count, "match", "matches")) failed; \(count == 1 ? "that action path was" : "those action paths were") treated as not silenced"
    )
    return true
  }
}

extension FilterRepositoryLoader {
  /// Warns about the action paths of the log that an entry of a `--filters` repository would
  /// silence and a keep line keeps: the keep line wins, and the user may not know that the
  /// two overlap.
  static func warnKeptOverSilencing(_ repository: FilterRepository?) {
    guard let repository else { return }
    let overlaps = repository.keptOverSilencing
    for overlap in overlaps.prefix(10) {
      let silencing = overlap.silencing
      let keeping = overlap.keeping
      Diagnostics.warning(
        "\(repository.file):\(keeping.line): keep line '\(keeping.name)' keeps \(TerminalSafe.escaped(overlap.actionPath)), "
          + "which '\(silencing.name)' (line \(silencing.line)) would silence: kept")
    }
    if overlaps.count > 10 {
      Diagnostics.warning("… and \(NumberText.counted(overlaps.count - 10, "more action path"))")
    }
  }
}

/// Where a command's finished output goes: a file (`-o`), else standard output.
enum FinishedOutput {
  static func write(_ text: String, to file: String?) throws {
    guard let file else {
      let out = OutputBuffer()
      try out.write(text)
      try out.flush()
      return
    }
    func fail(_ reason: String, removing temporary: String? = nil) throws -> Never {
      if let temporary { unlink(temporary) }
      Diagnostics.error("cannot write \(file): \(reason)")
      throw ExitCode(2)
    }
    func writeAll(to fd: Int32, removing temporary: String? = nil) throws {
      do {
        let out = OutputBuffer(fd: fd)
        try out.write(text)
        try out.flush()
      } catch {
        close(fd)
        try fail((error as? OutputError)?.reason ?? "\(error)", removing: temporary)
      }
      close(fd)
    }
    // Anything but a new or regular file is written through: a rename over the path would
    // turn `-o /dev/null` (as root), a FIFO or a symbolic link into a regular file.
    var info = stat()
    if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
      let fd = open(file, O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC, 0o644)
      guard fd >= 0 else { try fail(String(cString: strerror(errno))) }
      try writeAll(to: fd)
      return
    }
    // A regular file is written beside itself and renamed over, so a reader (CI, a browser)
    // never sees half a report; open(2) and rename(2) give the system's words for a failure
    // ("Is a directory"), where Foundation's message said "NSCocoaErrorDomain error 512".
    // Created new (O_EXCL | O_NOFOLLOW, a random name), never through a planted link.
    guard let (fd, temporary) = TemporaryFile.create(beside: file) else { try fail(String(cString: strerror(errno))) }
    try writeAll(to: fd, removing: temporary)
    if rename(temporary, file) != 0 { try fail(String(cString: strerror(errno)), removing: temporary) }
  }
}

/// The command line as the system gave it: ArgumentParser's strings were decoded with
/// U+FFFD for every byte that is not UTF-8, so `-t $'\xff'` would match a literal `�`.
enum RawArguments {
  /// The arguments that are not UTF-8, each decoded as ArgumentParser decoded it.
  static let notUTF8: [String] = (0..<Int(CommandLine.argc)).compactMap { i in
    guard let pointer = CommandLine.unsafeArgv[i] else { return nil }
    let bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? nil : text
  }

  /// Compiles `pattern`, given on the command line, unless its bytes were not UTF-8 there
  /// (an error, as pcre2grep's; PCRE2 reads UTF-8).
  static func matcher(_ pattern: String, options: PatternMatcher.Options) throws(PatternError) -> PatternMatcher {
    if pattern.unicodeScalars.contains("\u{FFFD}"), notUTF8.contains(where: { $0.contains(pattern) }) {
      throw PatternError(pattern: pattern, offset: nil, message: "not UTF-8 text")
    }
    return try PatternMatcher(pattern, options: options)
  }
}
