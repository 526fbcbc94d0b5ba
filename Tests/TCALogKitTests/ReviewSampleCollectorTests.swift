import Foundation
import Testing

@testable import TCALogOutput
@testable import TCALogParsing
@testable import TCALogPipeline
@testable import TCALogReport
@testable import TCALogSuggest

/// The review's samples come from `suggest`'s own read (issue 54, row 20): the screens
/// show the records a second read of the log showed, however the read is cut.
@Suite struct ReviewSampleCollectorTests {
  /// The sampler the review had before: a second read of the log, each record given to the
  /// first entry that covers its path (`Suggestion.covers`, tried in order), kept when its
  /// sample differs from the entry's earlier ones. The reference the collector is held to.
  struct SecondReadSampler: RecordSink {
    private(set) var samples: [[ReviewSample]]
    let entries: [Suggestion]
    init(entries: [Suggestion]) {
      self.entries = entries
      samples = Array(repeating: [], count: entries.count)
    }
    var needs: RecordNeeds { [.action, .actionText, .statePaths, .values] }
    mutating func record(_ record: Record) -> StreamControl {
      guard record.isComplete else { return .more }
      let path = record.actionPath
      guard let entry = entries.firstIndex(where: { $0.covers(path) }), samples[entry].count < 3 else { return .more }
      let sample = ReviewSample(record, actionPath: path)
      if !samples[entry].contains(where: { $0.distinctPart == sample.distinctPart }) { samples[entry].append(sample) }
      return .more
    }
  }

  /// Entries like `template` for each pattern path (nil: a key path's entry, which covers nothing).
  static func entries(_ patternPaths: [String?], like template: Suggestion) -> [Suggestion] {
    patternPaths.map { patternPath in
      var entry = template
      entry.patternPath = patternPath ?? "unused"
      entry.keyPath = patternPath == nil ? "\\.$unused" : nil
      return entry
    }
  }

  /// The samples of `entries` from the read that counts, as `suggest --review` reads:
  /// sequentially, in file ranges or chunks of `chunkSize` bytes, or from memory.
  static func collected(
    _ entries: [Suggestion], _ stream: RecordStream, chunkSize: Int? = nil
  ) throws -> [[ReviewSample]] {
    var stream = stream
    if let chunkSize { stream.chunkSize = chunkSize }
    var sinks = SinkPair(ReportAggregator(collectsShapes: true), ReviewSampleCollector())
    _ = try stream.run(into: &sinks)
    return sinks.second.samples(for: entries)
  }

