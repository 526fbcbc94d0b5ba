import TCALogReport

/// The columns of the page's timeline: clock seconds grouped by a round step when the log
/// has timestamps, blocks of records in log order otherwise.
struct TimelineScale {
  /// Columns are clock seconds (else blocks of `RunProfile.recordsPerBlock` records).
  var timed: Bool
  /// The first and last key with records: seconds, or blocks from the run's first.
  var low: Int
  var high: Int
  /// Where column 0 starts (a round clock time at or before `low`; `low` for blocks).
  var origin: Int
  /// Keys per column.
  var perColumn: Int
  /// Records per column in log order (blocks only).
  var recordsPerColumn: Int
  /// Every record of the run, for the last block's end.
  var records: Int
  /// The log's UTC offset, for clock times.
  var offset: Int?

  /// Round steps of seconds per column, so columns read as clock intervals.
  static let steps = [
    1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
  ]

  /// A scale of at most `columns` columns over seconds `low...high`, from a round clock time.
  init(seconds low: Int, _ high: Int, columns: Int, offset: Int?, records: Int) {
    (timed, self.low, self.high, self.offset, self.records, recordsPerColumn) = (true, low, high, offset, records, 0)
    (origin, perColumn) = (low, 1)
    for step in Self.steps + [86400 * ((high - low) / (86400 * columns) + 1)] {
      // The start of the step that holds `low`, on the log's clock.
      origin = low - ((low + (offset ?? 0)) % step + step) % step
      perColumn = step
      if (high - origin) / step < columns { break }
    }
  }

  /// A scale of at most `columns` columns over the blocks of `profile`, in log order.
  init(blocksOf profile: RunProfile, columns: Int) {
    (timed, low, origin, records, offset) = (false, 0, 0, profile.records, nil)
    high = (profile.records - 1) / profile.recordsPerBlock
    perColumn = (high + columns) / columns
    recordsPerColumn = perColumn * profile.recordsPerBlock
  }

  /// How many columns there are.
  var columns: Int { (high - origin) / perColumn + 1 }

  /// The column of a key (nil outside the run).
  func column(_ key: Int) -> Int? { key < low || key > high ? nil : (key - origin) / perColumn }

  /// What a column is: "second", "5 seconds", "15 minutes", "hour", "record", "6,144 records".
  var unit: String {
    func per(_ n: Int, _ word: String) -> String { n == 1 ? word : "\(NumberText.grouped(n)) \(word)s" }
    if !timed { return per(recordsPerColumn, "record") }
    if perColumn % 3600 == 0 { return per(perColumn / 3600, "hour") }
    return perColumn % 60 == 0 ? per(perColumn / 60, "minute") : per(perColumn, "second")
  }

  /// What column `c` covers: `10:22:10–10:22:19`, or `records 65–128`.
  func extent(_ c: Int) -> String {
    if timed {
      let from = max(low, origin + c * perColumn)
      let to = min(origin + (c + 1) * perColumn - 1, high)
      return from == to ? clock(from) : clock(from) + "–" + clock(to)
    }
    let from = c * recordsPerColumn + 1
    let to = min(from + recordsPerColumn - 1, records)
    return from == to
      ? "record \(NumberText.grouped(from))" : "records \(NumberText.grouped(from))–\(NumberText.grouped(to))"
  }

  /// Records in column `c` (blocks only; the last may be short).
  func recordsIn(_ c: Int) -> Int { min(recordsPerColumn, records - c * recordsPerColumn) }

  /// The axis under the strips: where the first (and middle) column starts, where the last ends.
  var ticks: [String] {
    let first = timed ? clock(low) : "record 1"
    let middle =
      timed
      ? clock(origin + columns / 2 * perColumn) : "record \(NumberText.grouped(columns / 2 * recordsPerColumn + 1))"
    let last = timed ? clock(high) : "record \(NumberText.grouped(records))"
    return columns > 2 ? [first, middle, last] : [first, last]
  }

  func clock(_ second: Int) -> String { TextFormatting.clockTime(second, offset: offset) }
}

