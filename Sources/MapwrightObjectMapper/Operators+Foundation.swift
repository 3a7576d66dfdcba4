// `<-` and `>>>` for `NSDecimalNumber`: read exactly from the number's text (or a numeric
// string under lenient coercion), through the engine's `Decimal`, and written as a JSON
// number. `NSNumber` and other Foundation types go through the cast in Operators.swift.

import Foundation

/// An `NSDecimalNumber` decoded as the engine decodes `Decimal`.
struct DecimalNumberBox: JSONConvertible {
  var value: NSDecimalNumber

  static func decode(from json: JSONValue, in session: DecodingSession) throws(MappingError) -> DecimalNumberBox {
    DecimalNumberBox(value: NSDecimalNumber(decimal: try Decimal.decode(from: json, in: session)))
  }

  func encodeJSON(in session: EncodingSession) -> JSON { value.decimalValue.encodeJSON(in: session) }
}

/// Maps an `NSDecimalNumber` exactly from the number's text, both ways.
public func <- (left: inout NSDecimalNumber, right: Map) {
  var box = DecimalNumberBox(value: left)
  box <- right
  left = box.value
}

/// Maps an optional `NSDecimalNumber` exactly from the number's text, both ways.
public func <- (left: inout NSDecimalNumber?, right: Map) {
  var box = left.map { DecimalNumberBox(value: $0) }
  box <- right
  left = box?.value
}

/// Writes an `NSDecimalNumber` as a JSON number.
public func >>> (left: NSDecimalNumber, right: Map) { DecimalNumberBox(value: left) >>> right }
/// Writes an optional `NSDecimalNumber` as a JSON number (nil as the map's nil handling says).
public func >>> (left: NSDecimalNumber?, right: Map) { left.map { DecimalNumberBox(value: $0) } >>> right }
