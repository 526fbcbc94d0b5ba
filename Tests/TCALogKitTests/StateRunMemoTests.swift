import TCALogTestSupport
import Testing

@_spi(Scanner) @testable import TCALogParsing

/// A run of unchanged Custom Dump state lines that an earlier diff printed byte for byte is
/// taken as the earlier state run took it (`StateRunMemo`): the same records, changes and
/// counts as the full way, also where the state value would end inside the run at the new
/// place, where the run was kept without the lines the diff parser reads, and where a run
/// is cut by the end of a block.
struct StateRunMemoTests {
  /// Scans `blocks` (each whole lines, fed as one block) with `needs`; the short ways on or
  /// off, on `memory`; `replays`: the runs of unchanged lines taken by a replay.
  static func scan(
    _ blocks: [String], needs: RecordNeeds, shortWays: Bool = true, memory: ScanMemory = ScanMemory()
  ) -> (summaries: [ScannerDifferential.Summary], replays: Int, statistics: ScanStatistics) {
    let scanned = RunReplayTests.scan(blocks, needs: needs, shortWays: shortWays, memory: memory)
    return (scanned.summaries, scanned.stateRuns, scanned.statistics)
  }

  /// A tca1 record that moves the mouse in window "A": unchanged lines before and after the
  /// two changed ones, which repeat from record to record.
  static func mouseMove(_ x: Int) -> String {
    """
    received action:
      AppFeature.Action.windows(.mouseMoved(x: \(x)))
      AppFeature.State(
        windows: [
          … (2 unchanged),
          "A": WindowState(
            id: WindowID(…),
            tabs: […],
    -       x: \(x - 1)
    +       x: \(x)
          )
        ],
        sidebar: SidebarState(…),
        isActive: true
      )


    """
  }

  /// Each need set gives what the full way gives, on `blocks`; returns the replays with
  /// `report`'s needs.
  @discardableResult
  static func expectFullWay(_ blocks: [String], _ context: Comment) -> Int {
    var replays = 0
    for needs in ScannerDifferential.needSets {
      let short = scan(blocks, needs: needs)
      let full = scan(blocks, needs: needs, shortWays: false)
      #expect(full.replays == 0)
      #expect(short.summaries == full.summaries, "\(context), needs \(needs.rawValue)")
      #expect(short.statistics == full.statistics, "\(context), needs \(needs.rawValue)")
      if needs == [.action, .statePaths, .values] { replays = short.replays }
    }
    return replays
  }

  /// Repeated diffs: from the second on, both runs of unchanged lines are replayed, and the
  /// records, their changes and the counts are the full way's, whole and in blocks cut
  /// inside the runs.
  @Test func repeatedUnchangedRunsAreReplayed() throws {
    let log = (1...6).map { Self.mouseMove($0) }.joined()
    #expect(Self.expectFullWay([log], "whole") >= 10)
    let full = Self.scan([log], needs: [.action, .statePaths, .values], shortWays: false)
    #expect(full.summaries.count == 6)
    #expect(full.summaries.allSatisfy { $0.changes?.count == 1 })
    // Cut in the middle of every record's runs: a run is looked up whole or not at all.
    let bytes = Array(log.utf8)
    for cut in stride(from: 97, to: bytes.count, by: 89) {
      let lineStart = bytes[..<cut].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      let blocks = [
        String(decoding: bytes[..<lineStart], as: UTF8.self), String(decoding: bytes[lineStart...], as: UTF8.self),
      ]
      Self.expectFullWay(blocks, "cut at \(lineStart)")
    }
    expectNoDifferences(try ScannerDifferential.check(bytes, name: "repeated runs"))
  }

  /// The same unchanged lines where the state value is less deep: it ends inside the run
  /// (after `],`), so the run is not replayed, and the lines after the value's end are not
  /// the record's.
  @Test func aRunIsNotReplayedWhereTheValueWouldEndInsideIt() {
    let shallow = """
      received action:
        AppFeature.Action.other
        AppFeature.State(
          windows: [
      -     a
      +     b
            )
          ],
          sidebar: SidebarState(…),
          isActive: true
        )


      """
    let log = Self.mouseMove(1) + Self.mouseMove(2) + shallow + Self.mouseMove(3)
    let replays = Self.expectFullWay([log], "a shallower value")
    // The two runs of the second and fourth records; none in the third.
    #expect(replays == 4)
    let full = Self.scan([log], needs: [.action, .statePaths, .values], shortWays: false)
    #expect(full.summaries.count == 4)
    #expect(full.summaries[2].flags.contains("complete=true"))
  }

  /// A run kept by a command that reads no state paths has none of the lines the diff
  /// parser reads: on the same memory, a command that reads them takes the lines again
  /// (and keeps them), and finds every change.
  @Test func aRunKeptWithoutItsLinesIsNotReplayedWhereTheyAreRead() {
    let memory = ScanMemory()
    let log = (1...4).map { Self.mouseMove($0) }.joined()
    let counted = Self.scan([log], needs: [], memory: memory)
    #expect(counted.replays >= 6)
    let shared = Self.scan([log], needs: [.action, .statePaths, .values], memory: memory)
    let alone = Self.scan([log], needs: [.action, .statePaths, .values], shortWays: false)
    #expect(shared.summaries == alone.summaries)
    #expect(shared.statistics == alone.statistics)
    #expect(shared.summaries.allSatisfy { $0.changes?.count == 1 })
    // The first record's runs were kept again, with their lines: the rest replay them.
    #expect(shared.replays == 6)
  }

