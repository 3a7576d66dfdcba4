// Reading scalars at a tape index, with Foundation's errors (and Foundation's choices under
// `compatibility: .foundation`), lenient coercion when asked, and the value's JSON path,
// line and column in every error's debug description.

import Foundation
import MapwrightEngine
import MapwrightJSON

// Lenient conversions are the engine's (`LenientCoercion`): the same input gives the same
// value, or the same refusal, here as through a `@JSONModel` or a `Mappable`.

extension CodableDecoder {
  func readBool(at index: Int) throws -> Bool {
    if let value = raw.bool(at: index) { return value }
    if options.coercion == .lenient, let coerced = LenientCoercion.bool(document.value(atTapeIndex: index)) {
      record(at: index, to: Bool.self)
      return coerced
    }
    throw mismatch(Bool.self, at: index)
  }

  func readString(at index: Int) throws -> String {
    if let value = raw.string(at: index) { return value }
    if options.coercion == .lenient, let text = LenientCoercion.string(document.value(atTapeIndex: index)) {
      record(at: index, to: String.self)
      return text
    }
    throw mismatch(String.self, at: index)
  }

  func readDouble(at index: Int) throws -> Double {
    let entry = raw.tape[index]
    switch entry.kind {
    case .number:
      // As Foundation: a number too large, or too small to be anything but zero, is an error.
      if let value = raw.double(at: index), value != 0 || isZeroText(at: index) { return value }
      if let value = json5NonFinite(at: index) { return value }
      throw doesNotFit(Double.self, at: index)
    case .string:
      if let value = try nonConformingFloat(at: index) { return value }
      if let value = try lenient(at: index, LenientCoercion.double) { return value }
    default: break
    }
    throw mismatch(Double.self, at: index)
  }

  func readFloat(at index: Int) throws -> Float {
    let entry = raw.tape[index]
    switch entry.kind {
    case .number:
      // As Foundation: read as a Double, then rounded to the nearest Float when that is
      // finite (`3.4028235e+38`, Float.greatestFiniteMagnitude's shortest text, fits).
      if let value = raw.double(at: index), Float(value).isFinite,
        Float(value) != 0 || isZeroText(at: index)
      {
        return Float(value)
      }
      if let value = json5NonFinite(at: index) { return Float(value) }
      throw doesNotFit(Float.self, at: index)
    case .string:
      if let value = try nonConformingFloat(at: index) { return Float(value) }
      if let value = try lenient(at: index, LenientCoercion.float) { return value }
    default: break
    }
    throw mismatch(Float.self, at: index)
  }

  func readInteger<T: FixedWidthInteger>(at index: Int, as type: T.Type) throws -> T {
    if let value = raw.integer(at: index, as: T.self) { return value }
    let entry = raw.tape[index]
    switch entry.kind {
    case .number:
      let text = raw.numberBytes(at: index)
      if options.compatibility == .foundation, !entry.has(TapeFlag.integerLiteral) {
        if let value = foundationInteger(text, as: T.self) { return value }
        throw doesNotFit(T.self, at: index)
      }
      switch MapwrightJSON.readInteger(text, isLiteral: entry.has(TapeFlag.integerLiteral), forms: .integralValues, as: T.self) {
      case .success(let value): return value
      case .failure(.notAnInteger):
        throw corrupted(
          at: index,
          "Parsed JSON number <\(numberText(at: index))> does not fit in \(T.self): it is not an integer"
            + (options.compatibility == .standard ? " (Foundation would round it; see compatibility)" : ""))
      case .failure(.outOfRange): throw doesNotFit(T.self, at: index)
      }
    case .string:
      if let value = try lenient(at: index, { LenientCoercion.integer($0, as: T.self) }) { return value }
    default: break
    }
    throw mismatch(T.self, at: index)
  }

