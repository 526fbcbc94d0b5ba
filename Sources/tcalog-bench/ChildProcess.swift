import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// What one run of a command cost.
struct Measurement {
  var seconds: Double
  /// Exit status of the measured (last) stage; 128 + signal when it was killed.
  var status: Int32
  /// Peak resident memory of the measured stage, in bytes (for `/bin/sh -c` the largest
  /// process of the shell's pipeline: the kernel folds waited-for children into it).
  var peakRSS: Int
  var stderr: String
}

/// Runs a pipeline of programs (`argv` per stage, each stage's stdout piped to the next
/// one's stdin; the last one's stdout goes to /dev/null unless `stdoutFile` is given),
/// times it, and reads the peak RSS of the last stage from `wait4`. posix_spawn rather
/// than Foundation's Process: wait4 is the only way to get one child's own rusage, and
/// Process reaps its children itself.
enum ChildProcess {
  static func run(_ stages: [[String]], stdoutFile: String? = nil, stderrFile: String) throws -> Measurement {
    precondition(!stages.isEmpty)
    var pids: [pid_t] = []
    var previousRead: Int32 = -1
    let start = monotonicSeconds()
    for (i, argv) in stages.enumerated() {
      let isLast = i == stages.count - 1
      var pipeFDs: [Int32] = [-1, -1]
      if !isLast {
        guard pipe(&pipeFDs) == 0 else { throw BenchError("pipe failed: \(String(cString: strerror(errno)))") }
      }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      if previousRead >= 0 {
        posix_spawn_file_actions_adddup2(&actions, previousRead, 0)
      } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      }
      if isLast {
        posix_spawn_file_actions_addopen(&actions, 1, stdoutFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      } else {
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
      }
      // Children must not keep pipe ends open, or readers never see end of input.
      if previousRead >= 0 { posix_spawn_file_actions_addclose(&actions, previousRead) }
      if !isLast {
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
      }
      let pid: pid_t
      do {
        pid = try spawn(argv, &actions)
      } catch {
        // The stages already started see their pipe close and end; reap them before saying
        // why, so a missing tool leaves no process behind.
        if previousRead >= 0 { close(previousRead) }
        if !isLast {
          close(pipeFDs[0])
          close(pipeFDs[1])
        }
        for started in pids {
          var rawStatus: Int32 = 0
          while waitpid(started, &rawStatus, 0) < 0 && errno == EINTR {}
        }
        throw error
      }
      pids.append(pid)
      if previousRead >= 0 { close(previousRead) }
      if !isLast {
        close(pipeFDs[1])
        previousRead = pipeFDs[0]
      }
    }
    var status: Int32 = 0
    var peak = 0
    for (i, pid) in pids.enumerated() {
      var rawStatus: Int32 = 0
      var usage = rusage()
      while wait4(pid, &rawStatus, 0, &usage) < 0 {
        guard errno == EINTR else { throw BenchError("wait4 failed: \(String(cString: strerror(errno)))") }
      }
      if i == pids.count - 1 {
        status = decodeStatus(rawStatus)
        peak = rssBytes(usage)
      }
    }
    let seconds = monotonicSeconds() - start
    let stderr = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
    return Measurement(seconds: seconds, status: status, peakRSS: peak, stderr: stderr)
  }

  private static func spawn(_ argv: [String], _ actions: inout posix_spawn_file_actions_t) throws -> pid_t {
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
    cArgs.append(nil)
    defer { for arg in cArgs { free(arg) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, environ)
    guard rc == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
    return pid
  }

  /// WIFEXITED/WEXITSTATUS by hand: the C macros are not imported into Swift.
  private static func decodeStatus(_ raw: Int32) -> Int32 {
    let signal = raw & 0x7F
    return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
  }

  private static func rssBytes(_ usage: rusage) -> Int {
    #if canImport(Glibc)
      Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
      Int(usage.ru_maxrss)  // bytes on macOS
    #endif
  }

  static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
  }

  /// The peak RSS of this process so far. On Linux posix_spawn shares the parent's memory
  /// until exec, and exec records that memory's high-water mark in the child's maxrss, so
  /// no child can report less than this: it is the floor of every RSS figure.
  static func ownPeakRSS() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return rssBytes(usage)
  }
}
