import TCALogTestSupport
import Testing

/// A scan that leaves out what its reader does not need gives the full parse's answer for
/// everything the reader does need, and the same records, counts and warnings: small
/// literal logs at the edges of the short ways, through `ScannerDifferential` (which
/// `ScannerDifferentialTests` runs over the corpus, the samples and the real logs).
struct RecordNeedsTests {
  /// Every way on `bytes` at `sizeCap`; returns the full parse's records.
  static func expectEveryWayAgrees(
    _ bytes: [UInt8], _ name: String, sizeCap: Int = 64 << 20, sourceLocation: SourceLocation = #_sourceLocation
  ) throws
    -> [ScannerDifferential.Summary]
  {
    let result = try ScannerDifferential.check(bytes, name: name, sizeCaps: [sizeCap])
    expectNoDifferences(result, sourceLocation: sourceLocation)
    return result.records
  }

  /// The tca0/tca1 clue (a nested case written with its type) is decided the same with or
  /// without the action.
  @Test func theFormatClueWithoutTheAction() throws {
    let log = """
      received action:
        AppAction.todo(
          TodoAction.checkBoxToggled
        )
        (No state changes)

      received action:
        AppAction.todo(
          .textChanged("see file.txt or a.b")
        )
        (No state changes)

      received action:
        AppAction.todo(.text(Swift.`default`))
        (No state changes)

      received action:
        AppAction.timerTicked
        (No state changes)

      received action:
        [Foo.bar]
        (No state changes)

      """
    let records = try Self.expectEveryWayAgrees(Array(log.utf8), "clue")
    #expect(records.map { $0.flags.split(separator: " ")[0] } == ["tca0", "tca1", "tca0", "tca1", "tca0"])
  }

  /// Action value lines take a short way when the raw bytes are not kept
  /// (`takeActionValueLine`): lines that look like value lines but are not (a blank line,
  /// `State:` and no-change endings, a header or a console prefix inside an action, a
  /// non-ASCII line, tabs, CRs), actions of both headers with brackets that balance early,
  /// and a size cap reached inside an action all give the full parse's records.
  @Test(arguments: [120, 300, 700, 64 << 20])
  func actionValueLinesAgreeWithTheFullParse(sizeCap: Int) throws {
    let log = """
      🎬 Received action:
        AppAction.windows(
          WindowsAction.window(
            windowID: WindowID(
              rawValue: "A1"
            ),
            action: WindowAction.title(
              "Tab — ünïcode"
            )
          )
        )
      🖨️ State:
      🖨️ (No state changes)
      🎬 Received action:
        AppAction.tick(
          	count: 3
          note: "a line ending in State:"
          other: "(No state changes)"
        )
      🖨️ State:
      count:
      |	Current: 3
      |	Previous: 2

      🎬 Received action:
        AppAction.cut(

      received action:
        AppAction.todo(
          .textChanged("(")
        )
        (No state changes)

      received action:
        AppAction.todo(
          .row(
            id: 1,
            action: .toggled
          )
        )
        AppState(
      -   count: 1
      +   count: 2
        )

      received action:
        AppAction.nested(
        2026-11-20 10:22:00.238443+0100 Browser[4242:2f1a] received action:
        AppAction.after
        (No state changes)

      🎬 Received action:
        AppAction.cutByHeader(
      🎬 Received action:
        AppAction.afterCut
      🖨️ State:
      🖨️ (No state changes)
      🎬 Received action:
        AppAction.late
      🖨️ State:
      count:
      |	Current: 1
      🖨️ (No state changes)
      received action:
        AppAction.tcaMarkers
      🖨️ State:
      🖨️ (No state changes)
      received action:
      🖨️ State:
      🎬 Received action:
        AppAction.dangling
      🖨️ State:
      windows:
      Metal API Validation Enabled
      🎬 Received action:
        AppAction.pairs
      🖨️ State:
      tags:
      |	Added key pairs:
      |	|	Key a: 1
      Interleaved foreign line

      received action:
        AppAction.cutState
        AppState(
      -   count: 1
      foreign text after a state line
      🎬 Received action:
        AppAction.labelled(
          State:
        )
      🖨️ State:
      🖨️ (No state changes)
      received action:
        AppAction.renamed(
          (No state changes)
        )
        (No state changes)

      received action:
        AppAction.long(
          a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10, k: 11, l: 12, m: 13, n: 14,
          o: 15, p: 16, q: 17, r: 18, s: 19, t: 20, u: 21, v: 22, w: 23, x: 24, y: 25, z: 26
        )
        (No state changes)

      """
    #expect(try Self.expectEveryWayAgrees(Array(log.utf8), "value lines", sizeCap: sizeCap).count >= 14)
  }

