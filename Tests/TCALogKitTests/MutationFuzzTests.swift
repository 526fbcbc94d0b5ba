import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@_spi(Scanner) @testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogQuery
@testable import TCALogReport

/// Seeded mutation fuzzing in CI (issue 42): generated logs mutated in what the review's
/// rows found (many distinct action paths, lines longer than a chunk, the size cap or the
/// line cap, CRLF, junk), read every way; and budgets, filter repositories and saved
/// reports mutated byte by byte. A few seconds; the seeds are fixed, so a failure repeats.
struct MutationFuzzTests {
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(bound, 1)))
    }
  }

  /// A log of `records` records over `distinctPaths` action paths, one of them with a value
  /// line of `lineLength` bytes; then a few line mutations.
  static func log(seed: UInt64, records: Int, distinctPaths: Int, lineLength: Int) -> [UInt8] {
    var random = Generator(state: seed)
    var lines: [String] = []
    let long = random.next(records)
    for i in 0..<records {
      let path = random.next(distinctPaths)
      lines.append("received action:")
      lines.append("  AppAction.feature\(path % 97)(.row\(path)(id: \(i), value: \(random.next(1000))))")
      if i == long { lines.append("  \"" + String(repeating: "v", count: lineLength) + "\"") }
      lines += ["  AppState(", "-   count: \(random.next(50)),", "+   count: \(random.next(50))", "  )", ""]
    }
    for _ in 0..<random.next(6) {
      let at = random.next(lines.count)
      switch random.next(5) {
      case 0: lines.remove(at: at)
      case 1: lines.insert(lines[at], at: at)
      case 2: lines[at] += "\r"
      case 3: lines.insert("foreign text \(random.next(100))", at: at)
      default: lines.insert("received action:", at: at)
      }
    }
    return Array(lines.joined(separator: "\n").utf8) + [0x0A]
  }

  /// Records as ndjson with the file name taken out, the statistics and the errors' reasons.
  static func read(_ path: String, jobs: Int, chunkSize: Int) throws -> (String, ScanStatistics, [String]) {
    var sink = ParallelReaderTests.JSONCollector()
    var stream = RecordStream(inputs: [path], jobs: jobs)
    stream.chunkSize = chunkSize
    stream.sizeCap = 16 << 10
    stream.lineCap = 64 << 10
    let result = try stream.run(into: &sink)
    let json = String(decoding: sink.bytes, as: UTF8.self).replacingOccurrences(of: path, with: "INPUT")
    #expect(result.statistics.recordLines + result.statistics.otherLines == result.statistics.lines)
    return (json, result.statistics, result.errors.map(\.reason))
  }

  /// Distinct-path counts up to 5,000 and line lengths past a chunk (4 KiB), the size cap
  /// (16 KiB) and the line cap (64 KiB): sequential, file ranges and chunks (gzip) agree.
  @Test(.enabled(if: DamagedInputTests.hasGzip, "gzip(1) makes the chunked input"))
  func mutatedLogsReadAlikeEveryWay() throws {
    var executions = 0
    for seed in UInt64(1)...8 {
      var random = Generator(state: seed)
      let distinct = [1, 40, 1000, 5000][random.next(4)]
      let lineLength = [20, 5000, 20_000, 70_000][random.next(4)]
      let records = max(300, distinct)
      let bytes = Self.log(seed: seed, records: records, distinctPaths: distinct, lineLength: lineLength)
      let plain = try DamagedInputTests.temporaryFile("mutated.log", bytes)
      let compressed = try DamagedInputTests.temporaryFile("mutated.log.gz", try DamagedInputTests.gzip(bytes))
      defer {
        unlink(plain)
        unlink(compressed)
      }
      let expected = try Self.read(plain, jobs: 1, chunkSize: 1 << 20)
      let label = "seed \(seed): \(distinct) paths, a line of \(lineLength)"
      #expect(expected.2.isEmpty == (lineLength < 64 << 10), "\(label): \(expected.2)")
      for (path, jobs, chunkSize) in [
        (plain, 2, 4096), (plain, 3, 64 << 10), (compressed, 1, 1 << 20), (compressed, 2, 4096),
      ] {
        let got = try Self.read(path, jobs: jobs, chunkSize: chunkSize)
        #expect(got.0 == expected.0, "\(label), \(path.suffix(3)) -j \(jobs) chunks of \(chunkSize)")
        #expect(got.1 == expected.1, "\(label), \(path.suffix(3)) -j \(jobs) chunks of \(chunkSize)")
        #expect(got.2 == expected.2, "\(label), \(path.suffix(3)) -j \(jobs) chunks of \(chunkSize)")
        executions += 1
      }
      // The report of every distinct path: JSON that parses.
      var aggregator = ReportAggregator()
      for record in try parse(bytes: bytes).records { aggregator.add(record.content) }
      let json = ReportPrinter(format: .json).render(ActionReport(summary: aggregator.summary()))
      #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(label)")
    }
    #expect(executions == 32)
  }

  /// One byte mutation of `bytes`: flipped, removed, doubled, or a byte of interest put in.
  static func mutated(_ bytes: [UInt8], _ random: inout Generator) -> [UInt8] {
    var bytes = bytes
    let interesting: [UInt8] = [0x00, 0x0A, 0x0D, 0x22, 0x23, 0x2D, 0x3C, 0x3D, 0x5C, 0x7B, 0x7D, 0xEF, 0xFF]
    for _ in 0...random.next(4) {
      guard !bytes.isEmpty else { break }
      let at = random.next(bytes.count)
      switch random.next(4) {
      case 0: bytes[at] ^= UInt8(1 << random.next(8))
      case 1: bytes.remove(at: at)
      case 2: bytes.insert(bytes[at], at: at)
      default: bytes.insert(interesting[random.next(interesting.count)], at: at)
      }
    }
    return bytes
  }

  /// Budgets, filter repositories and saved reports, mutated: each is read or refused with
  /// its reasons (line numbers inside the file), never a crash; what is read is checked
  /// and compared, and its JSON parses.
  @Test func mutatedBudgetsFiltersAndSavedReportsAreReadOrRefused() throws {
    let log = Self.log(seed: 99, records: 200, distinctPaths: 30, lineLength: 20)
    var profiler = RunProfiler(source: "fuzz.log")
    for record in try parse(bytes: log).records { _ = profiler.record(record) }
    let run = profiler.profile
    var aggregator = ReportAggregator()
    for record in try parse(bytes: log).records { aggregator.add(record.content) }
    let report = Array(ReportPrinter(format: .json).render(ActionReport(summary: aggregator.summary())).utf8)
    let budget = Array("# budget\r\nfeature1 <= 10 records\r\nstate: count <= 50%\r\n* <= 5% records # others\r\n".utf8)
    let filters = Array("# noise\nrows = ^feature\\d+\\.row1\nflag = (?i)Count$ # comment\n".utf8)
    var random = Generator(state: 42)
    var read = (budgets: 0, filters: 0, reports: 0)
    for _ in 0..<300 {
      let budgetBytes = Self.mutated(budget, &random)
      let text = String(decoding: budgetBytes, as: UTF8.self)
      let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
      do {
        let rules = try Budget(text: text, file: "b")
        #expect(rules.rules.allSatisfy { $0.line >= 1 && $0.line <= lineCount })
        #expect(rules.check(run).count == rules.rules.count)
        read.budgets += 1
      } catch {
        #expect(!error.lines.isEmpty)
      }

      let filterText = String(decoding: Self.mutated(filters, &random), as: UTF8.self)
      do {
        let repository = try FilterRepository(parsing: filterText, file: "f")
        let again = try FilterRepository(parsing: repository.rendered(), file: "again")
        #expect(again.entries.map(\.pattern) == repository.entries.map(\.pattern), "\(filterText)")
        read.filters += 1
      } catch {
        #expect(!error.issues.isEmpty)
      }

      do {
        let saved = try RunProfile(savedReport: Data(Self.mutated(report, &random)), source: "r.json")
        #expect(saved.records >= 0 && saved.lines >= 0)
        let json = ComparisonPrinter(format: .json, top: nil).render(RunComparison(before: saved, after: run))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
        read.reports += 1
      } catch {
        #expect(error is SavedReportError)
      }
    }
    // The mutations leave some files whole enough to read, and break others.
    #expect(read.budgets > 0 && read.budgets < 300)
    #expect(read.filters > 0 && read.filters < 300)
    #expect(read.reports > 0 && read.reports < 300)
  }
}
