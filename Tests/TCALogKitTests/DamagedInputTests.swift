import Foundation
import Testing

@testable import TCALogInput
@testable import TCALogOutput
@testable import TCALogParsing
@testable import TCALogPipeline

/// Inputs that are damaged or are no log at all (issue 42, rows 4, 7 and 21): every byte
/// before the damage is read, memory stays bounded, and every way of reading (sequential,
/// chunks, file ranges) gives the same records and counts.
struct DamagedInputTests {
  static let hasGzip = ["/bin/gzip", "/usr/bin/gzip"].contains { FileManager.default.isExecutableFile(atPath: $0) }

  /// `bytes` compressed by gzip(1).
  static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -c -6"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      try? writer.write(contentsOf: Data(bytes))
      try? writer.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return [UInt8](data)
  }

  /// Every byte a gzip source gives, read `bufferSize` bytes at a time from compressed
  /// bytes that arrive `readSize` at a time, and the error that ended it.
  static func inflate(_ compressed: [UInt8], bufferSize: Int, readSize: Int) throws -> ([UInt8], String?) {
    let source = try GzipByteSource(compressed: MemoryByteSource(compressed, readSize: readSize), name: "a.gz")
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    do {
      while true {
        let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if n == 0 { return (out, nil) }
        out += buffer[0..<n]
      }
    } catch let error as InputError {
      // The error is the end: a read after it gives nothing more.
      let after = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
      #expect(after == 0)
      return (out, error.reason)
    }
  }

  /// A log of `records` varied records (about 90 bytes each).
  static func log(records: Int) -> [UInt8] {
    var text = ""
    var seed: UInt64 = 7
    for i in 0..<records {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += "received action:\n  AppAction.row(id: \(i), action: .tapped(\"\(String(seed, radix: 36))\"))\n"
      text += "  AppState(\n-   count: \(seed % 1000),\n+   count: \(seed % 997)\n  )\n"
    }
    return Array(text.utf8)
  }

  /// Row 4: junk after the data, zero padding, a flipped CRC byte, zeros then junk, a
  /// second member: whatever the read sizes, every inflated byte comes before the error,
  /// and zero padding is no error, as for `gzip -dc`.
  @Test(.enabled(if: hasGzip, "gzip(1) makes the compressed input"))
  func damagedGzipKeepsEveryInflatedByte() throws {
    let plain = Self.log(records: 3000)
    let member = try Self.gzip(plain)
    var flipped = member
    flipped[flipped.count - 8] ^= 0xFF  // the first byte of the CRC-32
    let cases: [(String, [UInt8], [UInt8], String?)] = [
      ("intact", member, plain, nil),
      ("junk", member + Array("junk".utf8), plain, "trailing garbage after gzip data"),
      ("zeros", member + [UInt8](repeating: 0, count: 70_000), plain, nil),
      ("zeros then junk", member + [0, 0, 0, 7], plain, "trailing garbage after gzip data"),
      ("crc", flipped, plain, "corrupt gzip data: incorrect data check"),
      ("two members", member + member, plain + plain, nil),
      ("a member after zeros", member + [0, 0] + member, plain, "trailing garbage after gzip data"),
      ("a lone magic byte", member + [0x1F], plain, "trailing garbage after gzip data"),
    ]
    for (name, compressed, expected, error) in cases {
      for (bufferSize, readSize) in [(1 << 20, Int.max), (4096, 1), (7, 3), (64 << 10, 64 << 10)] {
        let (bytes, reason) = try Self.inflate(compressed, bufferSize: bufferSize, readSize: readSize)
        #expect(bytes == expected, "\(name), buffer \(bufferSize), reads of \(readSize)")
        #expect(reason == error, "\(name), buffer \(bufferSize), reads of \(readSize)")
      }
    }
  }
}
