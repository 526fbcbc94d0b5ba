@_spi(Scanner) import TCALogInput
@_spi(Scanner) import TCALogParsing
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A piece of one input that starts at a line start and ends before a header line (or at
/// the end of the input). Owns its bytes: the splitter reads straight into them and
/// hands them on, so no chunk is copied.
///
/// Thread rule: one owner at a time and no lock: the splitter fills it, then hands it with
/// its job to one worker (through the pipeline's locked queue), which only reads it. Its
/// bytes live as long as the chunk; `buffer` views must not outlive it.
final class InputChunk: @unchecked Sendable {
  let bytes: UnsafeMutablePointer<UInt8>
  let capacity: Int
  /// Where `bytes` came from and go back to, when they are of the pool's size.
  private let pool: ChunkBufferPool?
  var count = 0
  /// Byte offset of the first byte in its input.
  var firstOffset = 0
  var isLast = false
  /// Cut at a line end for want of a header within the size cap (not before a header): the
  /// chunks after it, up to one that ends before a header, go to the same scanner
  /// (`ChunkPipeline.Continuation`).
  var isForcedCut = false

  init(capacity: Int, pool: ChunkBufferPool? = nil) {
    self.capacity = capacity
    if let pool, capacity == pool.size {
      self.pool = pool
      bytes = pool.take()
    } else {
      self.pool = nil
      bytes = .allocate(capacity: capacity)
    }
  }

  deinit {
    if let pool { pool.give(bytes) } else { bytes.deallocate() }
  }

  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }
}

/// Chunk buffers of the usual size, given back when their chunk is done. A new buffer of
/// a megabyte per chunk came back from `malloc` as fresh pages (it returns such sizes to
/// the system when they are freed), and the page faults that filled them were about half
/// of a parallel scan's system time: 10,000 to 16,000 faults for 200 MB, 2,260 with the pool.
///
/// Thread rule: the splitter takes, the workers give back (a chunk ends on the worker that
/// scanned it or on the thread that delivers its records), all under `lock`.
final class ChunkBufferPool: @unchecked Sendable {
  let size: Int
  /// At most this many buffers wait: the chunks in flight (`ChunkPipeline.chunksInFlight`),
  /// the one being filled and the one read past its cut. A pool never holds more.
  private let limit: Int
  private let lock = Lock()
  private var free: [UnsafeMutablePointer<UInt8>] = []

  init(size: Int, limit: Int) {
    self.size = size
    self.limit = limit
  }

  deinit {
    for buffer in free { buffer.deallocate() }
  }

  func take() -> UnsafeMutablePointer<UInt8> {
    lock.lock()
    let buffer = free.popLast()
    lock.unlock()
    return buffer ?? .allocate(capacity: size)
  }

  func give(_ buffer: UnsafeMutablePointer<UInt8>) {
    lock.lock()
    let kept = free.count < limit
    if kept { free.append(buffer) }
    lock.unlock()
    if !kept { buffer.deallocate() }
  }
}

/// Cuts a byte source into chunks that end just before a header line, so that each chunk
/// can be scanned on its own.
final class ChunkSplitter {
  private let source: ByteSource
  private let chunkSize: Int
  /// Without a header, a chunk is cut at a line end once it reaches this size: only a
  /// record larger than the scanner's size cap (kept incomplete anyway) spans such a cut.
  private let forcedCut: Int
  /// A line longer than this ends the read (`LineTooLong`) before it.
  private let lineCap: Int
  /// A new chunk's room: the target size and one more read, so a chunk that reaches the
  /// target usually needs no growing before its cut.
  private var initialCapacity: Int { pool.size }
  /// Bytes read past the last cut: the start of the next chunk.
  private var pending: InputChunk?
  private var offset = 0
  private var ended = false
  /// A read that failed (a cut-off gzip): thrown after the chunk that holds everything
  /// read before it, so no decompressed byte is lost.
  private var readError: Error?

  /// The buffers of chunks of `initialCapacity`, reused.
  private let pool: ChunkBufferPool
  /// Bytes looked at in the search for line feeds and headers (not the reads themselves):
  /// what a test counts to hold the search linear in the input.
  private(set) var searchedBytes = 0

