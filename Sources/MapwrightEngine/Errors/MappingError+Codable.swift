// Codable's error contract for `@JSONModel` types: whichever coder decodes a model, what it
// throws is a `DecodingError` (`keyNotFound`, `typeMismatch`, `valueNotFound`,
// `dataCorrupted`) with the coder's whole coding path, and the engine's `MappingError` — the
// JSON path, line and column where known, what the rule said — rides as its underlying
// error. Servers and other code that catch `DecodingError` (Hummingbird, Vapor) answer 400
// with their usual message; code that wants Mapwright's place reads `mappingError`.

import MapwrightJSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A coding key for any member name or array index: the keys of `@JSONModel` types read and
/// written through other coders' containers, and the keys of coding paths made from JSON paths.
public struct JSONCodingKey: CodingKey, Sendable, Hashable {
  /// The member name (the index's digits for an array index).
  public let stringValue: String
  /// The array index, for an element.
  public let intValue: Int?

  /// The key of a member.
  public init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  /// The key of an array element.
  public init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension CodingUserInfoKey {
  /// The `MappingOptions` a `@JSONModel` type is decoded or encoded with through a coder
  /// that is not Mapwright's: put them in the coder's `userInfo`.
  ///
  /// ```swift
  /// let decoder = JSONDecoder()
  /// decoder.userInfo[.mapwrightOptions] = MappingOptions.lenient
  /// let issue = try decoder.decode(Issue.self, from: data)   // "101" read as 101
  /// ```
  public static let mapwrightOptions = CodingUserInfoKey(rawValue: "Mapwright.MappingOptions")!
}

extension JSONPath {
  /// A coding path as a JSON path (`$.items[1].number`): integer keys are array indices.
  package init(codingPath: [any CodingKey]) {
    self.init(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
  }

  /// The path as coding keys.
  package var codingKeys: [any CodingKey] {
    components.map { component in
      switch component {
      case .key(let key): JSONCodingKey(stringValue: key)
      case .index(let index): JSONCodingKey(intValue: index)
      }
    }
  }
}

extension MappingError {
  /// The error as Codable reports it, at `codingPath` followed by this error's own path: a
  /// missing key is `keyNotFound`, a value of another type `typeMismatch` (of `type`), any
  /// other problem `dataCorrupted`. The error, placed at the whole path, is the underlying
  /// error; under a non-empty `codingPath` its line and column are dropped (they were the
  /// place in a piece read from another coder, not in its input).
  ///
  /// ```swift
  /// catch let error as DecodingError {
  ///   error.mappingError?.path   // $.items[1].number
  /// }
  /// ```
  public func decodingError(_ type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
    let full = codingPath + path.codingKeys
    let placed = codingPath.isEmpty ? self : moved(to: JSONPath(codingPath: full), line: nil, column: nil)
    switch describedKind {
    case .missingKey:
      let key = full.last ?? JSONCodingKey(stringValue: "")
      let context = DecodingError.Context(
        codingPath: Array(full.dropLast()),
        debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\"): \(placed)", underlyingError: placed)
      return .keyNotFound(key, context)
    case .typeMismatch, .typeMismatchAtPlace:
      return .typeMismatch(type, DecodingError.Context(codingPath: full, debugDescription: "\(placed)", underlyingError: placed))
    default:
      return .dataCorrupted(DecodingError.Context(codingPath: full, debugDescription: "\(placed)", underlyingError: placed))
    }
  }
}

extension DecodingError {
  /// The `MappingError` a `@JSONModel` type's decoding found, when this error carries one.
  public var mappingError: MappingError? { context?.underlyingError as? MappingError }

  /// The error's context (nil for a case added after this was written).
  package var context: Context? {
    switch self {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context): context
    @unknown default: nil
    }
  }
}
