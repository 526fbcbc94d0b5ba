import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

@Suite struct QueryFilterRepositoryTests {
  static let good = """
    # Noise that the team filters out (kept beside ActionFilter+App.swift)

    hoverActions = ^windows\\.window\\.hover
      windowVisibility=^windows\\.window\\.visibilityChanged$\t
    # stack ids contain '#', and patterns may contain '='
    stackPop = path\\.popFrom|#1=x\r
    _private_1 = tick

    """

  @Test func goodLinesBecomeEntries() throws {
    let repository = try FilterRepository(parsing: Self.good, file: "filters.txt")
    #expect(repository.entries.map(\.name) == ["hoverActions", "windowVisibility", "stackPop", "_private_1"])
    #expect(repository.entries.map(\.line) == [3, 4, 6, 7])
    #expect(repository.entry(named: "windowVisibility")?.pattern == "^windows\\.window\\.visibilityChanged$")
    #expect(repository.entry(named: "stackPop")?.pattern == "path\\.popFrom|#1=x")
    #expect(repository.entry(named: "missing") == nil)
  }

  @Test func whichEntryMatchesAnActionPath() throws {
    let repository = try FilterRepository(parsing: Self.good, file: "filters.txt")
    #expect(try repository.firstEntry(matching: "windows.window.hover.entered")?.name == "hoverActions")
    #expect(try repository.firstEntry(matching: "sidebarSync.tick")?.name == "_private_1")
    #expect(try repository.firstEntry(matching: "appSidebar.itemTapped") == nil)
    #expect(try repository.entries(matching: "path.popFrom.tick").map(\.name) == ["stackPop", "_private_1"])
    let caseless = try FilterRepository(parsing: "a = ^HOVER", file: "f", options: .caseInsensitive)
    #expect(try caseless.firstEntry(matching: "hover")?.name == "a")
  }

  @Test func badLinesAreAllReportedWithLineNumbers() {
    let text = """
      ok = fine
      just some words
      9lives = x
      = nothing
      ok = again
      broken = windows(hover
      empty =
      `default` = x
      """
    #expect {
      try FilterRepository(parsing: text, file: "team.filters")
    } throws: { error in
      guard let error = error as? FilterRepositoryError else { return false }
      let lines = error.issues.map(\.description)
      #expect(
        lines == [
          "team.filters:2: expected 'name = pattern'",
          "team.filters:3: invalid name '9lives' (expected a Swift identifier)",
          "team.filters:4: missing name before '='",
          "team.filters:5: duplicate name 'ok' (first defined on line 1)",
          "team.filters:6: invalid pattern 'windows(hover' at offset 13: missing closing parenthesis",
          "team.filters:7: empty pattern for 'empty'",
          "team.filters:8: invalid name '`default`' (expected a Swift identifier)",
        ])
      return true
    }
  }

  @Test func appendWritesNewEntriesAndKeepsTheFileValid() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-filters-\(getpid())-\(UUID().uuidString)"
    ).path
    defer { unlink(path) }
    try "# team filters\nhover = hover".write(toFile: path, atomically: true, encoding: .utf8)  // no final newline

    let first = try FilterRepository.append(
      [.init(name: "sidebarSyncTick", pattern: "^sidebarSync\\.tick$"), .init(name: "hover", pattern: "hover")],
      toFileAt: path, comment: "tcalog suggest, 2 groups")
    #expect(first.added.map(\.name) == ["sidebarSyncTick"])
    #expect(first.unchanged.map(\.name) == ["hover"])
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# team filters\nhover = hover\n# tcalog suggest, 2 groups\nsidebarSyncTick = ^sidebarSync\\.tick$\n")

    // A name already used for another pattern, or a bad entry: nothing is written.
    #expect(throws: FilterRepositoryError.self) {
      try FilterRepository.append(
        [.init(name: "timerTicked", pattern: "^timerTicked$"), .init(name: "hover", pattern: "other")], toFileAt: path)
    }
    #expect(throws: FilterRepositoryError.self) {
      try FilterRepository.append([.init(name: "bad", pattern: "a(")], toFileAt: path)
    }
    let reread = try FilterRepository.load(path: path)
    #expect(reread.entries.map(\.name) == ["hover", "sidebarSyncTick"])

    // A missing file is created.
    let fresh = path + ".new"
    defer { unlink(fresh) }
    try FilterRepository.append([.init(name: "a", pattern: "x")], toFileAt: fresh)
    #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "a = x\n")
  }

  /// Two writers of one repository at once (two `suggest --append`, two reviews quitting
  /// together) take turns under the file's lock: each reads what the other wrote, so the
  /// names they share are written once and the file still loads. Without the lock both read
  /// the 2,000 lines before either wrote, and both wrote the shared names (three of three
  /// runs failed with the lock taken out; 20,000 lines took ten times as long for nothing).
  @Test func writersAtOnceNeverBreakTheFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-filters-\(getpid())-\(UUID().uuidString)"
    ).path
    defer { unlink(path) }
    let existing = (0..<2_000).map { "team\($0) = ^feature\($0)\\.tick$\n" }.joined()
    try existing.write(toFile: path, atomically: true, encoding: .utf8)
    let shared = (0..<40).map { FilterRepository.Entry(name: "noise\($0)", pattern: "^noise\($0)$") }
    let writers = 4
    for round in 0..<3 {
      DispatchQueue.concurrentPerform(iterations: writers) { writer in
        let own = FilterRepository.Entry(name: "writer\(writer)_\(round)", pattern: "^w\(writer)$")
        _ = try? FilterRepository.append(shared + [own], toFileAt: path, comment: "writer \(writer)")
      }
    }
    let repository = try FilterRepository.load(path: path)
    let names = repository.entries.map(\.name)
    #expect(names.count == 2_000 + shared.count + 3 * writers)
    #expect(Set(names).count == names.count)
  }

  /// An append that cannot be made carries the lines it would have written.
  @Test func aFailedAppendCarriesItsLines() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-filters-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { rmdir(folder) }
    // A folder where the file should be: no one, root included, can write it.
    let error = #expect(throws: FilterRepositoryError.self) {
      try FilterRepository.append(
        [.init(name: "tick", pattern: "^tick$"), .init(name: "hover", pattern: "hover", kind: .keep)],
        toFileAt: folder, comment: "tcalog suggest --review of s.log")
    }
    #expect(error?.issues.map(\.reason) == ["cannot write: Is a directory"])
    #expect(error?.unwrittenText == "# tcalog suggest --review of s.log\ntick = ^tick$\nkeep hover = hover\n")
  }

  @Test func renderedTextParsesBack() throws {
    let repository = FilterRepository()
    try repository.add(.init(name: "hover", pattern: "^windows\\.window\\.hover"))
    try repository.add(.init(name: "tick", pattern: "tick$"))
    #expect(throws: FilterRepository.EntryError.self) { try repository.add(.init(name: "tick", pattern: "x")) }
    let text = repository.rendered(header: ["generated"])
    let parsed = try FilterRepository(parsing: text, file: "f")
    #expect(parsed.entries.map { [$0.name, $0.pattern] } == repository.entries.map { [$0.name, $0.pattern] })
  }

  @Test func unreadableFileIsAnIssueOfTheWholeFile() {
    #expect {
      try FilterRepository.load(path: "/nonexistent/filters.txt")
    } throws: { error in
      (error as? FilterRepositoryError)?.issues.first?.description.hasPrefix("/nonexistent/filters.txt: cannot read")
        == true
    }
  }
}

