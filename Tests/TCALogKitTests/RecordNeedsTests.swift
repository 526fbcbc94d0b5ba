import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// A scan that leaves out what its sink does not need gives the full parse's answer for
/// everything the sink does need, and the same records, counts and warnings: on the
/// samples, the real logs and generated logs of both formats, sequential and chunked.
struct RecordNeedsTests {
  /// What a record says, field by field: the fields a sink with `needs` may read, and the
  /// ones every record has.
  struct Summary: Equatable, CustomStringConvertible {
    var place: String
    var flags: String
    var action: String?
    var actionText: String?
    /// The entity's key (its bytes without blanks: a value printed over several lines keeps
    /// its indentation only when the text is not asked for).
    var entity: UInt64??
    var changes: [Change]?
    var raw: [UInt8]?

    init(_ record: Record, needs: RecordNeeds) {
      place = "\(record.file):\(record.index):\(record.line):\(record.offset) \(record.lines)/\(record.bytes)"
      flags =
        "\(record.format) complete=\(record.isComplete) state=\(record.hasStatePart)/\(record.stateChanged)"
        + " utf8=\(!record.hasInvalidUTF8) t=\(record.timestamp ?? "-") prefix=\(record.storePrefix ?? "-")"
      if needs.contains(.action) { action = "\(record.actionRoot ?? "-") \(record.actionPath)" }
      if needs.contains(.actionText) { actionText = record.actionText }
      if needs.contains(.entity) { entity = .some(record.entityRange.map { record.withBytes($0, ActionEntity.key) }) }
      if needs.contains(.statePaths) { changes = record.changeList }
      if needs.contains(.raw) { raw = Array(record.raw) }
    }
    var description: String { "\(place) \(flags) \(action ?? "") \(changes?.count ?? -1)" }
  }

  /// Collects summaries in order; chunk parts collect numbered records.
  final class Collector: NumberedChunkedRecordSink {
    let needs: RecordNeeds
    var summaries: [Summary] = []
    /// Fields the sink did not ask for are left out: no raw bytes, no changes.
    var leftOutFilled = 0
    init(needs: RecordNeeds) { self.needs = needs }
    func take(_ record: Record) {
      summaries.append(Summary(record, needs: needs))
      if !needs.contains(.raw) && record.rawRange.count > 0 { leftOutFilled += 1 }
      if !needs.contains(.statePaths) && !record.changes.isEmpty { leftOutFilled += 1 }
      if !needs.contains(.action) && !record.actionPath.isEmpty { leftOutFilled += 1 }
      if !needs.contains(.actionText) && !record.actionText.isEmpty { leftOutFilled += 1 }
      if !needs.contains(.entity) && record.entityRange != nil { leftOutFilled += 1 }
    }
    func record(_ record: Record) -> StreamControl {
      take(record)
      return .more
    }
    func makePart() -> Part { Part() }
    func merge(_ part: Part) -> StreamControl {
      part.records.forEach(take)
      return .more
    }
    struct Part: NumberedRecordPart {
      var records: [Record] = []
      mutating func add(_ record: Record) { records.append(record) }
    }
  }

  static let needSets: [RecordNeeds] = [
    [], [.action], [.actionText], [.statePaths], [.statePaths, .values], [.action, .statePaths, .values],
    [.action, .actionText, .statePaths, .values], [.raw], [.action, .raw], [.entity],
    [.action, .entity, .statePaths, .values],
  ]

  static func read(_ files: [String], needs: RecordNeeds, jobs: Int, sizeCap: Int = 64 << 20) throws -> (
    Collector, ReadResult
  ) {
    var sink = Collector(needs: needs)
    var stream = RecordStream(inputs: files, jobs: jobs)
    stream.chunkSize = 64 << 10
    stream.sizeCap = sizeCap
    let result = try stream.run(into: &sink)
    return (sink, result)
  }

