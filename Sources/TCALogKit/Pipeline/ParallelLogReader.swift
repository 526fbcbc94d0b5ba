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
    let untimed = UntimedCounter()
    let pipeline = ChunkPipeline<Result>(jobs: max(1, jobs), work: { chunk in
      guard !window.isUnbounded else { return work(chunk) }
      var inWindow = chunk
      var missing = 0
      inWindow.records = chunk.records.filter { record in
        guard let inside = window.contains(record) else {
          missing += 1
          return false
        }
        return inside
      }
      untimed.add(missing)
      return work(inWindow)
    }, sizeCap: sizeCap)
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
        fileStatistics.merge(done.statistics)
        if fileWarnings.count < RecordScanner.maximumWarnings { fileWarnings.append(contentsOf: done.warnings) }
        try deliver(done.result)
      }
      if fileStatistics.lines == 0 && file != "-" && !result.errors.contains(where: { $0.file == file }) {
        result.errors.append(InputError(file: file, reason: "empty file"))
      }
      nextIndex += fileStatistics.records
      result.statistics.merge(fileStatistics)
      result.warnings.append(contentsOf: fileWarnings.prefix(RecordScanner.maximumWarnings))
    }
    result.untimedRecords = untimed.value
    return result
  }
}

/// Records without a timestamp that the window left out, counted across workers.
final class UntimedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add(_ n: Int) {
    guard n > 0 else { return }
    lock.lock()
    count += n
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// A piece of one input that starts at a line start and ends before a header line (or at
/// the end of the input).
struct InputChunk: Sendable {
  var bytes: [UInt8]
  var firstLine: Int
  var firstOffset: Int
  var isLast: Bool
}

/// Cuts a byte source into chunks that end just before a header line, so that each chunk
/// can be scanned on its own. Counts newlines to give every chunk its first line number.
final class ChunkSplitter {
  private let source: ByteSource
  private let chunkSize: Int
  /// Without a header, a chunk is cut at a line end once it reaches this size: only a
  /// record larger than the scanner's size cap (kept incomplete anyway) spans such a cut.
  private let forcedCut: Int
  private var carry: [UInt8] = []
  private var storage: [UInt8] = []
  private var line = 1
  private var offset = 0
  private var ended = false

  init(source: ByteSource, chunkSize: Int, sizeCap: Int) {
    self.source = source
    self.chunkSize = max(chunkSize, 64)
    forcedCut = max(sizeCap, self.chunkSize)
  }

