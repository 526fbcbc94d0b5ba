import CPCRE2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pattern that could not be compiled: PCRE2's message and the byte offset it points at.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The pattern as given (its first 40 characters and `…` when it is over the length limit).
  public var pattern: String
  /// Byte offset into the pattern where PCRE2 stopped; nil when the whole pattern is refused.
  public var offset: Int?
  /// PCRE2's message, or why the pattern was refused before PCRE2 saw it (too long, out of memory).
  public var message: String

  /// An error for `pattern`; `offset` nil when no position is to blame.
  package init(pattern: String, offset: Int?, message: String) {
    self.pattern = pattern
    self.offset = offset
    self.message = message
  }

  /// The message, with the pattern as given (escaped where it is written); of a long
  /// pattern, the part around the offset (`excerpt`).
  public var description: String {
    let shown = excerpt
    let size = shown.text == pattern ? "" : " (\(pattern.utf8.count) bytes)"
    if let offset { return "invalid pattern '\(shown.text)'\(size) at offset \(offset): \(message)" }
    return "invalid pattern '\(shown.text)'\(size): \(message)"
  }

  /// Patterns up to this many characters are shown whole.
  static let shownLength = 60

  /// What a message shows of the pattern: all of a short one; of a long one, 60 characters
  /// around the offset (the start without one), `…` where it is cut (a 55 KB pattern was
  /// written twice whole, and its caret line was 55 KB of spaces). `offset`: the offset's
  /// place in `text`, in UTF-8 bytes.
  package var excerpt: (text: String, offset: Int?) {
    let scalars = Array(pattern.unicodeScalars)
    // The scalar at the byte offset.
    var at: Int?
    if let offset {
      var bytes = 0
      at = scalars.count
      for (i, scalar) in scalars.enumerated() {
        if bytes >= offset {
          at = i
          break
        }
        bytes += String(scalar).utf8.count
      }
    }
    guard scalars.count > Self.shownLength else { return (pattern, offset) }
    let split = at ?? 0
    let start = max(0, min(split - 40, scalars.count - Self.shownLength))
    let end = min(scalars.count, start + Self.shownLength)
    func string(_ part: ArraySlice<Unicode.Scalar>) -> String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: part)
      return String(view)
    }
    let head = (start > 0 ? "…" : "") + string(scalars[start..<split])
    let text = head + string(scalars[split..<end]) + (end < scalars.count ? "…" : "")
    let shownOffset = at.map { _ in head.utf8.count }
    return (text, shownOffset)
  }
}

/// A match that PCRE2 gave up on (match, depth or heap limit, JIT stack), so that a
/// catastrophic pattern ends with an error instead of a hang.
public struct MatchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The pattern whose match gave up, as given.
  public var pattern: String
  /// PCRE2's error code (negative), such as `PCRE2_ERROR_MATCHLIMIT`.
  package var code: Int32
  /// PCRE2's message for the code; for the backtracking limits with a hint to simplify the pattern.
  public var message: String
  /// `pattern 'PATTERN': message`.
  public var description: String { "pattern '\(pattern)': \(message)" }
}

/// One compiled PCRE2 pattern over bytes.
///
/// Compiled once (JIT when the library has it, the interpreter otherwise), with one match
/// data block reused by every call, so matching allocates nothing. Not thread-safe: use
/// one matcher per thread.
public final class PatternMatcher {
  /// How a pattern is compiled.
  public struct Options: OptionSet, Sendable, Hashable {
    /// The bits of the set, one per option.
    public let rawValue: Int
    /// A set from its bits; the static members name every bit there is.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Letters match in either case, Unicode case folding included (grep -i).
    public static let caseInsensitive = Options(rawValue: 1)
    /// The pattern is a literal string, not a regular expression (grep -F).
    public static let fixedString = Options(rawValue: 2)
    /// A match must stand alone: neither preceded nor followed by a letter, digit or
    /// underscore (grep -w). In a path that is a whole component or run of components
    /// (`window` matches `windows.window.hover`, not `windows.hover`).
    public static let wholeWords = Options(rawValue: 4)
  }

  /// Longer patterns are refused before PCRE2 sees them.
  package static let maxPatternLength = 64 * 1024
  /// Backtracking budget per match call. The default (10 M) lets `(a+)+$` on a long
  /// subject run for seconds; 2 M still leaves realistic patterns far from the limit.
  package static let matchLimit: UInt32 = 2_000_000
  /// Interpreter backtracking depth (the JIT uses its stack instead).
  package static let depthLimit: UInt32 = 100_000
  /// Interpreter heap for backtracking, in KiB.
  package static let heapLimit: UInt32 = 64 * 1024
  /// The JIT's default 32 KiB machine stack is too small for patterns with nested
  /// groups over long records; grow on demand up to this.
  package static let jitStackMax = 4 * 1024 * 1024