  /// An integer written with a fraction or exponent, read as Foundation reads it: through a
  /// Double that must hold a whole number of the type (`1e-999` is 0, `1.000000000000000005`
  /// is 1, `0.5` fails); from 2^53 up, the exact value with its fraction dropped, within
  /// ±(2^63 − 1) for signed types (`-9223372036854775807.0` reads, `-9223372036854775808.0`
  /// does not), and whole above that for unsigned ones. (Measured against Foundation's
  /// decoder value by value in FoundationSwapTests.)
  private func foundationInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
    guard let double = readDoubleText(text), let value = T(exactly: double) else { return nil }
    if double.magnitude < 0x1p53 { return value }
    let parts = DecimalParts(text: text)
    let wholeDigits = parts.digits.count + parts.exponent
    guard wholeDigits <= 20 else { return nil }
    var magnitude: UInt64 = 0
    for position in 0..<max(wholeDigits, 0) {
      let digit = position < parts.digits.count ? UInt64(parts.digits[position]) : 0
      let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(digit)
      if o1 || o2 { return nil }
      magnitude = sum
    }
    if T.isSigned {
      guard magnitude <= UInt64(Int64.max) else { return nil }
      return T(exactly: parts.negative ? -Int64(magnitude) : Int64(magnitude))
    }
    // Above 2^63 − 1 the value must be whole (`10000000000000000000.5` does not read).
    if magnitude > UInt64(Int64.max), parts.digits.dropFirst(max(wholeDigits, 0)).contains(where: { $0 != 0 }) { return nil }
    return parts.negative && magnitude != 0 ? nil : T(exactly: magnitude)
  }

  /// The value of a JSON5 `Infinity`, `-Infinity` or `NaN` at `index`, if it is one.
  func json5NonFinite(at index: Int) -> Double? {
    guard let json5, !json5.nonFinite.isEmpty else { return nil }
    return json5.nonFinite[document.value(atTapeIndex: index).byteOffset]
  }

  func readDecimal(at index: Int) throws -> Decimal {
    guard raw.tape[index].kind == .number else {
      if raw.tape[index].kind == .string, let value = try lenient(at: index, LenientCoercion.decimal) { return value }
      throw mismatch(Decimal.self, at: index)
    }
    if let value = decimal(fromNumberText: raw.numberBytes(at: index)) { return value }
    // JSON5's Infinity and NaN: Foundation gives NaN.
    if json5NonFinite(at: index) != nil { return .nan }
    // More than 38 significant digits: Foundation's value (the digits beyond cut off), unless
    // every digit must count. An exponent out of Decimal's range fails either way.
    if !options.rejectsInexactDecimals, let value = Decimal(string: numberText(at: index)), !value.isNaN {
      return value
    }
    throw corrupted(
      at: index,
      options.rejectsInexactDecimals
        ? "Parsed JSON number <\(numberText(at: index))> does not fit in Decimal exactly (rejectsInexactDecimals)"
        : "Parsed JSON number <\(numberText(at: index))> does not fit in Decimal.")
  }

  func readURL(at index: Int) throws -> URL {
    let text = try readString(at: index)
    guard let url = URL(string: text) else { throw corrupted(at: index, "Invalid URL string.") }
    return url
  }

  /// A `Date` under the date strategy, or nil for `.deferredToDate` (Date's own decoding).
  func readDate(at index: Int) throws -> Date? {
    switch options.dates {
    case .deferredToDate:
      return nil
    case .secondsSince1970:
      return Date(timeIntervalSince1970: try readDouble(at: index))
    case .millisecondsSince1970:
      return Date(timeIntervalSince1970: try readDouble(at: index) / 1000)
    case .iso8601:
      let text = try readString(at: index)
      guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
        throw corrupted(at: index, "Expected date string to be ISO8601-formatted.")
      }
      return date
    case .formatted(let formatter):
      let text = try readString(at: index)
      guard let date = formatter.date(from: text) else {
        throw corrupted(at: index, "Date string does not match format expected by formatter.")
      }
      return date
    case .custom(let read):
      return try at(index) { try read(self) }
    }
  }

  /// `Data` under the data strategy, or nil for `.deferredToData` (Data's own decoding).
  func readData(at index: Int) throws -> Data? {
    switch options.data {
    case .deferredToData:
      return nil
    case .base64:
      let text = try readString(at: index)
      guard let data = Data(base64Encoded: text) else {
        throw corrupted(at: index, "Encountered Data is not valid Base64.")
      }
      return data
    case .custom(let read):
      return try at(index) { try read(self) }
    }
  }

  /// Runs `body` with the decoder at `index` (for custom strategies).
  func at<R>(_ index: Int, _ body: () throws -> R) rethrows -> R {
    let saved = current
    current = index
    defer { current = saved }
    return try body()
  }

  // MARK: Helpers

  private func nonConformingFloat(at index: Int) throws -> Double? {
    guard case .convertFromString(let positive, let negative, let nan) = options.nonConformingFloats,
      let text = raw.string(at: index)
    else { return nil }
    if text == positive { return .infinity }
    if text == negative { return -.infinity }
    if text == nan { return .nan }
    return nil
  }

  /// Under lenient coercion, the value `convert` makes of the string at `index` (nil when it
  /// makes none); a value that does not fit the type is an error, as for a number.
  private func lenient<T>(at index: Int, _ convert: (JSONValue) -> Coerced<T>) throws -> T? {
    guard options.coercion == .lenient else { return nil }
    switch convert(document.value(atTapeIndex: index)) {
    case .value(let value):
      record(at: index, to: T.self)
      return value
    case .outOfRange: throw doesNotFit(T.self, at: index)
    case .notConvertible: return nil
    }
  }

  /// Whether the number at `index` is written as zero (`0`, `-0.0`, `0e5`).
  func isZeroText(at index: Int) -> Bool {
    for byte in raw.numberBytes(at: index) {
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
    }
    return true
  }

  func numberText(at index: Int) -> String {
    String(decoding: raw.numberBytes(at: index), as: UTF8.self)
  }

  private func readDoubleText(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    Double(String(decoding: text, as: UTF8.self))
  }

  /// Notes a lenient coercion (its place is resolved with the others when the report is read).
  private func record<T>(at index: Int, to type: T.Type) {
    guard let reportBox else { return }
    reportBox.report.record(.coercion(at: document.value(atTapeIndex: index), to: CoercionTarget(T.self)))
  }
}

extension _MapwrightRuntime.RawJSON {
  /// The text of the number at `index`.
  func numberBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let entry = tape[index]
    return UnsafeBufferPointer(start: bytes + Int(entry.offset), count: Int(entry.length))
  }
}
