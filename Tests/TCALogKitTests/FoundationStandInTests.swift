import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@testable import TCALogReport
@testable import TCALogSupport

/// tcalog's modules use FoundationEssentials on Linux, not Foundation: these stand-ins
/// must do what the Foundation calls they replaced did. The tests (which may use
/// Foundation) hold each to the original on random text.
@Suite struct FoundationStandInTests {
  private static func randomText(_ pieces: [String], _ generator: inout SeededRandom) -> String {
    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
      pieces[Int.random(in: 0..<pieces.count, using: &generator)]
    }.joined()
  }

  /// `trimmingBlanks()` (the one trimming of budgets, time bounds, filter repositories and
  /// trace values) trims what `trimmingCharacters(in: .whitespaces)` trims: tabs and space
  /// separators (no-break, ideographic, thin spaces), never line breaks.
  @Test func trimmingBlanksTrimsFoundationsWhitespace() {
    let pieces = [" ", "\t", "\u{A0}", "\u{3000}", "\u{2009}", "\n", "\r\n", "a", "<=", "é", "e\u{301}", "🎬", "#"]
    var generator = SeededRandom(seed: 0x7817_0001)
    for _ in 0..<5_000 {
      let text = Self.randomText(pieces, &generator)
      #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
      let sub = text.dropFirst(text.isEmpty ? 0 : 1)
      #expect(sub.trimmingBlanks() == sub.trimmingCharacters(in: .whitespaces), "\(Array(sub.unicodeScalars))")
      // The scalar-by-scalar form that filter repositories (tcalog's and the app's) read with.
      let scalars = String(String.UnicodeScalarView(sub.unicodeScalars.trimmingBlanks()))
      #expect(scalars == sub.trimmingCharacters(in: .whitespaces), "\(Array(sub.unicodeScalars))")
    }
  }

  /// `replacingScalars(_:with:)` replaces what `replacingOccurrences(of:with:)` replaces,
  /// the `\n` of a `\r\n` included (which `replacing(_:with:)`, by Characters, does not).
  @Test func replacingScalarsReplacesWhatFoundationReplaces() {
    #expect("a\r\nb".replacingScalars("\n", with: "%0A") == "a\r%0Ab")
    #expect("a\r\nb".replacing("\n", with: "%0A") == "a\r\nb", "the reason for the stand-in")
    let pieces = ["\r\n", "\r", "\n", ".", "`", "'", "%", ":", ",", "|", " ", "ab", "é", "🎬", "\u{A0}"]
    let targets = ["\n", "\r", "%", ".", "`", "'", " ", "|", ":", ","]
    let replacements = ["%0A", "%0D", "%25", "\\.", "", "'\\''", "&nbsp;", "\\|", "%3A", "%2C"]
    var generator = SeededRandom(seed: 0x7817_0002)
    for _ in 0..<5_000 {
      let text = Self.randomText(pieces, &generator)
      let k = Int.random(in: 0..<targets.count, using: &generator)
      #expect(
        text.replacingScalars(targets[k], with: replacements[k])
          == text.replacingOccurrences(of: targets[k], with: replacements[k]),
        "\(Array(text.unicodeScalars)) \(targets[k])")
    }
  }

  /// `TextFormatting.printf` writes what `String(format:)` writes, for every format the
  /// printers use, ties and non-ASCII text in the format included.
  @Test func printfWritesWhatStringFormatWrites() {
    let formats = ["%.1f", "%.2f", " (×%.2f)", "%.1f%%"]
    var values: [Double] = [0, -0.0, 0.125, 0.375, 2.675, 1.005, 99.95, 1e9, -3.14159, 1e-7, 0.05, 0.15]
    var generator = SeededRandom(seed: 0x7817_0003)
    for _ in 0..<2_000 { values.append(Double.random(in: -1_000...1_000, using: &generator)) }
    for _ in 0..<500 { values.append(Double(Int.random(in: 0...10_000, using: &generator)) / 1_000) }
    for value in values {
      for format in formats {
        #expect(TextFormatting.printf(format, value) == String(format: format, value), "\(format) \(value)")
      }
    }
    #expect(TextFormatting.printf("%.2f", 1e300).count > 300, "a number longer than the first buffer")
  }

  /// `SmallFile.contents(of:upTo:)` reads a file whole or its first bytes, across reads of
  /// 64 KiB; a folder or a missing file gives nil and `errno`'s reason.
  @Test func smallFileReadsWholeOrItsStart() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-smallfile-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var generator = SeededRandom(seed: 0x7817_0004)
    let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let file = directory.appendingPathComponent("bytes.bin")
    try Data(bytes).write(to: file)
    #expect(SmallFile.contents(of: file.path) == bytes)
    #expect(SmallFile.contents(of: file.path, upTo: 64) == Array(bytes.prefix(64)))
    #expect(SmallFile.contents(of: file.path, upTo: 70_000) == Array(bytes.prefix(70_000)))
    let empty = directory.appendingPathComponent("empty")
    try Data().write(to: empty)
    #expect(SmallFile.contents(of: empty.path) == [])
    #expect(SmallFile.contents(of: directory.path) == nil)
    #expect(errno == EISDIR)
    #expect(SmallFile.contents(of: directory.appendingPathComponent("missing").path) == nil)
    #expect(errno == ENOENT)
  }

  /// `Lock` keeps increments from four threads (`DetachedThread`) whole, and `Condition`
  /// wakes the waiter once all four are done.
  @Test func lockConditionAndThreadsAgree() {
    final class Shared: @unchecked Sendable {
      let lock = Lock()
      let done = Condition()
      var count = 0
      var finished = 0
    }
    let shared = Shared()
    let threads = 4
    let increments = 20_000
    for _ in 0..<threads {
      DetachedThread.start(stackSize: 1 << 20) {
        for _ in 0..<increments {
          shared.lock.lock()
          shared.count += 1
          shared.lock.unlock()
        }
        shared.done.lock()
        shared.finished += 1
        shared.done.broadcast()
        shared.done.unlock()
      }
    }
    shared.done.lock()
    while shared.finished < threads { shared.done.wait() }
    shared.done.unlock()
    shared.lock.lock()
    #expect(shared.count == threads * increments)
    shared.lock.unlock()
  }
}

extension FoundationStandInTests {
  /// Counts below zero, a negative span or a depth of 0 are no report's: `compare` took
  /// `"records": -5` and wrote "-0.50 a minute" (issue 42, row 22).
  @Test func savedReportsWithImpossibleNumbersAreRefused() throws {
    let good = SavedReportSchemaTests.saved()
    #expect(try RunProfile(savedReport: Data(good.utf8), source: "r.json").records == 5)
    typealias T = SavedReportSchemaTests
    for (broken, message) in [
      (T.saved(records: "-5"), "'records' is negative"),
      (T.saved(lines: "-1"), "'lines' is negative"),
      (T.saved(span: "-60"), "'timeSpanSeconds' is negative"),
      (T.saved(depth: "0"), "'depth' is below 1"),
      (T.saved(actionRecords: "-2"), "'records' of actions row 'a' is negative"),
      (T.saved(changes: "-1"), "'changes' of statePaths row 's' is negative"),
    ] {
      do {
        _ = try RunProfile(savedReport: Data(broken.utf8), source: "r.json")
        Issue.record("accepted: \(broken)")
      } catch let error as SavedReportError {
        #expect(error.description == "r.json: not a valid report of 'tcalog report --format json': \(message)")
      }
    }
  }
}
