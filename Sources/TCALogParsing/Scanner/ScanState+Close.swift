// The full way, part 4: closing a record. Its shape, completeness (docs/FORMATS.md 1.4) and
// format; its action path, text and entity read from the joined action lines; its state
// changes parsed by the state parser its format description names.

extension ScanState {
  // MARK: - Closing a record

  /// Ends the open record: makes it, counts it, and makes ready for the next one.
  mutating func close(_ ending: Ending) -> Record {
    let record = makeRecord(ending)
    statistics.count(record)
    if progress.hasTimestamp && record.timestampRange == nil { statistics.impossibleTimestampRecords += 1 }
    endClosedRecord()
    return record
  }

  /// With a gate (`ActionGate`): reads the open record's action part and asks the gate.
  /// A record it declines is counted, warned about and forgotten, never built (true); an
  /// admitted one keeps its action part for `close` (false). Without a gate, false.
  mutating func closeIfDeclined(_ ending: Ending) -> Bool {
    guard let gate else { return false }
    let shape = recordShape()
    var derived = DerivedText(
      base: keepsRaw ? keptBytes().count : 0, reusing: derivedBuffer.take() ?? ByteAccumulator(capacity: 512))
    let action = readAction(needsClue: needsClue(shape), into: &derived)
    let path = (action.path.start &- derived.base)..<(action.path.end &- derived.base)
    let admitted = gate(action.key, UnsafeBufferPointer(rebasing: derived.bytes.buffer[path]))
    derivedBuffer = derived.takeBuffer()
    if admitted {
      actionReadAhead = action
      return false
    }
    statistics.count(
      isComplete: isComplete(shape, ending), isNoOp: shape.hasStatePart && !stateChanged(shape),
      lines: progress.lineCount,
      bytes: progress.byteCount, format: format(shape, hasTypedNestedCase: action.hasTypedNestedCase),
      hasInvalidUTF8: progress.hasInvalidUTF8)
    endClosedRecord()
    return true
  }

  /// What follows a record's closing, built or not: its warnings, the next index, the
  /// state for the next record.
  mutating func endClosedRecord() {
    if progress.isCapped {
      statistics.oversizedRecords += 1
      warn(progress.headerLine, .oversizedRecord(sizeCap: sizeCap))
    }
    if progress.hasInvalidUTF8 { warn(progress.headerLine, .invalidUTF8) }
    nextIndex += 1
    reset()
  }

  /// Takes back an emitted record's storage for the next record's bytes (`makeRecord`), and
  /// its changes array when it is small but larger than the spare one: a record without
  /// changes has an empty array, which would have sent the spare away with the record,
  /// and the next changed record allocated again (half the records are no-ops).
  mutating func recycle(_ record: inout Record) {
    swap(&spareStorage, &record.storage)
    let capacity = record.changes.capacity
    if capacity <= 16 && capacity > spareChanges.capacity { swap(&spareChanges, &record.changes) }
  }

  /// Makes ready for the next record; the buffers keep their memory (up to 1 MiB of bytes).
  mutating func reset() {
    active = false
    lookedUpCount = -1
    actionReadAhead = nil
    progress = RecordProgress()
    raw.removeAll()
    raw.shrink(toAtMost: 1 << 20)
    pendingStart = nil
    pendingCount = 0
    actionBytes.removeAll()
    actionBytes.shrink(toAtMost: 1 << 20)
    treeLines.truncate()
    dumpLines.truncate()
    namedRuns.truncate()
  }

  // MARK: - Making the record

  /// What the lines of the record showed, for its completeness and format.
  struct Shape {
    var isDifferenceTree: Bool
    var actionFinished: Bool
    var hasStatePart: Bool
  }

  /// The open record's shape, from its progress.
  @inline(__always)
  func recordShape() -> Shape {
    // Field by field: a computed property over `progress` copied all of it.
    let format = progress.headerFormat.described
    let sawStateHeader = progress.sawStateHeader
    let noChange = progress.noChange
    return Shape(
      isDifferenceTree: format.statePart == .differenceTree || sawStateHeader || progress.treeLineCount > 0
        || (noChange && progress.noChangeAtColumnZero),
      actionFinished: format.actionEnd != .byBrackets
        || (progress.actionLineCount > 0 && progress.actionBrackets.depth <= 0),
      hasStatePart: format.statePart != .none
        && (sawStateHeader || noChange || progress.treeLineCount > 0 || progress.dumpLineCount > 0))
  }

