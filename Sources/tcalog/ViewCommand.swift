import ArgumentParser
import TCALogCommands
import TCALogKit

struct ViewCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "view",
    abstract: "Read the log full-screen: actions and records side by side; silence, keep, search (? lists the keys).")

  @Option(
    name: .customLong("filters"),
    help: ArgumentHelp(
      "The filter repository w appends to; what it silences is hidden from the start.", valueName: "file"),
    completion: .file())
  var filters: String?

  @Option(name: .long, help: "Colour the diffs: auto (NO_COLOR unset or empty), always or never.")
  var color: ColorChoice = .auto

  @OptionGroup var input: InputOptions

  var request: any CommandRequest {
    var request = ViewRequest(input: input.selection)
    request.filters = filters
    request.color = color
    return request
  }
}
