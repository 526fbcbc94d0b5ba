// libFuzzer entry point for the budget reader (`PATTERN <= LIMIT` lines, issue 42 rows 1,
// 2 and 12). Built by `Tests/Fuzz/fuzz budgetfile` like the parser target.
//
// Checks: reading never crashes or hangs (PCRE2 compile of arbitrary patterns included);
// a file is either rules or bad lines, each with a line number inside the file; checking
// the rules against a small run measures every rule once, and every output format of the
// result is terminal-safe text, parseable JSON or well-formed enough to end.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

@inline(never)
func budgetFuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    fputs("invariant violated: \(message())\n", stderr)
    abort()
  }
}

/// A small run with timestamps: hovers, ticks and a state change.
let budgetFuzzProfile: RunProfile = {
  var log = ""
  for second in 0..<90 {
    let time = String(format: "2026-11-20 10:%02d:%02d.000000+0100", 10 + second / 60, second % 60)
    for action in ["windows.window(id: 1, action: .hover(true))", "timerTicked", "tabs.select(3)"] {
      log += "\(time) 0x1     Default     0x0    42   0    App: received action:\n  AppAction.\(action)\n"
      log += "  (No state changes)\n\n"
    }
  }
  var profiler = RunProfiler(source: "fuzz.log")
  let scan = try? RecordScanner.scan(MemoryByteSource(log))
  for record in scan?.records ?? [] { _ = profiler.record(record) }
  return profiler.profile
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func budgetFileFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = size > 0 ? String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) : ""
  // Lines as the reader counts them: LF, or CRLF (one Character in Swift).
  let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
  do {
    let budget = try Budget(text: text, file: "fuzz")
    for rule in budget.rules {
      budgetFuzzCheck(rule.line >= 1 && rule.line <= lineCount, "rule line \(rule.line) outside 1...\(lineCount)")
      budgetFuzzCheck(!rule.pattern.isEmpty, "a rule without a pattern")
      budgetFuzzCheck(rule.limit.isFinite && rule.limit >= 0, "limit \(rule.limit)")
    }
    let results = budget.check(budgetFuzzProfile)
    budgetFuzzCheck(results.count == budget.rules.count, "\(results.count) results for \(budget.rules.count) rules")
    _ = budget.unnamedActions(budgetFuzzProfile)
    for format in [BudgetPrinter.Format.text, .json, .github, .junit] {
      let output = BudgetPrinter(format: format, width: 60).render(results, defaults: [], source: "fuzz.log")
      if format == .json {
        budgetFuzzCheck(
          (try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "budget json is not JSON: \(output)")
      }
    }
  } catch {
    budgetFuzzCheck(!error.lines.isEmpty, "error without bad lines")
    for line in error.lines {
      // A budget without a rule is the whole file's error, without a line.
      if line.description.hasPrefix("fuzz: no rules") { continue }
      let number = line.description.dropFirst("fuzz:".count).prefix { $0.isNumber }
      budgetFuzzCheck(
        Int(number).map { $0 >= 1 && $0 <= lineCount } ?? false, "bad line outside the file: \(line.description)")
    }
  }
  return 0
}
