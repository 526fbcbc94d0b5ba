/// A changed value of a Custom Dump diff as the skeleton pass found it: its lines
/// (`first..<end`) and its text on the first line.
struct LeafSpan {
  var first: Int
  var end: Int
  var value: Range<Int>
  /// The first line's indentation.
  var indent: Int
}

/// The changes of Custom Dump diffs by their skeleton, so that the diff parser reads a
/// skeleton once instead of once per record.
///
/// A log repeats few diff layouts: the records of an action change the same leaves under
/// the same unchanged lines, and differ in the changed values alone (a tca1 log of 20,000
/// changed records has about 700 skeletons). The skeleton of a diff is every input the
/// parser's decisions read: each unchanged line whole (a run of them that `StateRunMemo`
/// keeps, by its id), each changed line without a value whole, and of each changed value
/// its marker, indentation and label, but not its text
/// (`CustomDumpDiffParser.writeSkeleton`). Two diffs of one skeleton have
/// the same frames, leaves, pairings and paths: the parser's answer for one is the other's,
/// with each change's values read from its own leaves.
///
/// Memory: at most `maximumSkeletons` skeletons and `maximumBytes` of skeletons and paths
/// (then it starts over), per thread. A 200 MB tca1 log adds 7,413 skeletons of 1.0 MB
/// in all (3.7 MB before its runs were named by id): the memo starts over now and then,
/// which cost 2% more time than a memo of 4 MiB when skeletons spelled every line.
struct CustomDumpMemo: ~Copyable {
  static let maximumSkeletons = 4096
  static let maximumBytes = 1 << 20

  /// One change of a skeleton: its kind, the leaves its values come from (-1: none), and
  /// its raw and normalized path in `paths`.
  struct Change {
    var kind: ChangeKind
    var oldLeaf: Int32
    var newLeaf: Int32
    var pathStart: Int32
    var pathEnd: Int32
    var normalizedEnd: Int32
  }

  private var skeletons = ByteInterner()
  /// Per skeleton: its changes in `changes`.
  private var entries: [Range<Int>] = []
  private var changes: [Change] = []
  private var paths = ByteAccumulator(capacity: 16 << 10)

  init() {}

  /// Skeletons with their changes.
  var count: Int { entries.count }

  /// The entry of `skeleton`: below `count` when it is known; else `count`, and `add` must
  /// give its changes.
  mutating func entry(for skeleton: UnsafeBufferPointer<UInt8>) -> Int {
    if skeletons.count >= CustomDumpMemo.maximumSkeletons
      || skeletons.byteCount + paths.count + skeleton.count > CustomDumpMemo.maximumBytes
    {
      skeletons = ByteInterner()
      entries.removeAll(keepingCapacity: true)
      changes.removeAll(keepingCapacity: true)
      paths.removeAll()
    }
    return skeletons.intern(skeleton)
  }

  /// Keeps the changes the parser found for the skeleton `entry(for:)` just added.
  /// `leaves`: the leaves of each change; `derived`: the bytes its ranges point into.
  mutating func add(
    _ found: [StateChange], leaves: UnsafeBufferPointer<(old: Int32, new: Int32)>, derived: borrowing DerivedText
  ) {
    assert(skeletons.count == entries.count + 1, "a memo entry without its skeleton")
    let start = changes.count
    let bytes = derived.bytes.buffer
    for (change, leaf) in zip(found, leaves) {
      let pathStart = Int32(paths.count)
      paths.append(
        UnsafeBufferPointer(rebasing: bytes[(change.path.start - derived.base)..<(change.path.end - derived.base)]))
      let pathEnd = Int32(paths.count)
      paths.append(
        UnsafeBufferPointer(
          rebasing: bytes[(change.normalized.start - derived.base)..<(change.normalized.end - derived.base)]))
      changes.append(
        Change(
          kind: change.kind, oldLeaf: leaf.old, newLeaf: leaf.new, pathStart: pathStart, pathEnd: pathEnd,
          normalizedEnd: Int32(paths.count)))
    }
    entries.append(start..<changes.count)
  }

