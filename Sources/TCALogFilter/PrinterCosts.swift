import Dispatch
import Foundation

/// What a `ChangePrinter` cost the app: the time it spent and the bytes it wrote, per action
/// path for the records it printed (silenced actions are counted together: their path is
/// never worked out, which would take a `Mirror` of the action). A summary line
/// (`summaryLine`) gives the figures since the previous one; tcalog reads it as a printer
/// line of its own kind and `tcalog report` adds the lines of a log up ("logging cost").
///
///     2026-11-20T10:22:33.123Z tcalog printer: cost 12 printed, 3400 silenced, 40 debounced, 15234 µs, 45678 bytes; windows.window.hover: 8 printed, 40 debounced, 9000 µs, 30000 bytes; …
public final class PrinterCosts: @unchecked Sendable {
  /// Counts of one action path, or of all.
  public struct Figures: Sendable, Equatable {
    /// Records written.
    public var printed = 0
    /// Actions the filter (or the kill switch's absence of one) dropped before any work.
    public var silenced = 0
    /// Records a debounce folded into the next one of their burst.
    public var debounced = 0
    /// Records the filter let through whose state changed at no watched path (`onlyChanging:`).
    public var unwatched = 0
    /// Time spent, in nanoseconds: filtering, dumping, diffing, formatting and writing.
    public var nanoseconds: UInt64 = 0
    /// Bytes written.
    public var bytes = 0

    public init() {}
  }

  // `total`, `byPath` and `summaryDue` are read and written under `lock`.
  private let lock = NSLock()
  private var total = Figures()
  private var byPath: [String: Figures] = [:]
  private let summaryInterval: UInt64?
  private var summaryDue: UInt64

  /// Figures that no printer writes a summary of on its own.
  public convenience init() { self.init(summaryEvery: nil) }

  /// Figures whose counts say when `seconds` have passed since the last summary was due.
  init(summaryEvery seconds: TimeInterval?) {
    // `.infinity` (never) or an interval past UInt64's nanoseconds would trap in the
    // conversion: past 2^63 ns (292 years, still far from wrapping the clock) is never. NaN
    // reads as 0 through `max`.
    summaryInterval = seconds.map { max(0, $0) * 1e9 }.map { $0 < 0x1p63 ? UInt64($0) : 1 << 63 }
    summaryDue = Self.clock() &+ (summaryInterval ?? 0)
  }

  /// Since the last summary: every action.
  public var totals: Figures { lock.locked { total } }

  /// Since the last summary: the records of one action path (nil when none was printed).
  public func figures(forActionPath path: String) -> Figures? { lock.locked { byPath[path] } }

  /// Counts a silenced action; returns whether a summary is due (once per interval).
  func countSilenced(nanoseconds: UInt64) -> Bool {
    lock.locked {
      total.silenced += 1
      total.nanoseconds &+= nanoseconds
      return isDue()
    }
  }

  /// Counts a record of `path`; returns whether a summary is due (once per interval).
  func count(path: String, nanoseconds: UInt64, _ update: (inout Figures) -> Void) -> Bool {
    lock.locked {
      update(&total)
      total.nanoseconds &+= nanoseconds
      update(&byPath[path, default: Figures()])
      byPath[path, default: Figures()].nanoseconds &+= nanoseconds
      return isDue()
    }
  }

  /// Under `lock`: whether the interval has passed since the last summary was due.
  private func isDue() -> Bool {
    guard let summaryInterval else { return false }
    let now = Self.clock()
    guard now >= summaryDue else { return false }
    summaryDue = now &+ summaryInterval
    return true
  }

  /// The summary line of the figures since the previous summary (without its line feed),
  /// and counting starts again; nil when nothing was counted. Paths are listed by time spent.
  public func takeSummaryLine() -> String? {
    let (total, byPath) = lock.locked {
      defer {
        self.total = Figures()
        self.byPath = [:]
      }
      return (self.total, self.byPath)
    }
    guard total != Figures() else { return nil }
    func micros(_ f: Figures) -> UInt64 { (f.nanoseconds + 500) / 1000 }
    var line = "tcalog printer: cost \(total.printed) printed, \(total.silenced) silenced, "
    line += "\(total.debounced) debounced, \(total.unwatched) unwatched, \(micros(total)) µs, \(total.bytes) bytes"
    for (path, f) in byPath.sorted(by: { ($0.value.nanoseconds, $1.key) > ($1.value.nanoseconds, $0.key) }) {
      line += "; \(path.isEmpty ? "-" : path): \(f.printed) printed, \(f.debounced) debounced, "
      line += "\(f.unwatched) unwatched, \(micros(f)) µs, \(f.bytes) bytes"
    }
    return line
  }

  /// A monotonic clock in nanoseconds.
  static func clock() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
