// The fast path of generated model readers: values whose JSON type matches exactly are read
// straight from the tape (no view, no session). Anything else — a coercion, a null, an error
// — returns nil, and the reader falls back to the engine, which gives the same value or the
// same error with its path. The fast path never accepts what the engine would reject, so the
// result does not depend on which path ran.

extension _MapwrightRuntime {
  /// A value that can be read straight from the tape when its JSON type matches exactly.
  public protocol RawDecodable {
    static func decodeRaw(_ raw: _MapwrightRuntime.RawJSON, at index: Int) -> Self?
  }
}

extension String: _MapwrightRuntime.RawDecodable {
  /// The string at `index`, or nil when it is not a string.
  @inlinable
  public static func decodeRaw(_ raw: _MapwrightRuntime.RawJSON, at index: Int) -> String? { raw.string(at: index) }
}

extension Bool: _MapwrightRuntime.RawDecodable {
  /// The Boolean at `index`, or nil when it is not `true` or `false`.
  @inlinable
  public static func decodeRaw(_ raw: _MapwrightRuntime.RawJSON, at index: Int) -> Bool? { raw.bool(at: index) }
}

extension Double: _MapwrightRuntime.RawDecodable {
  /// The number at `index` as a `Double`, or nil when it is not a number.
  @inlinable
  public static func decodeRaw(_ raw: _MapwrightRuntime.RawJSON, at index: Int) -> Double? { raw.double(at: index) }
}

extension _MapwrightRuntime.RawDecodable where Self: FixedWidthInteger {
  /// The integer at `index`, or nil when it is not an integer that fits `Self`.
  @inlinable
  public static func decodeRaw(_ raw: _MapwrightRuntime.RawJSON, at index: Int) -> Self? { raw.integer(at: index, as: Self.self) }
}

extension Int: _MapwrightRuntime.RawDecodable {}
extension Int8: _MapwrightRuntime.RawDecodable {}
extension Int16: _MapwrightRuntime.RawDecodable {}
extension Int32: _MapwrightRuntime.RawDecodable {}
extension Int64: _MapwrightRuntime.RawDecodable {}
extension UInt: _MapwrightRuntime.RawDecodable {}
extension UInt8: _MapwrightRuntime.RawDecodable {}
extension UInt16: _MapwrightRuntime.RawDecodable {}
extension UInt32: _MapwrightRuntime.RawDecodable {}
extension UInt64: _MapwrightRuntime.RawDecodable {}

extension Optional: _MapwrightRuntime.RawDecodable where Wrapped: _MapwrightRuntime.RawDecodable {
  /// `.some(nil)` for `null`, the wrapped value read straight, or nil to fall back.
  @inlinable
  public static func decodeRaw(_ raw: _MapwrightRuntime.RawJSON, at index: Int) -> Wrapped?? {
    if raw.isNull(at: index) { return .some(nil) }
    return Wrapped.decodeRaw(raw, at: index).map { .some($0) }
  }
}

extension Array: _MapwrightRuntime.RawDecodable where Element: _MapwrightRuntime.RawDecodable {
  /// Every element read straight, or nil when one of them needs the engine.
  @inlinable
  public static func decodeRaw(_ raw: _MapwrightRuntime.RawJSON, at index: Int) -> [Element]? {
    guard raw.isArray(at: index) else { return nil }
    let count = raw.count(at: index)
    if count == 2 {
      // Pairs (a point's coordinates, a range) made whole by a literal: one allocation of
      // the final size, without the growing array's reserve and appends.
      guard let first = Element.decodeRaw(raw, at: index + 1),
        let second = Element.decodeRaw(raw, at: raw.next(after: index + 1))
      else { return nil }
      return [first, second]
    }
    var result: [Element] = []
    result.reserveCapacity(count)
    var element = index + 1
    for _ in 0..<count {
      guard let value = Element.decodeRaw(raw, at: element) else { return nil }
      result.append(consume value)
      element = raw.next(after: element)
    }
    return result
  }
}
