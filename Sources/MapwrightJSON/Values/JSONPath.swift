/// A path from a document's root to one of its values, written `$.authors[3].books[0].year`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// One step: a member key or an array index.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps from the root, in order.
  public var components: [Component]

  /// A path of these steps (none: the root).
  public init(_ components: [Component] = []) { self.components = components }
  /// A path of these steps: `["authors", 3, "name"]`.
  public init(arrayLiteral elements: Component...) { components = elements }

  /// The root path, `$`.
  public static var root: JSONPath { JSONPath() }

  /// The path one step further.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// The path one member further.
  public func appending(key: String) -> JSONPath { appending(.key(key)) }
  /// The path one element further.
  public func appending(index: Int) -> JSONPath { appending(.index(index)) }

  /// `$`, then `.key` for plain keys, `["key"]` for others, and `[index]`.
  public var description: String {
    var text = "$"
    for component in components {
      switch component {
      case .key(let key):
        if isPlainKey(key) {
          text += ".\(key)"
        } else {
          text += "[\"" + key.replacingQuotesAndBackslashes() + "\"]"
        }
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}

extension String {
  fileprivate func replacingQuotesAndBackslashes() -> String {
    var out = ""
    for scalar in unicodeScalars {
      if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
      out.unicodeScalars.append(scalar)
    }
    return out
  }
}

/// Keys shown after a dot in paths: letters, digits and underscores, not starting with a digit.
func isPlainKey(_ key: String) -> Bool {
  guard let first = key.utf8.first, !isDigit(first) else { return false }
  return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isDigit($0) || ($0 | 0x20) &- UInt8(ascii: "a") < 26 }
}

extension JSONValue {
  /// The path from the document's root to this value. Computed by walking down from the
  /// root (each container knows where its subtree ends), so it costs nothing until asked.
  public var path: JSONPath {
    let tape = document.tape
    var components: [JSONPath.Component] = []
    var current = 0
    while current != index {
      let entry = tape[current]
      var child = current + 1
      var found = false
      for position in 0..<Int(entry.length) {
        let valueIndex = entry.kind == .object ? child + 1 : child
        let end = Int(tape[valueIndex].next)
        if index >= child && index < end {
          if entry.kind == .object {
            let key = document.withInput { decodeStringEntry(tape[child], in: $0) }
            components.append(.key(key))
            // A key itself: its path is the member's.
            if index == child { return JSONPath(components) }
          } else {
            components.append(.index(position))
          }
          current = valueIndex
          found = true
          break
        }
        child = end
      }
      if !found { break }
    }
    return JSONPath(components)
  }
}
