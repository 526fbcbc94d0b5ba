/// One enum case on an action path, with the payload shape seen in the log.
package struct CaseStep: Sendable, Equatable {
  /// The case name (`window`).
  package var name: String
  /// The type written before it (`WindowsAction`), nil for `.window`.
  package var typeName: String?
  /// One entry per payload value: its label, nil when unlabeled (`_:` counts as unlabeled).
  package var labels: [String?]
  /// Which payload value the path continued into; nil for the last case.
  package var followed: Int?

  /// A step of the case path: `name`, its payload's type when the log names it, its labels,
  /// and which payload position the path follows into (nil: none).
  package init(name: String, typeName: String?, labels: [String?], followed: Int?) {
    self.name = name
    self.typeName = typeName
    self.labels = labels
    self.followed = followed
  }
}

/// What the action text says about the action path (FORMATS.md 10.1).
package struct ActionAnalysis: Sendable, Equatable {
  /// The root action type (`AppFeature.Action`), nil when the text does not start with a case.
  package var root: String?
  package var steps: [CaseStep]
  /// A nested case written with its type name (`TodoAction.checkBoxToggled`): a `tca0` clue.
  package var hasTypedNestedCase: Bool
  package var path: String { steps.map(\.name).joined(separator: ".") }
}

/// Parses action text (any dialect of FORMATS.md 3) into a flat tree of values, by
/// brackets rather than indentation, so flattened and damaged copies parse too. The tree
/// is built with an explicit stack: nesting depth comes from the input and must not
/// become recursion depth.
package enum ActionText {
  package static func analyze(_ text: String) -> ActionAnalysis {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
      let text = UnsafeBufferPointer(buffer)
      let tree = ValueTree(parsing: text, 0..<text.count)
      let walk = tree.walk()
      func string(_ r: Range<Int>) -> String { String(decoding: text[r], as: UTF8.self) }
      let steps = walk.steps.map { step in
        CaseStep(
          name: string(step.name), typeName: step.type.map(string),
          labels: step.labels.map { $0.map(string) }, followed: step.followed)
      }
      return ActionAnalysis(root: walk.root.map(string), steps: steps, hasTypedNestedCase: walk.hasTypedNestedCase)
    }
  }
}

/// The values of an action text as a flat array of nodes (index 0 is a synthetic
/// container holding the top-level values).
struct ValueTree {
  struct Node {
    var label: Range<Int>?
    var head: Range<Int>?
    /// More than one atom, or an atom after the value's brackets (`5 minutes`, `f() x`): not
    /// a case.
    var isCompound = false
    var bracket: UInt8 = 0
    var parent: Int32
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var childCount: Int32 = 0
  }

  /// The action text the nodes' ranges point into. Not owned: valid only as long as the
  /// buffer it was parsed from (the scanner's action bytes, until its next record), and a
  /// tree must not outlive it.
  let text: UnsafeBufferPointer<UInt8>
  var nodes: [Node]

  init(parsing text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    var storage: [Node] = []
    var stack: [Int32] = []
    self.init(parsing: text, range, reusing: &storage, stack: &stack)
  }

  /// Parses into the storage of `reusing` (taken, emptied first; the caller gets it back
  /// from `nodes`), with `stack` as scratch: a scanner that parses one action per record
  /// keeps both and allocates nothing.
  init(
    parsing text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, reusing storage: inout [Node], stack: inout [Int32]
  ) {
    // The byte loops read eight bytes at a time up to `range.upperBound`.
    precondition(range.lowerBound >= 0 && range.upperBound <= text.count, "action range outside its text")
    self.text = text
    var builder = Builder(text: text)
    swap(&builder.nodes, &storage)
    swap(&builder.stack, &stack)
    builder.start()
    var i = range.lowerBound
    while i < range.upperBound {
      let b = text[i]
      switch b {
      case ByteText.space, ByteText.tab, 0x0A, 0x0D:
        i = ValueTree.skipBlanks(text, after: i, end: range.upperBound)
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
        builder.open(b)
        i += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        builder.close()
        i += 1
      case ByteText.comma:
        builder.endValue()
        i += 1
      default:
        let atomEnd = ValueTree.atomEnd(text, from: i, end: range.upperBound)
        builder.take(atom: i..<atomEnd)
        i = atomEnd
      }
    }
    builder.addPendingLabel()
    swap(&builder.stack, &stack)
    nodes = builder.nodes
  }

