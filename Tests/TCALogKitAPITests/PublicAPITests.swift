import Foundation
import TCALogKit
import Testing

/// The public API as a user of the library sees it. A test target of this package sees
/// `package` declarations too, so the tests of this target alone would not notice one
/// that stopped being public: the first test compiles their sources again as the code of
/// another package. The second holds the API to the committed listing and its documentation.
struct PublicAPITests {
  static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  @Test func theseSourcesCompileOutsideThePackage() throws {
    let sources = try FileManager.default.contentsOfDirectory(atPath: Self.here.path)
      .filter { $0.hasSuffix(".swift") }.sorted().map { Self.here.appendingPathComponent($0).path }
    #expect(sources.count >= 3)
    let outside = try Outsider.typecheck(sources)
    #expect(outside.status == 0, "the API these tests use is not all public:\n\(outside.output)")

    // The control: the same compilation rejects a package declaration, so a pass above
    // means the API used is public, not that the check sees everything.
    let snippet = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: snippet) }
    try "import TCALogKit\nlet size = RecordStream(inputs: []).chunkSize\n".write(
      to: snippet, atomically: true, encoding: .utf8)
    let control = try Outsider.typecheck([snippet.path])
    #expect(control.status != 0)
    #expect(control.output.contains("'package' protection level"), "\(control.output)")
  }

  /// The API is the committed listing (Tests/Behaviour/public-api.txt, 388 public and 71
  /// SPI declarations): a change to it shows in review as a change to that file, where a
  /// count let any declaration be swapped for another.
  @Test func thePublicAPIIsTheCommittedListingAndEveryDeclarationDocumented() throws {
    let script = Self.here.deletingLastPathComponent().appendingPathComponent("Behaviour/public_api.py").path
    let run = try Outsider.run("/usr/bin/env", ["python3", script, "--api", "--check"])
    #expect(
      run.status == 0, "the public API is not the committed listing, or a declaration is undocumented:\n\(run.output)")
  }

  /// Byte ranges, gates and unsafe pointers are SPI (`@_spi(Scanner)`, for the stages):
  /// no public signature of the listing names them.
  @Test func noPublicSignatureNamesARangeOrAPointer() throws {
    let listing = Self.here.deletingLastPathComponent().appendingPathComponent("Behaviour/public-api.txt")
    let lines = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n")
    let spi = lines.filter { $0.contains("[spi]") }
    #expect(spi.contains { $0.contains("UnsafeBufferPointer") }, "the check reads the listing's SPI lines apart")
    let offending = lines.filter { line in
      !line.contains("[spi]")
        && ["Unsafe", "TextRange", "StateChange", "ActionGate", "storage", "Range:", "Range?"].contains {
          line.contains($0)
        }
    }
    #expect(offending.isEmpty, "public signatures that name ranges or pointers:\n\(offending.joined(separator: "\n"))")
  }
}

/// Compiles as another package would: against the built modules, under another package
/// name, which hides every `package` declaration.
enum Outsider {
  /// The folder of the built modules: beside this test binary under `swift test` on
  /// Linux, one above an `.xctest` bundle elsewhere.
  static var products: URL? {
    let bundle = Bundle.main.bundleURL
    return [bundle, bundle.deletingLastPathComponent()].first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/TCALogKit.swiftmodule").path)
        || FileManager.default.fileExists(atPath: $0.appendingPathComponent("TCALogKit.swiftmodule").path)
    }
  }

  static func typecheck(_ sources: [String]) throws -> (status: Int32, output: String) {
    let products = try #require(products, "no built TCALogKit module beside \(Bundle.main.bundleURL.path)")
    let root = PublicAPITests.here.deletingLastPathComponent().deletingLastPathComponent()
    var arguments = ["-typecheck", "-swift-version", "6", "-package-name", "someone_elses_package"]
    arguments += ["-I", products.appendingPathComponent("Modules").path, "-I", products.path]
    // The C modules the stages import: the system libraries' module maps in Sources, the
    // C targets' maps that the build wrote.
    for library in ["CPCRE2", "CZlib"] { arguments += ["-I", root.appendingPathComponent("Sources/\(library)").path] }
    let built = try FileManager.default.contentsOfDirectory(atPath: products.path).filter { $0.hasSuffix(".build") }
    for folder in built {
      let map = products.appendingPathComponent(folder).appendingPathComponent("module.modulemap").path
      if FileManager.default.fileExists(atPath: map) { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
    }
    return try run(swiftc, arguments + sources)
  }

  /// `swiftc` beside the `swift` that runs the tests, else from PATH.
  static var swiftc: String {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let candidates = directories.map { $0 + "/swiftc" } + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("outsider-\(UUID().uuidString).txt")
    FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
  }
}
