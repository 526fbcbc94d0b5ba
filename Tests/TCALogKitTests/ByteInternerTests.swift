import Testing

@testable import TCALogParsing

/// The interner gives each distinct string the next id, on its first sight, whatever its
/// recent-slot cache holds: strings that share their first, middle and last words and
/// length (the cache's slot), strings under eight bytes, the empty string, and repeats in
/// any order.
struct ByteInternerTests {
  @Test func idsAreFirstSightOrderWhateverTheCacheHolds() {
    var interner = ByteInterner()
    var reference: [[UInt8]: Int] = [:]
    var generator = SeededRandom(seed: 0x1D_5EED)
    // One shape with a few bytes varied between the words the slot reads, and others.
    let template = Array("windows[C010C3D2-3F1D-4AF7-096A-B7BC756D2B1B].tabs[*].isHovered".utf8)
    func make() -> [UInt8] {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0:
        var bytes = template
        for _ in 0..<2 {
          bytes[Int.random(in: 9..<20, using: &generator)] =
            UInt8(ascii: "A") &+ UInt8(Int.random(in: 0..<4, using: &generator))
        }
        return bytes
      case 1:
        return Array("abcdefg".utf8.prefix(Int.random(in: 0...7, using: &generator)))
      case 2:
        return Array("windows.window.\(["hover", "mouseMoved", "tick", "a"].randomElement(using: &generator)!)".utf8)
      default:
        return (0..<Int.random(in: 8...40, using: &generator)).map { _ in
          UInt8(Int.random(in: 97...99, using: &generator))
        }
      }
    }
    for _ in 0..<30_000 {
      let bytes = make()
      let expected = reference[bytes] ?? reference.count
      reference[bytes] = expected
      let id = bytes.withUnsafeBufferPointer { interner.intern($0) }
      #expect(id == expected, "\(String(decoding: bytes, as: UTF8.self))")
      #expect(interner.string(id) == String(decoding: bytes, as: UTF8.self))
    }
    #expect(interner.count == reference.count)
  }
}
