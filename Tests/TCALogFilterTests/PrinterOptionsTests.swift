import CustomDump
import Foundation
import TCALogFilter
import TCALogKit
import TCALogTestSupport
import Testing

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var time = Date(timeIntervalSince1970: 1_790_000_000)
  var now: Date { lock.withLock { time } }
  func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
}

/// `onlyChanging:`, the kill switch, the debounce, the background queue, the JSON lines and
/// the cost summary, each read back by tcalog.
@Suite struct PrinterOptionsTests {
  static let hover = AppAction.windows(.window(windowID: 1, action: .hover(.entered)))
  static let tab = AppAction.windows(.window(windowID: 1, action: .tab(.selected(id: 2))))

  @Test func onlyChangingPrintsTheRecordsThatChangeAWatchedPath() throws {
    var random = SeededRandom(seed: 3)
    let (box, allBox) = (Collected(), Collected())
    let clock = TestClock()
    let printer = ChangePrinter<RichState, AppAction>(
      onlyChanging: [#"^rows\[\*\]\.isComplete$"#, "^mode\\."], now: { clock.now }, write: { box.append($0) })
    let everything = ChangePrinter<RichState, AppAction>(now: { clock.now }, write: { allBox.append($0) })
    var state = RichState()
    for _ in 0..<300 {
      let (action, _) = RandomActions.action(&random)
      let old = state
      state.mutate(&random)
      clock.advance(0.25)
      printer(action, old, state)
      everything(action, old, state)
    }
    // What tcalog reads of every record, filtered by the patterns, is what was printed.
    func isWatched(_ record: ReadRecord) -> Bool {
      record.normalizedPaths.contains { $0 == "rows[*].isComplete" || $0.hasPrefix("mode.") }
    }
    let expected = try readRecords(allBox.texts.joined()).filter(isWatched)
    let records = try readRecords(box.texts.joined())
    #expect(records.count > 10 && records.count < 150)
    #expect(records.map(\.actionPath) == expected.map(\.actionPath))
    #expect(records.map(\.timestamp) == expected.map(\.timestamp))
    #expect(records.allSatisfy(isWatched))
    #expect(printer.costs.totals.printed == records.count)
    #expect(printer.costs.totals.unwatched == 300 - records.count)
  }

  @Test func theKillSwitchReadsTheEnvironmentsValue() {
    #expect(ChangePrinter<Int, Int>.printingEnabled(environmentValue: nil))
    #expect(ChangePrinter<Int, Int>.printingEnabled(environmentValue: "1"))
    for off in ["0", "false", "NO", "Off"] {
      #expect(!ChangePrinter<Int, Int>.printingEnabled(environmentValue: off))
    }
    let box = Collected()
    let printer = ChangePrinter<Int, AppAction>(enabled: false, write: { box.append($0) })
    printer(.timerTicked, 1, 2)
    printer.writeCostSummary()
    #expect(box.texts.isEmpty)
    #expect(printer.costs.totals == PrinterCosts.Figures())
  }

  @Test func aBurstOfOneActionPrintsItsFirstAndThenItsWholeChange() throws {
    let box = Collected()
    let clock = TestClock()
    let printer = ChangePrinter<Int, AppAction>(debounce: 0.5, now: { clock.now }, write: { box.append($0) })
    // Five hovers 10 ms apart, a tab selection inside the burst, then a quiet second and a
    // hover that starts the next burst.
    for n in 0..<5 {
      printer(Self.hover, n, n + 1)
      clock.advance(0.01)
    }
    printer(Self.tab, 100, 101)
    clock.advance(1)
    printer(Self.hover, 5, 6)
    printer.flush()
    let records = try readRecords(box.texts.joined())
    #expect(
      records.map(\.actionPath) == [
        "windows.window.hover.entered", "windows.window.tab.selected", "windows.window.hover.entered",
        "windows.window.hover.entered",
      ])
    // The folded record: the change from the second hover's old state to the fifth's new one.
    #expect(box.texts[2].contains("- 1\n+ 5\n"), "\(box.texts[2])")
    #expect(box.texts[3].contains("- 5\n+ 6\n"))
    let hover = try #require(printer.costs.figures(forActionPath: "windows.window.hover.entered"))
    #expect(hover.printed == 3 && hover.debounced == 3)
  }

  @Test func backgroundDeliveryPrintsWhatTheCallerThreadWould() throws {
    var random = SeededRandom(seed: 5)
    let (callerBox, backgroundBox) = (Collected(), Collected())
    let clock = TestClock()
    let filter = ActionFilter<AppAction>.allExcept(ActionFilter { $0 == .timerTicked })
    let caller = ChangePrinter<RichState, AppAction>(
      filter: filter, now: { clock.now }, write: { callerBox.append($0) })
    let background = ChangePrinter<RichState, AppAction>(
      filter: filter, delivery: .background, now: { clock.now }, write: { backgroundBox.append($0) })
    var state = RichState()
    for _ in 0..<200 {
      let (action, _) = RandomActions.action(&random)
      let old = state
      state.mutate(&random)
      caller(action, old, state)
      background(action, old, state)
    }
    background.flush()
    #expect(backgroundBox.texts == callerBox.texts)
    #expect(try readRecords(backgroundBox.texts.joined()).count == callerBox.texts.count)
  }

  @Test func jsonLinesHoldWhatTcalogReadsOfTheTextRecords() throws {
    var random = SeededRandom(seed: 9)
    let (textBox, jsonBox) = (Collected(), Collected())
    let clock = TestClock()
    let text = ChangePrinter<RichState, AppAction>(now: { clock.now }, write: { textBox.append($0) })
    let json = ChangePrinter<RichState, AppAction>(style: .jsonLines, now: { clock.now }, write: { jsonBox.append($0) })
    var state = RichState()
    for _ in 0..<150 {
      let (action, _) = RandomActions.action(&random)
      let old = state
      state.mutate(&random)
      clock.advance(0.125)
      text(action, old, state)
      json(action, old, state)
    }
    json.writeCostSummary()
    let records = try readRecords(textBox.texts.joined())
    let lines = jsonBox.texts.joined().split(separator: "\n")
    try #require(lines.count == records.count + 1)
    for (line, record) in zip(lines, records) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let action = try #require(object["action"] as? [String: Any])
      let state = try #require(object["state"] as? [String: Any])
      #expect(object["timestamp"] as? String == record.timestamp)
      #expect(action["path"] as? String == record.actionPath)
      #expect(state["changed"] as? Bool == record.stateChanged)
      let changes = (state["changes"] as? [[String: Any]] ?? []).compactMap { $0["normalized"] as? String }
      #expect(Set(changes) == Set(record.normalizedPaths))
    }
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
    #expect((summary["printer"] as? String)?.hasPrefix("tcalog printer: cost 150 printed, 0 silenced") == true)
  }

