// Scalars written straight to the output, in Foundation's forms: integers as digits; a
// Double or Float as Swift's shortest round-trip `description` without a trailing ".0"
// (`1`, `0.1`, `1e+20`, `-0`); strings escaped with `/` as `\/` unless told not to; dates,
// data, URLs and decimals under their strategies.

import Foundation
import MapwrightJSON

extension CodableEncoder {
  /// Writes `value` if it is a type the encoder writes itself; false for anything else.
  @inline(__always)
  func writeScalar<T: Encodable>(_ value: T) throws -> Bool {
    if writePlainScalar(value, after: {}) {
      return true
    } else if T.self == Double.self {
      try writeDouble(unsafeBitCast(value, to: Double.self))  // not finite: an error or its strategy
    } else if T.self == Float.self {
      try writeFloat(unsafeBitCast(value, to: Float.self))
    } else if T.self == Date.self {
      return try writeDate(unsafeBitCast(value, to: Date.self))
    } else if T.self == Data.self {
      return try writeData(unsafeBitCast(value, to: Data.self))
    } else if T.self == URL.self {
      writeString(unsafeBitCast(value, to: URL.self).absoluteString)
    } else if T.self == Decimal.self {
      var text = unsafeBitCast(value, to: Decimal.self).description
      text.withUTF8 { out.append($0) }
    } else if !options.usesDefaultKeys, let dictionary = value as? any StringKeyedEncodable {
      // Foundation leaves the keys of `[String: Value]` as they are under key strategies.
      try dictionary.encodeKeepingKeys(to: self)
    } else {
      return false
    }
    return true
  }

  /// Writes `value`, after `begin` (a container's key or comma), when it is a scalar whose
  /// writing can neither fail nor call back into the encoder — `String`, `Bool`, `Int`,
  /// `Int64`, a finite `Double` or `Float` — and so needs no coding-path entry, mark or
  /// rollback; false, with nothing written, for anything else. Containers call it first from
  /// their generic methods, which `Array.encode(to:)`, `encodeIfPresent` and other generic code
  /// reach for every value.
  @inline(__always)
  func writePlainScalar<T: Encodable>(_ value: T, after begin: () -> Void) -> Bool {
    if T.self == String.self {
      begin()
      writeString(unsafeBitCast(value, to: String.self))
    } else if T.self == Int.self {
      begin()
      writeInteger(unsafeBitCast(value, to: Int.self))
    } else if T.self == Bool.self {
      begin()
      writeBool(unsafeBitCast(value, to: Bool.self))
    } else if T.self == Double.self {
      let double = unsafeBitCast(value, to: Double.self)
      guard double.isFinite else { return false }
      begin()
      writeFinite(double, exactIntegersBelow: 9_007_199_254_740_992)
    } else if T.self == Int64.self {
      begin()
      writeInteger(unsafeBitCast(value, to: Int64.self))
    } else if T.self == Float.self {
      let float = unsafeBitCast(value, to: Float.self)
      guard float.isFinite else { return false }
      begin()
      writeFinite(float, exactIntegersBelow: 16_777_216)
    } else {
      return false
    }
    return true
  }

  @inline(__always)
  func writeBool(_ value: Bool) {
    value ? out.append("true") : out.append("false")
  }

  @inline(__always)
  func writeString(_ value: String) {
    withUTF8Bytes(of: value) { writer.writeString(utf8: $0, to: &out) }
  }

  @inline(__always)
  func writeInteger<T: FixedWidthInteger>(_ value: T) {
    guard T.bitWidth <= 64 else {
      // Int128 and UInt128.
      var text = value.description
      return text.withUTF8 { out.append($0) }
    }
    out.appendDecimal(UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0)
  }

  func writeDouble(_ value: Double) throws {
    try writeFloatingPoint(value, exactIntegersBelow: 9_007_199_254_740_992)  // 2^53
  }

  func writeFloat(_ value: Float) throws {
    try writeFloatingPoint(value, exactIntegersBelow: 16_777_216)  // 2^24
  }