  /// Whether the open record's state part shows a change.
  @inline(__always)
  func stateChanged(_ shape: Shape) -> Bool {
    shape.isDifferenceTree ? progress.treeLineCount > 0 : progress.sawChangeMarker
  }

  /// Whether the action's value tree must decide `tca0` from `tca1` (nothing else does).
  @inline(__always)
  func needsClue(_ shape: Shape) -> Bool {
    progress.headerFormat.described.recordFormat == nil && !shape.isDifferenceTree && progress.storePrefix == nil
      && !progress.sawTCA0Marker
  }

  mutating func makeRecord(_ ending: Ending) -> Record {
    let shape = recordShape()
    // Without `.raw` the storage holds only the derived bytes, which then start at 0.
    // The kept bytes (with `.raw`); the diff parsers read the state lines there.
    let kept = keptBytes()
    var derived: DerivedText
    let action: ActionPart
    if let ahead = actionReadAhead {
      // `closeIfDeclined` read it: its bytes are the derived bytes so far.
      actionReadAhead = nil
      derived = DerivedText(base: keepsRaw ? kept.count : 0, continuing: derivedBuffer.take()!)
      action = ahead
    } else {
      derived = DerivedText(
        base: keepsRaw ? kept.count : 0, reusing: derivedBuffer.take() ?? ByteAccumulator(capacity: 512))
      action = readAction(needsClue: needsClue(shape), into: &derived)
    }
    let changes = needs.contains(.statePaths) ? parseStatePart(shape, into: &derived) : []
    let timestampRange = progress.hasTimestamp ? derived.add(timestamp.buffer) : nil
    let stateChanged = stateChanged(shape)
    var storePrefix: TextRange?
    if let prefix = progress.storePrefix {
      storePrefix = keepsRaw ? TextRange(start: prefix.lowerBound, count: prefix.count) : derived.add(kept, prefix)
    }
    // The last record's storage when it fits: with a sink that keeps its records (a shared
    // array, emptied by a new allocation of its capacity) no record gets more than about
    // twice the room it needs.
    let needed = (keepsRaw ? kept.count : 0) &+ derived.bytes.count
    var storage: [UInt8] = []
    if spareStorage.capacity >= needed && spareStorage.capacity <= needed &* 2 &+ 256 {
      swap(&storage, &spareStorage)
      // The first part replaces the old bytes in one call: emptying, then appending, cost
      // two generic calls and two uniqueness checks a record.
      storage.replaceSubrange(0..<storage.count, with: keepsRaw ? kept : derived.bytes.buffer)
      if keepsRaw { storage.append(contentsOf: derived.bytes.buffer) }
    } else {
      storage.reserveCapacity(needed)
      if keepsRaw { storage.append(contentsOf: kept) }
      storage.append(contentsOf: derived.bytes.buffer)
    }
    // Kept for the next record; a huge record's does not stay huge.
    var buffer = derived.takeBuffer()
    buffer.removeAll()
    buffer.shrink(toAtMost: 1 << 16)
    derivedBuffer = consume buffer
    // `Record.string(_:)` and `withBytes(_:_:)` rely on every range lying inside `storage`.
    // The count, not the array: a closure that captures a `var` checks each access to it
    // at run time.
    let storageCount = storage.count
    let inside = { (r: TextRange?) in r.map { $0.start >= 0 && $0.count >= 0 && $0.end <= storageCount } ?? true }
    precondition(
      inside(action.path) && inside(action.root) && inside(action.text) && inside(action.entity)
        && inside(action.keyPath)
        && inside(timestampRange)
        && inside(storePrefix),
      "record range outside its storage")
    assert(
      changes.allSatisfy { inside($0.path) && inside($0.normalized) && inside($0.old) && inside($0.new) },
      "state change range outside its record's storage")
    return Record(
      index: nextIndex, file: file, line: progress.headerLine, offset: progress.headerOffset,
      format: format(shape, hasTypedNestedCase: action.hasTypedNestedCase), lines: progress.lineCount,
      bytes: progress.byteCount, isComplete: isComplete(shape, ending), storage: storage,
      rawRange: TextRange(start: 0, count: keepsRaw ? kept.count : 0), timestampRange: timestampRange,
      storePrefixRange: storePrefix, actionPathRange: action.path, actionRootRange: action.root,
      actionTextRange: action.text,
      hasStatePart: shape.hasStatePart, stateChanged: shape.hasStatePart && stateChanged, changes: changes,
      hasInvalidUTF8: progress.hasInvalidUTF8, actionKey: action.key, entityRange: action.entity,
      bindingKeyPathRange: action.keyPath)
  }

