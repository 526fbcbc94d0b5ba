import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// The scanner takes action paths from its cache of paths by text shape (`ActionPathCache`):
/// every record's path and root equal what the value tree says of its own text, and texts
/// of one shape have one path, root and tca0/tca1 clue.
struct ActionPathCacheTests {
  /// The tree's answer for a text, as strings.
  static func treePath(_ text: [UInt8]) -> (root: String?, path: String, typed: Bool) {
    text.withUnsafeBufferPointer { text in
      let tree = ValueTree(parsing: text, 0..<text.count)
      var names: [String] = []
      let walk = tree.walkPath(typedClue: true) { names.append(String(decoding: text[$0], as: UTF8.self)) }
      return (
        walk.root.map { String(decoding: text[$0], as: UTF8.self) }, names.joined(separator: "."),
        walk.hasTypedNestedCase
      )
    }
  }

  static func shape(_ text: [UInt8]) -> [UInt8] {
    var shape = ByteAccumulator()
    text.withUnsafeBufferPointer { ActionShape.write($0, into: &shape) }
    return Array(shape.buffer)
  }

  /// Every record of these files, read as `report` reads them (path, no text): its path and
  /// root are the tree's for its own text.
  static func expectTreePaths(files: [String]) throws -> Int {
    var checked = 0
    for file in files {
      var pathsOnly: [(String?, String)] = []
      var sink = EachRecord(needs: .action) { pathsOnly.append(($0.actionRoot, $0.actionPath)) }
      _ = try RecordStream(inputs: [file], jobs: 1).run(into: &sink)
      let texts = try RecordScanner.scan(InputOpener.open(file)).records.map(\.actionText)
      #expect(texts.count == pathsOnly.count)
      for (text, cached) in zip(texts, pathsOnly) {
        let tree = treePath(Array(text.utf8))
        #expect(cached.0 == tree.root && cached.1 == tree.path, "\(file): \(text)")
        checked += 1
      }
    }
    return checked
  }

