/// Two runs side by side, per action path and per normalized state path: what `tcalog
/// compare` prints.
///
/// Runs differ in length, so rows compare rates: records per minute when both runs have
/// timestamps spanning at least a second, else records per 1,000 records of the run.
/// Rows are sorted by the size of the change of that rate (after − before, absolute):
/// an action going from 1 to 3 a minute is ×3 but matters less than one going from 200 to
/// 300. New and gone paths rank by the rate they have.
package struct RunComparison: Sendable {
  /// What a rate is counted against.
  package enum RateUnit: String, Sendable {
    /// Records per minute of the run's timestamps.
    case perMinute = "per minute"
    /// Records per 1,000 records of the run.
    case perThousandRecords = "per 1,000 records"
  }

  /// One action path or state path in both runs.
  package struct Row: Sendable, Equatable {
    /// The path (grouped to `depth` segments for actions when asked).
    package var path: String
    /// Records (changes for state paths) before and after.
    package var before: Int
    /// Records (changes for state paths) after.
    package var after: Int
    /// Share of the run's lines before (nil for state paths).
    package var lineShareBefore: Double?
    /// Share of the run's lines after (nil for state paths).
    package var lineShareAfter: Double?
    /// Rate before, in `unit`.
    package var rateBefore: Double
    /// Rate after, in `unit`.
    package var rateAfter: Double
    /// After − before.
    package var change: Double { rateAfter - rateBefore }
    /// After ÷ before (nil when new or gone).
    package var factor: Double? { before > 0 && after > 0 ? rateAfter / rateBefore : nil }
    /// Only in the after run.
    package var isNew: Bool { before == 0 && after > 0 }
    /// Only in the before run.
    package var isGone: Bool { before > 0 && after == 0 }
  }

  /// The before run.
  package var before: RunProfile
  /// The after run.
  package var after: RunProfile
  /// What rates count.
  package var unit: RateUnit
  /// Action rows above `minChange`, largest change first.
  package var actions: [Row]
  /// State path rows above `minChange`, largest change first.
  package var states: [Row]
  /// Rows left out because their rate changed by less than `minChange` (actions, states).
  package var unchanged: (actions: Int, states: Int)
  /// Those action rows, by path: in both runs at about the same rate.
  package var unchangedActions: [Row]
  /// Those state path rows, by path.
  package var unchangedStates: [Row]

  /// Action paths are grouped to this many segments (nil: as they are).
  package var depth: Int?

  /// Compares `after` with `before`. `depth` groups action paths by their first segments,
  /// and so does a saved report made with `--depth` (both runs, to the fewest segments);
  /// `minChange` hides rows whose rate moved by less than that share of the larger rate
  /// (0.1: ±10%; new and gone rows always show).
  package init(before: RunProfile, after: RunProfile, depth: Int? = nil, minChange: Double = 0.1) {
    let depth = [depth, before.groupDepth, after.groupDepth].compactMap { $0 }.min()
    let unit: RateUnit = before.minutes != nil && after.minutes != nil ? .perMinute : .perThousandRecords
    func rate(_ count: Int, _ run: RunProfile) -> Double {
      switch unit {
      case .perMinute: Double(count) / run.minutes!
      case .perThousandRecords: run.records > 0 ? Double(count) * 1000 / Double(run.records) : 0
      }
    }
    func grouped(_ tallies: [String: RunProfile.Tally]) -> [String: (records: Int, lines: Int)] {
      var out: [String: (records: Int, lines: Int)] = [:]
      for (path, tally) in tallies {
        let key =
          depth.map { path.split(separator: ".", omittingEmptySubsequences: false).prefix($0).joined(separator: ".") }
          ?? path
        out[key, default: (0, 0)].records += tally.records
        out[key, default: (0, 0)].lines += tally.lines
      }
      return out
    }
    func rows(_ a: [String: (records: Int, lines: Int)], _ b: [String: (records: Int, lines: Int)], lines: Bool)
      -> ([Row], [Row])
    {
      var shown: [Row] = []
      var hidden: [Row] = []
      for path in Set(a.keys).union(b.keys) {
        let x = a[path] ?? (0, 0)
        let y = b[path] ?? (0, 0)
        let row = Row(
          path: path, before: x.records, after: y.records,
          lineShareBefore: lines && before.lines > 0 ? Double(x.lines) / Double(before.lines) : nil,
          lineShareAfter: lines && after.lines > 0 ? Double(y.lines) / Double(after.lines) : nil,
          rateBefore: rate(x.records, before), rateAfter: rate(y.records, after))
        let larger = max(row.rateBefore, row.rateAfter)
        // A saved report keeps its time span to the microsecond: the same counts over it
        // give rates a rounding apart, which is no change.
        let moved = abs(row.change) > 1e-9 * larger && abs(row.change) >= minChange * larger
        if row.isNew || row.isGone || moved {
          shown.append(row)
        } else {
          hidden.append(row)
        }
      }
      shown.sort { abs($0.change) != abs($1.change) ? abs($0.change) > abs($1.change) : $0.path < $1.path }
      hidden.sort { $0.path < $1.path }
      return (shown, hidden)
    }
    let (beforeActions, afterActions) = (
      Self.folding(before.actions, hiddenBy: after), Self.folding(after.actions, hiddenBy: before)
    )
    let (actionRows, hiddenActions) = rows(grouped(beforeActions), grouped(afterActions), lines: true)
    let (stateRows, hiddenStates) = rows(
      before.states.mapValues { ($0.records, 0) }, after.states.mapValues { ($0.records, 0) }, lines: false)
    self.before = before
    self.after = after
    self.depth = depth
    self.unit = unit
    actions = actionRows
    states = stateRows
    unchanged = (hiddenActions.count, hiddenStates.count)
    unchangedActions = hiddenActions
    unchangedStates = hiddenStates
  }

  /// Action rows whose rate grew more than `factor` times (new actions aside: they have no
  /// factor), largest factor first. Every action counts, those `minChange` hid included: a
  /// display option never weakens a gate (`--fail-above 1.05` flagged 11 actions at the
  /// default `--min-change` and 15 at 0). An action with fewer than `minimumRecords` in
  /// both runs never counts: 2 records becoming 7 is ×3.5 by chance as often as not.
  package func actions(grownAbove factor: Double, minimumRecords: Int = defaultGateMinimumRecords) -> [Row] {
    (actions + unchangedActions).filter { ($0.factor ?? 0) > factor && max($0.before, $0.after) >= minimumRecords }
      .sorted { ($0.factor ?? 0) != ($1.factor ?? 0) ? ($0.factor ?? 0) > ($1.factor ?? 0) : $0.path < $1.path }
  }

  /// The fewest records (on the larger side) an action needs before `--fail-above` judges
  /// its ratio: below it, a factor is mostly chance (a count of 2 against 7 is within the
  /// spread of two Poisson draws of the same rate).
  package static let defaultGateMinimumRecords = 20

  /// Action rows whose factor is above `factor` but which have too few records to be judged
  /// (see `actions(grownAbove:minimumRecords:)`).
  package func actions(grownAbove factor: Double, belowMinimum minimumRecords: Int) -> [Row] {
    (actions + unchangedActions).filter { ($0.factor ?? 0) > factor && max($0.before, $0.after) < minimumRecords }
  }

  /// One run's action tallies with the paths a saved report of the other run hid (it does
  /// not list them, and they lie under a group whose listed children fall short of it)
  /// counted under that group, as the report counts them: a row the report hid is neither
  /// new nor gone (`report --min-share 0.1` saved as a baseline made `windows.window`
  /// "new"). A path under no such group stays as it is.
  static func folding(_ tallies: [String: RunProfile.Tally], hiddenBy report: RunProfile) -> [String:
    RunProfile.Tally]
  {
    guard !report.hiddenRowsUnder.isEmpty else { return tallies }
    var out: [String: RunProfile.Tally] = [:]
    for (path, tally) in tallies {
      out[report.foldedPath(path), default: RunProfile.Tally()].absorb(tally)
    }
    return out
  }

  /// Action rows only in the after run.
  package var newActions: [Row] { actions.filter(\.isNew) }

  /// Records per minute (or per 1,000 records) of the whole run, before and after.
  package var totalRates: (before: Double, after: Double) {
    switch unit {
    case .perMinute: (Double(before.records) / before.minutes!, Double(after.records) / after.minutes!)
    case .perThousandRecords: (1000, 1000)
    }
  }
}
