#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Set by the SIGINT handler of `Interruption.install()`: a read waiting for input, or for
/// a followed file to grow, then ends its input, so the stream finishes the way it does at
/// a real end and its counts are complete. A signal handler may only store to such a flag.
nonisolated(unsafe) var inputInterrupted: sig_atomic_t = 0

/// The SIGINT handler: a plain function that only stores to the flag (a signal handler
/// must not allocate or take a lock).
private func noteInterrupt(_: Int32) { inputInterrupted = 1 }

/// Ctrl-C for commands that read until the user stops them (`report --live`, `--follow`):
/// instead of dying, the read ends and the command prints what it has.
package enum Interruption {
  /// Installs the SIGINT handler, without SA_RESTART, so that a blocked `read(2)` returns.
  package static func install() {
    var action = sigaction()
    let handler: @convention(c) (Int32) -> Void = noteInterrupt
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  /// Whether Ctrl-C has arrived since `install()`.
  package static var received: Bool { inputInterrupted != 0 }
}
