import Testing

@_spi(Scanner) @testable import TCALogParsing

/// Dictionary keys of every kind apps key their state by, as swift-custom-dump 1.7.3 prints
/// them (the records below are its output, taken from the oracle's runs), read as
/// FORMATS.md 10.2 says: the whole printed key, never a counted index, and values free of
/// the key. `Tests/TCALogOracleTests` checks the same rules on thousands of random states.
@Suite struct DictionaryKeyTests {
  /// A tca1 record of one state whose diff is `lines` (indented as inside `AppState(`).
  static func record(_ lines: String) -> String {
    "received action:\n  AppAction.timerTicked\n  AppState(\n" + lines + "\n    … (3 unchanged)\n  )\n\n"
  }

  static func changes(_ lines: String) throws -> [Change] {
    let (records, _, _) = try parse(record(lines))
    try #require(records.count == 1)
    return records[0].changeList
  }

  @Test func aUUIDKeyIsTheWholeUUID() throws {
    let changes = try Self.changes(
      """
          byUUID: [
            UUID(A93E57EB-C78F-421D-96D5-5B5232B9F66D): Item(
              title: "comma, here",
      -       progress: 45.125,
      +       progress: 22.5,
              done: false
            ),
            UUID(B0000000-C78F-421D-96D5-5B5232B9F66D): Item(
      -       done: false
      +       done: true
            )
          ],
      """)
    #expect(
      changes == [
        Change(
          "byUUID[UUID(A93E57EB-C78F-421D-96D5-5B5232B9F66D)].progress", "byUUID[*].progress", old: "45.125",
          new: "22.5"),
        Change("byUUID[UUID(B0000000-C78F-421D-96D5-5B5232B9F66D)].done", "byUUID[*].done", old: "false", new: "true"),
      ])
  }

  @Test func aTaggedKeyAddedAndAnotherRemovedAreTwoChanges() throws {
    let changes = try Self.changes(
      """
          byTagged: [
      -     Tagged(rawValue: UUID(06EAB53C-70F8-4F51-8C9A-E2805EC4A6A5)): 6,
      +     Tagged(rawValue: UUID(5C254E5E-F223-4C6D-9891-E9A884E1916A)): 8,
            … (4 unchanged)
          ],
      """)
    #expect(
      changes == [
        Change(
          "byTagged[Tagged(rawValue: UUID(06EAB53C-70F8-4F51-8C9A-E2805EC4A6A5))]", "byTagged[*]", .removed, old: "6",
          new: nil),
        Change(
          "byTagged[Tagged(rawValue: UUID(5C254E5E-F223-4C6D-9891-E9A884E1916A))]", "byTagged[*]", .added, old: nil,
          new: "8"),
      ])
  }

  @Test func structWrapperEnumDateURLAndIntKeys() throws {
    let changes = try Self.changes(
      """
          byItemID: [
            ItemID(rawValue: "x: y3"): Item(
      -       note: nil
      +       note: "a: b"
            )
          ],
          byFolder: [
      +     .folder(""): 3,
      -     .folder("Work"): 2,
      +     .folder("Work"): 4,
            … (2 unchanged)
          ],
          byDate: [
      -     Date(2025-11-19T12:00:00.500Z): 2
      +     Date(2025-11-19T12:00:00.500Z): 1
          ],
          byURL: [
      +     URL(https://example.com/x?q=a,b&c=(d)): 8
          ],
          byInt: [
      -     -20: "naïve café"
      +     -20: "naïve café!"
          ],
      """)
    #expect(
      changes == [
        Change(#"byItemID[ItemID(rawValue: "x: y3")].note"#, "byItemID[*].note", old: "nil", new: #""a: b""#),
        Change(#"byFolder[.folder("")]"#, "byFolder[*]", .added, old: nil, new: "3"),
        Change(#"byFolder[.folder("Work")]"#, "byFolder[*]", old: "2", new: "4"),
        Change("byDate[Date(2025-11-19T12:00:00.500Z)]", "byDate[*]", old: "2", new: "1"),
        Change("byURL[URL(https://example.com/x?q=a,b&c=(d))]", "byURL[*]", .added, old: nil, new: "8"),
        Change("byInt[-20]", "byInt[*]", old: #""naïve café""#, new: #""naïve café!""#),
      ])
  }

  @Test func oddStringKeysAreTheirStrings() throws {
    let changes = try Self.changes(
      """
          byString: [
      -     "": 1,
      +     "": 2,
      -     #"say "hi" 4"#: 5,
      +     #"say "hi" 4"#: 8,
      +     "a: b": 0,
            … (1 unchanged)
          ],
      """)
    #expect(
      changes == [
        Change("byString[]", "byString[*]", old: "1", new: "2"),
        Change(#"byString[say "hi" 4]"#, "byString[*]", old: "5", new: "8"),
        Change("byString[a: b]", "byString[*]", .added, old: nil, new: "0"),
      ])
  }

  @Test func aKeyOverSeveralLinesIsJoinedOnOne() throws {
    let changes = try Self.changes(
      """
          byGrid: [
      -     GridPos(
      -       row: -2,
      -       col: 3
      -     ): 1
      +     GridPos(
      +       row: -1,
      +       col: 1
      +     ): 3,
            GridPos(
              row: 0,
              col: 1
            ): Piece(
      -       owner: .x
      +       owner: .o
            ),
            … (1 unchanged)
          ],
      """)
    #expect(
      changes == [
        Change("byGrid[GridPos(row: -2, col: 3)]", "byGrid[*]", .removed, old: "1", new: nil),
        Change("byGrid[GridPos(row: -1, col: 1)]", "byGrid[*]", .added, old: nil, new: "3"),
        Change("byGrid[GridPos(row: 0, col: 1)].owner", "byGrid[*].owner", old: ".x", new: ".o"),
      ])
  }

  @Test func identifiedArrayElementsKeepTheirIndexes() throws {
    let changes = try Self.changes(
      """
          rows: [
            [0]: Row(
              id: UUID(31E02994-8069-4C40-AADE-82A7F5D5A916),
      -       name: "a",
      +       name: "b",
              progress: 1.0
            ),
      -     [1]: Row(
      -       id: UUID(2C09955A-8516-41B0-8FCF-A19616A8DBAA),
      -       name: "c",
      -       progress: 2.0
      -     )
          ],
      """)
    #expect(
      changes == [
        Change("rows[0].name", "rows[*].name", old: #""a""#, new: #""b""#),
        Change(
          "rows[1]", "rows[*]", .removed,
          old: "Row(\n  id: UUID(2C09955A-8516-41B0-8FCF-A19616A8DBAA),\n  name: \"c\",\n  progress: 2.0\n)", new: nil),
      ])
  }

  /// The same key in a `diffing` log: Difference prints the key's description.
  @Test func diffingKeysAreTheirDescriptions() throws {
    let log = """
      🎬 Received action:
        AppAction.timerTicked
      🖨️ State:
      byItemID:
      |	Key ItemID(rawValue: "b2"):
      |	|	title:
      |	|	|	Current: "new"
      |	|	|	Previous: "old"
      byUUID:
      |	Key 131DDF0A-DDE2-4757-B1AC-4DAB60269E8D:
      |	|	done:
      |	|	|	Current: true
      |	|	|	Previous: false


      """
    let (records, _, _) = try parse(log)
    try #require(records.count == 1)
    #expect(
      records[0].changeList == [
        Change(#"byItemID[ItemID(rawValue: "b2")].title"#, "byItemID[*].title", old: #""old""#, new: #""new""#),
        Change("byUUID[131DDF0A-DDE2-4757-B1AC-4DAB60269E8D].done", "byUUID[*].done", old: "false", new: "true"),
      ])
  }
}
