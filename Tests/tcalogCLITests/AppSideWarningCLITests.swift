import Foundation
import Testing

/// A filter repository is read by tcalog (PCRE2) and by the app (TCALogFilter's
/// NSRegularExpression): the binary warns on standard error, per entry, when a pattern is
/// outside what both read alike, and says nothing of one that is inside.
struct AppSideWarningCLITests {
  static let log = "Samples/browser-session.log"

  static func repository(_ text: String, in dir: URL) throws -> String {
    let path = dir.appendingPathComponent(".tcalog-filters").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aPCRE2OnlyPatternIsWarnedOfAndAPlainOneIsNot() throws {
    let dir = try CompareCheckCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // `\K` and a branch reset are PCRE2's own; the lookbehind and the class are read alike.
    let outside = try Self.repository(
      "ticks = ^timerTicked$\nmouse = ^windows\\.window\\.\\KmouseMoved$\nhover = (?|tabs\\.tab\\.hoverChanged|x)\n",
      in: dir)
    for command in [["report"], ["suggest"]] {
      let run = runInProcess(command + ["--filters", outside, Self.log])
      #expect(run.status == 0, "\(command): \(run.stderr)")
      let warnings = run.stderr.split(separator: "\n").filter { $0.contains("in the app will not read it alike") }
      #expect(
        warnings == [
          "tcalog: warning: \(outside):2: 'mouse' uses \\K (PCRE2's match-start reset): TCALogFilter (NSRegularExpression) in the app will not read it alike",
          "tcalog: warning: \(outside):3: 'hover' uses (?| (PCRE2's branch reset): TCALogFilter (NSRegularExpression) in the app will not read it alike",
        ], "\(command): \(run.stderr)")
    }
    let plain = try Self.repository(
      "ticks = ^timerTicked$\nmouse = (?<=window\\.)mouseMoved$\nhover = ^windows\\.window\\.tabs\\.tab\\.[a-z]+Changed\n",
      in: dir)
    for command in [["report"], ["suggest"]] {
      let run = runInProcess(command + ["--filters", plain, Self.log])
      #expect(run.status == 0, "\(command): \(run.stderr)")
      #expect(!run.stderr.contains("will not read it alike"), "\(command): \(run.stderr)")
      #expect(!run.stderr.contains("warning"), "\(command): \(run.stderr)")
    }
  }
}