  /// Returns how many records the files hold.
  @discardableResult
  static func expectAgreement(_ files: [String], sizeCap: Int = 64 << 20) throws -> Int {
    let (full, fullResult) = try read(files, needs: .all, jobs: 1, sizeCap: sizeCap)
    for needs in needSets {
      for jobs in [1, 2] {
        let (partial, result) = try read(files, needs: needs, jobs: jobs, sizeCap: sizeCap)
        let expected = full.summaries.map { summary in
          var s = summary
          if !needs.contains(.action) { s.action = nil }
          if !needs.contains(.actionText) { s.actionText = nil }
          if !needs.contains(.entity) { s.entity = nil }
          if !needs.contains(.statePaths) { s.changes = nil }
          if !needs.contains(.raw) { s.raw = nil }
          return s
        }
        #expect(partial.summaries.count == expected.count, "needs \(needs.rawValue), jobs \(jobs)")
        let firstDifference = zip(partial.summaries, expected).first { $0 != $1 }
        #expect(firstDifference == nil, "needs \(needs.rawValue), jobs \(jobs): \(String(describing: firstDifference))")
        #expect(partial.leftOutFilled == 0, "needs \(needs.rawValue): a field left out was filled")
        #expect(result.statistics == fullResult.statistics)
        #expect(result.warnings == fullResult.warnings)
      }
    }
    return full.summaries.count
  }

