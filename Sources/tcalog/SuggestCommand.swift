import ArgumentParser
import TCALogKit

struct SuggestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "suggest", abstract: "Suggest ActionFilter code.")
  func run() throws {}
}
