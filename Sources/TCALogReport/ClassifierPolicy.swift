/// Every threshold of the classifier in one place: each with what it means and where it
/// was measured (Tests/Simulator/MEASUREMENTS.md has the tables). The defaults are what
/// `report` and `suggest` use; the measuring scripts inject others through the hidden
/// `--classifier-policy name=value,…` of `suggest` (`Tests/Simulator/leave_one_out.py`), never
/// through the environment.
package struct ClassifierPolicy: Sendable, Equatable {
  /// Fewer complete records than this and nothing is classified: the evidence is thin.
  package var minimumRecords = 50
  /// Fewer records of one path than this, or a smaller share, and it is signal (rare).
  package var rareRecords = 8
  package var rareShare = 0.002
  /// Under this share of lines an action is silenced only on strong evidence (a timer, a
  /// stream, a no-op flood): silencing it buys little and may hide what the reader wants.
  package var smallShare = 0.01
  /// Entity spreads in time (standard deviation of the log of each entity's gaps): at most
  /// `entityTimerSpread` and every entity reports like a timer; at least `fanOutSpread`
  /// (with bursts at the path) and each entity comes up at random: a fan-out.
  package var entityTimerSpread = 0.45
  /// And only when each entity comes back this many times on average (gaps per entity):
  /// a person tapping through two or three photos of each card they open is steady too
  /// (author-af's dating app, MEASUREMENTS.md).
  package var entityTimerReturns = 2.0
  package var fanOutSpread = 0.8
  /// The same in record order (no times): at most `entityOrderRegular` and each entity is
  /// evenly spaced (rows that report on their own); at least `fanOutOrderSpread` and each
  /// entity comes up at random.
  package var entityOrderRegular = 0.5
  package var fanOutOrderSpread = 1.0
  /// Share of the intervals within ± 30 % of the median that reads as a jittered timer.
  package var jitteredTimerShare = 0.7
  /// Share of an action's records that must closely follow another's to inherit its class.
  package var followShare = 0.8
  /// Share of a binding's records that follow one of their own (without times) from which
  /// it streams like a slider: 0.95 is runs of 20 on average, longer than a typed word.
  package var bindingStreamRuns = 0.95
  /// Whether the fitted model (`NoiseModel`) decides, with the hand rules' evidence and
  /// score among its features; and its cut-offs: noise at `modelNoise` or more
  /// (`modelStrongNoise` under `smallShare` of lines), signal at `modelSignal` or less.
  package var usesModel = true
  package var modelNoise = 0.85
  package var modelStrongNoise = 0.93
  package var modelSignal = 0.25
  /// The rules' noise on a path whose name leans signal (`…Tapped`) stands only when the
  /// model finds it at least this likely noise (`modelStrongNoise` under `smallShare` of
  /// lines): a person's rhythm read as a timer silenced taps of an author the model had not
  /// seen (MEASUREMENTS.md, author-q), a retry's failures those of author-aj.
  package var modelNameAgree = 0.5
  /// The rules' signal is a veto, except where the model finds it at least this likely
  /// noise without the name's vote and the name does not lean signal: a person's pace the rules read in an echo
  /// (an unread count after each write, 75 % no-ops) or a sensor's stream kept every
  /// session of two authors; leaving one author out it silenced no signal
  /// (MEASUREMENTS.md).
  package var modelOverrulesSignal = 0.9

  /// The defaults.
  package init() {}

  /// The defaults with `overrides` (`name=value,…`, names as the properties above) applied.
  package init(overrides: String) throws(PolicyError) {
    for pair in overrides.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let value = Double(parts[1]), value.isFinite else { throw .malformed(String(pair)) }
      switch parts[0] {
      case "minimumRecords", "rareRecords":
        // Whole counts only: `Int(_:)` of 1e19 would trap.
        guard let count = Int(exactly: value), count >= 0 else { throw .malformed(String(pair)) }
        if parts[0] == "minimumRecords" { minimumRecords = count } else { rareRecords = count }
      case "rareShare": rareShare = value
      case "smallShare": smallShare = value
      case "entityTimerSpread": entityTimerSpread = value
      case "entityTimerReturns": entityTimerReturns = value
      case "fanOutSpread": fanOutSpread = value
      case "entityOrderRegular": entityOrderRegular = value
      case "fanOutOrderSpread": fanOutOrderSpread = value
      case "jitteredTimerShare": jitteredTimerShare = value
      case "followShare": followShare = value
      case "bindingStreamRuns": bindingStreamRuns = value
      case "usesModel": usesModel = value != 0
      case "modelNoise": modelNoise = value
      case "modelStrongNoise": modelStrongNoise = value
      case "modelSignal": modelSignal = value
      case "modelNameAgree": modelNameAgree = value
      case "modelOverrulesSignal": modelOverrulesSignal = value
      default: throw .unknown(parts[0])
      }
    }
  }

  /// Why overrides were refused.
  package enum PolicyError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case unknown(String)
    package var description: String {
      switch self {
      case .malformed(let pair): "classifier policy: '\(pair)' is not name=number"
      case .unknown(let name): "classifier policy: no threshold named '\(name)'"
      }
    }
  }
}
