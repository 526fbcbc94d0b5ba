import Foundation
import Testing

/// Spawns the built `tcalog` binary for what only a real process shows.
enum Binary {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static var path: String {
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("tcalog").path,
      root.appendingPathComponent(".build/debug/tcalog").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
  }

  static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try #require(
      FileManager.default.isExecutableFile(atPath: path), "tcalog binary not found at \(path): run swift build")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
  }
}

let sampleLog = String(
  repeating: """
    received action:
      AppAction.windows(.window(windowID: 1, action: .mouseMoved(x: 1)))
      AppState(
    -   x: 1
    +   x: 2
      )

    received action:
      AppAction.timerTicked
      (No state changes)

    """, count: 10)

/// A class, so that each test's sample is removed when the test ends (`deinit`).
@Suite final class ReportCLITests {
  let samplePath = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tcalog-cli-\(getpid())-\(UUID().uuidString).log"
  ).path

  deinit { try? FileManager.default.removeItem(atPath: samplePath) }

  func writeSample() throws -> String {
    try sampleLog.write(toFile: samplePath, atomically: true, encoding: .utf8)
    return samplePath
  }

  @Test func bareFileRunsTheReport() throws {
    let file = try writeSample()
    let bare = runInProcessText([file])
    let explicit = runInProcessText(["report", file])
    #expect(bare.status == 0)
    #expect(bare.stdout == explicit.stdout)
    #expect(bare.stdout.contains("Noisiest actions"))
    #expect(bare.stdout.contains("windows.window.mouseMoved"))
    #expect(!bare.stdout.contains("\u{1B}["))  // a pipe is not a terminal: no colour
    #expect(bare.stdout.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 80 })
  }

  @Test func standardInputAndColorAlways() throws {
    let result = runInProcessText(["--color", "always"], stdin: sampleLog)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\u{1B}[1m"))
  }

  @Test func jsonAndCSVFormats() throws {
    let file = try writeSample()
    let json = runInProcessText(["report", "--format", "json", file])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["completeRecords"] as? Int == 20)
    let csv = runInProcessText(["report", "--format", "csv", "--depth", "1", file])
    #expect(csv.stdout.hasPrefix("table,path,"))
  }

  @Test func suggestWritesSwiftAndJSON() throws {
    let file = try writeSample()
    let swift = runInProcessText(["suggest", "--target", "0.5", file])
    #expect(swift.status == 0)
    #expect(swift.stdout.contains("extension ActionFilter where Action == AppAction {"))
    #expect(swift.stdout.contains("if case .windows(.window(_, action: .mouseMoved)) = action"))
    let json = runInProcessText(["suggest", "--format", "json", file])
    #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
  }

  @Test func exitStatuses() throws {
    #expect(runInProcessText(["report", "/nonexistent/file.log"]).status == 2)
    #expect(runInProcessText(["report", "--by", "nonsense"]).status == 2)
    #expect(runInProcessText(["suggest", "--target", "2x"]).status == 2)
  }

  /// `--by noop --top 3` shows the three actions with the most no-op records (the tree
  /// order showed windows.window.* and its busiest children, hiding mouseMoved and
  /// timerTicked); `--by count` ranks by records the same way.
  @Test func rankingByNoOpsOrCountKeepsTheBiggest() throws {
    func rows(_ by: String) -> [String] {
      let run = runInProcess(["report", "--by", by, "--top", "3", "--format", "csv", "Samples/browser-session.log"])
      return String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        .filter { $0.hasPrefix("action,") }.map { String($0.split(separator: ",")[1]) }
    }
    #expect(rows("noop") == ["windows.window.tabs.tab.hoverChanged", "windows.window.mouseMoved", "timerTicked"])
    #expect(rows("count") == ["windows.window.tabs.tab.hoverChanged", "windows.window.mouseMoved", "timerTicked"])
  }

  /// json and csv carry every row unless --top is given (they were cut to 15).
  @Test func machineFormatsCarryEveryRowUnlessTopIsGiven() throws {
    let log = (0..<40).map { "received action: AppAction.action\($0)\n" }.joined()
    func actionRows(_ arguments: [String]) -> Int {
      let run = runInProcess(["report"] + arguments, stdin: Data(log.utf8))
      let text = String(decoding: run.stdout, as: UTF8.self)
      return arguments.contains("csv")
        ? text.split(separator: "\n").filter { $0.hasPrefix("action,") }.count
        : text.components(separatedBy: "\"group\": ").count - 1
    }
    #expect(actionRows(["--format", "csv"]) == 40)
    #expect(actionRows(["--format", "json"]) == 40)
    #expect(actionRows(["--format", "csv", "--top", "15"]) == 15)
    #expect(actionRows(["--format", "json", "--top", "3"]) == 3)
    let text = String(decoding: runInProcess(["report"], stdin: Data(log.utf8)).stdout, as: UTF8.self)
    #expect(text.contains("… 25 more rows"))
  }

  @Test func aNegativeTopIsRefusedAsNotPositive() throws {
    let run = runInProcess(["report", "--top", "-3", "Samples/todos-tca1.log"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("tcalog: error: --top must be a positive number"), "\(run.stderr)")
  }

  /// One of a thing is singular: "1 record", "1 line", "1 other line", "1 more row".
  @Test func oneOfAThingIsSingular() throws {
    let log = "noise\nreceived action: A.Action.a\n" + (0..<16).map { "received action: A.Action.b\($0)\n" }.joined()
    let text = String(decoding: runInProcess(["report"], stdin: Data(log.utf8)).stdout, as: UTF8.self)
    #expect(text.contains("18 lines (1 other line), "))
    #expect(text.contains("  … 2 more rows (--top, --min-share)"))
    let one = String(decoding: runInProcess(["report", "--top", "16"], stdin: Data(log.utf8)).stdout, as: UTF8.self)
    #expect(one.contains("  … 1 more row (--top, --min-share)"))
    let single = String(
      decoding: runInProcess(["report"], stdin: Data("received action: A.Action.a\n".utf8)).stdout, as: UTF8.self)
    #expect(single.hasPrefix("1 record (1 complete, 0 incomplete), 0.0 % no-op\n1 line (0 other lines), 28 B\n"))
  }
}

