// Similar types, one type: generated model types whose keys mostly agree (`author` with
// `login`, `id`, `url`, and `committer` with those and `email`) become one type whose
// properties missing from either are optional, as a person would write them.
//
// Two model types are similar when the keys they share are at least three quarters of the
// larger key set, every shared key has the same Swift type (optional aside; integers in one
// and fractions in the other are `Double`, as at one place) and attributes in both, their `@JSONModel` arguments agree, and neither refers to the other (a struct cannot
// hold itself). The later type (in the file's order, so the root keeps its name) is merged into
// the earlier one and every mention of it renamed; this repeats until no pair is similar, so
// that types which differ only in nested types that are themselves similar merge too. Merging
// keeps every sample decodable: a key either type may lack is optional, and shared keys keep
// their type. The pass compares the generated types (a few dozen), not the samples.

import MapwrightEngine

extension DeclarationBuilder {
  /// The most model types compared (beyond, the file is left as it is).
  static let maximumMergedTypes = 500

  mutating func mergeSimilarTypes() {
    // Passes over all pairs until one merges nothing: a merge can make other pairs similar
    // (their nested types are now one), rarely more than two or three passes.
    var merged = true
    var changed: Set<String> = []
    defer {
      // Lines are written once at the end, not after every rename (a root of hundreds of
      // properties would be written once per merge).
      for name in changed {
        guard var declaration = declarations[name] else { continue }
        if let properties = declaration.properties {
          declaration.lines = lines(of: name, properties, modelArguments: declaration.modelArguments)
        }
        declarations[name] = declaration
      }
    }
    while merged {
      merged = false
      let order = orderedDeclarations().filter { $0.properties != nil }.map(\.name)
      guard order.count <= Self.maximumMergedTypes else { return }
      for (index, first) in order.enumerated() where declarations[first] != nil {
        for second in order[(index + 1)...] {
          guard let x = declarations[first], let y = declarations[second], similar(x, y),
            !reaches(first, second), !reaches(second, first)
          else { continue }
          changed.formUnion(merge(second, into: first))
          merged = true
        }
      }
    }
  }

  private func similar(_ x: GeneratedType, _ y: GeneratedType) -> Bool {
    guard let xs = x.properties, let ys = y.properties, x.modelArguments == y.modelArguments else { return false }
    let larger = max(xs.count, ys.count)
    guard larger > 0, 4 * min(xs.count, ys.count) >= 3 * larger else { return false }
    var byKey: [String: GeneratedProperty] = [:]
    for property in xs { byKey[property.key] = property }
    var shared = 0
    for property in ys {
      guard let other = byKey[property.key] else { continue }
      guard Self.unified(Self.required(other.type), Self.required(property.type)) != nil, other.markers == property.markers else {
        return false
      }
      shared += 1
    }
    return 4 * shared >= 3 * larger
  }

  /// Whether `target` is among the types `start` uses, directly or not.
  private func reaches(_ start: String, _ target: String) -> Bool {
    var queue = declarations[start]?.references ?? []
    var seen: Set<String> = []
    while let name = queue.popLast() {
      if name == target { return true }
      guard seen.insert(name).inserted else { continue }
      queue += declarations[name]?.references ?? []
    }
    return false
  }

  /// Merges `second` into `first`; returns the model types whose lines are to be written again.
  private mutating func merge(_ second: String, into first: String) -> Set<String> {
    guard let x = declarations[first], let y = declarations[second], var properties = x.properties, let others = y.properties else { return [] }
    let otherKeys = Set(others.map(\.key))
    var index: [String: Int] = [:]
    var used: Set<String> = []
    for (i, property) in properties.enumerated() {
      index[property.key] = i
      used.insert(SwiftNames.bare(property.name))
      if !otherKeys.contains(property.key) { properties[i].type = Self.optional(property.type) }
    }
    for property in others {
      if let i = index[property.key] {
        let optional = property.type.hasSuffix("?") || properties[i].type.hasSuffix("?")
        let type = Self.unified(Self.required(properties[i].type), Self.required(property.type)) ?? Self.required(properties[i].type)
        properties[i].type = optional ? Self.optional(type) : type
        if property.markers.contains(Self.writesNull), !properties[i].markers.contains(Self.writesNull) {
          properties[i].markers.append(Self.writesNull)
        }
      } else {
        let name = SwiftNames.uniquePropertyName(forKey: property.key, used: &used)
        properties.append((name, property.key, Self.optional(property.type), property.markers))
      }
    }
    declarations[second] = nil
    declarations[first] = GeneratedType(
      name: first, lines: x.lines, references: Self.unique(x.references + y.references.filter { $0 != first && $0 != second }),
      properties: properties, modelArguments: x.modelArguments)
    var changed: Set<String> = [first]
    for name in declarations.keys.sorted() where rename(second, to: first, in: name) { changed.insert(name) }
    return changed
  }

  /// Replaces the type name `old` with `new` in the declaration `name` (a model type's lines
  /// are left to the caller); true when it named `old`.
  private mutating func rename(_ old: String, to new: String, in name: String) -> Bool {
    guard var declaration = declarations[name], declaration.references.contains(old) else { return false }
    declaration.references = Self.unique(declaration.references.map { $0 == old ? new : $0 })
    if var properties = declaration.properties {
      for i in properties.indices { properties[i].type = Self.replacingName(old, with: new, in: properties[i].type) }
      declaration.properties = properties
    } else {
      declaration.lines = declaration.lines.map { Self.replacingName(old, with: new, in: $0) }
    }
    declarations[name] = declaration
    return true
  }

  /// `text` with every whole-word `old` outside string literals replaced by `new`.
  static func replacingName(_ old: String, with new: String, in text: String) -> String {
    var result = ""
    var word = ""
    var inLiteral = false
    var escaped = false
    func flush() {
      result += word == old ? new : word
      word = ""
    }
    for character in text {
      if inLiteral {
        result.append(character)
        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inLiteral = false }
      } else if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else {
        flush()
        result.append(character)
        if character == "\"" { inLiteral = true }
      }
    }
    flush()
    return result
  }

  /// One type for two places: the same type, or the same with integers in one where the other
  /// has fractions (`Int` and `Double` are `Double`; `[Int]` and `[Decimal]` are `[Decimal]`);
  /// nil when they differ otherwise.
  static func unified(_ a: String, _ b: String) -> String? {
    if a == b { return a }
    for fraction in ["Double", "Decimal"] {
      func widened(_ type: String) -> String {
        replacingName("Int64", with: fraction, in: replacingName("Int", with: fraction, in: type))
      }
      if widened(a) == widened(b), a.contains(fraction) || b.contains(fraction) { return widened(a) }
    }
    return nil
  }

  private static func required(_ type: String) -> String { type.hasSuffix("?") ? String(type.dropLast()) : type }
  private static func optional(_ type: String) -> String { type.hasSuffix("?") ? type : type + "?" }

  private static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}
