// The evidence the classifier weighs, one value per action path: what the rules
// (`ActionClassifier.decide`) and the fitted model (`NoiseModel.features`) read.

/// The numbers one action path's class rests on, all read from the log.
package struct ActionEvidence: Sendable, Equatable {
  /// Complete records of this path, over all roots.
  package var records = 0
  /// Input lines of those records.
  package var lines = 0
  /// Its records over all complete records, 0…1.
  package var recordShare = 0.0
  /// Its lines over all input lines, 0…1.
  package var lineShare = 0.0
  /// No-op records over the records that print a state part; nil when none does.
  package var noOpShare: Double?
  /// Gaps between consecutive records of this path that carry timestamps.
  package var timedGaps = 0
  /// Median timed gap in seconds (the mean of the gaps in its histogram bin); nil without
  /// timed gaps.
  package var medianGap: Double?
  /// Share of the timed gaps under 0.1 s, 0…1 (0 without timed gaps).
  package var fastShare = 0.0
  /// The most common gap in seconds (within about ±14 %); nil without timed gaps.
  package var period: Double?
  /// Share of the timed gaps within `period`, 0…1: near 1 for a timer.
  package var periodShare = 0.0
  /// Most records in one second.
  package var peakPerSecond = 0
  /// Share of records that directly follow one of their own (record order).
  package var repeatShare = 0.0
  /// Share of records at most two records after one of their own (`Rhythm.nearRepeatShare`).
  package var nearRepeatShare = 0.0
  /// Coefficient of variation of the gaps in records between its occurrences: about 1
  /// when spread at random, under 1 when evenly spaced, well over 1 when clustered.
  package var spacingVariation = 0.0
  /// State paths (normalized) this action changes, most changed first.
  package var statePaths: [String] = []
  /// Of all changes to those paths, the share this action makes.
  package var exclusiveShare = 0.0
  /// Distinct new values over values set (capped sample): near 1 when every value is new.
  package var newValueShare: Double?
  /// Of the values it sets, the share that read as measurements: numbers, dates, a text
  /// that grows (`ValueVariety`; nil when it sets none).
  package var measurementShare: Double?
  /// What the name suggests: +1 noise, −1 signal, 0 nothing; and the word that says so.
  package var nameLean = 0
  /// The word of the name that sets `nameLean` (`tapped`, `tick`); nil when none does.
  package var nameWord: String?
  /// A TCA binding (`binding.set`): per keystroke it is both noise and signal.
  package var isBinding = false
  /// Share of the timed gaps within ± 30 % of the median gap, 0…1: the dispersion of the
  /// intervals, near 1 for a timer even with ± 30 % jitter, about 0.25 for a person.
  package var nearMedianShare = 0.0
  /// Share of the timed gaps under 0.5 s, 0…1: several a second.
  package var subSecondShare = 0.0
  /// Minutes of the session with one of its records over the session's minutes, 0…1; nil
  /// without times. A machine is present throughout, a person in clusters.
  package var presence: Double?
  /// Distinct entities (row ids, payload dictionary keys) its records name; 0 when none.
  package var entities = 0
  /// The typical gap between one entity's own records in seconds (geometric mean).
  package var entityGap: Double?
  /// Gaps between one entity's own records (record order) per entity: how often an
  /// entity comes back. A row's timer comes back many times; a person who opens a card
  /// and taps through its three photos, twice.
  package var entityReturns = 0.0
  /// Spread (standard deviation of the log) of each entity's gaps in time around its own
  /// typical gap: under about 0.45 when every entity reports like a timer; over 1 when
  /// entities come up at random (a person picks rows).
  package var entitySpread: Double?
  /// The same spread for each entity's gaps in records (no times needed).
  package var entityOrderSpread: Double?
  /// Of its records right after one of their own, the share about another entity than
  /// the record before (a run across rows, not one row's stream); nil with too few.
  package var entitySwitchShare: Double?
  /// Share of each entity's own gaps under a second (with times) or of at most 3 records
  /// (without): near 0 when every entity comes once per burst.
  package var entityShortShare: Double?
  /// The action whose records this one's follow (within a second, or six records without
  /// times) about as often as it occurs: what sets it off (a request before its response).
  package var follows: String?
  /// Share of its records that follow a record of `follows` that closely, 0…1.
  package var followShare = 0.0
  /// Its records over those of `follows`.
  package var followRatio = 0.0
  /// What TCA's own structure suggests: −1 for an effect's response (`…Response` with a
  /// `success`/`failure` payload) or a `delegate` action; 0 otherwise.
  package var structureLean = 0
  /// Of its state changes, the share that bring a new object (a leaf added, a count
  /// changed, a value that was `nil`); nil when it changes nothing. Events insert and
  /// fill; measurements nudge what is there.
  package var insertShare: Double?
  /// Its most specific predecessor: the action its runs follow most often relative to how
  /// often that action precedes anything (a request before its response, a start before
  /// the burst it starts), never a timer that precedes everything; nil when none stands out.
  package var cause: String?
  /// Share of its runs that follow `cause`, and how many times more often than runs of any
  /// action follow `cause` (the lift).
  package var causeShare = 0.0
  package var causeLift = 0.0
  /// The class the hand rules give `cause` (before anything inherits): −1 signal, +1 noise,
  /// 0 ambiguous or none.
  package var causeLean = 0
  /// How much of it sets off another path: the largest share of its records that a path
  /// whose `cause` it is follows (with a lift of 2 or more), 0…1. A request is answered,
  /// a poll's tick is too; a sensor's reading or a tap on nothing sets off nothing.
  package var leadShare = 0.0
  /// The hand rules' score of the busiest other path with the same last case name (a row's
  /// `tapped` and a list's), nil when there is none.
  package var siblingScore: Int?
}