/// Text reports fit the width they are given (`COLUMNS` when not a terminal), cut paths
/// only when they must, and never cut them in machine formats.
@Suite struct ReportWidthCLITests {
  @Test(arguments: [40, 50, 60, 80, 200])
  func noLineIsWiderThanColumns(_ columns: Int) throws {
    // timestamped.log has a bursts table; at 40 columns rows were 46 to 47 wide.
    for file in ["Samples/browser-session.log", "Samples/todos-tca1.log", "Samples/timestamped.log"] {
      let result = try Binary.run(["report", "--depth", "9", file], environment: ["COLUMNS": String(columns)])
      #expect(result.status == 0)
      #expect(result.stdout.contains(" records ("), "\(file): no report")
      for line in result.stdout.split(separator: "\n") {
        #expect(line.unicodeScalars.count <= columns, "\(line.unicodeScalars.count) > \(columns): \(line)")
      }
    }
  }

  /// `compare` fits its text the same way, its header (both inputs' names and figures)
  /// included. (`check` and `trace` fit only on a terminal: piped, their lines stay whole
  /// for grep and CI logs.)
  @Test(arguments: [60, 80, 200])
  func compareFitsColumns(_ columns: Int) throws {
    let result = try Binary.run(
      ["compare", "Samples/browser-session.log", "Samples/timestamped.log"], environment: ["COLUMNS": String(columns)])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("before  Samples/browser-session.log"))
    for line in result.stdout.split(separator: "\n") {
      #expect(line.unicodeScalars.count <= columns, "\(line.unicodeScalars.count) > \(columns): \(line)")
    }
  }

  @Test func wideTerminalsShowWholePaths() throws {
    let wide = try Binary.run(["report", "--depth", "9", "Samples/todos-tca1.log"], environment: ["COLUMNS": "200"])
    #expect(wide.stdout.contains("path.element.detail.destination.presented.edit.binding.set "))
    #expect(!wide.stdout.split(separator: "\n").contains { $0.contains("…") && !$0.contains("more row") })
    let narrow = try Binary.run(["report", "--depth", "9", "Samples/todos-tca1.log"], environment: ["COLUMNS": "60"])
    #expect(narrow.stdout.contains("…"))
    let json = try Binary.run(
      ["report", "--format", "json", "--depth", "9", "Samples/todos-tca1.log"], environment: ["COLUMNS": "40"])
    #expect(json.stdout.contains("\"path.element.detail.destination.presented.edit.binding.set\""))
  }
}

/// The live table is text: a machine format with --live or --follow is refused, not ignored.
@Suite struct LiveFormatCLITests {
  @Test(arguments: [["--live"], ["--follow"]])
  func liveRefusesMachineFormats(_ mode: [String]) throws {
    let result = runInProcessText(["report"] + mode + ["--format", "json", "Samples/messy.log"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("tcalog: error: --live and --follow redraw a text table"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
