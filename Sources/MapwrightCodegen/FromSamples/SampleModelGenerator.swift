// Swift `@JSONModel` types inferred from sample JSON (`mapwright generate swift SAMPLE.json`).
//
// The samples are folded into one `SampleShape` tree, then each place becomes a Swift type:
// - a key missing from some samples, or null in some, is optional;
// - integers are `Int` when every one fits, else `Int64`, `UInt64`, or `Decimal`; a number with
//   a fraction or exponent makes the place `Double` (`Decimal` with `decimals`);
// - strings are `Date` when every one is an ISO 8601 date-time that a transformer writes back
//   as it was (`.iso8601` for UTC, a `.dateFormat` for one fixed offset; SampleDates.swift),
//   else `String` with a comment; `URL` when every one is an absolute web URL, `UUID` when
//   every one is a UUID;
// - an object is a type named after its key (singular for the elements of an array); one whose
//   keys are ids or dates with values of one shape, or that was always empty, is a
//   `[String: T]` (DictionaryKeys.swift);
// - integers and fractions at one place are `Double`, also across types found similar;
// - a place that held values of different kinds (a string here, a number there), or only
//   nulls and empty arrays, is `JSON`, which keeps whatever it holds.
// With `enums`, a string place with at most 8 distinct values, each seen twice on average, is
// a `String` enum with a `@Fallback case unknown`. Types of identical shape are declared once. Each type takes the `keys:` strategy that
// explains the most of its keys, and `@Key` for the rest. The output is deterministic: the
// same samples give the same bytes.

import Foundation
import MapwrightEngine
import MapwrightJSON
import MapwrightNaming

/// Options of the generated source.
public struct SampleModelOptions: Sendable {
  /// The kind of type generated.
  public enum Declaration: String, Sendable { case `struct`, `class` }
  /// `struct` (the default) or `final class`.
  public var declaration: Declaration = .struct
  /// `let` properties instead of `var`.
  public var immutable = false
  /// Types conform to `Sendable` (a class needs `immutable`).
  public var sendable = false
  /// `public` types and properties.
  public var isPublic = false
  /// Recognise ISO 8601 dates (`Date`); off, they stay `String`.
  public var dates = true
  /// Numbers with a fraction as `Decimal` rather than `Double`.
  public var decimals = false
  /// String places with a few distinct values that repeat become enums with a `@Fallback`
  /// case (`--enums`).
  public var enums = false
  /// Object places whose keys mostly agree are one type, with optionals for the keys some
  /// lack (SimilarShapes.swift); off (`--keep-similar`), each place with a different set of
  /// keys is a type of its own.
  public var mergesSimilarShapes = true
  /// Put before the name of every generated type (`GitHub` makes `GitHubUser`), so that the
  /// types of one API do not clash with another's.
  public var typePrefix = ""

  /// The defaults: structs with `var` properties, dates recognised, similar shapes merged.
  public init() {}
}

/// Infers `@JSONModel` types from samples.
///
/// ```swift
/// var generator = SampleModelGenerator(rootName: "Issue")
/// try generator.add(sample: JSONDocument(#"{"id": 1, "title": "Crash", "closed_at": null}"#).root)
/// let source = generator.source(command: "mapwright generate swift issue.json --name Issue")
/// ```
public struct SampleModelGenerator {
  /// The name of the type of the samples' root.
  public let rootName: String
  /// How the source is written.
  public var options: SampleModelOptions
  /// Everything seen at the root.
  public let shape = SampleShape()
  /// Documents of at least this many bytes are read in parts when one array holds most of
  /// them (`addInParts`).
  var splitThreshold = 8 << 20

  /// A generator whose root type is named `rootName`; add samples, then ask for the source.
  public init(rootName: String, options: SampleModelOptions = SampleModelOptions()) {
    self.rootName = rootName
    self.options = options
  }

