import TCALogQuery
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FilterRepository {
  /// Appends entries to a repository file (created when missing), after a comment line
  /// when given. An entry whose name is already in the file with the same pattern and kind
  /// is skipped; the same name with another pattern or kind, or any invalid entry, throws
  /// before anything is written, so the file is never left half-updated. Query decides what
  /// to add (`textToAppend`); the write is Output's, as every byte that leaves the process.
  ///
  /// The read, the check and the write happen under an advisory lock on the file (`flock`,
  /// on Linux and macOS alike): two writers at once (two `suggest --append`, two reviews
  /// quitting together) take turns, and the second sees what the first wrote, so a name is
  /// never written twice. A write that cannot be made throws with `unwrittenText` set to
  /// the lines it would have written, for the user to keep.
  @discardableResult
  package static func append(
    _ newEntries: [Entry], toFileAt path: String, comment: String? = nil, options: PatternMatcher.Options = []
  ) throws(FilterRepositoryError) -> AppendResult {
    do throws(FilterRepositoryError) {
      return try appendLocked(newEntries, toFileAt: path, comment: comment, options: options)
    } catch {
      var error = error
      error.unwrittenText = unwrittenText(newEntries, comment: comment)
      throw error
    }
  }

  /// `append`'s work, with the file open and locked from the read to the write.
  private static func appendLocked(
    _ newEntries: [Entry], toFileAt path: String, comment: String?, options: PatternMatcher.Options
  ) throws(FilterRepositoryError) -> AppendResult {
    // O_APPEND: an append adds to what is there rather than rewriting it. Read and write
    // through one descriptor, the one that holds the lock (closing it releases the lock).
    let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("cannot write", path, errno) }
    defer { close(fd) }
    // A file system without locks (ENOLCK, EOPNOTSUPP: some network mounts) still gets the
    // append, unguarded, as before locks; only an interrupted wait is tried again.
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    guard let existingBytes = SmallFile.contents(reading: fd, upTo: SmallFile.handWrittenLimit + 1) else {
      throw failure("cannot read", path, errno)
    }
    if existingBytes.count > SmallFile.handWrittenLimit {
      throw FilterRepositoryError(issues: [
        FilterFileIssue(file: path, line: 0, reason: "cannot read: larger than \(SmallFile.handWrittenLimit >> 20) MiB")
      ])
    }
    let (result, text) = try textToAppend(
      newEntries, toFileAt: path, existingBytes: existingBytes.isEmpty ? nil : existingBytes, comment: comment,
      options: options)
    guard !result.added.isEmpty else { return result }
    var copy = text
    let written = copy.withUTF8 { Descriptor.writeAll($0, to: fd) }
    if written != 0 { throw failure("cannot write", path, written) }
    return result
  }

  /// Why an append to `path` would fail before any entry is known, nil when it can be
  /// made: the file opened for reading and writing as `append` opens it, or, when it is
  /// missing, its folder writable. `--review` asks this before its first question, so that
  /// no answer is given to a file that cannot take it.
  package static func writeProblem(at path: String) -> String? {
    let fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC)
    if fd >= 0 {
      close(fd)
      return nil
    }
    guard errno == ENOENT else { return "cannot write: \(String(cString: strerror(errno)))" }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    guard access(folder, W_OK | X_OK) != 0 else { return nil }
    return "cannot create: \(String(cString: strerror(errno)))"
  }

  /// A repository error for the file as a whole, in errno's words.
  private static func failure(_ what: String, _ path: String, _ code: Int32) -> FilterRepositoryError {
    FilterRepositoryError(issues: [
      FilterFileIssue(file: path, line: 0, reason: "\(what): \(String(cString: strerror(code)))")
    ])
  }

  /// The lines an append would write to a repository that lacks every entry: the comment
  /// and each entry, for the user to paste when the write cannot be made.
  package static func unwrittenText(_ entries: [Entry], comment: String?) -> String {
    var text = ""
    if let comment {
      text += comment.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 + "\n" }.joined()
    }
    for entry in entries { text += line(for: entry) + "\n" }
    return text
  }
}
