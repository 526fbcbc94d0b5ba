import Foundation
import TCALogFilter
import TCALogKit
import Testing

/// The filter file read again when it changes: what the printer silences follows the file,
/// and every load is a line tcalog reads.
@Suite struct FilterFileWatcherTests {
  static let hover = AppAction.windows(.window(windowID: 1, action: .hover(.entered)))
  static let tab = AppAction.windows(.window(windowID: 1, action: .tab(.selected(id: 2))))

  @Test func theFilterFollowsTheFileAndEachLoadIsALineTcalogReads() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(".tcalog-filters").path
    func write(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

    try write("hover = ^windows\\.window\\.hover(\\.|$)\n")
    let box = Collected()
    let clock = TestClock()
    let watcher = FilterFileWatcher(path: path, checkEvery: nil, now: { clock.now }, announce: { box.append($0) })
    let printer = ChangePrinter<Int, AppAction>(
      filter: .allExcept(.matching(watcher)), now: { clock.now }, write: { box.append($0) })
    func session() {
      printer(Self.hover, 1, 2)
      printer(Self.tab, 2, 3)
      clock.advance(1)
    }
    session()  // tab
    try write("tab = ^windows\\.window\\.tab\\.\n# the hover is signal now\n")
    #expect(watcher.checkNow())
    #expect(!watcher.checkNow())  // unchanged: no line
    session()  // hover
    try write("tab = (\n")
    #expect(!watcher.checkNow())
    session()  // hover: the previous repository holds
    try FileManager.default.removeItem(atPath: path)
    #expect(watcher.checkNow())
    session()  // both

    let lines = box.texts.filter { $0.contains("tcalog printer: ") }
    #expect(lines.count == 4)
    #expect(lines[0].hasSuffix(" tcalog printer: filters loaded from \(path): 1 entry, 0 keep lines\n"))
    #expect(lines[1].hasSuffix(" tcalog printer: filters reloaded from \(path): 1 entry, 0 keep lines\n"))
    #expect(lines[2].contains("filters not reloaded (previous ones kept): \(path):1: pattern for 'tab'"))
    #expect(lines[3].contains("filters removed: \(path) is gone"))

    let (records, statistics) = try readLog(box.texts.joined())
    let (hover, tab) = ("windows.window.hover.entered", "windows.window.tab.selected")
    #expect(records.map(\.actionPath) == [tab, hover, hover, hover, tab])
    #expect(statistics.printerCost.filterLoads == 2)
    #expect(statistics.headerlessFragments == 0)
  }

  @Test func theEnvironmentNamesTheFile() {
    #expect(FilterFileWatcher.defaultPath(environmentValue: "/tmp/App/.tcalog-filters") == "/tmp/App/.tcalog-filters")
    #expect(FilterFileWatcher.environmentVariable == "TCALOG_FILTERS")
  }

  @Test func aMissingFileSilencesNothingAndSaysWhereItLooked() {
    let box = Collected()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-none-\(UUID().uuidString)").path
    let watcher = FilterFileWatcher(path: path, checkEvery: nil, stampsLines: false, announce: { box.append($0) })
    #expect(!ActionFilter<AppAction>.matching(watcher)(Self.hover))
    #expect(box.texts == ["tcalog printer: no filter file at \(path)\n"])
  }
}
