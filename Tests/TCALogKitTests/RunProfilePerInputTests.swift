import Foundation
import Testing

@testable import TCALogPipeline
@testable import TCALogReport

/// `check` on several files measures each alone from the same read: each input's profile
/// is the profile of that file read by itself, sequentially or in chunks, with a time
/// window or without, and the whole read's profile is what it was.
struct RunProfilePerInputTests {
  static let samples = ["timestamped.log", "todos-tca1.log", "browser-session.log"].map {
    Repository.root.appendingPathComponent("Samples/" + $0).path
  }

  static func read(_ files: [String], jobs: Int, window: TimeWindow, perInput: Bool) throws -> RunProfiler {
    var profiler = RunProfiler(source: "samples", perInput: perInput)
    var stream = RecordStream(inputs: files, jobs: jobs, window: window)
    // Small chunks: a file is cut into many parts, merged back per input.
    stream.chunkSize = 4_000
    try stream.run(into: &profiler)
    return profiler
  }

  static func expectSame(_ a: RunProfile, _ b: RunProfile, _ comment: Comment) {
    #expect(a.actions == b.actions, comment)
    #expect(a.states == b.states, comment)
    #expect((a.records, a.lines, a.noOps, a.timedRecords) == (b.records, b.lines, b.noOps, b.timedRecords), comment)
    #expect(a.spanSeconds == b.spanSeconds && a.timeOffset == b.timeOffset, comment)
  }

  @Test(arguments: [1, 3], [false, true])
  func eachInputsProfileIsThatFileReadAlone(jobs: Int, windowed: Bool) throws {
    // 10:05:30 to 10:06:00 +01:00 of timestamped.log; the other files have no timestamps,
    // so nothing of theirs is in the window.
    let window = windowed ? TimeWindow(since: 1_795_165_530, until: 1_795_165_560) : TimeWindow()
    let together = try Self.read(Self.samples, jobs: jobs, window: window, perInput: true)
    #expect(together.inputProfiles.map(\.source) == Self.samples)
    for (file, alone) in zip(Self.samples, together.inputProfiles) {
      let single = try Self.read([file], jobs: jobs, window: window, perInput: false).profile
      Self.expectSame(alone, single, "\(file), jobs \(jobs), window \(windowed)")
    }
    #expect(together.inputProfiles[0].records > 0)
    if windowed {
      #expect(together.inputProfiles[0].records < 500)
      #expect(together.inputProfiles.dropFirst().allSatisfy { $0.records == 0 && $0.lines == 0 })
    }
    let plain = try Self.read(Self.samples, jobs: jobs, window: window, perInput: false)
    Self.expectSame(together.profile, plain.profile, "the whole read, jobs \(jobs), window \(windowed)")
    #expect(plain.inputProfiles.isEmpty)
    #expect(together.inputProfiles.map(\.records).reduce(0, +) == together.profile.records)
    #expect(together.inputProfiles.map(\.lines).reduce(0, +) == together.profile.lines)
  }
}

extension RunProfilePerInputTests {
  /// `compare` and `check` count what the report counts (one `RecordCounter`): per action
  /// path the report's records, lines and no-ops (its roots summed), per normalized state
  /// path its changes; read record by record or in chunks alike.
  @Test(arguments: [1, 3])
  func theProfileCountsWhatTheReportCounts(jobs: Int) throws {
    for file in Self.samples {
      let profile = try Self.read([file], jobs: jobs, window: TimeWindow(), perInput: false).profile
      var aggregator = ReportAggregator()
      var stream = RecordStream(inputs: [file], jobs: jobs, window: TimeWindow())
      stream.chunkSize = 4_000
      try stream.run(into: &aggregator)
      let summary = aggregator.summary()
      // The samples' records are all complete: the report counts each of them too.
      #expect(profile.records == summary.actions.map(\.stats.count).reduce(0, +), "\(file)")
      var byPath: [String: RunProfile.Tally] = [:]
      for action in summary.actions {
        byPath[action.path, default: RunProfile.Tally()].records += action.stats.count
        byPath[action.path, default: RunProfile.Tally()].lines += action.stats.lines
        byPath[action.path, default: RunProfile.Tally()].noOps += action.stats.noOps
      }
      #expect(Set(byPath.keys) == Set(profile.actions.keys), "\(file)")
      for (path, tally) in byPath {
        let counted = profile.actions[path]
        #expect(
          counted?.records == tally.records && counted?.lines == tally.lines && counted?.noOps == tally.noOps,
          "\(file): \(path)")
      }
      #expect(
        Dictionary(uniqueKeysWithValues: summary.states.map { ($0.path, $0.changes) })
          == profile.states.mapValues(\.records), "\(file)")
    }
  }
}
