import Foundation
import Testing

/// `check` on several files: they count together, as one run, and text and json also give
/// each rule's measure in each file alone, so that a broken rule names the file its records
/// came from.
struct CheckPerFileCLITests {
  static let timestamped = "Samples/timestamped.log"
  static let todos = "Samples/todos-tca1.log"

  static func json(_ arguments: [String]) throws -> [String: Any] {
    let run = runInProcess(arguments)
    return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], "\(run.stderr)")
  }

  @Test func eachRuleIsMeasuredInEachFileAlone() throws {
    let dir = try CompareCheckCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let budget = dir.appendingPathComponent("budget.txt").path
    // timestamped.log has 425 hoverChanged records and no todos; todos-tca1.log the reverse.
    try "hoverChanged <= 300\ntodos <= 1000\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let run = runInProcess(["check", "--budget", budget, Self.timestamped, Self.todos])
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(run.status == 1, "\(text)")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("file  \(Self.timestamped)  500 records, 1 of 2 rules broken in it alone"), "\(text)")
    #expect(lines.contains("file  \(Self.todos)  17 records, 0 of 2 rules broken in it alone"), "\(text)")
    let fail = try #require(lines.firstIndex { $0.hasPrefix("FAIL  \(budget):1  hoverChanged <= 300") }, "\(text)")
    #expect(
      lines[(fail + 1)...].prefix { $0.hasPrefix("      ") }.contains(
        "      per file: \(Self.timestamped) 425 records (broken alone), \(Self.todos) 0 records"), "\(text)")
    let ok = try #require(lines.first { $0.hasPrefix("ok    \(budget):2  todos <= 1000") }, "\(text)")
    #expect(ok.contains("per file: \(Self.timestamped) 0 records, \(Self.todos) "), "\(ok)")

    let json = try Self.json(["check", "--format", "json", "--budget", budget, Self.timestamped, Self.todos])
    let files = try #require(json["inputs"] as? [[String: Any]])
    #expect(files.map { $0["source"] as? String } == [Self.timestamped, Self.todos])
    #expect(files.map { $0["records"] as? Int } == [500, 17])
    #expect(files.map { $0["broken"] as? Int } == [1, 0])
    let rules = try #require(json["rules"] as? [[String: Any]])
    for rule in rules {
      // A count rule's records add up: the files' measures sum to the whole read's.
      let perFile = try #require(rule["inputs"] as? [[String: Any]])
      #expect(perFile.map { $0["source"] as? String } == [Self.timestamped, Self.todos])
      let measured = perFile.compactMap { $0["measured"] as? Double }
      #expect(measured.reduce(0, +) == rule["measured"] as? Double, "\(rule)")
    }
    let hover = try #require(rules.first?["inputs"] as? [[String: Any]])
    #expect(hover.map { $0["measured"] as? Double } == [425, 0])
    #expect(hover.map { $0["holds"] as? Bool } == [false, true])
    #expect(hover.first?["burst"] is [String: Any])
    #expect(hover.last?["burst"] is NSNull)

    // One file: json lists it, the whole read's numbers; text says nothing more.
    let one = try Self.json(["check", "--format", "json", "--budget", budget, Self.timestamped])
    #expect((one["inputs"] as? [[String: Any]])?.map { $0["records"] as? Int } == [500])
    let oneText = String(decoding: runInProcess(["check", "--budget", budget, Self.timestamped]).stdout, as: UTF8.self)
    #expect(!oneText.contains("per file") && !oneText.contains("\nfile  "), "\(oneText)")
  }

  /// A rule that two files break together but neither alone: the total fails, and the
  /// per-file lines show that the records add up rather than one file being to blame.
  @Test func aRuleBrokenOnlyByTheFilesTogether() throws {
    let dir = try CompareCheckCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let budget = dir.appendingPathComponent("budget.txt").path
    try "todos <= 1000\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let single = try Self.json(["check", "--format", "json", "--budget", budget, Self.todos])
    let records = try #require((single["rules"] as? [[String: Any]])?.first?["measured"] as? Double)
    #expect(records > 0)
    try "todos <= \(Int(records))\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let run = runInProcess(["check", "--budget", budget, Self.todos, Self.todos])
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(run.status == 1, "\(text)")
    #expect(text.contains("measured \(2 * Int(records)) records, limit \(Int(records)) records"), "\(text)")
    #expect(text.contains("per file: \(Self.todos) \(Int(records)) records, \(Self.todos) \(Int(records)) records\n"))
    #expect(text.components(separatedBy: "0 of 1 rule broken in it alone").count == 3, "\(text)")
  }

  /// A rate rule on a file without timestamps beside one with them: measured on the whole
  /// read, and not on that file alone.
  @Test func aRateRuleOnAFileWithoutTimestamps() throws {
    let dir = try CompareCheckCLITests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let budget = dir.appendingPathComponent("budget.txt").path
    try "hoverChanged <= 1000/s\n".write(toFile: budget, atomically: true, encoding: .utf8)
    let run = runInProcess(["check", "--budget", budget, Self.timestamped, Self.todos])
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(run.status == 0, "\(text)")
    #expect(text.contains(", \(Self.todos) not measured (no timestamps))"), "\(text)")
    let json = try Self.json([
      "check", "--format", "json", "--default-rules", "--budget", budget, Self.timestamped, Self.todos,
    ])
    let alone = try #require((json["rules"] as? [[String: Any]])?.first?["inputs"] as? [[String: Any]])
    #expect(alone.first?["holds"] as? Bool == true)
    #expect(alone.last?["measured"] is NSNull && alone.last?["holds"] is NSNull, "\(alone)")
    // The built-in rules too: the effect-loop rule measures only the file with timestamps.
    let loop = try #require((json["defaultRules"] as? [[String: Any]])?.first?["inputs"] as? [[String: Any]])
    #expect(loop.map { $0["measured"] as? Bool } == [true, false])
    #expect(loop.map { ($0["actions"] as? [String])?.count } == [0, 0])
  }
}
