@_spi(Scanner) import TCALogParsing
import TCALogPipeline
import TCALogSuggest

/// The sample records of `suggest --review`, collected on the read that counts, beside the
/// aggregator: for each action path, its first records whose samples differ
/// (`ReviewSample.distinctPart`), with their places in the input. Once the suggestions are
/// known, an entry's samples are the first that differ among its paths' (`samples(for:)`).
///
/// The entries are known only after the read, so the samples are kept per action path; a
/// second read for them cost the first screen of a review of 6,000 candidates as much again
/// as `suggest` (BENCHMARKS.md), and read nothing from a pipe (`<(zcat old.log.gz)`).
/// Choosing per path loses nothing: each of an entry's first `limit` differing samples is
/// among the first `limit` differing ones of its own path (no more samples differ before it
/// in the path than in the entry). Likewise per chunk, merged in input order.
package struct ReviewSampleCollector: ChunkedRecordSink, RecordPart {
  /// A sample and its place among the records this collector (or part) took.
  struct Kept {
    var place: Int
    var sample: ReviewSample
    /// `sample.distinctPart`, built once.
    var distinct: String
    /// What the sample was made of (`appendSignature`).
    var signature: [UInt8]
  }

  /// A chunk's record not judged yet: the first of its signature in the chunk.
  struct Pending {
    var place: Int
    var signature: [UInt8]
  }

  /// An action path's samples so far, in input order.
  struct PathSamples {
    var path: String
    var kept: [Kept] = []
    /// The signatures of the last few records judged, newest last: a record with one of
    /// them has a sample like one kept or turned down.
    var judged: [[UInt8]] = []
    /// A chunk's records of the path, one per signature, left for the merge to judge
    /// (`makePart`); once there are more than `pendingLimit`, the chunk judges them itself.
    var pending: [Pending] = []
    /// Whether the chunk judges the path's records itself.
    var judgesHere = false
  }

  /// Samples kept per action path and per entry.
  let limit: Int
  /// Whether records are left for the merge to judge (a chunk's part).
  private let defersJudging: Bool
  /// Records taken so far, complete or not: the place of the next one.
  private var taken = 0
  private var paths: [PathSamples] = []
  private var slotOfPath: [String: Int] = [:]
  /// The slot of each action key met (records with equal keys have the same path).
  private var slotOfKey = ActionKeyTable<Int>()
  /// The signature of the record at hand, a buffer used again for each.
  private var signature: [UInt8] = []

  /// A collector of at most `limit` samples per action path.
  package init(limit: Int = 3) { self.init(limit: limit, defersJudging: false) }

  private init(limit: Int, defersJudging: Bool) {
    self.limit = limit
    self.defersJudging = defersJudging
  }

  /// Pending records a chunk keeps per path before it judges them itself.
  private var pendingLimit: Int { 2 * limit }

  package var needs: RecordNeeds { [.action, .actionText, .statePaths, .values] }

  package mutating func record(_ record: Record) -> StreamControl {
    take(record)
    return .more
  }

  package mutating func add(_ record: RecordContent) { take(record) }

  /// Judges the record (or, in a chunk, leaves it to the merge) when its path has room.
  ///
  /// A path whose records are all alike (a timer's tick) or take turns (a toggle) never
  /// fills its samples, and building each record's sample to find it like one judged
  /// before cost as much as a second read: the bytes a sample is made of are compared
  /// first. A chunk leaves the judging to the merge, which knows the samples of the chunks
  /// before it: a timer's records lie a chunk apart, and each chunk would build a sample
  /// for each.
  private mutating func take(_ record: some RecordFields) {
    defer { taken += 1 }
    guard record.isComplete else { return }
    let slot = slot(of: record)
    guard paths[slot].kept.count < limit else { return }
    signature.removeAll(keepingCapacity: true)
    Self.appendSignature(of: record, to: &signature)
    if defersJudging && !paths[slot].judgesHere {
      guard !paths[slot].pending.contains(where: { $0.signature == signature }) else { return }
      if paths[slot].pending.count < pendingLimit {
        paths[slot].pending.append(Pending(place: taken, signature: signature))
        return
      }
      paths[slot].judgesHere = true
      for item in paths[slot].pending { judge(item.signature, place: item.place, sample: nil, in: slot) }
      paths[slot].pending = []
    }
    judge(signature, place: taken, sample: nil, in: slot)
  }

  /// Keeps the sample of a record, made of `signature`, when its path has room and no
  /// sample like it; `sample`: the sample, when a chunk built it.
  private mutating func judge(_ signature: [UInt8], place: Int, sample: ReviewSample?, in slot: Int) {
    guard paths[slot].kept.count < limit, !paths[slot].judged.contains(signature) else { return }
    if paths[slot].judged.count == pendingLimit { paths[slot].judged.removeFirst() }
    paths[slot].judged.append(signature)
    let sample = sample ?? Self.sample(signature, actionPath: paths[slot].path)
    let distinct = sample.distinctPart
    guard !paths[slot].kept.contains(where: { $0.distinct == distinct }) else { return }
    paths[slot].kept.append(Kept(place: place, sample: sample, distinct: distinct, signature: signature))
  }

  /// Every byte `ReviewSample.init` reads of a record besides its action path, each part
  /// after a tag and its length: records with equal signatures have equal samples.
  static func appendSignature(of record: some RecordFields, to out: inout [UInt8]) {
    func append(_ range: TextRange?) {
      guard let range else { return out.append(0) }
      out.append(1)
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: range.count).littleEndian) { out.append(contentsOf: $0) }
      record.withBytes(range) { out.append(contentsOf: $0) }
    }
    out.append(record.hasStatePart ? 1 : 0)
    append(record.actionTextRange)
    for change in record.changes {
      append(change.normalized.count > 0 ? change.normalized : change.path)
      append(change.old)
      append(change.new)
    }
  }

  /// The sample a signature was made of (`appendSignature`), as of the record itself.
  static func sample(_ signature: [UInt8], actionPath: String) -> ReviewSample {
    var at = 1
    func next() -> String? {
      guard signature[at] == 1 else {
        at += 1
        return nil
      }
      var count = 0
      for i in 0..<4 { count |= Int(signature[at + 1 + i]) << (8 * i) }
      let text = String(decoding: signature[(at + 5)..<(at + 5 + count)], as: UTF8.self)
      at += 5 + count
      return text
    }
    let actionText = next() ?? ""
    var changes: [ReviewSample.StateChangeText] = []
    while at < signature.count {
      let path = next() ?? ""
      let old = next()
      changes.append(ReviewSample.StateChangeText(path: path, old: old, new: next()))
    }
    return ReviewSample(
      actionText: actionText, printedChanges: changes, hasStatePart: signature[0] == 1, actionPath: actionPath)
  }

  private mutating func slot(of record: some RecordFields) -> Int {
    if let key = record.actionKey, let known = slotOfKey.value(for: key) { return known }
    let slot = slot(ofPath: record.actionPath)
    if let key = record.actionKey { slotOfKey.set(slot, for: key) }
    return slot
  }

  private mutating func slot(ofPath path: String) -> Int {
    if let known = slotOfPath[path] { return known }
    paths.append(PathSamples(path: path))
    slotOfPath[path] = paths.count - 1
    return paths.count - 1
  }

  /// An empty part for the next chunk: it leaves its records to `merge` to judge.
  package func makePart() -> ReviewSampleCollector { ReviewSampleCollector(limit: limit, defersJudging: true) }

  /// Judges a later chunk's records after those before it: what the chunk left pending,
  /// or the samples it chose itself (the first that differ in the two, in order, are the
  /// first that differ in the whole).
  package mutating func merge(_ part: ReviewSampleCollector) -> StreamControl {
    for other in part.paths {
      let slot = slot(ofPath: other.path)
      for item in other.pending where paths[slot].kept.count < limit {
        judge(item.signature, place: taken + item.place, sample: nil, in: slot)
      }
      for item in other.kept where paths[slot].kept.count < limit {
        judge(item.signature, place: taken + item.place, sample: item.sample, in: slot)
      }
    }
    taken += part.taken
    return .more
  }

  /// The samples of each entry, in the order given: of the records of the action paths it
  /// covers first (`Suggestion.covers`), the first `limit` whose samples differ.
  package func samples(for entries: [Suggestion]) -> [[ReviewSample]] {
    let covering = CoveringEntries(entries.map { $0.keyPath == nil ? $0.patternPath : nil })
    var gathered = [[Kept]](repeating: [], count: entries.count)
    for path in paths {
      guard let entry = covering.first(covering: path.path) else { continue }
      gathered[entry] += path.kept
    }
    return gathered.map { candidates in
      var chosen: [Kept] = []
      for item in candidates.sorted(by: { $0.place < $1.place }) where chosen.count < limit {
        if !chosen.contains(where: { $0.distinct == item.distinct }) { chosen.append(item) }
      }
      return chosen.map(\.sample)
    }
  }
}

/// Which entry covers an action path first (`Suggestion.covers`: its pattern path is the
/// path or a prefix of it at a segment boundary), by looking up the path's prefixes rather
/// than trying every entry: a review of 6,000 candidates tried 6,000 entries for each of
/// 6,000 paths (36 million prefix tests, 7 s) before its first screen.
struct CoveringEntries {
  /// The first entry of each pattern path.
  private var firstOfPatternPath: [Substring: Int] = [:]

  /// Entries in order, by pattern path; nil: an entry that covers no path (a key path's).
  init(_ patternPaths: [String?]) {
    for (index, patternPath) in patternPaths.enumerated() {
      guard let patternPath, firstOfPatternPath[Substring(patternPath)] == nil else { continue }
      firstOfPatternPath[Substring(patternPath)] = index
    }
  }

  /// The first entry (in the order given) that covers `path`, nil when none does.
  func first(covering path: String) -> Int? {
    var found: Int?
    var prefix = Substring(path)
    while true {
      if let index = firstOfPatternPath[prefix] { found = min(found ?? index, index) }
      guard let dot = prefix.lastIndex(of: ".") else { break }
      prefix = prefix[..<dot]
    }
    return found
  }
}
