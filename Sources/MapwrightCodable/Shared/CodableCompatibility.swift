/// Where Foundation's coders accept what RFC 8259 forbids or lose data, which way to go.
///
/// ```swift
/// let decoder = JSONDecoder()                 // MapwrightCodable's
/// try decoder.decode(Int.self, from: "1e-999")   // error: not an integer (Foundation: 0)
/// decoder.compatibility = .foundation
/// try decoder.decode(Int.self, from: "1e-999")   // 0, as Foundation
/// ```
///
/// Every difference is listed in Docs/Codable.md.
public enum CodableCompatibility: Sendable, Hashable {
  /// Follow the standard and say so in the error: no trailing commas outside JSON5 mode, and
  /// a number decodes into an integer type only when its value is exactly an integer
  /// (`1.0` and `1e2` are; `1.000000000000000005` and `1e-999` are not).
  case standard
  /// Reproduce Foundation: trailing commas accepted everywhere, and a number that is not an
  /// integer literal is read as a `Double` first and accepted when that `Double` is integral.
  case foundation
}
