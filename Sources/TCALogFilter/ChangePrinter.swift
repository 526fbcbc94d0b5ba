import CustomDump
import Dispatch
import Foundation

/// Writes `_printChanges()`'s text (TCA 1.x's `_ReducerPrinter.customDump`) for the
/// actions a filter lets through, with each record's header line prefixed by the time it
/// was printed, in UTC, as `tcalog` reads it:
///
///     2026-11-20T10:22:33.123Z received action:
///       AppAction.timerTicked
///       (No state changes)
///
/// Without a time, a log copied from Xcode's console has no rhythm, and rhythm is the
/// strongest evidence `tcalog` has for telling noise from signal. Where the text goes is the
/// app's choice (`write`): standard output (the default, as `print`), a file, `os.Logger`.
/// A logger adds its own prefix, which tcalog also reads: pass `stampsHeaders: false` there.
///
/// What a silenced action costs: the kill switch's flag, the filter, a clock read and a
/// counter; never a dump of the action, a diff or a `Mirror` of the state. Everything else
/// (the action's path, the diff, the text, the write) happens for the actions the filter lets
/// through, on the caller's thread or, with `delivery: .background`, on the printer's own
/// serial queue. TCA 1.x's `_printChanges()` already calls its printer on its own print
/// queue, so the glue needs no `.background`; a printer called from a reducer directly does.
public struct ChangePrinter<State, Action>: Sendable {
  /// What each record is written as.
  public enum Style: Sendable, Equatable {
    /// `_printChanges()`'s text, which tcalog reads.
    case text
    /// One JSON object per line for log aggregation, in `tcalog records`' schema where it
    /// applies: `timestamp`, `action.path`, `action.text`, `state.changed` and
    /// `state.changes[].normalized`.
    case jsonLines
  }

  /// Where a record's dump, diff and text are worked out.
  public enum Delivery: Sendable, Equatable {
    /// On the thread that called the printer (TCA's print queue under `_printChanges()`).
    case callerThread
    /// On the printer's own serial queue: the caller pays the filter and a copy of the states.
    case background
  }

  /// Which actions are printed.
  public var filter: ActionFilter<Action>
  /// Whether header lines start with the time.
  public var stampsHeaders: Bool
  /// Receives each record's text, ending with the blank line `print` leaves after it.
  public var write: @Sendable (String) -> Void
  /// The time of a record (the clock; tests pass a fixed one).
  public var now: @Sendable () -> Date
  /// Only records whose state changed at a path these patterns match are printed (nil, or
  /// no pattern: all).
  public let onlyChanging: StatePathPatterns?
  /// Text or JSON lines.
  public let style: Style
  /// Records of one action path less than this many seconds after the previous one of that
  /// path are a burst: the first is printed, the rest are folded into one record printed
  /// when the burst ends (the last action, the change from the first folded record's old
  /// state to the last one's new state). Nil: no debounce.
  public let debounce: TimeInterval?
  /// Whether the printer prints at all: false when the environment has `TCALOG_PRINT=0`
  /// (or `false`, `no`, `off`), unless `enabled:` was given.
  public let isEnabled: Bool
  /// Where the work happens.
  public let delivery: Delivery
  /// What printing cost, per action path.
  public let costs: PrinterCosts
  private let engine: Engine

  /// A printer of the actions `filter` lets through.
  ///
  /// - Parameters:
  ///   - onlyChanging: patterns over normalized state paths; a record is printed only when
  ///     one of its changed paths matches (a record without a change never is).
  ///   - costSummaryEvery: writes the cost summary line after an action (printed or
  ///     silenced) when this many seconds have passed since the last one was due (nil: only
  ///     on `writeCostSummary()`).
  ///   - enabled: overrides `TCALOG_PRINT`.
  public init(
    filter: ActionFilter<Action> = .all, onlyChanging: StatePathPatterns? = nil, style: Style = .text,
    debounce: TimeInterval? = nil, delivery: Delivery = .callerThread, costSummaryEvery: TimeInterval? = nil,
    stampsHeaders: Bool = true, enabled: Bool? = nil, now: @escaping @Sendable () -> Date = { Date() },
    write: @escaping @Sendable (String) -> Void = ChangePrinterOutput.standardOutput
  ) {
    self.filter = filter
    // No pattern at all is no restriction (patterns that failed to compile match nothing).
    self.onlyChanging = onlyChanging?.patterns.isEmpty == true ? nil : onlyChanging
    self.style = style
    self.debounce = debounce.flatMap { $0 > 0 ? $0 : nil }
    self.delivery = delivery
    self.stampsHeaders = stampsHeaders
    self.isEnabled =
      enabled ?? Self.printingEnabled(environmentValue: getenv("TCALOG_PRINT").map { String(cString: $0) })
    self.now = now
    self.write = write
    self.costs = PrinterCosts(summaryEvery: costSummaryEvery)
    self.engine = Engine(background: delivery == .background)
  }

