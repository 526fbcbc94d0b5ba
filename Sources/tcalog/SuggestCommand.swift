import ArgumentParser
import Foundation
import TCALogKit

extension SuggestStyle: ExpressibleByArgument {}

struct SuggestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest",
    abstract: "Suggest Swift ActionFilter code that silences the noisiest actions.",
    discussion: "Chooses the fewest action-path prefixes whose removal cuts the log by --target of its lines, keeping rare actions and actions that alone change rarely changed state. Standard output is one Swift file: everything but code is in comments."
  )

  enum Format: String, ExpressibleByArgument, CaseIterable { case swift, json }

  @Option(name: .long, help: "Share of log lines to remove (0.8 or 80%).")
  var target: String = "0.8"

  @Option(name: .long, help: "Code style: closure (ActionFilter with if-case patterns) or casepath (TCA 1.x @CasePathable key paths).")
  var style: SuggestStyle = .closure

  @Option(name: .long, help: "Use this root action type instead of the one in the log.")
  var root: String?

  @Option(name: .long, help: "Group action paths no deeper than N segments.")
  var depth: Int?

  @Flag(name: .long, help: "Also emit the ActionFilter type (closure style).")
  var includeType = false

  @Option(name: .long, help: "Output: swift (a source file) or json (the same suggestions as data).")
  var format: Format = .swift

  @Option(name: .long, help: "Append the suggestions as 'name = pattern' lines to this filter repository file.")
  var append: String?

  @OptionGroup var input: InputOptions

  func validate() throws {
    if ShareArgument.parse(target) == nil { throw ValidationError("--target must be a share such as 0.8 or 80%") }
    if let depth, depth < 1 { throw ValidationError("--depth must be at least 1") }
    if let root, SwiftIdentifier.typeName(root) == nil { throw ValidationError("--root must be a Swift type name such as AppFeature.Action") }
  }

  func run() throws {
    let (aggregator, result) = try ReportAggregator.read(input.reader, jobs: input.jobs, collectsShapes: true)
    var options = SuggestOptions()
    options.target = ShareArgument.parse(target) ?? 0.8
    options.depth = depth
    options.root = root
    let set = Suggester(options: options).suggest(aggregator.summary())
    for warning in set.warnings.prefix(10) { Diagnostics.warning(warning) }
    let printer = SuggestionPrinter(style: style, includeType: includeType, inputs: input.files)
    let out = OutputBuffer()
    try out.write(format == .json ? printer.json(set) : printer.render(set))
    try out.flush()
    if let append { try appendLines(set, to: append) }
    if Diagnostics.report(result) { throw ExitCode(2) }
  }

  /// Adds `name = pattern` lines for suggestions whose name the file does not have yet.
  func appendLines(_ set: SuggestionSet, to path: String) throws {
    let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let names = Set(existing.split(separator: "\n").compactMap { line -> String? in
      let parts = line.split(separator: "=", maxSplits: 1)
      return parts.count == 2 ? parts[0].trimmingCharacters(in: .whitespaces) : nil
    })
    var text = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
    for s in set.suggestions {
      let name = s.name.replacingOccurrences(of: "`", with: "")
      if !names.contains(name) { text += "\(name) = \(s.regex)\n" }
    }
    guard let handle = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil) else {
      throw ValidationError("cannot write \(path)")
    }
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    handle.closeFile()
  }
}
