import Foundation
import TCALogTestSupport
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@_spi(Scanner) @testable import TCALogQuery
@testable import TCALogSuggest
@testable import TCALogSupport

/// The small rules that several stages apply, each written once (issue 44): each is tested
/// here, once, and its users call it instead of a copy of their own.
@Suite struct OneRuleTests {
  /// `isPlainIdentifier`: repository names (tcalog's and the app's `FilterFile`), and the
  /// only names from a log that reach generated code (`SwiftIdentifier.plain`).
  @Test func plainIdentifiersAreASCIISwiftNames() {
    let good = ["windowsWindowHover", "a_bC", "_x1", "__", "A", "z9"]
    let bad = ["", "_", "1a", "a-b", "héllo", "a.b", "a b", "`class`", "@", "[", "`", "{"]
    for name in good {
      #expect(name.isPlainIdentifier, "\(name)")
      #expect(FilterRepository.isValidName(name) && SwiftIdentifier.plain(name) == name, "\(name)")
    }
    for name in bad {
      #expect(!name.isPlainIdentifier, "\(name)")
      #expect(!FilterRepository.isValidName(name), "\(name)")
    }
    // A name in backticks is read without them; the backticks alone make no name.
    #expect(SwiftIdentifier.plain("`class`") == "class" && SwiftIdentifier.plain("`1`") == nil)
    // Every byte after a letter: only ASCII letters, digits and `_` keep a name plain.
    for byte in UInt8(0x20)...UInt8(0x7E) {
      let name = "a" + String(UnicodeScalar(byte))
      let expected =
        byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte)
      #expect(name.isPlainIdentifier == expected, "\(name)")
    }
  }

  /// `PatternMatcher.literal`: the patterns tcalog writes (a budget template's rules, a
  /// suggestion's entry) match the text they were made of and nothing else; on the action
  /// paths of real logs (identifiers and dots) it writes what the suggester's dot-only
  /// escaping wrote, so suggestions read as before.
  @Test func literalPatternsMatchTheirTextAlone() throws {
    #expect(PatternMatcher.literal("windows.window.hover") == #"windows\.window\.hover"#)
    #expect(PatternMatcher.literal(#"a\b^c$d.e|f?g*h+i(j)k[l]m{n}"#) == #"a\\b\^c\$d\.e\|f\?g\*h\+i\(j\)k\[l\]m\{n\}"#)
    let texts = ["a.b", "a|b", "(x)+", "[ab]", "x{2}", #"\d"#, "^$", "é.🎬", "a*?", ".*"]
    for text in texts {
      let matcher = try PatternMatcher("^" + PatternMatcher.literal(text) + "$")
      #expect(try matcher.matches(text), "\(text)")
      for other in ["", "a", "ab", "aab", "xx", "d", "é🎬", text + "x", String(text.dropLast())] where other != text {
        #expect(try !matcher.matches(other), "\(text) ~ \(other)")
      }
    }
    let log = try generatedLog(["--format", "diffing"], records: 400, seed: 44, tag: "literal")
    defer { unlink(log) }
    let scan = try RecordScanner.scan(InputOpener.open(log))
    let paths = Set(scan.records.map(\.actionPath))
    #expect(paths.count > 10)
    for path in paths {
      #expect(PatternMatcher.literal(path) == path.replacingScalars(".", with: "\\."), "\(path)")
    }
  }

  /// `Descriptor.writeAll`: all of the bytes, in as many writes as the descriptor takes
  /// (a pipe holds 64 KiB), or the errno of the write that failed.
  @Test func writeAllWritesEverythingOrSaysWhy() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    final class Received: @unchecked Sendable {
      let done = Condition()
      var bytes: [UInt8] = []
      var finished = false
    }
    let received = Received()
    let readEnd = fds[0]
    DetachedThread.start(stackSize: 1 << 20) {
      var chunk = [UInt8](repeating: 0, count: 8192)
      var all: [UInt8] = []
      while true {
        let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        all += chunk[0..<n]
      }
      received.done.lock()
      received.bytes = all
      received.finished = true
      received.done.broadcast()
      received.done.unlock()
    }
    let status = bytes.withUnsafeBufferPointer { Descriptor.writeAll($0, to: fds[1]) }
    close(fds[1])
    received.done.lock()
    while !received.finished { received.done.wait() }
    received.done.unlock()
    close(fds[0])
    #expect(status == 0)
    #expect(received.bytes == bytes)
    #expect([UInt8(1)].withUnsafeBufferPointer { Descriptor.writeAll($0, to: -1) } == EBADF)
  }

  /// `TerminalType.understandsEscapes`: colours (`--color auto`) and the frames of
  /// `report --live` need a `TERM` that is set, not empty and not `dumb`.
  @Test func escapesNeedATermThatIsNotDumb() {
    #expect(TerminalType.understandsEscapes(["TERM": "xterm-256color"]))
    #expect(!TerminalType.understandsEscapes(["TERM": "dumb"]))
    #expect(!TerminalType.understandsEscapes(["TERM": ""]))
    #expect(!TerminalType.understandsEscapes([:]))
    #expect(ColorPolicy.resolve(.auto, environment: ["TERM": "xterm"], isTerminal: true))
    #expect(!ColorPolicy.resolve(.auto, environment: ["TERM": "dumb"], isTerminal: true))
  }
}