  /// Lines inside a multi-line string count no brackets: a run that starts inside one is
  /// not looked up, though an earlier diff printed its bytes outside a string (where
  /// `tail (line` opens a bracket).
  @Test func aRunInsideAStringIsNotLookedUp() {
    let outside = """
      received action:
        AppFeature.Action.first
        AppFeature.State(
      -   a: 1
      +   a: 2
            tail (line
            more
      -   b: 1
      +   b: 2
          )
        )


      """
    let inside = #"""
      received action:
        AppFeature.Action.second
        AppFeature.State(
          note: """
      -     x
      +     y
            tail (line
            more
      -     c
      +     d
            """,
          isActive: true
        )


      """#
    Self.expectFullWay([outside + inside], "a run in a string")
    let full = Self.scan([outside + inside], needs: [.action, .statePaths, .values], shortWays: false)
    #expect(full.summaries.count == 2)
    #expect(full.summaries.allSatisfy { $0.flags.contains("complete=true") })
  }

  /// A run with a byte that is not UTF-8 is not kept: the later records with the same
  /// bytes check them again and are flagged too.
  @Test func aRunWithInvalidUTF8IsNotKept() throws {
    var bytes: [UInt8] = []
    for x in 1...3 {
      var record = Array(Self.mouseMove(x).utf8)
      let marker = Array("SidebarState".utf8)
      let at = try #require(
        (0...(record.count - marker.count)).first { Array(record[$0..<($0 + marker.count)]) == marker })
      record[at] = 0xFF
      bytes += record
    }
    expectNoDifferences(try ScannerDifferential.check(bytes, name: "invalid UTF-8 in a run"))
    let scanner = RecordScanner(file: "log", needs: [.action, .statePaths, .values])
    var flags: [String] = []
    bytes.withUnsafeBufferPointer {
      _ = scanner.feed(lines: $0, firstLine: 1, firstOffset: 0) {
        flags.append(ScannerDifferential.Summary($0, needs: []).flags)
      }
    }
    try scanner.finish { flags.append(ScannerDifferential.Summary($0, needs: []).flags) }
    #expect(flags.count == 3 && flags.allSatisfy { $0.contains("utf8=false") })
    // The runs before the changed lines hold no such byte, and are replayed.
    #expect(scanner.replayedStateRuns == 2)
  }

  /// A run's id names its bytes alone (a diff's skeleton stands for the run by it): the
  /// same bytes kept again, after their slot went to other bytes or after the memo forgot
  /// everything, get a new id, and no id is given twice.
  @Test func aRunsIdIsNeverGivenTwice() {
    var memo = StateRunMemo()
    var given: [UInt64] = []
    func keep(_ text: String) -> UInt64? {
      let bytes = Array(text.utf8)
      return bytes.withUnsafeBufferPointer { buffer in
        let found = memo.look(up: buffer)
        let replay = StateRunMemo.Replay(lineCount: 1, total: 0, lowestBeforeLast: 0, lastSawQuote: false, lines: nil)
        return memo.remember(buffer, as: found, replay, kept: nil, offset: 0)
      }
    }
    func idKept(_ text: String) -> UInt64? {
      Array(text.utf8).withUnsafeBufferPointer { memo.look(up: $0).replay?.id }
    }
    for text in ["    a: 1,\n", "    b: 2,\n", "    a: 1,\n"] {
      let id = keep(text)
      #expect(id != nil)
      given.append(id ?? 0)
      #expect(idKept(text) == id, "\(text)")
    }
    memo.forget()
    #expect(idKept("    a: 1,\n") == nil)
    given.append(keep("    a: 1,\n") ?? 0)
    given.append(keep("    c: 3,\n") ?? 0)
    #expect(Set(given).count == given.count, "\(given)")
    #expect(!given.contains(0))
    // Nothing kept, no id: an empty run.
    #expect(keep("") == nil)
  }

  /// The slot of a run is the top bits of its hash, every slot reachable and none past
  /// the table: the shift follows the slot count, which must be a power of two.
  @Test func slotsSpanTheTable() {
    #expect(StateRunMemo.slotCount.nonzeroBitCount == 1)
    #expect(Int(UInt64.max >> StateRunMemo.slotShift) == StateRunMemo.slotCount - 1)
  }

  /// The corpus's tca1 logs (foreign lines, prefixes, CRLF, a cut record): more unchanged
  /// runs are replayed than there are records with changes whose action path an earlier
  /// such record had (most have two runs, printed as before), and every way gives the
  /// full parse's answer.
  @Test(arguments: ["tca1-noise-cut.log", "tca1-oslog-crlf-noise-cut.log"])
  func generatedLogsReplayAndAgree(_ name: String) async throws {
    let result = try await DifferentialCorpus.result(DifferentialCorpus.generated(name))
    #expect(result.records.count >= 119)
    var seen: Set<String> = []
    let changed = result.records.filter { ($0.changes?.count ?? 0) > 0 }
    let repeated = changed.filter { !seen.insert($0.action ?? "").inserted }.count
    #expect(
      result.replayedStateRuns > repeated && repeated * 2 > changed.count,
      "\(result.replayedStateRuns) replays, \(repeated) repeated of \(changed.count) records with changes")
    expectNoDifferences(result)
  }
}
