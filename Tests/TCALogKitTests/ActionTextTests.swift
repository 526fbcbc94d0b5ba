import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// The table of FORMATS.md 10.1, plus the shapes `suggest` needs.
@Suite struct ActionTextTests {
  @Test(arguments: [
    (
      #"AppAction.windows(WindowsAction.window(windowID: WindowID(rawValue: "131DDF0A"), action: WindowAction.toggleListCollapsedState(listID: RootOrListIdentifier.list(Identifier<SidebarItem>(rawValue: "F6"))))) "#,
      "AppAction", "windows.window.toggleListCollapsedState"
    ),
    (
      #"AppFeature.Action.path(.element(id: #1, action: .detail(.destination(.presented(.edit(.binding(.set(\State.$standup, Standup(title: "x")))))))))"#,
      "AppFeature.Action", "path.element.detail.destination.presented.edit.binding.set"
    ),
    ("Todos.Action.filterPicked(.completed)", "Todos.Action", "filterPicked.completed"),
    ("AppAction.todo(id:, action: .checkBoxToggled)", "AppAction", "todo.checkBoxToggled"),
    (
      "AppAction.todo(id: UUID(5834811A-83B4-4E5E-BCD3-8A38F6BDCA90), action: TodoAction.checkBoxToggled)", "AppAction",
      "todo.checkBoxToggled"
    ),
    (
      "AppFeature.Action.syncUpsList(.onDelete(IndexSet(ranges: [[0]: 0..<1])))", "AppFeature.Action",
      "syncUpsList.onDelete"
    ),
    (
      "AppAction.currentGame(GameFeatureAction.game(GameAction.tap(UIGestureRecognizer.State.began, 1.2.2@left)))",
      "AppAction", "currentGame.game.tap"
    ),
    ("AppFeature.Action.path(.popFrom(id: #3))", "AppFeature.Action", "path.popFrom"),
    (
      #"AppAction.settings(SettingsAction.binding(BindingAction<SettingsState>.set(\SettingsState.$isDarkMode, true)))"#,
      "AppAction", "settings.binding.set"
    ),
    ("Action.incr", "Action", "incr"),
    ("AppAction.parent(childAction: ChildAction.tap, count: 2)", "AppAction", "parent.tap"),
    ("AppAction.picked(Date(2021-08-20T22:08:32.917Z))", "AppAction", "picked"),
    (##"AppAction.renamed(#"a "quoted" (name"#)"##, "AppAction", "renamed"),
    // Generic argument lists: the comma inside `<…>` does not split arguments.
    (
      "AppAction.library(LibraryAction.tracks(IdentifiedAction<TrackRowState.ID, TrackRowAction>.element(id: 3, action: TrackRowAction.tapped)))",
      "AppAction", "library.tracks.element.tapped"
    ),
    (
      "AppAction.search(SearchAction.searchResponse(Result<SearchPage, any Error>.success(SearchPage(count: 1))))",
      "AppAction", "search.searchResponse.success"
    ),
    (
      "Result<Dictionary<String, Int>, any Error>.failure(E())", "Result<Dictionary<String, Int>, any Error>", "failure"
    ),
    ("AppAction.run(Result<() -> Void, Never>.success(f))", "AppAction", "run.success"),
    // `<` that opens nothing: after a blank or a dot, or without its `>` on the line.
    ("AppAction.compare(a < b, c > d)", "AppAction", "compare"),
    ("AppAction.range(Range<Int\n>.lower)", "AppAction", "range"),
    // Non-ASCII identifiers are Swift identifiers (issue 42, row 14: the path was empty).
    ("App.Action.café(1)", "App.Action", "café"),
    ("App.Action.élan(.名前(x: 1, label: \"é\"))", "App.Action", "élan.名前"),
    ("Ação.Action.tap(Ação.Ponto.início)", "Ação.Action", "tap.início"),
  ])
  func pathFollowsTheRules(text: String, root: String, path: String) {
    let analysis = ActionText.analyze(text)
    #expect(analysis.root == root)
    #expect(analysis.path == path)
  }

  @Test func multiLineGenericElementKeepsItsRowAction() {
    let text =
      "AppAction.library(\n  LibraryAction.tracks(\n    IdentifiedAction<TrackRowState.ID, TrackRowAction>.element(\n      id: 3,\n      action: TrackRowAction.progressUpdated(0.5)\n    )\n  )\n)"
    let analysis = ActionText.analyze(text)
    #expect(analysis.path == "library.tracks.element.progressUpdated")
    #expect(analysis.steps[2].labels == ["id", "action"] && analysis.steps[2].followed == 1)
    #expect(analysis.steps[2].typeName == "IdentifiedAction<TrackRowState.ID, TrackRowAction>")
  }

  @Test func flattenedActionParsesLikeIntactOne() {
    let intact =
      "AppAction.windows(\n  WindowsAction.window(\n    windowID: WindowID(\n      rawValue: \"131D\"\n    ),\n    action: WindowAction.toggleListCollapsedState(\n      listID: RootOrListIdentifier.list(\n        Identifier<SidebarItem>(\n          rawValue: \"F686\"\n        )\n      )\n    )\n  )\n)"
    let flattened = intact.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    #expect(ActionText.analyze(flattened).path == "windows.window.toggleListCollapsedState")
    #expect(ActionText.analyze(flattened) == ActionText.analyze(intact))
  }

  @Test func damagedTextFollowsTheFirstActionArgument() {
    let damaged =
      "windowID: WindowID(\n  rawValue: \"131D\"\naction: WindowAction.toggleListCollapsedState(\n  listID: RootOrListIdentifier.list(\n      rawValue: \"F686\""
    let analysis = ActionText.analyze(damaged)
    #expect(analysis.root == nil)
    #expect(analysis.path == "toggleListCollapsedState")
  }

  @Test func customDescriptionHasNoPath() {
    let analysis = ActionText.analyze("Tap at 1.2.2@left")
    #expect(analysis.root == nil)
    #expect(analysis.path == "")
  }

  @Test func caseShapesRecordLabelsAndTheFollowedValue() {
    let analysis = ActionText.analyze("AppAction.windows(.window(windowID:, action: .hover(.entered(tabID:))))")
    #expect(analysis.steps.map(\.name) == ["windows", "window", "hover", "entered"])
    #expect(analysis.steps[0].labels == [nil] && analysis.steps[0].followed == 0)
    #expect(analysis.steps[1].labels == ["windowID", "action"] && analysis.steps[1].followed == 1)
    #expect(analysis.steps[3].labels == ["tabID"] && analysis.steps[3].followed == nil)
    #expect(analysis.steps[1].typeName == nil)
    #expect(
      ActionText.analyze("AppAction.windows(WindowsAction.window(windowID: W(), action: WindowAction.hover))").steps[1]
        .typeName == "WindowsAction")
  }

