#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Set by the SIGINT handler of `Interruption.install()`: a read waiting for input, or for
/// a followed file to grow, then ends its input, so the stream finishes the way it does at
/// a real end and its counts are complete. A signal handler may only store to such a flag.
nonisolated(unsafe) var inputInterrupted: sig_atomic_t = 0

/// The handler of `Interruption.install()`: a plain function that only stores the signal's
/// number in the flag (a signal handler must not allocate or take a lock).
private func noteInterrupt(_ signal: Int32) { inputInterrupted = signal }

/// Ctrl-C, and the signals that end a session (SIGTERM from `kill` or a supervisor, SIGHUP
/// from a closed terminal), for commands that read until the user stops them (`report
/// --live`, `--follow`): instead of dying, the read ends and the command prints what it has.
package enum Interruption {
  /// The signals that end such a read.
  package static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// Installs the handler, without SA_RESTART, so that a blocked `read(2)` returns.
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
    for signal in signals { sigaction(signal, &action, nil) }
  }

  /// Whether one of `signals` has arrived since `install()`.
  package static var received: Bool { inputInterrupted != 0 }

  /// The exit status that says which: 128 plus the signal's number (130 for Ctrl-C).
  package static var exitStatus: Int32 { 128 + inputInterrupted }
}
