import Foundation
import Testing

@testable import TCALogQuery
@testable import TCALogReport

/// Keep lines (`keep name = pattern`): what the user ruled signal, read by every command
/// that reads a filter repository.
@Suite struct KeepLinesTests {
  static let text = """
    windows = ^windows\\.
    keep selectTab = ^windows\\.window\\.selectTab$   # ruled signal
    keep\tclose = \\.closed$
    keep = ^timerTicked$
    keeper = ^sidebarSync\\.tick$
    """

  @Test func keepLinesAreReadWithTheirKind() throws {
    let repository = try FilterRepository(parsing: Self.text, file: "f")
    #expect(repository.entries.map(\.name) == ["windows", "selectTab", "close", "keep", "keeper"])
    #expect(repository.entries.map(\.kind) == [.silence, .keep, .keep, .silence, .silence])
    #expect(repository.entry(named: "selectTab")?.pattern == "^windows\\.window\\.selectTab$")
    #expect(repository.silencingMatchers.map(\.pattern) == ["^windows\\.", "^timerTicked$", "^sidebarSync\\.tick$"])
    #expect(repository.keepingMatchers.map(\.pattern) == ["^windows\\.window\\.selectTab$", "\\.closed$"])
    #expect(repository.hasKeepLines)
    // Written back, a keep line stays one.
    let again = try FilterRepository(parsing: repository.rendered(), file: "again")
    #expect(
      again.entries
        == repository.entries.map {
          FilterRepository.Entry(name: $0.name, pattern: $0.pattern, line: $0.line, kind: $0.kind)
        })
    #expect(FilterRepository.line(for: repository.entries[1]) == "keep selectTab = ^windows\\.window\\.selectTab$")
  }

  @Test func badKeepLinesAreReportedLikeOtherLines() {
    #expect {
      try FilterRepository(parsing: "a = x\nkeep 9x = y\nkeep a = z\nkeep b =\n", file: "f")
    } throws: { error in
      (error as? FilterRepositoryError)?.issues.map(\.description) == [
        "f:2: invalid name '9x' (expected a Swift identifier)",
        "f:3: duplicate name 'a' (first defined on line 1)",
        "f:4: empty pattern for 'b'",
      ]
    }
  }

  /// A keep line wins over every entry that matches the same path.
  @Test func aKeepLineWinsOverAnEntry() throws {
    let repository = try FilterRepository(parsing: Self.text, file: "f")
    let windows = try #require(repository.entry(named: "windows"))
    let selectTab = try #require(repository.entry(named: "selectTab"))
    #expect(try repository.verdict(forActionPath: "windows.window.mouseMoved") == .silenced(by: windows))
    #expect(try repository.verdict(forActionPath: "windows.window.selectTab") == .kept(by: selectTab, over: windows))
    #expect(
      try repository.verdict(forActionPath: "todo.closed") == .kept(by: repository.entry(named: "close")!, over: nil))
    #expect(try repository.verdict(forActionPath: "search.submitted") == .untouched)
    // As `report --filters` and `suggest --filters` ask it.
    #expect(repository.silencingEntry(forActionPath: "windows.window.mouseMoved") == "windows")
    #expect(repository.silencingEntry(forActionPath: "windows.window.selectTab") == nil)
    #expect(repository.silencingEntry(forActionPath: "windows.window.selectTab") == nil)
    #expect(repository.keepingEntry(forActionPath: "windows.window.selectTab") == "selectTab")
    #expect(repository.keepingEntry(forActionPath: "windows.window.mouseMoved") == nil)
    // The answer carries its warning; asking leaves nothing behind in the repository.
    let overlap = FilterRepository.KeptOverSilencing(
      actionPath: "windows.window.selectTab", silencing: windows, keeping: selectTab)
    #expect(repository.silencingAnswer(forActionPath: "windows.window.selectTab").keptOverSilencing == overlap)
    #expect(repository.silencingAnswer(forActionPath: "windows.window.selectTab").entry == nil)
    #expect(repository.silencingAnswer(forActionPath: "windows.window.mouseMoved").keptOverSilencing == nil)
    let paths = [
      "windows.window.mouseMoved", "windows.window.selectTab", "search.submitted", "windows.window.selectTab",
    ]
    #expect(repository.silencingWarnings(forActionPaths: paths).keptOverSilencing == [overlap])
    // `filter --exclude-filters`: the same rule, on bytes.
    let query = RecordQuery(silences: repository.silencingMatchers, keeps: repository.keepingMatchers)
    let gate = try #require(query.actionGate)
    for (path, selected) in [
      ("windows.window.mouseMoved", false), ("windows.window.selectTab", true), ("windows.tab.closed", true),
      ("timerTicked", false), ("search.submitted", true),
    ] {
      var bytes = Array(path.utf8)
      #expect(bytes.withUnsafeMutableBufferPointer { gate(nil, UnsafeBufferPointer($0)) } == selected, "\(path)")
    }
    #expect(query.blueprint.compile().keeps.map(\.pattern) == query.keeps.map(\.pattern))
  }

  @Test func appendWritesKeepLines() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tcalog-keep-\(getpid())-\(UUID().uuidString)"
    ).path
    defer { unlink(path) }
    try "hover = ^hover$\n".write(toFile: path, atomically: true, encoding: .utf8)
    let result = try FilterRepository.append(
      [.init(name: "tick", pattern: "^tick$"), .init(name: "selectTab", pattern: "^selectTab$", kind: .keep)],
      toFileAt: path, comment: "reviewed")
    #expect(result.added.map(\.name) == ["tick", "selectTab"])
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "hover = ^hover$\n# reviewed\ntick = ^tick$\nkeep selectTab = ^selectTab$\n")
    // The same line again changes nothing; the same name and pattern of the other kind is
    // a contradiction, and nothing is written.
    #expect(
      try FilterRepository.append([.init(name: "selectTab", pattern: "^selectTab$", kind: .keep)], toFileAt: path)
        .unchanged.map(\.name) == ["selectTab"])
    #expect {
      try FilterRepository.append([.init(name: "hover", pattern: "^hover$", kind: .keep)], toFileAt: path)
    } throws: { error in
      (error as? FilterRepositoryError)?.issues.map(\.reason) == ["'hover' is already a silencing entry"]
    }
    #expect(try FilterRepository.load(path: path).entries.map(\.kind) == [.silence, .silence, .keep])
  }
}
