import Testing
@testable import TCALogKit

/// Inputs that `Tests/Fuzz/fuzz parser` found to break the parser, reduced by hand, kept so the
/// bugs stay fixed. Each also passes the fuzz harness's invariants (valid UTF-8 JSON, lines
/// and bytes accounted for).
struct FuzzRegressionTests {
  /// Found by the fuzzer: a `Current:` label followed by U+2007 instead of a space. The
  /// value started one byte after the colon, inside the 3-byte character, so the record's
  /// JSON was invalid UTF-8 although its input was valid.
  @Test func leafValueAfterColonWithoutSpaceKeepsWholeCharacters() throws {
    let log = "🎬 Received action:\n  AppAction.tick\n🖨️ State:\nflag:\n|\tCurrent:\u{2007}x\n|\tPrevious:y\n\n"
    let (records, statistics, _) = try parse(log)
    try #require(records.count == 1)
    #expect(records[0].changeList == [Change("flag", old: "y", new: "\u{2007}x")])
    var json: [UInt8] = []
    RecordJSON.append(records[0], to: &json)
    #expect(UTF8Validation.isValid(json))
    #expect(statistics.recordLines + statistics.otherLines == statistics.lines)
  }
}