  /// The state of `init(parsing:)`: the nodes so far, the open containers, the value being
  /// built in the innermost one and a label waiting for its value.
  private struct Builder {
    /// The init's text, valid while it runs.
    let text: UnsafeBufferPointer<UInt8>
    var nodes: [Node] = []
    /// The open containers, innermost last; 0 is the synthetic top-level one.
    var stack: [Int32] = []
    /// The value being built in the innermost container, or -1.
    var current: Int32 = -1
    var pendingLabel: Range<Int>?

    mutating func start() {
      nodes.removeAll(keepingCapacity: true)
      nodes.append(Node(parent: -1))
      stack.removeAll(keepingCapacity: true)
      stack.append(0)
    }

    /// Adds a node to the innermost container; returns its index.
    @inline(__always)
    mutating func add(_ node: Node) -> Int32 {
      let container = stack[stack.count - 1]
      let index = Int32(nodes.count)
      nodes.append(node)
      let last = nodes[Int(container)].lastChild
      if last >= 0 { nodes[Int(last)].nextSibling = index } else { nodes[Int(container)].firstChild = index }
      nodes[Int(container)].lastChild = index
      nodes[Int(container)].childCount += 1
      return index
    }

    /// A label whose value was left out (`id:)` in labels-only text) becomes a node of its own.
    @inline(__always)
    mutating func addPendingLabel() {
      guard let label = pendingLabel else { return }
      _ = add(Node(label: label, parent: stack[stack.count - 1]))
      pendingLabel = nil
    }

    /// `(`, `[` or `{`: the brackets of the value being built (`Type(`, `.case(`), or a new
    /// value that is only a container.
    @inline(__always)
    mutating func open(_ bracket: UInt8) {
      if current >= 0 && nodes[Int(current)].bracket == 0 {
        nodes[Int(current)].bracket = bracket
      } else {
        current = add(Node(label: pendingLabel, bracket: bracket, parent: stack[stack.count - 1]))
        pendingLabel = nil
      }
      stack.append(current)
      current = -1
    }

    /// `)`, `]` or `}`: the container is the value being built again (a stray closer at the
    /// top level closes nothing).
    @inline(__always)
    mutating func close() {
      addPendingLabel()
      current = stack.count > 1 ? stack.removeLast() : -1
    }

    /// `,`: the next value starts.
    @inline(__always)
    mutating func endValue() {
      addPendingLabel()
      current = -1
    }

    /// An atom (`ValueTree.atomEnd`): a label (`name:`), or the head of the value being built.
    @inline(__always)
    mutating func take(atom whole: Range<Int>) {
      var atom = whole
      // `label:` (a label, possibly with its value left out); `_:` means unlabeled.
      if atom.count >= 2, text[atom.upperBound - 1] == ByteText.colon {
        let name = ValueTree.unticked(text, atom.lowerBound..<(atom.upperBound - 1))
        if ByteText.isIdentifier(text, name) {
          if let label = pendingLabel { _ = add(Node(label: label, parent: stack[stack.count - 1])) }
          pendingLabel = name
          current = -1
          return
        }
      }
      if atom.count == 1 && text[atom.lowerBound] == ByteText.colon { return }  // `[0]: x`, `"k": v`
      atom = ValueTree.unticked(text, atom)
      if current < 0 {
        current = add(Node(label: pendingLabel, head: atom, parent: stack[stack.count - 1]))
        pendingLabel = nil
      } else if nodes[Int(current)].head == nil && nodes[Int(current)].bracket == 0 {
        nodes[Int(current)].head = atom
      } else {
        nodes[Int(current)].isCompound = true
      }
    }
  }

