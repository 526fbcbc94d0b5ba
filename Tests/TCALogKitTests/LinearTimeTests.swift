import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// Parse work grows linearly with input size on the shapes that could make a parser
/// quadratic: deep and wide actions, long records, unclosed brackets and strings, runs of
/// headers, lines full of near-headers. Each shape is grown until one parse takes a
/// measurable amount of work, then parsed at four times that size: linear work takes
/// about 4×, a quadratic step 16×.
///
/// Work is the CPU time of the parsing thread (`CLOCK_THREAD_CPUTIME_ID`), not the time on
/// a clock: a thread that waits for a core while other tests or builds run counts nothing,
/// which is what made a wall-clock bound fail on a loaded machine. What is left (a core
/// shared with a busy sibling runs 3–11% slower here, BENCHMARKS.md, "Method notes") is
/// far inside the bound of 10×.
struct LinearTimeTests {
  struct Shape: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (Int) -> String
    var testDescription: String { name }
  }

  static let shapes: [Shape] = [
    Shape(name: "nested action") { n in
      "received action:\n  AppAction.a(" + String(repeating: ".a(", count: n) + String(repeating: ")", count: n + 1)
        + "\n  (No state changes)\n\n"
    },
    Shape(name: "wide action") { n in
      "received action:\n  AppAction.a(" + String(repeating: "x: 1, ", count: n) + "y: 2)\n  (No state changes)\n\n"
    },
    Shape(name: "unbalanced action lines") { n in
      "received action:\n" + String(repeating: "  AppAction.a((([\n", count: n)
    },
    Shape(name: "unclosed triple-quoted string") { n in
      "received action:\n  AppAction.a(\"\"\"\n" + String(repeating: "  text ( [ \" {\n", count: n)
    },
    Shape(name: "wide difference tree") { n in
      var log = "🎬 Received action:\n  AppAction.a\n🖨️ State:\nitems:\n"
      for i in 0..<n { log += "|\tKey \(i):\n|\t|\tCurrent: 1\n|\t|\tPrevious: 0\n" }
      return log + "\n"
    },
    Shape(name: "long custom-dump diff") { n in
      "received action:\n  AppAction.a\n  AppState(\n" + String(repeating: "-   x: 1,\n+   x: 2,\n", count: n)
        + "  )\n\n"
    },
    Shape(name: "deep custom-dump nesting") { n in
      "received action:\n  AppAction.a\n  AppState(\n" + String(repeating: "  a: A(\n", count: n)
        + "- x: 1,\n+ x: 2,\n" + String(repeating: "  )\n", count: n) + "  )\n\n"
    },
    Shape(name: "headers in a row") { n in
      String(repeating: "received action:\n🎬 Received action:\n", count: n)
    },
    Shape(name: "near-headers in one line") { n in
      String(repeating: "x: r: received actio", count: n) + "\n"
    },
  ]

  @Test(arguments: shapes)
  func parseTimeGrowsLinearly(_ shape: Shape) throws {
    func seconds(_ n: Int) throws -> Double {
      let input = Array(shape.make(n).utf8)
      var best = Double.infinity
      for _ in 0..<3 {
        let start = threadCPUSeconds()
        _ = try parse(bytes: input)
        best = min(best, threadCPUSeconds() - start)
      }
      return best
    }
    // Grown no further than keeps the large input under the line cap: an optimized build
    // (or a fast machine) parses one long line of near-headers in under 0.02 s at any size
    // that fits, and past the cap the parse refuses the line rather than timing it.
    let unitBytes = max(1, shape.make(1_000).utf8.count / 1_000)
    var n = 500
    while try seconds(n) < 0.02, 4 * (2 * n) * unitBytes <= LineTooLong.defaultCap { n *= 2 }
    let small = try seconds(n)
    let large = try seconds(4 * n)
    #expect(large < 10 * small, "\(shape.name): \(n) units \(small) s, \(4 * n) units \(large) s")
  }
}

/// The CPU time this thread has used, in seconds.
func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
