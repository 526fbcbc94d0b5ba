import TCALogTestSupport
import Testing

@_spi(Scanner) @testable import TCALogParsing

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

  /// The table hash mixes every byte of a long text (four chains from 64 bytes on, then
  /// sixteen bytes a step, then the tail): a text that differs in any one byte hashes
  /// apart. A byte left out would only cost misses in the text memo, which compares whole
  /// texts, so only this test would see it.
  @Test func tableHashMixesEveryByteOfALongText() {
    let text = Array(
      """
        AppAction.windows(
          WindowsAction.window(
            windowID: WindowID(
              rawValue: "C010C3D2-3F1D-4AF7-096A-B7BC756D2B1B"
            ),
            action: WindowAction.mouseMoved(CGPoint(x: 403.0, y: 298.4))
          )
        )
      """.utf8)
    func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { ByteInterner.tableHash($0) } }
    for count in [64, 65, 79, 80, 127, 128, 129, 200, text.count] {
      let prefix = Array(text.prefix(count))
      var seen: Set<UInt64> = [hash(prefix)]
      for i in prefix.indices {
        var changed = prefix
        changed[i] ^= 0x20
        #expect(seen.insert(hash(changed)).inserted, "byte \(i) of \(count) left out")
      }
    }
  }
}