  /// Every way a review reads a log gives the second read's samples: for the review's own
  /// entries and for broad ones (each path's first segment and first two, in an order
  /// where a path's first covering entry is not its longest), and so the same screens.
  @Test(arguments: ["browser-session", "todos-tca0", "todos-tca1", "timestamped", "messy"])
  func theFirstReadsSamplesAreTheSecondReads(_ name: String) throws {
    let log = Repository.root.appendingPathComponent("Samples/\(name).log").path
    let summary = try aggregate([log], shapes: true).summary()
    let set = Suggester(options: SuggestOptions()).suggest(summary)
    let template = try #require(ReviewScreenTests.template)
    let paths = summary.actions.map(\.path)
    let heads = paths.map { $0.split(separator: ".").prefix(1).joined(separator: ".") }
    let pairs = paths.map { $0.split(separator: ".").prefix(2).joined(separator: ".") }
    var broad: [String?] = []
    for path in pairs + [nil] + heads where !broad.contains(path) { broad.append(path) }
    let reviewed = (set.suggestions + set.candidates).filter { $0.keyPath == nil }
    for entries in [reviewed, Self.entries(broad, like: template)] where !entries.isEmpty {
      var reference = SecondReadSampler(entries: entries)
      _ = try RecordStream(inputs: [log]).run(into: &reference)
      #expect(reference.samples.contains { !$0.isEmpty })
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: log)))
      var reads: [(String, [[ReviewSample]])] = [
        ("sequential", try Self.collected(entries, RecordStream(inputs: [log]))),
        ("ranges", try Self.collected(entries, RecordStream(inputs: [log], jobs: 2))),
        ("memory", try Self.collected(entries, RecordStream(bytes: bytes, name: log, jobs: 2))),
      ]
      for chunkSize in [64, 300, 2000] {
        reads.append(
          (
            "ranges of \(chunkSize)",
            try Self.collected(entries, RecordStream(inputs: [log], jobs: 2), chunkSize: chunkSize)
          ))
        reads.append(
          (
            "chunks of \(chunkSize)",
            try Self.collected(entries, RecordStream(bytes: bytes, name: log, jobs: 2), chunkSize: chunkSize)
          ))
      }
      let screen = ReviewScreen(width: 80)
      for (how, samples) in reads {
        #expect(samples == reference.samples, "\(name), \(how)")
        for (i, entry) in entries.enumerated() where samples[i] != reference.samples[i] {
          #expect(
            screen.render(entry, samples: samples[i], index: i, total: entries.count, set: set)
              == screen.render(entry, samples: reference.samples[i], index: i, total: entries.count, set: set))
        }
      }
    }
  }

  /// A chunk keeps a record's bytes, not its sample, for the merge to judge: the sample
  /// made of them is the record's own, for every record of every sample log.
  @Test func aSignatureMakesTheRecordsSample() throws {
    for name in ["browser-session", "todos-tca0", "todos-tca1", "timestamped", "messy"] {
      let log = Repository.root.appendingPathComponent("Samples/\(name).log").path
      var checked = 0
      var signature: [UInt8] = []
      var each = EachRecord(needs: [.action, .actionText, .statePaths, .values]) { record in
        signature.removeAll()
        ReviewSampleCollector.appendSignature(of: record, to: &signature)
        let sample = ReviewSampleCollector.sample(signature, actionPath: record.actionPath)
        #expect(sample == ReviewSample(record, actionPath: record.actionPath), "\(name):\(record.line)")
        checked += 1
      }
      _ = try RecordStream(inputs: [log]).run(into: &each)
      #expect(checked >= 5, "\(name)")
    }
  }

  /// Two paths of one entry whose records look alike at the innermost case: a record
  /// like one already shown for the other path is not shown again, so the entry's samples
  /// are the first three that differ across both paths in input order, not each path's
  /// first. Cut into chunks at every few records, the order holds.
  @Test func anEntrysSamplesFollowTheInputAcrossItsPaths() throws {
    // left 1, right 1 (as left 1), right 2, left 2 (as right 2), left 3, right 4, ...
    let steps: [(String, Int)] = [("left", 1), ("right", 1), ("right", 2), ("left", 2), ("left", 3), ("right", 4)]
    var text = ""
    for (side, n) in steps + steps {
      text += """
        received action:
          AppFeature.Action.panels(.\(side)(.tick(\(n))))
          AppFeature.State(
        -   count: \(n - 1)
        +   count: \(n)
          )


        """
    }
    // A last record cut off: never a sample.
    text += "received action:\n  AppFeature.Action.panels(.left(.tick(9)))\n  AppFeature.State(\n-   count: 8\n"
    let template = try #require(ReviewScreenTests.template)
    let entries = Self.entries(["panels"], like: template)
    var reference = SecondReadSampler(entries: entries)
    _ = try RecordStream(text: text).run(into: &reference)
    #expect(
      reference.samples[0].map(\.action) == [
        ".panels(.left(.tick(1)))", ".panels(.right(.tick(2)))", ".panels(.left(.tick(3)))",
      ])
    #expect(try Self.collected(entries, RecordStream(text: text)) == reference.samples)
    for chunkSize in [40, 90, 150, 400] {
      let got = try Self.collected(entries, RecordStream(text: text, jobs: 2), chunkSize: chunkSize)
      #expect(got == reference.samples, "chunks of \(chunkSize)")
    }
  }
}
