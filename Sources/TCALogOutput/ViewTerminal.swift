import TCALogSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal of `tcalog view`: raw mode and the signal handlers of `ReviewTerminal`
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT put the terminal back and end the process), the
/// alternate screen with the cursor hidden, SIGWINCH, and keys read from standard input or,
/// when the log comes through it, from `/dev/tty` (as `less` reads them).
package final class ViewTerminal {
  /// A key or an event, undecoded beyond the escape sequences of the keys `view` knows.
  package enum Input: Equatable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end, tab, enter, escape, backspace
    case character(Character)
    /// Ctrl-C (raw mode reads it as a key).
    case interrupt
    /// The window changed size.
    case resize
    /// Nothing arrived in the time asked (following a file).
    case timeout
    /// The terminal went away.
    case hangup
  }

  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private var pending: [UInt8] = []

  private init(descriptor: Int32, ownsDescriptor: Bool) {
    self.descriptor = descriptor
    self.ownsDescriptor = ownsDescriptor
  }

  /// Raw mode and the alternate screen; nil when standard output or the keyboard is no
  /// terminal.
  package static func enter() -> ViewTerminal? {
    guard isatty(1) == 1 else { return nil }
    var descriptor: Int32 = 0
    var owns = false
    if isatty(0) != 1 {
      descriptor = open("/dev/tty", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      owns = true
    }
    guard ReviewTerminal.enterRawMode(descriptor: descriptor) else {
      if owns { close(descriptor) }
      return nil
    }
    ReviewTerminal.enterAlternateScreen()
    return ViewTerminal(descriptor: descriptor, ownsDescriptor: owns)
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// Leaves the alternate screen and raw mode (again: harmless).
  package func restore() { ReviewTerminal.restoreTerminal() }

  /// The terminal's size now.
  package var size: (columns: Int, rows: Int) { TerminalSize.of(1) ?? (80, 24) }

  /// Draws a frame: from the top-left corner, each line cleared to its end.
  package func draw(_ lines: [String]) {
    var text = ANSI.cursorHome
    for (n, line) in lines.enumerated() {
      text += line + ANSI.reset + ANSI.clearToLineEnd
      if n < lines.count - 1 { text += "\r\n" }
    }
    text.withUTF8 { _ = Descriptor.writeAll($0, to: 1) }
  }

  /// The terminal's bell: a key that means nothing here.
  package func bell() {
    let bell: [UInt8] = [0x07]
    bell.withUnsafeBufferPointer { _ = Descriptor.writeAll($0, to: 1) }
  }

  /// The next key, a resize, or `.timeout` after `milliseconds` (nil: wait).
  package func read(timeout milliseconds: Int32? = nil) -> Input {
    while pending.isEmpty {
      if windowResized != 0 {
        windowResized = 0
        return .resize
      }
      if let milliseconds {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, milliseconds)
        if ready == 0 { return .timeout }
        if ready < 0 { continue }
      }
      var buffer = [UInt8](repeating: 0, count: 256)
      let n = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return .hangup }
      pending = Array(buffer[..<n])
    }
    let (input, length) = Self.decode(pending)
    pending.removeFirst(length)
    return input
  }

  /// The first key of `bytes` and how many bytes it took.
  package static func decode(_ bytes: [UInt8]) -> (Input, Int) {
    let first = bytes[0]
    switch first {
    case 0x03: return (.interrupt, 1)
    case 0x04: return (.character("q"), 1)
    case 0x09: return (.tab, 1)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x1B:
      guard bytes.count >= 3, bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else {
        return (.escape, 1)
      }
      switch bytes[2] {
      case UInt8(ascii: "A"): return (.up, 3)
      case UInt8(ascii: "B"): return (.down, 3)
      case UInt8(ascii: "C"): return (.right, 3)
      case UInt8(ascii: "D"): return (.left, 3)
      case UInt8(ascii: "H"): return (.home, 3)
      case UInt8(ascii: "F"): return (.end, 3)
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        // `ESC [ n ~`: 1 and 7 Home, 4 and 8 End, 5 PgUp, 6 PgDn.
        guard bytes.count >= 4, let tilde = bytes[2...].firstIndex(of: UInt8(ascii: "~")) else { return (.escape, 1) }
        let keys: [UInt8: Input] = [
          UInt8(ascii: "1"): .home, UInt8(ascii: "7"): .home, UInt8(ascii: "4"): .end, UInt8(ascii: "8"): .end,
          UInt8(ascii: "5"): .pageUp, UInt8(ascii: "6"): .pageDown,
        ]
        return (tilde == 3 ? keys[bytes[2]] ?? .escape : .escape, tilde + 1)
      default:
        // Another sequence (F-keys, Insert, Delete): taken whole, meaning nothing.
        var end = 2
        while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        return (.escape, min(end + 1, bytes.count))
      }
    default:
      let length: Int
      switch first {
      case 0xC0...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF7: length = 4
      default: length = 1
      }
      let key = Array(bytes.prefix(length))
      return (.character(String(decoding: key, as: UTF8.self).first ?? "\u{FFFD}"), key.count)
    }
  }
}

/// `read(2)` under a name a method called `read` does not hide (Glibc and Darwin alike).
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