  /// `chunksInFlight`: how many chunks the pipeline holds at once (their buffers are kept
  /// for reuse).
  init(
    source: ByteSource, chunkSize: Int, sizeCap: Int, lineCap: Int = LineTooLong.defaultCap, chunksInFlight: Int = 4
  ) {
    self.source = source
    self.chunkSize = max(chunkSize, 64)
    forcedCut = max(sizeCap, self.chunkSize)
    self.lineCap = lineCap
    pool = ChunkBufferPool(size: self.chunkSize + (64 << 10), limit: chunksInFlight + 2)
  }

  func next() throws -> InputChunk? {
    if ended {
      if let error = readError {
        readError = nil
        throw error
      }
      return nil
    }
    var chunk = pending ?? InputChunk(capacity: initialCapacity, pool: pool)
    pending = nil
    var searchedUpTo = 0  // lines before this were checked for headers
    var cut: Int? = nil
    var forced = false
    // The last two line feeds of the chunk (-1: none), found in each read's new bytes only:
    // a search from the chunk's end went through an unfinished line again at every read,
    // and a 100 MB line through a pipe took 49 s.
    var feeds = LineFeeds()
    searchedBytes += feeds.add(chunk.buffer, from: 0)
    while true {
      if chunk.count >= chunkSize || (chunk.count > 0 && source.isIdle) {
        cut = lastHeaderStart(in: chunk.buffer, lastLineFeed: feeds.last, from: max(searchedUpTo, 1))
        if cut == nil { searchedUpTo = feeds.lineStart(before: chunk.count) }
        if cut == nil && chunk.count >= forcedCut {
          cut = feeds.lineStart(before: chunk.count)
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
      searchedBytes += feeds.add(chunk.buffer, from: chunk.count - n)
      let unfinishedLine = feeds.last + 1
      if chunk.count - unfinishedLine > lineCap {
        // The lines before it are the input's last, as for a sequential read; the long
        // line and the rest are not read.
        chunk.count = unfinishedLine
        readError = LineTooLong(cap: lineCap)
        ended = true
        cut = nil
        forced = false
        break
      }
    }
    // Only a chunk longer than the cap can hold a line longer than it (a rare chunk), so
    // common chunks are not searched.
    if (cut ?? chunk.count) > lineCap,
      let long = LineTooLong.firstLine(
        longerThan: lineCap, in: UnsafeBufferPointer(start: chunk.bytes, count: cut ?? chunk.count))
    {
      chunk.count = long
      readError = LineTooLong(cap: lineCap)
      ended = true
      cut = nil
      forced = false
    }
    if chunk.count == 0 { return try next() }
    if let cut, cut < chunk.count {
      let rest = InputChunk(capacity: max(initialCapacity, (chunk.count - cut) * 2), pool: pool)
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

  /// Whether a line (`text`, without its terminator) is a header that a parallel read may
  /// cut before: a scanner closes its open record there, so the record after it does not
  /// depend on the lines before.
  static func isCutHeader(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let prefix = LinePrefix.match(text)
    let content = (prefix?.length ?? 0)..<text.count
    return !ByteText.isBlankLine(UnsafeBufferPointer(rebasing: text[content])) && LineKinds.header(text, content) != nil
  }

  /// The last two line feeds of a growing chunk, kept up to date read by read.
  struct LineFeeds {
    /// Index of the last line feed, and of the one before it; -1 for none.
    var last = -1
    var beforeLast = -1

    /// Takes in the bytes of `buffer` from `start` on (what a read added); returns how many
    /// it looked at.
    mutating func add(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
      var i = buffer.count - 1
      var newest = -1
      while i >= start {
        if buffer[i] == 0x0A {
          if newest >= 0 {
            (last, beforeLast) = (newest, i)
            return buffer.count - i
          }
          newest = i
        }
        i -= 1
      }
      if newest >= 0 { (last, beforeLast) = (newest, last) }
      return buffer.count - start
    }

    /// Start of the line that contains `position - 1`, for `position` the chunk's count (0
    /// when there is none before it): after the last line feed, or when the chunk ends with
    /// one, after the one before it.
    func lineStart(before position: Int) -> Int {
      (last == position - 1 ? beforeLast : last) + 1
    }
  }

  /// The start of the last complete header line at or after `from`, found backwards from
  /// the last line feed (`lastLineFeed`, -1: none); the partial last line (no newline yet)
  /// is not considered.
  private func lastHeaderStart(in all: UnsafeBufferPointer<UInt8>, lastLineFeed: Int, from: Int) -> Int? {
    guard lastLineFeed >= 0 else { return nil }
    var lineEnd = lastLineFeed  // index of this line's LF
    while lineEnd >= from {
      var start = lineEnd
      while start > 0 && all[start - 1] != 0x0A { start -= 1 }
      searchedBytes += lineEnd - start + 1
      if start >= from && start > 0 {
        var contentEnd = lineEnd
        if contentEnd > start && all[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        if ChunkSplitter.isCutHeader(UnsafeBufferPointer(rebasing: all[start..<contentEnd])) { return start }
      }
      if start == 0 { return nil }
      lineEnd = start - 1
    }
    return nil
  }
}

/// Worker threads that scan chunks (or file ranges, which they read themselves) in
/// submission order, and a reorder buffer that hands their results back in that order.
/// Record indices are chained: a chunk's first index is known once every earlier chunk of
/// the input has been scanned.
///
/// Locking: every stored `var` of the pipeline and of its `FileRun`s is read and written
/// only with `condition` locked; a job's chunk (or range) and part belong to the one worker
/// that took the job until its `Done` is published.
final class ChunkPipeline<Part: Sendable>: @unchecked Sendable {
  enum Mode {
    /// Add records to the part as they are parsed, before their place in the run is known.
    case content(@Sendable (inout Part, RecordContent) -> Void, gate: @Sendable (Part) -> ActionGate?)
    /// Hold the chunk's records, number them once the earlier chunks are scanned, then add.
    case numbered(@Sendable (inout Part, Record) -> Void, gate: @Sendable (Part) -> ActionGate?)
  }

  struct Done {
    var part: Part
    var statistics: ScanStatistics
    /// Lines numbered from the chunk's first line.
    var warnings: [ScanWarning]
    /// What the time window saw of the chunk (nil without a window).
    var window: WindowTally?
    /// A file range's read failed: the part holds the records read before it.
    var error: InputError?
  }

  /// The chunks of one input. Locking: its `var`s are touched only with the pipeline's
  /// `condition` locked.
  final class FileRun: @unchecked Sendable {
    let file: String
    let firstIndex: Int
    var submitted = 0
    var delivered = 0
    var counts: [Int: (records: Int, lines: Int)] = [:]  // chunk → its counts, until its bases are known
    var bases: [Int: (index: Int, lines: Int)] = [:]
    var nextBase: (chunk: Int, index: Int, lines: Int)
    var done: [Int: Done] = [:]
    /// The chunks after a forced cut go here, not into jobs of their own, until one that
    /// is not forced cut.
    var continuation: Continuation?
    init(file: String, firstIndex: Int) {
      self.file = file
      self.firstIndex = firstIndex
      nextBase = (0, firstIndex, 0)
    }
  }

  /// The chunks that follow a forced cut, handed one at a time to the worker that scans
  /// the chunk before them, so that one scanner reads them as a sequential read would: a
  /// record open at the cut goes on into them (a scanner of their own counted its lines
  /// as lines outside records, and `records` and `records --stats` disagreed). Its `var`s
  /// are touched only with the pipeline's `condition` locked.
  final class Continuation: @unchecked Sendable {
    /// The next chunk, until the worker takes it.
    var next: InputChunk?
    /// No chunk will come: the input ended (an error, a stop) before one that was not
    /// forced cut.
    var ended = false
  }

  /// What a worker scans: a chunk the reading thread filled (with the chunks after it when
  /// it was forced cut), or a range of a file that the worker reads itself (only in
  /// `.content` mode).
  private enum Work {
    case chunk(InputChunk, Continuation?)
    case range(FileRange)
  }

  private struct Job {
    var run: FileRun
    var number: Int
    var work: Work
    var part: Part
  }

  private let condition = Condition()
  private var queue: [Job] = []
  private var inFlight = 0
  private var stopping = false
  private let jobs: Int
  private let mode: Mode
  private let window: TimeWindow
  private let sizeCap: Int
  private let lineCap: Int
  /// What the sink reads of a record: the scanners leave out the rest.
  private let needs: RecordNeeds
  /// How many bytes a worker reads at a time from a file range.
  private let readSize: Int

  /// The worker threads that started: fewer than `jobs` when the system would start no
  /// more (a container's pids limit); with none, the caller reads sequentially.
  private(set) var workers = 0

  /// Starts up to `jobs` workers with `startThread` (`DetachedThread.start`; tests pass one
  /// that fails), stopping at the first thread that cannot start.
  init(
    jobs: Int, mode: Mode, window: TimeWindow, sizeCap: Int, lineCap: Int = LineTooLong.defaultCap,
    needs: RecordNeeds = .all, readSize: Int = 1 << 20,
    startThread: (Int, @escaping @Sendable () -> Void) -> Bool = DetachedThread.start
  ) {
    precondition(jobs >= 1)
    self.needs = needs
    self.readSize = readSize
    self.jobs = jobs
    self.mode = mode
    self.window = window
    self.sizeCap = sizeCap
    self.lineCap = lineCap
    var started = 0
    while started < jobs, startThread(8 << 20, { self.workLoop() }) { started += 1 }
    workers = started
  }

  func start(file: String, firstIndex: Int) -> FileRun { FileRun(file: file, firstIndex: firstIndex) }

  /// At most this many chunks are queued, scanned or waiting for delivery: the workers'
  /// and three more, read ahead. With one more, `cat FILE | tcalog report` took 7–8% longer
  /// on two cores (hyperfine: 461 against 427 ms): the reader, which shares the cores with
  /// `cat` and the workers, could not read ahead while `cat` had the input ready.
  var chunksInFlight: Int { jobs + 3 }

  /// Queues a chunk with the part its records go to; delivers finished results in order
  /// while `chunksInFlight` are in flight, so memory holds at most that many chunks.
  /// A chunk after a forced cut goes to the worker of the chunk before it instead (`part`
  /// unused), once that worker took the one before.
  func submit(_ chunk: InputChunk, part: Part, to run: FileRun, deliver: (Done) throws -> Void) throws {
    condition.lock()
    if let continuation = run.continuation {
      // Not waiting for deliveries here: the worker that takes this chunk holds the
      // oldest chunk in flight but one at most, and waits for no later one.
      while continuation.next != nil && !stopping { condition.wait() }
      continuation.next = chunk
      if !chunk.isForcedCut { run.continuation = nil }
      condition.broadcast()
      condition.unlock()
      return
    }
    let continuation = chunk.isForcedCut ? Continuation() : nil
    run.continuation = continuation
    condition.unlock()
    try submit(.chunk(chunk, continuation), part: part, to: run, deliver: deliver)
  }

  /// The input of `run` ended: a worker waiting for the chunk after a forced cut finishes
  /// its record at the end of the input.
  func endInput(_ run: FileRun) {
    condition.lock()
    run.continuation?.ended = true
    run.continuation = nil
    condition.broadcast()
    condition.unlock()
  }

  /// The next chunk of a continuation; nil when the input ended first (or the pipeline is
  /// shutting down).
  private func take(from continuation: Continuation) -> InputChunk? {
    condition.lock()
    defer { condition.unlock() }
    while continuation.next == nil && !continuation.ended && !stopping { condition.wait() }
    let chunk = continuation.next
    continuation.next = nil
    condition.broadcast()
    return chunk
  }

  /// Queues a range of a file, as `submit(_:part:to:deliver:)` does a chunk. Only in
  /// `.content` mode: a range's records would be too many to hold until they are numbered.
  func submit(_ range: FileRange, part: Part, to run: FileRun, deliver: (Done) throws -> Void) throws {
    guard case .content = mode else { preconditionFailure("file ranges are scanned in .content mode only") }
    try submit(.range(range), part: part, to: run, deliver: deliver)
  }

  private func submit(_ work: Work, part: Part, to run: FileRun, deliver: (Done) throws -> Void) throws {
    condition.lock()
    queue.append(Job(run: run, number: run.submitted, work: work, part: part))
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
      let mustWait = waitWhileFull ? inFlight >= chunksInFlight : run.delivered < run.submitted
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

  /// Ends the worker threads once they finish the chunk at hand; queued chunks are dropped.
  func shutDown() {
    condition.lock()
    stopping = true
    queue.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  private func workLoop() {
    let memory = ScanMemory()
    // For file ranges: one buffer per worker, reused from range to range.
    let reader = LineReader(source: MemoryByteSource([]), chunkSize: readSize, lineCap: lineCap)
    while true {
      condition.lock()
      while queue.isEmpty && !stopping { condition.wait() }
      if stopping {
        condition.unlock()
        return
      }
      let job = queue.removeFirst()
      condition.unlock()
      process(job, memory: memory, reader: reader)
    }
  }

  private func process(_ job: Job, memory: ScanMemory, reader: LineReader) {
    var part = job.part
    var tally = window.isUnbounded ? nil : WindowTally()
    // A part's gate only without a window: the window's counts see every record.
    var gate: ActionGate?
    if window.isUnbounded {
      switch mode {
      case .content(_, let gateOf): gate = gateOf(part)
      case .numbered(_, let gateOf): gate = gateOf(part)
      }
    }
    let scanner = RecordScanner(
      file: job.run.file, firstIndex: 0, sizeCap: sizeCap, needs: needs, gate: gate, memory: memory)
    let error: InputError?
    switch mode {
    case .content(let add, _):
      error = scan(job.work, with: scanner, reader: reader) { record in
        let content = record.content
        if tally == nil || tally!.admit(content, to: window) { add(&part, content) }
      }
    case .numbered(let add, _):
      var records: [Record] = []
      error = scan(job.work, with: scanner, reader: reader) { records.append($0) }
      // Every record the chunk closed, also those a gate declined: the next chunk's
      // records are numbered after all of them.
      let base = bases(of: job, records: scanner.nextIndex, lines: scanner.statistics.lines)
      for var record in records {
        record.index += base.index
        record.line += base.lines
        if tally == nil || tally!.admit(record, to: window) { add(&part, record) }
      }
    }
    condition.lock()
    job.run.done[job.number] = Done(
      part: part, statistics: scanner.statistics, warnings: scanner.warnings, window: tally, error: error)
    condition.broadcast()
    condition.unlock()
  }

  /// Scans a job's chunk or range; returns the error that ended a range's read early.
  private func scan(
    _ work: Work, with scanner: RecordScanner, reader: LineReader, _ emit: (Record) -> Void
  ) -> InputError? {
    switch work {
    case .chunk(let chunk, let continuation):
      scan(chunk, continuation, with: scanner, emit)
      return nil
    case .range(let range):
      return scan(range, with: scanner, reader: reader, emit)
    }
  }

  /// Scans one chunk, and the chunks after it while they are forced cut, its lines
  /// numbered from 1; the last ends as its cut says.
  private func scan(
    _ first: InputChunk, _ continuation: Continuation?, with scanner: RecordScanner, _ emit: (Record) -> Void
  ) {
    var chunk = first
    var lines = 0
    while true {
      // Scanning memory cannot fail, and `emit` does not throw.
      lines += scanner.feed(lines: chunk.buffer, firstLine: lines + 1, firstOffset: chunk.firstOffset, emit: emit)
      guard chunk.isForcedCut, let continuation else { break }
      guard let next = take(from: continuation) else {
        // The input ended after the cut: as a sequential read ends.
        try? scanner.finish(emit: emit)
        return
      }
      chunk = next
    }
    if chunk.isLast {
      try? scanner.finish(emit: emit)
    } else {
      try? scanner.finishBeforeHeader(emit: emit)
    }
  }

  /// Scans one file range (`FileRange`), its lines numbered from 1; returns the error that
  /// ended its read early, after the records read before it.
  private func scan(
    _ range: FileRange, with scanner: RecordScanner, reader: LineReader, _ emit: (Record) -> Void
  ) -> InputError? {
    // Any range but the first starts at its first header line: read from the byte before
    // its start, so that a line that starts right at it is seen whole.
    let readFrom = range.start == 0 ? 0 : range.start - 1
    reader.source = range.file.bytes(from: readFrom)
    var started = range.start == 0
    var lines = 0
    do {
      // The reader's line numbers go unused (so the body returns 0): the range numbers the
      // lines it feeds, from its first header line on.
      try reader.forEachBlock { block, _, blockOffset in
        let offset = readFrom + blockOffset
        var from = 0
        if !started {
          guard let header = FileRange.firstCutHeader(in: block, at: offset, from: range.start, before: range.end)
          else {
            if let end = range.end, offset + block.count >= end { throw FileRange.End.empty }
            return 0
          }
          started = true
          from = header
        }
        // The range ends before the first header line that starts at or after `end`.
        var upTo = block.count
        var cut = false
        if let end = range.end, offset + block.count > end,
          let header = FileRange.firstCutHeader(in: block, at: offset, from: Swift.max(end, offset + from), before: nil)
        {
          upTo = header
          cut = true
        }
        lines += scanner.feed(
          lines: UnsafeBufferPointer(rebasing: block[from..<upTo]), firstLine: lines + 1, firstOffset: offset + from,
          emit: emit)
        if cut { throw FileRange.End.beforeHeader }
        return 0
      }
      if started { try? scanner.finish(emit: emit) }
    } catch FileRange.End.beforeHeader {
      try? scanner.finishBeforeHeader(emit: emit)
    } catch FileRange.End.empty {
    } catch {
      // What was read before the error is still input: its last record is finished.
      if started { try? scanner.finish(emit: emit) }
      if let error = error as? LineTooLong { return error.inputError(file: range.file.name) }
      return error as? InputError ?? InputError(file: range.file.name, reason: "\(error)")
    }
    return nil
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

/// A byte range of a regular file that one worker reads and scans by itself, so no thread
/// reads for the others and no chunk of bytes changes hands. Its records are those whose
/// header lines start in it: it begins at its first header line (the first range at the
/// file's start) and reads on past `end` up to the first header line that starts there,
/// where the next range begins. A range without a header line is empty; the one before it
/// reads on through it.
struct FileRange: Sendable {
  let file: PositionalFile
  /// Where the range starts, and where the next one starts (nil: the file's end, also one
  /// that grew after it was opened).
  let start: Int
  let end: Int?

  /// Why a range's read stops before the file's end.
  enum End: Error {
    case beforeHeader
    case empty
  }

  /// Where in `block` (of whole lines, at `offset` in the file) the first header line
  /// starts that starts at or after `from` and before `before` (nil: anywhere).
  static func firstCutHeader(in block: UnsafeBufferPointer<UInt8>, at offset: Int, from: Int, before: Int?) -> Int? {
    // From the line that holds the byte before `from`: it is skipped as starting before
    // `from`, and the next starts at a line start.
    let first = Swift.max(0, from - 1 - offset)
    guard first < block.count else { return nil }
    var lines = LineSplitter(UnsafeBufferPointer(rebasing: block[first...]), firstOffset: offset + first)
    while let line = lines.next() {
      if line.offset < from { continue }
      if let before, line.offset >= before { return nil }
      if ChunkSplitter.isCutHeader(line.content) { return line.offset - offset }
    }
    return nil
  }

  /// The ranges of a file of `size` bytes for `jobs` workers: each a third of what is
  /// left per worker, within `minimum` and 32 MiB, so the workers' last ranges are small
  /// and end close together. They depend on the size alone, not on timing.
  static func plan(file: PositionalFile, jobs: Int, minimum: Int) -> [FileRange] {
    var ranges: [FileRange] = []
    var start = 0
    repeat {
      let length = Swift.min(32 << 20, Swift.max(minimum, (file.size - start) / (3 * jobs)))
      let end = start + length < file.size ? start + length : nil
      ranges.append(FileRange(file: file, start: start, end: end))
      start += length
    } while start < file.size
    return ranges
  }
}
