// ObjectMapper's operators. `<-` maps a property in both directions (it reads when the map
// reads, writes when it writes); `>>>` only writes, for immutable properties.
//
// One overload serves every `JSONConvertible` type — scalars, models, optionals, arrays, sets,
// dictionaries and any nesting of them — because the engine decodes them all; enums and
// transforms have their own overloads below and in the files beside this one.

infix operator <- : DefaultPrecedence
infix operator >>> : DefaultPrecedence

/// Maps a property both ways: reads it when the map reads, writes it when the map writes.
///
/// ```swift
/// name <- map["name"]
/// ```
@inlinable
public func <- <T: JSONConvertible>(left: inout T, right: Map) {
  switch right.mappingType {
  case .fromJSON: right.read(into: &left)
  case .toJSON: right.write(left)
  }
}

/// Writes a property (to JSON only), for `let` properties.
@inlinable
public func >>> <T: JSONConvertible>(left: T, right: Map) {
  right.write(left)
}

// Optionals of convertible values have their own overloads so that they rank above the
// optional form of the Foundation fallback below (the engine decodes them as any value).

/// Maps an optional property both ways (`null` reads as nil).
@inlinable
public func <- <T: JSONConvertible>(left: inout T?, right: Map) {
  switch right.mappingType {
  case .fromJSON: right.read(into: &left)
  case .toJSON: right.write(left)
  }
}

/// Writes an optional property (to JSON only).
@inlinable
public func >>> <T: JSONConvertible>(left: T?, right: Map) {
  right.write(left)
}

// MARK: Any other type, cast from Foundation objects

// A property of a type that is neither convertible nor a model (`NSNumber`, `[NSNumber]`,
// `[String: NSNumber]`, a Foundation class) is read as ObjectMapper read it: the JSON value as
// Foundation objects, cast to the property's type. A value that does not cast is a problem
// (recorded), and the property is left as it was.

/// Maps a property of a type that is not `JSONConvertible` both ways, as Foundation objects cast to its type.
public func <- <T>(left: inout T, right: Map) {
  switch right.mappingType {
  case .fromJSON: right.readFoundation(into: &left)
  case .toJSON: left >>> right
  }
}

/// Maps an optional property of a type that is not `JSONConvertible`, as Foundation objects cast to its type.
public func <- <T>(left: inout T?, right: Map) {
  switch right.mappingType {
  case .fromJSON: right.readFoundationOptional(into: &left)
  case .toJSON: left >>> right
  }
}

// `Any` itself has its own overloads and reader. Passed to a generic `inout T`, an `Any` is
// opened to the type of the value it holds (`T` becomes `Bool` for `var anyObject: Any = true`,
// and `"STRING"` then fails to cast); through the generic operators Swift 6.3 even crashes.

/// Maps an `Any` property both ways, as the Foundation object the JSON value is.
public func <- (left: inout Any, right: Map) {
  switch right.mappingType {
  case .fromJSON: right.readAny(into: &left)
  case .toJSON: left >>> right
  }
}

/// Maps an optional `Any` property both ways, as the Foundation object the JSON value is.
public func <- (left: inout Any?, right: Map) {
  switch right.mappingType {
  case .fromJSON: right.readFoundationOptional(into: &left)
  case .toJSON: left >>> right
  }
}

/// Writes a value of a type that is not `JSONConvertible` as the Foundation object it is.
public func >>> <T>(left: T, right: Map) {
  right.writeFoundation(left)
}

/// Writes an optional value of a type that is not `JSONConvertible` as the Foundation object it is.
public func >>> <T>(left: T?, right: Map) {
  right.writeFoundation(left)
}

extension Map {
  /// Reads the current value as Foundation objects cast to `T`; a null leaves it unchanged.
  func readFoundation<T>(into field: inout T) {
    read(into: &field) { value, _ in
      guard let object = MapwrightJSON.JSON(value).foundationObject as? T else {
        throw MappingError.typeMismatch(expected: "\(T.self)", at: value)
      }
      return object
    }
  }

  /// Reads the current value as Foundation objects into an `Any` (not opened: see above); a
  /// null is `NSNull`, as ObjectMapper assigns it.
  func readAny(into field: inout Any) {
    var read: Any? = nil
    self.read(into: &read) { value, _ in MapwrightJSON.JSON(value).foundationObject }
    if let read { field = read }
  }

  /// As `readFoundation`, with null read as nil (and, in ObjectMapper's forms, a value that does
  /// not cast).
  func readFoundationOptional<T>(into field: inout T?) {
    read(into: &field) { value, session -> T? in
      if value.isNull { return nil }
      guard let object = MapwrightJSON.JSON(value).foundationObject as? T else {
        if session.discardsPropertyProblems { return nil }  // ObjectMapper's forms: nil, as it set

        throw MappingError.typeMismatch(expected: "\(T.self)", at: value)
      }
      return object
    }
  }
}
