import Foundation

/// Text output: the figures table, number formatting, the machine line.
enum Report {
  /// `String(format:)` only for numbers: its `%s` prints garbage on Linux.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }

  static func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
  }

  /// `records: 123 (complete …)` → 123.
  static func recordsFromStats(_ stderr: String) -> Int? {
    for line in stderr.split(separator: "\n") where line.hasPrefix("records: ") {
      return Int(line.dropFirst("records: ".count).prefix { $0.isNumber })
    }
    return nil
  }

  static func machineDescription(tcalog: String, workDir: String) -> String {
    let info = ProcessInfo.processInfo
    return """
      tcalog-bench: \(info.activeProcessorCount) cores, \(fixed(Double(info.physicalMemory) / 1_073_741_824, 1)) GiB RAM, \
      \(info.operatingSystemVersionString)
      tcalog: \(tcalog)
      work dir: \(workDir)
      """
  }

  /// A line per finished command, so a long run shows that it is alive.
  static func progress(_ result: CommandResult) {
    let status = result.medianSeconds.map { fixed($0, 3) + " s" } ?? "n/a (exit \(result.failedStatus ?? -1))"
    print("  \(pad(result.command.label, 52)) \(status)")
    fflush(nil)  // all C streams: `stdout` itself is a global that Swift 6 will not touch
  }

  static func table(_ results: [CommandResult], baseline: CommandResult) -> String {
    let header = ["command", "median s", "MB/s", "records/s", "peak RSS MB", "× grep -c"]
    var rows: [[String]] = [header]
    for r in results {
      guard let seconds = r.medianSeconds else {
        rows.append([r.command.label, "n/a (exit \(r.failedStatus ?? -1))", "", "", "", ""])
        continue
      }
      let mbps = Double(r.command.inputBytes) / 1e6 / seconds
      let rps = r.command.inputRecords.map { fixed(Double($0) / seconds / 1000, 0) + "k" } ?? "?"
      let ratio = baseline.medianSeconds.map { fixed(seconds / $0, 2) + "×" } ?? "n/a"
      rows.append([
        r.command.label, fixed(seconds, 3), fixed(mbps, 0), rps,
        r.peakRSS.map(megabytes) ?? "?", ratio,
      ])
    }
    let widths = header.indices.map { col in rows.map { $0[col].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.enumerated().map { col, cell in pad(cell, widths[col], right: col > 0) }.joined(separator: "  ")
    }
    lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
    lines.append(
      "(RSS floor: children started by posix_spawn inherit this runner's peak of "
        + "\(megabytes(ChildProcess.ownPeakRSS())) MB on Linux; MB = 10^6 bytes for MB/s, 2^20 for RSS)")
    return lines.joined(separator: "\n")
  }
}
