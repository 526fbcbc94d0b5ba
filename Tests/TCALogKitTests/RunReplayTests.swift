import TCALogTestSupport
import Testing

@_spi(Scanner) @testable import TCALogParsing

/// An action whose lines are an earlier action's bytes is taken as the earlier one's run
/// took them (`RunReplay`): the same records, counts and warnings as the full way, also
/// where the action goes on past the replayed lines, where the earlier run stopped before
/// the action closed, and where the earlier action was under another kind of header.
struct RunReplayTests {
  /// Scans `blocks` (each whole lines, fed as one block) with `needs`; the short ways on
  /// or off, on `memory`. `replays`: actions taken by a replay; `stateRuns`: runs of
  /// unchanged Custom Dump lines taken by one (`StateRunMemoTests`).
  static func scan(
    _ blocks: [String], needs: RecordNeeds, shortWays: Bool = true, memory: ScanMemory = ScanMemory()
  ) -> (summaries: [ScannerDifferential.Summary], replays: Int, statistics: ScanStatistics, stateRuns: Int) {
    let scanner = RecordScanner(file: "log", needs: needs, memory: memory)
    scanner.usesShortWays = shortWays
    var summaries: [ScannerDifferential.Summary] = []
    var line = 1
    var offset = 0
    for block in blocks {
      let bytes = Array(block.utf8)
      bytes.withUnsafeBufferPointer {
        line += scanner.feed(lines: $0, firstLine: line, firstOffset: offset) {
          summaries.append(ScannerDifferential.Summary($0, needs: needs))
        }
      }
      offset += bytes.count
    }
    try? scanner.finish { summaries.append(ScannerDifferential.Summary($0, needs: needs)) }
    return (summaries, scanner.replayedActions, scanner.statistics, scanner.replayedStateRuns)
  }

  /// `report`'s needs: the action path without its text, so the lines are joined as they
  /// stand and replays happen.
  static let reportNeeds: RecordNeeds = [.action, .statePaths, .values]

  /// The short ways with replays give the full way's records and counts.
  static func expectFullWay(_ blocks: [String], _ context: Comment) -> (
    summaries: [ScannerDifferential.Summary], replays: Int
  ) {
    let short = scan(blocks, needs: reportNeeds)
    let full = scan(blocks, needs: reportNeeds, shortWays: false)
    #expect(full.replays == 0)
    #expect(short.summaries == full.summaries, context)
    #expect(short.statistics == full.statistics, context)
    return (short.summaries, short.replays)
  }

  @Test func theTextMemoKeepsAReplayWithItsText() {
    var memo = TextMemo()
    func look(_ text: String) -> TextMemo.Found {
      Array(text.utf8).withUnsafeBufferPointer { memo.look(up: $0) }
    }
    var brackets = BracketCounter()
    brackets.depth = -3
    brackets.inTripleQuote = true
    let replay = RunReplay(lines: 7, brackets: brackets, countsBrackets: true)
    let found = look("  AppAction.a(")
    Array("  AppAction.a(".utf8).withUnsafeBufferPointer { memo.remember($0, as: found, entry: 4, replay: replay) }
    let kept = look("  AppAction.a(")
    #expect(kept.entry == 4)
    #expect(kept.replay?.lines == 7 && kept.replay?.depth == -3)
    #expect(kept.replay?.brackets.inTripleQuote == true && kept.replay?.brackets.sawQuote == false)
    #expect(kept.replay?.countsBrackets == true)
    // A text kept without one gets one later (`note`).
    let other = look("  AppAction.b")
    Array("  AppAction.b".utf8).withUnsafeBufferPointer { memo.remember($0, as: other, entry: 5, replay: nil) }
    #expect(look("  AppAction.b").entry == 5 && look("  AppAction.b").replay == nil)
    var quoted = BracketCounter()
    quoted.sawQuote = true
    memo.note(RunReplay(lines: 1, brackets: quoted, countsBrackets: false), at: look("  AppAction.b").slot)
    #expect(look("  AppAction.b").replay?.brackets.sawQuote == true)
    #expect(look("  AppAction.b").replay?.countsBrackets == false)
    memo.forget()
    #expect(look("  AppAction.a(").replay == nil && look("  AppAction.b").replay == nil)
  }

