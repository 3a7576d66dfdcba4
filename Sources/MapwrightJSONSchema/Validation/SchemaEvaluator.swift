// Validation: one walk of the instance against the compiled nodes.
//
// - Two modes. Asked only for a verdict, the walk stops at the first failing keyword; asked
//   for the failures, it applies every keyword and records each failure with its keyword
//   location (the path of keywords followed, through references), absolute keyword location
//   and instance. Failures inside `anyOf`, `oneOf`, `not`, `if` and `contains` subschemas are
//   not the instance's: they are dropped, and the keyword's own failure names the closest
//   branch.
// - The dynamic scope is the stack of schema resources entered; `$dynamicRef` (2020-12) and
//   `$recursiveRef` (2019-09) look along it.
// - What `unevaluatedProperties` and `unevaluatedItems` need — which properties and items the
//   other keywords evaluated, at this instance location, through in-place subschemas that
//   passed — is gathered only below a node that has one of them.
// - Instance values are tape indexes (`SchemaInstance`); a `JSONValue` is made only for a
//   recorded failure and for the keywords that read a value whole.

import MapwrightJSON

/// What a subschema's keywords evaluated of one instance.
struct SchemaEvaluated {
  var properties: Set<String> = []
  var allProperties = false
  /// Items `0..<items` were evaluated.
  var items = 0
  var allItems = false
  var itemIndices: Set<Int> = []

  mutating func merge(_ other: SchemaEvaluated) {
    properties.formUnion(other.properties)
    allProperties = allProperties || other.allProperties
    items = max(items, other.items)
    allItems = allItems || other.allItems
    itemIndices.formUnion(other.itemIndices)
  }
}

/// One failed keyword.
struct SchemaFailure {
  var keywordLocation: String
  var absoluteKeywordLocation: String
  var instance: JSONValue
  var message: String
  /// For `type`: the types expected (the problem is then a type mismatch).
  var expectedType: String? = nil
}

struct SchemaEvaluator {
  let program: CompiledSchema
  /// Whether failures are recorded (off while a branch is probed for its verdict).
  private(set) var collecting: Bool
  /// The failures recorded, in a box so that recording one does not mutate the evaluator
  /// (a failure's message is made from what the evaluator reads).
  final class FailureLog {
    var entries: [SchemaFailure] = []
  }
  let log = FailureLog()
  var failures: [SchemaFailure] { log.entries }
  private var scope: [Int] = []
  /// The keywords followed to here, kept only when failures are collected: a member's key
  /// and an index are made text only for a failure's location.
  private var keywordPath: [PathToken] = []

  enum PathToken {
    case name(String)
    /// A member's key, by its tape index.
    case key(Int)
    case index(Int)
  }
  private var depth = 0
  /// The value being validated, and how many subschemas have been applied to it in place,
  /// one inside another.
  private var current = -1
  private var inPlaceDepth = 0
  let instance: SchemaInstance

  init(program: CompiledSchema, collecting: Bool, document: JSONDocument) {
    self.program = program
    self.collecting = collecting
    instance = SchemaInstance(document)
  }

  /// Whether `value` (a value of the evaluator's document) is valid against the root.
  mutating func validate(_ value: JSONValue) -> Bool {
    var evaluated: SchemaEvaluated?
    return validate(program.root, value.index, &evaluated)
  }

  private func text(_ token: PathToken) -> String {
    switch token {
    case .name(let name): name
    case .key(let key): instance.string(key)
    case .index(let index): String(index)
    }
  }

  // MARK: Nodes

  mutating func validate(_ index: Int, _ value: Int, _ evaluated: inout SchemaEvaluated?) -> Bool {
    // Lent by the program, which holds every node for the whole validation: a node taken as a
    // reference of its own cost a retain and a release at every value validated.
    Unmanaged.passUnretained(program.nodes[index])._withUnsafeGuaranteedRef { validate($0, value, &evaluated) }
  }

