import CByteMasks
import Foundation
import TCALogTestSupport
import Testing

@_spi(Scanner) @testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport
@testable import TCALogSuggest

/// The word-at-a-time and bit-mask shortcuts of the hot path agree with the plain byte
/// tests they replace.
@Suite struct ByteScanTests {
  static let special: Set<UInt8> = Set("()[]{}\"#".utf8)

  @Test func wordTestFindsEverySpecialByteAtEveryPosition() {
    for b in 0...255 {
      for position in 0..<8 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[position] = UInt8(b)
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(BracketCounter.mayHoldSpecial(word) == Self.special.contains(UInt8(b)), "byte \(b) at \(position)")
      }
    }
  }

  @Test func wordTestAgreesWithTheByteTestOnMixedWords() {
    // Neighbours that fold into specials (`(`/`)`, `[`/`{`) or borrow across bytes (0, 1, 0x80).
    let alphabet: [UInt8] = [
      0x00, 0x01, 0x20, 0x21, 0x22, 0x28, 0x2A, 0x3B, 0x5B, 0x5C, 0x7B, 0x7C, 0x80, 0xFF, 0x61, 0x23,
    ]
    // Seeded: a failure can be run again with the same words.
    var generator = SeededRandom(seed: 0x5EED_B17E)
    for _ in 0..<50_000 {
      let bytes = (0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
      let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      #expect(BracketCounter.mayHoldSpecial(word) == bytes.contains { Self.special.contains($0) }, "\(bytes)")
      // The lowest flagged byte is the first special one (the scanner jumps there).
      let bits = BracketCounter.specialBits(word)
      if let first = bytes.firstIndex(where: { Self.special.contains($0) }) {
        #expect(bits.trailingZeroBitCount >> 3 == first, "\(bytes)")
      }
    }
  }

  /// A word mask whose lowest flagged byte must be the first byte of `set`: tried with
  /// every byte value at every place among letters, and on 50,000 words of `alphabet`
  /// (the set's bytes and neighbours that fold into them or borrow).
  static func expectLowestFlagIsFirst(
    _ name: String, _ bits: (UInt64) -> UInt64, set: Set<UInt8>, alphabet: [UInt8], seed: UInt64
  ) {
    func check(_ bytes: [UInt8]) {
      let flagged = bits(bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
      if let first = bytes.firstIndex(where: set.contains) {
        #expect(flagged.trailingZeroBitCount >> 3 == first, "\(name): \(bytes)")
      } else {
        #expect(flagged == 0, "\(name): \(bytes)")
      }
    }
    for b in 0...255 {
      for position in 0..<8 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[position] = UInt8(b)
        check(bytes)
      }
    }
    var generator = SeededRandom(seed: seed)
    for _ in 0..<50_000 {
      check((0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
  }

  /// The quote-or-backslash word mask: the lowest flagged byte is the first `"` or `\`.
  @Test func quoteOrBackslashMaskFlagsTheFirstOfItsBytes() {
    Self.expectLowestFlagIsFirst(
      "quote-backslash", BracketCounter.quoteOrBackslashBits, set: [0x22, 0x5C],
      alphabet: [
        0x00, 0x01, 0x20, 0x21, 0x22, 0x23, 0x2F, 0x30, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x5C, 0x5D, 0x80, 0xFE, 0xFF,
        0x61,
      ],
      seed: 0x5EED_5AFE)
  }

  @Test func byteMasksAgreeWithTheirLists() {
    let atomEnds = Set(" \t\n\r,()[]{}\"".utf8)
    for b in 0...255 {
      #expect(ValueTree.endsAtom(UInt8(b)) == atomEnds.contains(UInt8(b)), "byte \(b)")
      #expect(BracketCounter.isSpecial(UInt8(b)) == Self.special.contains(UInt8(b)), "byte \(b)")
    }
  }

  @Test func nameBytesAreIdentifierBytesAndBackticks() {
    let names = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_`".utf8)
    for b in 0...255 {
      #expect(ValueTree.isNameByte(UInt8(b)) == names.contains(UInt8(b)), "byte \(b)")
    }
  }

  /// `mayBeHeader` only skips work: every line `header` accepts must pass it.
  @Test(arguments: [
    "🎬 Received action:", "Received action:", "  received action:  ", "received action:\r",
    "Todos: received action:", "a: b: received action: AppAction.x", "received action: AppAction.tick",
    "received action: ends in a colon:", "|\t|: received action: Odd.prefix", "🎬\u{FE0F} Received action:",
  ])
  func everyHeaderPassesThePreFilter(line: String) {
    let bytes = Array(line.utf8)
    bytes.withUnsafeBufferPointer { text in
      #expect(LineKinds.header(text, 0..<text.count) != nil)
      #expect(LineKinds.mayBeHeader(text, 0..<text.count))
    }
  }

  @Test(arguments: [
    "|\t|\t|\tmouseLocation:", "      action: WindowAction.hover(", "|\t|\t|\t|\tPrevious: 400.0",
    "  (No state changes)",
  ])
  func ordinaryLinesStopAtThePreFilter(line: String) {
    let bytes = Array(line.utf8)
    bytes.withUnsafeBufferPointer { text in
      #expect(!LineKinds.mayBeHeader(text, 0..<text.count))
    }
  }

  @Test(arguments: [
    ("          tabs: [0, 1],", 0),
    ("      windowID: WindowID(rawValue: \"(((\"),", 0),
    ("                                    AppAction.windows(", 1),
    ("a long run of plain words before it closes ) ] }", -3),
    ("#\"raw ( string\"# then [", 1),
    ("\"\"\" starts a block ( ignored", 0),
  ])
  func bracketsAreCountedPastLongPlainRuns(line: String, change: Int) {
    var counter = BracketCounter()
    let bytes = Array(line.utf8)
    let delta = bytes.withUnsafeBufferPointer { counter.add($0, 0..<$0.count) }
    #expect(delta == change)
  }

  /// A multi-line Difference value grows in place when it was written last, and is copied
  /// to the end first when something was written after it.
  @Test func derivedValueExtendsInPlaceOrByCopy() {
    let text = Array("first|second|more".utf8)
    text.withUnsafeBufferPointer { text in
      var derived = DerivedText(base: 100)
      let first = derived.add(text, 0..<5)
      let extended = derived.extend(first, withLine: text, 13..<17)
      #expect(extended.start == 100 && extended.count == 10)
      let second = derived.add(text, 6..<12)
      let copied = derived.extend(first, withLine: text, 13..<17)
      #expect(copied.start == second.end && copied.count == 10)
      let bytes = Array(derived.bytes.buffer)
      #expect(String(decoding: bytes[(copied.start - 100)..<(copied.end - 100)], as: UTF8.self) == "first\nmore")
      #expect(String(decoding: bytes[0..<10], as: UTF8.self) == "first\nmore")
    }
  }

  @Test func accumulatorKeepsEveryByteAcrossGrowth() {
    var accumulator = ByteAccumulator(capacity: 16)
    var expected: [UInt8] = []
    for n in 0..<300 {
      let piece = (0..<(n % 37)).map { UInt8(truncatingIfNeeded: $0 &+ n) }
      piece.withUnsafeBufferPointer { accumulator.append($0) }
      accumulator.append(UInt8(n & 0xFF))
      expected += piece + [UInt8(n & 0xFF)]
    }
    let kept = Array(accumulator.buffer)
    #expect(kept == expected)
    accumulator.removeAll()
    accumulator.shrink(toAtMost: 64)
    let isEmpty = accumulator.isEmpty
    #expect(isEmpty)
    accumulator.append(7)
    let afterShrink = Array(accumulator.buffer)
    #expect(afterShrink == [7])
  }

  /// Words written where `reserveEnd` points (as the Custom Dump skeleton writes them)
  /// land after the bytes before, count once `didAppend` says so, and the appends after
  /// them follow them, also when the reserve grew the buffer.
  @Test func wordsWrittenInPlaceFollowTheBytesBefore() {
    var accumulator = ByteAccumulator(capacity: 16)
    var expected: [UInt8] = []
    for round in 0..<40 {
      let lead = (0..<(round % 11)).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ round) }
      lead.withUnsafeBufferPointer { accumulator.append($0) }
      expected += lead
      // Room for more words than are written, as for a diff whose changed values span lines.
      let words = accumulator.reserveEnd((round + 2) * 8)
      let written = round + 1
      for k in 0..<written {
        let word = UInt64(truncatingIfNeeded: round) << 32 | UInt64(k) << 8 | 0xA5
        words.storeBytes(of: word.littleEndian, toByteOffset: k * 8, as: UInt64.self)
        expected += withUnsafeBytes(of: word.littleEndian) { Array($0) }
      }
      accumulator.didAppend(written * 8)
      accumulator.append(UInt8(round))
      expected.append(UInt8(round))
    }
    let kept = Array(accumulator.buffer)
    // The first byte that differs, not two arrays of kilobytes.
    #expect(kept.count == expected.count)
    #expect(zip(kept, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset == nil)
  }

  /// The line endings the scanner tests with one compare (`LineView.tail`) agree with the
  /// byte-by-byte tests, on marker lines, near misses, short lines and prefixed lines.
  @Test func lineEndingWordsAgreeWithTheByteTests() {
    func word(_ text: String) -> UInt64 {
      Array(text.utf8).enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
    }
    #expect(LineKinds.actionColon == word("action:"))
    #expect(LineKinds.stateColon == word("State:"))
    #expect(LineKinds.changesParen == word("changes)"))
    let lines = [
      "🖨️ State:", "State:", "  State:  ", "tate:", "🖨️ Stat:", "🖨️ (No state changes)", "  (No state changes)",
      "(No state changes)", "(No state change)", "No state changes)", "🎬 Received action:", "received action:",
      "Store: received action:", "received action: AppAction.tick", "x", "", "  ", ":", "|\tselected:",
      "  AppAction.windows(", "      )", "Current: State:", "(No state changes) ",
      "2026-11-20 10:00:00.009000+0100 "
        + "0x1a2bd6     Default     0x0                  4242   0    Browser: 🎬 Received action:",
      "2026-11-20 10:00:00.009000+0100 0x1a2bd6     Default     0x0                  4242   0    Browser: 🖨️ State:",
    ]
    for text in lines {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        let line = InputLine(content: buffer, full: buffer, number: 1, offset: 0)
        var marks = BlockMarks(buffer)
        let view = LineView(line, mayHoldHeader: marks.lineMayHoldHeader(line))
        // The block search never hides a header from the header tests.
        if LineKinds.header(buffer, view.content) != nil { #expect(view.mayHoldHeader, "\(text)") }
        #expect(LineKinds.isStateHeader(buffer, view) == LineKinds.isStateHeader(buffer, view.content), "\(text)")
        #expect(LineKinds.isNoChange(buffer, view) == LineKinds.isNoChange(buffer, view.content), "\(text)")
        #expect(LineKinds.mayBeHeader(buffer, view) == LineKinds.mayBeHeader(buffer, view.content), "\(text)")
      }
    }
  }

  /// The word search for `action: ` (a possible labels header) finds exactly what a byte
  /// loop finds, wherever the pattern falls in the words, on pieces of real lines.
  @Test func labelsHeaderSearchAgreesWithAByteLoop() {
    let pieces = [
      "received action: ", "action: ", "action:", "n: ", "n:", ": ", "id: 1", "  ", "Store", "tion: ", "x", "🎬 ",
      "windowID: WindowID(", "rawValue: \"A\"", "n", ":", " ",
    ]
    func reference(_ bytes: [UInt8]) -> Bool {
      // A colon at 15 or later, a space after it and a byte after that, `action` before it.
      guard bytes.count >= 18 else { return false }
      for c in 15...(bytes.count - 3) where bytes[c] == UInt8(ascii: ":") && bytes[c + 1] == UInt8(ascii: " ") {
        if Array(bytes[..<c]).suffix(6) == Array("action".utf8) { return true }
      }
      return false
    }
    var generator = SeededRandom(seed: 0x1AB_E15)
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...9, using: &generator)
      var text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
      text += "z"  // a trimmed line ends in a non-blank byte
      let bytes = Array(text.utf8)
      guard bytes.count >= 18 else { continue }
      let found = bytes.withUnsafeBufferPointer { LineKinds.mayHoldLabelsHeader($0, 0..<$0.count) }
      #expect(found == reference(bytes), "\(text)")
    }
  }

  /// The UTF-8 check agrees with the standard library's decoder (valid exactly when
  /// decoding and encoding again gives the same bytes) on sequences made of the bytes
  /// where the rules change: lead ranges, overlong and surrogate edges, cut sequences.
  @Test func utf8CheckAgreesWithTheStandardDecoder() {
    let alphabet: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
      0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    var generator = SeededRandom(seed: 0x0FF_8BAD)
    for _ in 0..<100_000 {
      let count = Int.random(in: 0...20, using: &generator)
      // ASCII runs too, so the word loop meets sequences at every offset.
      let bytes = (0..<count).map { _ in
        Int.random(in: 0..<3, using: &generator) == 0
          ? UInt8(ascii: "a") : alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
      }
      let valid = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
      let checked = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
      #expect(checked == valid, "\(bytes)")
    }
  }

  /// The value-line test gives one answer whether a short line's last word is loaded with
  /// the bytes before the line in it or built byte by byte, whatever those bytes are;
  /// and it takes exactly the indented, non-blank lines that do not end like `State:` or
  /// `(No state changes)`.
  @Test func valueLineTestReadsBeforeTheLineAlike() {
    let pieces = [" ", "  ", "\t", "State:", "changes)", "(No state changes)", ")", "a", ":", "\r", "x: 1,"]
    var generator = SeededRandom(seed: 0x7A11_5EED)
    for _ in 0..<20_000 {
      let before = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let line = Array(
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in
          pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }.joined().utf8)
      let buffer = before + line
      buffer.withUnsafeBufferPointer { all in
        let text = UnsafeBufferPointer(rebasing: all[8...])
        let loaded = LineKinds.isPlainValueLine(text, readsBefore: true)
        #expect(loaded == LineKinds.isPlainValueLine(text, readsBefore: false), "\(before) + \(line)")
        let trimmed = String(decoding: line, as: UTF8.self).replacingOccurrences(
          of: "[ \t\r]+$", with: "", options: .regularExpression)
        let expected =
          line.count >= 2 && line[0] == 0x20 && !trimmed.isEmpty && !trimmed.hasSuffix("State:")
          && !trimmed.hasSuffix("changes)")
        #expect(loaded == expected, "\(line)")
      }
    }
  }

  /// `BracketCounter.add`, whichever way it takes, changes a counter at `depth` as the word
  /// loop does for the first `count` bytes of `p`.
  func expectAddAgreesWithWordLoop(
    _ p: UnsafeBufferPointer<UInt8>, _ count: Int, depth: Int, _ comment: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var fast = BracketCounter()
    var words = BracketCounter()
    fast.depth = depth
    words.depth = depth
    let delta = fast.add(p, 0..<count, readable: p.count)
    let expected = words.addByWords(p, 0..<count, readable: p.count)
    #expect(delta == expected && fast.depth == words.depth, comment, sourceLocation: sourceLocation)
    #expect(
      fast.sawQuote == words.sawQuote && fast.inTripleQuote == words.inTripleQuote, comment,
      sourceLocation: sourceLocation)
  }

  /// The bracket counts of a string-free line (`tcalog_bracket_delta`, SSE2 and plain C)
  /// count exactly the opening less the closing brackets of the first `count` bytes and see any
  /// `"` or `#` there, whatever follows them; and `BracketCounter.add` agrees with its word
  /// loop on such lines and on lines with strings.
  @Test func bracketCountsOfStringFreeLines() {
    let alphabet: [UInt8] = Array("()[]{}\"#\\ a:,.'<>`".utf8) + [0x08, 0x09, 0x7F, 0xA8, 0xDB, 0xFB, 0xFD, 0xE2]
    var generator = SeededRandom(seed: 0xB4AC_0C07)
    for round in 0..<20_000 {
      let count = round < 65 ? round : Int.random(in: 0...64, using: &generator)
      let quoteFree = round % 2 == 0
      let bytes: [UInt8] = (0..<80).map { _ in
        var b = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        while quoteFree && (b == 0x22 || b == 0x23) {
          b = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        }
        return b
      }
      let line = bytes[..<count]
      let opens = line.filter { $0 == 0x28 || $0 == 0x5B || $0 == 0x7B }.count
      let closes = line.filter { $0 == 0x29 || $0 == 0x5D || $0 == 0x7D }.count
      let quotes = line.contains { $0 == 0x22 || $0 == 0x23 }
      bytes.withUnsafeBufferPointer { p in
        for counts in [
          tcalog_bracket_delta(p.baseAddress, count), tcalog_bracket_delta_portable(p.baseAddress, count),
        ] {
          #expect(Int(counts.delta) == opens - closes, "\(count) of \(bytes)")
          #expect((counts.quotes != 0) == quotes, "\(count) of \(bytes)")
        }
        expectAddAgreesWithWordLoop(p, count, depth: round % 5, "\(count) of \(bytes)")
      }
    }
  }

  /// Lines with strings (`tcalog_bracket_strings`, SSE2 and plain C, up to 128 bytes): the
  /// delta is the opening less the closing brackets, and a line called exact is one the word
  /// loop counts the same way (its strings hold no bracket, no escape, no raw or multi-line
  /// string); `BracketCounter.add` agrees with the word loop on every line, whatever its
  /// length, including those the mask gives back to the loop.
  @Test func bracketCountsOfLinesWithStrings() {
    // Quotes often, so that strings open and close around brackets.
    let alphabet: [UInt8] = Array("()[]{}\"\"\"#\\ a:,.".utf8) + [0xE2]
    var generator = SeededRandom(seed: 0x5781_A65E)
    var exactLines = 0
    var quotedExactLines = 0
    var loopLines = 0
    for round in 0..<30_000 {
      let count = round < 129 ? round : Int.random(in: 0...140, using: &generator)
      // Some lines are an ID line as a tca1 log writes them, with a bracket put in or not.
      var bytes: [UInt8]
      if round % 3 == 0 {
        let id = "\"C010C3D2-3F1D-4AF7-096A-B7BC756D2B1B\""
        var text =
          String(repeating: " ", count: Int.random(in: 0...12, using: &generator))
          + ["windowID: WindowID(rawValue: \(id)),", "\(id): WindowState(", "title: \(id) + \(id)) {"][round % 9 / 3]
        if Int.random(in: 0..<4, using: &generator) == 0 {
          let at = text.index(text.startIndex, offsetBy: Int.random(in: 0..<text.count, using: &generator))
          text.insert(["(", ")", "\"", "\\"][Int.random(in: 0..<4, using: &generator)], at: at)
        }
        bytes = Array(text.utf8)
      } else {
        bytes = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
      }
      let n = bytes.count
      let padded =
        bytes + (0..<(160 - min(n, 160))).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
      padded.withUnsafeBufferPointer { p in
        if n <= 128 {
          let simd = tcalog_bracket_strings(p.baseAddress, n)
          let portable = tcalog_bracket_strings_portable(p.baseAddress, n)
          let line = bytes[..<n]
          let opens = line.filter { $0 == 0x28 || $0 == 0x5B || $0 == 0x7B }.count
          let closes = line.filter { $0 == 0x29 || $0 == 0x5D || $0 == 0x7D }.count
          for counts in [simd, portable] {
            #expect(Int(counts.delta) == opens - closes, "\(n) of \(bytes)")
            #expect((counts.quotes != 0) == line.contains(0x22), "\(n) of \(bytes)")
          }
          #expect(simd.exact == portable.exact, "\(n) of \(bytes)")
          if simd.exact != 0 {
            exactLines += 1
            if simd.quotes != 0 { quotedExactLines += 1 }
            var words = BracketCounter()
            #expect(words.addByWords(p, 0..<n, readable: p.count) == opens - closes, "\(n) of \(bytes)")
            #expect(words.sawQuote == (simd.quotes != 0) && !words.inTripleQuote, "\(n) of \(bytes)")
          } else {
            loopLines += 1
          }
        }
        expectAddAgreesWithWordLoop(p, n, depth: round % 5, "\(n) of \(bytes)")
      }
    }
    // Both ways are taken often: the test would not see a mask that called every line exact
    // or none.
    #expect(quotedExactLines > 3_000 && loopLines > 3_000 && exactLines > quotedExactLines)
  }

  /// The action-shape mask (`"`, `#`, `<`, digits, 0xFF) flags exactly those bytes, in its
  /// SSE2 and plain-C forms and for the last bytes of a text.
  @Test func shapeMaskFlagsExactlyTheLiteralStarts() {
    let isSpecial = { (b: UInt8) in b == 0x22 || b == 0x23 || b == 0x3C || b == 0xFF || (0x30...0x39).contains(b) }
    func check(_ bytes: [UInt8], count: Int) {
      var expected: UInt64 = 0
      for (i, b) in bytes.enumerated() where isSpecial(b) { expected |= 1 << UInt64(i) }
      bytes.withUnsafeBufferPointer { p in
        #expect(tcalog_shape_mask64(p.baseAddress) == expected, "\(bytes)")
        #expect(tcalog_shape_mask64_portable(p.baseAddress) == expected, "\(bytes)")
        let low = count == 64 ? expected : expected & ((1 << UInt64(count)) - 1)
        #expect(tcalog_shape_mask_upto64(p.baseAddress, count) == low, "\(count) of \(bytes)")
      }
    }
    // Every byte value at every place, among letters.
    for b in 0...255 {
      for position in [0, 1, 7, 8, 15, 16, 31, 32, 47, 48, 62, 63] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
        bytes[position] = UInt8(b)
        check(bytes, count: 64)
        check(bytes, count: position + 1)
        check(bytes, count: position)
      }
    }
    // Neighbours in value (`!`, `$`, `/`, `:`, `;`, `=`), 0x7F/0x80/0xFE (sign and carry
    // edges) and zero.
    let alphabet: [UInt8] = [
      0x00, 0x20, 0x21, 0x22, 0x23, 0x24, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x7F, 0x80, 0xB0, 0xBC, 0xFE,
      0xFF, 0x61,
    ]
    var generator = SeededRandom(seed: 0x5EED_5AFE)
    for _ in 0..<20_000 {
      let bytes = (0..<64).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
      check(bytes, count: Int.random(in: 0...64, using: &generator))
    }
  }

  /// The header-candidate search finds exactly the `eceived action` a byte loop finds, from
  /// every start, among pieces that hold its bytes (`v` without the rest, cut copies) and at
  /// the ends of the buffer.
  @Test func headerCandidateSearchAgreesWithAByteLoop() {
    let needle = Array("eceived action".utf8)
    let pieces = [
      "eceived action", "Received action:", "received action: ", "ceived action", "eceived actio", "v", "vv", "e",
      "hover", "received", " action", "\n", "🎬 ", "xy", "eceiveD action",
    ]
    func reference(_ bytes: [UInt8], from: Int) -> Int {
      var i = from
      while i + needle.count <= bytes.count {
        if Array(bytes[i..<(i + needle.count)]) == needle { return i }
        i += 1
      }
      return bytes.count
    }
    var generator = SeededRandom(seed: 0x4EAD_E25)
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...8, using: &generator)
      let text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { p in
        for from in 0...bytes.count {
          let found = tcalog_next_header_candidate(p.baseAddress, from, bytes.count)
          #expect(found == reference(bytes, from: from), "from \(from) in \(text)")
        }
      }
    }
  }

  /// The search for the next byte over 0x7F, in its SSE2 and plain-C forms, agrees with a
  /// byte loop from every start, with the byte at every place around the 8-, 16- and
  /// 64-byte steps.
  @Test func highByteSearchAgreesWithAByteLoop() {
    func check(_ bytes: [UInt8]) {
      bytes.withUnsafeBufferPointer { p in
        for from in 0...bytes.count {
          let expected = bytes[from...].firstIndex { $0 >= 0x80 } ?? bytes.count
          #expect(tcalog_next_high_byte(p.baseAddress, from, bytes.count) == expected, "from \(from) in \(bytes)")
          #expect(
            tcalog_next_high_byte_portable(p.baseAddress, from, bytes.count) == expected, "from \(from) in \(bytes)")
        }
      }
    }
    for count in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 100, 130] {
      check([UInt8](repeating: 0x7F, count: count))
      for place in Set([0, 1, 7, 8, 15, 16, 31, 63, 64, 65, 99, 129]) where place < count {
        for high: UInt8 in [0x80, 0xC3, 0xF0, 0xFF] {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
          bytes[place] = high
          check(bytes)
        }
      }
    }
  }

  /// The word compare behind `hasPrefix`, `hasSuffix` and `equals` finds every difference,
  /// at every place of every length around the word size, including in the overlap of the
  /// last word; and the literal tests agree with a byte loop on the marker lines.
  @Test func wordCompareFindsADifferenceAtEveryPlace() {
    for n in 0...40 {
      let a = (0..<n).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
      a.withUnsafeBufferPointer { pa in
        if n > 0 { #expect(ByteText.same(pa.baseAddress!, pa.baseAddress!, n)) }
        for place in 0..<n {
          for flip: UInt8 in [0x01, 0x80, 0xFF] {
            var b = a
            b[place] ^= flip
            b.withUnsafeBufferPointer { pb in
              #expect(!ByteText.same(pa.baseAddress!, pb.baseAddress!, n), "length \(n), place \(place)")
            }
          }
        }
      }
    }
    let lines = [
      "🎬 Received action:", "Received action:", "eceived action:", "State:", "🖨️ State:", "tate:", "(No state changes)",
      "Current: 1", "C",
    ]
    for text in lines {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { p in
        let all = 0..<p.count
        #expect(ByteText.hasSuffix(p, all, "Received action:") == text.hasSuffix("Received action:"), "\(text)")
        #expect(ByteText.hasSuffix(p, all, "State:") == text.hasSuffix("State:"), "\(text)")
        #expect(ByteText.hasPrefix(p, all, "Current:") == text.hasPrefix("Current:"), "\(text)")
        #expect(ByteText.equals(p, all, "(No state changes)") == (text == "(No state changes)"), "\(text)")
      }
    }
  }

  /// The bracket count of a line inside a larger buffer (`add(_:_:readable:)`, whose last
  /// word reads past the line's end) equals the count that reads the line alone, whatever
  /// follows the line: brackets, quotes, backslashes and zero bytes right after its end,
  /// strings cut by the end, lines shorter than a word.
  @Test func bracketCountPastTheLineEndAgreesWithTheLineAlone() {
    let pieces = [
      "(", ")", "[", "]", "{", "}", "\"", "\"\"\"", "#\"", "\"#", "\\", "a", "id: 1", "  ", "…", "x: \"a(b\"",
    ]
    let after: [UInt8] = [0x0A, 0x28, 0x29, 0x22, 0x5C, 0x23, 0x00, 0x01, 0x5D, 0x7D, 0x61, 0xFF]
    var generator = SeededRandom(seed: 0xB4AC_CE75)
    for _ in 0..<30_000 {
      let count = Int.random(in: 0...6, using: &generator)
      let line = Array(
        (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined().utf8)
      let tail = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
        after[Int.random(in: 0..<after.count, using: &generator)]
      }
      let start = Int.random(in: 0...min(3, line.count), using: &generator)
      var alone = BracketCounter()
      alone.inTripleQuote = Int.random(in: 0..<6, using: &generator) == 0
      var inBuffer = alone
      let expected = line.withUnsafeBufferPointer { alone.add($0, start..<$0.count) }
      let buffer = line + tail
      let got = buffer.withUnsafeBufferPointer { whole in
        inBuffer.add(UnsafeBufferPointer(rebasing: whole[0..<line.count]), start..<line.count, readable: whole.count)
      }
      let text = String(decoding: line, as: UTF8.self)
      #expect(got == expected, "\(text) + \(tail)")
      #expect(inBuffer.depth == alone.depth && inBuffer.inTripleQuote == alone.inTripleQuote, "\(text) + \(tail)")
      #expect(inBuffer.sawQuote == alone.sawQuote, "\(text) + \(tail)")
    }
  }

  /// The marker lines' short way compares lines of 14 and 26 bytes with these literals,
  /// which the full way takes as a state header and a no-change line, and the header's
  /// lines of 21 bytes with a `diffing` header.
  @Test func markerLinesAreTheLengthsTheShortWayTests() {
    #expect(ScanState.stateHeaderLine.utf8CodeUnitCount == 14)
    #expect(ScanState.noChangeLine.utf8CodeUnitCount == 26)
    #expect(ScanState.diffingHeaderLine.utf8CodeUnitCount == 21)
    let header = ScanState.diffingHeaderLine
    #expect(LineKinds.header(UnsafeBufferPointer(start: header.utf8Start, count: 21), 0..<21) == .diffing)
    let tca = ScanState.tcaHeaderLine
    #expect(tca.utf8CodeUnitCount == 16)
    #expect(LineKinds.header(UnsafeBufferPointer(start: tca.utf8Start, count: 16), 0..<16) == .tca(storePrefix: nil))
    // The formats' table gives each exact header line's length as a literal.
    for format in [HeaderFormat.diffing, .tca] {
      let described = format.described
      #expect(described.exactHeaderLine?.utf8CodeUnitCount == described.exactHeaderLength)
    }
    for (literal, isStateHeader) in [(ScanState.stateHeaderLine, true), (ScanState.noChangeLine, false)] {
      let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
      #expect(LineKinds.isStateHeader(bytes, 0..<bytes.count) == isStateHeader)
      #expect(LineKinds.isNoChange(bytes, 0..<bytes.count) == !isStateHeader)
    }
  }

  /// The label-end word mask of the Custom Dump parser flags `:`, `"`, `#`, `(`, `[`, `{`;
  /// neighbours that fold (`)`, `]`, `}`, `!`, `$`, `;`) or borrow (0, 1, 0x80) are not.
  @Test func labelMaskFlagsTheFirstLabelEnd() {
    Self.expectLowestFlagIsFirst(
      "label end", CustomDumpDiffParser.labelBits, set: Set(":\"#([{".utf8),
      alphabet: [0x00, 0x01, 0x20, 0x21, 0x22, 0x23, 0x24, 0x28, 0x29, 0x3A, 0x3B, 0x5B, 0x5D, 0x7B, 0x7D, 0x80, 0x61],
      seed: 0x1ABE_15)
  }

  /// The Custom Dump parser's dot test, which lets a container without a `.` skip
  /// `splitCaseName`, finds a `.` at every place of heads of every length, and none in a head
  /// of its neighbours (`-`, `/`, `,`, 0x2E with its high bit set, 0x00, 0x01).
  @Test func dotTestFindsEveryDot() {
    Self.expectLowestFlagIsFirst(
      "dot", CustomDumpDiffParser.dotBits, set: [0x2E],
      alphabet: [0x00, 0x01, 0x2C, 0x2D, 0x2E, 0x2F, 0xAE, 0x61, 0x41], seed: 0xD07)
    let others: [UInt8] = [0x00, 0x01, 0x2C, 0x2D, 0x2F, 0xAE, 0x61, 0x41, 0x28]
    for length in 0...40 {
      for place in -1..<length {
        var bytes = (0..<(length + 16)).map { others[$0 % others.count] }
        if place >= 0 { bytes[place + 3] = 0x2E }
        bytes.withUnsafeBufferPointer { p in
          #expect(CustomDumpDiffParser.holdsDot(p, 3..<(3 + length)) == (place >= 0), "\(length), \(place)")
        }
      }
    }
  }

  /// A Difference tree line's depth and item start, read four `|\t` units to a word, are
  /// what a byte loop over its units gives: for indentations that mix the units (`|\t`,
  /// `| `, `\t`) with stray `|` and tabs, at every length around a word, and lines that
  /// end inside the indentation.
  @Test func treeIndentationAgreesWithAUnitLoop() {
    func reference(_ text: [UInt8], _ end: Int) -> (start: Int, depth: Int) {
      var i = 0
      var depth = 0
      while i < end {
        if text[i] == UInt8(ascii: "|"), i + 1 < end, text[i + 1] == 0x09 || text[i + 1] == 0x20 {
          i += 2
        } else if text[i] == 0x09 {
          i += 1
        } else {
          break
        }
        depth += 1
      }
      return (i, depth)
    }
    let units = ["|\t", "|\t", "|\t", "| ", "\t", "|", " "]
    let items = ["x: 1", "Current: 2", "Key A:", "", "|", "\t|"]
    var random = SeededRandom(seed: 0x1D7)
    for _ in 0..<20_000 {
      let indentation = (0..<Int.random(in: 0...12, using: &random)).map { _ in units.randomElement(using: &random)! }
      let line = Array((indentation.joined() + items.randomElement(using: &random)!).utf8)
      // Content that stops inside the indentation too (a line cut at its end).
      let end = Int.random(in: 0...line.count, using: &random)
      line.withUnsafeBufferPointer { text in
        let tree = TreeLine.classify(text, 0..<end)
        let trimmed = ByteText.trimmedEnd(text, 0..<end).upperBound
        let expected = reference(line, trimmed)
        #expect(
          tree.item.lowerBound == expected.start && tree.depth == expected.depth,
          "\(String(decoding: line[0..<end], as: UTF8.self).debugDescription)")
      }
    }
  }
}
