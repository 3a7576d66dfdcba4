#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes `JSON` values as UTF-8 text: compact or pretty, keys in order or sorted.
///
/// ```swift
/// let json: JSON = ["name": "Ünïcode/ok", "n": [1, 2.5]]
/// try json.jsonString()                                // {"name":"Ünïcode/ok","n":[1,2.5]}
/// try json.jsonString([.prettyPrinted, .sortedKeys])   // two-space indent, "n" first
/// let writer = JSONWriter(options: [.prettyPrinted, .escapeNonASCII], indent: 4)
/// let bytes = try writer.bytes(json)                   // "\u00dcn\u00efcode/ok"
/// ```
///
/// Strings are escaped as RFC 8259 requires (quote, backslash, control characters), with `/`
/// and non-ASCII escaped only on request. Numbers are written from their text, so a parsed
/// number comes back exactly as it was and a Double uses its shortest round-trip form. NaN
/// and infinities are an error unless `nonFiniteNumbers` names strings to write instead.
public struct JSONWriter: Sendable {
  /// Formatting flags.
  public struct Options: OptionSet, Sendable, Hashable {
    /// The flags as bits.
    public let rawValue: Int
    /// The flags whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Newlines and indentation (`indent` spaces a level); `"key": value` with one space.
    public static let prettyPrinted = Options(rawValue: 1 << 0)
    /// Object members sorted by key (by Unicode code point), instead of their own order.
    public static let sortedKeys = Options(rawValue: 1 << 1)
    /// Write `/` as `\/`.
    public static let escapeSlashes = Options(rawValue: 1 << 2)
    /// Write every non-ASCII character as `\uXXXX` (surrogate pairs beyond the BMP).
    public static let escapeNonASCII = Options(rawValue: 1 << 3)
  }

  /// What to do with NaN and infinities.
  public enum NonFiniteNumbers: Sendable, Hashable {
    /// Throw `JSONWriteError` naming the path of the value (the default).
    case throwError
    /// Write them as these JSON strings (Foundation's `convertToString` strategy).
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    /// Write `nan`, `inf` and `-inf` bare. Not JSON: for debugging output only.
    case writeAsText
  }

  /// Formatting flags.
  public var options: Options
  /// Spaces per level when pretty-printing.
  public var indent: Int
  /// What to do with NaN and infinities.
  public var nonFiniteNumbers: NonFiniteNumbers
  /// The deepest nesting written; deeper values are an error rather than a stack overflow.
  public var maximumDepth: Int

  /// A writer; by default compact, two spaces a level when pretty, NaN an error, 512 levels.
  public init(
    options: Options = [], indent: Int = 2, nonFiniteNumbers: NonFiniteNumbers = .throwError,
    maximumDepth: Int = 512
  ) {
    self.options = options
    self.indent = indent
    self.nonFiniteNumbers = nonFiniteNumbers
    self.maximumDepth = maximumDepth
  }

  /// The UTF-8 text of `value`.
  public func bytes(_ value: JSON) throws(JSONWriteError) -> [UInt8] {
    var output = OutputBuffer(capacity: 1024)
    try write(value, to: &output, depth: 0)
    return output.finish()
  }

  /// The text of `value`.
  public func string(_ value: JSON) throws(JSONWriteError) -> String {
    let bytes = try bytes(value)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The UTF-8 text of `value` as `Data`.
  public func data(_ value: JSON) throws(JSONWriteError) -> Data {
    var output = OutputBuffer(capacity: 1024)
    try write(value, to: &output, depth: 0)
    return output.takeData()
  }

  // Paths are not tracked while writing: an error collects its path as it propagates out.
  func write(_ value: JSON, to out: inout OutputBuffer, depth: Int) throws(JSONWriteError) {
    switch value {
    case .null: out.append("null")
    case .bool(let flag): flag ? out.append("true") : out.append("false")
    case .string(let text): writeString(text, to: &out)
    case .number(let number):
      switch number.storage {
      case .text(var text): text.withUTF8 { out.append($0) }
      case .nonFinite(let double): try writeNonFinite(double, to: &out)
      }
    case .array(let elements):
      guard !elements.isEmpty else { return out.append("[]") }
      guard depth < maximumDepth else { throw JSONWriteError(.tooDeep(maximumDepth), path: []) }
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        newline(&out, depth + 1)
        do {
          try write(element, to: &out, depth: depth + 1)
        } catch {
          throw error.inside(.index(i))
        }
      }
      newline(&out, depth)
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.isEmpty else { return out.append("{}") }
      guard depth < maximumDepth else { throw JSONWriteError(.tooDeep(maximumDepth), path: []) }
      out.append(UInt8(ascii: "{"))
      let keys = object.keys
      let values = object.values
      if options.contains(.sortedKeys) {
        let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
        for (n, i) in order.enumerated() {
          try writeMember(keys[i], values[i], first: n == 0, to: &out, depth: depth)
        }
      } else {
        for i in keys.indices {
          try writeMember(keys[i], values[i], first: i == 0, to: &out, depth: depth)
        }
      }
      newline(&out, depth)
      out.append(UInt8(ascii: "}"))
    }
  }

  @inline(__always)
  private func writeMember(
    _ key: String, _ value: JSON, first: Bool, to out: inout OutputBuffer, depth: Int
  ) throws(JSONWriteError) {
    if !first { out.append(UInt8(ascii: ",")) }
    newline(&out, depth + 1)
    writeString(key, to: &out)
    if options.contains(.prettyPrinted) { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
    do {
      try write(value, to: &out, depth: depth + 1)
    } catch {
      throw error.inside(.key(key))
    }
  }

  @inline(__always)
  private func newline(_ out: inout OutputBuffer, _ depth: Int) {
    guard options.contains(.prettyPrinted) else { return }
    out.append(UInt8(ascii: "\n"))
    out.appendSpaces(depth * indent)
  }

  private func writeNonFinite(_ value: Double, to out: inout OutputBuffer) throws(JSONWriteError) {
    switch nonFiniteNumbers {
    case .throwError:
      throw JSONWriteError(.nonFiniteNumber(value), path: [])
    case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
      writeString(value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity, to: &out)
    case .writeAsText:
      out.append(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
    }
  }
}

extension JSON {
  /// The UTF-8 text of this value.
  public func jsonBytes(_ options: JSONWriter.Options = []) throws(JSONWriteError) -> [UInt8] {
    try JSONWriter(options: options).bytes(self)
  }

  /// The text of this value.
  public func jsonString(_ options: JSONWriter.Options = []) throws(JSONWriteError) -> String {
    try JSONWriter(options: options).string(self)
  }

  /// The UTF-8 text of this value as `Data`.
  public func jsonData(_ options: JSONWriter.Options = []) throws(JSONWriteError) -> Data {
    try JSONWriter(options: options).data(self)
  }
}
