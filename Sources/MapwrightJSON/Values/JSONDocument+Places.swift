// Paths, lines and columns of many values at once.
//
// One value's path is found by walking down from the root, skipping siblings (`JSONValue.path`),
// and its line and column by scanning the input up to it (`SourceLocation`): each costs time in
// proportion to how far into the document the value is. Resolving thousands of them one by one
// (every coercion of a lenient decoding, every error of a collect-all one) would cost time in
// proportion to the document for each, quadratic overall. These functions resolve a whole set
// in one walk: the targets are sorted, the tape is walked once, descending only into containers
// that hold a target, and the input is scanned once up to the last offset.

extension JSONDocument {
  /// The paths of the values at `indices` (tape indices, in any order, repeats allowed), in the
  /// order given. An index outside the tape gets the root path.
  package func paths(ofTapeIndices indices: [Int]) -> [JSONPath] {
    var results = [JSONPath](repeating: .root, count: indices.count)
    let order = indices.indices.filter { indices[$0] > 0 && indices[$0] < tape.count }.sorted { indices[$0] < indices[$1] }
    guard !order.isEmpty, tape[0].kind == .array || tape[0].kind == .object else { return results }

    // One frame per open container on the way down: where its next child starts, where the
    // container ends, the child's position, and whether children are members (key, value).
    struct Frame {
      var cursor: Int
      let end: Int
      var position: Int
      let isObject: Bool
    }
    var stack = [Frame(cursor: 1, end: Int(tape[0].next), position: 0, isObject: tape[0].kind == .object)]
    var components: [JSONPath.Component] = []
    var next = 0
    bytes.withUnsafeBufferPointer { input in
      while next < order.count, var frame = stack.last {
        let target = indices[order[next]]
        guard frame.cursor < frame.end, target < frame.end else {
          stack.removeLast()
          if !components.isEmpty { components.removeLast() }
          continue
        }
        let valueIndex = frame.isObject ? frame.cursor + 1 : frame.cursor
        let childEnd = Int(tape[valueIndex].next)
        if target >= childEnd {  // not in this child: skip its whole subtree
          frame.cursor = childEnd
          frame.position += 1
          stack[stack.count - 1] = frame
          continue
        }
        let component: JSONPath.Component =
          frame.isObject ? .key(decodeStringEntry(tape[frame.cursor], in: input)) : .index(frame.position)
        if target <= valueIndex {  // the member's key, or the child itself
          results[order[next]] = JSONPath(components + [component])
          next += 1
          continue
        }
        components.append(component)
        let child = tape[valueIndex]
        stack.append(Frame(cursor: valueIndex + 1, end: childEnd, position: 0, isObject: child.kind == .object))
      }
    }
    return results
  }

  /// The 1-based line and column (columns in Unicode scalars) of each byte offset, in the order
  /// given, from one scan of the input up to the largest offset.
  package func lineAndColumn(ofOffsets offsets: [Int]) -> [(line: Int, column: Int)] {
    bytes.withUnsafeBufferPointer { linesAndColumns(ofOffsets: offsets, in: $0) }
  }

  /// The byte offset of the value at tape index `index` (a string's opening quote).
  package func byteOffset(ofTapeIndex index: Int) -> Int {
    value(atTapeIndex: index).byteOffset
  }
}
