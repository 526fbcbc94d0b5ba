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
  @discardableResult
  package static func append(
    _ newEntries: [Entry], toFileAt path: String, comment: String? = nil, options: PatternMatcher.Options = []
  ) throws(FilterRepositoryError) -> AppendResult {
    let existingBytes = SmallFile.contents(of: path, atMost: SmallFile.handWrittenLimit)
    if existingBytes == nil && errno == EFBIG {
      throw FilterRepositoryError(issues: [
        FilterFileIssue(file: path, line: 0, reason: "cannot read: \(SmallFile.reason())")
      ])
    }
    let (result, text) = try textToAppend(
      newEntries, toFileAt: path, existingBytes: existingBytes, comment: comment, options: options)
    guard !result.added.isEmpty else { return result }
    if let failure = appendToFile(path, text) {
      throw FilterRepositoryError(issues: [
        FilterFileIssue(file: path, line: 0, reason: "cannot write: \(String(cString: strerror(failure)))")
      ])
    }
    return result
  }

  /// An append must add to what is there (O_APPEND) rather than rewrite it: plain POSIX.
  /// Returns nil when written, else the failure's errno.
  private static func appendToFile(_ path: String, _ text: String) -> Int32? {
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    guard fd >= 0 else { return errno }
    defer { close(fd) }
    var copy = text
    let failure = copy.withUTF8 { Descriptor.writeAll($0, to: fd) }
    return failure == 0 ? nil : failure
  }
}
