import Foundation
import Testing

/// Keep lines in a filter repository, as `suggest`, `report --filters` and `filter
/// --exclude-filters` read them on the flagship sample.
@Suite struct KeepLinesCLITests {
  static let sample = "Samples/browser-session.log"

  /// A repository file with `text`, in a folder of its own.
  static func repository(_ text: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-keep-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent("filters").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func json(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The action path of every record of the sample.
  static func recordPaths() throws -> [String] {
    let run = runInProcess(["records", "--format", "ndjson", sample])
    try #require(run.status == 0)
    return try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return try #require((object["action"] as? [String: Any])?["path"] as? String)
    }
  }

  /// What a keep line covers is never suggested, whatever the log says of it; the footer
  /// says so, and `--append` leaves it out.
  @Test func suggestNeverProposesWhatAKeepLineKeeps() throws {
    let filters = try Self.repository("keep hover = ^windows\\.window\\.tabs\\.tab\\.hoverChanged$\n")
    defer { try? FileManager.default.removeItem(atPath: (filters as NSString).deletingLastPathComponent) }
    // Without the keep line it is noise, suggested.
    let plain = try Self.json(runInProcess(["suggest", "--format", "json", Self.sample]).stdout)
    let plainNames = try #require(plain["suggestions"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    try #require(plainNames.contains("windowsWindowTabsTabHoverChanged"))

    let run = runInProcess(["suggest", "--format", "json", "--filters", filters, Self.sample])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try Self.json(run.stdout)
    let names = try #require(object["suggestions"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    #expect(names == plainNames.filter { $0 != "windowsWindowTabsTabHoverChanged" })
    let actions = try #require(object["actions"] as? [[String: Any]])
    let hover = try #require(actions.first { $0["path"] as? String == "windows.window.tabs.tab.hoverChanged" })
    #expect(hover["suggested"] as? Bool == false)
    let kept = try #require(object["kept"] as? [[String: Any]])
    let keptHover = try #require(kept.first { $0["path"] as? String == "windows.window.tabs.tab.hoverChanged" })
    #expect(keptHover["reason"] as? String == "keep-line" && keptHover["detail"] as? String == "hover")

    let swift = runInProcess(["suggest", "--filters", filters, Self.sample])
    let text = String(decoding: swift.stdout, as: UTF8.self)
    #expect(
      text.contains(
        "// 1 action kept by your repository's keep lines (never suggested):\n"
          + "//   `windows.window.tabs.tab.hoverChanged`: 264 records, 31.8 % of lines: keep line `hover`\n"))
    #expect(!text.contains("static var windowsWindowTabsTabHoverChanged"))

    let append = runInProcess(["suggest", "--filters", filters, "--append", Self.sample])
    #expect(append.status == 0, "\(append.stderr)")
    let written = try String(contentsOfFile: filters, encoding: .utf8)
    #expect(
      written.hasPrefix("keep hover = ^windows\\.window\\.tabs\\.tab\\.hoverChanged$\n# added by tcalog suggest\n"))
    #expect(!written.contains("windowsWindowTabsTabHoverChanged"))
    for name in names { #expect(written.contains("\n\(name) = "), "\(name)") }
  }

  /// A keep line inside a broader entry wins in every command, and `report` and `suggest`
  /// warn that the two overlap.
  @Test func aKeepLineWinsOverABroaderEntry() throws {
    let filters = try Self.repository("windows = ^windows\\.\nkeep selectTab = ^windows\\.window\\.selectTab$\n")
    defer { try? FileManager.default.removeItem(atPath: (filters as NSString).deletingLastPathComponent) }
    let warning =
      "tcalog: warning: \(filters):2: keep line 'selectTab' keeps windows.window.selectTab, which 'windows' (line 1) would silence: kept\n"

    let report = runInProcess([
      "report", "--format", "json", "--depth", "9", "--top", "100", "--filters", filters, Self.sample,
    ])
    #expect(report.status == 0)
    #expect(report.stderr == warning)
    let rows = try #require(try Self.json(report.stdout)["actions"] as? [[String: Any]])
    func silencedBy(_ path: String) -> [String]? {
      rows.first { $0["path"] as? String == path }?["silencedBy"] as? [String]
    }
    #expect(silencedBy("windows.window.selectTab") == [])
    #expect(silencedBy("windows.window.mouseMoved") == ["windows"])
    #expect(silencedBy("timerTicked") == [])

    let suggest = runInProcess(["suggest", "--format", "json", "--filters", filters, Self.sample])
    #expect(suggest.stderr == warning)
    let kept = try #require(try Self.json(suggest.stdout)["kept"] as? [[String: Any]])
    #expect(kept.first { $0["path"] as? String == "windows.window.selectTab" }?["reason"] as? String == "keep-line")
    #expect(kept.first { $0["path"] as? String == "windows.window.mouseMoved" }?["reason"] as? String == "silenced")

    // `filter --exclude-filters` drops every `windows.*` record but the kept ones.
    let paths = try Self.recordPaths()
    let expected = paths.filter { !$0.hasPrefix("windows.") || $0 == "windows.window.selectTab" }.count
    try #require(expected > 0 && paths.contains("windows.window.selectTab"))
    let count = runInProcess(["filter", "-c", "--exclude-filters", filters, Self.sample])
    #expect(String(decoding: count.stdout, as: UTF8.self) == "\(expected)\n")
    // The command line's --exclude is not overruled.
    let excluded = runInProcess(["filter", "-c", "--exclude-filters", filters, "--exclude", "selectTab", Self.sample])
    #expect(
      String(decoding: excluded.stdout, as: UTF8.self)
        == "\(expected - paths.filter { $0 == "windows.window.selectTab" }.count)\n")
  }
}
