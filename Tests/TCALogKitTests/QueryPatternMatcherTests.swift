import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@_spi(Scanner) @testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

@Suite struct QueryPatternMatcherTests {
  func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

  @Test func jitMatchGivesTheByteRange() throws {
    let matcher = try PatternMatcher("hover")
    #expect(matcher.usesJIT, "libpcre2 on this machine has a JIT")
    let subject = bytes("windows.window.hover.entered")
    let range = try subject.withUnsafeBufferPointer { try matcher.firstMatch(in: $0) }
    #expect(range == 15..<20)
    #expect(try matcher.matches("hover"))
    #expect(try !matcher.matches("Hover"))
    #expect(try !matcher.matches(""))
  }

  /// A plain ASCII literal is found by a byte search, not PCRE2; both give the same first
  /// match from every start and the same highlights, on subjects with invalid UTF-8, high
  /// bytes, near misses and repeats; and only patterns PCRE2 reads as they stand are taken.
  @Test func literalSearchAgreesWithPCRE2() throws {
    #expect(PatternMatcher.plainLiteral("hover", options: []) == Array("hover".utf8))
    #expect(PatternMatcher.plainLiteral("a.b(", options: .fixedString) == Array("a.b(".utf8))
    for pattern in ["a.b", "^x", "x$", "a|b", "a?", "a*", "a+", "(a)", "[a]", "a{2}", "\\d", "", "é"] {
      #expect(PatternMatcher.plainLiteral(pattern, options: []) == nil, "\(pattern)")
    }
    #expect(PatternMatcher.plainLiteral("hover", options: .caseInsensitive) == nil)
    #expect(PatternMatcher.plainLiteral("é", options: .fixedString) == nil)
    let alphabet: [UInt8] = Array("abAB .:-_#\"".utf8) + [0x80, 0xC3, 0xA9, 0xFF, 0xE2, 0x0A, 0x00]
    var generator = SeededRandom(seed: 0x11_7E4A_15)
    for round in 0..<3_000 {
      let patternBytes = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
        Array("aab .:-_#".utf8)[Int.random(in: 0..<9, using: &generator)]
      }
      let pattern = String(decoding: patternBytes, as: UTF8.self)
      let options: PatternMatcher.Options = round % 3 == 0 ? .fixedString : []
      let fast = try PatternMatcher(pattern, options: options, searchesLiterals: true)
      let pcre = try PatternMatcher(pattern, options: options, searchesLiterals: false)
      // Pieces of the pattern among other bytes: near misses and overlapping repeats.
      var subject: [UInt8] = []
      while subject.count < Int.random(in: 0...40, using: &generator) {
        if Int.random(in: 0..<2, using: &generator) == 0 {
          let from = Int.random(in: 0..<patternBytes.count, using: &generator)
          subject += patternBytes[from..<Int.random(in: (from + 1)...patternBytes.count, using: &generator)]
        } else {
          subject.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
      }
      try subject.withUnsafeBufferPointer { (text) throws -> Void in
        for start in 0...text.count {
          let found = try fast.firstMatch(in: text, from: start)
          let expected = try pcre.firstMatch(in: text, from: start)
          #expect(found == expected, "\(pattern) in \(subject) from \(start)")
        }
        let highlights = try fast.allMatches(in: text)
        let expected = try pcre.allMatches(in: text)
        #expect(highlights == expected, "\(pattern) in \(subject)")
      }
    }
  }

  @Test func caseInsensitiveMatchesOtherCase() throws {
    let matcher = try PatternMatcher("^windows\\.WINDOW", options: .caseInsensitive)
    #expect(try matcher.matches("windows.window.hover"))
    #expect(try PatternMatcher("émile", options: .caseInsensitive).matches("ÉMILE"))
  }

  @Test func fixedStringsAreLiteral() throws {
    let literal = try PatternMatcher("a.b(", options: .fixedString)
    #expect(try literal.matches("x a.b( y"))
    #expect(try !literal.matches("axb("))
    #expect(try PatternMatcher("A.B(", options: [.fixedString, .caseInsensitive]).matches("a.b("))
  }

  @Test func invalidUTF8SubjectIsSearchedNotRejected() throws {
    let subject: [UInt8] = [0x66, 0xFF, 0xC3, 0x6F, 0x6F, 0x80, 0xE2, 0x82, 0x61]
    let oo = try PatternMatcher("oo")
    let range = try subject.withUnsafeBufferPointer { try oo.firstMatch(in: $0) }
    #expect(range == 3..<5)
    // `.` never matches an invalid byte: the only characters are f, o, o, a.
    let dots = try PatternMatcher("...")
    #expect(try subject.withUnsafeBufferPointer { try dots.matches($0) } == false)
    #expect(try subject.withUnsafeBufferPointer { try PatternMatcher("a$").matches($0) })
  }

