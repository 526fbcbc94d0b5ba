import Foundation

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Runs `body` with an OutputBuffer on a temporary file and returns what it wrote.
func captureOutput(_ body: (OutputBuffer) throws -> Void) throws -> [UInt8] {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tcalog-query-\(getpid())-\(UUID().uuidString)"
  ).path
  let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
  precondition(fd >= 0, "cannot create \(path)")
  defer {
    close(fd)
    unlink(path)
  }
  let out = OutputBuffer(fd: fd, flushesEachRecord: false)
  try body(out)
  try out.flush()
  return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Selects from parsed records the way `tcalog filter` does and returns the output text.
func runSelection(
  _ records: [Record], query: RecordQuery, format: FilterPrinter.Format = .oneline,
  before: Int = 0, after: Int = 0, maxCount: Int? = nil, color: Bool = false, escapes: Bool = false
) throws -> (output: String, selected: Int, bytes: [UInt8]) {
  var selected = 0
  let bytes = try captureOutput { out in
    let printer = FilterPrinter(format: format, out: out, query: query, color: color, escapes: escapes)
    let selector = RecordSelector(query: query, output: printer, before: before, after: after, maxCount: maxCount)
    if selector.begin(input: "-") == .more {
      for record in records where try selector.record(record) == .stop { break }
    }
    try selector.end(ReadResult())
    selected = selector.selectedCount
  }
  return (String(decoding: bytes, as: UTF8.self), selected, bytes)
}

/// Compiles patterns for a query (tests only: a bad pattern is a test failure).
func matchers(_ patterns: [String], _ options: PatternMatcher.Options = []) throws -> [PatternMatcher] {
  try patterns.map { try PatternMatcher($0, options: options) }
}