  func next() throws -> InputChunk? {
    if ended { return nil }
    // `storage[..<valid]` is the data; the rest is room for the next read.
    if storage.count < chunkSize + (64 << 10) { storage = [UInt8](repeating: 0, count: chunkSize + (64 << 10)) }
    var valid = carry.count
    if valid > storage.count { storage.append(contentsOf: repeatElement(0, count: valid - storage.count)) }
    storage.withUnsafeMutableBufferPointer { _ = UnsafeMutableBufferPointer(rebasing: $0[..<valid]).initialize(from: carry) }
    carry = []
    var searchedUpTo = 0  // lines before this were checked for headers
    var cut: Int? = nil
    while true {
      if valid >= chunkSize || (valid > 0 && source.isIdle) {
        cut = lastHeaderStart(in: storage, valid: valid, from: max(searchedUpTo, 1))
        if cut == nil { searchedUpTo = lineStart(before: valid, in: storage) }
        if cut == nil && valid >= forcedCut { cut = lineStart(before: valid, in: storage) }
        if let c = cut, c > 0 { break }
        cut = nil
      }
      if valid == storage.count { storage.append(contentsOf: repeatElement(0, count: storage.count / 2)) }
      let n = try storage.withUnsafeMutableBytes { raw in
        try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[valid...]))
      }
      if n == 0 {
        ended = true
        break
      }
      valid += n
    }
    if valid == 0 { return nil }
    let end = cut ?? valid
    if end < valid { carry = Array(storage[end..<valid]) }
    let chunk = InputChunk(bytes: Array(storage[..<end]), firstLine: line, firstOffset: offset, isLast: cut == nil)
    line += chunk.bytes.withUnsafeBufferPointer { ByteText.countNewlines($0) }
    offset += end
    return chunk
  }

  /// Start of the line that contains `position - 1` (0 when there is none before it).
  private func lineStart(before position: Int, in buffer: [UInt8]) -> Int {
    var i = position - 1
    if i >= 0 && buffer[i] == 0x0A { i -= 1 }
    while i >= 0 && buffer[i] != 0x0A { i -= 1 }
    return i + 1
  }

  /// The start of the last complete header line at or after `from`, found backwards from
  /// the end; the partial last line (no newline yet) is not considered.
  private func lastHeaderStart(in buffer: [UInt8], valid: Int, from: Int) -> Int? {
    buffer.withUnsafeBufferPointer { whole in
      let all = UnsafeBufferPointer(rebasing: whole[..<valid])
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
}

/// Worker threads that scan chunks in submission order and a reorder buffer that hands
/// results back in that order. Record indices are chained: a chunk's first index is known
/// once every earlier chunk of the run has been parsed.
final class ChunkPipeline<Result: Sendable>: @unchecked Sendable {
  struct Done {
    var result: Result
    var statistics: ScanStatistics
    var warnings: [String]
  }

  /// The chunks of one input file.
  final class FileRun: @unchecked Sendable {
    let file: String
    let firstIndex: Int
    var submitted = 0
    var delivered = 0
    var counts: [Int: Int] = [:]  // chunk → records, until its index base is known
    var bases: [Int: Int] = [:]
    var nextBase: (chunk: Int, index: Int)
    var done: [Int: Done] = [:]
    init(file: String, firstIndex: Int) {
      self.file = file
      self.firstIndex = firstIndex
      nextBase = (0, firstIndex)
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
  private let work: @Sendable (ParsedChunk) -> Result
  private let sizeCap: Int

  init(jobs: Int, work: @escaping @Sendable (ParsedChunk) -> Result, sizeCap: Int) {
    self.jobs = jobs
    self.work = work
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
    var records: [Record] = []
    // Scanning memory cannot fail; `emit` only appends.
    job.chunk.bytes.withUnsafeBufferPointer { bytes in
      try? LineReader.forEachLine(in: bytes, firstLine: job.chunk.firstLine, firstOffset: job.chunk.firstOffset) { line in
        try scanner.feed(line) { records.append($0) }
      }
    }
    if job.chunk.isLast {
      try? scanner.finish { records.append($0) }
    } else {
      try? scanner.finishBeforeHeader { records.append($0) }
    }

    let base = indexBase(of: job, count: records.count)
    if base != 0 { for i in records.indices { records[i].index += base } }
    let result = work(ParsedChunk(records: records, statistics: scanner.statistics, warnings: scanner.warnings))

    condition.lock()
    job.run.done[job.number] = Done(result: result, statistics: scanner.statistics, warnings: scanner.warnings)
    condition.broadcast()
    condition.unlock()
  }

  /// Publishes this chunk's record count and waits until its first index is known.
  private func indexBase(of job: Job, count: Int) -> Int {
    let run = job.run
    condition.lock()
    defer { condition.unlock() }
    run.counts[job.number] = count
    while let n = run.counts[run.nextBase.chunk] {
      run.bases[run.nextBase.chunk] = run.nextBase.index
      run.counts.removeValue(forKey: run.nextBase.chunk)
      run.nextBase = (run.nextBase.chunk + 1, run.nextBase.index + n)
    }
    condition.broadcast()
    while run.bases[job.number] == nil && !stopping { condition.wait() }
    return run.bases.removeValue(forKey: job.number) ?? 0
  }
}
