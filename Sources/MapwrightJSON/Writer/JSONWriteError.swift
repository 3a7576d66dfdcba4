/// An error writing JSON: a value JSON cannot express, with the path to it.
///
/// ```swift
/// let json: JSON = ["ratio": JSON(Double.nan)]
/// do { _ = try json.jsonString() } catch {
///   print(error)   // $.ratio: NaN cannot be written as JSON
/// }
/// ```
public struct JSONWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  public typealias PathComponent = JSONPath.Component

  public struct Code: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public static let nonFiniteNumber = Code(description: "nonFiniteNumber")
    public static let tooDeep = Code(description: "tooDeep")
  }

  enum Kind: Sendable, Hashable {
    case nonFiniteNumber(Double)
    case tooDeep(Int)
  }

  let kind: Kind
  /// The path from the root to the failing value.
  public let path: [PathComponent]

  init(_ kind: Kind, path: [PathComponent]) {
    self.kind = kind
    self.path = path
  }

  /// The same error one level further out.
  func inside(_ component: PathComponent) -> JSONWriteError {
    JSONWriteError(kind, path: [component] + path)
  }

  public var code: Code {
    switch kind {
    case .nonFiniteNumber: .nonFiniteNumber
    case .tooDeep: .tooDeep
    }
  }

  /// The path in `$.a.b[0]` form.
  public var pathDescription: String { JSONPath(path).description }

  public var message: String {
    switch kind {
    case .nonFiniteNumber(let value):
      "\(value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity") cannot be written as JSON"
    case .tooDeep(let limit):
      "nesting deeper than \(limit) levels"
    }
  }

  public var description: String { "\(pathDescription): \(message)" }
}
