// The JSON Patch from one value to another. Objects are compared member by member: changed
// members are diffed in turn, a member that only changed its key is moved (matched by a hash
// of the removed values), the others are added or removed. Arrays keep their common first and
// last elements, diff the elements in between pairwise and remove or add the rest at the end
// of that middle part. Anything else that differs is replaced. Equal values give no operation
// (numbers compare by decimal value, objects in any member order). The patch never copies.

extension JSONPatch {
  /// The patch that turns `source` into `target`: `source.applying(diff)` equals `target`.
  ///
  /// ```swift
  /// let patch = JSONPatch.diff(from: ["a": 1, "list": [1, 2, 3]], to: ["a": 2, "list": [1, 3]])
  /// // [{"op":"remove","path":"/list/1"}, {"op":"replace","path":"/a","value":2}] in some order
  /// ```
  public static func diff(from source: JSON, to target: JSON) -> JSONPatch {
    var operations: [Operation] = []
    diff(source, target, at: .root, into: &operations)
    return JSONPatch(operations)
  }

  private static func diff(_ source: JSON, _ target: JSON, at pointer: JSONPointer, into operations: inout [Operation]) {
    guard source != target else { return }
    switch (source, target) {
    case (.object(let old), .object(let new)):
      // A member that only changed its key is moved, not removed and added again.
      var removed: [JSON: [String]] = [:]
      for (key, value) in old where new[key] == nil {
        removed[value, default: []].append(key)
      }
      var moved: Set<String> = []
      for (key, value) in new {
        if let previous = old[key] {
          diff(previous, value, at: pointer.appending(key), into: &operations)
        } else if let from = removed[value]?.first {
          removed[value]?.removeFirst()
          moved.insert(from)
          operations.append(.move(from: pointer.appending(from), to: pointer.appending(key)))
        } else {
          operations.append(.add(pointer.appending(key), value))
        }
      }
      for (key, _) in old where new[key] == nil && !moved.contains(key) {
        operations.append(.remove(pointer.appending(key)))
      }
    case (.array(let old), .array(let new)):
      var start = 0
      while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
      var oldEnd = old.count
      var newEnd = new.count
      while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
        oldEnd -= 1
        newEnd -= 1
      }
      let paired = min(oldEnd - start, newEnd - start)
      for offset in 0..<paired {
        diff(old[start + offset], new[start + offset], at: pointer.appending(start + offset), into: &operations)
      }
      // Removed from the highest index down, so that each index is still the one meant.
      for index in stride(from: oldEnd - 1, through: start + paired, by: -1) {
        operations.append(.remove(pointer.appending(index)))
      }
      for index in (start + paired)..<newEnd {
        operations.append(.add(pointer.appending(index), new[index]))
      }
    default:
      operations.append(.replace(pointer, target))
    }
  }
}