  @Test func typedNestedCaseIsATCA0Clue() {
    #expect(ActionText.analyze("AppAction.todo(id: UUID(1), action: TodoAction.checkBoxToggled)").hasTypedNestedCase)
    #expect(!ActionText.analyze("AppFeature.Action.syncUpsList(.addSyncUpButtonTapped)").hasTypedNestedCase)
    #expect(!ActionText.analyze("AppAction.timerTicked").hasTypedNestedCase)
    // Types with generic arguments or nesting, and values that only look dotted.
    #expect(ActionText.analyze("AppAction.list(Wrapper<Int>.item)").hasTypedNestedCase)
    #expect(ActionText.analyze("AppAction.x(Outer.Inner.baz, 1.5)").hasTypedNestedCase)
    #expect(!ActionText.analyze("AppAction.x(1.5, \"a.b\", .c, A.B)").hasTypedNestedCase)
  }

  @Test func backtickedNamesAreReadWithoutBackticks() {
    #expect(ActionText.analyze("AppAction.`default`(.`in`)").path == "default.in")
  }

  @Test func deepNestingDoesNotRecurse() {
    let depth = 100_000
    let text = "AppAction.a(" + String(repeating: ".a(", count: depth) + String(repeating: ")", count: depth + 1)
    let analysis = ActionText.analyze(text)
    #expect(analysis.steps.count == depth + 1)
    let unbalanced = String(repeating: "(", count: depth)
    #expect(ActionText.analyze(unbalanced).path == "")
  }
}

/// The scanner's allocation-free `walkPath` and the full `walk` agree on every action of
/// the samples and real logs.
struct WalkPathTests {
  @Test func walkPathAgreesWithWalk() throws {
    let dirs = [Repository.root.appendingPathComponent("Samples"), URL(fileURLWithPath: Repository.realLogs)]
    var checked = 0
    for dir in dirs {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
      for name in names where name.hasSuffix(".log") || name.hasSuffix(".txt") {
        let records = try RecordScanner.scan(InputOpener.open(dir.appendingPathComponent(name).path)).records
        for record in records {
          var bytes = Array(record.actionText.utf8)
          bytes.withUnsafeMutableBufferPointer { buffer in
            let text = UnsafeBufferPointer(buffer)
            let tree = ValueTree(parsing: text, 0..<text.count)
            let full = tree.walk()
            var names: [Range<Int>] = []
            let path = tree.walkPath(typedClue: true) { names.append($0) }
            #expect(names == full.steps.map(\.name))
            #expect(path.root == full.root && path.hasTypedNestedCase == full.hasTypedNestedCase)
          }
          checked += 1
        }
      }
    }
    #expect(checked > 1000)
  }
}
