import TCALogOutput
import TCALogQuery
import TCALogReport
import TCALogSuggest
import TCALogSupport

/// `suggest --review`: the active suggestions, then the ambiguous candidates, one at a time
/// on the terminal; each answer becomes a line of the filter repository (`y`: `name =
/// pattern`, `n`: `keep name = pattern`, `s`: nothing, asked again next time). `q` ends the
/// review and writes the answers given; Ctrl-C ends it and writes nothing.
package struct SuggestReview {
  /// What `suggest` found, with the repository's entries and keep lines taken into account.
  let set: SuggestionSet
  /// The repository the answers go to.
  let filters: String
  /// The log files, named in the comment above the written lines.
  let inputs: [String]

  /// Asks, then writes the answers; what it tells and a status other than 0 go to `outcome`.
  /// `samples`: the records shown, collected on `suggest`'s read.
  package func run(samples collected: ReviewSampleCollector, in console: Console, outcome: inout CommandOutcome) {
    // A key path's entry (`\.$volume` of a binding whose toggle is signal) has no
    // repository line: a pattern selects whole action paths, and the binding's pattern
    // would silence the toggle too. It is not asked; the notice says why and what to use.
    let entries = (set.suggestions + set.candidates).filter { $0.keyPath == nil }
    let keyPathEntries = (set.suggestions + set.candidates).filter { $0.keyPath != nil }
    if !keyPathEntries.isEmpty {
      outcome.notice(Self.keyPathNotice(keyPathEntries, verb: "not asked"), file: filters)
    }
    guard !entries.isEmpty else {
      let why =
        set.isThin
        ? "the log is too short to tell noise from signal"
        : "no action path left is noise or ambiguous"
      outcome.notice("nothing to review: \(why); \(filters) is unchanged", file: filters)
      return
    }
    // A file that cannot take the answers is told before the first question, not after
    // the last (a read-only repository, a missing folder).
    if let problem = FilterRepository.writeProblem(at: filters) {
      outcome.error("\(filters): \(problem); nothing asked", file: filters)
      outcome.status = 2
      return
    }
    let samples = collected.samples(for: entries)

    let color = ColorPolicy.resolve(.auto, environment: console.environment, isTerminal: true)
    // What the read and the suggestions said is told before the screen takes the terminal.
    console.deliverDiagnostics(&outcome)
    guard let terminal = console.reviewTerminal() else {
      outcome.error("--review needs a terminal: standard input and output must both be one")
      outcome.status = 2
      return
    }
    var decisions: [(entry: Suggestion, decision: ReviewScreen.Decision)] = []
    var interrupted = false
    var hungUp = false
    do {
      // Every way out of the loop, a thrown error included, puts the terminal back.
      defer { terminal.restore() }
      terminal.write(
        ReviewScreen(width: console.columns(), color: color)
          .intro(
            noise: entries.count { $0.actionClass == .noise }, ambiguous: entries.count { $0.actionClass != .noise },
            file: filters))
      walk: for (index, entry) in entries.enumerated() {
        // Asked for each entry: a resized window is followed.
        let screen = ReviewScreen(width: console.columns(), color: color)
        terminal.write(
          screen.render(entry, samples: samples[index], index: index, total: entries.count, set: set)
            + screen.prompt)
        while true {
          let decision: ReviewScreen.Decision
          switch terminal.readKey() {
          case .character("y"), .character("Y"): decision = .silence
          case .character("n"), .character("N"): decision = .keep
          case .character("s"), .character("S"), .character(" "): decision = .skip
          case .character("q"), .character("Q"), .end:
            terminal.write("quit\n")
            break walk
          case .interrupt:
            terminal.write("^C\n")
            interrupted = true
            break walk
          case .hangup:
            hungUp = true
            break walk
          case .character:
            // Any other key: the bell, and the same prompt.
            terminal.write("\u{7}")
            continue
          }
          terminal.write(screen.answered(decision))
          if decision != .skip { decisions.append((entry, decision)) }
          continue walk
        }
      }
    }
    if interrupted {
      outcome.notice("review interrupted: nothing written to \(filters)", file: filters)
      outcome.status = 130
      return
    }
    if hungUp {
      outcome.error("the terminal went away during --review: nothing written to \(filters)", file: filters)
      outcome.status = 2
      return
    }
    write(decisions, reviewed: entries.count, outcome: &outcome)
  }

  /// Appends the answers to the repository, after a comment that says where they come from.
  func write(
    _ decisions: [(entry: Suggestion, decision: ReviewScreen.Decision)], reviewed: Int, outcome: inout CommandOutcome
  ) {
    let silenced = decisions.filter { $0.decision == .silence }.count
    let kept = decisions.count - silenced
    guard !decisions.isEmpty else {
      outcome.notice("no answers: \(filters) is unchanged", file: filters)
      return
    }
    let lines = decisions.map { item in
      FilterRepository.Entry(
        name: item.entry.name.replacingScalars("`", with: ""), pattern: item.entry.regex,
        kind: item.decision == .keep ? .keep : .silence)
    }
    let names = inputs.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
    do {
      try FilterRepository.append(
        lines, toFileAt: filters,
        comment: Self.answersComment(inputs: names, silenced: silenced, kept: kept))
    } catch {
      outcome.take(error)
      outcome.status = 2
      return
    }
    outcome.notice(Self.writtenNotice(silenced: silenced, kept: kept, reviewed: reviewed, file: filters), file: filters)
  }

  /// The comment above the written lines: where they come from.
  package static func answersComment(inputs: String, silenced: Int, kept: Int) -> String {
    "tcalog suggest --review of \(inputs): \(NumberText.grouped(silenced)) silenced, \(NumberText.grouped(kept)) kept"
  }

  /// What a review wrote, and how many entries it left unanswered, in the review's one
  /// number format (grouped thousands, as its screens).
  package static func writtenNotice(silenced: Int, kept: Int, reviewed: Int, file: String) -> String {
    let left = reviewed - silenced - kept
    return "wrote \(NumberText.counted(silenced, "entry", "entries")) and \(NumberText.counted(kept, "keep line")) "
      + "to \(file) (\(NumberText.grouped(left)) of \(NumberText.grouped(reviewed)) left for another review)"
  }

  /// Why entries for one key path of a binding are left out of a repository, and what
  /// silences them instead: suggest's Swift, which matches the key path.
  package static func keyPathNotice(_ entries: [Suggestion], verb: String) -> String {
    let names = entries.prefix(3).map { "\($0.path) \($0.keyPath ?? "")" }.joined(separator: ", ")
    let more = entries.count > 3 ? " and \(NumberText.grouped(entries.count - 3)) more" : ""
    return "\(NumberText.counted(entries.count, "key-path entry", "key-path entries")) \(verb) (\(names)\(more)): "
      + "a repository line selects whole action paths and would silence the binding's other key paths; "
      + "paste suggest's Swift for them, which matches the key path"
  }
}