  private mutating func validate(_ node: SchemaNode, _ value: Int, _ evaluated: inout SchemaEvaluated?) -> Bool {
    if let constant = node.constant {
      if !constant { fail(node, "false", value, "no value is allowed here (the schema is false)") }
      return constant
    }
    // Subschemas applied in place to one value without end (a cycle of references) are
    // cut short long before the stack is at risk; a recursion that follows the data down is
    // bounded by the data's depth.
    let inPlace = value == current ? inPlaceDepth + 1 : 0
    guard depth < 512, inPlace < 64 else {
      fail(node, "$ref", value, "the schema refers to itself without end")
      return false
    }
    let (outerValue, outerInPlace) = (current, inPlaceDepth)
    depth += 1
    (current, inPlaceDepth) = (value, inPlace)
    let entered = scope.last != node.resource
    if entered { scope.append(node.resource) }
    defer {
      depth -= 1
      (current, inPlaceDepth) = (outerValue, outerInPlace)
      if entered { scope.removeLast() }
    }
    guard node.tracksEvaluation else { return apply(node, to: value, &evaluated) }
    // `unevaluated*` sees what this node's own keywords evaluated, not its parent's.
    var local: SchemaEvaluated? = SchemaEvaluated()
    let valid = apply(node, to: value, &local)
    if valid, let local { evaluated?.merge(local) }
    return valid
  }

  private mutating func apply(_ node: SchemaNode, to value: Int, _ evaluated: inout SchemaEvaluated?) -> Bool {
    var valid = true
    let keywords = collecting ? node.keywords : node.verdictKeywords
    for index in keywords.indices {
      // Lent by the array, which holds every keyword for the whole loop: a keyword taken as
      // a reference of its own cost a retain and a release each.
      let keyword = Unmanaged.passUnretained(keywords[index])
      guard !keyword._withUnsafeGuaranteedRef({ apply($0, of: node, to: value, &evaluated) }) else { continue }
      valid = false
      if !collecting { break }
    }
    return valid
  }

  /// A subschema applied to `value`, with its tokens on the keyword path.
  private mutating func sub(
    _ index: Int, _ value: Int, _ evaluated: inout SchemaEvaluated?, _ first: String, _ second: PathToken? = nil
  ) -> Bool {
    let pushed = push(first, second)
    defer { pop(pushed) }
    return validate(index, value, &evaluated)
  }

  /// A subschema applied to another instance (a member, an element): its evaluation is its own.
  private mutating func child(_ index: Int, _ value: Int, _ first: String, _ second: PathToken? = nil) -> Bool {
    var none: SchemaEvaluated?
    let pushed = push(first, second)
    defer { pop(pushed) }
    return validate(index, value, &none)
  }

  /// A subschema whose failures are not the instance's (a branch, a condition): run for its
  /// verdict alone, collecting nothing (the walk stops at its first failing keyword); what it
  /// evaluated is kept if it passed and `keep` is set. Where a keyword's own failure needs
  /// the branches' failures, `closestFailures` runs them again.
  private mutating func probe(
    _ index: Int, _ value: Int, _ evaluated: inout SchemaEvaluated?, keep: Bool = true
  ) -> Bool {
    let wasCollecting = collecting
    collecting = false
    defer { collecting = wasCollecting }
    var branch: SchemaEvaluated? = evaluated == nil ? nil : SchemaEvaluated()
    let valid = validate(index, value, &branch)
    if valid, keep, let branch { evaluated?.merge(branch) }
    return valid
  }

  /// The failures of the branch of `parts` that fails least, for the message of an `anyOf`
  /// or `oneOf` that none passed (nil unless failures are collected): each branch is run
  /// again, collecting, and its failures are taken out of the log.
  private mutating func closestFailures(_ parts: [Int], _ value: Int, _ name: String) -> [SchemaFailure]? {
    guard collecting else { return nil }
    var closest: [SchemaFailure]?
    for (position, part) in parts.enumerated() {
      let mark = log.entries.count
      var none: SchemaEvaluated?
      _ = sub(part, value, &none, name, .index(position))
      let dropped = Array(log.entries[mark...])
      log.entries.removeSubrange(mark...)
      if closest == nil || dropped.count < closest!.count { closest = dropped }
    }
    return closest
  }

