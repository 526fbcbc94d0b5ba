import ArgumentParser
import TCALogKit

@main
struct TCALog: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tcalog",
    abstract: "Read TCA debug logs: find what drowns them and how to silence it.",
    version: TCALogKit.version
  )
}
