import TCALogPipeline
import TCALogReport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The inputs every command reads, and which of their records it sees.
package struct InputSelection: Sendable, Equatable {
  /// Log files (plain or gzip); `-` or none for standard input.
  package var files: [String] = []
  /// Threads that parse; nil: the console's number of cores.
  package var jobs: Int?
  /// `--since`, as given.
  package var since: String?
  /// `--until`, as given.
  package var until: String?

  package init(files: [String] = [], jobs: Int? = nil, since: String? = nil, until: String? = nil) {
    self.files = files
    self.jobs = jobs
    self.since = since
    self.until = until
  }

  /// The stream of the inputs' records; `follow` reads them as they grow.
  package func stream(in console: Console, follow: Bool = false) -> RecordStream {
    console.announceStandardInput(files: files)
    // The executable's validation parsed the times once already.
    return console.reading(
      RecordStream(
        inputs: files, jobs: jobs ?? console.processors,
        window: (try? TimeWindow(since: since, until: until, now: now(in: console, follow: follow)))
          ?? TimeWindow(), follow: follow))
  }

  /// What `-5m` and `now` count from: on files, the inputs' last record (a saved log
  /// ended some time ago, and from now it would hold nothing, as lnav also reads it); with
  /// --follow or standard input (a pipe, live), the console's clock.
  func now(in console: Console, follow: Bool) -> Date {
    Date(timeIntervalSince1970: secondsNow(in: console, follow: follow))
  }

  /// `now(in:follow:)` in seconds since 1970, as the console's clock and `LastTime` give it.
  private func secondsNow(in console: Console, follow: Bool) -> Double {
    let relative = [since, until].contains { $0.map(TimeWindow.isRelative) ?? false }
    guard relative else { return console.now() }
    guard !follow, !files.isEmpty, !files.contains("-") else { return console.now() }
    var last = LastTime()
    guard let result = try? RecordStream(inputs: files, jobs: jobs ?? console.processors).run(into: &last),
      result.errors.isEmpty || last.latest != nil
    else { return console.now() }
    return last.latest ?? console.now()
  }

  /// Why the times cannot be read (nil: they can).
  package static func timeWindowProblem(since: String?, until: String?) -> String? {
    do {
      _ = try TimeWindow(since: since, until: until)
      return nil
    } catch let error as TimeWindow.Error {
      return error.description
    } catch {
      return "\(error)"
    }
  }
}

/// `0.8`, `80%` or `80` (over 1: a percentage) → 0.8.
package enum ShareArgument {
  package static func parse(_ text: String) -> Double? {
    var text = text
    var percent = false
    if text.hasSuffix("%") {
      text.removeLast()
      percent = true
    }
    guard let value = Double(text), value >= 0 else { return nil }
    let share = percent || value > 1 ? value / 100 : value
    return share <= 1 ? share : nil
  }
}

/// `2`, `x2`, `×2`, `2x`: a factor of 1 or more (`compare --fail-above`).
package enum FactorArgument {
  package static func parse(_ text: String) -> Double? {
    var digits = Substring(text.lowercased())
    if digits.hasPrefix("x") {
      digits = digits.dropFirst()
    } else if digits.hasPrefix("×") {
      digits = digits.dropFirst()
    }
    if digits.hasSuffix("x") { digits = digits.dropLast() }
    // Decimal digits with one point at most, as times are read: `Double` alone also takes
    // `0x10`, `1e3`, `nan` and `inf`.
    guard digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), digits.count(where: { $0 == "." }) <= 1,
      let value = Double(digits), value.isFinite, value >= 1, value < 1e15
    else { return nil }
    return value
  }
}
