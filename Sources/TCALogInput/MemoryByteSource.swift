/// Bytes already in memory as a source: for tests, fuzzing and callers that hold text.
package final class MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var position = 0
  /// Hands out at most this many bytes per read, to exercise lines that span reads.
  private let readSize: Int

  package init(_ bytes: [UInt8], readSize: Int = .max) {
    self.bytes = bytes
    self.readSize = max(1, readSize)
  }

  package convenience init(_ text: String, readSize: Int = .max) { self.init(Array(text.utf8), readSize: readSize) }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let n = min(buffer.count, bytes.count - position, readSize)
    guard n > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.baseAddress!.copyMemory(from: source.baseAddress! + position, byteCount: n)
    }
    position += n
    return n
  }
}
