import CustomDump
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
public struct ChangePrinter<State, Action>: Sendable {
  /// Which actions are printed.
  public var filter: ActionFilter<Action>
  /// Whether header lines start with the time.
  public var stampsHeaders: Bool
  /// Receives each record's text, ending with the blank line `print` leaves after it.
  public var write: @Sendable (String) -> Void
  /// The time of a record (the clock; tests pass a fixed one).
  public var now: @Sendable () -> Date

  /// A printer of the actions `filter` lets through.
  public init(
    filter: ActionFilter<Action> = .all, stampsHeaders: Bool = true,
    now: @escaping @Sendable () -> Date = { Date() },
    write: @escaping @Sendable (String) -> Void = ChangePrinterOutput.standardOutput
  ) {
    self.filter = filter
    self.stampsHeaders = stampsHeaders
    self.now = now
    self.write = write
  }

  /// The text of one record, or nil when the filter does not let the action through.
  public func text(receivedAction action: Action, oldState: State, newState: State) -> String? {
    guard filter(action) else { return nil }
    var target = stampsHeaders ? Self.timestamp(now()) + " received action:\n" : "received action:\n"
    customDump(action, to: &target, indent: 2)
    target.write("\n")
    target.write(diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n")
    return target + "\n"
  }

  /// Prints one record when the filter lets the action through.
  public func printChange(receivedAction action: Action, oldState: State, newState: State) {
    if let text = text(receivedAction: action, oldState: oldState, newState: newState) { write(text) }
  }

  /// Lets `printer(action, old, new)` read like a function call.
  public func callAsFunction(_ action: Action, _ oldState: State, _ newState: State) {
    printChange(receivedAction: action, oldState: oldState, newState: newState)
  }

  /// `2026-11-20T10:22:33.123Z`: ISO 8601 in UTC with milliseconds.
  public static func timestamp(_ date: Date) -> String {
    let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    var seconds = time_t(millis >= 0 ? millis / 1000 : (millis - 999) / 1000)
    let fraction = Int(millis - Int64(seconds) * 1000)
    var parts = tm()
    _ = gmtime_r(&seconds, &parts)
    func pad(_ n: Int32, _ width: Int) -> String {
      let digits = String(n)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2) + "T"
      + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "."
      + pad(Int32(fraction), 3) + "Z"
  }
}

/// Where a `ChangePrinter` writes.
public enum ChangePrinterOutput {
  /// Standard output, as TCA's printers write (`print`).
  public static let standardOutput: @Sendable (String) -> Void = { text in print(text, terminator: "") }

  /// Appends to a file (created when missing); the app's standard output when it cannot be opened.
  public static func file(_ path: String) -> @Sendable (String) -> Void {
    guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else { return standardOutput }
    handle.seekToEndOfFile()
    let box = FileBox(handle)
    return { text in box.write(text) }
  }

  private static func create(_ path: String) -> FileHandle? {
    guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
    return FileHandle(forWritingAtPath: path)
  }

  /// One file handle, written by one record at a time.
  private final class FileBox: @unchecked Sendable {
    let handle: FileHandle
    let lock = NSLock()
    init(_ handle: FileHandle) { self.handle = handle }
    func write(_ text: String) {
      lock.lock()
      defer { lock.unlock() }
      handle.write(Data(text.utf8))
    }
  }
}
