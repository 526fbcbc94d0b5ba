// libFuzzer entry point for saved reports (`report --format json` output given to
// `compare`, issue 42 row 22). Built by `Tests/Fuzz/fuzz savedreport`; seeds are the
// samples' reports when a built tcalog is there.
//
// Checks: reading never crashes; a file is a saved report or a `SavedReportError`; a read
// report's counts are not negative; compared with itself and with a run of a log, every
// output format of the comparison is terminal-safe text or parseable JSON.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

@inline(never)
func savedReportCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    fputs("invariant violated: \(message())\n", stderr)
    abort()
  }
}

/// A run of a small log, to compare a saved report with.
let savedReportFuzzRun: RunProfile = {
  let log =
    "received action:\n  AppAction.tick\n  (No state changes)\n\nreceived action:\n  AppAction.tabs(.select(2))\n"
  var profiler = RunProfiler(source: "fuzz.log")
  for record in (try? RecordScanner.scan(MemoryByteSource(log)))?.records ?? [] { _ = profiler.record(record) }
  return profiler.profile
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func savedReportFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Data(size > 0 ? UnsafeBufferPointer(start: data, count: size) : UnsafeBufferPointer(start: nil, count: 0))
  let profile: RunProfile
  do {
    profile = try RunProfile(savedReport: bytes, source: "fuzz.json")
  } catch {
    savedReportCheck(error is SavedReportError, "an error other than SavedReportError: \(error)")
    return 0
  }
  savedReportCheck(profile.records >= 0 && profile.lines >= 0 && profile.noOps >= 0, "negative counts")
  for tally in profile.actions.values {
    savedReportCheck(tally.records >= 0 && tally.lines >= 0, "negative counts of an action")
  }
  for (before, after) in [(profile, profile), (profile, savedReportFuzzRun), (savedReportFuzzRun, profile)] {
    let comparison = RunComparison(before: before, after: after)
    for format in [ComparisonPrinter.Format.text, .markdown, .json] {
      let output = ComparisonPrinter(format: format, top: 20, width: 60).render(comparison)
      if format == .json {
        savedReportCheck(
          (try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "comparison json is not JSON")
      }
    }
    _ = comparison.actions(grownAbove: 2)
    _ = comparison.newActions
  }
  return 0
}
