/// An error writing JSON: a value JSON cannot express, with the path to it.
///
/// ```swift
/// let json: JSON = ["ratio": JSON(Double.nan)]
/// do { _ = try json.jsonString() } catch {
///   print(error)   // $.ratio: NaN cannot be written as JSON
/// }
/// ```
public struct JSONWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A step of the path to the failing value.
  public typealias PathComponent = JSONPath.Component

  /// A stable code for each kind of write error.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public let description: String
    /// NaN or an infinity, which JSON cannot write.
    public static let nonFiniteNumber = Code(description: "nonFiniteNumber")
    /// Nesting deeper than the writer's `maximumDepth`.
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

  /// What kind of error.
  public var code: Code {
    switch kind {
    case .nonFiniteNumber: .nonFiniteNumber
    case .tooDeep: .tooDeep
    }
  }

  /// The path in `$.a.b[0]` form.
  public var pathDescription: String { JSONPath(path).description }

  /// What went wrong, without the path.
  public var message: String {
    switch kind {
    case .nonFiniteNumber(let value):
      "\(value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity") cannot be written as JSON"
    case .tooDeep(let limit):
      "nesting deeper than \(limit) levels"
    }
  }

  /// The path, then the message.
  public var description: String { "\(pathDescription): \(message)" }
}

extension JSONWriteError: MapwrightError {
  /// `code`'s name.
  public var errorCode: String { code.description }
  /// A value JSON cannot hold: `data`.
  public var errorCategory: MapwrightErrorCategory { .data }
  /// The path of the value.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace(path: JSONPath(path)) }
}
