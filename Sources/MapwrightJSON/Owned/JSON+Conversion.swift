#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSON {
  /// Converts a parsed value into an owned one. For a repeated key the first member is kept.
  public init(_ value: JSONValue) {
    self = value.document.withInput { bytes in
      JSON.build(value.document.tape, value.index, bytes)
    }
  }

  /// Builds without recursion (an explicit stack of open containers), so nesting as deep as
  /// the parser allows, at any depth limit, cannot overflow the call stack.
  private static func build(_ tape: Tape, _ root: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> JSON {
    var stack: [OwnedBuildFrame] = []
    var index = root
    while true {
      // Descend to the next value, skipping members whose key repeats an earlier one.
      var value: JSON
      let entry = tape[index]
      switch entry.kind {
      case .null: value = .null
      case .true: value = .bool(true)
      case .false: value = .bool(false)
      case .number:
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)]), as: UTF8.self)
        value = .number(JSONNumber(validatedText: text))
      case .string:
        value = .string(decodeStringEntry(entry, in: bytes))
      case .array where entry.length == 0:
        value = .array([])
      case .object where entry.length == 0:
        value = .object(JSONObject())
      case .array:
        var open = OwnedBuildFrame(isObject: false, child: index + 1, remaining: Int(entry.length) - 1)
        open.elements.reserveCapacity(Int(entry.length))
        stack.append(open)
        index = index + 1
        continue
      case .object:
        stack.append(OwnedBuildFrame(isObject: true, child: index + 1, remaining: Int(entry.length) - 1))
        if let next = nextMember(of: &stack[stack.count - 1], tape, bytes, first: true) {
          index = next
          continue
        }
        value = .object(stack.removeLast().object)  // unreachable: a first key never repeats
      }
      // Hand the value to the open containers, closing each one that is full.
      while true {
        guard !stack.isEmpty else { return value }
        let top = stack.count - 1
        if stack[top].isObject {
          stack[top].object.append(stack[top].key, value)
          if let next = nextMember(of: &stack[top], tape, bytes, first: false) {
            index = next
            break
          }
        } else {
          stack[top].elements.append(value)
          if stack[top].remaining > 0 {
            stack[top].remaining -= 1
            stack[top].child = Int(tape[stack[top].child].next)
            index = stack[top].child
            break
          }
        }
        let closed = stack.removeLast()
        value = closed.isObject ? .object(closed.object) : .array(closed.elements)
      }
    }
  }

  /// Moves `open` to its next member whose key is new (the first of a repeated key is kept)
  /// and returns the tape index of that member's value, or nil when the object is complete.
  private static func nextMember(
    of open: inout OwnedBuildFrame, _ tape: Tape, _ bytes: UnsafeBufferPointer<UInt8>, first: Bool
  ) -> Int? {
    var keyIndex = open.child
    if !first {
      guard open.remaining > 0 else { return nil }
      open.remaining -= 1
      keyIndex = Int(tape[keyIndex + 1].next)
    }
    while true {
      let key = decodeStringEntry(tape[keyIndex], in: bytes)
      if open.object.position(of: key) == nil {
        open.child = keyIndex
        open.key = key
        return keyIndex + 1
      }
      guard open.remaining > 0 else { return nil }
      open.remaining -= 1
      keyIndex = Int(tape[keyIndex + 1].next)
    }
  }

  /// The deepest nesting an owned value is parsed with, whatever the options allow: Swift
  /// releases nested values recursively, and a value nested much deeper than this would
  /// overflow the stack when it is dropped. Deeper documents are read through `JSONDocument`,
  /// which has no such limit. (Building the value itself never recurses.)
  public static let maximumDepth = 2_048

  private static func ownedOptions(_ options: JSONParsingOptions) -> JSONParsingOptions {
    var options = options
    options.maximumDepth = min(options.maximumDepth, maximumDepth)
    return options
  }

  /// Parses UTF-8 bytes into an owned value (nesting at most `JSON.maximumDepth` deep).
  public init(parsing bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.init(try JSONDocument(bytes, options: Self.ownedOptions(options)).root)
  }

  /// Parses UTF-8 data into an owned value (nesting at most `JSON.maximumDepth` deep).
  public init(parsing data: Data, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.init(try JSONDocument(data, options: Self.ownedOptions(options)).root)
  }

  /// Parses a string into an owned value (nesting at most `JSON.maximumDepth` deep).
  public init(parsing text: String, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONError) {
    self.init(try JSONDocument(text, options: Self.ownedOptions(options)).root)
  }
}

/// An array or object being filled while an owned value is built: the tape index of the
/// child (array) or key (object) being read, and how many members are left after it.
private struct OwnedBuildFrame {
  var isObject: Bool
  var child: Int
  var remaining: Int
  var elements: [JSON] = []
  var object = JSONObject()
  var key = ""
}