  /// State diff lines read as one run (`ScanState.takeStateRun`) give the full way's
  /// records, also at the run's edges: a `…` line (a byte over 0x7F), a string holding a
  /// header candidate, CR line ends, an invalid UTF-8 byte after a valid sequence, a
  /// console prefix, a blank line, foreign text, a no-change line inside a tree, the line
  /// that ends a Custom Dump state value with an indented line after it, a multi-line
  /// value, 0.x markers, a `"""` block, and a size cap reached inside a diff. Repeated
  /// behind fillers of growing length, so that the harness's 4 KiB blocks
  /// end at every kind of line.
  @Test(arguments: [200, 450, 64 << 20])
  func stateDiffLinesAgreeWithTheFullParse(sizeCap: Int) throws {
    let records = #"""
      received action:
        AppAction.windows(.select(id: 1))
        AppState(
          windows: [
            … (1 unchanged),
            1: Window(
              id: WindowID(…),
      -       title: "old — received action: inside",
      +       title: "new",
              isVisible: true
            ),
            … (2 unchanged)
          ],
      -   count: 1,
      +   count: 2,
          sidebar: Sidebar(…)
        )
      trailing foreign line after the state value
      received action:
        AppAction.crlf\#r
        AppState(\#r
      -   count: 1\#r
      +   count: 2\#r
      -   items: [\#r
      -     1\#r
      -   ],\#r
      +   items: []\#r
        )\#r
        an indented line after the state value\#r
      \#r
      received action:
        AppAction.badByte
        AppState(
      -   name: "a"
      +   name: "b … INVALID"
        )

      received action:
        AppAction.prefixed
        AppState(
      -   count: 1
      2026-11-20 10:22:00.238443+0100 Browser[4242:2f1a] +   count: 2
        )

      received action:
        AppAction.text
        AppState(
      -   note: """
      -     line (one
      -     """,
      +   note: """
      +     line ) two
      +     """,
          other: 1
        )
      received action:
        AppAction.old
        AppState(
      \#u{2212}   count: 1
      +   count: 2
      \#u{2007}   name: "x"
        )

      🎬 Received action:
        AppAction.tree
      🖨️ State:
      windows:
      |	Collection[1]:
      |	|	title:
      |	|	|	Current: "new — received action: in a value"
      |	|	|	Previous: "old"
      a continuation after a leaf
      , sync:
      |	lastPulledAt:
      |	|	Current: 2.0\#r
      |	|	Previous: 1.0
      2026-11-20 10:22:00.238443+0100 Browser[4242:2f1a] |	|	Previous: 0.5
      🖨️ (No state changes)
      🎬 Received action:
        AppAction.pairs
      🖨️ State:
      tags:
      |	Added key pairs:
      |	|	Key a: 1
      |	|	Key ü: 2
      Metal API Validation Enabled

      🎬 Received action:
        AppAction.last
      🖨️ State:
      count:
      |	Current: 3
      |	Previous: 2

      """#
    // An invalid UTF-8 byte in a state line, which a Swift string cannot hold.
    var piece = Array(records.utf8)
    let marker = Array("INVALID".utf8)
    let at = try #require((0...(piece.count - marker.count)).first { Array(piece[$0..<($0 + marker.count)]) == marker })
    piece.replaceSubrange(at..<(at + marker.count), with: [0xFF])
    var bytes: [UInt8] = []
    for copy in 0..<12 { bytes += Array("filler \(String(repeating: "x", count: copy * 97))\n".utf8) + piece }
    #expect(try Self.expectEveryWayAgrees(bytes, "state lines", sizeCap: sizeCap).count >= 12 * 9)
  }
}
