// A fast path of the scanner. It keeps the contract written once in FastPaths.swift: on a
// line it accepts it does exactly what the full way does; any other line it hands back
// untouched; it declines a format whose description does not offer fast paths.
//
// The action replay: an action run's first lines that an earlier action printed byte for
// byte, taken in one step as that run took them (`RunReplay`).

extension ScanState {
  /// The start of an action's run, from its first line at `from`, when its likely lines
  /// are an earlier action's bytes with a replay (`RunReplay`): joins them, sets the
  /// bracket counter (and the phase, when they close the action), and returns where they
  /// end, how many they are and whether they close the action. Out of line: inlined, its
  /// locals cost the run's loop registers (records --stats, which never replays, took 2%
  /// more instructions).
  @inline(never)
  mutating func replayRun(
    _ base: UnsafePointer<UInt8>, from: Int, limit: Int, room: Int, countsBrackets: Bool
  ) -> (end: Int, lines: Int, closesAction: Bool)? {
    // A look-up of another run's bytes is not this action's (a run that took no line).
    lookedUpCount = -1
    guard let end = likelyActionEnd(base, from: from, limit: limit, countsBrackets: countsBrackets),
      end &- from <= room
    else { return nil }
    let bytes = UnsafeBufferPointer(start: base + from, count: end &- from &- 1)
    let hash = rememberLookUp(ByteInterner.tableHash(bytes), count: bytes.count)
    guard let known = memory.pathCache.replay(of: bytes, hash: hash), known.replay.countsBrackets == countsBrackets
    else { return nil }
    // Its lines, taken as the replay says, in one join.
    joinLines(base, from..<end, after: 0)
    let lines = known.replay.lines
    progress.replayedLines = lines
    progress.replayedEntry = known.entry
    replayedActions &+= 1
    var closes = false
    if countsBrackets {
      progress.actionBrackets = known.replay.brackets
      if progress.actionBrackets.depth <= 0 && !progress.actionBrackets.inTripleQuote {
        progress.phase = .tcaStateStart
        closes = true
      }
    }
    return (end, lines, closes)
  }

  /// Keeps `hash` for `readAction` (the action text is likely those bytes) and returns it.
  @inline(__always)
  mutating func rememberLookUp(_ hash: UInt64, count: Int) -> UInt64 {
    lookedUpHash = hash
    lookedUpCount = count
    return hash
  }

  /// Where the action whose first line starts at `from` likely ends (after a line feed,
  /// at or before `limit`), for looking its text up (`RunReplay`); nil when no end is
  /// likely. A guess, which the look-up's compare decides: `debugDiffing` prints its state
  /// header (a byte over 0x7F, so at `limit`) right after the action; TCA closes an action
  /// over several lines (its first line ends with an open bracket) with a line indented by
  /// two spaces, and a shorter one is its first line.
  @inline(__always)
  func likelyActionEnd(_ base: UnsafePointer<UInt8>, from: Int, limit: Int, countsBrackets: Bool) -> Int? {
    guard countsBrackets else { return limit &- from >= 3 && base[limit &- 1] == 0x0A ? limit : nil }
    var ends = RunLineFeeds(base, from: from, limit: Swift.min(limit, from &+ 4096))
    guard let first = ends.next(), first > from else { return nil }
    let last = base[first &- 1]
    guard last == UInt8(ascii: "(") || last == UInt8(ascii: "[") || last == UInt8(ascii: "{") else {
      return first &+ 1
    }
    var start = first &+ 1
    ends.pass()
    while let feed = ends.next() {
      if feed &- start >= 3 && base[start] == ByteText.space && base[start &+ 1] == ByteText.space
        && base[start &+ 2] != ByteText.space
      {
        return feed &+ 1
      }
      ends.pass()
      start = feed &+ 1
    }
    return nil
  }
}