  /// The pattern as given.
  public let pattern: String
  /// The options it was compiled with.
  public let options: Options
  /// False when PCRE2 has no JIT for this machine (or the JIT refused the pattern).
  package let usesJIT: Bool

  /// The pattern's bytes when it is a plain ASCII literal (no metacharacter, or `-F`) that
  /// matches case-sensitively: a byte search finds its first occurrence, which is the match the
  /// JIT would find (ASCII bytes are valid UTF-8 wherever they stand, so `MATCH_INVALID_UTF`
  /// changes nothing), without the JIT's setup per call: about 400 instructions a call on a
  /// 40-byte action path, most of `filter -a`'s matching.
  private let literal: UnsafeMutableBufferPointer<UInt8>?
  private let code: OpaquePointer
  private let matchData: OpaquePointer
  private let matchContext: OpaquePointer
  private let jitStack: OpaquePointer?
  /// A valid address for empty subjects (PCRE2 10.42 rejects a NULL subject).
  // Written once, never mutated afterwards.
  nonisolated(unsafe) private static let emptySubject: UnsafeMutablePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 0)
    return p
  }()

  /// Compiles a pattern (UTF-8, matched against bytes in which invalid UTF-8 never matches a
  /// character). Throws `PatternError` when PCRE2 refuses it, it is longer than
  /// `maxPatternLength` bytes, or memory runs out.
  public convenience init(_ pattern: String, options: Options = []) throws(PatternError) {
    try self.init(pattern, options: options, searchesLiterals: true)
  }

  /// `searchesLiterals: false` matches a literal pattern through PCRE2 too (for tests that
  /// hold the two ways to one answer).
  init(_ pattern: String, options: Options, searchesLiterals: Bool) throws(PatternError) {
    self.pattern = pattern
    self.options = options
    let length = pattern.utf8.count
    guard length <= Self.maxPatternLength else {
      throw PatternError(
        pattern: String(pattern.prefix(40)) + "…", offset: nil,
        message: "pattern is \(length) bytes long, more than the limit of \(Self.maxPatternLength)")
    }
    // Invalid UTF-8 in a log must not stop matching: MATCH_INVALID_UTF treats bad bytes
    // as never matching a character, and spares the per-call UTF check.
    var flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_MATCH_INVALID_UTF)
    if options.contains(.caseInsensitive) { flags |= UInt32(PCRE2_CASELESS) }
    var copy = pattern
    // -w wraps the pattern in lookarounds, which a PCRE2 literal cannot hold: a literal is
    // quoted instead. Error offsets are then taken back to the pattern as given.
    var wrapperLength = 0
    if options.contains(.wholeWords) {
      let body = options.contains(.fixedString) ? Self.quoted(pattern) : pattern
      let prefix = "(?<![[:alnum:]_])(?:"
      wrapperLength = prefix.utf8.count
      copy = prefix + body + ")(?![[:alnum:]_])"
    } else if options.contains(.fixedString) {
      flags |= UInt32(PCRE2_LITERAL)
    }

    var errorCode: Int32 = 0
    var errorOffset: Int = 0
    var compiled: OpaquePointer?
    copy.withUTF8 { bytes in
      compiled = pcre2_compile_8(
        bytes.baseAddress ?? UnsafePointer(Self.emptySubject), bytes.count, flags, &errorCode, &errorOffset, nil)
    }
    guard let compiled else {
      let offset = min(max(0, errorOffset - wrapperLength), length)
      throw PatternError(pattern: pattern, offset: offset, message: Self.message(for: errorCode))
    }
    code = compiled
    // `(*NO_JIT)` in the pattern: the JIT compile succeeds with no JIT code, and every JIT
    // match failed ("bad JIT option", once per record). The interpreter matches it.
    var jitSize = 0
    usesJIT =
      pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
      && pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_JITSIZE), &jitSize) == 0 && jitSize > 0
    if searchesLiterals, !options.contains(.wholeWords), let bytes = Self.plainLiteral(pattern, options: options) {
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
      _ = buffer.initialize(from: bytes)
      literal = buffer
    } else {
      literal = nil
    }

    guard let data = pcre2_match_data_create_from_pattern_8(compiled, nil),
      let context = pcre2_match_context_create_8(nil)
    else {
      pcre2_code_free_8(compiled)
      literal?.deallocate()
      throw PatternError(pattern: pattern, offset: nil, message: "out of memory")
    }
    matchData = data
    matchContext = context
    pcre2_set_match_limit_8(context, Self.matchLimit)
    pcre2_set_depth_limit_8(context, Self.depthLimit)
    pcre2_set_heap_limit_8(context, Self.heapLimit)
    if usesJIT, let stack = pcre2_jit_stack_create_8(32 * 1024, Self.jitStackMax, nil) {
      jitStack = stack
      pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack))
    } else {
      jitStack = nil
    }
  }

  deinit {
    literal?.deallocate()
    if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    pcre2_match_context_free_8(matchContext)
    pcre2_match_data_free_8(matchData)
    pcre2_code_free_8(code)
  }

  /// The byte range of the first match at or after `start`, or nil. SPI: the stages match
  /// a record's bytes in place; a program matches `String`s (`firstMatch(in:)`).
  @_spi(Scanner) @inline(__always)
  public func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0) throws(MatchError) -> Range<Int>?
  {
    let base = subject.baseAddress ?? UnsafePointer(Self.emptySubject)
    if let literal, start <= subject.count {
      // Its first byte by `memchr`, then the rest by `memcmp` (`memmem` is a GNU extension).
      let needle = literal.baseAddress!
      let n = literal.count
      var i = start
      while i + n <= subject.count {
        guard let hit = memchr(base + i, Int32(needle[0]), subject.count - n + 1 - i) else { return nil }
        let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        if memcmp(hit, needle, n) == 0 { return at..<(at + n) }
        i = at + 1
      }
      return nil
    }
    let rc: Int32
    if usesJIT {
      rc = pcre2_jit_match_8(code, base, subject.count, start, 0, matchData, matchContext)
    } else {
      rc = pcre2_match_8(code, base, subject.count, start, 0, matchData, matchContext)
    }
    if rc == PCRE2_ERROR_NOMATCH { return nil }
    if rc < 0 {
      throw MatchError(pattern: pattern, code: rc, message: Self.message(for: rc))
    }
    let ovector = pcre2_get_ovector_pointer_8(matchData)!
    return ovector[0]..<max(ovector[0], ovector[1])
  }

  /// Whether the pattern matches anywhere in `subject` (SPI, as `firstMatch(in:from:)`).
  @_spi(Scanner) @inline(__always)
  public func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(MatchError) -> Bool {
    try firstMatch(in: subject) != nil
  }

  /// Whether the pattern matches anywhere in the string's UTF-8; throws when PCRE2 gives up.
  public func matches(_ string: String) throws(MatchError) -> Bool {
    var copy = string
    // withUTF8 rethrows untyped errors; carry the typed one through a Result.
    return try copy.withUTF8 { bytes in Result { () throws(MatchError) in try matches(bytes) } }.get()
  }

  /// Where the pattern first matches in `string`, or nil; throws when PCRE2 gives up.
  public func firstMatch(in string: String) throws(MatchError) -> Range<String.Index>? {
    var copy = string
    let bytes = try copy.withUTF8 { bytes in
      Result { () throws(MatchError) in try firstMatch(in: bytes) }
    }.get()
    guard let bytes else { return nil }
    // PCRE2 reads UTF-8 (`PCRE2_UTF`): a match starts and ends between scalars.
    let utf8 = string.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
    return lower..<utf8.index(lower, offsetBy: bytes.count)
  }

  /// Every non-empty, non-overlapping match, in order (for highlighting).
  package func allMatches(in subject: UnsafeBufferPointer<UInt8>) throws(MatchError) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    while start <= subject.count, let range = try firstMatch(in: subject, from: start) {
      if range.isEmpty {
        // Step over a whole character so the next start is on a character boundary.
        start = range.lowerBound + 1
        while start < subject.count && subject[start] & 0xC0 == 0x80 { start += 1 }
      } else {
        ranges.append(range)
        start = range.upperBound
      }
    }
    return ranges
  }

  /// The bytes of `pattern` when they are matched as they stand: ASCII, not empty, no
  /// case folding, and (unless `-F`) no byte PCRE2 reads as syntax.
  static func plainLiteral(_ pattern: String, options: Options) -> [UInt8]? {
    let bytes = Array(pattern.utf8)
    guard !bytes.isEmpty, !options.contains(.caseInsensitive), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    if options.contains(.fixedString) { return bytes }
    let syntax = Set("\\^$.|?*+()[]{}".utf8)
    return bytes.contains { syntax.contains($0) || $0 < 0x20 || $0 == 0x7F } ? nil : bytes
  }

  /// A literal as a pattern: every ASCII byte that is not a letter or digit escaped.
  static func quoted(_ literal: String) -> String {
    var text = ""
    for scalar in literal.unicodeScalars {
      if scalar.isASCII && !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
        text.append("\\")
      }
      text.unicodeScalars.append(scalar)
    }
    return text
  }

  /// PCRE2's text for an error code.
  static func message(for code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let n = pcre2_get_error_message_8(code, &buffer, buffer.count)
    guard n > 0 else { return "PCRE2 error \(code)" }
    let text = String(decoding: buffer.prefix(Int(n)), as: UTF8.self)
    switch code {
    case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
      return text + " (the pattern backtracks too much; simplify it)"
    default:
      return text
    }
  }
}