  /// Adds one sample of the root type.
  public func add(sample: JSONValue) { shape.add(sample) }

  /// Adds the samples of one input: a JSON document, whose elements are the samples when it is
  /// an array, or with `jsonLines` one document per non-empty line (each read the same way).
  /// A line of JSON Lines that does not parse throws `SampleLineError` (the line's number and
  /// the parser's error, whose line and column are within that line).
  public func addSamples(from bytes: [UInt8], jsonLines: Bool = false) throws {
    guard jsonLines else {
      if bytes.count >= splitThreshold, addInParts(bytes) { return }
      return addDocument(try JSONDocument(bytes))
    }
    var start = 0
    var line = 1
    for end in bytes.indices where bytes[end] == 0x0A {
      try addLine(bytes, start..<end, line: line)
      start = end + 1
      line += 1
    }
    try addLine(bytes, start..<bytes.count, line: line)
  }

  private func addLine(_ bytes: [UInt8], _ range: Range<Int>, line: Int) throws(SampleLineError) {
    guard bytes[range].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    do {
      addDocument(try JSONDocument(Array(bytes[range])))
    } catch {
      throw SampleLineError(line: line, error: error)
    }
  }

  /// Folds a large document without its whole tape: the array that holds most of it
  /// (`LargestArray`) is read in batches of elements found by the stream splitter, each
  /// parsed on its own, and the rest of the document with that array emptied. The shapes are
  /// those a whole parse gives (a test holds the two to the same output); memory is the input
  /// and one batch's tape. False, with nothing folded, when no array is that large or a part
  /// does not parse (the whole parse then reports the error where it is).
  private func addInParts(_ bytes: [UInt8]) -> Bool {
    guard let path = LargestArray.path(in: bytes),
      let runs = try? bytes.withUnsafeBufferPointer({ (buffer) throws(JSONStreamError) in
        try JSONElementRuns.scan(buffer, format: .array(atKeys: path), batchSize: 512, runLength: 512)
      })
    else { return false }
    let batches = runs.batches
    // In the whole document the elements sit below the path's objects and the array.
    var partOptions = JSONParsingOptions()
    partOptions.maximumDepth = max(partOptions.maximumDepth - path.count, 1)
    func part(_ batch: JSONElementRuns.Run) -> JSONDocument? {
      try? JSONDocument([UInt8(ascii: "[")] + bytes[batch.bytes] + [UInt8(ascii: "]")], options: partOptions)
    }
    // Every part is parsed once to check it before anything is folded (so that a failure
    // leaves the shapes as they were), then again to fold it: parsing is fast, and only one
    // part's tape is alive at a time.
    var outer: JSONDocument?
    if !path.isEmpty {
      // The document without the array's elements (an empty array is left as it is).
      var rest = bytes
      if let first = batches.first?.bytes.lowerBound, let last = batches.last?.bytes.upperBound {
        rest = Array(bytes[..<first]) + Array(bytes[last...])
      }
      guard let document = try? JSONDocument(rest) else { return false }
      outer = document
    }
    for batch in batches { guard part(batch) != nil else { return false } }
    // The samples: the outer document (its large array now empty), then the array's elements
    // at their place. At the root, the elements are the samples themselves.
    var place = shape
    if let outer {
      addDocument(outer)
      for key in path {
        guard let member = place.members[key] else { return true }
        place = member
      }
    }
    for batch in batches {
      guard let document = part(batch) else { continue }  // parsed above
      for element in document.root.elements {
        if path.isEmpty { shape.add(element) } else { place.addElement(element) }
      }
    }
    return true
  }

  private func addDocument(_ document: JSONDocument) {
    let root = document.root
    if root.kind == .array {
      for element in root.elements { shape.add(element) }
    } else {
      shape.add(root)
    }
  }

