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
      return try FilterRepository.load(path: path)
    } catch {
      for issue in error.issues { Diagnostics.error(issue.description) }
      throw ExitCode(2)
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
    let temporary = file + ".tcalog-\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard fd >= 0 else { try fail(String(cString: strerror(errno)), removing: temporary) }
    try writeAll(to: fd, removing: temporary)
    if rename(temporary, file) != 0 { try fail(String(cString: strerror(errno)), removing: temporary) }
  }
}
