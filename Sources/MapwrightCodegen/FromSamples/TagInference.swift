// Tags in samples: objects at one place told apart by a string member with a few values
// (`{"type": "Point", "coordinates": [1, 2]}` beside `{"type": "Polygon", "coordinates":
// [[[…]]]}`) become an internally tagged enum, one case per value, when splitting by that
// member explains the variation the place shows.
//
// While folding, each object place keeps, for every member that may still be such a tag
// (present in every object so far, always a string, at most 16 values), the objects split by
// its value, each part a shape of its own (which does not look for tags itself). A member that
// fails any of these is dropped at once; the rest are judged at checkpoints (after 256, 2,048,
// 16,384… objects) and dropped when they do not fit, so that a member like a language code
// costs a second fold of its place for a few hundred objects only.
//
// Only a member named like a tag is followed (`type`, `kind`, `event`, `action`, `op`,
// `variant`, `__typename`, `@type`, and any key ending in `type` or `kind`): samples often
// repeat one object (the same retweeted status), and then any member, a date as well as a
// language code, splits them into parts that look regular by chance. A split fits when it has
// 2 to 16 values, the place has some variation (members absent from some objects, places that
// held values of several kinds, counted through the whole subtree), and its parts' variation
// added up is at most half of it.

import MapwrightEngine
import MapwrightJSON

/// The objects of one place split by the value of one member.
final class TagSplit {
  let key: String
  /// Values in the order first seen.
  private(set) var values: [String] = []
  private(set) var parts: [String: SampleShape] = [:]

  init(key: String) { self.key = key }

  /// Folds `object`, whose tag is `value`; false once the split has too many values.
  func add(_ object: JSONValue, value: String) -> Bool {
    if let part = parts[value] {
      part.add(object)
      return true
    }
    guard values.count < SampleShape.maximumTagValues else { return false }
    let part = SampleShape(looksForTags: false)
    values.append(value)
    parts[value] = part
    part.add(object)
    return true
  }
}

extension SampleShape {
  /// The most values a tag has (the cases of its enum).
  static let maximumTagValues = 16
  /// The most members of one place followed as possible tags.
  static let maximumTagCandidates = 8

  /// Follows the possible tags of this place with one more object (already counted).
  func splitByTags(_ object: JSONValue) {
    if objects == 1 {
      for item in object.members
      where item.value.kind == .string && tagSplits.count < Self.maximumTagCandidates && Self.isTagName(item.key) {
        if !tagSplits.contains(where: { $0.key == item.key }) { tagSplits.append(TagSplit(key: item.key)) }
      }
    }
    guard !tagSplits.isEmpty else { return }
    tagSplits.removeAll { split in
      guard let value = object[split.key], value.kind == .string, let text = value.stringValue else { return true }
      return !split.add(object, value: text)
    }
    if objects >= 256, objects & (objects - 1) == 0, objects.trailingZeroBitCount % 3 == 2 {
      tagSplits.removeAll { !fits($0) }
    }
  }

  /// The split that best explains this place's objects, if one fits.
  var tag: TagSplit? {
    tagSplits.filter { fits($0) }.min { partsVariation($0) < partsVariation($1) }
  }

  private func fits(_ split: TagSplit) -> Bool {
    guard split.values.count >= 2, split.values.count <= Self.maximumTagValues else { return false }
    let own = variation
    return own > 0 && 2 * partsVariation(split) <= own
  }

  private func partsVariation(_ split: TagSplit) -> Int {
    split.values.reduce(0) { $0 + (split.parts[$1]?.variation ?? 0) }
  }

  /// Members absent from some objects, and places that held several kinds of value, counted
  /// through the subtree.
  var variation: Int {
    var total = nonNullKinds > 1 ? 1 : 0
    for key in memberKeys {
      guard let member = members[key] else { continue }
      if member.count < objects { total += 1 }
      total += member.variation
    }
    if let element { total += element.variation }
    return total
  }

  /// Keys that name a kind: `type`, `kind`, `event`, `__typename`, `eventType`, `object_kind`…
  static func isTagName(_ key: String) -> Bool {
    let lower = key.lowercased()
    let bare = String(lower.drop { $0 == "_" || $0 == "@" || $0 == "$" })
    if ["type", "kind", "event", "tag", "typename", "variant", "op", "action", "object", "shape"].contains(bare) { return true }
    return lower.hasSuffix("type") || lower.hasSuffix("kind")
  }
}

extension DeclarationBuilder {
  /// Declares the tagged enum of a place split by `split`: a case per value (in the order
  /// first seen), carrying that part's other members. Nil when the enum cannot say it: two
  /// values with one case name, or keys that no single `keys:` naming gives the labels
  /// (associated values have no `@Key`).
  mutating func declareTagged(_ shape: SampleShape, by split: TagSplit, preferredName: String, parentName: String) -> String? {
    // The types declared for the cases go again if the enum cannot be said.
    let before = self
    guard let name = declareTaggedCases(split, preferredName: preferredName, parentName: parentName) else {
      self = before
      return nil
    }
    return name
  }

  private mutating func declareTaggedCases(_ split: TagSplit, preferredName: String, parentName: String) -> String? {
    // An object member whose keys differ between cases is a type per case (`PushEventPayload`).
    var keySets: [String: Set<[String]>] = [:]
    for value in split.values {
      guard let part = split.parts[value] else { continue }
      for key in part.memberKeys where key != split.key {
        if let member = part.members[key], member.objects > 0 { keySets[key, default: []].insert(member.memberKeys.sorted()) }
      }
    }
    var cases: [(value: String, name: String, values: [(label: String, key: String, type: String)])] = []
    var usedCases: Set<String> = []
    var references: [String] = []
    for value in split.values {
      guard let part = split.parts[value] else { continue }
      let caseName = value.isEmpty ? "empty" : SwiftNames.propertyName(forKey: value)
      guard usedCases.insert(SwiftNames.bare(caseName)).inserted else { return nil }
      let caseType = options.typePrefix + SwiftNames.typeName(forKey: value)
      var used: Set<String> = []
      var values: [(label: String, key: String, type: String)] = []
      for key in part.memberKeys where key != split.key {
        guard let member = part.members[key] else { continue }
        let label = SwiftNames.uniquePropertyName(forKey: key, used: &used)
        let namingKey = (keySets[key]?.count ?? 0) > 1 ? value + " " + key : key
        let (type, _) = swiftType(of: member, key: namingKey, parentName: caseType, singular: false, transforms: false)
        let optional = member.nulls > 0 || member.count < part.objects || member.nonNullKinds == 0
        values.append((label, key, type + (optional && !type.hasSuffix("?") ? "?" : "")))
        references += generatedNames(in: type)
      }
      cases.append((value, caseName, values))
    }
    let pairs = cases.flatMap { $0.values.map { (name: $0.label, key: $0.key) } }
    let strategy = SwiftNames.bestStrategy(for: pairs)
    guard pairs.allSatisfy({ strategy.rule.key(for: SwiftNames.bare($0.name)) == $0.key }) else { return nil }
    let lines = cases.map { enumCase in
      let payload = enumCase.values.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
      let declaration = payload.isEmpty ? "case \(enumCase.name)" : "case \(enumCase.name)(\(payload))"
      return SwiftNames.bare(enumCase.name) == enumCase.value ? "  \(declaration)" : "  @Key(\(stringLiteral(enumCase.value))) \(declaration)"
    }
    return declareTaggedEnum(
      lines, tag: split.key, keys: strategy.source, references: references, preferredName: preferredName, parentName: parentName)
  }
}
