// libFuzzer entry point for the filter-repository reader (`name = pattern` lines). Built
// by `Tests/Fuzz/fuzz filterfile` like the parser target.
//
// Checks: reading never crashes or hangs (PCRE2 compile of arbitrary patterns included);
// a file is either a repository of valid entries or a list of issues with line numbers
// inside the file; a repository written back out reads as the same entries; matching
// action paths ends (limits) without crashing.

#if canImport(Glibc)
  import Glibc
#endif

@inline(never)
func filterFuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    fputs("invariant violated: \(message())\n", stderr)
    abort()
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func filterFileFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = size > 0 ? String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) : ""
  let lineCount = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
  do {
    let repository = try FilterRepository(parsing: text, file: "fuzz")
    for entry in repository.entries {
      filterFuzzCheck(FilterRepository.isValidName(entry.name), "invalid name accepted: \(entry.name)")
      filterFuzzCheck(entry.line >= 1 && entry.line <= lineCount, "entry line \(entry.line) outside 1...\(lineCount)")
    }
    let again = try FilterRepository(parsing: repository.rendered(header: ["fuzz"]), file: "again")
    filterFuzzCheck(again.entries.map(\.name) == repository.entries.map(\.name), "names change when written back")
    filterFuzzCheck(
      again.entries.map(\.pattern) == repository.entries.map(\.pattern), "patterns change when written back")
    for path in ["windows.window.hover", "", "tick", String(repeating: "a", count: 300) + "b", "x.\u{FFFD}.y"] {
      _ = try? repository.firstEntry(matching: path)
    }
  } catch {
    filterFuzzCheck(!error.issues.isEmpty, "error without issues")
    for issue in error.issues {
      filterFuzzCheck(issue.line >= 0 && issue.line <= lineCount, "issue line \(issue.line) outside 0...\(lineCount)")
    }
  }
  return 0
}
