// Generate: the Swift that `@JSONModel` adds to a model. For
//
//   @JSONModel(keys: .snakeCase) struct Issue { var number: Int; @Key("user.login") var login: String }
//
// it adds `init(_jsonReader:)`, which walks the object's members once and switches on the
// field each belongs to (plain keys), then reads key paths and fallbacks, checks required
// keys, and assigns; `encodeJSON(in:)`; and, in an extension, the conformance to JSONModel
// with the table of keys.

struct ModelGenerator {
  let model: ModelDeclaration

  var access: String { model.isPublic ? "public " : "" }

  /// Modifiers of what a subclass overrides: `open`/`public`, and `override` in a subclass.
  var overridable: String {
    (model.isOpen ? "open " : access) + (superclassIsModel ? "override " : "")
  }

  /// A superclass that is a model too (NSObject is a root for mapping).
  var superclassIsModel: Bool { model.superclass.map { $0 != "NSObject" } ?? false }

  /// What a generated initialiser reads from, or an encoding function writes to: the tape of
  /// Mapwright's parse (`_MapwrightRuntime.Reader`, `_MapwrightRuntime.Writer`), or any coder's containers
  /// (`_MapwrightRuntime.CodableReader`, `_MapwrightRuntime.CodableWriter`). One mapping, the same calls, two drivers.
  enum Driver {
    case tape, codable

    /// The initialiser's argument label.
    var readerLabel: String { self == .tape ? "_jsonReader" : "_codableReader" }
  }

