// How each kind of type is built during a partial decoding (see PartialJSONScanner.swift for
// what a snapshot hands over). Every type has a `Partial`: by default itself, shown once its
// value is complete; a string shows its text as it grows; an array its completed elements
// and the one in progress; a dictionary its members; `JSON` whatever arrived; an optional its
// wrapped type's partial; a `@JSONModel(partial: true)` model its companion (generated).
//
// What arrives complete is decoded by the engine as a whole decode would (the pending text
// of a level is one small document), so the rules of coercion, keys and transformers are the
// same; only the placing of values into what is being built is written here.

import MapwrightJSON

/// The type a partial decoding builds of `T` (`T.Partial`): written by `@JSONModel(partial:
/// true)` for each property of the companion, `PartialOf<[Item]>` being `[Item.Partial]`.
public typealias PartialOf<T: JSONConvertible> = T.Partial

extension JSONConvertible {
  /// Built only once complete.
  @inlinable
  public static func _partialEmpty(_ update: _MapwrightRuntime.PartialUpdate, level: Int) -> Partial? { nil }
  /// Nothing arrives for a type built only once complete.
  @inlinable
  public static func _partialApply(_ value: inout Partial, _ update: _MapwrightRuntime.PartialUpdate, level: Int) throws(MappingError) {}
  /// Shown only once complete.
  @inlinable
  public static func _partialText(_ text: String) -> Partial? { nil }
  /// Shown only once complete.
  @inlinable
  public static func _partialExtend(_ value: inout Partial, with text: String) -> Bool { false }
}

extension String {
  /// The text so far.
  @inlinable
  public static func _partialText(_ text: String) -> String? { text }

  /// The text so far, with what arrived added in place.
  @inlinable
  public static func _partialExtend(_ value: inout String, with text: String) -> Bool {
    value += text
    return true
  }
}

extension Optional where Wrapped: JSONConvertible {
  /// An optional is built as its wrapped type (nil until something of it arrives).
  public typealias Partial = Wrapped.Partial

  /// The empty partial value of the container at `level`.
  @inlinable
  public static func _partialEmpty(_ update: _MapwrightRuntime.PartialUpdate, level: Int) -> Wrapped.Partial? {
    Wrapped._partialEmpty(update, level: level)
  }

  /// Applies what arrived at `level`.
  @inlinable
  public static func _partialApply(_ value: inout Wrapped.Partial, _ update: _MapwrightRuntime.PartialUpdate, level: Int) throws(MappingError) {
    try Wrapped._partialApply(&value, update, level: level)
  }

  /// The partial value of a string still arriving.
  @inlinable
  public static func _partialText(_ text: String) -> Wrapped.Partial? { Wrapped._partialText(text) }

  /// Adds what arrived of a string to its partial value.
  @inlinable
  public static func _partialExtend(_ value: inout Wrapped.Partial, with text: String) -> Bool {
    Wrapped._partialExtend(&value, with: text)
  }
}

extension Array where Element: JSONConvertible {
  /// The elements that arrived, the last one possibly in progress.
  public typealias Partial = [Element.Partial]

  /// The empty partial value of the container at `level`.
  @inlinable
  public static func _partialEmpty(_ update: _MapwrightRuntime.PartialUpdate, level: Int) -> [Element.Partial]? {
    update.isArray(level) ? [] : nil
  }

  /// Applies what arrived at `level`.
  @inlinable
  public static func _partialApply(_ value: inout [Element.Partial], _ update: _MapwrightRuntime.PartialUpdate, level: Int) throws(MappingError) {
    try update.takePendingElements(into: &value, level: level)
    guard let index = update.openIndex(level) else { return }
    var taken = false
    if let text = update.text(below: level) {
      if index < value.count, update.extendText(Element.self, &value[index], level: level) {
        taken = true
      } else if let partial = Element._partialText(text) {
        if index < value.count { value[index] = partial } else { value.append(partial) }
        taken = true
      }
    } else if index < value.count {
      try Element._partialApply(&value[index], update, level: level + 1)
      taken = true
    } else if let empty = Element._partialEmpty(update, level: level + 1) {
      value.append(empty)
      try Element._partialApply(&value[value.count - 1], update, level: level + 1)
      taken = true
    }
    update.take(taken, level: level + 1)
  }
}

extension Dictionary where Key == String, Value: JSONConvertible {
  /// The members that arrived, the last one possibly in progress.
  public typealias Partial = [String: Value.Partial]

  /// The empty partial value of the container at `level`.
  @inlinable
  public static func _partialEmpty(_ update: _MapwrightRuntime.PartialUpdate, level: Int) -> [String: Value.Partial]? {
    update.isObject(level) ? [:] : nil
  }

  /// Applies what arrived at `level`.
  @inlinable
  public static func _partialApply(
    _ value: inout [String: Value.Partial], _ update: _MapwrightRuntime.PartialUpdate, level: Int
  ) throws(MappingError) {
    if let members = try update.pending([String: Value.Partial].self, level: level) {
      value.merge(members) { _, complete in complete }
    }
    guard let key = update.openKey(level) else { return }
    update.take(try update.apply(Value.self, to: &value[key], level: level), level: level + 1)
  }
}

extension JSON {
  /// Whatever arrived: the members and elements so far, a string's text so far.
  @inlinable
  public static func _partialEmpty(_ update: _MapwrightRuntime.PartialUpdate, level: Int) -> JSON? {
    update.isObject(level) ? .object([:]) : .array([])
  }

  /// The partial value of a string still arriving.
  @inlinable
  public static func _partialText(_ text: String) -> JSON? { .string(text) }

  /// Adds what arrived of a string to its partial value, in place.
  @inlinable
  public static func _partialExtend(_ value: inout JSON, with text: String) -> Bool {
    guard case .string(var string) = value else { return false }
    value = .null  // the string's one owner is then `string`
    string += text
    value = .string(string)
    return true
  }

  /// Applies what arrived at `level`.
  @inlinable
  public static func _partialApply(_ value: inout JSON, _ update: _MapwrightRuntime.PartialUpdate, level: Int) throws(MappingError) {
    // The container is moved out of `value` while it changes, so that its storage has one
    // owner and changes in place (a second owner would make every snapshot copy it whole:
    // quadratic in a long array's length).
    if var members = value._movedObject() {
      defer { value = .object(members) }
      if case .object(let arrived)? = try update.pending(JSON.self, level: level) {
        for (key, member) in arrived { members[key] = member }
      }
      guard let key = update.openKey(level) else { return }
      // The member's own reference dropped (its slot kept), so that the child is changed in place.
      var child = members[key]
      if child != nil { members[key] = .null }
      let taken = try update.apply(JSON.self, to: &child, level: level)
      if let child { members[key] = child }
      update.take(taken, level: level + 1)
    } else if var elements = value._movedArray() {
      defer { value = .array(elements) }
      try [JSON]._partialApply(&elements, update, level: level)
    }
  }

  /// The members of an object, `self` left `null` so that they have no other owner.
  @inlinable
  mutating func _movedObject() -> JSONObject? {
    guard case .object(let members) = self else { return nil }
    self = .null
    return members
  }

  /// The elements of an array, `self` left `null` so that they have no other owner.
  @inlinable
  mutating func _movedArray() -> [JSON]? {
    guard case .array(let elements) = self else { return nil }
    self = .null
    return elements
  }
}