  /// Whether `TCALOG_PRINT`'s value lets a printer print: anything but `0`, `false`, `no`
  /// and `off` (in any case), and no value, does.
  public static func printingEnabled(environmentValue value: String?) -> Bool {
    guard let value = value?.lowercased() else { return true }
    return !["0", "false", "no", "off"].contains(value)
  }

  /// The text of one record, or nil when the filter does not let the action through or no
  /// watched path changed. No debounce, no costs: the record as it would be written.
  public func text(receivedAction action: Action, oldState: State, newState: State) -> String? {
    guard filter(action) else { return nil }
    return record(action, oldState, newState, at: now())
  }

  /// Prints one record when the filter lets the action through.
  public func printChange(receivedAction action: Action, oldState: State, newState: State) {
    guard isEnabled else { return }
    let start = PrinterCosts.clock()
    guard filter(action) else {
      if costs.countSilenced(nanoseconds: PrinterCosts.clock() &- start) {
        switch delivery {
        case .callerThread: engine.writeSummary(printer: self)
        case .background: engine.queue.async { [engine] in engine.writeSummary(printer: self) }
        }
      }
      return
    }
    let arrival = Arrival(action: action, oldState: oldState, newState: newState, time: now())
    switch delivery {
    case .callerThread:
      engine.receive(arrival, printer: self, start: start)
    case .background:
      let filtered = PrinterCosts.clock() &- start
      engine.queue.async { [engine] in engine.receive(arrival, printer: self, start: PrinterCosts.clock() &- filtered) }
    }
  }

  /// Lets `printer(action, old, new)` read like a function call.
  public func callAsFunction(_ action: Action, _ oldState: State, _ newState: State) {
    printChange(receivedAction: action, oldState: oldState, newState: newState)
  }

  /// Prints the records that bursts still hold (after the background queue's work).
  public func flush() {
    if delivery == .background { engine.queue.sync {} }
    engine.flushBursts(printer: self, quietOnly: false)
  }

  /// Writes the cost summary line (figures since the previous summary), when anything was
  /// counted; tcalog reads it as a printer line.
  public func writeCostSummary() {
    if delivery == .background { engine.queue.sync {} }
    engine.writeSummary(printer: self)
  }

  /// `2026-11-20T10:22:33.123Z`: ISO 8601 in UTC with milliseconds.
  public static func timestamp(_ date: Date) -> String { PrinterTime.timestamp(date) }

  // MARK: Records

  /// One received action and its states, carried to the printer's queue.
  struct Arrival: @unchecked Sendable {
    // Written once by the caller and read by one printer queue afterwards.
    var action: Action
    var oldState: State
    var newState: State
    var time: Date
  }

  /// A record's text, or nil when no watched path changed.
  func record(_ action: Action, _ oldState: State, _ newState: State, at time: Date) -> String? {
    let stateDiff = diff(oldState, newState)
    var paths: [String]?
    if let onlyChanging {
      guard let stateDiff else { return nil }
      let changed = ChangedStatePaths.of(diff: stateDiff)
      guard changed.contains(where: onlyChanging.matches(path:)) else { return nil }
      paths = changed
    }
    switch style {
    case .text:
      var target = stampsHeaders ? Self.timestamp(time) + " received action:\n" : "received action:\n"
      customDump(action, to: &target, indent: 2)
      target.write("\n")
      target.write(stateDiff.map { "\($0)\n" } ?? "  (No state changes)\n")
      return target + "\n"
    case .jsonLines:
      var actionText = ""
      customDump(action, to: &actionText)
      let changes = stateDiff.map { paths ?? ChangedStatePaths.of(diff: $0) } ?? []
      var line = "{"
      // `timestamp` as `records` writes it: null where the output stamps lines itself.
      line += "\"timestamp\":" + (stampsHeaders ? JSONText.string(Self.timestamp(time)) : "null") + ","
      line += "\"action\":{\"path\":" + JSONText.string(ActionPath.of(action)) + ",\"text\":"
      line += JSONText.string(actionText) + "},\"state\":{\"changed\":\(stateDiff != nil),\"changes\":["
      line += changes.map { "{\"normalized\":" + JSONText.string($0) + "}" }.joined(separator: ",") + "]}}\n"
      return line
    }
  }

  /// A burst's first folded record's old state, and its latest action and new state.
  struct Held {
    var arrival: Arrival
    var folded: Int
  }

