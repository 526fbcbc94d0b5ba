import Foundation
import Testing

/// docs/ARCHITECTURE.md's target graph and import table are generated from Package.swift
/// and the sources (`Tests/Behaviour/architecture.py`): a target or an import added without
/// regenerating them fails here, so the doc never drifts from the code again.
@Suite struct ArchitectureDocTests {
  @Test func graphAndImportTableMatchTheCode() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Repository.root.appendingPathComponent("Tests/Behaviour/architecture.py").path, "--check",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
  }
}
