// Foundation's `DecodingError`s, with the same cases, types and coding paths, and a debug
// description that begins with Foundation's text and adds where the value is:
//
//   Expected to decode Int but found a string instead. (at $.users[1].age, line 4, column 12)

import Foundation
import MapwrightJSON

extension CodableDecoder {
  /// A context for the value at `index` (or for the path alone when `index` is nil).
  func context(at index: Int?, _ message: String, underlying: (any Error)? = nil) -> DecodingError.Context {
    DecodingError.Context(codingPath: path, debugDescription: message + locationSuffix(index), underlyingError: underlying)
  }

  private func locationSuffix(_ index: Int?) -> String {
    guard let index else { return " (at \(pathText(path)))" }
    // The coding path, not a walk of the tape: code that probes with `try?` makes many
    // errors, and walking down a large array would cost its length each time.
    let location = location(ofDocumentOffset: document.value(atTapeIndex: index).byteOffset)
    return " (at \(pathText(path)), line \(location.line), column \(location.column))"
  }

  func mismatch(_ type: Any.Type, at index: Int) -> DecodingError {
    let entry = raw.tape[index]
    if entry.kind == .null {
      return .valueNotFound(type, context(at: index, "Cannot get value of type \(type) -- found null value instead"))
    }
    return typeMismatch(type, at: index)
  }

  func typeMismatch(_ type: Any.Type, at index: Int) -> DecodingError {
    .typeMismatch(
      type, context(at: index, "Expected to decode \(type) but found \(describe(raw.tape[index].kind)) instead."))
  }

  func doesNotFit(_ type: Any.Type, at index: Int) -> DecodingError {
    corrupted(at: index, "Parsed JSON number <\(numberText(at: index))> does not fit in \(type).")
  }

  func corrupted(at index: Int, _ message: String) -> DecodingError {
    .dataCorrupted(context(at: index, message))
  }

  /// Foundation's `keyNotFound` for `key` in the object at `object`, whose path is `base`.
  func keyNotFound(_ key: any CodingKey, in object: Int, base: [any CodingKey]) -> DecodingError {
    let location = location(ofDocumentOffset: document.value(atTapeIndex: object).byteOffset)
    return .keyNotFound(
      key,
      DecodingError.Context(
        codingPath: base,
        debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."
          + " (in the object at \(pathText(base)), line \(location.line), column \(location.column))"))
  }

  private func describe(_ kind: TapeKind) -> String {
    switch kind {
    case .null: "null"
    case .true, .false: "bool"
    case .number: "number"
    case .string: "a string"
    case .array: "an array"
    case .object: "a dictionary"
    }
  }
}

extension DecodingError {
  /// Line and column of the problem, for an error of `MapwrightJSONDecoder` (read back from
  /// the place its description ends with, or from the parse error underneath); nil for
  /// errors from elsewhere.
  public var mapwrightLocation: (line: Int, column: Int)? {
    let context: Context? =
      switch self {
      case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context): context
      @unknown default: nil
      }
    guard let context else { return nil }
    if let parse = context.underlyingError as? JSONError { return (parse.line, parse.column) }
    // The suffix `locationSuffix` and `keyNotFound` write: "…, line 4, column 12)".
    let text = context.debugDescription
    guard text.hasSuffix(")"), let lineRange = text.range(of: ", line ", options: .backwards) else { return nil }
    let numbers = text[lineRange.upperBound..<text.index(before: text.endIndex)].split(separator: ", column ")
    guard numbers.count == 2, let line = Int(numbers[0]), let column = Int(numbers[1]) else { return nil }
    return (line, column)
  }
}