  /// FORMATS.md 11.3: complete when the record reached a finished state. Inlined: called
  /// out of line, `makeRecord` passed it a copy of the whole scan state (912 bytes a
  /// record).
  @inline(__always)
  func isComplete(_ shape: Shape, _ ending: Ending) -> Bool {
    guard !progress.isCapped else { return false }
    // A one-line record is whole.
    if progress.headerFormat.described.actionEnd == .onHeaderLine { return true }
    if shape.isDifferenceTree {
      let treeFinished = progress.treeLineCount > 0 && progress.tree.isFinished
      return progress.noChange || treeFinished
        || (progress.sawStateHeader && progress.treeLineCount == 0 && ending != .endOfInput)
    }
    // Only `.debugActions()` prints no state part, and it ends its action with a blank
    // line (FORMATS.md 8.4). An action ended by foreign text, a header or the end of
    // input lost its state part: the record was cut (a log cut by size and followed by
    // other output, as `gen_log.py --truncate --noise` writes it).
    return progress.noChange || progress.rootFinished
      || (shape.actionFinished && !shape.hasStatePart && progress.endedByBlankAfterAction)
  }

  func format(_ shape: Shape, hasTypedNestedCase: Bool) -> RecordFormat {
    if let decided = progress.headerFormat.described.recordFormat { return decided }
    // A `tca` header: the record's lines tell (docs/FORMATS.md 2.5).
    if shape.isDifferenceTree { return .diffing }
    if progress.storePrefix != nil || progress.sawTCA0Marker || hasTypedNestedCase
      || (progress.endedByBlankAfterAction && progress.dumpLineCount == 0 && !progress.noChange)
    {
      return .tca0
    }
    return .tca1
  }

  /// The action text (in `actionBytes`): a `labels` record's is on its header line; the
  /// others' was joined as their lines arrived (`addActionLine`).
  mutating func joinActionText() {
    guard let labels = progress.labelsText else { return }
    actionBytes.removeAll()
    actionBytes.append(UnsafeBufferPointer(rebasing: keptBytes()[labels]))
  }

