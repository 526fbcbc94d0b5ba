import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One chunk's records after the parse, renumbered into their place in the run.
public struct ParsedChunk: Sendable {
  public var records: [Record]
  public var statistics: ScanStatistics
  public var warnings: [String]
}

extension LogReader {
  /// Reads the inputs on `jobs` threads: each input is cut into chunks of about
  /// `chunkSize` bytes at header lines (where a sequential scan starts a record anyway),
  /// worker threads parse the chunks and run `work` on each chunk's records, and `deliver`
  /// gets the results on the calling thread in input order. Records, indices, lines,
  /// offsets, statistics and warnings are the same as those of `read`.
  ///
  /// Memory stays bounded: at most `jobs + 1` chunks are in flight.
  public func read<Result: Sendable>(
    jobs: Int, chunkSize: Int = 1 << 20,
    work: @escaping @Sendable (ParsedChunk) -> Result,
    deliver: (Result) throws -> Void
  ) throws -> ReadResult {
    if follow {
      // A growing file has no chunks to cut ahead: records go one by one as they end.
      return try read { record in
        try deliver(work(ParsedChunk(records: [record], statistics: ScanStatistics(), warnings: [])))
      }
    }
    let window = self.window
    let tally = WindowTally()
    let pipeline = ChunkPipeline<Result>(
      jobs: max(1, jobs),
      mode: .ordered({ chunk in
        guard !window.isUnbounded else { return work(chunk) }
        var inWindow = chunk
        inWindow.records = chunk.records.filter { tally.admit($0, to: window) == true }
        return work(inWindow)
      }), sizeCap: sizeCap)
    return try run(pipeline, chunkSize: chunkSize, tally: window.isUnbounded ? nil : tally, deliver: deliver)
  }

  /// Folds records into one partial value per chunk on `jobs` threads, as the records are
  /// parsed, and hands the partials to `merge` in input order. Cheaper than `read(jobs:)`
  /// when the caller only aggregates: records are not collected, and their `index` and
  /// `line` are counted within their chunk (not final); everything else is as in `read`.
  public func fold<Partial: Sendable>(
    jobs: Int, chunkSize: Int = 1 << 20,
    initial: @escaping @Sendable () -> Partial,
    add: @escaping @Sendable (inout Partial, Record) -> Void,
    merge: (Partial) throws -> Void
  ) throws -> ReadResult {
    if follow {
      var partial = initial()
      let result = try read { add(&partial, $0) }
      try merge(partial)
      return result
    }
    let window = self.window
    let tally = WindowTally()
    let pipeline = ChunkPipeline<Partial>(
      jobs: max(1, jobs),
      mode: .streaming(
        initial: initial,
        add: { partial, record in
          guard !window.isUnbounded else { return add(&partial, record) }
          if tally.admit(record, to: window) == true { add(&partial, record) }
        }), sizeCap: sizeCap)
    return try run(pipeline, chunkSize: chunkSize, tally: window.isUnbounded ? nil : tally, deliver: merge)
  }

  private func run<Result: Sendable>(
    _ pipeline: ChunkPipeline<Result>, chunkSize: Int, tally: WindowTally?, deliver: (Result) throws -> Void
  ) throws -> ReadResult {
    defer { pipeline.shutDown() }
    var result = ReadResult()
    var nextIndex = 0
    for file in files {
      var fileStatistics = ScanStatistics()
      var fileWarnings: [String] = []
      let chunks = pipeline.start(file: file, firstIndex: nextIndex)
      do {
        let splitter = ChunkSplitter(source: try InputOpener.open(file), chunkSize: chunkSize, sizeCap: sizeCap)
        while let chunk = try splitter.next() {
          try pipeline.submit(chunk, to: chunks) { try collect($0) }
        }
      } catch let error as InputError {
        result.errors.append(error)
      }
      try pipeline.drain(chunks) { try collect($0) }
      func collect(_ done: ChunkPipeline<Result>.Done) throws {
        // Chunks number their lines from 1: earlier chunks' lines move their warnings.
        if fileWarnings.count < RecordScanner.maximumWarnings {
          fileWarnings.append(contentsOf: done.scanner.warningsShifted(by: fileStatistics.lines))
        }
        fileStatistics.merge(done.scanner.statistics)
        try deliver(done.result)
      }
      nextIndex += fileStatistics.records
      result.statistics.merge(fileStatistics)
      result.warnings.append(contentsOf: fileWarnings.prefix(RecordScanner.maximumWarnings))
    }
    tally?.record(into: &result)
    return result
  }
}

