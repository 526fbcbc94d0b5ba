/// The issue's performance targets, checked against one format's measurements.
struct Target {
  enum Verdict { case pass, miss, unavailable }
  var verdict: Verdict
  var line: String
}

enum Targets {
  /// "No slower than" allows this much: with 3 runs on a shared 2-core machine, medians of
  /// the same work differ by a few percent.
  static let noSlowerTolerance = 1.05
  static let memoryLimit = 64 * 1_048_576
  static let jobsSpeedup = 1.7
  static let stdinSlowdown = 1.2
  /// "The same memory for 1 GB as for 200 MB": within 15% (allocator and page noise).
  static let hugeGrowth = 1.15

  static func evaluate(
    _ results: [String: CommandResult], subjectKey: String, subjectName: String,
    huge: CommandResult?
  ) -> [Target] {
    var targets: [Target] = []
    func time(_ key: String) -> Double? { results[key]?.medianSeconds }
    func why(_ keys: String...) -> String {
      keys.compactMap { k in results[k].flatMap { r in r.ok ? nil : "\(r.command.label): exit \(r.failedStatus ?? -1)" }
      }
      .joined(separator: "; ")
    }
    func ratio(_ name: String, _ a: String, _ b: String, _ passes: (Double) -> Bool) {
      guard let ta = time(a), let tb = time(b) else {
        targets.append(Target(verdict: .unavailable, line: "n/a   \(Report.pad(name, 48)) (\(why(a, b)))"))
        return
      }
      let r = ta / tb
      targets.append(
        Target(
          verdict: passes(r) ? .pass : .miss,
          line: "\(passes(r) ? "PASS" : "MISS")  "
            + "\(Report.pad(name, 48)) \(Report.fixed(r, 2))×  (\(Report.fixed(ta, 3)) s / \(Report.fixed(tb, 3)) s)"))
    }
    func memory(_ name: String, _ result: CommandResult?, extra: (Int) -> Bool = { _ in true }, note: String = "") {
      guard let result, result.ok, let rss = result.peakRSS else {
        targets.append(
          Target(
            verdict: .unavailable,
            line: "n/a   \(Report.pad(name, 48)) (\(result.map { "exit \($0.failedStatus ?? -1)" } ?? "not run"))"))
        return
      }
      let pass = rss < memoryLimit && extra(rss)
      targets.append(
        Target(
          verdict: pass ? .pass : .miss,
          line: "\(pass ? "PASS" : "MISS")  \(Report.pad(name, 48)) \(Report.megabytes(rss)) MB\(note)"))
    }
    let tolerance = "(±\(Int((noSlowerTolerance - 1) * 100))%)"
    ratio("report ≤ 2× grep -c | cat", "report", "grep-c") { $0 <= 2 }
    ratio("report < grep -A1 | sort | uniq -c | sort -rn", "report", "grep-pipe") { $0 < 1 }
    ratio("filter -a hover -c ≤ 1.5× grep -c | cat", "filter", "grep-c") { $0 <= 1.5 }
    ratio("filter -t RE -c ≤ pcre2grep -c RE \(tolerance)", "filter-t", "pcre2grep") { $0 <= noSlowerTolerance }
    ratio("\(subjectName) FILE.gz ≤ 1.2× zcat | grep -c", "gz", "zcat-grep") { $0 <= 1.2 }
    ratio("filter -a hover -c ≤ report \(tolerance)", "filter", "report") { $0 <= noSlowerTolerance }
    ratio("records --stats ≤ report \(tolerance)", "stats", "report") { $0 <= noSlowerTolerance }
    // `records --format ndjson` is timed (table above) but no target: it writes every
    // field of every record as JSON, about three times the input's bytes.
    memory("report peak RSS < 64 MB", results["report"])
    memory("filter peak RSS < 64 MB", results["filter"])
    let subjectNote = subjectKey == "report" ? "" : " [measured on \(subjectName): report n/a]"
    ratio("--jobs 1 / default jobs ≥ \(jobsSpeedup)\(subjectNote)", "jobs1", subjectKey) { $0 >= jobsSpeedup }
    ratio("two files: --jobs 1 / default ≥ \(jobsSpeedup)\(subjectNote)", "two-jobs1", "two") { $0 >= jobsSpeedup }
    ratio("stdin pipe ≤ 1.2× file\(subjectNote)", "stdin", subjectKey) { $0 <= stdinSlowdown }
    if huge != nil {
      ratio("1 GB: \(subjectName) ≤ 2× grep -c | cat", "huge", "huge-grep-c") { $0 <= 2 }
    }
    if let huge {
      let base = results[subjectKey]?.peakRSS ?? 0
      memory(
        "1 GB peak RSS < 64 MB and ≤ 1.15× 200 MB's\(subjectNote)", huge,
        extra: { Double($0) <= Double(base) * hugeGrowth },
        note: " (vs \(Report.megabytes(base)) MB)")
    }
    return targets
  }
}