extension QueryFilterRepositoryTests {
  /// A byte order mark before the first entry is no part of its name (issue 42, row 12).
  @Test func aByteOrderMarkIsSkipped() throws {
    let repository = try FilterRepository(parsing: "\u{FEFF}hover = ^hover$\r\ntick = tick\r\n", file: "f")
    #expect(repository.entries.map(\.name) == ["hover", "tick"])
    let budget = try Budget(text: "\u{FEFF}hover <= 1%\n", file: "b")
    #expect(budget.rules.map(\.pattern) == ["hover"])
    #expect(RunProfile.isSavedReport(Data([0xEF, 0xBB, 0xBF] + Array(" {\"records\": 1, \"actions\": []}".utf8))))
    let profile = try RunProfile(
      savedReport: Data([0xEF, 0xBB, 0xBF] + Array(SavedReportSchemaTests.saved(records: "3").utf8)), source: "r.json")
    #expect(profile.records == 3)
  }
}

extension QueryFilterRepositoryTests {
  /// `#` after a blank starts a comment after a pattern, as in budget files (it was taken
  /// into the pattern, which then matched nothing); a `#` without a blank before it, or
  /// first in the pattern, is the pattern's (issue 42, row 17).
  @Test func aCommentAfterAPatternIsNoPartOfIt() throws {
    let repository = try FilterRepository(
      parsing: "a = ^timerTicked$ # comment\nb = x#1\t# c\nc = #1\nd = [ ]#y\t\t#\n", file: "f")
    #expect(repository.entries.map(\.pattern) == ["^timerTicked$", "x#1", "#1", "[ ]#y"])
    #expect(try repository.firstEntry(matching: "timerTicked")?.name == "a")
    // An entry that would read back as a comment is refused rather than written.
    #expect(throws: FilterRepository.EntryError.self) { try repository.add(.init(name: "e", pattern: "a #b")) }
    let again = try FilterRepository(parsing: repository.rendered(), file: "again")
    #expect(again.entries.map(\.pattern) == repository.entries.map(\.pattern))
  }
}
