import TCALogInput
import TCALogParsing
import TCALogPipeline
import TCALogReport
import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `report --live` and `--follow`: aggregates records as they arrive (on the reading
/// thread) while a drawing thread redraws the noisiest actions in place a few times a
/// second, with the record rate. The final report is printed when the input ends, or
/// when Ctrl-C arrives (then the process exits 130).
///
/// Locking: every stored `var` is read and written with `lock` held; the reading thread
/// (the stream) and the drawing thread share the instance.
package final class LiveReport: RecordSink, @unchecked Sendable {
  private let lock = Lock()
  private var aggregator = ReportAggregator()
  private var statistics = ScanStatistics()
  /// What the records seen so far account for (other lines are known only at the end).
  private var seen = ScanStatistics()
  private var records = 0
  private let options: ReportOptions
  private let printer: ReportPrinter
  private let silencer: (any ActionSilencer)?
  private let fd: Int32
  /// Redraw in place (a terminal that understands cursor movement).
  private let redraws: Bool
  private let interval: Double
  private var drawnLines = 0
  /// The terminal's size at the last frame: a change means the old frame was reflowed.
  private var drawnSize: (columns: Int, rows: Int)?
  private var finished = false
  private var rateWindow: [(time: Double, records: Int)] = []
  /// When Ctrl-C arrived (monotonic seconds).
  private var interruptedAt: Double?
  /// What the input said while it was read (`app.log: file truncated`): shown in the
  /// frame's status line, then under the final report, never beside the frame.
  private var notices: [String] = []
  /// Where the input's notices went before the frame took them (standard error), put back
  /// when it ends.
  private var noticesBefore: (@Sendable (String) -> Void)?
  /// The cursor is hidden (while frames are drawn); shown again on every way out.
  private var cursorHidden = false
  /// The table fills the terminal's height (no `--top` given) instead of `options.top` rows.
  private let fillsHeight: Bool

  package init(
    options: ReportOptions, printer: ReportPrinter, silencer: (any ActionSilencer)?, fd: Int32 = 1,
    redraws: Bool, fillsHeight: Bool = false, interval: Double = 0.25
  ) {
    self.fillsHeight = fillsHeight
    self.options = options
    self.printer = printer
    self.silencer = silencer
    self.fd = fd
    self.redraws = redraws
    self.interval = interval
  }

  /// Starts the drawing thread (which also watches for Ctrl-C); when redrawing, hides the
  /// cursor and takes the input's notices into the frame.
  package func start() {
    if redraws {
      noticesBefore = FileByteSource.setNoticeHandler { [self] text in
        lock.lock()
        notices.append(text)
        lock.unlock()
      }
      lock.lock()
      cursorHidden = true
      lock.unlock()
      write(ANSI.hideCursor)
    }
    DetachedThread.start(stackSize: 8 << 20) { [self] in drawLoop() }
  }

  /// Shows the cursor again if frames hid it (the final report does; call it on any other
  /// way out, an error included) and sends notices to standard error again.
  package func restoreTerminal() {
    guard redraws else { return }
    FileByteSource.setNoticeHandler(noticesBefore)
    lock.lock()
    let hidden = cursorHidden
    cursorHidden = false
    lock.unlock()
    if hidden { write(ANSI.showCursor) }
  }

  /// `app.log: file truncated; counts include what was read before`.
  private static func noticeText(_ notice: String) -> String {
    notice + "; counts include what was read before"
  }

  /// What the report's aggregator reads (entities too: the classifier's per-entity
  /// rhythm), so that the live table ends as `report` does on the same input.
  package var needs: RecordNeeds { ReportAggregator().needs }

  package func record(_ record: Record) -> StreamControl {
    lock.lock()
    aggregator.add(record.content)
    records += 1
    seen.countWithLines(record)
    lock.unlock()
    return .more
  }

  /// The input ended: replace the live table with the full report.
  package func end(_ result: ReadResult) {
    lock.lock()
    finished = true
    statistics = result.reportedStatistics
    let text = finalText()
    lock.unlock()
    write(text)
    restoreTerminal()
  }

  private func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  private func drawLoop() {
    while true {
      usleep(useconds_t(interval * 1_000_000))
      lock.lock()
      if finished {
        lock.unlock()
        return
      }
      if Interruption.received {
        // The reader ends its input (see `inputInterrupted`) and calls `finish` with the
        // counts of everything read, other lines and a cut-off record included. Should it
        // not within a second, the records seen so far make the report.
        let time = now()
        if let interruptedAt, time - interruptedAt > 1 {
          statistics = seen
          let text = finalText()
          let hidden = cursorHidden
          lock.unlock()
          write(text + (hidden ? ANSI.showCursor : ""))
          _exit(130)
        }
        if interruptedAt == nil { interruptedAt = time }
        lock.unlock()
        continue
      }
      if redraws { write(frame()) }
      lock.unlock()
    }
  }

  /// The action paths of the records read so far (the report's rows come from them).
  package var actionPaths: [String] {
    lock.lock()
    defer { lock.unlock() }
    return aggregator.summary().actions.map(\.path)
  }

  /// Must hold the lock.
  private func finalText() -> String {
    var summaryAggregator = aggregator
    summaryAggregator.statistics = statistics
    let report = ActionReport(summary: summaryAggregator.summary(), options: options, silencer: silencer)
    var printer = self.printer
    if redraws, let size = TerminalSize.of(fd) { printer.width = size.columns }
    var text = printer.render(report)
    // What the input said while it was read, under the report it concerns.
    for notice in notices {
      text += TextFormatting.wrapped("note: " + Self.noticeText(notice), width: printer.width, indent: "      ") + "\n"
    }
    return redraws && drawnLines > 0
      ? overwrite(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)) : text
  }

  /// Moves the cursor back to the first line of the last frame, to draw over it.
  private func returnToFrame() -> String {
    guard redraws, drawnLines > 0 else { return "" }
    defer { drawnLines = 0 }
    // After a resize the terminal may have reflowed the old frame onto more or fewer rows,
    // so counting lines back would miss: start again at the top of the screen.
    if let drawn = drawnSize, let now = TerminalSize.of(fd), drawn != now { return ANSI.cursorHome }
    return ANSI.cursorUp(drawnLines)
  }

  /// Where the last frame was, this text: each line overwritten and cleared to its end,
  /// then what is left below cleared. Clearing the screen from its top-left corner (as
  /// `ESC [ J` right after moving there would) makes tmux copy it into the scrollback, one
  /// copy per redraw.
  private func overwrite(_ lines: [String]) -> String {
    returnToFrame() + lines.map { $0 + ANSI.clearToLineEnd + "\n" }.joined() + ANSI.clearBelow
  }

  /// The actions table cut to the terminal's height, under a line with the rate.
  /// Must hold the lock.
  private func frame() -> String {
    let time = now()
    rateWindow.append((time, records))
    while let first = rateWindow.first, time - first.time > 2 { rateWindow.removeFirst() }
    let rate =
      rateWindow.count > 1
      ? Double(records - rateWindow[0].records) / max(time - rateWindow[0].time, 0.001) : 0
    var summaryAggregator = aggregator
    summaryAggregator.statistics = seen
    var liveOptions = options
    // Asked at every frame, so the table follows a resized window; no line is ever wider
    // than the window (a wider one would wrap, and the redraw would scroll the screen).
    let size = TerminalSize.of(fd) ?? (80, 24)
    let height = size.rows
    liveOptions.top = max(3, fillsHeight ? height - 6 - (notices.isEmpty ? 0 : 1) : min(options.top, height - 6))
    let report = ActionReport(summary: summaryAggregator.summary(), options: liveOptions, silencer: silencer)
    var printer = self.printer
    printer.width = size.columns
    var lines = [
      TextFormatting.fitHead(
        "live: \(NumberText.counted(records, "record")), \(NumberText.fixed(rate, 1)) records/s (Ctrl-C ends)",
        size.columns)
    ]
    if let notice = notices.last {
      // The input's latest notice, as the frame's status line.
      lines.append(TextFormatting.fitHead("tcalog: " + Self.noticeText(notice), size.columns))
    }
    lines += printer.actionTable(report)
    lines = Array(lines.prefix(max(3, height - 1)))
    // Below the narrowest layout (40 columns) lines are cut, colour codes and all.
    if size.columns < 40 { lines = lines.map { TextFormatting.fitHead(ANSI.withoutColor($0), size.columns) } }
    let text = overwrite(lines)
    drawnLines = lines.count
    drawnSize = size
    return text
  }

  /// Writes a frame or the final report; the terminal going away ends nothing here (the
  /// stream notices on its own output, if any).
  private func write(_ text: String) {
    var text = text
    text.withUTF8 { try? OutputBuffer.writeAll($0, to: fd) }
  }
}
