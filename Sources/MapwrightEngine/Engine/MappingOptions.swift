/// How values of another JSON type are treated.
public enum CoercionPolicy: Sendable, Hashable {
  /// Types must match: `"101"` is not an integer, `2.0` is not an integer.
  case strict
  /// Convert where nothing is lost, and report it: numbers written as strings (`"101"` into an
  /// `Int`), numbers into `String`, `"true"`/`"false"`/`0`/`1` into `Bool`, an integral `2.0`
  /// into an `Int`. Never truncates (`2.5` into an `Int` stays an error) and never wraps.
  case lenient
}

/// What decoding does with keys the model does not map.
public enum UnknownKeyPolicy: Sendable, Hashable {
  case ignore
  /// Each unknown key is an `unknownKey` error.
  case reject
  /// Each unknown key is listed in the report.
  case report
  /// The model keeps its source object and writes its unknown keys back when encoded (a
  /// `@JSONModel` type, or a `Mappable` one that conforms to `JSONPreserving`); elsewhere
  /// as `.ignore`. See `PreservedJSON`.
  case preserve
}

/// Whether decoding stops at the first problem or gathers them all.
public enum ErrorMode: Sendable, Hashable {
  /// Throw the first `MappingError`.
  case stopAtFirst
  /// Keep going and throw every problem together as `MappingErrors`.
  case collectAll
}

/// Options for one decoding.
///
/// ```swift
/// var options = MappingOptions.lenient
/// options.unknownKeys = .report
/// options.errorMode = .collectAll
/// let (user, report) = try User.decodeReporting(json: data, options: options)
/// ```
public struct MappingOptions: Sendable, Hashable {
  /// How values of another JSON type are treated (strict by default).
  public var coercion: CoercionPolicy = .strict
  /// What keys the model does not name become (ignored by default).
  public var unknownKeys: UnknownKeyPolicy = .ignore
  /// Stop at the first error (the default), or collect them all.
  public var errorMode: ErrorMode = .stopAtFirst
  /// How the input is parsed (strict RFC 8259 by default).
  public var parsing = JSONParsingOptions()
  /// Where `@Transform(named:)` looks its transformers up (`.shared` unless given another;
  /// encode with the same registry: `json(transformers:)`, `jsonBytes(_:transformers:)`).
  public var transformers: TransformerRegistry = .shared

  /// Options from their parts; the defaults are strict.
  public init(
    coercion: CoercionPolicy = .strict, unknownKeys: UnknownKeyPolicy = .ignore,
    errorMode: ErrorMode = .stopAtFirst, parsing: JSONParsingOptions = JSONParsingOptions(),
    transformers: TransformerRegistry = .shared
  ) {
    self.coercion = coercion
    self.unknownKeys = unknownKeys
    self.errorMode = errorMode
    self.parsing = parsing
    self.transformers = transformers
  }

  /// The defaults: strict types, unknown keys ignored, stop at the first problem.
  public static var strict: MappingOptions { MappingOptions() }
  /// Lenient coercion, everything else default.
  public static var lenient: MappingOptions { MappingOptions(coercion: .lenient) }
}
