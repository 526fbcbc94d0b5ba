import TCALogOutput
import TCALogPipeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The viewer's loop: keys from the terminal into the model, frames back, and what the
/// model asks for (writing the repository, following the file) done here.
struct ViewLoop {
  let terminal: ViewTerminal
  let filters: String?
  let spooled: Spooled
  /// Threads that parse a slice.
  let jobs: Int

  /// Runs until `q`, Ctrl-C or a lost terminal; the status to exit with.
  func run(_ model: inout ViewModel) -> Int32 {
    (model.width, model.height) = terminal.size
    terminal.draw(model.frame())
    while true {
      // While slices are left, a key is waited for not at all: the next slice is read.
      // A running search, like indexing, goes on while no key waits.
      let busy = model.indexing != nil || model.searching != nil
      let input = terminal.read(timeout: busy ? 0 : model.following ? 250 : nil)
      let key: ViewKey
      switch input {
      case .hangup: return 2
      case .resize:
        (model.width, model.height) = terminal.size
        model.resized()
        terminal.draw(model.frame())
        continue
      case .timeout:
        if model.searching != nil {
          model.continueSearch()
          terminal.draw(model.frame())
        } else if model.indexing != nil {
          _ = ViewRequest.indexNextSlice(of: spooled, into: &model, filters: filters, jobs: jobs)
          terminal.draw(model.frame())
        } else if model.follow(spooled.grownRecords(after: model.index)) {
          terminal.draw(model.frame())
        }
        continue
      case .up: key = .up
      case .down: key = .down
      case .left: key = .left
      case .right: key = .right
      case .pageUp: key = .pageUp
      case .pageDown: key = .pageDown
      case .home: key = .home
      case .end: key = .end
      case .tab: key = .tab
      case .enter: key = .enter
      case .escape: key = .escape
      case .backspace: key = .backspace
      case .interrupt: key = .interrupt
      case .character(let c): key = .character(c)
      }
      switch model.handle(key) {
      case .quit(let status): return status
      case .bell: terminal.bell()
      case .redraw, .follow: break
      case .write(let entries):
        let (decisions, message) = ViewRequest.write(
          entries, to: filters, inputs: spooled.names, actionPaths: model.index.actionPaths)
        model.wrote(fileDecisions: decisions, message: message)
      }
      terminal.draw(model.frame())
    }
  }
}
