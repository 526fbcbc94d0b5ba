@_spi(Scanner) import TCALogParsing

extension Record {
  /// One changed leaf, given as text, for `Record.synthesized`.
  package struct ChangeText: Sendable {
    package var path: String
    package var normalized: String
    package var kind: ChangeKind
    package var old: String?
    package var new: String?
    package init(path: String, normalized: String, kind: ChangeKind = .value, old: String? = nil, new: String? = nil) {
      self.path = path
      self.normalized = normalized
      self.kind = kind
      self.old = old
      self.new = new
    }
  }

  /// Builds a record from plain values: for tests of the query and report stages, and for
  /// tools that make records without parsing a log.
  package static func synthesized(
    index: Int = 0, file: String = "-", line: Int = 1, offset: Int = 0, format: RecordFormat = .tca1,
    raw: String? = nil, lines: Int? = nil, timestamp: String? = nil, storePrefix: String? = nil,
    actionPath: String, actionRoot: String? = "AppFeature.Action", actionText: String? = nil,
    hasStatePart: Bool = true, changes: [ChangeText] = [], stateChanged: Bool? = nil, isComplete: Bool = true
  ) -> Record {
    let rawText = raw ?? "received action:\n  \(actionRoot.map { $0 + "." } ?? "")\(actionPath)\n"
    var storage = Array(rawText.utf8)
    func add(_ text: String) -> TextRange {
      let start = storage.count
      storage.append(contentsOf: text.utf8)
      return TextRange(start: start, count: storage.count - start)
    }
    let rawRange = TextRange(start: 0, count: storage.count)
    let timestampRange = timestamp.map(add)
    let prefixRange = storePrefix.map(add)
    let pathRange = add(actionPath)
    let rootRange = actionRoot.map(add)
    let textRange = add(actionText ?? "\(actionRoot.map { $0 + "." } ?? "")\(actionPath)")
    // On one line, as the scanner writes it.
    let entityRange = storage.withUnsafeBufferPointer { s -> [UInt8]? in
      let text = UnsafeBufferPointer(rebasing: s[textRange.start..<textRange.end])
      return ActionEntity.range(in: text).map { ActionEntity.joined(UnsafeBufferPointer(rebasing: text[$0])) }
    }.map { add(String(decoding: $0, as: UTF8.self)) }
    let keyPathRange = storage.withUnsafeBufferPointer {
      ActionEntity.bindingKeyPath(in: UnsafeBufferPointer(rebasing: $0[textRange.start..<textRange.end]))
    }.map { add(String(decoding: $0, as: UTF8.self)) }
    let stateChanges = changes.map {
      StateChange(
        path: add($0.path), normalized: add($0.normalized), kind: $0.kind, old: $0.old.map(add), new: $0.new.map(add))
    }
    let lineCount = lines ?? rawText.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    return Record(
      index: index, file: file, line: line, offset: offset, format: format, lines: lineCount,
      bytes: rawRange.count, isComplete: isComplete, storage: storage, rawRange: rawRange,
      timestampRange: timestampRange, storePrefixRange: prefixRange, actionPathRange: pathRange,
      actionRootRange: rootRange, actionTextRange: textRange, hasStatePart: hasStatePart,
      stateChanged: stateChanged ?? !changes.isEmpty, changes: stateChanges, hasInvalidUTF8: false,
      entityRange: entityRange, bindingKeyPathRange: keyPathRange)
  }
}