  /// Keyword-path tokens, kept only when failures are collected; returns how many.
  private mutating func push(_ first: String, _ second: PathToken?) -> Int {
    guard collecting else { return 0 }
    keywordPath.append(.name(first))
    guard let second else { return 1 }
    keywordPath.append(second)
    return 2
  }

  private mutating func pop(_ count: Int) {
    if count > 0 { keywordPath.removeLast() }
    if count > 1 { keywordPath.removeLast() }
  }

  private func fail(_ node: SchemaNode, _ keyword: String, _ value: Int, _ message: @autoclosure () -> String) {
    guard collecting else { return }
    let path = (keywordPath.map(text) + [keyword]).map { "/" + SchemaPointer.escaped($0) }.joined()
    let absolute = node.location + "/" + SchemaPointer.escaped(keyword)
    log.entries.append(
      SchemaFailure(keywordLocation: path, absoluteKeywordLocation: absolute, instance: instance.value(value), message: message()))
  }

  // MARK: Keywords

  private mutating func apply(
    _ compiled: CompiledKeyword, of node: SchemaNode, to value: Int, _ evaluated: inout SchemaEvaluated?
  ) -> Bool {
    let kind = instance.kind(value)
    switch compiled.quick {
    case .none: break
    case .type(let types):
      if matches(types, value) { return true }
    case .reference(let target):
      return collecting ? sub(target, value, &evaluated, compiled.name) : validate(target, value, &evaluated)
    case .minimum(let bound, let exclusive):
      guard kind == .number else { return true }
      if let number = instance.smallInteger(value), exclusive ? number > bound : number >= bound { return true }
    case .maximum(let bound, let exclusive):
      guard kind == .number else { return true }
      if let number = instance.smallInteger(value), exclusive ? number < bound : number <= bound { return true }
    }
    let name = compiled.name
    switch compiled.keyword {
    case .type(let types):
      guard !matches(types, value) else { return true }
      fail(node, name, value, "expected \(types.description), found \(found(value))")
      if collecting { log.entries[log.entries.count - 1].expectedType = types.description }
      return false

    case .enumeration(let forms, let values):
      guard !forms.contains(SchemaCanonical.form(instance, value)) else { return true }
      let shown = values.prefix(8).map(SchemaText.text).joined(separator: ", ") + (values.count > 8 ? ", …" : "")
      fail(node, name, value, "expected one of \(shown), found \(found(value))")
      return false

    case .constant(let form, let constant):
      guard SchemaCanonical.form(instance, value) != form else { return true }
      fail(node, name, value, "expected \(SchemaText.text(constant)), found \(found(value))")
      return false

    case .multipleOf(let step, let json):
      guard kind == .number, !isMultiple(value, of: step) else { return true }
      fail(node, name, value, "expected a multiple of \(SchemaText.text(json)), found \(found(value))")
      return false

    case .minimum(let bound, let exclusive, let json):
      guard kind == .number else { return true }
      let order = compare(value, bound)
      guard exclusive ? order <= 0 : order < 0 else { return true }
      fail(node, name, value, "expected \(exclusive ? "more than" : "at least") \(SchemaText.text(json)), found \(found(value))")
      return false

    case .maximum(let bound, let exclusive, let json):
      guard kind == .number else { return true }
      let order = compare(value, bound)
      guard exclusive ? order >= 0 : order > 0 else { return true }
      fail(node, name, value, "expected \(exclusive ? "less than" : "at most") \(SchemaText.text(json)), found \(found(value))")
      return false

    case .size(let size, let limit, let maximum):
      guard kind == size.tapeKind else { return true }
      let count = size == .characters ? instance.characterCount(value) : instance.count(value)
      guard maximum ? count > limit : count < limit else { return true }
      fail(node, name, value, "expected \(maximum ? "at most" : "at least") \(limit) \(size.noun), found \(count)")
      return false

    case .pattern(let pattern):
      guard kind == .string, !instance.withText(value, pattern.matches) else { return true }
      fail(node, name, value, "expected text matching /\(pattern.source)/, found \(found(value))")
      return false

    case .format(let checker):
      guard kind == .string, !checker.accepts(instance.string(value)) else { return true }
      fail(node, name, value, "expected \(checker.expectation), found \(found(value))")
      return false

    case .uniqueItems:
      guard kind == .array, instance.count(value) > 1 else { return true }
      var forms = SchemaCanonicalSet()
      var elements: [Int] = []
      var element = instance.first(value)
      for _ in 0..<instance.count(value) {
        forms.append(instance, element)
        elements.append(element)
        element = instance.next(element)
      }
      let repeats = forms.repeats()
      for position in collecting ? repeats : [] { fail(node, name, elements[position], "repeats an element (uniqueItems)") }
      return repeats.isEmpty

    case .required(let keys, let table):
      guard kind == .object else { return true }
      return applyRequired(keys, table, name, node, value)

    case .dependentRequired(let dependencies):
      return applyDependentRequired(dependencies, name, node, value)

    case .dependentSchemas(let dependencies):
      return applyDependentSchemas(dependencies, name, value, &evaluated)

    case .dependencies(let required, let schemas):
      let names = applyDependentRequired(required, name, node, value)
      guard names || collecting else { return false }
      return applyDependentSchemas(schemas, name, value, &evaluated) && names

    case .properties(let table):
      guard kind == .object else { return true }
      var valid = true
      var key = instance.first(value)
      for _ in 0..<instance.count(value) {
        if let property = table.value(forKey: key, in: instance) {
          if evaluated != nil { evaluated?.properties.insert(instance.string(key)) }
          if !child(property, key + 1, name, .key(key)) {
            valid = false
            if !collecting { break }
          }
        }
        key = instance.next(key + 1)
      }
      return valid

    case .patternProperties(let patterns):
      guard kind == .object else { return true }
      var valid = true
      var key = instance.first(value)
      for _ in 0..<instance.count(value) {
        for (pattern, property) in patterns where instance.withText(key, pattern.matches) {
          if evaluated != nil { evaluated?.properties.insert(instance.string(key)) }
          if !child(property, key + 1, name, .name(pattern.source)) {
            valid = false
            if !collecting { return false }
          }
        }
        key = instance.next(key + 1)
      }
      return valid

    case .additionalProperties(let additional, let properties, let patterns):
      guard kind == .object else { return true }
      var valid = true
      let refused = program.nodes[additional].constant == false
      var key = instance.first(value)
      for _ in 0..<instance.count(value) {
        defer { key = instance.next(key + 1) }
        if properties.value(forKey: key, in: instance) != nil { continue }
        if !patterns.isEmpty, instance.withText(key, { text in patterns.contains { $0.matches(text) } }) { continue }
        if evaluated != nil { evaluated?.properties.insert(instance.string(key)) }
        if refused {
          fail(node, name, key + 1, "unknown key \(instance.string(key)) (additionalProperties is false)")
          valid = false
        } else if !child(additional, key + 1, name) {
          valid = false
        }
        if !valid, !collecting { return false }
      }
      return valid

    case .propertyNames(let names):
      guard kind == .object else { return true }
      var valid = true
      var key = instance.first(value)
      for _ in 0..<instance.count(value) {
        if !probe(names, key, &evaluated, keep: false) {
          fail(node, name, value, "the key \(SchemaText.text(.string(instance.string(key)))) does not match propertyNames")
          valid = false
          if !collecting { return false }
        }
        key = instance.next(key + 1)
      }
      return valid

    case .prefixItems(let prefix, let rest):
      guard kind == .array else { return true }
      var valid = true
      var element = instance.first(value)
      for position in 0..<instance.count(value) {
        if position < prefix.count {
          if !child(prefix[position], element, name, .index(position)) { valid = false }
        } else if let rest {
          if program.nodes[rest].constant == false {
            fail(node, "additionalItems", element, "no element is allowed past the first \(prefix.count)")
            valid = false
          } else if !child(rest, element, "additionalItems") {
            valid = false
          }
        } else {
          break
        }
        if !valid, !collecting { return false }
        element = instance.next(element)
      }
      if rest != nil {
        evaluated?.allItems = true
      } else if let items = evaluated?.items {
        evaluated?.items = max(items, min(prefix.count, instance.count(value)))
      }
      return valid

    case .items(let items, let after):
      guard kind == .array else { return true }
      var valid = true
      let refused = program.nodes[items].constant == false
      var element = instance.first(value)
      for position in 0..<instance.count(value) {
        defer { element = instance.next(element) }
        guard position >= after else { continue }
        if refused {
          fail(node, name, element, after == 0 ? "no element is allowed here" : "no element is allowed past the first \(after)")
          valid = false
        } else if !child(items, element, name) {
          valid = false
        }
        if !valid, !collecting { return false }
      }
      evaluated?.allItems = true
      return valid

    case .contains(let contained, let minimum, let maximum, let annotates):
      guard kind == .array else { return true }
      var matches = 0
      var none: SchemaEvaluated?
      var element = instance.first(value)
      for position in 0..<instance.count(value) {
        if probe(contained, element, &none) {
          matches += 1
          if annotates { evaluated?.itemIndices.insert(position) }
        }
        element = instance.next(element)
      }
      if matches < minimum {
        fail(node, name, value, minimum == 1 ? "no element matches contains" : "\(matches) elements match contains; expected at least \(minimum)")
        return false
      }
      if let maximum, matches > maximum {
        fail(node, "maxContains", value, "\(matches) elements match contains; expected at most \(maximum)")
        return false
      }
      return true

    case .allOf(let parts):
      var valid = true
      for (position, part) in parts.enumerated() where !sub(part, value, &evaluated, name, .index(position)) {
        valid = false
        if !collecting { return false }
      }
      return valid

    case .anyOf(let parts):
      var matched = false
      for part in parts where probe(part, value, &evaluated) {
        matched = true
        if evaluated == nil { break }  // the rest only add annotations
      }
      guard !matched else { return true }
      let closest = closestFailures(parts, value, name)
      fail(node, name, value, "matches none of the \(parts.count) schemas of anyOf\(Self.closest(closest, value))")
      return false

    case .oneOf(let parts):
      var matches: [Int] = []
      for (position, part) in parts.enumerated() {
        var branch: SchemaEvaluated? = evaluated == nil ? nil : SchemaEvaluated()
        guard probe(part, value, &branch) else { continue }
        matches.append(position)
        if matches.count == 1, let branch { evaluated?.merge(branch) }
        if matches.count > 1, !collecting { break }
      }
      if matches.isEmpty {
        let closest = closestFailures(parts, value, name)
        fail(node, name, value, "matches none of the \(parts.count) schemas of oneOf\(Self.closest(closest, value))")
        return false
      }
      if matches.count > 1 {
        let which = matches.map(String.init).joined(separator: ", ")
        fail(node, name, value, "matches \(matches.count) of the schemas of oneOf (\(which)), which needs exactly one")
        return false
      }
      return true

    case .not(let excluded):
      guard probe(excluded, value, &evaluated, keep: false) else { return true }
      fail(node, name, value, "matches the schema of not")
      return false

    case .conditional(let condition, let then, let otherwise):
      if probe(condition, value, &evaluated) {
        guard let then else { return true }
        return sub(then, value, &evaluated, "then")
      }
      guard let otherwise else { return true }
      return sub(otherwise, value, &evaluated, "else")

    case .reference(let target):
      return sub(target, value, &evaluated, name)

    case .dynamicReference(let target, let anchor):
      // The outermost resource in the dynamic scope with a `$dynamicAnchor` of that name.
      let resources = program.resources
      let chosen = scope.lazy.compactMap { resources[$0].dynamicAnchors[anchor] }.first ?? target
      return sub(chosen, value, &evaluated, name)

    case .recursiveReference(let target):
      var chosen = target
      if program.resources[program.nodes[target].resource].recursiveAnchor {
        // The outermost of the resources, innermost outwards, that have `$recursiveAnchor`.
        for resource in scope.reversed() {
          guard program.resources[resource].recursiveAnchor, let root = program.resources[resource].root else { break }
          chosen = root
        }
      }
      return sub(chosen, value, &evaluated, name)

    case .members(let plan):
      guard kind == .object else { return true }
      guard evaluated == nil else {
        // Annotations are gathered: the keywords as written.
        for original in plan.originals where !apply(original, of: node, to: value, &evaluated) { return false }
        return true
      }
      return applyMembers(plan, value)

    case .unevaluatedProperties(let rest):
      guard kind == .object else { return true }
      let done = evaluated ?? SchemaEvaluated()
      var valid = true
      if !done.allProperties {
        let refused = program.nodes[rest].constant == false
        var key = instance.first(value)
        for _ in 0..<instance.count(value) {
          defer { key = instance.next(key + 1) }
          let text = instance.string(key)
          guard !done.properties.contains(text) else { continue }
          if refused {
            fail(node, name, key + 1, "unknown key \(text) (unevaluatedProperties is false)")
            valid = false
          } else if !child(rest, key + 1, name) {
            valid = false
          }
          if !valid, !collecting { return false }
        }
      }
      evaluated?.allProperties = true
      return valid

    case .unevaluatedItems(let rest):
      guard kind == .array else { return true }
      let done = evaluated ?? SchemaEvaluated()
      var valid = true
      if !done.allItems {
        let refused = program.nodes[rest].constant == false
        var element = instance.first(value)
        for position in 0..<instance.count(value) {
          defer { element = instance.next(element) }
          guard position >= done.items, !done.itemIndices.contains(position) else { continue }
          if refused {
            fail(node, name, element, "no element is allowed here (unevaluatedItems is false)")
            valid = false
          } else if !child(rest, element, name) {
            valid = false
          }
          if !valid, !collecting { return false }
        }
      }
      evaluated?.allItems = true
      return valid
    }
  }

