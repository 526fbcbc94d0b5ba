import Testing

@testable import TCALogPipeline
@testable import TCALogReport

/// The crossing rule (docs/FORMATS.md, section 7): a child's scope from its action path by
/// TCA's scoping conventions, and which changes lie outside it.
struct ChainsScopeTests {
  static let statePaths = [
    "search.query", "search.results", "rows[*].isDone", "destination.settings.theme", "path[*].detail.title",
    "badge", "windows[*].tabs[*].title", "settings.volume",
  ]

  @Test(arguments: [
    ("search.searchResponse.success", "search"),
    ("rows.element.toggleTapped", "rows[*]"),
    ("destination.presented.settings.themeChanged", "destination.settings"),
    ("path.element.detail.saveTapped", "path[*].detail"),
    ("windows.element.tabs.element.tapped", "windows[*].tabs[*]"),
    ("settings.binding.set", "settings"),
  ])
  func scopeFollowsTheScopingConventions(action: String, scope: String) {
    #expect(ChildScope.scope(of: action, known: ChildScope.prefixes(Self.statePaths)) == scope)
  }

  @Test(arguments: [
    "timerTicked", "view.buttonTapped", "search.delegate.resultsLoaded", "path.element.detail.delegate.saved",
    "destination.dismiss", "path.popFrom", "unknown.child.action",
  ])
  func rootDelegateAndNavigationActionsHaveNoScope(action: String) {
    #expect(ChildScope.scope(of: action, known: ChildScope.prefixes(Self.statePaths)) == nil)
  }

  @Test func aScopeHoldsWholeSegmentsOnly() {
    #expect(ChildScope.contains("search", "search.results"))
    #expect(ChildScope.contains("search", "search"))
    #expect(ChildScope.contains("rows[*]", "rows[*].isDone"))
    #expect(ChildScope.contains("path", "path[*].detail.title"))
    #expect(!ChildScope.contains("search", "searchHistory"))
    #expect(!ChildScope.contains("rows[*]", "rowsCount"))
  }

  @Test func crossingsAreTheChangesOutsideTheScope() throws {
    let log = """
      received action:
        AppFeature.Action.rows(
          .element(id: 1, action: .toggleTapped)
        )
        AppFeature.State(
      -   doneCount: 0,
      +   doneCount: 1,
          rows: [
            [0]: Row.State(
      -       isDone: false
      +       isDone: true
            )
          ]
        )

      received action:
        AppFeature.Action.rows(
          .element(id: 1, action: .delegate(.moved))
        )
        AppFeature.State(
      -   doneCount: 1,
      +   doneCount: 2,
          rows: […]
        )

      """
    var collector = ChainsCollector()
    _ = try RecordStream(text: log, name: "t.log").run(into: &collector)
    let analysis = collector.analysis()
    #expect(analysis.records == 2)
    #expect(
      analysis.crossings == [
        .init(action: "rows.element.toggleTapped", scope: "rows[*]", statePath: "doneCount", records: 1)
      ])
  }
}
