import TCALogFilterSyntax
import Testing

/// The one grammar of a filter repository's lines, on literal text.
@Suite struct FilterFileSyntaxTests {
  typealias Entry = FilterFileSyntax.Entry

  @Test func entriesKeepLinesCommentsAndBadLines() {
    let text =
      "\u{FEFF}# header\r\n\r\nhover = ^windows\\.hover$   # the pointer\r\n"
      + "keep close = ^windows\\.close$\nkeep = x\n  tick=#1\nno equals here\n\tfold = a #b c\n"
    #expect(
      FilterFileSyntax.lines(of: text) == [
        .entry(Entry(line: 3, isKeep: false, name: "hover", pattern: "^windows\\.hover$")),
        .entry(Entry(line: 4, isKeep: true, name: "close", pattern: "^windows\\.close$")),
        // `keep` without a name after it stays an entry named `keep`.
        .entry(Entry(line: 5, isKeep: false, name: "keep", pattern: "x")),
        // A pattern's first `#` is no comment.
        .entry(Entry(line: 6, isKeep: false, name: "tick", pattern: "#1")),
        .withoutEquals(line: 7),
        .entry(Entry(line: 8, isKeep: false, name: "fold", pattern: "a")),
      ])
  }

  @Test func namesAndPatternsAreTakenAsWrittenForTheReaderToCheck() {
    #expect(
      FilterFileSyntax.lines(of: "a-b = \n = x\n") == [
        .entry(Entry(line: 1, isKeep: false, name: "a-b", pattern: "")),
        .entry(Entry(line: 2, isKeep: false, name: "", pattern: "x")),
      ])
  }
}