  @Test func compileErrorCarriesMessageAndOffset() {
    #expect {
      try PatternMatcher("windows(hover")
    } throws: { error in
      guard let error = error as? PatternError else { return false }
      return error.offset == 13 && error.message.contains("missing closing parenthesis")
        && error.description == "invalid pattern 'windows(hover' at offset 13: missing closing parenthesis"
        && error.caretLines == ["  windows(hover", "               ^"]
    }
    #expect(throws: PatternError.self) { try PatternMatcher("a{2,1}") }
  }

  @Test func catastrophicPatternEndsWithAnErrorQuickly() throws {
    let matcher = try PatternMatcher("(a+)+$")
    let subject = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000) + [UInt8(ascii: "b")]
    // Bounded by PCRE2's match limit, so bounded in work: CPU time, not a clock, which
    // counts nothing while the thread waits for a core.
    let start = threadCPUSeconds()
    var caught: MatchError?
    do {
      _ = try subject.withUnsafeBufferPointer { try matcher.matches($0) }
    } catch {
      caught = error as? MatchError
    }
    let used = threadCPUSeconds() - start
    let error = try #require(caught, "the match must give up, not succeed or fail normally")
    #expect(error.message.contains("limit"))
    #expect(used < 1, "took \(used) s of CPU")
  }

  @Test func failedMatchCountsAsNoMatchAndIsKept() throws {
    let query = RecordQuery(texts: try matchers(["(x+)+y"]))
    let log = "received action: App.Action.tick(" + String(repeating: "x", count: 5_000) + ", y)\n"
    let (records, _, _) = try parse(log)
    #expect(!query.selects(records[0]))
    #expect(query.matchErrorCount == 1)
  }

  /// The action conditions are matched once per action key; a match that failed is not
  /// kept, so every record still counts its own failure.
  @Test func actionAnswersByKeyKeepEveryFailure() throws {
    let long = String(repeating: "a", count: 60)
    var log = ""
    for n in 0..<5 {
      log += "received action:\n  App.Action.\(long)(.tick(\(n)))\n  (No state changes)\n\n"
      log += "received action:\n  App.Action.hover(.entered(id: \(n)))\n  (No state changes)\n\n"
    }
    let records = try parse(log).records
    #expect(records.count == 10 && records.allSatisfy { $0.actionKey != nil })
    #expect(records[0].actionKey == records[2].actionKey && records[1].actionKey == records[3].actionKey)
    #expect(records[0].actionKey != records[1].actionKey)
    let failing = RecordQuery(actions: try matchers(["^(a|aa)+$"]))
    #expect(records.filter(failing.selects).isEmpty)
    #expect(failing.matchErrorCount == 5, "each long record's failed match counts")
    let query = RecordQuery(actions: try matchers(["hover|tick"]), excludes: try matchers(["entered"]))
    #expect(records.filter(query.selects).map(\.actionPath) == Array(repeating: "\(long).tick", count: 5))
    #expect(query.matchErrorCount == 0)
    // A record without a key (made by hand) is matched as it stands.
    var unkeyed = records[1]
    unkeyed.actionKey = nil
    #expect(!query.selects(unkeyed))
  }

  @Test func overlongPatternIsRefused() {
    let long = String(repeating: "a", count: PatternMatcher.maxPatternLength + 1)
    #expect {
      try PatternMatcher(long)
    } throws: { error in
      guard let error = error as? PatternError else { return false }
      return error.offset == nil && error.message.contains("limit")
    }
    #expect(throws: Never.self) { try PatternMatcher(String(repeating: "a", count: 1000)) }
  }

  @Test func allMatchesForHighlighting() throws {
    let matcher = try PatternMatcher("o+|x*")
    let subject = bytes("foo.boo")
    let ranges = try subject.withUnsafeBufferPointer { try matcher.allMatches(in: $0) }
    #expect(ranges == [1..<3, 5..<7])
  }

  @Test func repeatedCompileAndMatchStaysSound() throws {
    // Memory is checked with valgrind on the binary; this keeps deinit on a hot path.
    for i in 0..<2_000 {
      let matcher = try PatternMatcher("item\(i % 7)\\.(tap|hover)", options: i % 2 == 0 ? [] : .caseInsensitive)
      #expect(try matcher.matches("item\(i % 7).hover") == true)
    }
  }
}
