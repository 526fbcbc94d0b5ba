import Foundation
import TCALogCommands
import Testing

@testable import tcalog

/// tcalog's command line run inside the test process: the arguments parsed as the
/// executable parses them, the request run against a console in memory (no terminal,
/// `COLUMNS` or 100 columns, a fixed clock, standard input's bytes), its outcome delivered
/// there. What only a real process shows (signals, terminals, descriptors, the
/// environment's effect on the C library) stays with `runTCALog`.
enum InProcess {
  /// The status, standard output and standard error of `arguments`, as `runTCALog`'s;
  /// `stdin` is what `-` reads, `now` the clock (default 2026-11-27T12:00Z, a week after
  /// the samples were written).
  static func run(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], now: Double = 1_795_780_800
  ) -> (
    status: Int32, stdout: Data, stderr: String
  ) {
    var variables = ["NO_COLOR": "1", "TERM": "dumb"]
    for (name, value) in environment { variables[name] = value }
    let columns = variables["COLUMNS"].flatMap(Int.init) ?? 100
    let console = Console.inMemory(
      environment: variables, columns: columns, now: { now }, standardInput: stdin.map { Array($0) } ?? [])
    let status = TCALog.run(arguments, console: console)
    return (status, Data(console.capturedOutput), console.capturedErrors)
  }
}

/// `runTCALog`, in process.
func runInProcess(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) -> (
  status: Int32, stdout: Data, stderr: String
) {
  InProcess.run(arguments, stdin: stdin, environment: environment)
}

/// `Binary.run`, in process: standard output as text.
func runInProcessText(_ arguments: [String], stdin: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
  let result = InProcess.run(arguments, stdin: stdin.map { Data($0.utf8) })
  return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stderr)
}
