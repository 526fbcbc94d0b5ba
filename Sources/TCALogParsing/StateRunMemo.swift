#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run of a record's unchanged Custom Dump lines that `StateRunMemo` keeps (a replay
/// took it, or the memo kept it as the lines were taken): where its lines start among the
/// record's lines, how many they are, and its `StateRunMemo.Replay.id`. The diff's
/// skeleton names the run by its id instead of spelling its lines (`writeSkeleton`).
struct NamedRun {
  var firstLine: Int
  var lineCount: Int
  var id: UInt64
}

/// Runs of unchanged Custom Dump state lines seen lately, with what the state run did with
/// them, so that the same bytes in a later diff are taken in one step.
///
/// A TCA diff prints the whole state around each change: a tca1 log's changed record has
/// about twenty unchanged lines (`windows: […],`, `sidebar: SidebarState(…),`) for two
/// changed ones, and the unchanged lines between two changes repeat, byte for byte, from
/// record to record (85% of a generated log's state lines). Such a run (`DumpRun`: from a
/// line start to the next line that does not start with a space) is looked up at its
/// start; a hit gives its lines' count, their bracket count (the state value ends where
/// the brackets balance) and, when kept, the lines the diff parser reads.
///
/// A kept run has an id (`Replay.id`), by which a diff's skeleton names it
/// (`CustomDumpMemo`): a run kept again gets a new one, so a skeleton made before names the
/// old bytes and no others.
///
/// Memory: direct-mapped, `slotCount` runs (the latest of those that hash to a slot); at
/// most `maximumBytes` of their bytes and `maximumLines` of their lines (then all are
/// forgotten). 4096 slots of 48 bytes: at 1024, runs that shared a slot put each other
/// out, and each return was a run kept again, under a new id, and a skeleton parsed again
/// (a 20 MB tca1 log: 1,657 runs kept at 1024 slots, 777 at 4096).
struct StateRunMemo: ~Copyable {
  static let slotCount = 4096
  /// A slot is the top bits of a run's hash: as many as `slotCount` takes.
  static let slotShift = UInt64(64 - slotCount.trailingZeroBitCount)
  static let maximumBytes = 1 << 20
  static let maximumLines = 1 << 14

  /// What the state run did with a run of unchanged lines, from no open string: the lines
  /// it took, their brackets (`total`, and `lowestBeforeLast`, the lowest running count
  /// after a line before the last: the value did not end inside the run), whether the last
  /// line held a string, and the kept lines (positions from the run's first byte), if any.
  struct Replay {
    var lineCount: Int
    var total: Int
    var lowestBeforeLast: Int
    var lastSawQuote: Bool
    var lines: UnsafeBufferPointer<KeptLine>?
    /// The run's name while it is kept: no other run kept by this memo, before or after,
    /// has it (`NamedRun`).
    var id: UInt64 = 0
  }

  /// A kept unchanged line in eight bytes (a `DumpLine` takes 56, and the replays' reads of
  /// them missed the caches more than reading the lines again cost): where its content
  /// lies from the run's first byte, and its brackets. The rest of such a line is known:
  /// no marker, no layout yet (`DumpLine.parseMarker`).
  struct KeptLine {
    var start: UInt16
    var end: UInt16
    var delta: Int16
    var isPlain: Bool

    /// Nil for a line that is not an unchanged line as the state run keeps it, or that lies
    /// too far from the run's start.
    init?(_ line: DumpLine, from offset: Int) {
      guard line.marker == .context, !line.isTCA0Marker, line.indent == 0,
        line.item == line.content.upperBound..<line.content.upperBound,
        let start = UInt16(exactly: line.content.lowerBound &- offset),
        let end = UInt16(exactly: line.content.upperBound &- offset), let delta = Int16(exactly: line.delta)
      else { return nil }
      self.start = start
      self.end = end
      self.delta = delta
      isPlain = line.isPlain
    }

    /// The line, its content from `offset` on.
    @inline(__always)
    func line(at offset: Int) -> DumpLine {
      let end = offset &+ Int(self.end)
      var line = DumpLine(
        marker: .context, isTCA0Marker: false, content: (offset &+ Int(start))..<end, indent: 0, item: end..<end)
      line.isPlain = isPlain
      line.delta = Int32(delta)
      return line
    }
  }