  /// The verdict of `properties`, `patternProperties`, `additionalProperties` and `required`
  /// together: each member's key looked up once.
  private mutating func applyMembers(_ plan: SchemaMemberPlan, _ value: Int) -> Bool {
    var found: UInt64 = 0
    var none: SchemaEvaluated?
    var key = instance.first(value)
    for _ in 0..<instance.count(value) {
      let entry = plan.table.value(forKey: key, in: instance)
      if let entry {
        found |= plan.requiredBits[entry]
        guard validate(plan.children[entry], key + 1, &none) else { return false }
      }
      var patterned = false
      for (pattern, child) in plan.patterns where instance.withText(key, pattern.matches) {
        patterned = true
        guard validate(child, key + 1, &none) else { return false }
      }
      if entry == nil, !patterned, let additional = plan.additional {
        guard !plan.refusesAdditional, validate(additional, key + 1, &none) else { return false }
      }
      key = instance.next(key + 1)
    }
    return found == plan.requiredAll
  }

  /// `required`: one pass over the members marks the names found (up to 64 names; past
  /// that, each name is looked up).
  private mutating func applyRequired(
    _ keys: [String], _ table: SchemaKeyTable, _ name: String, _ node: SchemaNode, _ value: Int
  ) -> Bool {
    var missing: [String] = []
    if keys.count <= 64 {
      var found: UInt64 = 0
      var key = instance.first(value)
      for _ in 0..<instance.count(value) {
        if let position = table.value(forKey: key, in: instance) { found |= 1 << UInt64(position) }
        key = instance.next(key + 1)
      }
      let all: UInt64 = keys.count == 64 ? ~0 : (1 << UInt64(keys.count)) - 1
      guard found != all else { return true }
      missing = keys.indices.filter { found & (1 << UInt64($0)) == 0 }.map { keys[$0] }
    } else {
      missing = keys.filter { instance.member(of: value, named: $0) == nil }
    }
    guard !missing.isEmpty else { return true }
    for key in collecting ? missing : [] { fail(node, name, value, "missing key \(key)") }
    return false
  }

