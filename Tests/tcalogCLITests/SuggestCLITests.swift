import Foundation
import Testing

/// `tcalog suggest` on the bundled samples, as a user runs it.
@Suite struct SuggestCLITests {
  static let flagship = "Samples/browser-session.log"

  static func json(_ arguments: [String]) throws -> [String: Any] {
    let result = runInProcessText(["suggest", "--format", "json"] + arguments)
    try #require(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The flagship sample: the pointer, hover and timer noise is silenced; the user's own
  /// taps (new tab, select tab, close tab, fold a list) never are.
  @Test func theFlagshipKeepsTheUsersTaps() throws {
    let object = try Self.json([Self.flagship])
    let actions = try #require(object["actions"] as? [[String: Any]])
    func suggested(_ path: String) -> Bool? { actions.first { $0["path"] as? String == path }?["suggested"] as? Bool }
    for tap in [
      "windows.window.newTabButtonTapped", "windows.window.selectTab", "windows.window.tabs.tab.closeButtonTapped",
      "windows.window.toggleListCollapsedState",
    ] {
      #expect(suggested(tap) == false, "\(tap) must not be silenced")
    }
    for noise in ["windows.window.mouseMoved", "windows.window.tabs.tab.hoverChanged", "timerTicked"] {
      #expect(suggested(noise) == true, "\(noise) should be silenced")
    }
    // Every classified path carries its class and the evidence behind it.
    for a in actions {
      #expect(["noise", "signal", "ambiguous"].contains(a["class"] as? String ?? ""))
      #expect((a["reasons"] as? [String])?.isEmpty == false)
    }
    let swift = runInProcessText(["suggest", Self.flagship])
    #expect(swift.stdout.contains("static var windowsWindowMouseMoved: Self {"))
    #expect(!swift.stdout.contains("\n  static var windowsWindowSelectTab"))
    #expect(swift.stdout.contains(".debugDiffing(allowedActions: .allExcept("))
  }

  /// `report --format json` marks each row with the class `suggest` uses.
  @Test func reportShowsTheSameClasses() throws {
    let report = runInProcessText(["report", "--format", "json", "--depth", "9", "--top", "100", Self.flagship])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let rows = try #require(object["actions"] as? [[String: Any]])
    let classified = try #require(try Self.json([Self.flagship])["actions"] as? [[String: Any]])
    #expect(!rows.isEmpty)
    for row in rows {
      let path = try #require(row["path"] as? String)
      let reported = try #require(row["class"] as? String, "\(path) has no class")
      #expect(reported == classified.first { $0["path"] as? String == path }?["class"] as? String, "\(path)")
    }
  }

  /// `--append` writes the active entries as `name = pattern` lines, and a second run finds
  /// nothing new to add.
  @Test func appendWritesTheActiveEntriesOnce() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-suggest-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let filters = dir.appendingPathComponent("noise.filters").path
    let first = runInProcessText(["suggest", "--filters", filters, "--append", Self.flagship])
    #expect(first.status == 0, "\(first.stderr)")
    let written = try String(contentsOfFile: filters, encoding: .utf8)
    let active = try #require(try Self.json([Self.flagship])["suggestions"] as? [[String: Any]])
    try #require(!active.isEmpty, "the flagship sample should give suggestions to append")
    for entry in active {
      #expect(written.contains("\(entry["name"] as? String ?? "?") = \(entry["regex"] as? String ?? "?")"))
    }
    #expect(!written.contains("SelectTab"))
    let second = runInProcessText(["suggest", "--filters", filters, "--append", Self.flagship])
    #expect(second.stderr.contains("appended no new entries"))
    #expect(second.stdout.contains("already silenced by"))
  }

  @Test func aShortLogSaysTheEvidenceIsThin() throws {
    let result = runInProcessText(["suggest", "Samples/todos-tca1.log"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("too short to tell noise from signal"))
    #expect(!result.stdout.contains("\n  static var "))
  }

  @Test func targetIsAFloorThatSaysWhyItWasMissed() throws {
    let result = runInProcessText(["suggest", "--target", "95%", Self.flagship])
    #expect(result.stdout.contains("--target 95.0 % not reached"))
    #expect(result.stdout.contains("which suggest never silences"))
  }

  /// The preview command in the footer can be pasted: every file one shell word, quoted
  /// when it holds a space or a quote.
  @Test func previewCommandQuotesFileNames() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-preview-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let spaced = dir.appendingPathComponent("my app's log.log").path
    try FileManager.default.copyItem(atPath: Binary.root.appendingPathComponent(Self.flagship).path, toPath: spaced)
    let result = runInProcessText(["suggest", spaced, Self.flagship])
    #expect(result.status == 0)
    let preview = try #require(
      result.stdout.split(separator: "\n").first { $0.hasPrefix("//   tcalog filter --exclude") })
    #expect(
      preview.hasSuffix(" '\(spaced.replacingOccurrences(of: "'", with: "'\\''"))' \(Self.flagship)"), "\(preview)")
  }
}
