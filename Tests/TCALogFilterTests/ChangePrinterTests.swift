import CustomDump
import Foundation
import TCALogFilter
import TCALogKit
import TCALogTestSupport
import Testing

struct PrinterState: Equatable, Sendable {
  var count = 0
  var title = "untitled"
  var flags = [false, false, false]
  var hovered: Int? = nil
}

/// The printer's text read back by tcalog: the action paths, changed paths and timestamps
/// that were printed, only for the actions the filter let through.
@Suite struct ChangePrinterTests {
  @Test func tcalogReadsWhatThePrinterWrote() throws {
    var random = SeededRandom(seed: 7)
    let filter = ActionFilter<AppAction>.allExcept(
      ActionFilter { action in
        if case .timerTicked = action { return true }
        return false
      })
    var state = PrinterState()
    var log = ""
    var expected: [(path: String, stamp: String, changes: [String])] = []
    var time = Date(timeIntervalSince1970: 1_790_000_000.25)
    var dropped = 0
    for _ in 0..<400 {
      let (action, _) = RandomActions.action(&random)
      let old = state
      var changes: [String] = []
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        state.count += 1
        changes = ["count"]
      case 1:
        state.title += "x"
        changes = ["title"]
      case 2:
        let i = Int.random(in: 0..<3, using: &random)
        state.flags[i].toggle()
        changes = ["flags[\(i)]"]
      case 3:
        state.hovered = state.hovered == nil ? 4 : nil
        changes = ["hovered"]
      default: break
      }
      time += Double(Int.random(in: 1..<4000, using: &random)) / 1000
      let now = time
      let printer = ChangePrinter<PrinterState, AppAction>(filter: filter, now: { now })
      guard let text = printer.text(receivedAction: action, oldState: old, newState: state) else {
        #expect(action == .timerTicked)
        dropped += 1
        continue
      }
      #expect(text.hasPrefix(ChangePrinter<PrinterState, AppAction>.timestamp(now) + " received action:\n"))
      log += text
      expected.append((ActionPath.of(action), ChangePrinter<PrinterState, AppAction>.timestamp(now), changes))
    }
    #expect(dropped > 0)
    let records = try readRecords(log)
    try #require(records.count == expected.count)
    for (record, want) in zip(records, expected) {
      #expect(record.actionPath == want.path)
      #expect(record.timestamp == want.stamp)
      #expect(record.changedPaths == want.changes)
      #expect(record.stateChanged == !want.changes.isEmpty)
    }
  }

  @Test func timestampIsISO8601InUTC() {
    let stamp = ChangePrinter<Int, Int>.timestamp(Date(timeIntervalSince1970: 1_790_000_000.987))
    #expect(stamp == "2026-09-21T14:13:20.987Z")
    #expect(ChangePrinter<Int, Int>.timestamp(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
  }

  @Test func writesThroughTheAppsClosure() {
    let box = Collected()
    let printer = ChangePrinter<Int, AppAction>(stampsHeaders: false, write: { box.append($0) })
    printer(.timerTicked, 1, 1)
    printer(.settings(.reset), 1, 2)
    #expect(
      box.texts == [
        "received action:\n  AppAction.timerTicked\n  (No state changes)\n\n",
        "received action:\n  AppAction.settings(.reset)\n- 1\n+ 2\n\n",
      ])
  }
}

final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func append(_ text: String) { lock.withLock { stored.append(text) } }
  var texts: [String] { lock.withLock { stored } }
}