  /// The Swift source. `command` is named in the header comment.
  public func source(command: String) -> String {
    var builder = DeclarationBuilder(options: options)
    let root = builder.rootType(for: shape, named: options.typePrefix + SwiftNames.typeName(forKey: rootName))
    if options.mergesSimilarShapes { builder.mergeSimilarTypes() }
    var lines = [
      "// Generated by `\(command)`.",
      "// Inferred from samples: check the optionals and the types, then edit freely.",
      "",
      "import Foundation",
      "import Mapwright",
    ]
    if let alias = root.alias {
      lines += ["", "\(options.isPublic ? "public " : "")typealias \(root.name) = \(alias)"]
    }
    for declaration in builder.orderedDeclarations() {
      lines.append("")
      lines += declaration.lines
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// A property of a generated type: its Swift name, JSON key, type (`?` when optional) and
/// attributes (`@Transform(.iso8601)`).
typealias GeneratedProperty = (name: String, key: String, type: String, markers: [String])

/// One generated type.
struct GeneratedType {
  var name: String
  var lines: [String]
  /// Generated types its properties use, in order.
  var references: [String]
  /// A model type's properties and `@JSONModel` arguments after the key naming (nil for enums).
  var properties: [GeneratedProperty]? = nil
  var modelArguments: [String] = []
}

/// Turns shapes into declarations, naming and deduplicating types.
struct DeclarationBuilder {
  let options: SampleModelOptions
  var declarations: [String: GeneratedType] = [:]
  var nameBySignature: [String: String] = [:]
  private(set) var rootName = ""

  init(options: SampleModelOptions) { self.options = options }

  /// The root: a model type when the samples are objects; otherwise an alias of what they are.
  mutating func rootType(for shape: SampleShape, named name: String) -> (name: String, alias: String?) {
    rootName = name
    if shape.nonNullKinds == 1, shape.objects > 0, !looksLikeDictionary(shape) {
      return (declare(shape, preferredName: name, parentName: ""), nil)
    }
    // The alias takes the root's name, so the type of the elements or values takes another
    // (a map root `Root` holds `RootValue`s; a root `Events` still holds `Event`s).
    let isMap = shape.objects > 0 && looksLikeDictionary(shape)
    let bare = name.hasPrefix(options.typePrefix) ? String(name.dropFirst(options.typePrefix.count)) : name
    let key = SwiftNames.typeName(forKey: bare, singular: true) == bare ? bare + (isMap ? "Value" : "Element") : bare
    let (type, _) = swiftType(of: shape, key: key, parentName: "", singular: false)
    return (name, type + (shape.nulls > 0 ? "?" : ""))
  }

  /// Declarations from the root, each after the first type that uses it.
  func orderedDeclarations() -> [GeneratedType] {
    var ordered: [GeneratedType] = []
    var seen: Set<String> = []
    var queue = declarations[rootName].map { [$0.name] } ?? declarations.keys.sorted()
    while !queue.isEmpty {
      let name = queue.removeFirst()
      guard !seen.contains(name), let declaration = declarations[name] else { continue }
      seen.insert(name)
      ordered.append(declaration)
      queue += declaration.references
    }
    for name in declarations.keys.sorted() where !seen.contains(name) { ordered.append(declarations[name]!) }
    return ordered
  }

  /// The Swift type of a place (without the optional mark) and the attributes it needs. Without
  /// `transforms` (an enum's associated value, which takes no attribute) dates stay `String`.
  mutating func swiftType(
    of shape: SampleShape, key: String, parentName: String, singular: Bool, transforms: Bool = true
  ) -> (String, [String]) {
    guard shape.nonNullKinds == 1 else {
      if options.enums, shape.nonNullKinds > 1, shape.arrays == 0, shape.objects == 0 {
        let preferredName = options.typePrefix + SwiftNames.typeName(forKey: key, singular: singular)
        return (declareScalarUnion(shape, preferredName: preferredName, parentName: parentName), [])
      }
      return ("JSON", [])
    }
    if shape.bools > 0 { return ("Bool", []) }
    if shape.integers + shape.fractions > 0 {
      if shape.fractions > 0 { return (options.decimals ? "Decimal" : "Double", []) }
      if shape.fitsInt { return ("Int", []) }
      if shape.fitsInt64 { return ("Int64", []) }
      if shape.fitsUInt64 { return ("UInt64", []) }
      return ("Decimal", [])
    }
    if shape.strings > 0 {
      if options.dates, transforms, shape.allDates { return dateType(of: shape) }
      if shape.allURLs { return ("URL", []) }
      if shape.allUUIDs { return ("UUID", []) }
      if options.enums, let values = shape.distinctStrings, values.count <= Self.maximumEnumCases,
        shape.strings >= 2 * values.count
      {
        return (
          declareEnum(
            values.sorted(), preferredName: options.typePrefix + SwiftNames.typeName(forKey: key, singular: singular), parentName: parentName), []
        )
      }
      return ("String", [])
    }
    if shape.arrays > 0 {
      guard let element = shape.element, element.nonNullKinds > 0 else { return ("[JSON]", []) }
      // A transformer of the element applies to each element (`.each`), which null elements
      // would not get through; `JSON` holds null itself.
      let (type, markers) = swiftType(
        of: element, key: key, parentName: parentName, singular: true, transforms: transforms && element.nulls == 0)
      return ("[\(type)\(element.nulls > 0 && type != "JSON" ? "?" : "")]", Self.elementwise(markers, ".each"))
    }
    if looksLikeDictionary(shape) {
      let values = SampleShape(looksForTags: false)
      for memberKey in shape.memberKeys { if let member = shape.members[memberKey] { values.merge(member) } }
      guard values.nonNullKinds > 0 else { return ("[String: JSON]", []) }
      let (type, markers) = swiftType(
        of: values, key: key, parentName: parentName, singular: true, transforms: transforms && values.nulls == 0)
      return ("[String: \(type)\(values.nulls > 0 && type != "JSON" ? "?" : "")]", Self.elementwise(markers, ".eachValue"))
    }
    let preferredName = options.typePrefix + SwiftNames.typeName(forKey: key, singular: singular)
    let name = declare(shape, preferredName: preferredName, parentName: parentName)
    return (name, [])
  }

  /// An element's markers for its array or dictionary: `@Transform(.iso8601)` becomes
  /// `@Transform(.each(.iso8601))` (`wrapper` names the transformer that applies it to each);
  /// comments stay as they are.
  static func elementwise(_ markers: [String], _ wrapper: String) -> [String] {
    markers.map { marker in
      guard marker.hasPrefix("@Transform("), marker.hasSuffix(")") else { return marker }
      return "@Transform(\(wrapper)(" + marker.dropFirst("@Transform(".count).dropLast() + "))"
    }
  }

  /// Declares the type of an object place; returns its name (an existing type's, when one of
  /// the same shape was declared already).
  mutating func declare(_ shape: SampleShape, preferredName: String, parentName: String) -> String {
    if let tag = shape.tag, let name = declareTagged(shape, by: tag, preferredName: preferredName, parentName: parentName) {
      return name
    }
    var usedNames: Set<String> = []
    var properties: [(name: String, key: String, type: String, markers: [String])] = []
    var references: [String] = []
    for key in shape.memberKeys {
      guard let member = shape.members[key] else { continue }
      let name = SwiftNames.uniquePropertyName(forKey: key, used: &usedNames)
      let (type, markers) = swiftType(of: member, key: key, parentName: preferredName, singular: false)
      let optional = member.nulls > 0 || member.count < shape.objects || member.nonNullKinds == 0
      // A member that was null in a sample, and present in every one, is written back as null
      // (a nil optional would be left out, and the data would change on its way through). One
      // sometimes absent, sometimes null cannot say which its nil was: it is left out.
      let nullMarker = member.nulls > 0 && member.count == shape.objects ? [Self.writesNull] : []
      properties.append((name, key, type + (optional && !type.hasSuffix("?") ? "?" : ""), markers + nullMarker))
      references += generatedNames(in: type)
    }
    return declareObject(properties, references: references, preferredName: preferredName, parentName: parentName)
  }

  /// Declares a model type of `properties` (an existing type's name when one with the same
  /// properties and arguments was declared already). `modelArguments` go into
  /// `@JSONModel(…)` after the key strategy (`unknownKeys: .reject`).
  mutating func declareObject(
    _ properties: [(name: String, key: String, type: String, markers: [String])], references: [String], preferredName: String,
    parentName: String, modelArguments: [String] = []
  ) -> String {
    let signature =
      properties.map { "\($0.name)|\($0.key)|\($0.type)|\($0.markers.joined())" }.joined(separator: ",")
      + "|" + modelArguments.joined(separator: ",")
    if let existing = nameBySignature[signature] { return existing }

    let name = uniqueName(preferredName, parentName: parentName)
    nameBySignature[signature] = name
    declarations[name] = GeneratedType(
      name: name, lines: lines(of: name, properties, modelArguments: modelArguments), references: references, properties: properties,
      modelArguments: modelArguments)
    return name
  }

  /// Declares an internally tagged enum of `cases` (lines `  case a(x: Int)`).
  mutating func declareTaggedEnum(
    _ cases: [String], tag: String?, keys: String = "", references: [String], preferredName: String, parentName: String
  ) -> String {
    let signature = "tagged|\(tag ?? "-")|\(keys)|" + cases.joined(separator: "|")
    if let existing = nameBySignature[signature] { return existing }
    let name = uniqueName(preferredName, parentName: parentName)
    let access = options.isPublic ? "public " : ""
    let conformances = options.sendable ? ": Sendable" : ""
    // No tag: an untagged enum, its cases told apart by their shape.
    let arguments = (tag.map { "tag: \(stringLiteral($0))" } ?? "tagging: .untagged") + (keys.isEmpty ? "" : ", keys: \(keys)")
    var lines = ["@JSONModel(\(arguments))", "\(access)enum \(name)\(conformances) {"]
    lines += cases
    lines.append("}")
    nameBySignature[signature] = name
    declarations[name] = GeneratedType(name: name, lines: lines, references: references)
    return name
  }

  /// The type declarations are ordered from.
  mutating func markRoot(_ name: String) { rootName = name }

  /// Reserves `name` for a type declared later (a schema's `$defs` entry that refers to itself).
  mutating func reserve(_ preferred: String) -> String {
    let name = uniqueName(preferred, parentName: "")
    declarations[name] = GeneratedType(name: name, lines: [], references: [])
    return name
  }

  /// The marker of a member that was null in a sample.
  static let writesNull = "@WritesNull"

  /// Declares a reserved type with `properties`.
  mutating func define(
    _ name: String, _ properties: [(name: String, key: String, type: String, markers: [String])], references: [String],
    modelArguments: [String] = []
  ) {
    declarations[name] = GeneratedType(
      name: name, lines: lines(of: name, properties, modelArguments: modelArguments), references: references, properties: properties,
      modelArguments: modelArguments)
  }

  /// The most cases an inferred enum has.
  static let maximumEnumCases = 8

  /// Declares a `String` enum of `values` with a `@Fallback` case for values not seen (named
  /// `unknown`, or `unknown2`… when a value is "unknown").
  mutating func declareEnum(_ values: [String], preferredName: String, parentName: String, closed: Bool = false) -> String {
    // The fallback's name is also its raw value, so it must be neither a case nor a value.
    var fallback = "unknown"
    var suffix = 2
    while values.contains(fallback) || values.contains(where: { SwiftNames.bare(SwiftNames.propertyName(forKey: $0)) == fallback }) {
      fallback = "unknown\(suffix)"
      suffix += 1
    }
    var usedNames: Set<String> = [fallback]
    var cases: [String] = []
    for value in values {
      var name = value.isEmpty ? "empty" : SwiftNames.propertyName(forKey: value)
      while usedNames.contains(SwiftNames.bare(name)) { name = SwiftNames.bare(name) + "Value" }
      usedNames.insert(SwiftNames.bare(name))
      cases.append(SwiftNames.bare(name) == value ? "  case \(name)" : "  case \(name) = \(stringLiteral(value))")
    }
    let signature = (closed ? "closed enum|" : "enum|") + values.joined(separator: "|")
    if let existing = nameBySignature[signature] { return existing }
    let name = uniqueName(preferredName, parentName: parentName)
    let access = options.isPublic ? "public " : ""
    // A closed enum (a schema's `enum`) lists exactly its values, and says so (CaseIterable,
    // which its JSON Schema reads back); an inferred one takes unseen values as its fallback.
    let conformances = ["String"] + (closed ? ["CaseIterable"] : []) + (options.sendable ? ["Sendable"] : [])
    var lines = ["@JSONModel", "\(access)enum \(name): \(conformances.joined(separator: ", ")) {"]
    lines += cases
    if !closed { lines.append("  @Fallback case \(fallback)") }
    lines.append("}")
    nameBySignature[signature] = name
    declarations[name] = GeneratedType(name: name, lines: lines, references: [])
    return name
  }

  /// `preferred`, or when it is taken, the parent's name before it (then a number).
  func uniqueName(_ preferred: String, parentName: String) -> String {
    guard declarations[preferred] != nil || preferred == parentName else { return preferred }
    let unprefixed = String(preferred.dropFirst(options.typePrefix.count))
    var name = parentName + unprefixed
    var suffix = 2
    while declarations[name] != nil {
      name = parentName + unprefixed + "\(suffix)"
      suffix += 1
    }
    return name
  }

  /// The generated types a Swift type text names (`[Label]` → `Label`).
  func generatedNames(in type: String) -> [String] {
    var names: [String] = []
    var current = ""
    for character in type + " " {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
      } else {
        if declarations[current] != nil { names.append(current) }
        current = ""
      }
    }
    return names
  }

  func lines(
    of name: String, _ properties: [(name: String, key: String, type: String, markers: [String])], modelArguments: [String] = []
  ) -> [String] {
    let strategy = SwiftNames.bestStrategy(for: properties.map { ($0.name, $0.key) })
    let access = options.isPublic ? "public " : ""
    let binding = options.immutable ? "let" : "var"
    var conformances: [String] = []
    if options.sendable { conformances.append("Sendable") }
    let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    let arguments = (strategy.source.isEmpty ? [] : ["keys: \(strategy.source)"]) + modelArguments
    var lines = [arguments.isEmpty ? "@JSONModel" : "@JSONModel(\(arguments.joined(separator: ", ")))"]
    switch options.declaration {
    case .struct: lines.append("\(access)struct \(name)\(inheritance) {")
    case .class: lines.append("\(access)final class \(name)\(inheritance) {")
    }
    for property in properties {
      var markers = property.markers
      if strategy.rule.key(for: SwiftNames.bare(property.name)) != property.key {
        markers.insert("@Key(\(stringLiteral(property.key)))", at: 0)
      }
      // A marker that is a comment goes on a line of its own above the property.
      for comment in markers where comment.hasPrefix("//") { lines.append("  \(comment)") }
      markers.removeAll { $0.hasPrefix("//") }
      let prefix = markers.isEmpty ? "" : markers.joined(separator: " ") + " "
      lines.append("  \(prefix)\(access)\(binding) \(property.name): \(property.type)")
    }
    lines.append("}")
    return lines
  }

  /// A Swift string literal for `text` (SwiftSource.swift).
  func stringLiteral(_ text: String) -> String { SwiftSource.stringLiteral(text) }
}