  /// The corpus's logs of both formats, with foreign lines and a cut record: every action
  /// that repeats an earlier one's text (over a third of them in a log this short) is
  /// replayed, and every way gives the full parse's answer.
  @Test(arguments: ["diffing-noise-cut.log", "tca1-noise-cut.log"])
  func generatedLogsReplayAndAgree(_ name: String) async throws {
    let result = try await DifferentialCorpus.result(DifferentialCorpus.generated(name))
    #expect(result.records.count >= 119)
    var seen: Set<String> = []
    let repeated = result.records.filter { !seen.insert($0.actionText ?? "").inserted }.count
    #expect(
      result.replayedActions >= repeated && repeated * 3 > result.records.count,
      "\(result.replayedActions) replays, \(repeated) repeated of \(result.records.count)")
    expectNoDifferences(result)
  }

  /// A `debugDiffing` action whose first lines are an earlier action's, cut by the end of
  /// a block, goes on in the next block: its path is that of all its lines.
  @Test func aReplayedActionThatGoesOnIsReadWhole() {
    let first = """
      🎬 Received action:
        AppAction.settings(
          SettingsAction.binding(
            value: 1
      🖨️ State:
      🖨️ (No state changes)

      """
    let blocks = [
      first + "🎬 Received action:\n  AppAction.settings(\n    SettingsAction.binding(\n      value: 1\n",
      "      action: BindingAction.reset\n🖨️ State:\n🖨️ (No state changes)\n",
    ]
    let (summaries, replays) = Self.expectFullWay(blocks, "cut by a block")
    #expect(replays == 1)
    #expect(summaries.count == 2)
    #expect(summaries.first?.action == "AppAction settings.binding")
    #expect(summaries.last?.action == "AppAction settings.binding.reset")
  }

  /// A TCA action cut before it closed (a header follows) leaves a replay of an open
  /// bracket: a later action of those first lines goes on after them to its close, and
  /// its state part is read as such.
  @Test func aReplayGoesOnWhereItsRunStopped() {
    let log = """
      received action:
        AppAction.settings(
          .binding(
        value: 1
      received action:
        AppAction.settings(
          .binding(
        value: 1
          )
        )
        AppState(
      -   count: 1
      +   count: 2
        )

      received action:
        AppAction.settings(
          .binding(
        value: 1
          )
        )
        (No state changes)

      """
    let (summaries, replays) = Self.expectFullWay([log], "an open replay")
    #expect(replays == 2)
    // Without the path no text is kept, so none is looked up (the format clue alone joins
    // a TCA action's lines).
    #expect(Self.scan([log], needs: [.statePaths, .values]).replays == 0)
    #expect(summaries.count == 3)
    #expect(summaries.map(\.changes?.count) == [0, 1, 0])
    #expect(summaries[1].flags.contains("complete=true state=true/true"))
  }

  /// A `debugDiffing` action's replay (no brackets counted) does not stand for the same
  /// bytes under a TCA header, whose run counts them, on one thread's memory.
  @Test func aReplayServesOnlyItsKindOfHeader() {
    let memory = ScanMemory()
    let diffing = """
      🎬 Received action:
        AppAction.settings(
          .binding(
        value: 1
      🖨️ State:
      🖨️ (No state changes)

      """
    let tca = """
      received action:
        AppAction.settings(
          .binding(
        value: 1
          )
        )
        (No state changes)

      received action:
        AppAction.settings(
          .binding(
        value: 1
          )
        )
        (No state changes)

      """
    #expect(Self.scan([diffing], needs: Self.reportNeeds, memory: memory).summaries.count == 1)
    let shared = Self.scan([tca], needs: Self.reportNeeds, memory: memory)
    let alone = Self.scan([tca], needs: Self.reportNeeds, shortWays: false)
    #expect(shared.replays == 0)
    #expect(shared.summaries == alone.summaries)
    #expect(shared.statistics == alone.statistics)
    #expect(shared.summaries.allSatisfy { $0.flags.contains("complete=true state=true/false") })
  }
}