  struct Slot {
    var hash: UInt64 = 0
    var start: Int32 = 0
    /// The run's length in bytes; -1: empty slot.
    var count: Int32 = -1
    /// Its kept lines in `lines` (-1: none kept).
    var linesStart: Int32 = -1
    var lineCount: Int32 = 0
    var total: Int32 = 0
    var lowestBeforeLast: Int32 = 0
    var lastSawQuote = false
    var id: UInt64 = 0
  }

  /// A look-up's result: the replay, or where the run would be kept.
  struct Found {
    var replay: Replay?
    var hash: UInt64
    var slot: Int
  }

  /// Owned: allocated here, freed in `deinit`.
  private let slots: UnsafeMutablePointer<Slot>
  private var arena = ByteAccumulator(capacity: 64 << 10)
  private var lines = ScratchArray<KeptLine>(capacity: 1024)
  /// The next run's `Replay.id`: counts every run kept, and is never reset, so that a
  /// name given out once names those bytes alone.
  private var nextID: UInt64 = 1

  init() {
    slots = .allocate(capacity: StateRunMemo.slotCount)
    slots.initialize(repeating: Slot(), count: StateRunMemo.slotCount)
  }

  deinit { slots.deallocate() }

  /// The replay of `bytes` (a run's lines with their line feeds), when it is kept.
  @inline(__always)
  func look(up bytes: UnsafeBufferPointer<UInt8>) -> Found {
    let hash = ByteInterner.tableHash(bytes)
    let slot = Int(truncatingIfNeeded: hash >> StateRunMemo.slotShift)
    let kept = slots[slot]
    guard kept.hash == hash, Int(kept.count) == bytes.count,
      memcmp(arena.base + Int(kept.start), bytes.baseAddress!, bytes.count) == 0
    else { return Found(replay: nil, hash: hash, slot: slot) }
    let keptLines =
      kept.linesStart < 0
      ? nil
      : UnsafeBufferPointer(rebasing: lines.buffer[Int(kept.linesStart)..<Int(kept.linesStart + kept.lineCount)])
    return Found(
      replay: Replay(
        lineCount: Int(kept.lineCount), total: Int(kept.total), lowestBeforeLast: Int(kept.lowestBeforeLast),
        lastSawQuote: kept.lastSawQuote, lines: keptLines, id: kept.id),
      hash: hash, slot: slot)
  }

  /// Keeps `bytes` (looked up as `found`) with what the run did: `replay`, with `kept`, its
  /// kept lines (if any), which lie at `offset` among the record's kept bytes. Returns the
  /// run's id when it is kept.
  @discardableResult
  mutating func remember(
    _ bytes: UnsafeBufferPointer<UInt8>, as found: Found, _ replay: Replay, kept: UnsafeBufferPointer<DumpLine>?,
    offset: Int
  ) -> UInt64? {
    guard bytes.count > 0, bytes.count <= StateRunMemo.maximumBytes / 16,
      replay.lineCount <= StateRunMemo.maximumLines / 16,
      let total = Int32(exactly: replay.total), let lowest = Int32(exactly: replay.lowestBeforeLast)
    else { return nil }
    if arena.count + bytes.count > StateRunMemo.maximumBytes
      || lines.count + replay.lineCount > StateRunMemo.maximumLines
    {
      forget()
    }
    var linesStart: Int32 = -1
    if let kept {
      linesStart = Int32(lines.count)
      for line in kept {
        guard let packed = KeptLine(line, from: offset) else {
          lines.truncate(to: Int(linesStart))
          return nil
        }
        lines.append(packed)
      }
    }
    slots[found.slot] = Slot(
      hash: found.hash, start: Int32(arena.count), count: Int32(bytes.count), linesStart: linesStart,
      lineCount: Int32(replay.lineCount), total: total, lowestBeforeLast: lowest, lastSawQuote: replay.lastSawQuote,
      id: nextID)
    nextID &+= 1
    arena.append(bytes)
    return nextID &- 1
  }

  mutating func forget() {
    slots.update(repeating: Slot(), count: StateRunMemo.slotCount)
    arena.removeAll()
    lines.truncate()
  }
}
