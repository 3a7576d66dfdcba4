// RFC 6902 JSON Patch: a list of operations applied in order — add, remove, replace, move,
// copy, test — each at a JSON Pointer. Application is atomic: the operations work on a copy,
// which replaces the value only when every one of them succeeded. Each level of the path is
// edited in place (the container is taken out of its parent while it changes), so an
// operation costs the depth of its path, not the size of the document.

/// A JSON Patch (RFC 6902).
///
/// ```swift
/// var json: JSON = ["name": "Dune", "tags": ["sf"]]
/// let patch = try JSONPatch(json: [
///   ["op": "replace", "path": "/name", "value": "Dune Messiah"],
///   ["op": "add", "path": "/tags/-", "value": "classic"],
///   ["op": "test", "path": "/tags/0", "value": "sf"],
/// ])
/// try json.apply(patch)   // {"name": "Dune Messiah", "tags": ["sf", "classic"]}
/// ```
public struct JSONPatch: Sendable, Hashable {
  /// One operation of a patch.
  public enum Operation: Sendable, Hashable {
    /// Adds `value` at the pointer: a new member (or a replaced one), an element inserted
    /// before the index (`-`: after the last), or the whole document.
    case add(JSONPointer, JSON)
    /// Removes the value at the pointer.
    case remove(JSONPointer)
    /// Replaces the value at the pointer (which must exist).
    case replace(JSONPointer, JSON)
    /// Removes the value at `from` and adds it at `to`.
    case move(from: JSONPointer, to: JSONPointer)
    /// Adds a copy of the value at `from` at `to`.
    case copy(from: JSONPointer, to: JSONPointer)
    /// Fails unless the value at the pointer equals `value` (objects in any member order,
    /// numbers by their decimal value).
    case test(JSONPointer, JSON)

    /// The operation's name in a patch document.
    public var name: String {
      switch self {
      case .add: "add"
      case .remove: "remove"
      case .replace: "replace"
      case .move: "move"
      case .copy: "copy"
      case .test: "test"
      }
    }

    /// The pointer the operation acts on (`path`).
    public var path: JSONPointer {
      switch self {
      case .add(let path, _), .remove(let path), .replace(let path, _), .test(let path, _): path
      case .move(_, let to), .copy(_, let to): to
      }
    }
  }

  /// The operations, in order.
  public var operations: [Operation]

  /// A patch of these operations.
  public init(_ operations: [Operation]) { self.operations = operations }

  /// Reads a patch document: an array of objects with `op`, `path` and, as the operation
  /// needs, `value` or `from`. Other members are ignored.
  public init(json: JSON) throws(JSONPatchError) {
    guard case .array(let elements) = json else {
      throw JSONPatchError(.invalidPatch, operation: 0, op: "", pointer: "", "a patch is an array of operations, not \(json.kind)")
    }
    var operations: [Operation] = []
    operations.reserveCapacity(elements.count)
    for (position, element) in elements.enumerated() {
      operations.append(try Self.operation(element, at: position))
    }
    self.operations = operations
  }

  /// Parses a patch document's text.
  public init(parsing text: String) throws {
    try self.init(json: try JSON(parsing: text))
  }

  /// The patch as a patch document.
  public var json: JSON {
    .array(
      operations.map { operation in
        var object: JSONObject = ["op": .string(operation.name)]
        switch operation {
        case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
          object["path"] = .string(path.description)
          object["value"] = value
        case .remove(let path):
          object["path"] = .string(path.description)
        case .move(let from, let to), .copy(let from, let to):
          object["from"] = .string(from.description)
          object["path"] = .string(to.description)
        }
        return .object(object)
      })
  }

  private static func operation(_ element: JSON, at position: Int) throws(JSONPatchError) -> Operation {
    guard case .object(let object) = element else {
      throw JSONPatchError(.invalidPatch, operation: position, op: "", pointer: "", "an operation is an object, not \(element.kind)")
    }
    guard case .string(let op)? = object["op"] else {
      throw JSONPatchError(.invalidPatch, operation: position, op: "", pointer: "", "the operation has no \"op\" string")
    }
    func pointer(_ member: String) throws(JSONPatchError) -> JSONPointer {
      guard case .string(let text)? = object[member] else {
        throw JSONPatchError(.invalidPatch, operation: position, op: op, pointer: "", "the operation has no \"\(member)\" string")
      }
      do {
        return try JSONPointer(parsing: text)
      } catch {
        throw JSONPatchError(.invalidPointer, operation: position, op: op, pointer: text, error.description)
      }
    }
    func value() throws(JSONPatchError) -> JSON {
      guard let value = object["value"] else {
        throw JSONPatchError(.invalidPatch, operation: position, op: op, pointer: "", "the operation has no \"value\"")
      }
      return value
    }
    switch op {
    case "add": return .add(try pointer("path"), try value())
    case "remove": return .remove(try pointer("path"))
    case "replace": return .replace(try pointer("path"), try value())
    case "move": return .move(from: try pointer("from"), to: try pointer("path"))
    case "copy": return .copy(from: try pointer("from"), to: try pointer("path"))
    case "test": return .test(try pointer("path"), try value())
    default: throw JSONPatchError(.invalidPatch, operation: position, op: op, pointer: "", "unknown operation \"\(op)\"")
    }
  }
}

extension JSON {
  /// Applies `patch`; when an operation fails the value is left as it was.
  public mutating func apply(_ patch: JSONPatch) throws(JSONPatchError) {
    self = try applying(patch)
  }

