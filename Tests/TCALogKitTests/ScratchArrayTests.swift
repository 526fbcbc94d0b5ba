import TCALogTestSupport
import Testing

@_spi(Scanner) @testable import TCALogParsing

/// The parsers' scratch arrays (`ScratchArray`) hold what an `Array` given the same
/// operations holds: appends one at a time, of a buffer and of repeats, across growth,
/// `removeLast`, `truncate`, writes through the subscript, and `sort`.
@Suite struct ScratchArrayTests {
  @Test func scratchArrayFollowsArray() {
    var generator = SeededRandom(seed: 0x5C_4A7C)
    var scratch = ScratchArray<Int>(capacity: 1)
    var array: [Int] = []
    for step in 0..<20_000 {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0, 1, 2, 3:
        scratch.append(step)
        array.append(step)
      case 4:
        let more = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Int.random(in: -9...9, using: &generator)
        }
        more.withUnsafeBufferPointer { scratch.append(contentsOf: $0) }
        array += more
      case 5:
        let n = Int.random(in: 0...20, using: &generator)
        scratch.append(repeating: -step, count: n)
        array += repeatElement(-step, count: n)
      case 6 where !array.isEmpty:
        #expect(scratch.removeLast() == array.removeLast())
      case 7:
        let keep = Int.random(in: 0...(array.count + 3), using: &generator)
        scratch.truncate(to: keep)
        if keep < array.count { array.removeSubrange(keep...) }
      case 8 where !array.isEmpty:
        let i = Int.random(in: 0..<array.count, using: &generator)
        scratch[i] += step
        array[i] += step
      case 9 where step % 50 == 0:
        scratch.sort(by: <)
        array.sort()
      default:
        break
      }
      #expect(scratch.count == array.count)
      #expect(Array(scratch.buffer) == array, "step \(step)")
      if scratch.count != array.count || Array(scratch.buffer) != array { break }
    }
    scratch.truncate()
    #expect(scratch.isEmpty && scratch.buffer.isEmpty)
  }

  /// Its bounds are checked: a read past the end, a `removeLast` of an empty array and a
  /// negative length stop the process, as an `Array`'s would, instead of reading memory.
  @Test func scratchArrayChecksItsBounds() async {
    await #expect(processExitsWith: .failure) {
      var scratch = ScratchArray<Int>()
      scratch.append(1)
      _ = scratch[1]
    }
    await #expect(processExitsWith: .failure) {
      var scratch = ScratchArray<Int>()
      scratch.removeLast()
    }
    await #expect(processExitsWith: .failure) {
      var scratch = ScratchArray<Int>()
      scratch.truncate(to: -1)
    }
  }

  /// A scratch array of values that hold references releases them when they are removed,
  /// and when it goes (the deinitializations that cost nothing for plain values).
  @Test func scratchArrayReleasesWhatItRemoves() {
    final class Counter { var live = 0 }
    final class Token {
      let counter: Counter
      init(_ counter: Counter) {
        self.counter = counter
        counter.live += 1
      }
      deinit { counter.live -= 1 }
    }
    let counter = Counter()
    do {
      var tokens = ScratchArray<Token>(capacity: 2)
      for _ in 0..<10 { tokens.append(Token(counter)) }
      #expect(counter.live == 10)
      tokens.truncate(to: 4)
      #expect(counter.live == 4)
      _ = tokens.removeLast()
      #expect(counter.live == 3)
      tokens[0] = Token(counter)
      #expect(counter.live == 3)
    }
    #expect(counter.live == 0)
  }
}