  /// `init(_jsonReader:)`, or `init(_codableReader:)` for the Codable driver.
  func decodingInitializer(_ driver: Driver = .tape) -> String {
    let fields = model.fields
    var lines: [String] = []
    let required = model.kind == .class || model.superclass != nil ? "required " : ""
    switch driver {
    case .tape:
      lines.append("\(access)\(required)init(_jsonReader reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) {")
    case .codable:
      lines.append("\(access)\(required)init(_codableReader reader: inout Mapwright._MapwrightRuntime.CodableReader) throws {")
    }
    for (i, property) in fields.enumerated() {
      lines.append("  var _\(i): \(property.type ?? "Never")? = nil")
    }
    // A local of a type that may be a large struct (a nested model) is kept in memory, not
    // copied on every turn of the loop (see `_jsonModelLocal`).
    for (i, property) in fields.enumerated() where property.type.map(Self.mayBeLargeStruct) ?? false {
      lines.append("  Mapwright._jsonModelLocal(&_\(i))")
    }
    let plain = fields.enumerated().filter { $0.element.isPlainKey }
    if driver == .codable {
      // Each plain key looked up in the decoder's container, as synthesised Codable does.
      for (i, property) in plain {
        lines.append("  _\(i) = \(readExpression(property, from: .field(i)))")
      }
    } else if !plain.isEmpty {
      lines.append("  while let member = reader.next() {")
      lines.append("    switch member.field {")
      for (i, property) in plain {
        lines.append("    case \(i):")
        lines.append("      _\(i) = \(readExpression(property, from: .member))")
      }
      lines.append("    default:")
      lines.append("      break")
      lines.append("    }")
      lines.append("  }")
    }
    for (i, property) in fields.enumerated() where property.flatten {
      lines.append("  _\(i) = reader.decodeFlattened(\(property.type ?? "Never").self)")
    }
    for (i, property) in fields.enumerated() where !property.isPlainKey && !property.flatten {
      lines.append("  _\(i) = \(readExpression(property, from: .paths(field: i, stringArray(property.paths))))")
    }
    for (i, property) in fields.enumerated() where property.isRequired && !property.flatten {
      lines.append("  reader.require(_\(i) != nil, \(i))")
    }
    lines.append("  try reader.finish()")
    if usesMemberwiseInitializer {
      lines += memberwiseDelegation()
      lines.append("}")
      return lines.joined(separator: "\n")
    }
    if model.preservesUnknownKeys { lines.append("  self._jsonPreserved = reader.preserved()") }
    for (i, property) in fields.enumerated() {
      let target = "self.\(property.name)"
      let local = localValue(i, property)
      if let defaultValue = property.defaultValue {
        lines += [
          "  if let value = \(local) {", "    \(target) = value", "  } else {", "    reader.noteDefault(\(i))",
          "    \(target) = \(defaultValue)", "  }",
        ]
      } else if property.initializer != nil {
        lines += ["  if let value = \(local) {", "    \(target) = value", "  } else {", "    reader.noteDefault(\(i))", "  }"]
      } else if model.kind != .struct, !property.isLet, property.type?.hasSuffix("?") == true {
        // A class's `var` of type `T?` starts as nil (one spelt `Optional<T>` does not), and
        // writing it again is checked for exclusive access at run time: it is written only
        // when there is a value.
        lines.append("  if case .some(.some(let value)) = \(local) { \(target) = value }")
      } else if property.isOptional {
        lines.append("  \(target) = \(local) ?? nil")
      } else {
        lines.append("  \(target) = \(local)!")
      }
    }
    if let superclass = model.superclass {
      // The superclass reads its own keys, from the same object.
      if superclassIsModel {
        lines.append("  var _superReader = try reader.superclassReader(fields: \(superclass)._jsonModelFields)")
        lines.append("  defer { _superReader.restore() }")
        lines.append("  try super.init(\(driver.readerLabel): &_superReader)")
      } else {
        lines.append("  super.init()")
      }
    }
    for property in fields {
      if let inverse = property.inverse {
        lines.append("  Mapwright._MapwrightRuntime.linkInverse(self.\(property.name), \(inverse), to: self)")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// Whether a struct's decoding initialiser ends by calling Swift's memberwise initialiser
  /// with every value, instead of assigning the properties one by one. Assigned in an
  /// initialiser, a struct of four or more stored properties of which one is a `var` of type
  /// `T?` (which starts as nil before the body runs) is copied whole at the end, every
  /// reference in it retained and released once more (Swift 6.3); the memberwise initialiser
  /// builds the value at once. Used when the memberwise initialiser's parameters are known
  /// (`hasMemberwiseInitializer`), no mapped property has an initial value of its own (kept
  /// by the assigning form when its key is absent), every ignored property has one (so its
  /// parameter can be left out) and no storage is added for unknown keys.
  var usesMemberwiseInitializer: Bool {
    guard model.kind == .struct, model.hasMemberwiseInitializer, !model.preservesUnknownKeys else { return false }
    return model.properties.allSatisfy { property in
      if property.ignored {
        return property.initializer != nil || (!property.isLet && (property.type?.hasSuffix("?") ?? false))
      }
      return property.initializer == nil && property.inverse == nil
    }
  }

  /// `self.init(name: value, …)`, the memberwise initialiser with every mapped property's
  /// value (ignored properties keep their initial values); values with a `@Default` are made
  /// first, noting the default when it is used.
  private func memberwiseDelegation() -> [String] {
    var lines: [String] = []
    var arguments: [String] = []
    var field = 0
    for property in model.properties {
      guard !property.ignored else { continue }
      let i = field
      field += 1
      let local = localValue(i, property)
      let value: String
      if let defaultValue = property.defaultValue {
        lines += [
          "  let _value\(i): \(property.type ?? "Never")", "  if let value = \(local) {", "    _value\(i) = value", "  } else {",
          "    reader.noteDefault(\(i))", "    _value\(i) = \(defaultValue)", "  }",
        ]
        value = "_value\(i)"
      } else if property.isOptional {
        value = "\(local) ?? nil"
      } else {
        value = "\(local)!"
      }
      arguments.append("\(property.name): \(value)")
    }
    lines.append("  self.init(\(arguments.joined(separator: ", ")))")
    return lines
  }

  /// Field `i`'s local as its value is read at the end: a local kept in memory
  /// (`_jsonModelLocal`) is moved out, not copied and destroyed.
  private func localValue(_ i: Int, _ property: PropertyDeclaration) -> String {
    property.type.map(Self.mayBeLargeStruct) ?? false ? "_\(i).take()" : "_\(i)"
  }

  /// Where a property is read from: the member of the one pass, a plain key looked up (the
  /// Codable driver), or key paths and fallbacks.
  enum Source {
    case member
    case field(Int)
    case paths(field: Int, String)

    var arguments: String {
      switch self {
      case .member: "member"
      case .field(let field): "field: \(field)"
      case .paths(let field, let paths): "field: \(field), paths: \(paths)"
      }
    }

    /// A single key's value (not a key path): `null` can be told apart from absence there.
    var isSingleKey: Bool {
      if case .paths = self { return false }
      return true
    }
  }

  /// The expression reading one property.
  private func readExpression(_ property: PropertyDeclaration, from source: Source) -> String {
    let type = property.type ?? "Never"
    let coercion = property.coercion.map { ", coercion: \($0)" } ?? ""
    let arguments = source.arguments
    if let transform = property.transform {
      if source.isSingleKey, property.isOptional { return "reader.decodeOptional(\(arguments), using: \(transform))" }
      return "reader.decode(\(arguments), using: \(transform))"
    }
    if let name = property.transformName {
      return "reader.decode(\(type).self, \(arguments), transformerNamed: \(name))"
    }
    if property.lossy { return "reader.decodeLossy(\(type).self, \(arguments))" }
    if property.defaultOnNull, source.isSingleKey {
      return "reader.decodeUnlessNull(\(type).self, \(arguments)\(coercion))"
    }
    // The Codable driver reads an optional by `decodeIfPresent`; one with a default needs an
    // absent key told apart from `null`.
    if case .field = source, property.isOptional, property.defaultValue != nil || property.initializer != nil {
      return "reader.decode(\(type).self, \(arguments), distinguishingAbsence: true\(coercion))"
    }
    return "reader.decode(\(type).self, \(arguments)\(coercion))"
  }

  /// `encodeJSON(in:)`, or `_jsonModelEncode(to:)` for the Codable driver (the same writes).
  func encodingFunction(_ driver: Driver = .tape) -> String {
    var lines: [String] = []
    let modifiers = model.mappingInBody ? overridable : access
    if driver == .codable {
      lines.append("\(modifiers)func _jsonModelEncode(to writer: inout Mapwright._MapwrightRuntime.CodableWriter) throws {")
      if model.preservesUnknownKeys {
        // What the source had is merged back by `encodeJSON`; its members go to the encoder.
        lines += ["  let json = self.encodeJSON(in: writer.session)", "  try writer.session.throwIfFailed()", "  writer.mergeMembers(of: json)", "}"]
        return lines.joined(separator: "\n")
      }
    } else {
      lines.append("\(modifiers)func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {")
      lines.append("  var writer = Mapwright._MapwrightRuntime.Writer(session: session)")
    }
    if case .discriminator = model.cluster {
      lines.append(
        "  if let cluster = type(of: self)._jsonModelCluster, let key = cluster.discriminator, let tag = cluster.tag(for: type(of: self)) {")
      lines.append("    writer.write(tag, key: key)")
      lines.append("  }")
    }
    if superclassIsModel {
      lines.append(driver == .tape ? "  writer.merge(super.encodeJSON(in: session))" : "  try super._jsonModelEncode(to: &writer)")
    }
    if model.version != nil { lines.append("  writer.recordVersion(Self._jsonModelFields.versioning)") }
    for (i, property) in model.fields.enumerated() {
      let value = "self.\(property.name)"
      if property.flatten {
        lines.append("  writer.merge(\(value))")
        continue
      }
      let path = property.paths[0]
      let target: String
      if path.contains(".") {
        // Split at run time by the engine's one rule (escaped dots, empty components), once.
        target = "path: \(selfType)._jsonModelFields.keyPaths[\(i)].keys"
      } else if case .custom = model.keyNaming, !property.hasKeyAttribute {
        target = "key: Self._jsonModelFields.keys[\(i)]"
      } else {
        target = "key: \(stringLiteral(path))"
      }
      let line: String
      if let transform = property.transform {
        line = "writer.write(\(value), \(target), using: \(transform))"
      } else if let name = property.transformName {
        line = "writer.write(\(value), \(target), transformerNamed: \(name))"
      } else {
        line = "writer.write(\(value), \(target))"
      }
      lines.append(
        property.writesNull ? "  if \(value) == nil { writer.write(Mapwright.JSON.null, \(target)) } else { \(line) }" : "  \(line)")
    }
    if driver == .tape {
      lines.append(model.preservesUnknownKeys ? "  return writer.json(preserving: self._jsonPreserved)" : "  return writer.json")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A class's `init(from:)`: `required`, so subclasses inherit it (a protocol extension's
  /// initialiser cannot be a class's `Decodable` conformance).
  func codableClassInitializer() -> String {
    let modifiers = model.isOpen ? "public " : access
    return [
      "\(modifiers)required convenience init(from decoder: any Decoder) throws {",
      "  try Mapwright._MapwrightRuntime.CodableReader.requireOwnClass(Self.self, in: decoder)",
      "  var reader = try Mapwright._MapwrightRuntime.CodableReader(decoder, fields: Self._jsonModelFields)",
      "  try self.init(_codableReader: &reader)",
      "}",
    ].joined(separator: "\n")
  }

  /// `writeJSON(to:in:)`, streaming the object, for models whose keys are all plain (a key
  /// path or a registry transformer goes through `encodeJSON` instead, the default).
  func streamingFunction() -> String? {
    // A class with subclasses encodes through `encodeJSON`, which they override.
    guard !model.mappingInBody, !model.preservesUnknownKeys, model.version == nil else { return nil }
    guard model.fields.allSatisfy({ $0.isPlainKey && $0.transformName == nil && !$0.flatten }) else { return nil }
    var lines: [String] = []
    lines.append("\(access)func writeJSON(to output: inout Mapwright.JSONOutput, in session: Mapwright.EncodingSession) {")
    lines.append("  output.beginObject()")
    for (i, property) in model.fields.enumerated() {
      let key: String
      if case .custom = model.keyNaming, !property.hasKeyAttribute {
        key = "Self._jsonModelFields.keys[\(i)]"
      } else if property.transform == nil, let json = memberText(property.paths[0]) {
        // A plain key is written as one literal of JSON text: `,"key":`.
        lines.append(
          nullable(
            property, keyArgument: "jsonKey: \(stringLiteral(json))",
            "output.write(self.\(property.name), jsonKey: \(stringLiteral(json)), in: session)"))
        continue
      } else {
        key = stringLiteral(property.paths[0])
      }
      if let transform = property.transform {
        lines.append(
          nullable(property, keyArgument: "key: \(key)", "output.write(self.\(property.name), key: \(key), using: \(transform), in: session)"))
      } else {
        lines.append(nullable(property, keyArgument: "key: \(key)", "output.write(self.\(property.name), key: \(key), in: session)"))
      }
    }
    lines.append("  output.endObject()")
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// A streaming write of `property`, or, with `@WritesNull`, `null` at the same key
  /// (`keyArgument`) when it is nil.
  private func nullable(_ property: PropertyDeclaration, keyArgument: String, _ call: String) -> String {
    guard property.writesNull else { return "  \(call)" }
    return "  if self.\(property.name) == nil { output.write(Mapwright.JSON.null, \(keyArgument), in: session) } else { \(call) }"
  }

  /// Whether a property's type may be a struct of many words: not a collection (one
  /// reference) and not a standard type of a few words; a type the macro cannot see may be.
  static func mayBeLargeStruct(_ type: String) -> Bool {
    TypeText.shape(type) == .other && !TypeText.sendableLeaves.contains(TypeText.unwrapped(type).base)
  }

  /// `,"key":`, the JSON text `JSONOutput.key(json:)` writes for `key`, when the key needs no
  /// escape in JSON (no quote, backslash or control character); nil otherwise.
  private func memberText(_ key: String) -> String? {
    guard !key.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }) else { return nil }
    return ",\"" + key + "\":"
  }

  /// The stored properties the draft initialiser assigns: all but `let`s with a value.
  private var copiedProperties: [PropertyDeclaration] {
    model.properties.filter { !($0.isLet && $0.initializer != nil) }
  }

  /// `_jsonModelProperties`, for `JSONModelCopyable`.
  func propertiesDeclaration() -> String {
    let fieldIndex = Dictionary(uniqueKeysWithValues: model.fields.enumerated().map { ($1.name, $0) })
    let entries = copiedProperties.map { property -> String in
      let json: String
      if property.ignored {
        json = "nil"
      } else if property.flatten {
        json = "[]"
      } else if property.isPlainKey, let i = fieldIndex[property.name], case .custom = model.keyNaming, !property.hasKeyAttribute {
        json = "[Self._jsonModelFields.keys[\(i)]]"
      } else {
        json = stringArray(property.paths)
      }
      return "    .init(\(stringLiteral(property.name)), \\\(selfType).\(property.name), json: \(json)),"
    }
    return (["\(access)static var _jsonModelProperties: [Mapwright._MapwrightRuntime.Property<\(selfType)>] {", "  ["] + entries + ["  ]", "}"])
      .joined(separator: "\n")
  }

  /// `Self` where Swift allows it (a class names itself in property types).
  private var selfType: String { model.kind == .struct ? "Self" : model.name }

  /// `init(_jsonModelDraft:)`: every stored property from the draft.
  func draftInitializer() -> String {
    let type = selfType
    var lines = ["\(access)init(_jsonModelDraft draft: Mapwright.JSONModelDraft<\(type)>) {"]
    for property in copiedProperties {
      lines.append("  self.\(property.name) = draft[dynamicMember: \\\(type).\(property.name)]")
    }
    if model.preservesUnknownKeys { lines.append("  self._jsonPreserved = draft.base._jsonPreserved") }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// `_jsonModelDescribedFields()`: the mapped properties for descriptions, with their
  /// defaults (a subclass's follow its superclass's).
  func describedFieldsFunction() -> String {
    let entries = model.fields.filter { !$0.flatten }.map { property -> String in
      let name = stringLiteral(property.name)
      if let value = property.defaultValue ?? property.initializer {
        return ".init(\(name), self.\(property.name), default: \(value))"
      }
      return ".init(\(name), self.\(property.name))"
    }
    let modifiers = model.mappingInBody ? overridable : access
    let list = "[" + entries.joined(separator: ", ") + "]"
    let body = superclassIsModel ? "super._jsonModelDescribedFields() + \(list)" : list
    return "\(modifiers)func _jsonModelDescribedFields() -> [Mapwright._MapwrightRuntime.DescribedField] {\n  \(body)\n}"
  }

  /// `description`, for the `CustomStringConvertible` conformance.
  func descriptionProperty() -> String {
    "\(access)var description: String {\n  _jsonModelDescription\n}"
  }

  /// Whether the class compares (and hashes) its mapped properties: asked for, or a class
  /// with subclasses (whose levels each compare their own).
  var writesEquality: Bool { model.kind != .struct && (model.asksEquatable || model.mappingInBody) }

  /// `_jsonModelIsEqual(to:)` and `_jsonModelHash(into:)`, overridable, and `==` and
  /// `hash(into:)` where the class asks for them.
  func equalityFunctions() -> [String] {
    let mapped = model.fields
    let modifiers = model.mappingInBody ? overridable : access
    var equal = [
      "\(modifiers)func _jsonModelIsEqual(to other: AnyObject) -> Bool {",
      "  guard let other = other as? \(model.name), type(of: self) == type(of: other) else { return false }",
    ]
    if superclassIsModel { equal.append("  guard super._jsonModelIsEqual(to: other) else { return false }") }
    let comparisons = mapped.map { "Mapwright._MapwrightRuntime.fieldEqual(self.\($0.name), other.\($0.name))" }
    equal.append("  return " + (comparisons.isEmpty ? "true" : comparisons.joined(separator: "\n    && ")))
    equal.append("}")
    var hash = ["\(modifiers)func _jsonModelHash(into hasher: inout Hasher) {"]
    if superclassIsModel { hash.append("  super._jsonModelHash(into: &hasher)") }
    hash += mapped.map { "  Mapwright._MapwrightRuntime.fieldHash(self.\($0.name), into: &hasher)" }
    hash.append("}")
    var result = [equal.joined(separator: "\n"), hash.joined(separator: "\n")]
    if model.asksEquatable && !superclassIsModel {
      result.append("\(access)static func == (lhs: \(model.name), rhs: \(model.name)) -> Bool {\n  lhs._jsonModelIsEqual(to: rhs)\n}")
    }
    if model.asksHashable && !superclassIsModel {
      result.append("\(model.isOpen ? "open " : access)func hash(into hasher: inout Hasher) {\n  _jsonModelHash(into: &hasher)\n}")
    }
    return result
  }

  /// `_jsonModelEntity`: the model as an entity for stores — its primary key, and each
  /// mapped property's key path and type (flattened properties are left out).
  func entityDeclaration() -> String {
    let entries = model.fields.filter { !$0.flatten }.map { property -> String in
      let type = property.type ?? "Never"
      // `Int?.self` and `[Book].self` are fine as written; a function or composition type is not.
      let metatype = type.contains(" ") || type.contains("&") ? "(\(type)).self" : "\(type).self"
      var arguments = "\(stringLiteral(property.name)), key: \(stringLiteral(property.paths.first ?? property.name)), \(metatype)"
      if property.defaultValue != nil || property.initializer != nil { arguments += ", hasDefault: true" }
      if property.lossy { arguments += ", lossy: true" }
      if let transform = property.transform {
        arguments += ", transformer: \(transform)"
      } else if let name = property.transformName {
        arguments += ", transformerNamed: \(name)"
      }
      return "    .init(\(arguments))"
    }
    let key = model.primaryKey.map { stringLiteral($0.name) } ?? "nil"
    let list = entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]"
    return
      "\(access)static var _jsonModelEntity: Mapwright._MapwrightRuntime.Entity? {\n  Mapwright._MapwrightRuntime.Entity(\(selfType).self, primaryKey: \(key), properties: \(list))\n}"
  }

  /// `_jsonModelFieldKeyPaths` and `_jsonModelDecodeField(_:_:)`: each mapped property alone,
  /// for lazy models (`LazyModel` decodes one property on first access).
  func lazyFieldMembers() -> [String] {
    let fields = model.fields
    let paths = fields.map { "\\\(selfType).\($0.name)" }.joined(separator: ", ")
    let keyPaths = "\(access)static var _jsonModelFieldKeyPaths: [AnyKeyPath] { [\(paths)] }"
    var lines = [
      "\(access)static func _jsonModelDecodeField(_ field: Int, _ reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) -> Any {",
      "  switch field {",
    ]
    for (i, property) in fields.enumerated() {
      lines.append("  case \(i):")
      lines.append("    var _\(i): \(property.type ?? "Never")? = nil")
      if property.flatten {
        lines.append("    _\(i) = reader.decodeFlattened(\(property.type ?? "Never").self)")
      } else if property.isPlainKey {
        lines.append("    while let member = reader.next() {")
        lines.append("      guard member.field == \(i) else { continue }")
        lines.append("      _\(i) = \(readExpression(property, from: .member))")
        lines.append("      break")
        lines.append("    }")
      } else {
        lines.append("    _\(i) = \(readExpression(property, from: .paths(field: i, stringArray(property.paths))))")
      }
      if property.isRequired && !property.flatten { lines.append("    reader.require(_\(i) != nil, \(i))") }
      lines.append("    try reader.finish()")
      if let fallback = property.defaultValue ?? property.initializer {
        lines.append("    return _\(i) ?? (\(fallback))")
      } else if property.isOptional {
        lines.append("    return (_\(i) ?? nil) as Any")
      } else {
        lines.append("    return _\(i)!")
      }
    }
    lines += ["  default:", "    throw Mapwright.MappingError(invalidValue: \"no field \\(field)\")", "  }", "}"]
    return [keyPaths, lines.joined(separator: "\n")]
  }

  /// The stored source object of a model that preserves unknown keys.
  func preservedStorage() -> String? {
    model.preservesUnknownKeys ? "var _jsonPreserved = Mapwright.PreservedJSON()" : nil
  }

  /// The static table of keys, for the conformance extension.
  func fieldsDeclaration() -> String { fieldsDeclarations().joined(separator: "\n") }

  /// The table's declarations: one, or for a class with subclasses a stored table and its
  /// overridable accessor.
  func fieldsDeclarations() -> [String] {
    let keys = model.fields.map { $0.isPlainKey ? keyExpression($0.paths[0]) : "nil" }
    // Whole key paths: the engine keeps their first components (by its one key-path rule).
    var otherKnown = Set<String>()
    for property in model.fields where !property.isPlainKey && !property.flatten {
      for path in property.paths { otherKnown.insert(path) }
    }
    var arguments = ["keys: [\(keys.joined(separator: ", "))]"]
    if model.fields.contains(where: { !$0.isPlainKey }) {
      let paths = model.fields.map { $0.isPlainKey ? keyExpression($0.paths[0]) : stringLiteral($0.paths.first ?? "") }
      arguments.append("paths: [\(paths.joined(separator: ", "))]")
    }
    if !otherKnown.isEmpty { arguments.append("otherKnownKeys: \(stringArray(otherKnown.sorted()))") }
    let flattened = model.fields.filter(\.flatten).compactMap(\.type)
    if !flattened.isEmpty {
      arguments.append("flattened: [\(flattened.map { "\($0)._jsonModelFields" }.joined(separator: ", "))]")
    }
    if superclassIsModel, let superclass = model.superclass { arguments.append("superclass: \(superclass)._jsonModelFields") }
    if let coercion = model.coercion { arguments.append("coercion: \(coercion)") }
    if let unknownKeys = model.unknownKeys { arguments.append("unknownKeys: \(unknownKeys)") }
    if let version = model.version {
      var versioning = ["version: \(version)"]
      if let key = model.versionKey { versioning.append("key: \(stringLiteral(key))") }
      if model.hasMigrate { versioning.append("migrate: { try \(model.name).migrate(&$0, from: $1) }") }
      arguments.append("versioning: Mapwright.JSONVersioning(\(versioning.joined(separator: ", ")))")
    }
    let value = "Mapwright._MapwrightRuntime.Fields(\(arguments.joined(separator: ", ")))"
    if model.mappingInBody {
      // Overridable, so a subclass's table is found through the class; stored once per
      // class where Swift allows (not in generic classes).
      return overridableStored("_jsonModelFields", type: "Mapwright._MapwrightRuntime.Fields", value: value)
    }
    if model.isGeneric {
      return ["\(access)static var _jsonModelFields: Mapwright._MapwrightRuntime.Fields { \(value) }"]
    }
    return ["\(access)static let _jsonModelFields = \(value)"]
  }

  /// `class var name: type` computed from `value` once per class (`nameStorage`), or each
  /// time in a generic class (which cannot have stored statics).
  private func overridableStored(_ name: String, type: String, value: String) -> [String] {
    if model.isGeneric { return ["\(overridable)class var \(name): \(type) { \(value) }"] }
    return [
      "private static let \(name)Storage = \(value)",
      "\(overridable)class var \(name): \(type) { \(model.name).\(name)Storage }",
    ]
  }

  /// A class's `_jsonModelCluster`: how a cluster's base chooses the class, and nil in a root
  /// class that is not one (so that its subclasses can override it).
  func clusterDeclarations() -> [String] {
    guard model.mappingInBody else { return [] }
    let value: String
    switch model.cluster {
    case .discriminator(let key, let subclasses)?:
      value = "Mapwright._MapwrightRuntime.Cluster(discriminator: \(stringLiteral(key)), subclasses: \(subclasses))"
    case .closure(let closure)?:
      value = "Mapwright._MapwrightRuntime.Cluster(choosing: \(closure))"
    case nil:
      guard !superclassIsModel else { return [] }
      return ["\(overridable)class var _jsonModelCluster: Mapwright._MapwrightRuntime.Cluster? { nil }"]
    }
    return overridableStored("_jsonModelCluster", type: "Mapwright._MapwrightRuntime.Cluster?", value: value)
  }

  /// A plain key as an expression: a literal, or the custom naming applied at run time.
  private func keyExpression(_ key: String) -> String {
    if case .custom(let expression) = model.keyNaming, let property = model.fields.first(where: { $0.paths == [key] && !$0.hasKeyAttribute }) {
      return "Mapwright.KeyNaming\(expression).key(for: \(stringLiteral(property.name.trimmingBackticks)))"
    }
    return stringLiteral(key)
  }

  private func stringLiteral(_ text: String) -> String { swiftStringLiteral(text) }

  private func stringArray(_ items: [String]) -> String {
    "[" + items.map(stringLiteral).joined(separator: ", ") + "]"
  }
}

/// `text` as a Swift string literal (quotes and backslashes escaped).
func swiftStringLiteral(_ text: String) -> String {
  var escaped = ""
  for character in text {
    if character == "\\" || character == "\"" { escaped.append("\\") }
    escaped.append(character)
  }
  return "\"" + escaped + "\""
}
