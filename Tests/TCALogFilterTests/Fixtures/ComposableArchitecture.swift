// A stand-in for TCA 1.x's ComposableArchitecture module, for compiling tcalog's glue
// without TCA (which does not build on Linux): `_ReducerPrinter`'s public surface exactly as
// Sources/ComposableArchitecture/Reducer/Reducers/DebugReducer.swift declares it (TCA 1.x),
// with the bodies reduced to what the declarations need.
import Dispatch

private let printQueue = DispatchQueue(label: "stand-in.printer")

public struct _ReducerPrinter<State, Action>: Sendable {
  private let _printChange:
    @Sendable (
      _ receivedAction: Action,
      _ oldState: State,
      _ newState: State
    ) -> Void
  @usableFromInline
  let queue: DispatchQueue

  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action,
        _ oldState: State,
        _ newState: State
      ) -> Void,
    queue: DispatchQueue? = nil
  ) {
    self._printChange = printChange
    self.queue = queue ?? printQueue
  }

  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    self._printChange(receivedAction, oldState, newState)
  }
}

extension _ReducerPrinter {
  public static var customDump: Self { Self { _, _, _ in } }
  public static var actionLabels: Self { Self { _, _, _ in } }
}

/// Enough of `Reducer` for `._printChanges(_:)` to be called as an app calls it.
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action
}

public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  public typealias State = Base.State
  public typealias Action = Base.Action
  let base: Base
  public let printer: _ReducerPrinter<Base.State, Base.Action>?
}

extension Reducer {
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer<Self>(base: self, printer: printer)
  }
}
