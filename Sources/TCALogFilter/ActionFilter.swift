/// Which actions a debug printer lets through: the debugDiffing article's `ActionFilter`
/// (a predicate with `.all`, `.not`, `.anyOf` and `.allExcept`), made `Sendable` so that
/// TCA 1.x's `_ReducerPrinter` can hold it.
///
/// Named filters are *match* predicates, declared in extensions (what `tcalog suggest`
/// writes):
///
///     extension ActionFilter where Action == AppAction {
///       static var timerTicked: Self {
///         Self { action in
///           if case .timerTicked = action { return true }
///           return false
///         }
///       }
///     }
///
/// and the filter handed to a printer is an *allow* predicate built from them:
/// `.allExcept(.timerTicked, .matching(repository))`.
public struct ActionFilter<Action>: Sendable {
  /// Whether the filter matches an action.
  public let isIncluded: @Sendable (Action) -> Bool

  /// A filter from a predicate (`Self { action in … }`).
  public init(isIncluded: @escaping @Sendable (Action) -> Bool) {
    self.isIncluded = isIncluded
  }

  /// Lets `filter(action)` read like a function call.
  public func callAsFunction(_ action: Action) -> Bool { isIncluded(action) }

  /// Matches every action.
  public static var all: Self { Self { _ in true } }

  /// Matches exactly the actions that `filter` does not match.
  public static func not(_ filter: Self) -> Self { Self { !filter($0) } }

  /// Matches an action when at least one of `filters` matches it.
  public static func anyOf(_ filters: [Self]) -> Self {
    Self { action in filters.contains { $0(action) } }
  }

  /// Matches an action when at least one of `filters` matches it.
  public static func anyOf(_ filters: Self...) -> Self { anyOf(filters) }

  /// Matches an action when none of `filters` matches it.
  public static func allExcept(_ filters: [Self]) -> Self { .not(.anyOf(filters)) }

  /// Matches an action when none of `filters` matches it.
  public static func allExcept(_ filters: Self...) -> Self { allExcept(filters) }

  /// Matches an action when an entry of the filter repository matches its action path
  /// (`ActionPath.of(action)`, the path `tcalog` reads from the printed action) and no keep
  /// line does: what `tcalog filter --exclude-filters FILE` drops. Leave it out of
  /// `.allExcept(…)` to print everything again; `nil` (a repository that could not be read)
  /// matches nothing.
  public static func matching(_ repository: FilterFile?) -> Self {
    guard let repository, repository.silencesAnything else { return Self { _ in false } }
    return Self { repository.matches(actionPath: ActionPath.of($0)) }
  }

  /// Matches an action when the named entries of the filter repository match its action path
  /// and none of its keep lines does.
  public static func matching(_ repository: FilterFile?, entries names: [String]) -> Self {
    matching(repository?.keeping(names))
  }
}
