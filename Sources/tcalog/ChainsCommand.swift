import ArgumentParser
import TCALogCommands
import TCALogKit

extension ChainsPrinter.Format: ExpressibleByArgument {}

struct ChainsCommand: RequestCommand {
  static let configuration = CommandConfiguration(
    commandName: "chains",
    abstract: "What sets off what: requests and responses, loops, chains, boundary crossings.",
    discussion: ChainsRequest.discussion
  )

  @Option(name: .long, help: "Output: text, markdown or json.")
  var format: ChainsPrinter.Format = .text

  @OptionGroup var input: InputOptions

  var request: any CommandRequest {
    var request = ChainsRequest(input: input.selection)
    request.format = format
    return request
  }
}