  private mutating func applyDependentRequired(
    _ dependencies: [(key: String, required: [String])], _ name: String, _ node: SchemaNode, _ value: Int
  ) -> Bool {
    guard instance.kind(value) == .object else { return true }
    var valid = true
    for (key, required) in dependencies where instance.member(of: value, named: key) != nil {
      for missing in required where instance.member(of: value, named: missing) == nil {
        fail(node, name, value, "missing key \(missing), which \(key) needs")
        valid = false
        if !collecting { return false }
      }
    }
    return valid
  }

  private mutating func applyDependentSchemas(
    _ dependencies: [(key: String, node: Int)], _ name: String, _ value: Int, _ evaluated: inout SchemaEvaluated?
  ) -> Bool {
    guard instance.kind(value) == .object else { return true }
    var valid = true
    for (key, dependent) in dependencies where instance.member(of: value, named: key) != nil {
      if !sub(dependent, value, &evaluated, name, .name(key)) {
        valid = false
        if !collecting { return false }
      }
    }
    return valid
  }

  // MARK: Helpers

  func matches(_ types: SchemaTypes, _ value: Int) -> Bool {
    switch instance.kind(value) {
    case .null: return types.contains(.null)
    case .true, .false: return types.contains(.boolean)
    case .string: return types.contains(.string)
    case .array: return types.contains(.array)
    case .object: return types.contains(.object)
    case .number:
      if types.contains(.number) { return true }
      guard types.contains(.integer) else { return false }
      return instance.isIntegerLiteral(value) || instance.decimal(value).isInteger
    }
  }

