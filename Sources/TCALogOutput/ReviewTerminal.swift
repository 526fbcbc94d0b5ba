import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal settings to put back, for the signal handlers of `ReviewTerminal`: a
/// handler may only call async-signal-safe functions (tcsetattr, write, _exit) on memory
/// it does not allocate.
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var terminalIsRaw: sig_atomic_t = 0
/// The descriptor of the terminal in raw mode: standard input for `suggest --review`,
/// `/dev/tty` for `view` reading a log from standard input.
nonisolated(unsafe) private var terminalDescriptor: Int32 = 0
/// Set while `view` shows the alternate screen: restoring leaves it and shows the cursor.
nonisolated(unsafe) private var screenIsAlternate: sig_atomic_t = 0
/// Set by SIGWINCH; `ViewTerminal` redraws.
nonisolated(unsafe) var windowResized: sig_atomic_t = 0
/// Leaves the alternate screen and shows the cursor (DECTCEM, xterm's 1049).
private let leaveAlternateScreen: [UInt8] = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

/// Puts the terminal back and ends with the shell's status for the signal (128 + number):
/// SIGTERM from `kill`, SIGHUP from a closed window, a SIGINT that did not come from the
/// keyboard (raw mode reads Ctrl-C as a key).
private func restoreAndExit(_ signal: Int32) {
  if screenIsAlternate != 0 {
    _ = leaveAlternateScreen.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  }
  if terminalIsRaw != 0 { tcsetattr(terminalDescriptor, TCSAFLUSH, &savedTerminal) }
  if screenIsAlternate == 0 {
    let newline: [UInt8] = [0x0A]
    _ = newline.withUnsafeBytes { write(1, $0.baseAddress, 1) }
  }
  _exit(128 + signal)
}

/// A key the user pressed during `suggest --review`.
package enum ReviewKey: Equatable, Sendable {
  case character(Character)
  /// Ctrl-C: read as a key in raw mode, it aborts the review.
  case interrupt
  /// Ctrl-D: the end, as `q`.
  case end
  /// The terminal went away (a read failed or found its end).
  case hangup
}

/// Where `suggest --review` shows its screens and reads its keys: the terminal
/// (`ReviewTerminal`), or keys a test types.
package protocol ReviewConsole: AnyObject {
  /// The next key.
  func readKey() -> ReviewKey
  /// Writes text to the screen at once.
  func write(_ text: String)
  /// Puts the terminal back as it was (again: harmless).
  func restore()
}

/// Standard input as a keyboard, one key at a time (no line editing, no echo), for
/// `suggest --review`. Every way out puts the terminal back as it was: `restore()` (called
/// by the command on every path, errors included), and the signals that would end the
/// process otherwise.
package final class ReviewTerminal: ReviewConsole {
  /// Bytes read and not yet taken as keys: keys typed ahead arrive in one read.
  private var pending: [UInt8] = []

  /// Puts the terminal in raw mode; nil when standard input is not a terminal.
  package static func enter() -> ReviewTerminal? {
    guard enterRawMode(descriptor: 0) else { return nil }
    return ReviewTerminal()
  }

  /// Puts the terminal on `descriptor` in raw mode with the signals that end the process
  /// putting it back; false when it is no terminal. `ViewTerminal` shares it.
  static func enterRawMode(descriptor: Int32) -> Bool {
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { return false }
    terminalDescriptor = descriptor
    savedTerminal = settings
    // No line editing, no echo, and Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys (their
    // signals would stop tcalog with the terminal still raw); output is processed as
    // usual, so "\n" still starts a new line.
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      var action = sigaction()
      let handler: @convention(c) (Int32) -> Void = restoreAndExit
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
      #else
        action.__sigaction_u.__sa_handler = handler
      #endif
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
    guard tcsetattr(descriptor, TCSAFLUSH, &settings) == 0 else { return false }
    terminalIsRaw = 1
    return true
  }

  /// Shows the alternate screen, cursor hidden, until `restore` (or a signal) leaves it.
  static func enterAlternateScreen() {
    let enter = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
    _ = enter.withUnsafeBufferPointer { Descriptor.writeAll($0, to: 1) }
    screenIsAlternate = 1
    var action = sigaction()
    let handler: @convention(c) (Int32) -> Void = { _ in windowResized = 1 }
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    // No SA_RESTART: the read waiting for a key returns EINTR, and the screen is redrawn.
    sigemptyset(&action.sa_mask)
    sigaction(SIGWINCH, &action, nil)
  }

  /// Puts the terminal back as it was (again: harmless).
  package func restore() { Self.restoreTerminal() }

  /// Leaves the alternate screen and raw mode (each once).
  static func restoreTerminal() {
    if screenIsAlternate != 0 {
      _ = leaveAlternateScreen.withUnsafeBufferPointer { Descriptor.writeAll($0, to: 1) }
      screenIsAlternate = 0
    }
    guard terminalIsRaw != 0 else { return }
    tcsetattr(terminalDescriptor, TCSAFLUSH, &savedTerminal)
    terminalIsRaw = 0
  }

  /// The next key: one character, or an escape sequence (an arrow: ESC and what follows
  /// it in the same read) as one key that answers nothing.
  package func readKey() -> ReviewKey {
    while pending.isEmpty {
      var buffer = [UInt8](repeating: 0, count: 64)
      let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return .hangup }
      pending = Array(buffer[..<n])
    }
    let first = pending[0]
    let length: Int
    switch first {
    case 0x1B: length = pending.count
    case 0xC0...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF7: length = 4
    default: length = 1
    }
    let key = Array(pending.prefix(length))
    pending.removeFirst(key.count)
    switch first {
    case 0x03: return .interrupt
    case 0x04: return .end
    case 0x1B: return .character("\u{1B}")
    default: return .character(String(decoding: key, as: UTF8.self).first ?? "\u{FFFD}")
    }
  }

  /// Writes text to the terminal at once; a failure has nowhere to be told.
  package func write(_ text: String) {
    var copy = text
    copy.withUTF8 { _ = Descriptor.writeAll($0, to: 1) }
  }
}
