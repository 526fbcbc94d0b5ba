import Foundation
import TCALogKit
import Testing

/// What `tcalog report`, `records` and `suggest` print, produced by a program that uses
/// the library: the printers are public.
struct PrinterAPITests {
  /// The report in text and JSON, and the Swift that silences the noise, of the flagship
  /// sample, as the command line prints them.
  @Test func aProgramPrintsTheReportAndTheSuggestions() throws {
    let summary = try ReportAPITests.summary(jobs: 2)
    let report = ActionReport(summary: summary)
    let text = ReportPrinter(format: .text, width: 100).render(report)
    #expect(text.hasPrefix("900 records (900 complete, 0 incomplete)"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ReportPrinter(format: .json).render(report).utf8))
        as? [String: Any])
    #expect((json["actions"] as? [Any])?.isEmpty == false)
    let swift = SuggestionPrinter(style: .closure).render(Suggester().suggest(summary))
    #expect(swift.contains("static var windowsWindowMouseMoved: Self {"))
    #expect(swift.contains("extension ActionFilter"))
  }

  /// `RecordsWriter` is the sink of `tcalog records`: one JSON object per record, in order.
  @Test func aProgramWritesTheRecordsAsNDJSON() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).ndjson")
    FileManager.default.createFile(atPath: path.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: path) }
    let handle = try FileHandle(forWritingTo: path)
    var writer = RecordsWriter(format: .ndjson, out: OutputBuffer(fd: handle.fileDescriptor))
    try RecordStream(inputs: [Sample.path("browser-session.log")], jobs: 2).run(into: &writer)
    try handle.close()
    let lines = try String(contentsOf: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 900)
    let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect((first["action"] as? [String: Any])?["path"] as? String != nil)
  }
}