  @Test func samplesAndRealLogs() throws {
    var files = Repository.samples
    let directory = Repository.realLogs
    files += try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }.sorted()
      .map { directory + "/" + $0 }
    #expect(try Self.expectTreePaths(files: files) > 1000)
  }

  @Test(
    .enabled(if: Repository.hasPython, "python3 is absent: the generator cannot run"),
    arguments: [["--format", "diffing"], ["--format", "tca1"], ["--format", "diffing", "--action-format", "labels"]])
  func generatedLogs(_ options: [String]) throws {
    let path = try generatedLog(options, records: 3000, seed: 5, tag: "shapes")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Self.expectTreePaths(files: [path]) >= 2999)
    // Few shapes: the records of an action differ in IDs, coordinates and times only.
    let texts = try RecordScanner.scan(InputOpener.open(path)).records.map { Array($0.actionText.utf8) }
    #expect(Set(texts.map(Self.shape)).count < 60)
  }

  @Test func stringsAndNumbersAreMarkedOutsideNames() {
    func shown(_ text: String) -> String {
      String(decoding: Self.shape(Array(text.utf8)).map { $0 == 0xFF ? UInt8(ascii: "@") : $0 }, as: UTF8.self)
        .replacingOccurrences(of: "@\u{1}", with: "S").replacingOccurrences(of: "@\u{2}", with: "N")
    }
    #expect(shown("A.b(x: 72.25, y: -3, id: \"UU\\\"ID\")") == "A.b(x: N, y: -N, id: S)")
    #expect(shown("A.tab2(.case3, 1.2.3, 4.x, v1.5)") == "A.tab2(.case3, N, N.x, v1.5)")
    #expect(shown("A.b(#\"r\"#, \"\"\"\nlong\n\"\"\")") == "A.b(S, S)")
    #expect(shown("A<B, \"7\">.c(8)") == "A<B, \"7\">.c(N)", "a generic argument list is kept whole")
    #expect(shown("A.b(x#\"y\"#)") == "A.b(x#S#)", "inside an atom `#` starts no raw string")
    #expect(shown("A.b(\"a\"#\"c\"#)") == "A.b(SS)", "after a string a `#\"` is a raw string")
    // A 0xFF in the text never reads as a marker.
    let withFF: [UInt8] = Array("A.b(".utf8) + [0xFF, 0x01] + Array(")".utf8)
    #expect(Self.shape(withFF) != Self.shape(Array("A.b(\"s\")".utf8)))
  }

  /// The cache's promise: texts of one shape have one path and root. Random texts are made
  /// from the tokens that change how the tree reads, with strings and numbers filled in
  /// two ways; where the two fillings have one shape, the tree gives one answer.
  @Test func oneShapeOnePath() {
    let tokens = [
      "AppAction.a", "FeatureAction.b", ".c", ".d", "Type", "Type.Nested", "x", "action:", "id:", "_:", "`default`",
      "(", "(", "(", ")", ")", ")", "[", "]", "{", "}", ",", ", ", " ", "\n  ", "<", ">", "Result<A, B>", "->", ":",
      "#", "-", "=", "IdentifiedAction<I, A>.element", "STR", "NUM", "NUM", "\"", "\"\"\"", "#\"", "\\", "G<", "G<",
      ">.e", ">.e(",
    ]
    let strings = ["\"s\"", "\"(\"", "\"a\\\"b\"", "#\"r\"#", "\"\"", "\".c(\"", "\"\"\"\nx\n\"\"\""]
    let numbers = ["0", "42", "1.5", "3.14.15", "007"]
    var random = SeededRandom(seed: 23)
    var sameShape = 0
    for _ in 0..<20_000 {
      let template = (0..<Int.random(in: 1...20, using: &random)).map { _ in tokens.randomElement(using: &random)! }
      func fill() -> [UInt8] {
        Array(
          template.map {
            $0 == "STR"
              ? strings.randomElement(using: &random)! : $0 == "NUM" ? numbers.randomElement(using: &random)! : $0
          }.joined().utf8)
      }
      // Half the texts start as an action does; in the others the first token is the root.
      let prefix = Bool.random(using: &random) ? Array("AppAction.root(".utf8) : []
      let (a, b) = (prefix + fill(), prefix + fill())
      guard Self.shape(a) == Self.shape(b) else { continue }
      sameShape += 1
      let (ta, tb) = (Self.treePath(a), Self.treePath(b))
      #expect(
        ta.root == tb.root && ta.path == tb.path && ta.typed == tb.typed,
        "\(String(decoding: a, as: UTF8.self).debugDescription)")
    }
    #expect(sameShape > 2_000)
  }

  /// The dot pass that spares commands without paths the shape cache never rules out a
  /// text whose tree finds a nested case written with its type, on random texts made of
  /// the tokens that matter (typed heads at every offset of the word loop) and on every
  /// record of the samples and real logs; and it does rule out most untyped texts.
  @Test func typedCaseScanNeverMissesATypedCase() throws {
    let tokens = [
      "AppAction.a", "FeatureAction.b", ".c", ".d", "Type", "Type.Nested", "Type.case", "x.y", "G<A>.e", "`T`.e",
      "T._x", "(", ")", "[", "]", ", ", " ", "\n  ", "action:", "\"s.t\"", "1.5", ".", "A", "a", "        ",
    ]
    var random = SeededRandom(seed: 0xD07)
    var typed = 0
    var ruledOut = 0
    for _ in 0..<20_000 {
      let text = Array(
        (0..<Int.random(in: 1...16, using: &random)).map { _ in tokens.randomElement(using: &random)! }
          .joined().utf8)
      let tree = Self.treePath(text)
      let mayHave = text.withUnsafeBufferPointer { TypedCaseScan.mayHaveTypedNestedCase($0) }
      if tree.typed {
        typed += 1
        #expect(mayHave, "\(String(decoding: text, as: UTF8.self).debugDescription)")
      }
      if !mayHave { ruledOut += 1 }
    }
    #expect(typed > 1_000 && ruledOut > 1_000)
    var files = Repository.samples
    let directory = Repository.realLogs
    files += try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }.sorted()
      .map { directory + "/" + $0 }
    for file in files {
      for record in try RecordScanner.scan(InputOpener.open(file)).records {
        let text = Array(record.actionText.utf8)
        if Self.treePath(text).typed {
          #expect(
            text.withUnsafeBufferPointer { TypedCaseScan.mayHaveTypedNestedCase($0) }, "\(file): \(record.actionText)")
        }
      }
    }
  }

  /// A log of more shapes than the cache holds: it starts over, and every path stays right.
  @Test func startsOverWhenFull() throws {
    var log = ""
    for n in 0..<(ActionPathCache.maximumShapes + 200) {
      log += "received action:\n  AppAction.case\(n)\n  (No state changes)\n\n"
    }
    var paths: [String] = []
    var sink = EachRecord(needs: .action) { paths.append($0.actionPath) }
    _ = try RecordStream(text: log, jobs: 1).run(into: &sink)
    #expect(paths == (0..<(ActionPathCache.maximumShapes + 200)).map { "case\($0)" })
  }

  /// The memo of texts answers a text it kept, and only that text: not one of the same
  /// length, not after it forgets, and it keeps the latest of two texts in one slot.
  @Test func textMemoAnswersOnlyTheTextItKept() {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    var memo = TextMemo()
    let a = bytes("AppAction.windows(.window(id: \"C010\", action: .tap))")
    let b = bytes("AppAction.windows(.window(id: \"C011\", action: .tap))")
    func look(_ text: [UInt8]) -> TextMemo.Found { text.withUnsafeBufferPointer { memo.look(up: $0) } }
    func remember(_ text: [UInt8], _ entry: Int) {
      let found = look(text)
      text.withUnsafeBufferPointer { memo.remember($0, as: found, entry: entry, replay: nil) }
    }
    #expect(look(a).entry == nil)
    remember(a, 7)
    #expect(look(a).entry == 7)
    #expect(look(b).entry == nil, "same length, other bytes")
    remember(b, 8)
    #expect(look(a).entry == 7 && look(b).entry == 8)
    #expect(look([]).entry == nil)
    remember([], 9)
    #expect(look([]).entry == 9)
    memo.forget()
    #expect(look(a).entry == nil && look(b).entry == nil && look([]).entry == nil)
    // A text over a sixteenth of the arena is not kept (it would fill the arena alone);
    // the texts kept before it stay.
    remember(a, 7)
    let huge = [UInt8](repeating: UInt8(ascii: "x"), count: ActionPathCache.maximumTextBytes / 16 + 1)
    remember(huge, 3)
    #expect(look(huge).entry == nil)
    #expect(look(a).entry == 7)
    memo.forget()
    // More texts than slots and than the arena holds: every answer is still the text's own.
    var random = SeededRandom(seed: 0x7E47)
    var texts: [[UInt8]] = []
    var answered = 0
    for n in 0..<30_000 {
      if !texts.isEmpty && Bool.random(using: &random) {
        let k = Int.random(in: max(0, texts.count - 500)..<texts.count, using: &random)
        if let entry = look(texts[k]).entry {
          #expect(entry == k)
          answered += 1
        }
      } else {
        let text = bytes("AppAction.case\(n)(\"" + String(repeating: "x", count: n % 200) + "\")")
        remember(text, texts.count)
        texts.append(text)
      }
    }
    #expect(answered > 10_000)
  }

  /// A text seen before the cache starts over is read afresh after it: its entry number
  /// means another shape in the new generation. Interleaved with more shapes than the
  /// cache holds, on one scanner and on chunks of two threads (whose memory goes from
  /// chunk to chunk), each record's path is its own.
  @Test func repeatedTextsAcrossStartingOver() throws {
    var log = ""
    var expected: [String] = []
    for n in 0..<(2 * ActionPathCache.maximumShapes + 100) {
      log += "received action:\n  AppAction.case\(n)\n  (No state changes)\n\n"
      expected.append("case\(n)")
      if n % 3 == 0 {
        let repeated = ["tick", "tap", "hover"][n % 9 / 3]
        log += "received action:\n  AppAction.\(repeated)(id: \"C010\")\n  (No state changes)\n\n"
        expected.append(repeated)
      }
    }
    for jobs in [1, 2] {
      var paths: [String] = []
      var sink = EachRecord(needs: .action) { paths.append($0.actionPath) }
      var stream = RecordStream(text: log, jobs: jobs)
      stream.chunkSize = 64 << 10
      _ = try stream.run(into: &sink)
      #expect(paths.count == expected.count)
      #expect(paths == expected, "jobs \(jobs)")
    }
  }

  /// Records with one action key have one path and root: across a cache that starts over
  /// (its entries are numbered afresh), across files and across the parallel read's
  /// scanners. And the key is there to be used: the records of one shape share it.
  @Test func equalKeysMeanEqualPathsAndRoots() throws {
    let shapes = ActionPathCache.maximumShapes + 300
    var log = ""
    for n in 0..<shapes {
      log += "received action:\n  AppAction.case\(n)(count: \(n % 7))\n  (No state changes)\n\n"
      if n % 50 == 0 { log += "received action:\n  Other.Action.tick(at: \(n))\n  (No state changes)\n\n" }
    }
    let directory = FileManager.default.temporaryDirectory
    let first = directory.appendingPathComponent("tcalog-keys-a-\(getpid()).log").path
    let second = directory.appendingPathComponent("tcalog-keys-b-\(getpid()).log").path
    try log.write(toFile: first, atomically: true, encoding: .utf8)
    try log.write(toFile: second, atomically: true, encoding: .utf8)
    defer {
      try? FileManager.default.removeItem(atPath: first)
      try? FileManager.default.removeItem(atPath: second)
    }
    for jobs in [1, 2] {
      var seen: [ActionKey: (root: String?, path: String)] = [:]
      var keyed = 0
      var ticks = Set<ActionKey>()
      var sink = EachRecord(needs: .action) { record in
        guard let key = record.actionKey else { return }
        keyed += 1
        let named = (record.actionRoot, record.actionPath)
        if let earlier = seen[key] {
          #expect(earlier == named, "jobs \(jobs): one key for \(earlier) and \(named)")
        } else {
          seen[key] = named
        }
        if named.1 == "tick" { ticks.insert(key) }
      }
      var stream = RecordStream(inputs: [first, second], jobs: jobs)
      stream.chunkSize = 64 << 10
      _ = try stream.run(into: &sink)
      #expect(keyed == 2 * (shapes + (shapes + 49) / 50), "jobs \(jobs): every record has a key")
      // The 90 ticks of each file share a key per scanner and generation, not one each.
      #expect(ticks.count < 20, "jobs \(jobs): \(ticks.count) keys for the ticks")
    }
  }

  /// Answers by key: one generation at a time, so a key of another finds nothing.
  @Test func keyTableHoldsOneGeneration() {
    let (a, b) = (ActionKey.newGeneration(), ActionKey.newGeneration())
    var table = ActionKeyTable<String>()
    #expect(table.value(for: ActionKey(generation: a, entry: 0)) == nil)
    table.set("x", for: ActionKey(generation: a, entry: 3))
    table.set("y", for: ActionKey(generation: a, entry: 0))
    #expect(table.value(for: ActionKey(generation: a, entry: 3)) == "x")
    #expect(table.value(for: ActionKey(generation: a, entry: 0)) == "y")
    #expect(table.value(for: ActionKey(generation: a, entry: 1)) == nil)
    #expect(table.value(for: ActionKey(generation: a, entry: 99)) == nil)
    #expect(table.value(for: ActionKey(generation: b, entry: 3)) == nil)
    table.set("z", for: ActionKey(generation: b, entry: 1))
    #expect(table.value(for: ActionKey(generation: b, entry: 1)) == "z")
    #expect(table.value(for: ActionKey(generation: b, entry: 3)) == nil, "the old generation's answers are gone")
    #expect(table.value(for: ActionKey(generation: a, entry: 3)) == nil)
  }
}