  /// Writes what `needs` asks of the action (path and root, text) to `derived`; returns
  /// their ranges (empty when not asked for) and the typed-nested-case clue (`needsClue`:
  /// only a `tca` record with no other clue needs it).
  ///
  /// The path and the clue come from the cache by text shape (`ActionPathCache`), which
  /// builds the value tree once per shape.
  mutating func readAction(needsClue: Bool, into derived: inout DerivedText) -> ActionPart {
    let wantsPath = needs.contains(.action)
    let wantsText = needs.contains(.actionText)
    let wantsEntity = needs.contains(.entity)
    let none = derived.range(from: derived.position)
    guard wantsPath || wantsText || wantsEntity || needsClue else { return (none, nil, none, false, nil, nil, nil) }
    joinActionText()
    // Valid until `actionBytes` changes: the next record's action.
    let action = actionBytes.buffer
    var path = none
    var root: TextRange?
    var hasTypedNestedCase = false
    var key: ActionKey?
    // Without the path, a byte pass rules the clue out for almost every text (a false
    // alarm only costs the shape below).
    let clueRuledOut = !wantsPath && needsClue && !TypedCaseScan.mayHaveTypedNestedCase(action)
    // The lines a replay stood for, with no line after them: their text's entry is known.
    // (Its `emit` closure is the one below written again: one nested function for both
    // boxed the variables it writes, a heap allocation a record, +24% instructions.)
    if (wantsPath || needsClue) && !clueRuledOut && progress.replayedLines > 0
      && progress.replayedLines == progress.actionLineCount
      && memory.pathCache.emitKnown(
        progress.replayedEntry,
        { pathBytes, rootBytes, typed, shapeKey in
          if wantsPath {
            path = derived.add(pathBytes)
            root = rootBytes.map { derived.add($0) }
            key = shapeKey
          }
          hasTypedNestedCase = needsClue && typed
        })
    {
      // Taken from the entry.
    } else if (wantsPath || needsClue) && !clueRuledOut {
      // What one run did with the text's lines, for a later action of the same bytes.
      let wholeRun =
        progress.wholeRunLines > 0 && progress.wholeRunLines == progress.actionLineCount
        && progress.labelsText == nil
      let replay =
        wholeRun
        ? RunReplay(
          lines: progress.wholeRunLines, brackets: progress.actionBrackets,
          countsBrackets: progress.headerFormat.described.actionEnd == .byBrackets) : nil
      // The lines may keep their leading spaces (`stripsActionLines`): the value tree, the
      // path, the root and the clue do not see blanks between tokens. The cache's shapes
      // keep them, the same way for every record of this scanner.
      memory.pathCache.path(
        of: action, replay: replay, hash: wholeRun && lookedUpCount == action.count ? lookedUpHash : nil,
        compute: { visit in
          // The tree takes `treeNodes`' storage (unique, so it is reused) and gives it back.
          let tree = ValueTree(parsing: action, 0..<action.count, reusing: &treeNodes, stack: &treeStack)
          defer { treeNodes = tree.nodes }
          let walk = tree.walkPath(typedClue: true) { visit(action, $0) }
          return (walk.root, walk.hasTypedNestedCase)
        },
        emit: { pathBytes, rootBytes, typed, shapeKey in
          if wantsPath {
            path = derived.add(pathBytes)
            root = rootBytes.map { derived.add($0) }
            key = shapeKey
          }
          hasTypedNestedCase = needsClue && typed
        })
    }
    // With `.actionText` the lines are the text (`stripsActionLines`).
    let text = wantsText ? derived.add(action, 0..<action.count) : none
    // A search of the joined lines (a `memchr` or two); the entity's bytes are copied only
    // when the text is not (a few dozen bytes, and only for actions that name one).
    // The shape decides whether a text can name one (its labels and brackets are the
    // shape's; literals are not), so a shape without is not searched again.
    var entity: TextRange?
    var keyPath: TextRange?
    let known = key.flatMap { memory.entityShapes.value(for: $0) }
    if wantsEntity && known != 0 {
      var found: UInt8 = 0
      if known.map({ $0 & 1 != 0 }) ?? true, let r = ActionEntity.range(in: action) {
        let value = UnsafeBufferPointer(rebasing: action[r])
        if value.contains(0x0A) {
          // One line, as records print it (`ActionEntity.joined`): the key is the same.
          ActionEntity.joined(value, into: &memory.entityScratch)
          entity = derived.add(memory.entityScratch)
        } else {
          entity = wantsText ? TextRange(start: text.start + r.lowerBound, count: r.count) : derived.add(action, r)
        }
        found |= 1
      }
      if known.map({ $0 & 2 != 0 }) ?? true, ActionEntity.bindingKeyPath(in: action, into: &memory.entityScratch) {
        keyPath = derived.add(memory.entityScratch)
        found |= 2
      }
      if known == nil, let key { memory.entityShapes.set(found, for: key) }
    }
    return (path, root, text, hasTypedNestedCase, key, entity, keyPath)
  }

  mutating func parseStatePart(_ shape: Shape, into derived: inout DerivedText) -> [StateChange] {
    let text = keptBytes()
    if shape.isDifferenceTree {
      return DifferenceTreeParser(text: text).parse(
        treeLines.buffer, into: &derived, scratch: &treeScratch, reusing: &spareChanges)
    }
    if !dumpLines.isEmpty {
      return CustomDumpDiffParser(text: text).parse(
        dumpLines.buffer, named: namedRuns.buffer, into: &derived, scratch: &dumpScratch,
        memo: &memory.dumpMemo, reusing: &spareChanges)
    }
    return []
  }
}
