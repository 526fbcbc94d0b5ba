import Foundation
import Testing

@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogReport

/// The one escaper, the one JSON writer, machine numbers and CSV of the Output stage.
@Suite struct OutputWritersTests {
  func escaped(_ bytes: [UInt8], keepLayout: Bool = false) -> String {
    var out: [UInt8] = []
    bytes.withUnsafeBufferPointer { TerminalSafe.append($0, keepLayout: keepLayout, to: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// One spelling for every control character, from bytes and from a String alike.
  @Test func everyControlHasOneSpelling() {
    let named: [UInt8: String] = [0x00: #"\0"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0D: #"\r"#, 0x1B: #"\e"#]
    for byte in Array(UInt8(0)..<0x20) + [0x7F] {
      let expected = named[byte] ?? "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
      #expect(escaped([byte]) == expected)
      #expect(TerminalSafe.escaped(String(UnicodeScalar(byte))) == expected)
    }
    #expect(TerminalSafe.escaped("\u{1}\u{7}\u{7F}") == #"\x01\x07\x7f"#)
  }

  @Test func separatorsC1AndBidiControlsAreEscapedOtherCharactersAreNot() {
    for scalar in [0x85, 0x9B, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069] as [UInt32] {
      let text = "a" + String(UnicodeScalar(scalar)!) + "b"
      #expect(TerminalSafe.escaped(text) == "a\\u{\(String(scalar, radix: 16))}b")
      #expect(escaped(Array(text.utf8), keepLayout: true) == "a\\u{\(String(scalar, radix: 16))}b")
    }
    for scalar in [0xA0, 0xE9, 0x2027, 0x202F, 0x2065, 0x206A, 0x1F3AC] as [UInt32] {
      let text = "a" + String(UnicodeScalar(scalar)!) + "b"
      #expect(TerminalSafe.escaped(text) == text)
    }
  }

  /// Overlong forms, surrogates and values above U+10FFFF are bytes, not characters.
  @Test func invalidSequencesAreEscapedByteByByte() {
    #expect(escaped([0xC0, 0xAF]) == #"\xc0\xaf"#)
    #expect(escaped([0xED, 0xA0, 0x80]) == #"\xed\xa0\x80"#)
    #expect(escaped([0xF4, 0x90, 0x80, 0x80]) == #"\xf4\x90\x80\x80"#)
    #expect(escaped([0xE2, 0x80]) == #"\xe2\x80"#)
    #expect(escaped([0x61, 0xC2, 0x9B, 0xC2]) == #"a\u{9b}\xc2"#)
  }

  /// `isSafe` lets a printer skip `append`: it must never say safe where `append` escapes.
  @Test func isSafeAgreesWithAppend() {
    for keepLayout in [false, true] {
      for text in ["plain", "a\tb\n", "a\r\n", "fake\rreal", "end\r", "x\u{7F}", "\u{1B}[2J"] {
        let bytes = Array(text.utf8)
        if bytes.withUnsafeBufferPointer({ TerminalSafe.isSafe($0, keepLayout: keepLayout) }) {
          #expect(escaped(bytes, keepLayout: keepLayout) == text, "\(text.debugDescription)")
        }
      }
    }
    #expect(!Array("fake\rreal\n".utf8).withUnsafeBufferPointer { TerminalSafe.isSafe($0, keepLayout: true) })
  }

  func json(_ spacing: JSONWriter.Spacing = .compact, _ body: (inout JSONWriter) -> Void) -> String {
    JSONWriter.text(spacing: spacing, body)
  }

  @Test func jsonWriterPutsTheCommasAndTheLayout() {
    let compact = json { w in
      w.beginObject()
      w.member("a", 1)
      w.member("b", strings: ["x", "y"])
      w.key("c")
      w.beginObject()
      w.endObject()
      w.member("d", nil as String?)
      w.member("e", true)
      w.endObject()
    }
    #expect(compact == #"{"a":1,"b":["x","y"],"c":{},"d":null,"e":true}"#)
    let spaced = json(.spaced) { w in
      w.beginObject()
      w.lineBreak(indent: 2)
      w.member("a", 0.5)
      w.member("b", integers: [1, 2])
      w.lineBreak(indent: 2)
      w.key("rows")
      w.beginArray()
      for n in 0..<2 {
        w.lineBreak(indent: 4)
        w.beginObject()
        w.member("n", n)
        w.endObject()
      }
      w.lineBreak(indent: 2)
      w.endArray()
      w.lineBreak(indent: 2)
      w.key("none")
      w.beginArray()
      w.lineBreak(indent: 2)
      w.endArray()
      w.lineBreak(indent: 0)
      w.endObject()
    }
    #expect(
      spaced
        == "{\n  \"a\": 0.5, \"b\": [1, 2],\n  \"rows\": [\n    {\"n\": 0},\n    {\"n\": 1}\n  ],\n"
        + "  \"none\": [\n  ]\n}"
    )
    #expect((try? JSONSerialization.jsonObject(with: Data(spaced.utf8))) != nil)
  }

  /// One escaping rule for every JSON string: what JSON requires, nothing more.
  @Test func jsonStringsEscapeQuotesBackslashesAndC0Only() {
    let text = "q\"b\\s/\n\r\t\u{0}\u{1B}\u{1F}\u{7F}\u{2028}é"
    #expect(JSONWriter.quoted(text) == #""q\"b\\s/\n\r\t\u0000\u001b\u001f"# + "\u{7F}\u{2028}é\"")
    let decoded = try? JSONSerialization.jsonObject(
      with: Data(JSONWriter.quoted(text).utf8), options: .fragmentsAllowed)
    #expect(decoded as? String == text)
    var out: [UInt8] = []
    [0x61, 0xFF, 0x62].withUnsafeBufferPointer { JSONWriter.appendString($0, repairingInvalidUTF8: true, to: &out) }
    #expect(String(decoding: out, as: UTF8.self) == "\"a\u{FFFD}b\"")
  }

  @Test func machineNumbers() {
    for n in [0, 7, -7, 10, 99, 100, -1_234_567, Int.max, Int.min] {
      var out: [UInt8] = []
      MachineNumbers.append(n, to: &out)
      #expect(String(decoding: out, as: UTF8.self) == String(n))
    }
    #expect(MachineNumbers.text(2) == "2")
    #expect(MachineNumbers.text(1 / 3) == "0.333333")
    #expect(MachineNumbers.text(-0.0) == "0")
    #expect(MachineNumbers.text(.infinity) == "null")
  }

  /// A CR LF pair is one Character in Swift: the field must still be quoted.
  @Test func csvQuotesWhatItMust() {
    #expect(CSV.field("plain path") == "plain path")
    #expect(CSV.field("a,b") == "\"a,b\"")
    #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSV.field("a\r\nb") == "\"a\r\nb\"")
    // A lone CR is a control character, escaped (issue 42, row 10).
    #expect(CSV.field("a\rb") == #"a\rb"#)
    #expect(CSV.row(["x", "1,2", ""]) == "x,\"1,2\",\n")
  }

  /// Cells a spreadsheet would run as formulas start with `'` (OWASP's advice), numbers
  /// stay numbers, and control characters are escaped (issue 42, row 10: a state value
  /// `=HYPERLINK(…)` and raw ESC/BEL were written as they came).
  @Test func csvCellsCannotBeFormulasOrControlSequences() {
    #expect(CSV.field(#"=HYPERLINK("http://evil.example","x")"#) == #""'=HYPERLINK(""http://evil.example"",""x"")""#)
    #expect(CSV.field("+cmd|' /C calc'!A0") == "'+cmd|' /C calc'!A0")
    #expect(CSV.field("-2+3") == "'-2+3")
    #expect(CSV.field("@SUM(A1)") == "'@SUM(A1)")
    #expect(CSV.field("\t=1") == "'\t=1")
    #expect(CSV.field("\r=1") == #"\r=1"#)
    for number in ["-0.5", "+3", "-12", "1.5e-05", "-2E+3", "0"] { #expect(CSV.field(number) == number) }
    #expect(CSV.field("a=b") == "a=b" && CSV.field("-") == "'-" && CSV.field("-e5") == "'-e5")
    #expect(CSV.field("title\u{1B}]52;c;ZXZpbA==\u{07}") == #"title\e]52;c;ZXZpbA==\x07"#)
    #expect(CSV.field("a\tb\nc") == "\"a\tb\nc\"")
  }
}

extension OutputWritersTests {
  /// Both `--include-type` outputs come from one ActionFilter template: the same members,
  /// Sendable only in the casepath style, doc comments only in the closure style.
  @Test func bothStylesShareOneActionFilter() {
    func members(_ code: String) -> [String] {
      code.split(separator: "\n").map { $0.replacingOccurrences(of: "@Sendable ", with: "") }
        .filter { $0.hasPrefix("  public ") || $0.hasPrefix("    ") }
    }
    let closure = SuggestionPrinter.actionFilterType
    let casePath = SuggestionPrinter.casePathSupport
    let structInCasePath = String(casePath[casePath.range(of: "public struct ActionFilter")!.lowerBound...])
      .components(separatedBy: "\n}\n")[0]
    #expect(members(closure) == members(structInCasePath))
    #expect(closure.contains("  /// Matches every action.\n") && !structInCasePath.contains("///"))
    #expect(structInCasePath.hasPrefix("public struct ActionFilter<Action: FilterableAction>: Sendable {"))
    #expect(closure.hasPrefix("public struct ActionFilter<Action> {") && closure.hasSuffix("\n}\n"))
  }
}

/// Long lines of `check` break at spaces to fit the terminal.
struct WrappedTextTests {
  @Test func breaksAtSpacesIndentsLaterLinesAndKeepsLongWords() {
    let line = "FAIL  no-op-flood  no action is over 20% of all records"
    #expect(TextFormatting.wrapped(line, width: 80, indent: "      ") == line)
    let wrapped = TextFormatting.wrapped(line, width: 30, indent: "      ")
    #expect(wrapped == "FAIL  no-op-flood  no action\n      is over 20% of all\n      records")
    #expect(wrapped.split(separator: "\n").allSatisfy { $0.count <= 30 })
    #expect(
      TextFormatting.wrapped("      measured 413/s, limit 76/s", width: 20, indent: "      ")
        == "      measured\n      413/s, limit\n      76/s")
    let long = "a " + String(repeating: "x", count: 40) + " b"
    #expect(
      TextFormatting.wrapped(long, width: 10, indent: "  ") == "a\n  " + String(repeating: "x", count: 40) + "\n  b")
  }

  /// A width below the indentation (`COLUMNS=1` to 6) crashed ("Range requires lowerBound
  /// <= upperBound"); now every width gives each word once, in order, and no line of blanks
  /// (issue 42, row 8).
  @Test func everyWidthDownToZeroKeepsEveryWord() {
    let lines = [
      "before  Samples/todos-tca1.log: 17 records, 238 lines", "after   x", "      measured 413/s, limit 76/s",
      "   ", "", "a", "FAIL  no-op-flood  no action is over 20% of all records",
    ]
    for line in lines {
      for width in 0...12 {
        for indent in ["", "  ", "      ", "        "] {
          let wrapped = TextFormatting.wrapped(line, width: width, indent: indent)
          #expect(wrapped.split(whereSeparator: \.isWhitespace) == line.split(whereSeparator: \.isWhitespace))
          let later = wrapped.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
          // (Without an indentation, blanks after a break start the next line, as before.)
          #expect(
            indent.isEmpty || later.allSatisfy { !$0.allSatisfy { $0 == " " } }, "\(line) at \(width): \(wrapped)")
        }
      }
    }
  }
}

/// Markdown code spans that text from a log cannot end (issue 42, row 11: `` \` `` is no
/// escape in CommonMark, so a backtick in a property name broke the span open and GitHub
/// rendered what followed as markdown and HTML).
struct MarkdownTests {
  /// The text a CommonMark reader sees in a code span: the fence measured, one space
  /// stripped from each end when both have one.
  static func spanText(_ span: String) -> String? {
    let fence = span.prefix { $0 == "`" }
    guard !fence.isEmpty, span.hasSuffix(fence), span.count >= 2 * fence.count else { return nil }
    var inner = span.dropFirst(fence.count).dropLast(fence.count)
    // No run of backticks of the fence's length inside, or the span ends there.
    let runs = inner.split(whereSeparator: { $0 != "`" })
    guard !runs.contains(where: { $0.count == fence.count }) else { return nil }
    if inner.count >= 2, inner.first == " ", inner.last == " ", inner.contains(where: { $0 != " " }) {
      inner = inner.dropFirst().dropLast()
    }
    return String(inner)
  }

  @Test func spansHoldEveryBacktick() {
    #expect(Markdown.code("windows.window.hover") == "`windows.window.hover`")
    #expect(Markdown.code("a|b") == #"`a\|b`"#)
    for text in ["`a`<b>x</b>", "a`b", "a``b`", "```", "x`", "`", "a\nb`", "[link](http://e.example)` <b>"] {
      let span = Markdown.code(text)
      #expect(!span.contains("\n"), "\(text)")
      #expect(Self.spanText(span) == TerminalSafe.escaped(text), "\(text): \(span)")
    }
    #expect(Markdown.code("`a`<b>x</b>") == "`` `a`<b>x</b> ``")
  }
}
