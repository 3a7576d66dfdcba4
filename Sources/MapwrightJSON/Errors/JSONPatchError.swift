/// Pointer text that is not an RFC 6901 JSON Pointer.
///
/// ```swift
/// do { _ = try JSONPointer(parsing: "a/b") } catch {
///   print(error)   // "a/b" is not a JSON Pointer: it must be empty or start with "/"
/// }
/// ```
public struct JSONPointerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why the text is not a pointer.
  public enum Reason: String, Sendable, Hashable {
    /// Not empty, and not starting with "/".
    case missingLeadingSlash
    /// A "~" not followed by "0" or "1".
    case invalidEscape
  }

  /// The text given.
  public let text: String
  /// Why it is not a pointer.
  public let reason: Reason

  /// What went wrong.
  public var description: String {
    switch reason {
    case .missingLeadingSlash: "\"\(text)\" is not a JSON Pointer: it must be empty or start with \"/\""
    case .invalidEscape: "\"\(text)\" is not a JSON Pointer: \"~\" must be followed by \"0\" or \"1\""
    }
  }
}

extension JSONPointerError: MapwrightError {
  /// `reason`'s name.
  public var errorCode: String { reason.rawValue }
  /// Text that is not a pointer: `syntax`.
  public var errorCategory: MapwrightErrorCategory { .syntax }
  /// No place in a document.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace() }
}

/// A JSON Patch that could not be read or applied: which operation, at which pointer, and why.
/// The value the patch was applied to is left as it was.
///
/// ```swift
/// var json: JSON = ["tags": ["a"]]
/// let patch = try JSONPatch(json: [["op": "remove", "path": "/tags/3"]])
/// do { try json.apply(patch) } catch {
///   print(error)   // operation 0 (remove /tags/3): index 3 is beyond the array's 1 elements
/// }
/// ```
public struct JSONPatchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A stable code for each kind of failure.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public let description: String
    /// The patch document is not an array of operations, or an operation lacks a member or
    /// names an unknown `op`.
    public static let invalidPatch = Code(description: "invalidPatch")
    /// A `path` or `from` is not a JSON Pointer.
    public static let invalidPointer = Code(description: "invalidPointer")
    /// The pointer names no value (or, for `add`, no container to add to).
    public static let pathNotFound = Code(description: "pathNotFound")
    /// An array index beyond the end, or "-" where only an existing element will do.
    public static let indexOutOfRange = Code(description: "indexOutOfRange")
    /// A `test` found a different value.
    public static let testFailed = Code(description: "testFailed")
    /// A `move` into the value it moves.
    public static let moveIntoItself = Code(description: "moveIntoItself")
  }

  /// What kind of failure.
  public let code: Code
  /// The position of the failing operation in the patch.
  public let operation: Int
  /// The failing operation's `op` (empty when the operation has none).
  public let op: String
  /// The pointer text the failure is at.
  public let pointer: String
  /// What went wrong, without the operation.
  public let message: String
  /// The place as a path, where the pointer could be followed that far.
  let path: JSONPath?

  init(_ code: Code, operation: Int, op: String, pointer: String, path: JSONPath? = nil, _ message: String) {
    self.code = code
    self.operation = operation
    self.op = op
    self.pointer = pointer
    self.path = path
    self.message = message
  }

  /// The operation, then the message.
  public var description: String {
    let what = op.isEmpty ? "" : " (\(op) \(pointer))"
    return "operation \(operation)\(what): \(message)"
  }
}

extension JSONPatchError: MapwrightError {
  /// `code`'s name.
  public var errorCode: String { code.description }
  /// A patch that does not fit the value: `data`.
  public var errorCategory: MapwrightErrorCategory { .data }
  /// The path the pointer names, where known.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace(path: path) }
}