/// A piece of one input that starts at a line start and ends before a header line (or at
/// the end of the input). Owns its bytes: the splitter reads straight into them and
/// hands them on, so no chunk is copied.
final class InputChunk: @unchecked Sendable {
  let bytes: UnsafeMutablePointer<UInt8>
  let capacity: Int
  var count = 0
  /// Byte offset of the first byte in its input.
  var firstOffset = 0
  var isLast = false
  /// Cut at a line end for want of a header within the size cap (not before a header).
  var isForcedCut = false

  init(capacity: Int) {
    self.capacity = capacity
    bytes = .allocate(capacity: capacity)
  }

  deinit { bytes.deallocate() }

  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }
}

/// Cuts a byte source into chunks that end just before a header line, so that each chunk
/// can be scanned on its own.
final class ChunkSplitter {
  private let source: ByteSource
  private let chunkSize: Int
  /// Without a header, a chunk is cut at a line end once it reaches this size: only a
  /// record larger than the scanner's size cap (kept incomplete anyway) spans such a cut.
  private let forcedCut: Int
  /// A new chunk's room: the target size and one more read, so a chunk that reaches the
  /// target usually needs no growing before its cut.
  private var initialCapacity: Int { chunkSize + (64 << 10) }
  /// Bytes read past the last cut: the start of the next chunk.
  private var pending: InputChunk?
  private var offset = 0
  private var ended = false
  /// A read that failed (a cut-off gzip): thrown after the chunk that holds everything
  /// read before it, so no decompressed byte is lost.
  private var readError: Error?

  init(source: ByteSource, chunkSize: Int, sizeCap: Int) {
    self.source = source
    self.chunkSize = max(chunkSize, 64)
    forcedCut = max(sizeCap, self.chunkSize)
  }

  func next() throws -> InputChunk? {
    if ended {
      if let error = readError {
        readError = nil
        throw error
      }
      return nil
    }
    var chunk = pending ?? InputChunk(capacity: initialCapacity)
    pending = nil
    var searchedUpTo = 0  // lines before this were checked for headers
    var cut: Int? = nil
    var forced = false
    while true {
      if chunk.count >= chunkSize || (chunk.count > 0 && source.isIdle) {
        cut = lastHeaderStart(in: chunk.buffer, from: max(searchedUpTo, 1))
        if cut == nil { searchedUpTo = lineStart(before: chunk.count, in: chunk.buffer) }
        if cut == nil && chunk.count >= forcedCut {
          cut = lineStart(before: chunk.count, in: chunk.buffer)
          forced = true
        }
        if let c = cut, c > 0 { break }
        cut = nil
        forced = false
      }
      if chunk.count == chunk.capacity {
        // A chunk without a header yet: grow it (rare; one record or foreign text).
        let bigger = InputChunk(capacity: chunk.capacity * 2)
        bigger.bytes.update(from: chunk.bytes, count: chunk.count)
        bigger.count = chunk.count
        chunk = bigger
      }
      let n: Int
      do {
        n = try source.read(
          into: UnsafeMutableRawBufferPointer(start: chunk.bytes + chunk.count, count: chunk.capacity - chunk.count))
      } catch {
        readError = error
        n = 0
      }
      if n == 0 {
        ended = true
        break
      }
      chunk.count += n
    }
    if chunk.count == 0 { return try next() }
    if let cut, cut < chunk.count {
      let rest = InputChunk(capacity: max(initialCapacity, (chunk.count - cut) * 2))
      rest.bytes.update(from: chunk.bytes + cut, count: chunk.count - cut)
      rest.count = chunk.count - cut
      chunk.count = cut
      pending = rest
    }
    chunk.firstOffset = offset
    chunk.isLast = cut == nil
    chunk.isForcedCut = forced && cut != nil
    offset += chunk.count
    return chunk
  }

