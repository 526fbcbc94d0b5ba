import Foundation
import Testing

@testable import TCALogOutput

/// The file `-o` writes before renaming it over the output (issue 42, row 3): never opened
/// through a link planted at its name, never an existing file.
@Suite struct TemporaryFileTests {
  @Test func plantedLinksAndExistingFilesAreNeverOpened() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tcalog-tmpfile-\(getpid())-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let secret = dir.appendingPathComponent("secret").path
    try "keep".write(toFile: secret, atomically: false, encoding: .utf8)
    let output = dir.appendingPathComponent("out.html").path
    // A link to a file, a dangling link (O_CREAT would create its target) and a file of
    // someone else's, at the first three names tried.
    try FileManager.default.createSymbolicLink(atPath: output + ".a", withDestinationPath: secret)
    try FileManager.default.createSymbolicLink(
      atPath: output + ".b", withDestinationPath: dir.appendingPathComponent("made").path)
    try "theirs".write(toFile: output + ".c", atomically: false, encoding: .utf8)
    var suffixes = [".a", ".b", ".c", ".d"].makeIterator()
    let created = try #require(TemporaryFile.create(beside: output) { suffixes.next()! })
    defer { close(created.fd) }
    #expect(created.path == output + ".d")
    #expect(write(created.fd, "new", 3) == 3)
    #expect(try String(contentsOfFile: secret, encoding: .utf8) == "keep")
    #expect(try String(contentsOfFile: output + ".c", encoding: .utf8) == "theirs")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("made").path))
    #expect(try String(contentsOfFile: output + ".d", encoding: .utf8) == "new")

    // Every name taken: no file, EEXIST.
    #expect(TemporaryFile.create(beside: output) { ".c" } == nil)
    #expect(errno == EEXIST)
    // Random names differ, and stay beside the output.
    let suffix = TemporaryFile.randomSuffix()
    #expect(suffix != TemporaryFile.randomSuffix())
    #expect(suffix.hasPrefix(".tcalog-\(getpid())-") && suffix.hasSuffix(".tmp") && !suffix.contains("/"))
  }
}
