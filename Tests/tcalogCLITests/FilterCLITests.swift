import Foundation
import Testing

/// `tcalog filter` end to end: the built binary, spawned, with small logs in temp files.
/// A class, so that each test's folder is removed when the test ends (`deinit`).
@Suite final class FilterCLITests {
  static let log = """
    received action:
      App.Action.windows(.window(id: #1, action: .hover(.entered)))
      (No state changes)

    received action:
      App.Action.windows(.window(id: #1, action: .mouseMoved(x: 3)))
      App.State(
    -   mouseX: 2
    +   mouseX: 3
      )

    received action: App.Action.timerTicked
    received action: App.Action.sidebar(.itemTapped)

    """

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    var firstErrorLine: String { String(stderr.split(separator: "\n").first ?? "") }
  }

  static var binary: URL? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("tcalog"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("tcalog"),
      root.appendingPathComponent(".build/debug/tcalog"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  let dir: URL
  let logPath: String

  init() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-filter-cli-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    logPath = dir.appendingPathComponent("app.log").path
    try Self.log.write(toFile: logPath, atomically: true, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(at: dir) }

  func file(_ name: String, _ text: String) throws -> String {
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func tcalog(_ arguments: [String]) throws -> Run {
    let binary = try #require(Self.binary, "tcalog binary not found next to the tests or in .build/debug")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting, so a large output cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  @Test func selectionExitsZeroAndPrintsTheRecordsAsTheyWere() throws {
    let run = try tcalog(["filter", "-a", "hover", logPath])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "received action:\n  App.Action.windows(.window(id: #1, action: .hover(.entered)))\n  (No state changes)\n\n"
    )
    #expect(run.stderr == "")
    let all = try tcalog(["filter", logPath])
    #expect(all.status == 0 && all.stdout == Self.log)
  }

  @Test func onelineAndNDJSON() throws {
    let oneline = try tcalog(["filter", "--format", "oneline", "-x", "hover", logPath])
    #expect(
      oneline.stdout
        == "\(logPath):5: #1 windows.window.mouseMoved  mouseX\n\(logPath):12: #2 timerTicked\n\(logPath):13: #3 sidebar.itemTapped\n"
    )
    let ndjson = try tcalog(["filter", "--format", "ndjson", "--unchanged", logPath])
    #expect(ndjson.stdout.hasPrefix(#"{"index":0,"#) && ndjson.stdout.split(separator: "\n").count == 1)
  }

  @Test func nothingSelectedExitsOne() throws {
    let run = try tcalog(["filter", "-a", "^nothing$", logPath])
    #expect(run.status == 1)
    #expect(run.stdout == "" && run.stderr == "")
  }

  @Test func countPrintsTheNumber() throws {
    let none = try tcalog(["filter", "-c", "-a", "^App", logPath])  // action paths leave the root type out
    #expect(none.status == 1 && none.stdout == "0\n")
    let run = try tcalog(["filter", "-c", "-a", "window", "-a", "Tick", logPath])
    #expect(run.status == 0 && run.stdout == "3\n")
    #expect(try tcalog(["filter", "-c", "-v", "-a", "window", logPath]).stdout == "2\n")
    #expect(try tcalog(["filter", "-c", "-i", "-F", "-s", "MOUSEX", logPath]).stdout == "1\n")
  }

  @Test func badPatternExitsTwoWithTheMessage() throws {
    let run = try tcalog(["filter", "-a", "windows(hover", logPath])
    #expect(run.status == 2)
    #expect(
      run.firstErrorLine == "tcalog: error: invalid pattern 'windows(hover' at offset 13: missing closing parenthesis")
    #expect(run.stdout == "")
  }

  @Test func missingFileExitsTwoButOtherFilesAreRead() throws {
    let missing = dir.appendingPathComponent("missing.log").path
    let run = try tcalog(["filter", "--format", "oneline", "-a", "Tapped", missing, logPath])
    #expect(run.status == 2)
    #expect(run.firstErrorLine.hasPrefix("tcalog: error: \(missing)"))
    // Two files named: the file name leads, as with grep.
    #expect(run.stdout == "\(logPath):13: #3 sidebar.itemTapped\n")
  }

  @Test func filterFilesSelectAndExclude() throws {
    let filters = try file("team.filters", "# noise\nhover = ^windows\\.window\\.hover\nticks = Ticked$\n")
    let only = try tcalog(["filter", "-c", "--filters", filters, "--only", "ticks", "--only", "hover", logPath])
    #expect(only.status == 0 && only.stdout == "2\n")
    let excluded = try tcalog(["filter", "--format", "oneline", "--exclude-filters", filters, logPath])
    #expect(
      excluded.stdout == "\(logPath):5: #1 windows.window.mouseMoved  mouseX\n\(logPath):13: #3 sidebar.itemTapped\n")
    let unknown = try tcalog(["filter", "--filters", filters, "--only", "nope", logPath])
    #expect(unknown.status == 2 && unknown.firstErrorLine.contains("nope"))
    // --filters alone selected nothing and dropped nothing, silently: a usage error now.
    let alone = try tcalog(["filter", "-c", "--filters", filters, logPath])
    #expect(alone.status == 2 && alone.stdout == "")
    #expect(alone.firstErrorLine.hasPrefix("tcalog: error: --filters needs --only NAME"), "\(alone.firstErrorLine)")
  }

  @Test func badFilterFileLineExitsTwo() throws {
    let filters = try file("bad.filters", "hover = hover\n\nthis line has no equals sign\nx = (\n")
    let run = try tcalog(["filter", "--exclude-filters", filters, logPath])
    #expect(run.status == 2)
    #expect(run.firstErrorLine == "tcalog: error: \(filters):3: expected 'name = pattern'")
    #expect(run.stderr.contains("\(filters):4: invalid pattern '(' at offset 1: missing closing parenthesis"))
    #expect(run.stdout == "")
  }

  @Test func contextMaxCountAndColor() throws {
    let run = try tcalog(["filter", "--format", "oneline", "-a", "hover|sidebar", "-B", "1", logPath])
    #expect(
      run.stdout
        == "\(logPath):1: #0 windows.window.hover.entered  (no state changes)\n--\n\(logPath)-12- #2 timerTicked\n\(logPath):13: #3 sidebar.itemTapped\n"
    )
    let first = try tcalog(["filter", "--format", "oneline", "-m", "1", "-a", "window", logPath])
    #expect(first.stdout == "\(logPath):1: #0 windows.window.hover.entered  (no state changes)\n")
    let colored = try tcalog(["filter", "--format", "oneline", "--color", "always", "-a", "hover", logPath])
    #expect(colored.stdout.contains("\u{1B}[01;31mhover\u{1B}[0m"))
    // Not a terminal: auto means no colour.
    #expect(!(try tcalog(["filter", "--format", "oneline", "-a", "hover", logPath]).stdout.contains("\u{1B}")))
  }

  /// U+2028 and U+2029 (a terminal may break the line there), bidi overrides and a lone CR
  /// (a line overwriting itself) are escaped in oneline and raw output with colour, as the
  /// report escapes them; into a pipe without colour, raw output is the input's bytes.
  @Test func lineSeparatorsBidiAndALoneCRAreEscapedForTheTerminal() throws {
    let text = """
      received action:
        App.Action.tick
        App.State(
      -   a\u{2028}b: 1,
      +   a\u{2028}b: 2,
      -   c\u{2029}d\u{202E}e: 1,
      +   c\u{2029}d\u{202E}e: 2,
      -   fake\rreal: 1
      +   fake\rreal: 2
        )

      """
    let log = try file("separators.log", text)
    let oneline = try tcalog(["filter", "--format", "oneline", "--color", "always", "-a", "tick", log])
    #expect(oneline.status == 0)
    #expect(oneline.stdout.contains(#"a\u{2028}"#) && oneline.stdout.contains(#"c\u{2029}d\u{202e}e"#))
    #expect(oneline.stdout.contains(#"fake\rreal"#))
    let raw = try tcalog(["filter", "--color", "always", "-a", "tick", log])
    #expect(raw.stdout.contains(#"a\u{2028}b: 1"#) && raw.stdout.contains(#"fake\rreal: 2"#))
    for output in [oneline.stdout, raw.stdout] {
      #expect(!output.unicodeScalars.contains { [0x0D, 0x2028, 0x2029, 0x202E].contains($0.value) }, "\(output)")
    }
    #expect(try tcalog(["filter", log]).stdout == text)
  }

  @Test func usageErrorsExitTwo() throws {
    let run = try tcalog(["filter", "--changed", "--unchanged", logPath])
    #expect(run.status == 2)
    #expect(run.firstErrorLine.hasPrefix("tcalog: error:"))
    #expect(try tcalog(["filter", "--only", "x", logPath]).status == 2)
  }

  /// Several files: oneline lines start with the file name, as grep -H; ndjson marks
  /// context records.
  @Test func onelineNamesTheFileAndNdjsonMarksContext() throws {
    let files = ["Samples/todos-tca1.log", "Samples/todos-tca0.log"]
    let two = String(decoding: runInProcess(["filter", "--format", "oneline"] + files).stdout, as: UTF8.self)
    let lines = two.split(separator: "\n")
    #expect(lines.count == 25)
    #expect(lines.prefix(17).allSatisfy { $0.hasPrefix("Samples/todos-tca1.log:") })
    #expect(lines.dropFirst(17).allSatisfy { $0.hasPrefix("Samples/todos-tca0.log:") })
    let bare = String(
      decoding: runInProcess(["filter", "--format", "oneline", "--no-filename"] + files).stdout, as: UTF8.self)
    #expect(bare.split(separator: "\n").first?.hasPrefix("1: #0 ") == true)
    let one = String(
      decoding: runInProcess(["filter", "-H", "-x", ".", "-v", "-m", "1", "--format", "oneline", files[0]]).stdout,
      as: UTF8.self)
    #expect(one.hasPrefix("Samples/todos-tca1.log:1: #0 "))
    let context = runInProcess([
      "filter", "-a", "^sync", "-B", "1", "--format", "ndjson", "Samples/browser-session.log",
    ])
    let objects = String(decoding: context.stdout, as: UTF8.self).split(separator: "\n")
    try #require(objects.count >= 2)
    #expect(objects[0].hasSuffix(#","context":true}"#))
    #expect(!objects[1].contains(#""context""#))
    #expect(try JSONSerialization.jsonObject(with: Data(objects[0].utf8)) is [String: Any])
  }
}
