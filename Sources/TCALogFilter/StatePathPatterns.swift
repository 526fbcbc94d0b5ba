import Foundation

/// The state paths a printer watches (`ChangePrinter(onlyChanging:)`): patterns over
/// normalized state paths (FORMATS.md §5: `windows[*].selectedTabID`, `destination.edit.title`),
/// compiled with `NSRegularExpression` and written in the subset `FilterFile` documents, which
/// PCRE2 reads alike, so that `tcalog filter -s PATTERN` and `tcalog trace PATTERN` select the
/// same records from the log.
///
///     ChangePrinter(onlyChanging: ["selectedTabID$", "^todos\\[\\*\\]\\.isComplete$"])
///
/// A pattern `NSRegularExpression` does not read is reported (standard error by default) and
/// matches nothing.
public struct StatePathPatterns: Sendable, ExpressibleByArrayLiteral {
  /// The patterns as written.
  public let patterns: [String]
  // NSRegularExpression is documented as safe to use from several threads.
  nonisolated(unsafe) private let expressions: [NSRegularExpression]

  /// Compiles `patterns`; each one that does not compile is reported and left out.
  public init(
    _ patterns: [String],
    report: (String) -> Void = { FileHandle.standardError.write(Data(("tcalog: " + $0 + "\n").utf8)) }
  ) {
    self.patterns = patterns
    var expressions: [NSRegularExpression] = []
    for pattern in patterns {
      if let expression = try? NSRegularExpression(pattern: pattern) {
        expressions.append(expression)
      } else {
        report("onlyChanging: '\(pattern)' is not a pattern NSRegularExpression reads; it matches nothing")
      }
    }
    self.expressions = expressions
  }

  /// `["a$", "b"]` where patterns are expected.
  public init(arrayLiteral patterns: String...) { self.init(patterns) }

  /// Whether a pattern matches somewhere in the normalized path.
  public func matches(path: String) -> Bool {
    let range = NSRange(path.startIndex..<path.endIndex, in: path)
    return expressions.contains { $0.firstMatch(in: path, range: range) != nil }
  }

  /// The changed normalized paths of a Custom Dump diff that a pattern matches (empty: the
  /// record is not printed).
  public func matchingPaths(ofDiff diff: String) -> [String] {
    ChangedStatePaths.of(diff: diff).filter(matches(path:))
  }
}
