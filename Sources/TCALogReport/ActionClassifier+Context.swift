// Evidence about an action path that needs the other paths' first verdicts: what sets it
// off, and its siblings.

extension ActionClassifier {
  /// Adds `cause…`, `leadShare` and `siblingScore` to each path's evidence. `firstPass` is
  /// the hand rules' verdict of each path before anything inherits (same order as
  /// `classified`): a cause is judged by what it is, not by what it inherited.
  func withContext(
    _ classified: [ClassifiedAction], firstPass: [ClassifiedAction], _ summary: ReportSummary,
    _ byPath: [String: [Int]]
  ) -> [ClassifiedAction] {
    var out = classified
    let lean = Dictionary(
      uniqueKeysWithValues: firstPass.map {
        ($0.path, $0.actionClass == .signal ? -1 : $0.actionClass == .noise ? 1 : 0)
      }
    )

    // What sets it off: runs of it that follow another path, and how many runs that path
    // precedes in all (a timer precedes nearly everything; a request, its response).
    let follows = PathFollows(summary, byPath)
    let (pairs, precedes, runsOf) = (follows.before, follows.precedes, follows.runs)
    let allRuns = max(1, runsOf.values.reduce(0, +))
    for i in out.indices {
      let path = out[i].path
      guard let runs = runsOf[path], runs >= 3, let before = pairs[path] else { continue }
      var best: (path: String, share: Double, lift: Double)?
      for (from, n) in before where n >= 3 {
        let share = Double(n) / Double(runs)
        let base = Double(precedes[from] ?? n) / Double(allRuns)
        let lift = share / max(base, 1e-9)
        if best.map({ lift > $0.lift || (lift == $0.lift && from < $0.path) }) ?? true {
          best = (from, share, lift)
        }
      }
      guard let best, best.share >= 0.2 else { continue }
      out[i].evidence.cause = best.path
      out[i].evidence.causeShare = best.share
      out[i].evidence.causeLift = best.lift
      out[i].evidence.causeLean = lean[best.path] ?? 0
    }

    // What it sets off: the largest share of its records answered by a path it causes.
    let indexOf = Dictionary(uniqueKeysWithValues: out.enumerated().map { ($1.path, $0) })
    for i in out.indices {
      let e = out[i].evidence
      guard let cause = e.cause, e.causeLift >= 2, let c = indexOf[cause] else { continue }
      let share = min(1, Double(e.records) * e.causeShare / Double(max(1, out[c].evidence.records)))
      out[c].evidence.leadShare = max(out[c].evidence.leadShare, share)
    }

    // Siblings: the same last case name elsewhere (`rows.element.tapped`, `list.tapped`).
    var byLeaf: [Substring: [Int]] = [:]
    for (i, c) in firstPass.enumerated() { byLeaf[c.path.split(separator: ".").last ?? "", default: []].append(i) }
    for i in out.indices {
      let leaf = out[i].path.split(separator: ".").last ?? ""
      let others = (byLeaf[leaf] ?? []).filter { firstPass[$0].path != out[i].path }
      if let busiest = others.max(by: { firstPass[$0].evidence.records < firstPass[$1].evidence.records }) {
        out[i].evidence.siblingScore = firstPass[busiest].score
      }
    }
    return out
  }

  /// The fitted model's verdict in place of the hand rules' (`usesModel`): noise at
  /// `modelNoise` or more (`modelStrongNoise` under `smallShare` of lines: silencing little
  /// needs strong evidence) or where the rules say noise, signal at `modelSignal` or less or
  /// where the rules say signal, ambiguous between. A binding whose key paths are judged apart keeps the rules'
  /// verdicts (the model sees paths).
  func byModel(_ classified: [ClassifiedAction]) -> [ClassifiedAction] {
    respondingAsTheirCause(modelVerdicts(classified))
  }

