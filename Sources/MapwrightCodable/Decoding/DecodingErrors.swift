// Foundation's `DecodingError`s, with the same cases, types and coding paths, and a debug
// description that begins with Foundation's text and adds where the value is:
//
//   Expected to decode Int but found a string instead. (at $.users[1].age, line 4, column 12)

import Foundation
import MapwrightEngine
import MapwrightJSON

extension CodableDecoder {
  /// A context for the value at `index` (or for the path alone when `index` is nil).
  func context(at index: Int?, _ message: String, underlying: (any Error)? = nil) -> DecodingError.Context {
    // The path's keys are made once, for the context and for its description.
    let keys = path.keys
    return DecodingError.Context(
      codingPath: keys, debugDescription: message + locationSuffix(index, keys), underlyingError: underlying)
  }

  private func locationSuffix(_ index: Int?, _ keys: [any CodingKey]) -> String {
    guard let index else { return DecodingErrorPlace.suffix(path: pathText(keys)) }
    // The coding path, not a walk of the tape: code that probes with `try?` makes many
    // errors, and walking down a large array would cost its length each time.
    let location = location(ofDocumentOffset: document.value(atTapeIndex: index).byteOffset)
    return DecodingErrorPlace.suffix(path: pathText(keys), line: location.line, column: location.column)
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
          + DecodingErrorPlace.suffix(inObjectAt: pathText(base), line: location.line, column: location.column)))
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

/// Where a `DecodingError` of `MapwrightJSONDecoder` is: written at the end of its debug
/// description (Foundation's text stays first, and the error stays Foundation's type), and
/// read back from there — the one writer and the one reader of that suffix.
///
///     … (at $.users[1].age, line 4, column 12)
///     … (in the object at $.users[1], line 3, column 5)     (a missing key)
enum DecodingErrorPlace {
  static func suffix(path: String, line: Int? = nil, column: Int? = nil) -> String {
    " (at \(path)" + lineAndColumn(line, column) + ")"
  }

  static func suffix(inObjectAt path: String, line: Int, column: Int) -> String {
    " (in the object at \(path)" + lineAndColumn(line, column) + ")"
  }

  private static func lineAndColumn(_ line: Int?, _ column: Int?) -> String {
    guard let line, let column else { return "" }
    return ", line \(line), column \(column)"
  }

  /// The message without the suffix, and the path, line and column the suffix holds (nil
  /// when the description has none). Line and column are read from the end, where only
  /// numbers can be. Where the path starts: after the first " (at " of a message of fixed
  /// text (a key in the path may hold anything), or the last " (in the object at " of a
  /// missing key's message (which names that key).
  static func read(_ description: String, missingKey: Bool) -> (message: String, path: String?, line: Int?, column: Int?) {
    guard description.hasSuffix(")") else { return (description, nil, nil, nil) }
    var end = description.index(before: description.endIndex)
    var (line, column): (Int?, Int?) = (nil, nil)
    if let lineRange = description.range(of: ", line ", options: .backwards, range: description.startIndex..<end) {
      let numbers = description[lineRange.upperBound..<end].components(separatedBy: ", column ")
      if numbers.count == 2, let l = Int(numbers[0]), let c = Int(numbers[1]) {
        (line, column) = (l, c)
        end = lineRange.lowerBound
      }
    }
    let open =
      missingKey
      ? description.range(of: " (in the object at ", options: .backwards, range: description.startIndex..<end)
      : description.range(of: " (at ", range: description.startIndex..<end)
    guard let open else { return (description, nil, line, column) }
    return (String(description[..<open.lowerBound]), String(description[open.upperBound..<end]), line, column)
  }
}

extension DecodingError {
  /// What an error of `MapwrightJSONDecoder` says and where: Foundation's message, then the
  /// JSON path, line and column of its place (those of the parse error underneath, for a
  /// syntax error); nil parts are unknown.
  package var mapwrightPlace: (message: String, path: String?, line: Int?, column: Int?)? {
    guard let context else { return nil }
    if let parse = context.underlyingError as? JSONError { return (parse.message, nil, parse.line, parse.column) }
    // A `@JSONModel` type's problem: the mapping error beneath says it all.
    if let mapping = context.underlyingError as? MappingError { return (mapping.message, mapping.path.description, mapping.line, mapping.column) }
    let missingKey = if case .keyNotFound = self { true } else { false }
    return DecodingErrorPlace.read(context.debugDescription, missingKey: missingKey)
  }

  /// Line and column of the problem, for an error of `MapwrightJSONDecoder` (read back from
  /// the place its description ends with, or from the parse error underneath); nil for
  /// errors from elsewhere.
  public var mapwrightLocation: (line: Int, column: Int)? {
    guard let place = mapwrightPlace, let line = place.line, let column = place.column else { return nil }
    return (line, column)
  }
}