extension HTMLReportPage {
  /// Records per column for the busiest actions, one row each: by time when most records
  /// have a timestamp, by record order otherwise. Each row is a table row whose strip is an
  /// SVG stretched to the column's width, so the chart fills the page at any width and its
  /// labels and numbers stay text.
  func timeline() -> String {
    guard let profile, profile.records > 0, !profile.actions.isEmpty else { return "" }
    // By time only when most records have a timestamp (a timeline of a few stamped
    // records among many would hide the rest) and they span enough seconds to make
    // columns (a log of one second says more in record order).
    let stamped = profile.timedRecords * 2 >= profile.records
    let seconds = report.firstTime.flatMap { first in
      report.lastTime.map { (Int(first.rounded(.down)), Int($0.rounded(.down))) }
    }
    let spanSeconds = seconds.map { $0.1 - $0.0 + 1 } ?? 0
    let scale =
      if let seconds, stamped && spanSeconds >= Self.timelineMinimumSeconds {
        TimelineScale(
          seconds: seconds.0, seconds.1, columns: Self.timelineColumns, offset: report.timeOffset,
          records: profile.records)
      } else {
        TimelineScale(blocksOf: profile, columns: Self.timelineColumns)
      }
    let top = profile.actions
      .sorted { $0.value.lines != $1.value.lines ? $0.value.lines > $1.value.lines : $0.key < $1.key }
      .prefix(Self.timelineRows)

    var out = "<section id=\"timeline\">\n<h2>Timeline</h2>\n<p>"
    if scale.timed {
      out +=
        "Records per \(scale.unit), for the \(top.count) actions with the most lines; the stronger the colour, the more (per row, in light and dark mode alike). "
      out += "The outlined cell holds each action's busiest second, given in the last column."
      let unstamped = profile.records - profile.timedRecords
      if unstamped > 0 {
        out +=
          " \(NumberText.counted(unstamped, "record has", "records have")) no timestamp and \(unstamped == 1 ? "is" : "are") not shown."
      }
    } else {
      if profile.timedRecords == 0 {
        out += "The log has no timestamps, so the columns follow the log's order, not time: "
      } else if stamped {
        out +=
          "The timestamps span only \(NumberText.counted(spanSeconds, "second")), so the columns follow the log's order: "
      } else {
        out +=
          "Only \(NumberText.grouped(profile.timedRecords)) of \(NumberText.counted(profile.records, "record")) carry a timestamp, so the columns follow the log's order, not time: "
      }
      out += "each column is \(scale.recordsPerColumn == 1 ? "one record" : "a block of \(scale.unit)"). "
      out +=
        "Records per column for the \(top.count) actions with the most lines; the stronger the colour, the more (per row, in light and dark mode alike). "
      out += "The outlined cell is each action's densest column, given in the last column."
    }
    out +=
      "</p>\n<table class=\"timeline\">\n<thead><tr><th>action path</th><th>class</th><th class=\"strip\">per \(scale.unit)</th>"
    out +=
      "<th class=\"num\">records</th><th class=\"num\">busiest \(scale.timed ? "second" : "column")</th></tr></thead>\n<tbody>\n"
    let classes = Dictionary(report.classified.map { ($0.path, $0.actionClass) }, uniquingKeysWith: { a, _ in a })
    for (path, tally) in top { out += timelineRow(path, tally, classes[path], scale) }
    out += "<tr class=\"axis\"><td></td><td></td><td class=\"strip\"><div>"
    out += scale.ticks.map { "<span>\(Self.escape($0))</span>" }.joined()
    out += "</div></td><td></td><td></td></tr>\n</tbody>\n</table>\n</section>\n"
    return out
  }

  /// One action's row: label, class, strip (a cell per column with records, its numbers on
  /// hover, the busiest second or densest column outlined), records, and the busiest.
  private func timelineRow(
    _ path: String, _ tally: RunProfile.Tally, _ actionClass: ActionClass?, _ scale: TimelineScale
  )
    -> String
  {
    var cells = Array(repeating: 0, count: scale.columns)
    for (key, n) in scale.timed ? tally.perSecond : tally.perBlock {
      if let c = scale.column(key) { cells[c] += n }
    }
    let peak = max(1, cells.max() ?? 1)
    let word = Self.classWord(actionClass)
    let busiest: (column: Int, text: String)?
    if scale.timed {
      busiest = tally.peakSecond.flatMap { p in
        scale.column(p.second).map { ($0, "\(NumberText.grouped(p.records)) at \(scale.clock(p.second))") }
      }
    } else {
      busiest = cells.indices.max { cells[$0] != cells[$1] ? cells[$0] < cells[$1] : $0 > $1 }.map {
        ($0, "\(NumberText.grouped(cells[$0])) of \(NumberText.grouped(scale.recordsIn($0)))")
      }
    }
    // The label keeps its tail when the column is narrow (the ellipsis goes first).
    var out =
      "<tr><td class=\"label\" title=\"\(Self.escape(path))\"><div><bdi>\(Self.escape(TextFormatting.fitTail(path, 44)))</bdi></div></td>"
    out += "<td>\(badge(actionClass, path: path))</td>"
    out +=
      "<td class=\"strip\"><svg viewBox=\"0 0 \(scale.columns) 1\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"records of \(Self.escape(path)) per \(scale.unit)\">"
    out += "<rect class=\"track\" width=\"\(scale.columns)\" height=\"1\"></rect>"
    for (c, n) in cells.enumerated() where n > 0 {
      let opacity = 0.2 + 0.8 * Double(n) / Double(peak)
      out +=
        "<rect class=\"\(word)\" x=\"\(c)\" y=\"0.1\" width=\"0.9\" height=\"0.8\" fill-opacity=\"\(TextFormatting.printf("%.2f", opacity))\">"
      out += "<title>\(Self.escape(path)), \(scale.extent(c)): \(NumberText.counted(n, "record"))</title></rect>"
    }
    // A single record is no burst: outline only a busiest cell of two or more.
    if let busiest, cells[busiest.column] >= 2 {
      out +=
        "<rect class=\"burst\" x=\"\(busiest.column)\" y=\"0.04\" width=\"0.9\" height=\"0.92\"><title>busiest \(scale.timed ? "second" : "column") of \(Self.escape(path)): \(busiest.text)</title></rect>"
    }
    out += "</svg></td><td class=\"num\">\(NumberText.grouped(cells.reduce(0, +)))</td>"
    out += "<td class=\"num\">\(Self.escape(busiest?.text ?? "–"))</td></tr>\n"
    return out
  }
}