  /// Start of the line that contains `position - 1` (0 when there is none before it).
  private func lineStart(before position: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
    var i = position - 1
    if i >= 0 && buffer[i] == 0x0A { i -= 1 }
    while i >= 0 && buffer[i] != 0x0A { i -= 1 }
    return i + 1
  }

  /// The start of the last complete header line at or after `from`, found backwards from
  /// the end; the partial last line (no newline yet) is not considered.
  private func lastHeaderStart(in all: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard let lastLF = all.lastIndex(of: 0x0A) else { return nil }
    var lineEnd = lastLF  // index of this line's LF
    while lineEnd >= from {
      var start = lineEnd
      while start > 0 && all[start - 1] != 0x0A { start -= 1 }
      if start >= from && start > 0 {
        var contentEnd = lineEnd
        if contentEnd > start && all[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        let text = UnsafeBufferPointer(rebasing: all[start..<contentEnd])
        let prefix = LinePrefix.match(text)
        let content = (prefix?.length ?? 0)..<text.count
        if !ByteText.isBlankLine(UnsafeBufferPointer(rebasing: text[content])),
          LineKinds.header(text, content) != nil
        {
          return start
        }
      }
      if start == 0 { return nil }
      lineEnd = start - 1
    }
    return nil
  }
}

/// Worker threads that scan chunks in submission order and a reorder buffer that hands
/// results back in that order. Record indices are chained: a chunk's first index is known
/// once every earlier chunk of the run has been parsed.
final class ChunkPipeline<Result: Sendable>: @unchecked Sendable {
  struct Done {
    var result: Result
    /// The chunk's scanner: its statistics and (chunk-numbered) warnings.
    var scanner: RecordScanner
  }

  enum Mode {
    /// Collect each chunk's records, renumber them, then `work` on them.
    case ordered(@Sendable (ParsedChunk) -> Result)
    /// Fold records into a partial result as they are parsed.
    case streaming(initial: @Sendable () -> Result, add: @Sendable (inout Result, Record) -> Void)
  }

  /// The chunks of one input file.
  final class FileRun: @unchecked Sendable {
    let file: String
    let firstIndex: Int
    var submitted = 0
    var delivered = 0
    var counts: [Int: (records: Int, lines: Int)] = [:]  // chunk → its counts, until its bases are known
    var bases: [Int: (index: Int, lines: Int)] = [:]
    var nextBase: (chunk: Int, index: Int, lines: Int)
    var done: [Int: Done] = [:]
    init(file: String, firstIndex: Int) {
      self.file = file
      self.firstIndex = firstIndex
      nextBase = (0, firstIndex, 0)
    }
  }

  private struct Job {
    var run: FileRun
    var number: Int
    var chunk: InputChunk
  }

  private let condition = NSCondition()
  private var queue: [Job] = []
  private var inFlight = 0
  private var stopping = false
  private var threads: [Thread] = []
  private let jobs: Int
  private let mode: Mode
  private let sizeCap: Int

  init(jobs: Int, mode: Mode, sizeCap: Int) {
    self.jobs = jobs
    self.mode = mode
    self.sizeCap = sizeCap
    for _ in 0..<jobs {
      let thread = Thread { self.workLoop() }
      thread.stackSize = 8 << 20
      threads.append(thread)
      thread.start()
    }
  }

  func start(file: String, firstIndex: Int) -> FileRun { FileRun(file: file, firstIndex: firstIndex) }