  /// The changes of a diff whose skeleton is `entry`'s: its leaves' values (`work.leaves`,
  /// from the skeleton pass) written as the parser writes them, then each change's paths.
  func changes(
    of entry: Int, lines: UnsafeBufferPointer<DumpLine>, parser: CustomDumpDiffParser,
    into derived: inout DerivedText, _ work: inout CustomDumpDiffParser.Scratch, reusing spare: inout [StateChange]
  ) -> [StateChange] {
    work.leafValues.truncate()
    for k in 0..<work.leaves.count {
      let leaf = work.leaves[k]
      work.leafValues.append(
        parser.appendValue(of: lines, at: leaf.first, leaf.value, end: leaf.end, indent: leaf.indent, into: &derived))
    }
    var result: [StateChange] = []
    swap(&result, &spare)
    result.removeAll(keepingCapacity: true)
    let span = entries[entry]
    result.reserveCapacity(span.count)
    let bytes = paths.buffer
    for index in span {
      let change = changes[index]
      let path = derived.add(UnsafeBufferPointer(rebasing: bytes[Int(change.pathStart)..<Int(change.pathEnd)]))
      let normalized = derived.add(
        UnsafeBufferPointer(rebasing: bytes[Int(change.pathEnd)..<Int(change.normalizedEnd)]))
      result.append(
        StateChange(
          path: path, normalized: normalized, kind: change.kind,
          old: change.oldLeaf < 0 ? nil : work.leafValues[Int(change.oldLeaf)],
          new: change.newLeaf < 0 ? nil : work.leafValues[Int(change.newLeaf)]))
    }
    return result
  }
}

extension CustomDumpDiffParser {
  /// Kinds of the skeleton's line words.
  private static let unchangedKind: UInt64 = 1
  private static let valuelessKind: UInt64 = 2
  private static let leafKind: UInt64 = 3
  /// A named run's word is its id over this kind's bits (`NamedRun`).
  private static let namedKind: UInt64 = 0
  /// A line word's bit: the line starts a span.
  private static let startsSpan: UInt64 = 1 << 5
  /// A leaf word's bit: its label is a key printed over several lines.
  private static let multiLineKeyFlag: UInt64 = 1 << 6