  /// The printer's mutable part: bursts and the background queue.
  final class Engine: @unchecked Sendable {
    // `bursts` and `flushScheduled` are read and written under `lock`, which is held while a
    // record or a summary is written, so that they come out whole and in order.
    private let lock = NSLock()
    private var bursts: [String: (last: Date, held: Held?)] = [:]
    private var flushScheduled = false
    /// A count said the cost summary is due: it is written after the record.
    private var summaryDue = false
    let queue: DispatchQueue

    init(background: Bool) {
      self.queue = DispatchQueue(label: "tcalog.ChangePrinter", qos: background ? .utility : .default)
    }

    func receive(_ arrival: Arrival, printer: ChangePrinter, start: UInt64) {
      lock.lock()
      defer { lock.unlock() }
      defer { writeSummaryIfDue(printer: printer) }
      let path = ActionPath.of(arrival.action)
      if let debounce = printer.debounce {
        if var burst = bursts[path], arrival.time.timeIntervalSince(burst.last) < debounce {
          burst.last = arrival.time
          if let held = burst.held {
            burst.held = Held(
              arrival: Arrival(
                action: arrival.action, oldState: held.arrival.oldState, newState: arrival.newState,
                time: arrival.time), folded: held.folded + 1)
          } else {
            burst.held = Held(arrival: arrival, folded: 1)
          }
          if burst.held!.folded > 1 {
            count(path, since: start, printer) { $0.debounced += 1 }
          }
          bursts[path] = burst
          scheduleFlush(printer: printer, after: debounce)
          return
        }
        if let held = bursts[path]?.held { emit(held.arrival, path: path, printer: printer, start: start) }
        bursts[path] = (arrival.time, nil)
      }
      emit(arrival, path: path, printer: printer, start: start)
    }

    /// Writes a record (under `lock`) and counts it.
    private func emit(_ arrival: Arrival, path: String, printer: ChangePrinter, start: UInt64) {
      guard let text = printer.record(arrival.action, arrival.oldState, arrival.newState, at: arrival.time)
      else {
        count(path, since: start, printer) { $0.unwatched += 1 }
        return
      }
      printer.write(text)
      count(path, since: start, printer) {
        $0.printed += 1
        $0.bytes += text.utf8.count
      }
    }

    /// Under `lock`: counts the time since `start` and `update` for `path`.
    private func count(
      _ path: String, since start: UInt64, _ printer: ChangePrinter, _ update: (inout PrinterCosts.Figures) -> Void
    ) {
      if printer.costs.count(path: path, nanoseconds: PrinterCosts.clock() &- start, update) { summaryDue = true }
    }

    /// Under `lock`: the summary a count said was due.
    private func writeSummaryIfDue(printer: ChangePrinter) {
      guard summaryDue else { return }
      summaryDue = false
      writeSummaryLocked(printer: printer)
    }

    private func scheduleFlush(printer: ChangePrinter, after interval: TimeInterval) {
      guard !flushScheduled else { return }
      flushScheduled = true
      DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + interval) { [weak self] in
        self?.flushBursts(printer: printer, quietOnly: true)
      }
    }

    /// Prints the held records of bursts that ended (every one unless `quietOnly`).
    func flushBursts(printer: ChangePrinter, quietOnly: Bool) {
      lock.lock()
      defer { lock.unlock() }
      defer { writeSummaryIfDue(printer: printer) }
      if quietOnly { flushScheduled = false }
      let time = printer.now()
      var waiting = false
      for (path, burst) in bursts.sorted(by: { $0.value.last < $1.value.last }) {
        guard let held = burst.held else { continue }
        if quietOnly, let debounce = printer.debounce, time.timeIntervalSince(burst.last) < debounce {
          waiting = true
          continue
        }
        bursts[path] = (burst.last, nil)
        emit(held.arrival, path: path, printer: printer, start: PrinterCosts.clock())
      }
      if waiting, let debounce = printer.debounce { scheduleFlush(printer: printer, after: debounce) }
    }

    func writeSummary(printer: ChangePrinter) {
      lock.locked { writeSummaryLocked(printer: printer) }
    }

    private func writeSummaryLocked(printer: ChangePrinter) {
      guard let line = printer.costs.takeSummaryLine() else { return }
      let stamp = printer.stampsHeaders ? ChangePrinter.timestamp(printer.now()) : nil
      switch printer.style {
      case .text:
        printer.write((stamp.map { $0 + " " } ?? "") + line + "\n")
      case .jsonLines:
        var json = "{"
        if let stamp { json += "\"timestamp\":" + JSONText.string(stamp) + "," }
        printer.write(json + "\"printer\":" + JSONText.string(line) + "}\n")
      }
    }
  }
}
