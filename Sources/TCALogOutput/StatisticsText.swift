import TCALogParsing

/// The text `records --stats` prints.
package enum StatisticsText {
  package static func render(_ s: ScanStatistics) -> String {
    var lines: [String] = []
    lines.append("records: \(s.records) (complete \(s.completeRecords), incomplete \(s.incompleteRecords))")
    lines.append("no-op records: \(s.noOpRecords)")
    lines.append("other lines: \(s.otherLines)")
    lines.append("lines: \(s.lines) (in records \(s.recordLines))")
    lines.append("bytes: \(s.bytes) (in records \(s.recordBytes))")
    let formats = RecordFormat.allCases.map { "\($0.rawValue) \(s.byFormat[$0, default: 0])" }
    lines.append("formats: " + formats.joined(separator: ", "))
    if s.headerlessFragments > 0 { lines.append("headerless diff fragments: \(s.headerlessFragments)") }
    if s.invalidUTF8Records > 0 { lines.append("records with invalid UTF-8: \(s.invalidUTF8Records)") }
    if s.oversizedRecords > 0 { lines.append("records over the size cap: \(s.oversizedRecords)") }
    if s.impossibleTimestampRecords > 0 {
      lines.append("records with an impossible timestamp (read as none): \(s.impossibleTimestampRecords)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