  @Test func tcalogAddsUpTheCostSummaries() throws {
    let box = Collected()
    let clock = TestClock()
    let printer = ChangePrinter<Int, AppAction>(
      filter: .allExcept(ActionFilter { $0 == .timerTicked }), now: { clock.now }, write: { box.append($0) })
    for n in 0..<30 {
      printer(n % 3 == 0 ? .timerTicked : Self.tab, n, n + 1)
      if n == 14 { printer.writeCostSummary() }
    }
    let printed = box.texts.filter { $0.contains("received action:") }.map(\.utf8.count).reduce(0, +)
    printer.writeCostSummary()
    printer.writeCostSummary()  // nothing counted since: no line
    let summaries = box.texts.filter { $0.contains("tcalog printer: cost ") }
    #expect(summaries.count == 2)
    #expect(summaries[0].contains(" tcalog printer: cost 10 printed, 5 silenced, 0 debounced, 0 unwatched, "))
    #expect(summaries[0].contains("; windows.window.tab.selected: 10 printed, 0 debounced, 0 unwatched, "))
    let (records, statistics) = try readLog(box.texts.joined())
    #expect(records.count == 20)
    let cost = statistics.printerCost
    #expect(cost.summaries == 2)
    #expect(cost.total.printed == 20 && cost.total.silenced == 10 && cost.total.bytes == printed)
    #expect(cost.byActionPath["windows.window.tab.selected"]?.printed == 20)
    #expect(cost.total.microseconds >= cost.byActionPath["windows.window.tab.selected"]!.microseconds)
  }

  /// An interval of 0 is due at every action, printed or silenced: the summary follows the
  /// action that made it due.
  @Test func theIntervalSummaryFollowsSilencedAndPrintedActions() throws {
    let box = Collected()
    let clock = TestClock()
    let printer = ChangePrinter<Int, AppAction>(
      filter: .allExcept(ActionFilter { $0 == .timerTicked }), costSummaryEvery: 0, now: { clock.now },
      write: { box.append($0) })
    printer(.timerTicked, 0, 0)
    printer(.timerTicked, 0, 0)
    printer(Self.tab, 0, 1)
    #expect(box.texts.count == 4)
    #expect(box.texts[0].contains("tcalog printer: cost 0 printed, 1 silenced, "))
    #expect(box.texts[2].contains("received action:"))
    #expect(box.texts[3].contains("tcalog printer: cost 1 printed, 0 silenced, "))
    let (records, statistics) = try readLog(box.texts.joined())
    #expect(records.map(\.actionPath) == ["windows.window.tab.selected"])
    #expect(statistics.printerCost.summaries == 3)
    #expect(statistics.printerCost.total.silenced == 2 && statistics.printerCost.total.printed == 1)
  }

  @Test func unstampedJSONHasANullTimestampAndNoPatternIsNoRestriction() throws {
    let box = Collected()
    let printer = ChangePrinter<Int, AppAction>(
      onlyChanging: [], style: .jsonLines, stampsHeaders: false, write: { box.append($0) })
    printer(.timerTicked, 1, 1)
    #expect(
      box.texts == [
        #"{"timestamp":null,"action":{"path":"timerTicked","text":"AppAction.timerTicked"},"#
          + #""state":{"changed":false,"changes":[]}}"# + "\n"
      ])
  }
}
