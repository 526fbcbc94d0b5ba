import Foundation
import Testing

/// The DuckDB recipe of docs/ANALYTICS.md, run on the records of a sample, gives the numbers
/// that `tcalog report --format json` prints for it. The SQL is read from the document
/// (between its `<!-- sql:NAME -->` markers), so the recipe and this test cannot drift apart.
struct AnalyticsCLITests {
  static let sample = "Samples/browser-session.log"

  /// Whether `python3` can import the `duckdb` package (`.ci/run` installs it).
  static let duckdbImportable: Bool = {
    guard let result = try? runPython(["-c", "import duckdb"], in: FileManager.default.temporaryDirectory) else {
      return false
    }
    return result.status == 0
  }()

  /// Runs `python3 args` in `directory`; standard error through a file, so a large one
  /// cannot block the child.
  static func runPython(_ args: [String], in directory: URL) throws -> (status: Int32, stdout: Data, stderr: String) {
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-analytics-\(getpid())-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errURL) }
    let err = try FileHandle(forWritingTo: errURL)
    let out = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + args
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try err.close()
    let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
    return (process.terminationStatus, stdout, stderr)
  }

  /// The text of the ```sql block that follows `<!-- sql:NAME -->` in `document` (a block
  /// indented in a list item ends at a fence of the same indentation).
  static func sqlBlock(_ name: String, in document: String) -> String? {
    guard let marker = document.range(of: "<!-- sql:\(name) -->"),
      let open = document.range(of: "```sql\n", range: marker.upperBound..<document.endIndex),
      document[marker.upperBound..<open.lowerBound].allSatisfy(\.isWhitespace)
    else { return nil }
    let indent =
      document[marker.upperBound..<open.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
      .last ?? ""
    guard let close = document.range(of: "\n" + indent + "```", range: open.upperBound..<document.endIndex)
    else { return nil }
    return String(document[open.upperBound..<close.lowerBound])
  }

  /// Runs the load statement, then each named query; prints `{name: [{column: value}]}`.
  static let runner = """
    import duckdb, json, sys
    con = duckdb.connect()
    con.execute(sys.argv[1])
    out = {}
    for name, sql in zip(sys.argv[2::2], sys.argv[3::2]):
        cursor = con.execute(sql)
        columns = [d[0] for d in cursor.description]
        out[name] = [dict(zip(columns, row)) for row in cursor.fetchall()]
    print(json.dumps(out, default=str))
    """

  struct Report: Decodable {
    struct Action: Decodable {
      var path: String
      var group: Bool
      var records: Int
      var lines: Int
      var noOpRecords: Int
    }
    struct TopAction: Decodable {
      var action: String
      var changes: Int
    }
    struct StatePath: Decodable {
      var path: String
      var changes: Int
      var distinctPaths: Int
      var topActions: [TopAction]
    }
    var completeRecords: Int
    var noOpRecords: Int
    var noOpShare: Double
    var actions: [Action]
    var statePaths: [StatePath]
  }

  struct DuckDBResult: Decodable {
    struct Action: Decodable, Equatable {
      var action: String
      var records: Int
      var lines: Int
      var no_op_records: Int
    }
    struct NoOpShare: Decodable {
      var complete_records: Int
      var no_op_records: Int
      var no_op_share: Double
    }
    struct StatePath: Decodable, Equatable {
      var state_path: String
      var changes: Int
      var distinct_paths: Int
    }
    struct StatePathAction: Decodable {
      var state_path: String
      var action: String
      var changes: Int
    }
    var actions: [Action]
    var noOpShare: [NoOpShare]
    var statePaths: [StatePath]
    var statePathActions: [StatePathAction]
  }

  @Test(.enabled(if: duckdbImportable, "the duckdb Python package is absent: pip install duckdb"))
  func duckDBRecipeGivesTheNumbersOfReport() throws {
    let document = try String(contentsOf: packageRoot.appendingPathComponent("docs/ANALYTICS.md"), encoding: .utf8)
    let names = ["load", "top-actions", "no-op-share", "state-paths", "state-path-actions"]
    var sql: [String: String] = [:]
    for name in names {
      let block = Self.sqlBlock(name, in: document)
      try #require(block != nil, "docs/ANALYTICS.md lacks the sql:\(name) block")
      sql[name] = block
    }
    // The recipe reads `records.ndjson` in the current directory.
    #expect(sql["load"]!.contains("read_ndjson_auto('records.ndjson')"))

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-analytics-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let records = runInProcess(["records", Self.sample])
    try #require(records.status == 0, "tcalog records failed: \(records.stderr)")
    try records.stdout.write(to: directory.appendingPathComponent("records.ndjson"))

    let queries: [(String, String)] = [
      ("actions", "top-actions"), ("noOpShare", "no-op-share"), ("statePaths", "state-paths"),
      ("statePathActions", "state-path-actions"),
    ]
    let duck = try Self.runPython(
      ["-c", Self.runner, sql["load"]!] + queries.flatMap { [$0.0, sql[$0.1]!] }, in: directory)
    try #require(duck.status == 0, "the DuckDB recipe failed: \(duck.stderr)")
    let result = try JSONDecoder().decode(DuckDBResult.self, from: duck.stdout)

    let reportRun = runInProcess(["report", "--format", "json", "--depth", "99", "--top", "1000", Self.sample])
    try #require(reportRun.status == 0, "tcalog report failed: \(reportRun.stderr)")
    let report = try JSONDecoder().decode(Report.self, from: reportRun.stdout)
    try #require(
      !report.actions.isEmpty && !report.statePaths.isEmpty, "the sample should give actions and state paths")

    // Per action: records, lines, no-op records, in report's order.
    let groups = report.actions.filter(\.group).map(\.path)
    #expect(groups.isEmpty, "--depth 99 should show every action path as it is")
    #expect(
      result.actions
        == report.actions.map {
          DuckDBResult.Action(action: $0.path, records: $0.records, lines: $0.lines, no_op_records: $0.noOpRecords)
        })

    // The whole log's no-op share.
    let share = try #require(result.noOpShare.first)
    #expect(share.complete_records == report.completeRecords)
    #expect(share.no_op_records == report.noOpRecords)
    #expect(abs(share.no_op_share - report.noOpShare) < 1e-6)

    // Per normalized state path: changes and distinct raw paths, in report's order.
    #expect(
      result.statePaths
        == report.statePaths.map {
          DuckDBResult.StatePath(state_path: $0.path, changes: $0.changes, distinct_paths: $0.distinctPaths)
        })

    // The actions that change each state path: report's top three are DuckDB's first rows
    // (the order of actions with equal counts aside).
    for row in report.statePaths {
      let rows = result.statePathActions.filter { $0.state_path == row.path }
      #expect(rows.map(\.changes).reduce(0, +) == row.changes, "\(row.path)")
      let top = rows.prefix(row.topActions.count)
      #expect(top.map(\.changes) == row.topActions.map(\.changes), "\(row.path)")
      for action in row.topActions {
        let found = rows.contains { $0.action == action.action && $0.changes == action.changes }
        #expect(found, "\(row.path): \(action.action) \(action.changes)")
      }
    }
  }

  /// The "Many logs" query on runs written as the document says, the jq step's `run` column
  /// included: it failed with `Binder Error: column "filename" must appear in the GROUP BY`.
  @Test(.enabled(if: duckdbImportable, "the duckdb Python package is absent: pip install duckdb"))
  func manyLogsQueryRunsOnRunsWithARunColumn() throws {
    let document = try String(contentsOf: packageRoot.appendingPathComponent("docs/ANALYTICS.md"), encoding: .utf8)
    let query = try #require(Self.sqlBlock("many-logs", in: document), "docs/ANALYTICS.md lacks sql:many-logs")
      .split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-analytics-\(getpid())-\(UUID().uuidString)")
    let runs = directory.appendingPathComponent("runs")
    try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let records = runInProcess(["records", Self.sample])
    try #require(records.status == 0, "tcalog records failed: \(records.stderr)")
    // `jq -c --arg run … '. + {run: $run}' | gzip`, in Python (no jq needed).
    let writer = """
      import gzip, json, sys
      for run in ("job1", "job2"):
          with gzip.open(f"runs/{run}.ndjson.gz", "wt") as out:
              for line in open("records.ndjson"):
                  out.write(json.dumps({**json.loads(line), "run": run}) + "\\n")
      """
    try records.stdout.write(to: directory.appendingPathComponent("records.ndjson"))
    let written = try Self.runPython(["-c", writer], in: directory)
    try #require(written.status == 0, "\(written.stderr)")
    let duck = try Self.runPython(["-c", Self.runner, "SELECT 1", "runs", query], in: directory)
    #expect(duck.status == 0, "the many-logs query failed: \(duck.stderr)")
    let rows = try JSONSerialization.jsonObject(with: duck.stdout) as? [String: [[String: Any]]]
    #expect(rows?["runs"]?.compactMap { $0["run_file"] as? String } == ["job1", "job2"])
  }
}
