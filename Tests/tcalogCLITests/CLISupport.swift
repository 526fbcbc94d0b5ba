import Foundation
import Testing

/// The repository (package root), derived from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The built `tcalog` binary. Under `swift test` on Linux `Bundle.main.bundleURL` is the build
/// folder; XCTest-style runners use the folder that contains the `.xctest` bundle; the
/// package's `.build/debug` is the fallback.
let tcalogBinary: URL? = {
  let bundle = Bundle.main.bundleURL
  let candidates = [
    bundle.appendingPathComponent("tcalog"),
    bundle.deletingLastPathComponent().appendingPathComponent("tcalog"),
    packageRoot.appendingPathComponent(".build/debug/tcalog"),
  ]
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// Runs the built `tcalog` with `args` in the package root (so `Samples/x.log` resolves and
/// appears as given in `source.file`), feeding `stdin` through a pipe when given (otherwise
/// standard input is /dev/null). Output goes through temporary files, so a large output
/// cannot block the child on a full pipe. A status above 128 means a signal (128 + number).
/// `environment` adds to (or replaces) variables of the test's own environment (`TZ`).
func runTCALog(_ args: [String], stdin: Data? = nil, environment: [String: String] = [:]) -> (
  status: Int32, stdout: Data, stderr: String
) {
  guard let binary = tcalogBinary else {
    Issue.record("tcalog binary not found beside \(Bundle.main.bundleURL.path) or in .build/debug; run swift build")
    return (-1, Data(), "")
  }
  let fm = FileManager.default
  let dir = fm.temporaryDirectory.appendingPathComponent("tcalog-cli-\(getpid())-\(UUID().uuidString)")
  do {
    try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    let outURL = dir.appendingPathComponent("stdout")
    let errURL = dir.appendingPathComponent("stderr")
    _ = fm.createFile(atPath: outURL.path, contents: nil)
    _ = fm.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = binary
    process.arguments = args
    process.currentDirectoryURL = packageRoot
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle(forReadingAtPath: "/dev/null") : input
    try process.run()
    if let stdin {
      // Written from another thread: the child may write output before it reads everything.
      let writer = input.fileHandleForWriting
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        try? writer.write(contentsOf: stdin)
        try? writer.close()
        done.signal()
      }
      done.wait()
    }
    process.waitUntilExit()
    try out.close()
    try err.close()
    let stdout = try Data(contentsOf: outURL)
    let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return (status, stdout, stderr)
  } catch {
    Issue.record("could not run tcalog: \(error)")
    return (-1, Data(), "")
  }
}

/// Polls `condition` every `interval` seconds until it holds or `timeout` seconds have
/// passed; returns whether it held. For waiting on another process: the condition says
/// what the test needs to have happened, not a guess at how long it takes.
@discardableResult
func waitUntil(timeout: TimeInterval = 10, interval: TimeInterval = 0.02, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() >= deadline { return false }
    usleep(useconds_t(interval * 1_000_000))
  }
  return true
}

/// Bytes written into `pipe` that its reader has not read yet (FIONREAD, which Linux
/// answers on either end of a pipe); -1 where the system does not answer.
func unreadBytes(in pipe: Pipe) -> Int {
  var count: Int32 = 0
  return ioctl(pipe.fileHandleForWriting.fileDescriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
}