  static var samples: [String] {
    let directory = Repository.root.appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".log") }.sorted().map { directory.appendingPathComponent($0).path }
  }

  @Test func samplesAgreeWithTheFullParse() throws {
    #expect(Self.samples.count >= 5)
    for file in Self.samples { #expect(try Self.expectAgreement([file]) > 0, "\(file)") }
  }

  /// The tca0/tca1 clue (a nested case written with its type) is decided the same with or
  /// without the action.
  @Test func theFormatClueWithoutTheAction() throws {
    let log = """
      received action:
        AppAction.todo(
          TodoAction.checkBoxToggled
        )
        (No state changes)

      received action:
        AppAction.todo(
          .textChanged("see file.txt or a.b")
        )
        (No state changes)

      received action:
        AppAction.todo(.text(Swift.`default`))
        (No state changes)

      received action:
        AppAction.timerTicked
        (No state changes)

      received action:
        [Foo.bar]
        (No state changes)

      """
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-clue-\(getpid()).log").path
    try log.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (full, _) = try Self.read([path], needs: .all, jobs: 1)
    #expect(full.summaries.map { $0.flags.split(separator: " ")[0] } == ["tca0", "tca1", "tca0", "tca1", "tca0"])
    try Self.expectAgreement([path])
  }

  /// Action value lines take a short way when the raw bytes are not kept
  /// (`takeActionValueLine`): lines that look like value lines but are not (a blank line,
  /// `State:` and no-change endings, a header or a console prefix inside an action, a
  /// non-ASCII line, tabs, CRs), actions of both headers with brackets that balance early,
  /// and a size cap reached inside an action all give the full parse's records.
  @Test(arguments: [120, 300, 700, 64 << 20])
  func actionValueLinesAgreeWithTheFullParse(sizeCap: Int) throws {
    let log = """
      🎬 Received action:
        AppAction.windows(
          WindowsAction.window(
            windowID: WindowID(
              rawValue: "A1"
            ),
            action: WindowAction.title(
              "Tab — ünïcode"
            )
          )
        )
      🖨️ State:
      🖨️ (No state changes)
      🎬 Received action:
        AppAction.tick(
          	count: 3
          note: "a line ending in State:"
          other: "(No state changes)"
        )
      🖨️ State:
      count:
      |	Current: 3
      |	Previous: 2

      🎬 Received action:
        AppAction.cut(

      received action:
        AppAction.todo(
          .textChanged("(")
        )
        (No state changes)

      received action:
        AppAction.todo(
          .row(
            id: 1,
            action: .toggled
          )
        )
        AppState(
      -   count: 1
      +   count: 2
        )

      received action:
        AppAction.nested(
        2026-11-20 10:22:00.238443+0100 Browser[4242:2f1a] received action:
        AppAction.after
        (No state changes)

      🎬 Received action:
        AppAction.cutByHeader(
      🎬 Received action:
        AppAction.afterCut
      🖨️ State:
      🖨️ (No state changes)
      🎬 Received action:
        AppAction.late
      🖨️ State:
      count:
      |	Current: 1
      🖨️ (No state changes)
      received action:
        AppAction.tcaMarkers
      🖨️ State:
      🖨️ (No state changes)
      received action:
      🖨️ State:
      🎬 Received action:
        AppAction.dangling
      🖨️ State:
      windows:
      Metal API Validation Enabled
      🎬 Received action:
        AppAction.pairs
      🖨️ State:
      tags:
      |	Added key pairs:
      |	|	Key a: 1
      Interleaved foreign line

      received action:
        AppAction.cutState
        AppState(
      -   count: 1
      foreign text after a state line
      🎬 Received action:
        AppAction.labelled(
          State:
        )
      🖨️ State:
      🖨️ (No state changes)
      received action:
        AppAction.renamed(
          (No state changes)
        )
        (No state changes)

      received action:
        AppAction.long(
          a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10, k: 11, l: 12, m: 13, n: 14,
          o: 15, p: 16, q: 17, r: 18, s: 19, t: 20, u: 21, v: 22, w: 23, x: 24, y: 25, z: 26
        )
        (No state changes)

      """
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-value-lines-\(getpid())-\(sizeCap).log"
    )
    .path
    try log.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.expectAgreement([path], sizeCap: sizeCap) >= 14)
    try Self.expectShortWaysAgree(Array(log.utf8), "value lines, cap \(sizeCap)")
  }

  /// State diff lines read as one run (`ScanState.takeStateRun`) give the full way's
  /// records, also at the run's edges: a `…` line (a byte over 0x7F), a string holding a
  /// header candidate, CR line ends, an invalid UTF-8 byte after a valid sequence, a
  /// console prefix, a blank line, foreign text, a no-change line inside a tree, the line
  /// that ends a Custom Dump state value with an indented line after it, a multi-line
  /// value, 0.x markers, a `"""` block, and a size cap reached inside a diff. Repeated
  /// behind fillers of growing length, so that the 4 KiB blocks of `expectShortWaysAgree`
  /// end at every kind of line.
  @Test(arguments: [200, 450, 64 << 20])
  func stateDiffLinesAgreeWithTheFullParse(sizeCap: Int) throws {
    let records = #"""
      received action:
        AppAction.windows(.select(id: 1))
        AppState(
          windows: [
            … (1 unchanged),
            1: Window(
              id: WindowID(…),
      -       title: "old — received action: inside",
      +       title: "new",
              isVisible: true
            ),
            … (2 unchanged)
          ],
      -   count: 1,
      +   count: 2,
          sidebar: Sidebar(…)
        )
      trailing foreign line after the state value
      received action:
        AppAction.crlf\#r
        AppState(\#r
      -   count: 1\#r
      +   count: 2\#r
      -   items: [\#r
      -     1\#r
      -   ],\#r
      +   items: []\#r
        )\#r
        an indented line after the state value\#r
      \#r
      received action:
        AppAction.badByte
        AppState(
      -   name: "a"
      +   name: "b … INVALID"
        )

      received action:
        AppAction.prefixed
        AppState(
      -   count: 1
      2026-11-20 10:22:00.238443+0100 Browser[4242:2f1a] +   count: 2
        )

      received action:
        AppAction.text
        AppState(
      -   note: """
      -     line (one
      -     """,
      +   note: """
      +     line ) two
      +     """,
          other: 1
        )
      received action:
        AppAction.old
        AppState(
      \#u{2212}   count: 1
      +   count: 2
      \#u{2007}   name: "x"
        )

      🎬 Received action:
        AppAction.tree
      🖨️ State:
      windows:
      |	Collection[1]:
      |	|	title:
      |	|	|	Current: "new — received action: in a value"
      |	|	|	Previous: "old"
      a continuation after a leaf
      , sync:
      |	lastPulledAt:
      |	|	Current: 2.0\#r
      |	|	Previous: 1.0
      2026-11-20 10:22:00.238443+0100 Browser[4242:2f1a] |	|	Previous: 0.5
      🖨️ (No state changes)
      🎬 Received action:
        AppAction.pairs
      🖨️ State:
      tags:
      |	Added key pairs:
      |	|	Key a: 1
      |	|	Key ü: 2
      Metal API Validation Enabled

      🎬 Received action:
        AppAction.last
      🖨️ State:
      count:
      |	Current: 3
      |	Previous: 2

      """#
    // An invalid UTF-8 byte in a state line, which a Swift string cannot hold.
    var piece = Array(records.utf8)
    let marker = Array("INVALID".utf8)
    let at = try #require((0...(piece.count - marker.count)).first { Array(piece[$0..<($0 + marker.count)]) == marker })
    piece.replaceSubrange(at..<(at + marker.count), with: [0xFF])
    var bytes: [UInt8] = []
    for copy in 0..<12 { bytes += Array("filler \(String(repeating: "x", count: copy * 97))\n".utf8) + piece }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-state-lines-\(getpid())-\(sizeCap).log"
    )
    .path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.expectAgreement([path], sizeCap: sizeCap) >= 12 * 9)
    try Self.expectShortWaysAgree(bytes, "state lines, cap \(sizeCap)")
  }

  /// Scans `bytes` in blocks of `chunkSize` with the short ways of the commonest lines on
  /// or off: summaries, statistics and warnings.
  static func scan(_ bytes: [UInt8], needs: RecordNeeds, sizeCap: Int, shortWays: Bool, chunkSize: Int) throws -> (
    [Summary], ScanStatistics, [ScanWarning]
  ) {
    let scanner = RecordScanner(file: "log", sizeCap: sizeCap, needs: needs)
    scanner.usesShortWays = shortWays
    var summaries: [Summary] = []
    try LineReader(source: MemoryByteSource(bytes), chunkSize: chunkSize).forEachBlock {
      block, firstLine, firstOffset in
      scanner.feed(lines: block, firstLine: firstLine, firstOffset: firstOffset) {
        summaries.append(Summary($0, needs: needs))
      }
    }
    try scanner.finish { summaries.append(Summary($0, needs: needs)) }
    return (summaries, scanner.statistics, scanner.warnings)
  }

  /// The short ways of action value lines and state diff lines (`takeActionValueLine`,
  /// `takeStateLine`) give what the full way gives, for every need set, at a small size
  /// cap and the default one, with lines cut into blocks of 4 KiB and 1 MiB.
  static func expectShortWaysAgree(_ bytes: [UInt8], _ name: String) throws {
    for needs in needSets {
      for sizeCap in [300, 64 << 20] {
        for chunkSize in [4 << 10, 1 << 20] {
          let full = try scan(bytes, needs: needs, sizeCap: sizeCap, shortWays: false, chunkSize: chunkSize)
          let short = try scan(bytes, needs: needs, sizeCap: sizeCap, shortWays: true, chunkSize: chunkSize)
          let context = "\(name), needs \(needs.rawValue), cap \(sizeCap), blocks \(chunkSize)"
          #expect(short.0.count == full.0.count, "\(context)")
          let firstDifference = zip(short.0, full.0).first { $0 != $1 }
          #expect(firstDifference == nil, "\(context): \(String(describing: firstDifference))")
          #expect(short.1 == full.1, "\(context)")
          #expect(short.2 == full.2, "\(context)")
        }
      }
    }
  }

  @Test func shortWaysAgreeWithTheFullWayOnSamplesAndRealLogs() throws {
    var files = Self.samples
    let directory = Repository.realLogs
    files += try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }.sorted()
      .map { directory + "/" + $0 }
    for file in files {
      try Self.expectShortWaysAgree(Array(try Data(contentsOf: URL(fileURLWithPath: file))), file)
    }
  }

  @Test(
    .enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"),
    arguments: [
      ["--format", "diffing", "--prefix", "everyline", "--noise", "0.1", "--truncate"],
      ["--format", "diffing", "--prefix", "oslog", "--crlf"],
      ["--format", "tca1", "--noise", "0.1", "--truncate"],
      ["--format", "tca1", "--prefix", "everyline", "--crlf"],
    ])
  func shortWaysAgreeWithTheFullWayOnGeneratedLogs(_ options: [String]) throws {
    let path = try generatedLog(options, records: 600, seed: 5, tag: "short")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Self.expectShortWaysAgree(
      Array(try Data(contentsOf: URL(fileURLWithPath: path))), options.joined(separator: " "))
  }

  @Test
  func realLogsAgreeWithTheFullParse() throws {
    let directory = Repository.realLogs
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }.sorted()
    var records = 0
    for name in names { records += try Self.expectAgreement([directory + "/" + name]) }
    #expect(records > 0)
  }

  /// Damaged and prefixed logs of both formats, with unrelated lines and a cut record.
  @Test(
    .enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"),
    arguments: [
      ["--format", "diffing", "--prefix", "oslog", "--noise", "0.05", "--truncate"],
      ["--format", "tca1", "--noise", "0.05", "--truncate", "--crlf"],
      ["--format", "diffing", "--action-format", "labels", "--prefix", "everyline"],
    ])
  func generatedLogsAgreeWithTheFullParse(_ options: [String]) throws {
    let path = try generatedLog(options, records: 2500, seed: 7, tag: "needs")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.expectAgreement([path]) >= 2499)
  }
}