  /// Queues a chunk; delivers finished results in order while `jobs + 1` are in flight.
  func submit(_ chunk: InputChunk, to run: FileRun, deliver: (Done) throws -> Void) throws {
    condition.lock()
    queue.append(Job(run: run, number: run.submitted, chunk: chunk))
    run.submitted += 1
    inFlight += 1
    condition.broadcast()
    condition.unlock()
    try deliverReady(run, waitWhileFull: true, deliver)
  }

  /// Delivers every remaining result of `run`, waiting for the workers.
  func drain(_ run: FileRun, deliver: (Done) throws -> Void) throws {
    try deliverReady(run, waitWhileFull: false, deliver)
  }

  private func deliverReady(_ run: FileRun, waitWhileFull: Bool, _ deliver: (Done) throws -> Void) throws {
    while true {
      condition.lock()
      let mustWait = waitWhileFull ? inFlight > jobs : run.delivered < run.submitted
      if !mustWait && run.done[run.delivered] == nil {
        condition.unlock()
        return
      }
      while run.done[run.delivered] == nil { condition.wait() }
      let done = run.done.removeValue(forKey: run.delivered)!
      run.delivered += 1
      inFlight -= 1
      condition.unlock()
      try deliver(done)
    }
  }

  func shutDown() {
    condition.lock()
    stopping = true
    queue.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  private func workLoop() {
    while true {
      condition.lock()
      while queue.isEmpty && !stopping { condition.wait() }
      if stopping {
        condition.unlock()
        return
      }
      let job = queue.removeFirst()
      condition.unlock()
      process(job)
    }
  }

  private func process(_ job: Job) {
    let scanner = RecordScanner(file: job.run.file, firstIndex: 0, sizeCap: sizeCap)
    let result: Result
    // Lines are numbered from 1 within the chunk; the ordered mode moves them once the
    // lines of the chunks before it are known. Scanning memory cannot fail.
    func scan(_ emit: (Record) -> Void) {
      try? LineReader.forEachLine(in: job.chunk.buffer, firstLine: 1, firstOffset: job.chunk.firstOffset) { line in
        try scanner.feed(line, emit: emit)
      }
      if job.chunk.isLast {
        try? scanner.finish(emit: emit)
      } else if job.chunk.isForcedCut {
        try? scanner.finishAtForcedCut(emit: emit)
      } else {
        try? scanner.finishBeforeHeader(emit: emit)
      }
    }
    switch mode {
    case .ordered(let work):
      var records: [Record] = []
      scan { records.append($0) }
      let base = bases(of: job, records: records.count, lines: scanner.statistics.lines)
      if base.index != 0 || base.lines != 0 {
        for i in records.indices {
          records[i].index += base.index
          records[i].line += base.lines
        }
      }
      result = work(
        ParsedChunk(records: records, statistics: scanner.statistics, warnings: scanner.warningsShifted(by: base.lines))
      )
    case .streaming(let initial, let add):
      var partial = initial()
      scan { add(&partial, $0) }
      result = partial
    }

    condition.lock()
    job.run.done[job.number] = Done(result: result, scanner: scanner)
    condition.broadcast()
    condition.unlock()
  }

  /// Publishes this chunk's counts and waits until its first index and line are known.
  private func bases(of job: Job, records: Int, lines: Int) -> (index: Int, lines: Int) {
    let run = job.run
    condition.lock()
    defer { condition.unlock() }
    run.counts[job.number] = (records, lines)
    while let n = run.counts[run.nextBase.chunk] {
      run.bases[run.nextBase.chunk] = (run.nextBase.index, run.nextBase.lines)
      run.counts.removeValue(forKey: run.nextBase.chunk)
      run.nextBase = (run.nextBase.chunk + 1, run.nextBase.index + n.records, run.nextBase.lines + n.lines)
    }
    condition.broadcast()
    while run.bases[job.number] == nil && !stopping { condition.wait() }
    return run.bases.removeValue(forKey: job.number) ?? (0, 0)
  }
}