  /// This value with `patch` applied.
  public func applying(_ patch: JSONPatch) throws(JSONPatchError) -> JSON {
    var result = self
    for (position, operation) in patch.operations.enumerated() {
      try PatchEditor(operation: position, op: operation.name, original: self).apply(operation, to: &result)
    }
    return result
  }
}

/// Applies one operation, naming it in its errors.
private struct PatchEditor {
  let operation: Int
  let op: String
  /// The value before the patch, for the paths of errors (the one being edited is taken apart
  /// while an operation runs, and a second reference to it would make every edit a copy).
  let original: JSON

  func failure(_ code: JSONPatchError.Code, _ pointer: JSONPointer, _ message: String) -> JSONPatchError {
    JSONPatchError(code, operation: operation, op: op, pointer: pointer.description, path: pointer.path(in: original), message)
  }

  func apply(_ operation: JSONPatch.Operation, to root: inout JSON) throws(JSONPatchError) {
    switch operation {
    case .add(let path, let value):
      try add(value, at: path, in: &root)
    case .remove(let path):
      _ = try remove(path, in: &root)
    case .replace(let path, let value):
      try replace(path, with: value, in: &root)
    case .move(let from, let to):
      guard root[pointer: from] != nil else { throw failure(.pathNotFound, from, "no value to move") }
      if from == to { return }
      guard !from.isPrefix(of: to) else { throw failure(.moveIntoItself, to, "a value cannot move into itself") }
      let value = try remove(from, in: &root)
      try add(value, at: to, in: &root)
    case .copy(let from, let to):
      guard let value = root[pointer: from] else { throw failure(.pathNotFound, from, "no value to copy") }
      try add(value, at: to, in: &root)
    case .test(let path, let expected):
      guard let value = root[pointer: path] else { throw failure(.pathNotFound, path, "no value to test") }
      guard value == expected else {
        let found = (try? value.jsonString()) ?? "\(value.kind)"
        throw failure(.testFailed, path, "found \(found)")
      }
    }
  }

  func add(_ value: JSON, at path: JSONPointer, in root: inout JSON) throws(JSONPatchError) {
    guard let last = path.tokens.last else {
      root = value
      return
    }
    try edit(&root, at: path.tokens.dropLast()) { (container: inout JSON) throws(JSONPatchError) in
      switch container {
      case .object(var object):
        container = .null
        object[last] = value
        container = .object(object)
      case .array(var elements):
        let index: Int
        if last == "-" {
          index = elements.count
        } else {
          guard let given = JSONPointer.index(last) else {
            throw failure(.pathNotFound, path, "\"\(last)\" is not an array index")
          }
          guard given <= elements.count else {
            throw failure(.indexOutOfRange, path, "index \(given) is beyond the array's \(elements.count) elements")
          }
          index = given
        }
        container = .null
        elements.insert(value, at: index)
        container = .array(elements)
      default:
        throw failure(.pathNotFound, path, "\(container.kind) cannot hold a member")
      }
    } missing: {
      failure(.pathNotFound, path, "no container at \(JSONPointer(tokens: Array(path.tokens.dropLast())))")
    }
  }

  /// The value at `path` replaced where it stands (a member keeps its place).
  func replace(_ path: JSONPointer, with value: JSON, in root: inout JSON) throws(JSONPatchError) {
    try edit(&root, at: path.tokens[...]) { (target: inout JSON) throws(JSONPatchError) in
      target = value
    } missing: {
      failure(.pathNotFound, path, "no value to replace")
    }
  }

  func remove(_ path: JSONPointer, in root: inout JSON) throws(JSONPatchError) -> JSON {
    guard let last = path.tokens.last else {
      throw failure(.pathNotFound, path, "the whole document cannot be removed")
    }
    var removed = JSON.null
    try edit(&root, at: path.tokens.dropLast()) { (container: inout JSON) throws(JSONPatchError) in
      switch container {
      case .object(var object):
        container = .null
        defer { container = .object(object) }
        guard let value = object.removeValue(forKey: last) else {
          throw failure(.pathNotFound, path, "no member \"\(last)\"")
        }
        removed = value
      case .array(var elements):
        guard let index = JSONPointer.index(last) else {
          throw failure(.pathNotFound, path, "\"\(last)\" is not an array index")
        }
        guard index < elements.count else {
          throw failure(.indexOutOfRange, path, "index \(index) is beyond the array's \(elements.count) elements")
        }
        container = .null
        removed = elements.remove(at: index)
        container = .array(elements)
      default:
        throw failure(.pathNotFound, path, "\(container.kind) has no members")
      }
    } missing: {
      failure(.pathNotFound, path, "no value at \(path)")
    }
    return removed
  }

  /// Runs `body` on the value at `tokens`, in place: each container on the way is taken out
  /// of its parent while its child changes, so that nothing is copied.
  func edit(
    _ value: inout JSON, at tokens: ArraySlice<String>, _ body: (inout JSON) throws(JSONPatchError) -> Void,
    missing: () -> JSONPatchError
  ) throws(JSONPatchError) {
    guard let token = tokens.first else { return try body(&value) }
    switch value {
    case .object(var object):
      guard var child = object[token] else { throw missing() }
      value = .null
      object[token] = .null
      defer {
        object[token] = child
        value = .object(object)
      }
      try edit(&child, at: tokens.dropFirst(), body, missing: missing)
    case .array(var elements):
      guard let index = JSONPointer.index(token), index < elements.count else { throw missing() }
      value = .null
      var child = elements[index]
      elements[index] = .null
      defer {
        elements[index] = child
        value = .array(elements)
      }
      try edit(&child, at: tokens.dropFirst(), body, missing: missing)
    default:
      throw missing()
    }
  }
}
