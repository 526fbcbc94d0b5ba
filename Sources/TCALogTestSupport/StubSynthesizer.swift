import TCALogOutput
import TCALogParsing
import TCALogReport
import TCALogSuggest
import TCALogSupport

/// Synthesizes stub action enums from the observed case shapes, plus a `main` that builds
/// one value per observed action and prints whether `.allExcept(suggestions)` lets it
/// through, so tests can compile the generated filters and check them against the report.
/// Types are invented from the path (`AppAction_windows`); every value the path does not
/// follow is a `TCALogStubValue`.
package enum StubSynthesizer {
  final class EnumNode {
    let typeName: String
    var cases: [(name: String, labels: [String?], followed: Int?, child: EnumNode?)] = []
    init(_ typeName: String) { self.typeName = typeName }
  }

  /// Returns (stub types source, main source). Only actions with a safe shape are used.
  /// `casePathable` marks every action enum `@CasePathable` (swift-case-paths), for the
  /// `casepath` style.
  package static func synthesize(_ summary: ReportSummary, set: SuggestionSet, root: String, casePathable: Bool = false)
    -> (stubs: String, main: String)?
  {
    guard let rootType = SwiftIdentifier.typeName(root) else { return nil }
    let rootNode = EnumNode(rootType)
    var values: [(path: String, expr: String)] = []
    for a in summary.actions where (set.options.root ?? a.root) == root {
      guard let shape = a.shape, Suggester.isSafe(shape, path: a.path) else { continue }
      var node = rootNode
      var prefix = "TCALogStub_" + rootType.replacingScalars(".", with: "_")
      var exprParts: [(String, [String?], Int?)] = []
      for (i, step) in shape.enumerated() {
        let isLast = i == shape.count - 1
        prefix += "_" + step.name
        let existing = node.cases.firstIndex { $0.name == step.name }
        var child: EnumNode? = nil
        if let existing {
          child = node.cases[existing].child
          if child == nil && !isLast { return nil }  // shape conflict: skip synthesis
        } else {
          child = isLast ? nil : EnumNode(prefix)
          node.cases.append((step.name, step.labels, isLast ? nil : step.followed, child))
        }
        exprParts.append((SwiftIdentifier.escaped(step.name), step.labels, isLast ? nil : step.followed))
        if let child { node = child }
      }
      // Build the value from the inside out.
      var expr = ""
      for (name, labels, followed) in exprParts.reversed() {
        if labels.isEmpty {
          expr = "." + name
          continue
        }
        let args = labels.enumerated().map { j, label in
          (label.map { SwiftIdentifier.escaped($0) + ": " } ?? "") + (j == followed ? expr : "TCALogStubValue()")
        }
        expr = "." + name + "(" + args.joined(separator: ", ") + ")"
      }
      values.append((a.path, expr))
    }
    var stubs = (casePathable ? "import CasePaths\n\n" : "") + "struct TCALogStubValue {}\n\n"
    var pending = [rootNode]
    var nested: [String: [String]] = [:]  // namespace → enum bodies (for A.B roots)
    while let node = pending.popLast() {
      var body = (casePathable ? "@CasePathable\n" : "") + "enum \(node.typeName.split(separator: ".").last!) {\n"
      for c in node.cases {
        var payload = ""
        if !c.labels.isEmpty {
          payload =
            "("
            + c.labels.enumerated().map { j, label in
              (label.map { SwiftIdentifier.escaped($0) + ": " } ?? "")
                + (j == c.followed ? c.child!.typeName : "TCALogStubValue")
            }.joined(separator: ", ") + ")"
        }
        body += "  case \(SwiftIdentifier.escaped(c.name))\(payload)\n"
        if let child = c.child { pending.append(child) }
      }
      body += "}\n"
      let parts = node.typeName.split(separator: ".")
      if parts.count > 1 {
        nested[parts.dropLast().joined(separator: "."), default: []].append(body)
      } else {
        stubs += body
      }
    }
    for (namespace, bodies) in nested.sorted(by: { $0.key < $1.key }) {
      // Only one level of namespace (`AppFeature.Action`) is supported here.
      stubs +=
        "enum \(namespace) {\n" + bodies.joined().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        + "\n}\n"
    }
    var main = "let filter = ActionFilter<\(rootType)>.allExcept(["
    main += set.suggestions.filter { $0.root == root }.map { "." + $0.name }.joined(separator: ", ") + "])\n"
    main += "let values: [(String, \(rootType))] = [\n"
    main += values.map { "  (\(JSONWriter.quoted($0.path)), \(rootType)\($0.expr))," }.joined(separator: "\n")
    main += "\n]\nfor (path, value) in values { print(\"\\(path) \\(filter(value) ? \"kept\" : \"silenced\")\") }\n"
    return (stubs, main)
  }
}
