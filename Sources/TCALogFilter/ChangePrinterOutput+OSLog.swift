// The unified log exists on Apple platforms only: this file compiles to nothing elsewhere.
#if canImport(os)
  import os

  extension ChangePrinterOutput {
    /// Writes each record to the unified log (`os.Logger`, debug level by default, public),
    /// where `log stream --level debug --predicate 'subsystem == "…"' | tcalog report --live`
    /// reads it. The unified log stamps each line itself: give the printer
    /// `stampsHeaders: false`.
    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
    public static func logger(subsystem: String, category: String, level: OSLogType = .debug)
      -> @Sendable (
        String
      ) -> Void
    {
      let box = LoggerBox(Logger(subsystem: subsystem, category: category), level: level)
      return { text in box.logger.log(level: box.level, "\(text, privacy: .public)") }
    }

    /// One logger and its level, shared by the printer's threads (`Logger` is thread-safe;
    /// both are immutable here).
    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
    private final class LoggerBox: @unchecked Sendable {
      let logger: Logger
      let level: OSLogType
      init(_ logger: Logger, level: OSLogType) {
        self.logger = logger
        self.level = level
      }
    }
  }
#endif
