// libFuzzer entry point for the whole pipeline of `report`, `suggest` and
// `filter --format oneline --color always`. Compiled by `Tests/Fuzz/fuzz pipeline` with
// Sources/TCALogKit in one module (internal API visible).
//
// Each input is parsed, aggregated, classified and printed in every format, and the output
// is checked: nothing crashes; every byte meant for a terminal (the text report, oneline
// output with colour) is safe (no control character but the newline and tcalog's own SGR
// colour codes, no C1, line or paragraph separator, or bidi override); JSON output parses;
// the generated Swift is code that tcalog wrote, the log reaching it only inside comments or
// as checked identifiers.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

@inline(never)
func pipelineCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    fputs("invariant violated: \(message())\n", stderr)
    abort()
  }
}

/// Bytes a terminal would act on, other than the newline and SGR (`ESC [ digits ; m`).
func terminalSafe(_ text: String, _ what: String) {
  let scalars = Array(text.unicodeScalars)
  var i = 0
  while i < scalars.count {
    let v = scalars[i].value
    if v == 0x1B {
      // Only colour: ESC [ (digits|;)* m
      pipelineCheck(i + 1 < scalars.count && scalars[i + 1] == "[", "\(what): ESC not followed by [")
      var j = i + 2
      while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == ";" { j += 1 }
      pipelineCheck(j < scalars.count && scalars[j] == "m", "\(what): escape sequence other than SGR")
      i = j + 1
      continue
    }
    let unsafe =
      (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
      || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    pipelineCheck(!unsafe, "\(what): unsafe scalar U+\(String(v, radix: 16)) reaches the terminal")
    i += 1
  }
}

/// Every line of generated Swift is a comment or one of the shapes tcalog writes, made of
/// identifiers and punctuation only.
func swiftIsTcalogs(_ code: String) {
  let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_`.,():=${}\\<>&!?[]@ -/*#\"'")
  for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("//") {
      terminalSafe(String(line), "Swift comment")
      continue
    }
    pipelineCheck(line.allSatisfy { allowed.contains($0) }, "Swift line with characters tcalog never writes: \(line)")
    pipelineCheck(!line.contains(";") && !line.contains("/*"), "Swift line that could end a statement: \(line)")
    let shapes = [
      "extension ActionFilter where Action == ", "static var ", "Self { action in", "if case .", "return false", "}",
      "",
    ]
    pipelineCheck(shapes.contains { trimmed.hasPrefix($0) }, "Swift line of an unknown shape: \(line)")
  }
}

func parsesAsJSON(_ text: String, _ what: String) {
  let object = try? JSONSerialization.jsonObject(with: Data(text.utf8))
  pipelineCheck(object != nil, "\(what) is not JSON")
}

/// Writes through a real `OutputBuffer` (it needs a file descriptor) and reads it back.
func captured(_ body: (OutputBuffer) throws -> Void) -> String {
  var template = Array("/tmp/tcalog-fuzz-XXXXXX".utf8CString)
  let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
  pipelineCheck(fd >= 0, "mkstemp failed")
  unlink(String(cString: template))
  defer { close(fd) }
  let out = OutputBuffer(fd: fd)
  do {
    try body(out)
    try out.flush()
  } catch { pipelineCheck(false, "printing threw \(error)") }
  var bytes: [UInt8] = []
  lseek(fd, 0, SEEK_SET)
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = read(fd, &buffer, buffer.count)
    if n <= 0 { break }
    bytes += buffer[0..<n]
  }
  return String(decoding: bytes, as: UTF8.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func pipelineFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size > 0 ? Array(UnsafeBufferPointer(start: data, count: size)) : []
  guard let scan = try? RecordScanner.scan(MemoryByteSource(bytes)) else {
    pipelineCheck(false, "scan threw")
    return 0
  }
  var aggregator = ReportAggregator(collectsShapes: true)
  for record in scan.records { aggregator.add(record) }
  aggregator.statistics = scan.statistics
  let summary = aggregator.summary()

  // report: every format, a narrow and a wide terminal, the tree and the flat view.
  for depth in [nil, 2] as [Int?] {
    var options = ReportOptions()
    options.depth = depth
    let report = ActionReport(summary: summary, options: options)
    for width in [40, 200] {
      let text = ReportPrinter(format: .text, color: true, width: width).render(report)
      terminalSafe(text, "report text")
      for line in text.split(separator: "\n") {
        pipelineCheck(line.unicodeScalars.count <= width + 20, "report line wider than \(width): \(line)")
      }
    }
    parsesAsJSON(ReportPrinter(format: .json).render(report), "report json")
    terminalSafe(ReportPrinter(format: .markdown).render(report), "report markdown")
  }

  // suggest: both styles, with the support code, and JSON.
  let set = Suggester().suggest(summary)
  for style in SuggestStyle.allCases {
    swiftIsTcalogs(SuggestionPrinter(style: style, includeType: false, inputs: ["a log"]).render(set))
  }
  parsesAsJSON(SuggestionPrinter().json(set), "suggest json")
  for w in set.warnings { terminalSafe(w, "suggest warning") }

  // filter --format oneline --color always, highlighting a pattern that matches often.
  if let matcher = try? PatternMatcher("[a-z]") {
    let query = RecordQuery(actions: [matcher], texts: [matcher])
    let oneline = captured { out in
      let printer = FilterPrinter(format: .oneline, out: out, query: query, color: true, escapes: true)
      for record in scan.records where query.selects(record) { try printer.print(record, isContext: false) }
    }
    terminalSafe(oneline, "filter oneline")
  }
  return 0
}
