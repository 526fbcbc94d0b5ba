/// Dotted paths (`windows.window.hover`) as a tree of their prefixes, one segment per
/// level: the report's action tree and the suggester's grouping are both one. Node 0 is
/// the root (no segment); each node carries the `Value` its user keeps there.
///
/// Nodes are numbered in the order they were made, so a parent comes before its children
/// and siblings keep the order they were first seen in. Built and walked without recursion
/// and without a `String` per prefix: a path of thousands of segments costs time and memory
/// in proportion to its length, not its square.
package struct PrefixTree<Value> {
  package struct Node {
    /// The last segment: what tells siblings apart.
    package let segment: Substring
    /// The node above (-1 for the root).
    package let parent: Int
    /// Segments from the root (0 for the root).
    package let depth: Int
    /// In the order they were made.
    package fileprivate(set) var children: [Int] = []
    package var value: Value
  }

  private struct ChildKey: Hashable {
    var parent: Int
    var segment: Substring
  }

  package private(set) var nodes: [Node]
  private var index: [ChildKey: Int] = [:]

  package init(root: Value) {
    nodes = [Node(segment: "", parent: -1, depth: 0, value: root)]
  }

  /// The child of `parent` named `segment`, made with the value `make` returns when it is new.
  package mutating func child(of parent: Int, named segment: Substring, make: () -> Value) -> Int {
    let key = ChildKey(parent: parent, segment: segment)
    if let existing = index[key] { return existing }
    let id = nodes.count
    nodes.append(Node(segment: segment, parent: parent, depth: nodes[parent].depth + 1, value: make()))
    nodes[parent].children.append(id)
    index[key] = id
    return id
  }

  /// The value at a node.
  package subscript(id: Int) -> Value {
    get { nodes[id].value }
    _modify { yield &nodes[id].value }
  }
}
