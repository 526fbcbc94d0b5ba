import CustomDump
import Dispatch
import Foundation
import TCALogFilter

// What the app product costs an app per action: a printed action (the dump of the action,
// the diff of a state of a few hundred rows, the text, the write) against a silenced one
// (the filter alone), measured in process with the release build:
// `swift run -c release tcalog-filter-bench`. Not part of the test suite: its figures depend
// on the machine (BENCHMARKS.md, "In the app").

struct Row: Equatable, Sendable {
  var id: Int
  var title: String
  var detail: String
  var isDone: Bool
  var tags: [String]
}

struct BenchState: Equatable, Sendable {
  var rows: [Row]
  var selectedID: Int?
  var hoveredID: Int?
  var query = ""
}

enum BenchAction: Equatable, Sendable {
  case row(id: Int, action: RowAction)
  case hover(Int?)
  case tick
}

enum RowAction: Equatable, Sendable {
  case toggled
  case renamed(String)
}

extension ActionFilter where Action == BenchAction {
  static var tick: Self {
    Self { action in
      if case .tick = action { return true }
      return false
    }
  }
}

/// Nanoseconds per call of `body`, the median of `rounds` rounds of `calls` calls.
func measure(rounds: Int = 9, calls: Int, _ body: (Int) -> Void) -> Double {
  var perCall: [Double] = []
  for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<calls { body(i) }
    perCall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls))
  }
  return perCall.sorted()[rounds / 2]
}

@main
enum FilterBench {
  static func main() {
    let rowCount = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 300
    let rows = (0..<rowCount).map {
      Row(id: $0, title: "Row \($0)", detail: "Detail text of row \($0)", isDone: $0 % 3 == 0, tags: ["a", "b"])
    }
    let old = BenchState(rows: rows, selectedID: 3)
    var new = old
    new.rows[rowCount / 2].isDone.toggle()
    let toggled = BenchAction.row(id: rowCount / 2, action: .toggled)
    let sink = ByteCounter()
    let write: @Sendable (String) -> Void = { sink.add($0.utf8.count) }

    let printer = ChangePrinter<BenchState, BenchAction>(filter: .allExcept(.tick), enabled: true, write: write)
    let printed = measure(calls: 200) { _ in printer(toggled, old, new) }

    let silenced = measure(calls: 2_000_000) { _ in printer(.tick, old, new) }

    let repository = try! FilterFile(parsing: "hover = ^hover$\n")
    let byFile = ChangePrinter<BenchState, BenchAction>(
      filter: .allExcept(.tick, .matching(repository)), enabled: true, write: write)
    let silencedByFile = measure(calls: 200_000) { _ in byFile(.hover(3), old, new) }

    let watching = ChangePrinter<BenchState, BenchAction>(
      filter: .allExcept(.tick), onlyChanging: ["^selectedID$"], enabled: true, write: write)
    let unwatched = measure(calls: 200) { _ in watching(toggled, old, new) }

    let off = ChangePrinter<BenchState, BenchAction>(enabled: false, write: write)
    let killed = measure(calls: 2_000_000) { _ in off(toggled, old, new) }

    func line(_ name: String, _ ns: Double) -> String {
      let figure = ns >= 10_000 ? String(format: "%10.1f µs", ns / 1000) : String(format: "%10.1f ns", ns)
      let ratio = String(format: "%9.4f %%", ns / printed * 100)
      return name.padding(toLength: 44, withPad: " ", startingAt: 0) + figure + ratio
    }
    print("state of \(rowCount) rows, one row changed; per action; % of a printed action")
    print(line("printed (dump, diff, text, write)", printed))
    print(line("silenced by an ActionFilter", silenced))
    print(line("silenced by a FilterFile entry", silencedByFile))
    print(line("onlyChanging:, no watched path changed", unwatched))
    print(line("TCALOG_PRINT=0", killed))
    print("(\(sink.total) bytes written)")
  }
}

final class ByteCounter: @unchecked Sendable {
  // Written by the benchmark's one thread.
  var total = 0
  func add(_ n: Int) { total += n }
}
