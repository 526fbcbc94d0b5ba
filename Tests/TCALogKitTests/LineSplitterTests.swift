import CByteMasks
import TCALogTestSupport
import Testing

@_spi(Scanner) @testable import TCALogInput

/// The line splitter finds line feeds 64 bytes at a time by masks; these tests hold it to
/// a plain byte loop, and the SSE2 mask to the portable one used where SSE2 is missing.
@Suite struct LineSplitterTests {
  /// The lines a byte loop finds: (content, full) as offsets into the input.
  static func byteLoopLines(_ bytes: [UInt8]) -> [(content: Range<Int>, full: Range<Int>)] {
    var lines: [(content: Range<Int>, full: Range<Int>)] = []
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      let hasFeed = end < bytes.count
      var contentEnd = end
      if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      let fullEnd = hasFeed ? end + 1 : end
      lines.append((start..<contentEnd, start..<fullEnd))
      start = fullEnd
    }
    return lines
  }

  static func splitterLines(_ bytes: [UInt8], firstLine: Int, firstOffset: Int) -> (
    lines: [(content: Range<Int>, full: Range<Int>, number: Int, offset: Int)], count: Int
  ) {
    bytes.withUnsafeBufferPointer { buffer in
      var splitter = LineSplitter(buffer, firstLine: firstLine, firstOffset: firstOffset)
      var lines: [(content: Range<Int>, full: Range<Int>, number: Int, offset: Int)] = []
      let base = buffer.baseAddress
      func offset(_ p: UnsafePointer<UInt8>?) -> Int { p.map { base!.distance(to: $0) } ?? 0 }
      while let line = splitter.next() {
        let c = offset(line.content.baseAddress)
        let f = offset(line.full.baseAddress)
        lines.append((c..<(c + line.content.count), f..<(f + line.full.count), line.number, line.offset))
      }
      return (lines, splitter.number - (firstLine - 1))
    }
  }

  @Test func splitterAgreesWithAByteLoop() {
    // Short and long lines, CR before LF, lone CRs, empty lines, a last line with or
    // without LF, lengths around the 64-byte windows.
    var generator = SeededRandom(seed: 0x11AE_5017)
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x0D, 0x61, 0x62, 0x20, 0xE2, 0x80]
    for round in 0..<3_000 {
      let length = round < 200 ? round : Int.random(in: 0..<600, using: &generator)
      let newlineShare = [2, 8, 40, 200][round % 4]
      let bytes: [UInt8] = (0..<length).map { _ in
        Int.random(in: 0..<newlineShare, using: &generator) == 0
          ? alphabet[Int.random(in: 0..<3, using: &generator)]
          : alphabet[Int.random(in: 2..<alphabet.count, using: &generator)]
      }
      let firstLine = Int.random(in: 1..<50, using: &generator)
      let firstOffset = Int.random(in: 0..<10_000, using: &generator)
      let expected = Self.byteLoopLines(bytes)
      let found = Self.splitterLines(bytes, firstLine: firstLine, firstOffset: firstOffset)
      #expect(found.count == expected.count, "\(bytes)")
      #expect(found.lines.count == expected.count, "\(bytes)")
      for (i, (line, want)) in zip(found.lines, expected).enumerated() {
        #expect(line.content == want.content && line.full == want.full, "line \(i) of \(bytes)")
        #expect(line.number == firstLine + i && line.offset == firstOffset + want.full.lowerBound)
      }
    }
  }

  /// Lines passed over by `skip(to:lines:)` (as the scanner's action run does) leave the
  /// splitter where taking them one by one would: the next lines, their numbers and the
  /// count of lines agree with the byte loop, for skips within a 64-byte window and across
  /// several.
  @Test func skippedLinesLeaveTheSplitterWhereTakingThemWould() {
    var generator = SeededRandom(seed: 0x5C1F_0A0A)
    let alphabet: [UInt8] = [0x0A, 0x0D, 0x61, 0x20]
    for round in 0..<2_000 {
      let length = Int.random(in: 0..<500, using: &generator)
      let share = [3, 10, 60][round % 3]
      let bytes: [UInt8] = (0..<length).map { _ in
        Int.random(in: 0..<share, using: &generator) == 0
          ? 0x0A : alphabet[Int.random(in: 1..<alphabet.count, using: &generator)]
      }
      let expected = Self.byteLoopLines(bytes)
      bytes.withUnsafeBufferPointer { buffer in
        var splitter = LineSplitter(buffer, firstLine: 3, firstOffset: 100)
        var index = 0  // of the next expected line
        while index < expected.count {
          // Skip up to 12 whole lines (a line with its feed), or take one.
          let wanted = Int.random(in: 0...12, using: &generator)
          var skipped = 0
          while skipped < wanted && index + skipped < expected.count
            && bytes[expected[index + skipped].full.upperBound - 1] == 0x0A
          {
            skipped += 1
          }
          #expect(splitter.nextLineStart == expected[index].full.lowerBound, "round \(round)")
          if skipped > 0 && Int.random(in: 0..<2, using: &generator) == 0 {
            splitter.skip(to: expected[index + skipped - 1].full.upperBound, lines: skipped)
            index += skipped
            #expect(splitter.number == 2 + index, "round \(round)")
            continue
          }
          guard let line = splitter.next() else {
            Issue.record("round \(round): no line \(index)")
            return
          }
          let start = buffer.baseAddress!.distance(to: line.full.baseAddress!)
          #expect(start == expected[index].full.lowerBound && line.full.count == expected[index].full.count)
          #expect(line.content.count == expected[index].content.count && line.number == 3 + index)
          #expect(line.offset == 100 + start, "round \(round)")
          index += 1
        }
        #expect(splitter.next() == nil && splitter.number == 2 + expected.count, "round \(round)")
      }
    }
  }

  @Test func splitterOnEmptyInputReturnsNoLine() {
    let found = Self.splitterLines([], firstLine: 7, firstOffset: 0)
    #expect(found.lines.isEmpty && found.count == 0)
  }

  @Test func masksAgreeWithAByteLoop() {
    var generator = SeededRandom(seed: 0x3A5C_0064)
    // Bytes next to the target in value, and 0x80/0xFF (sign and borrow edges).
    let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x00, 0x8A, 0x80, 0xFF, 0x7F, 0x61, 0x0A]
    for _ in 0..<20_000 {
      let bytes = (0..<64).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
      let target: UInt8 = Int.random(in: 0..<4, using: &generator) == 0 ? 0x80 : 0x0A
      var expected: UInt64 = 0
      for (i, b) in bytes.enumerated() where b == target { expected |= 1 << UInt64(i) }
      bytes.withUnsafeBufferPointer { p in
        #expect(tcalog_byte_mask64(p.baseAddress, target) == expected, "\(bytes)")
        #expect(tcalog_byte_mask64_portable(p.baseAddress, target) == expected, "\(bytes)")
        let count = Int.random(in: 0...64, using: &generator)
        let low = count == 64 ? expected : expected & ((1 << UInt64(count)) - 1)
        #expect(tcalog_byte_mask_upto64(p.baseAddress, count, target) == low, "\(count) of \(bytes)")
      }
    }
  }
}
