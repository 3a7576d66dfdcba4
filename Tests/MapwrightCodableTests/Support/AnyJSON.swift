import Foundation

/// Any JSON value through Codable alone: objects via `allKeys`, arrays via an unkeyed
/// container, scalars via a single-value container. Decoding a whole document into it
/// exercises every container kind the way generic Codable code does.
enum AnyJSON: Codable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([AnyJSON])
  case object([String: AnyJSON])

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: Key.self) {
      var members: [String: AnyJSON] = [:]
      for key in object.allKeys { members[key.stringValue] = try object.decode(AnyJSON.self, forKey: key) }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [AnyJSON] = []
      while !array.isAtEnd { elements.append(try array.decode(AnyJSON.self)) }
      self = .array(elements)
    } else {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let flag = try? single.decode(Bool.self) {
        self = .bool(flag)
      } else if let text = try? single.decode(String.self) {
        self = .string(text)
      } else {
        self = .number(try single.decode(Double.self))
      }
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .number(let number):
      var single = encoder.singleValueContainer()
      try single.encode(number)
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
    }
  }
}

/// Files of `../shared` beside the repository (benchmark corpus and JSONTestSuite).
enum SharedFiles {
  static let root: URL = URL(fileURLWithPath: #filePath)  // …/Tests/MapwrightCodableTests/Support/AnyJSON.swift
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
  static let benchData = root.appendingPathComponent("bench-data")
  static let testParsing = root.appendingPathComponent("json-test-suite/test_parsing")

  static func files(in directory: URL, prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }
}
