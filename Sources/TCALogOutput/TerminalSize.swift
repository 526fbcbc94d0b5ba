#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of the terminal text goes to.
package enum TerminalSize {
  /// Columns and rows of the terminal on `fd`, nil when it is not one.
  package static func of(_ fd: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    #if canImport(Glibc)
      let request = UInt(TIOCGWINSZ)
    #else
      let request = TIOCGWINSZ
    #endif
    guard ioctl(fd, request, &size) == 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// The width text output should fit: the terminal's (asked anew each time, so a resized
  /// window is followed), else `COLUMNS`, else the terminal's on standard error (output
  /// piped into `less` or `head` is still read on that terminal), else 80.
  package static func columns(_ fd: Int32, environment: [String: String]) -> Int {
    if let size = of(fd) { return size.columns }
    if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
    if let size = of(2) { return size.columns }
    return 80
  }
}