  /// A path left in doubt that follows another one-for-one (a poll's response after its
  /// timer's tick) takes that path's noise once the model has decided it: the response
  /// counts for no more than what sets it off. The rules' `follows` passes on only their
  /// own first verdicts, and a `…Response` name keeps the model from silencing it alone;
  /// it never silences what is signal, and never a binding.
  func respondingAsTheirCause(_ classified: [ClassifiedAction]) -> [ClassifiedAction] {
    let classOf = Dictionary(uniqueKeysWithValues: classified.map { ($0.path, $0.actionClass) })
    return classified.map { c in
      let e = c.evidence
      guard c.actionClass == .ambiguous, c.keyPaths.count < 2, let cause = e.follows, classOf[cause] == .noise,
        followsOneForOne(e)
      else { return c }
      var out = c
      out.actionClass = .noise
      out.explanation.insert(
        ClassificationReason(
          .follows,
          "follows `\(cause)` (\(NumberText.percent(e.followShare)) % of its records close after one): "
            + "its noise, as what sets it off"), at: 0)
      return out
    }
  }

  /// Each path's class by the fitted model, within the vetoes below.
  func modelVerdicts(_ classified: [ClassifiedAction]) -> [ClassifiedAction] {
    let model = NoiseModel()
    return classified.map { c in
      var out = c
      // A binding stays the rules': a text field's keystrokes are the user's call, and each
      // key path of a binding is judged alone (the model sees paths).
      guard !c.evidence.isBinding && c.keyPaths.count < 2 else { return out }
      let verdict = model.verdict(c.evidence, path: c.path, score: c.score, rulesClass: c.actionClass)
      out.noiseProbability = verdict.noise
      out.rulesClass = c.actionClass
      let noiseAt = c.evidence.lineShare < policy.smallShare ? policy.modelStrongNoise : policy.modelNoise
      // The rules' signal is a veto: silencing a signal costs far more than keeping noise,
      // and across authors the veto cost no session and saved several (MEASUREMENTS.md);
      // unless the model is nearly sure without the name's vote (a name never outweighs
      // the numbers) and the name does not lean signal.
      // The rules' noise stays noise unless the model finds it signal: on an author it had
      // never seen, the model alone kept sensor readings the rules had right (MEASUREMENTS.md).
      var vetoes = c.actionClass == .signal
      if vetoes && c.evidence.nameLean >= 0 {
        var unnamed = c.evidence
        unnamed.nameLean = 0
        let withoutName =
          c.evidence.nameLean == 0
          ? verdict.noise : model.verdict(unnamed, path: c.path, score: c.score, rulesClass: c.actionClass).noise
        vetoes = withoutName < policy.modelOverrulesSignal
      }
      var decided: ActionClass =
        vetoes || verdict.noise <= policy.modelSignal
        ? .signal : verdict.noise >= noiseAt || c.actionClass == .noise ? .noise : .ambiguous
      // A name that leans signal (`…Tapped`) keeps the model from silencing what the rules
      // doubt: on apps it was not fitted on it silenced taps the rules kept (MEASUREMENTS.md).
      if decided == .noise && c.evidence.nameLean < 0 && c.actionClass != .noise { decided = c.actionClass }
      // And the rules' noise on such a name needs the model's agreement: across authors a
      // person's steady pace through a lesson read as a timer to the rules alone. Under
      // `smallShare` of lines the model must be as sure as it must be to silence alone
      // there: author-aj's failed reconnects every 5 s (0.2 % of lines, labelled signal)
      // were a timer to the rules and 62-78 % noise to the model.
      let agreeAt = c.evidence.lineShare < policy.smallShare ? policy.modelStrongNoise : policy.modelNameAgree
      if decided == .noise && c.evidence.nameLean < 0 && verdict.noise < agreeAt { decided = .ambiguous }
      let strongest = verdict.strongest.map {
        "\($0.feature) \(NumberText.fixed($0.value, 2)) (\($0.contribution > 0 ? "+" : "")\(NumberText.fixed($0.contribution, 1)))"
      }
      // After the rules' reasons, which say in words what the numbers are.
      out.explanation.append(
        ClassificationReason(
          .model,
          "fitted model: \(NumberText.percent(verdict.noise)) % likely noise"
            + (strongest.isEmpty ? "" : ", most from " + strongest.joined(separator: ", "))))
      if decided != c.actionClass {
        out.explanation.insert(
          ClassificationReason(
            .modelOverrules,
            "the fitted model says \(decided.rawValue) (\(NumberText.percent(verdict.noise)) % likely noise) "
              + "where the rules said \(c.actionClass.rawValue)"),
          at: 0)
        out.actionClass = decided
        for k in out.keyPaths.indices { out.keyPaths[k].actionClass = decided }
      }
      return out
    }
  }
}
