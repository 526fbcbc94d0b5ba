import TCALogOutput
import TCALogPipeline
import TCALogReport

/// `tcalog chains`: what sets off what (requests and responses, loops, chains, crossings
/// of a feature's boundary, TCA's performance advice).
package struct ChainsRequest: CommandRequest {
  /// What `--help` says the command does, beyond its options.
  package static let discussion =
    """
    A pair is a cause and the response that follows it within 3 seconds (24 records when the \
    records carry no times): the response's cause is the action it follows most specifically \
    (most often compared with how often it follows any record), so a timer that precedes \
    everything is never one. Each response answers the latest cause still waiting within the \
    window (a cause sent again before its answer leaves the earlier one waiting); the others are unanswered, listed by record number (as records writes them). Loops \
    are cycles of pairs; chains start at a cause that is no response. A crossing is a child \
    feature's non-delegate action that changes state outside the child's own state, read from \
    the action path (tcalog(1), CHAINS). Findings follow TCA's Performance article: shared \
    logic, dozens of actions a second, binding storms, no-op floods.
    Exit status: 0, or 2 on an error (an unreadable input).
    """

  package var input = InputSelection()
  package var format: ChainsPrinter.Format = .text

  package init(input: InputSelection = InputSelection()) { self.input = input }

  package func run(in console: Console) throws -> CommandOutcome {
    var outcome = CommandOutcome()
    // Without a time window every record reaches the sink and parts can number theirs by
    // counting; with one, only the numbered read knows each record's number.
    let result: ReadResult
    let analysis: ChainsAnalysis
    if input.since == nil && input.until == nil {
      var collector = CountedChainsCollector()
      result = try input.stream(in: console).run(into: &collector)
      analysis = collector.analysis()
    } else {
      var collector = ChainsCollector()
      result = try input.stream(in: console).run(into: &collector)
      analysis = collector.analysis()
    }
    if CommandOutcome.everyInputFailed(result, inputs: input.files) {
      outcome.take(result)
      return outcome.ending(2)
    }
    outcome.finish(ChainsPrinter(format: format).render(analysis))
    return outcome.take(result) ? outcome.ending(2) : outcome
  }
}