  /// Indentation is a third of a pretty-printed action: skips it eight spaces at a time.
  /// Returns the index after the blanks that start at `blank`.
  @inline(__always)
  static func skipBlanks(_ text: UnsafeBufferPointer<UInt8>, after blank: Int, end: Int) -> Int {
    var i = blank + 1
    while i + 8 <= end, UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
    {
      i += 8
    }
    return i
  }

  /// The end of the atom at `start`: a string literal, or a run of anything but blanks,
  /// brackets and commas.
  @inline(__always)
  static func atomEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
    var i = start
    let b = text[i]
    if b == ByteText.quote {
      if i + 2 < end, text[i + 1] == ByteText.quote, text[i + 2] == ByteText.quote {
        return ValueTree.skipTripleQuote(text, from: i + 3, end: end)
      }
      return BracketCounter.skipString(text, from: i, end: end, raw: false)
    }
    if b == ByteText.hash, i + 1 < end, text[i + 1] == ByteText.quote {
      return BracketCounter.skipString(text, from: i + 1, end: end, raw: true)
    }
    // A `<` stops the fast loop: after an identifier byte it may open a generic
    // argument list, whose commas and blanks belong to the atom (FORMATS.md 3.2).
    while true {
      while i < end && !ValueTree.endsAtomOrAngle(text[i]) { i += 1 }
      guard i < end, text[i] == ByteText.less else { return i }
      i = ValueTree.endOfGenericArguments(text, at: i, atomStart: start, end: end) ?? i + 1
    }
  }

  /// Blanks, newlines, `,` `"` and brackets end an atom.
  @inline(__always) private static var atomEnds: ByteSet {
    ByteSet(
      low: 1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x2C | 1 << 0x22 | 1 << 0x28 | 1 << 0x29,
      high: 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64))
  }
  @inline(__always) static func endsAtom(_ b: UInt8) -> Bool { atomEnds.contains(b) }

  /// The atom ends plus `<` (0x3C), where the atom loop checks for generic arguments.
  @inline(__always) private static var atomEndsOrAngle: ByteSet {
    ByteSet(low: atomEnds.low | 1 << 0x3C, high: atomEnds.high)
  }
  @inline(__always) static func endsAtomOrAngle(_ b: UInt8) -> Bool { atomEndsOrAngle.contains(b) }

  /// The index after the `>` that closes the generic argument list opened by the `<` at
  /// `open`, or nil when that `<` is text: it must follow an identifier byte (letter, digit,
  /// `_`) and be closed on the same line. Inside, only such `<` nest, and the `>` of `->`
  /// closes nothing (`Result<() -> Void, Never>`), so `0..<1` and `a < b` stay text.
  static func endOfGenericArguments(_ text: UnsafeBufferPointer<UInt8>, at open: Int, atomStart: Int, end: Int) -> Int?
  {
    guard open > atomStart, ByteText.isIdentifierBody(text[open - 1]) else { return nil }
    var depth = 1
    var i = open + 1
    while i < end {
      switch text[i] {
      case 0x0A, 0x0D:
        return nil
      case ByteText.less:
        if ByteText.isIdentifierBody(text[i - 1]) { depth += 1 }
      case ByteText.greater:
        if text[i - 1] != UInt8(ascii: "-") {
          depth -= 1
          if depth == 0 { return i + 1 }
        }
      default:
        break
      }
      i += 1
    }
    return nil
  }

  /// `[A-Za-z0-9_`]`, the bytes of (backticked) identifiers.
  @inline(__always) private static var nameBytes: ByteSet {
    // 0-9 (0x30…0x39); A-Z (0x41…0x5A), _ (0x5F), ` (0x60), a-z (0x61…0x7A).
    ByteSet(
      low: 0x3FF << 0x30,
      high: 0x3FF_FFFF << (0x41 - 64) | 1 << (0x5F - 64) | 1 << (0x60 - 64) | 0x3FF_FFFF << (0x61 - 64))
  }
  @inline(__always) static func isNameByte(_ b: UInt8) -> Bool { nameBytes.contains(b) }

  static func skipTripleQuote(_ text: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
    var i = start
    while i + 2 < end {
      if text[i] == ByteText.quote, text[i + 1] == ByteText.quote, text[i + 2] == ByteText.quote { return i + 3 }
      i += 1
    }
    return end
  }

  /// `` `default` `` → `default`.
  static func unticked(_ text: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Range<Int> {
    let tick = UInt8(ascii: "`")
    if r.count >= 2, text[r.lowerBound] == tick, text[r.upperBound - 1] == tick {
      return (r.lowerBound + 1)..<(r.upperBound - 1)
    }
    return r
  }

  /// A case name split into its type (nil for `.case`) and the case itself, or nil when
  /// the node's head is not an enum case (FORMATS.md 10.1 rule 2).
  func caseName(of index: Int32) -> (type: Range<Int>?, name: Range<Int>)? {
    let node = nodes[Int(index)]
    guard let head = node.head, !node.isCompound, node.bracket == 0 || node.bracket == UInt8(ascii: "(") else {
      return nil
    }
    return ValueTree.splitCaseName(text, head)
  }

  /// `Type.case`, `Type<G>.case`, `.case` → (type, case); nil for anything else
  /// (`Type`, `Type.Nested`, numbers, key paths).
  static func splitCaseName(_ text: UnsafeBufferPointer<UInt8>, _ head: Range<Int>) -> (
    type: Range<Int>?, name: Range<Int>
  )? {
    guard !head.isEmpty else { return nil }
    // Split on dots outside generic arguments; every component an identifier (the type
    // components may carry `<…>`).
    var lastDot = -1
    var angle = 0
    var i = head.lowerBound
    let first = text[i]
    guard first == ByteText.dot || ByteText.isIdentifierStart(first) || first == UInt8(ascii: "`") else { return nil }
    while i < head.upperBound {
      let c = text[i]
      if ValueTree.isNameByte(c) {
        i += 1
        continue
      }
      if c == UInt8(ascii: "<") {
        angle += 1
      } else if c == UInt8(ascii: ">") && text[i - 1] != UInt8(ascii: "-") {
        angle -= 1
      } else if c == ByteText.dot && angle == 0 {
        lastDot = i
      } else if angle == 0 && !(ByteText.isIdentifierBody(c) || c == UInt8(ascii: "`")) {
        return nil
      }
      i += 1
    }
    guard lastDot >= 0 else { return nil }
    let name = ValueTree.unticked(text, (lastDot + 1)..<head.upperBound)
    guard ByteText.isIdentifier(text, name) else { return nil }
    if lastDot == head.lowerBound { return (nil, name) }
    let c = text[name.lowerBound]
    guard ByteText.isLower(c) || c == UInt8(ascii: "_") || c >= 0x80 else { return nil }
    return (head.lowerBound..<lastDot, name)
  }

  func isUnlabeled(_ index: Int32) -> Bool {
    guard let label = nodes[Int(index)].label else { return true }
    return label.count == 1 && text[label.lowerBound] == UInt8(ascii: "_")
  }

  func labelIs(_ index: Int32, _ literal: StaticString) -> Bool {
    guard let label = nodes[Int(index)].label else { return false }
    return ByteText.equals(text, label, literal)
  }

  /// Whether a type name, generic arguments removed, ends in `Action`.
  func typeEndsInAction(_ type: Range<Int>) -> Bool {
    var end = type.upperBound
    if end > type.lowerBound, text[end - 1] == UInt8(ascii: ">") {
      var depth = 0
      var i = end - 1
      while i >= type.lowerBound {
        if text[i] == UInt8(ascii: ">") {
          depth += 1
        } else if text[i] == UInt8(ascii: "<") {
          depth -= 1
          if depth == 0 {
            end = i
            break
          }
        }
        i -= 1
      }
    }
    return ByteText.hasSuffix(text, type.lowerBound..<end, "Action")
  }

  struct Step {
    var name: Range<Int>
    var type: Range<Int>?
    var labels: [Range<Int>?]
    var followed: Int?
  }

  struct Walk {
    var root: Range<Int>?
    var steps: [Step]
    var hasTypedNestedCase: Bool
  }

  /// Where the path starts (FORMATS.md 10.1 rule 1): the first top-level value when it is
  /// a case (its type is the root), else, in damaged text, the first `action:` argument
  /// whose value is a case.
  private func pathStart() -> (root: Range<Int>?, start: Int32, name: Range<Int>) {
    let first = nodes[0].firstChild
    if first >= 0, nodes[Int(first)].label == nil, let (type, name) = caseName(of: first) {
      return (type, first, name)
    }
    for index in 1..<max(1, nodes.count) where labelIs(Int32(index), "action") {
      if let (_, name) = caseName(of: Int32(index)) { return (nil, Int32(index), name) }
    }
    return (nil, -1, 0..<0)
  }

  /// A nested case written with its type (not the root): a `tca0` clue (FORMATS.md 8).
  private func hasTypedNestedCase(root: Range<Int>?, start: Int32) -> Bool {
    for index in 1..<max(1, nodes.count) where !(root != nil && index == Int(start)) {
      // A case written with its type has a dot after its first byte; most values (`.case`,
      // `Type(`, numbers, strings) have none, and one byte test each rules them out.
      guard let head = nodes[index].head, head.count > 2 else { continue }
      var i = head.lowerBound + 1
      while i < head.upperBound && text[i] != ByteText.dot { i += 1 }
      guard i < head.upperBound else { continue }
      if caseName(of: Int32(index))?.type != nil { return true }
    }
    return false
  }

  /// The child the path continues into, and its position among the children (rules
  /// 2–5): a lone unlabeled case, else the first `action:` case, else the first case
  /// whose type ends in `Action`.
  private func nextStep(from node: Int32) -> (child: Int32, position: Int, type: Range<Int>?, name: Range<Int>)? {
    let firstChild = nodes[Int(node)].firstChild
    if nodes[Int(node)].childCount == 1, isUnlabeled(firstChild), let (type, name) = caseName(of: firstChild) {
      return (firstChild, 0, type, name)
    }
    for rule in 0..<2 {
      var child = firstChild
      var position = 0
      while child >= 0 {
        if rule == 0 {
          if labelIs(child, "action"), let (type, name) = caseName(of: child) { return (child, position, type, name) }
        } else if let (type, name) = caseName(of: child), let type, typeEndsInAction(type) {
          return (child, position, type, name)
        }
        child = nodes[Int(child)].nextSibling
        position += 1
      }
    }
    return nil
  }

  /// The action path only, as `walk` finds it: calls `visit` with each case name in
  /// order and allocates nothing (the scanner runs it once per record).
  func walkPath(typedClue: Bool, _ visit: (Range<Int>) -> Void) -> (root: Range<Int>?, hasTypedNestedCase: Bool) {
    let (root, start, startName) = pathStart()
    let hasTyped = typedClue && hasTypedNestedCase(root: root, start: start)
    var node = start
    var name = startName
    while node >= 0 {
      visit(name)
      guard let next = nextStep(from: node) else { break }
      node = next.child
      name = next.name
    }
    return (root, hasTyped)
  }

  /// Rules 1–5 of FORMATS.md 10.1, with every step's payload labels. `typedClue: false`
  /// skips looking for nested cases written with their type when the format is known.
  func walk(typedClue: Bool = true) -> Walk {
    let (root, start, _) = pathStart()
    let hasTyped = typedClue && hasTypedNestedCase(root: root, start: start)
    var steps: [Step] = []
    var node = start
    while node >= 0, let (type, name) = caseName(of: node) {
      var labels: [Range<Int>?] = []
      var child = nodes[Int(node)].firstChild
      while child >= 0 {
        labels.append(isUnlabeled(child) ? nil : nodes[Int(child)].label)
        child = nodes[Int(child)].nextSibling
      }
      let next = nextStep(from: node)
      steps.append(Step(name: name, type: type, labels: labels, followed: next?.position))
      node = next?.child ?? -1
    }
    return Walk(root: root, steps: steps, hasTypedNestedCase: hasTyped)
  }
}
