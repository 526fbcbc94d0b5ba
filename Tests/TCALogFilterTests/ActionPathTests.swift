import CustomDump
import Foundation
import TCALogFilter
import TCALogKit
import TCALogTestSupport
import Testing

/// The action path of a live value (Mirror) against tcalog's path of the same value printed
/// by the real Custom Dump, as `_printChanges()` prints it.
@Suite struct ActionPathTests {
  /// A record as TCA 1.x's `_ReducerPrinter.customDump` prints it.
  static func printChanges(_ action: AppAction) -> String {
    var target = "received action:\n"
    customDump(action, to: &target, indent: 2)
    return target + "\n  (No state changes)\n\n"
  }

  @Test func randomActionsGiveTcalogsPathBothWays() throws {
    var random = SeededRandom(seed: 45)
    let drawn = (0..<1500).map { _ in RandomActions.action(&random) }
    let records = try readRecords(drawn.map { Self.printChanges($0.0) }.joined())
    try #require(records.count == drawn.count)
    var seen = Set<String>()
    for ((action, expected), record) in zip(drawn, records) {
      let live = ActionPath.of(action)
      #expect(live == record.actionPath, "\(action)")
      #expect(live == expected, "\(action)")
      seen.insert(expected)
    }
    // Every rule was drawn: descents, stops, optionals, representable, reflectable, Result.
    #expect(seen.count >= 30)
  }

  @Test func examplesOfTheRules() {
    #expect(
      ActionPath.of(AppAction.windows(.window(windowID: 3, action: .hover(.entered)))) == "windows.window.hover.entered"
    )
    #expect(ActionPath.segments(of: AppAction.timerTicked) == ["timerTicked"])
    #expect(ActionPath.of(AppAction.tap(.began, 2)) == "tap")
    #expect(ActionPath.of(AppAction.maybe(nil)) == "maybe")
    #expect(ActionPath.of(AppAction.nested(childAction: .toggled, count: 1)) == "nested")
    #expect(ActionPath.of(AppAction.binding(FakeBinding(key: "k", value: 1))) == "binding.set")
    #expect(ActionPath.of(42) == "")
  }
}