  /// -1, 0 or 1 as the number at `value` is below, equal to or above `bound`: by 64-bit
  /// integers when both are small integers, by doubles when
  /// the bound is one exactly and the number's nearest double differs from it (rounding keeps
  /// the order then), else exactly.
  func compare(_ value: Int, _ bound: SchemaNumberBound) -> Int {
    if let integer = bound.integer, let number = instance.smallInteger(value) {
      return number < integer ? -1 : number > integer ? 1 : 0
    }
    if let exact = bound.exactDouble, let number = instance.double(value), number != exact {
      return number < exact ? -1 : 1
    }
    return instance.decimal(value).compare(bound.decimal)
  }

  /// Whether the number at `value` is a multiple of `step`: in 64-bit integers when both are
  /// integers that fit, else exactly.
  func isMultiple(_ value: Int, of step: SchemaNumberBound) -> Bool {
    if let divisor = step.integer, divisor > 0, let number = instance.smallInteger(value) { return number % divisor == 0 }
    return instance.decimal(value).isMultiple(of: step.decimal)
  }

  func found(_ value: Int) -> String { SchemaText.found(instance.value(value)) }

  static func closest(_ failures: [SchemaFailure]?, _ value: Int) -> String {
    guard let first = failures?.first else { return "" }
    let place = first.instance.index == value ? "" : "\(first.instance.path): "
    return " (the closest: \(place)\(first.message))"
  }
}
