import Dispatch
import Foundation

/// The filter repository an app reads while it runs: found through `TCALOG_FILTERS` (set in
/// the Xcode scheme, `$(SRCROOT)/.tcalog-filters`, which a simulator build reads from the
/// Mac's disk) or else `Documents/tcalog-filters` in the app's container (a device), and read
/// again when the file changes, so that `tcalog suggest --filters … --append` or an edit
/// silences an action without a relaunch.
///
///     AppFeature()._printChanges(.tcalog(.allExcept(.timerTicked, .matching(FilterFileWatcher.fromEnvironment()))))
///
/// Every load is a line of the log that tcalog reads (a printer line, like the cost summary):
///
///     2026-11-20T10:22:33.123Z tcalog printer: filters reloaded from /Users/me/App/.tcalog-filters: 4 entries, 1 keep line
///
/// A file that turns bad keeps the last good repository (the line says why); a file that
/// disappears silences nothing until it is back.
public final class FilterFileWatcher: @unchecked Sendable {
  /// The environment variable that names the file.
  public static let environmentVariable = "TCALOG_FILTERS"
  /// The file's name in the app's Documents folder, where a device build looks without the
  /// variable.
  public static let containerFileName = "tcalog-filters"

  /// The file watched.
  public let path: String
  private let announce: @Sendable (String) -> Void
  private let stampsLines: Bool
  /// False under the kill switch (`TCALOG_PRINT=0`): the loads are not announced either.
  private let announces: Bool
  private let now: @Sendable () -> Date
  // `repository`, `contents` and `checked` are read and written under `lock`.
  private let lock = NSLock()
  private var repository: FilterFile?
  private var contents: Data?
  private var checked = false
  private var timer: DispatchSourceTimer?

  /// Watches `path`: reads it now, and again every `checkEvery` seconds when its bytes
  /// changed (nil: only on `checkNow()`). `announce` receives each load's line (standard
  /// output by default, where the printer's records go) unless `TCALOG_PRINT` turns printing
  /// off (`announces:` overrides it).
  public init(
    path: String, checkEvery interval: TimeInterval? = 1, stampsLines: Bool = true, announces: Bool? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    announce: @escaping @Sendable (String) -> Void = ChangePrinterOutput.standardOutput
  ) {
    self.path = path
    self.announce = announce
    self.stampsLines = stampsLines
    self.announces =
      announces ?? ChangePrinter<Void, Void>.printingEnabled(environmentValue: ChangePrinterOutput.killSwitch)
    self.now = now
    checkNow()
    if let interval, interval > 0 {
      let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
      timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
      timer.setEventHandler { [weak self] in self?.checkNow() }
      timer.resume()
      self.timer = timer
    }
  }

  deinit { timer?.cancel() }

  /// The watcher of the file the environment names (`TCALOG_FILTERS`), else of
  /// `Documents/tcalog-filters` in the app's container, which a device build reads (a file
  /// copied there later is read then, without a relaunch).
  public static func fromEnvironment(
    checkEvery interval: TimeInterval? = 1,
    announce: @escaping @Sendable (String) -> Void = ChangePrinterOutput.standardOutput
  ) -> FilterFileWatcher {
    let variable = getenv(environmentVariable).map { String(cString: $0) }
    return FilterFileWatcher(path: defaultPath(environmentValue: variable), checkEvery: interval, announce: announce)
  }

  /// Where `fromEnvironment` looks: the variable's value when set and not empty, else
  /// `tcalog-filters` in the Documents folder (in the current folder where there is none).
  public static func defaultPath(environmentValue: String?) -> String {
    if let value = environmentValue, !value.isEmpty { return value }
    guard let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first else {
      return containerFileName
    }
    return documents.appendingPathComponent(containerFileName).path
  }

  /// The repository as last read well (nil when the file is missing or was never good).
  public var current: FilterFile? { lock.locked { repository } }

  /// Reads the file again when its bytes changed; returns whether the repository changed.
  @discardableResult
  public func checkNow() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let data = FileManager.default.contents(atPath: path)
    let first = !checked
    checked = true
    guard first || data != contents else { return false }
    contents = data
    guard let data else {
      let had = repository != nil
      repository = nil
      say(first ? "no filter file at \(path)" : "filters removed: \(path) is gone; nothing is silenced by it")
      return had
    }
    do {
      let read = try FilterFile(parsing: String(decoding: data, as: UTF8.self), file: path)
      repository = read
      let keeps = read.entries.filter { $0.kind == .keep }.count
      let entries = read.entries.count - keeps
      say(
        "filters \(first ? "loaded" : "reloaded") from \(path): \(entries) \(entries == 1 ? "entry" : "entries"), "
          + "\(keeps) keep \(keeps == 1 ? "line" : "lines")")
      return true
    } catch {
      let reasons = error.issues.map(\.description).joined(separator: "; ")
      say(
        "filters not \(first ? "loaded" : "reloaded") (\(repository == nil ? "none" : "previous ones") kept): \(reasons)"
      )
      return false
    }
  }

  private func say(_ message: String) {
    guard announces else { return }
    announce((stampsLines ? PrinterTime.timestamp(now()) + " " : "") + "tcalog printer: " + message + "\n")
  }
}

extension ActionFilter {
  /// Matches an action when the watched repository, as last read, silences its action path
  /// (as `matching(_: FilterFile?)`); a missing file or a repository that silences nothing
  /// matches nothing, without working out the path.
  public static func matching(_ watcher: FilterFileWatcher) -> Self {
    Self { action in
      guard let repository = watcher.current, repository.silencesAnything else { return false }
      return repository.matches(actionPath: ActionPath.of(action))
    }
  }
}
