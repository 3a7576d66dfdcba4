/// The keys the coders make themselves: array indices in coding paths, `super`, and keys
/// produced by key strategies.
struct AnyCodingKey: CodingKey, Sendable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    self.intValue = intValue
  }

  init(stringValue: String, intValue: Int?) {
    self.stringValue = stringValue
    self.intValue = intValue
  }

  static let `super` = AnyCodingKey(stringValue: "super")
}

/// A coding path as the text of a JSON path (`$.users[2].name`), for error descriptions.
func pathText(_ path: [any CodingKey]) -> String {
  var text = "$"
  for key in path {
    if let index = key.intValue, key.stringValue.hasPrefix("Index ") {
      text += "[\(index)]"
    } else if key.stringValue.utf8.allSatisfy({ $0 == 0x5F || ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 }) {
      text += "." + key.stringValue
    } else {
      text += "[\"" + key.stringValue + "\"]"
    }
  }
  return text
}
