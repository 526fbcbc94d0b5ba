import Foundation
import Testing

/// What the built binary loads. On Linux the sources import FoundationEssentials, not
/// Foundation: Foundation's libraries (with ICU) took a third of every command's start-up
/// (BENCHMARKS.md, "Start-up"), and one plain `import Foundation` in `Sources/` would bring
/// them all back.
@Suite struct LinkageCLITests {
  static let ldd = ["/usr/bin/ldd", "/bin/ldd"].first { FileManager.default.isExecutableFile(atPath: $0) }
  #if os(Linux)
    static let isLinux = true
  #else
    static let isLinux = false
  #endif

  @Test(.enabled(if: isLinux && ldd != nil, "ldd lists a Linux binary's libraries"))
  func loadsFoundationEssentialsAlone() throws {
    let binary = try #require(tcalogBinary, "tcalog binary not found: run swift build")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.ldd!)
    process.arguments = [binary.path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let libraries = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(libraries.contains("libFoundationEssentials"), "\(libraries)")
    for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU"] {
      #expect(!libraries.contains(library), "\(binary.path) loads \(library):\n\(libraries)")
    }
  }
}
