import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// `filter` on several threads prints exactly what it prints on one.
struct QueryParallelTests {
  static let log = String(
    repeating: """
      🎬 Received action:
        AppAction.windows(.window(id: 1, action: .hover(true)))
      🖨️ State:
      windows:
      |\tKey 1:
      |\t|\tisHovered:
      |\t|\t|\tCurrent: true
      |\t|\t|\tPrevious: false

      🎬 Received action:
        AppAction.tick
      🖨️ (No state changes)
      noise between records
      received action:
        AppAction.search(.queryChanged("a"))
        AppState(
      -   query: ""
      +   query: "a"
        )

      received action: AppAction.windows(.window(id: 2, action: .hover(false)))

      """, count: 50)

  static func output(
    _ path: String, jobs: Int, format: FilterPrinter.Format, query: () throws -> RecordQuery,
    before: Int = 0, after: Int = 0
  ) throws -> (bytes: [UInt8], selected: Int) {
    var selected = 0
    let bytes = try captureOutput { out in
      let q = try query()
      let printer = FilterPrinter(format: format, out: out, query: q)
      var stream = RecordStream(inputs: [path, path], jobs: jobs)
      stream.chunkSize = 700
      if format == .count && before == 0 && after == 0 {
        var counter = SelectionCounter(query: q)
        try stream.run(into: &counter)
        try printer.finish(selected: counter.selectedCount)
        selected = counter.selectedCount
      } else {
        var selector = RecordSelector(query: q, output: printer, before: before, after: after)
        try stream.run(into: &selector)
        selected = selector.selectedCount
      }
    }
    return (bytes, selected)
  }

  @Test func everyFormatAndContextMatchesTheSequentialRun() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-qpar-\(getpid())").path
    try Self.log.write(toFile: path, atomically: true, encoding: .utf8)
    defer { unlink(path) }
    let queries: [() throws -> RecordQuery] = [
      { RecordQuery(actions: try matchers(["hover"])) },
      { RecordQuery(excludes: try matchers(["hover|tick"])) },
      { RecordQuery(states: try matchers(["^query$"]), inverted: true) },
      { RecordQuery(change: .unchanged) },
    ]
    for query in queries {
      for format in [FilterPrinter.Format.raw, .oneline, .ndjson, .count] {
        for (before, after) in [(0, 0), (1, 2)] {
          let one = try Self.output(path, jobs: 1, format: format, query: query, before: before, after: after)
          let two = try Self.output(path, jobs: 2, format: format, query: query, before: before, after: after)
          #expect(one.bytes == two.bytes, "format \(format), context \(before)/\(after)")
          #expect(one.selected == two.selected && one.selected > 0)
        }
      }
    }
  }
}