  /// Writes the skeleton of `lines` (`CustomDumpMemo`) to `work.skeleton`, and its leaves
  /// to `work.leaves`.
  ///
  /// The skeleton is a word per line read on its own, then bytes: the spans of the
  /// record's text that hold the lines without a changed value (consecutive lines are one
  /// span, the bytes between their contents included: a line end, a prefix, a marker), and
  /// each changed value's label. A line's word gives its kind, marker, whether it holds no
  /// string (`isPlain`, which depends on the lines before it), and where its content lies in
  /// its span; a changed value's word its indentation and its label's length. So the bytes
  /// split one way only, and one skeleton spells one sequence of lines. (`delta` is a plain
  /// line's bracket count: its content says it.)
  ///
  /// A changed line is a leaf exactly when `parse` reads it as one: it has a value, and no
  /// earlier value of its marker is still open (`valueEnd`). Of a leaf, the parser reads
  /// its marker, its indentation (which closes frames) and its label (the path segment and
  /// the pairing key); the lines its value goes on over are read for the value alone, which
  /// only becomes the change's text, and have no word.
  ///
  /// A run of unchanged lines that the memo of runs names (`named`) is one word, its id:
  /// the memo gives an id to one run's bytes alone, and the lines the scanner keeps of
  /// them are the same each time. So its lines need no words and its bytes no span, which
  /// in a tca1 diff are most of the skeleton.
  func writeSkeleton(
    of lines: UnsafeBufferPointer<DumpLine>, named: UnsafeBufferPointer<NamedRun>, indented: Bool,
    _ work: inout Scratch
  ) {
    work.skeleton.removeAll()
    work.leaves.truncate()
    work.spans.truncate()
    // A word per line at most, and the first: written in place, counted once at the end.
    let words = work.skeleton.reserveEnd((lines.count &+ 1) &* 8)
    var wordCount = 1
    words.storeBytes(of: UInt64(indented ? 1 : 0).littleEndian, as: UInt64.self)
    @inline(__always) func appendWord(_ word: UInt64) {
      words.storeBytes(of: word.littleEndian, toByteOffset: wordCount &* 8, as: UInt64.self)
      wordCount &+= 1
    }
    // The span being read: from its first content to the last content so far.
    var spanStart = -1
    var spanEnd = 0
    guard let first = lines.baseAddress else {
      work.skeleton.didAppend(8)
      return
    }
    // The word of a line without a changed value on the span being read: its kind and
    // flags, its content's length and the bytes since the span's last content; the span
    // then ends with this content.
    @inline(__always) func appendOnSpan(_ content: Range<Int>, _ kindAndFlags: UInt64) {
      appendWord(
        kindAndFlags | UInt64(truncatingIfNeeded: content.upperBound &- content.lowerBound) << 8
          | UInt64(truncatingIfNeeded: content.lowerBound &- spanEnd) << 36)
      spanEnd = content.upperBound
    }
    // The same, starting a span when none is being read.
    @inline(__always) func appendSpanWord(_ content: Range<Int>, _ kindAndFlags: UInt64) {
      guard spanStart < 0 else { return appendOnSpan(content, kindAndFlags) }
      spanStart = content.lowerBound
      spanEnd = content.lowerBound
      appendOnSpan(content, kindAndFlags | CustomDumpDiffParser.startsSpan)
    }
    @inline(__always) func plainFlag(_ i: Int) -> UInt64 { first[i].isPlain ? 1 << 4 : 0 }
    @inline(__always) func closeSpan() {
      if spanStart >= 0 {
        work.spans.append(spanStart..<spanEnd)
        spanStart = -1
      }
    }
    // The next named run, and where its lines start (past the end when none is left).
    var nextNamed = -1
    var namedStart = 0
    @inline(__always) func passNamed() {
      nextNamed &+= 1
      namedStart = nextNamed < named.count ? named[nextNamed].firstLine : Int.max
    }
    passNamed()
    let n = lines.count
    var i = 0
    while i < n {
      // Fields, not the whole line: this loop runs for every state line of a changed record.
      let marker = first[i].marker
      if marker == .context {
        // A named run (which holds unchanged lines alone) is its id.
        while namedStart < i { passNamed() }
        if namedStart == i {
          closeSpan()
          appendWord(CustomDumpDiffParser.namedKind | named[nextNamed].id << 8)
          i &+= named[nextNamed].lineCount
          passNamed()
          continue
        }
        // Unchanged lines, most of a diff, in a loop of their own: their bytes are their
        // words' (no layout), and all but the first go on the span the first is on, with
        // no test for a new span.
        appendSpanWord(first[i].content, CustomDumpDiffParser.unchangedKind | plainFlag(i))
        i &+= 1
        while i < n && i != namedStart && first[i].marker == .context {
          appendOnSpan(first[i].content, CustomDumpDiffParser.unchangedKind | plainFlag(i))
          i &+= 1
        }
        continue
      }
      let flags = UInt64(marker.rawValue) << 2 | plainFlag(i)
      // The layout of changed lines alone.
      var line = first[i]
      line.measure(text)
      if isValueless(line.item) {
        appendSpanWord(line.content, CustomDumpDiffParser.valuelessKind | flags)
        i &+= 1
        continue
      }
      closeSpan()
      var counter = BracketCounter()
      let (label, value, opens) = readLabelAndValue(line, &counter)
      let end = valueEnd(of: lines, at: i, opens: opens, &counter)
      // A key printed over several lines: its bytes, from its first line to its end (the
      // line breaks between them included, so one skeleton spells one key), and the leaf's
      // value from the key's last line, as `readKeyedItem` reads it.
      if label == nil, opens, let key = multiLineKey(lines, at: i) {
        let keyBytes = line.item.lowerBound..<key.keyEnd
        work.spans.append(keyBytes)
        appendWord(
          CustomDumpDiffParser.leafKind | flags | CustomDumpDiffParser.multiLineKeyFlag
            | UInt64(truncatingIfNeeded: keyBytes.count + 1) << 8 | UInt64(truncatingIfNeeded: line.indent) << 36)
        var keyLine = first[key.line]
        keyLine.measure(text)
        work.leaves.append(
          LeafSpan(first: key.line, end: end, value: keyedValue(keyLine, from: key.value).0, indent: line.indent))
        i = end
        continue
      }
      if let label { work.spans.append(label) }
      appendWord(
        CustomDumpDiffParser.leafKind | flags | UInt64(truncatingIfNeeded: label.map { $0.count + 1 } ?? 0) << 8
          | UInt64(truncatingIfNeeded: line.indent) << 36)
      work.leaves.append(LeafSpan(first: i, end: end, value: value, indent: line.indent))
      i = end
    }
    closeSpan()
    work.skeleton.didAppend(wordCount &* 8)
    for k in 0..<work.spans.count { work.skeleton.append(UnsafeBufferPointer(rebasing: text[work.spans[k]])) }
  }
}
