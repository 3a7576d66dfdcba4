// Codable's own errors, which the drop-in coders and `@JSONModel`'s Codable conformances throw
// by Codable's contract, seen through Mapwright's error protocol: the case's name as the code,
// the `MappingError` they carry (when they carry one) for the category and the place, else the
// coding path.

import MapwrightJSON

extension DecodingError: MapwrightError {
  /// The case's name: `keyNotFound`, `typeMismatch`, `valueNotFound`, `dataCorrupted`.
  public var errorCode: String {
    switch self {
    case .keyNotFound: "keyNotFound"
    case .typeMismatch: "typeMismatch"
    case .valueNotFound: "valueNotFound"
    case .dataCorrupted: "dataCorrupted"
    @unknown default: "decodingError"
    }
  }

  /// The category of the error it carries (a parse error's, a `MappingError`'s), else `data`.
  public var errorCategory: MapwrightErrorCategory { wrappedErrorCategory(of: context?.underlyingError, else: .data) }

  /// The carried error's place, else the coding path as a JSON path.
  public var errorPlace: MapwrightErrorPlace {
    if let inner = context?.underlyingError as? any MapwrightError, inner.errorPlace != MapwrightErrorPlace() {
      return inner.errorPlace
    }
    return MapwrightErrorPlace(path: context.map { JSONPath(codingPath: $0.codingPath) })
  }
}

extension EncodingError: MapwrightError {
  /// `invalidValue`.
  public var errorCode: String { "invalidValue" }
  /// `data`: a value the encoder cannot write.
  public var errorCategory: MapwrightErrorCategory { .data }
  /// The coding path as a JSON path.
  public var errorPlace: MapwrightErrorPlace {
    switch self {
    case .invalidValue(_, let context): MapwrightErrorPlace(path: JSONPath(codingPath: context.codingPath))
    @unknown default: MapwrightErrorPlace()
    }
  }
}