  /// Integral values below `limit` as integers (Swift would write "12.0"; Foundation drops
  /// the ".0"), others as Swift's shortest round-trip text.
  @inline(__always)
  private func writeFloatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F, exactIntegersBelow limit: F) throws {
    guard value.isFinite else { return try writeNonFinite(Double(value), type: F.self, original: value) }
    writeFinite(value, exactIntegersBelow: limit)
  }

  @inline(__always)
  private func writeFinite<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F, exactIntegersBelow limit: F) {
    if value.rounded(.towardZero) == value, value.magnitude < limit {
      if value == 0, value.sign == .minus {
        out.append("-0")
      } else {
        writeInteger(Int64(value))
      }
      return
    }
    if F.self == Double.self {
      // Written in place; `FloatText` would be called unspecialised from this module.
      let tail = out.unsafeTail(reserving: OutputBuffer.longestDoubleText)
      let length = OutputBuffer.writeDouble(unsafeBitCast(value, to: Double.self), at: tail)
      out.advance(by: Self.lengthWithoutPointZero(UnsafeBufferPointer(start: tail, count: length)))
      return
    }
    FloatText(value).withBytes { writeDescription($0) }
  }

  /// Swift's text of a float, without a trailing ".0" (as Foundation writes it).
  private func writeDescription(_ bytes: UnsafeBufferPointer<UInt8>) {
    out.append(UnsafeBufferPointer(rebasing: bytes.prefix(Self.lengthWithoutPointZero(bytes))))
  }

  /// The length of a float's text without its trailing ".0", if it has one.
  @inline(__always)
  private static func lengthWithoutPointZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let dropsZero = bytes.count > 2 && bytes[bytes.count - 1] == UInt8(ascii: "0") && bytes[bytes.count - 2] == UInt8(ascii: ".")
    return dropsZero ? bytes.count - 2 : bytes.count
  }

  private func writeNonFinite(_ value: Double, type: Any.Type, original: Any) throws {
    guard case .convertToString(let positive, let negative, let nan) = options.nonConformingFloats else {
      let name = value.isNaN ? "nan" : value < 0 ? "-infinity" : "infinity"
      throw EncodingError.invalidValue(
        original,
        EncodingError.Context(
          codingPath: path,
          debugDescription:
            "Unable to encode \(type).\(name) directly in JSON. Use MapwrightJSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the value should be encoded. (at \(pathText(path)))"
        ))
    }
    writeString(value.isNaN ? nan : value < 0 ? negative : positive)
  }

  /// A date under the date strategy; false for `.deferredToDate` (Date's own encoding).
  private func writeDate(_ date: Date) throws -> Bool {
    switch options.dates {
    case .deferredToDate: return false
    case .secondsSince1970: try writeDouble(date.timeIntervalSince1970)
    case .millisecondsSince1970: try writeDouble(1000 * date.timeIntervalSince1970)
    case .iso8601: writeString(date.formatted(.iso8601))
    case .formatted(let formatter): writeString(formatter.string(from: date))
    case .custom(let write): try writeCustom { try write(date, self) }
    }
    return true
  }

  /// Data under the data strategy; false for `.deferredToData` (Data's own encoding).
  private func writeData(_ data: Data) throws -> Bool {
    switch options.data {
    case .deferredToData: return false
    case .base64: writeString(data.base64EncodedString())
    case .custom(let write): try writeCustom { try write(data, self) }
    }
    return true
  }

  /// Runs a custom strategy's closure in a slot of its own (nothing written: `{}`).
  private func writeCustom(_ body: () throws -> Void) throws {
    let saved = slot
    slot = Slot(frameBase: frames.count)
    defer { slot = saved }
    try body()
    closeSlot()
  }

  /// `{}` or `[]`; pretty-printed as Foundation does, with an empty line inside.
  func writeEmptyContainer(object: Bool, depth: Int) {
    out.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    if pretty {
      out.append("\n\n")
      out.appendSpaces(2 * depth)
    }
    out.append(object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
  }

  /// The JSON key for `key` under the key strategy (`pathDepth`: the container's path).
  @inline(__always)
  func keyText(_ key: some CodingKey, pathDepth: Int) -> String {
    if usesDefaultKeys { return key.stringValue }
    return switch options.keys {
    case .useDefaultKeys: key.stringValue
    case .convertToSnakeCase: options.snakeCaseCache!.converted(key.stringValue)
    case .custom(let convert): convert(Array(path.prefix(pathDepth)) + [key]).stringValue
    }
  }
}

/// `[String: Value]`, whose keys Foundation writes unconverted under key strategies.
protocol StringKeyedEncodable {
  func encodeKeepingKeys(to encoder: CodableEncoder) throws
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
  func encodeKeepingKeys(to encoder: CodableEncoder) throws {
    try encoder.writeNested(RawKeyedDictionary(storage: self))
  }
}

/// A dictionary encoded through `PlainKey`s that the encoder writes as they are.
private struct RawKeyedDictionary<Value: Encodable>: Encodable {
  let storage: [String: Value]

  func encode(to encoder: any Encoder) throws {
    let encoder = encoder as! CodableEncoder  // always a fresh slot (`writeNested`)
    let frame = encoder.openFrame(object: true)
    encoder.slot.state = .keyed(frame)
    for (key, value) in storage {
      encoder.beginMember(frame: frame, key: key)
      try encoder.withKey(AnyCodingKey(stringValue: key), pathDepth: encoder.path.count) { try encoder.write(value) }
    }
  }
}
