// The verdict's own form of each node's keywords (`SchemaNode.verdictKeywords`), planned once
// the whole schema is compiled. Asked only whether a value is valid, the evaluator may apply
// a node's keywords in any order and stop at any failure, which allows two shortcuts:
// - `properties`, `patternProperties`, `additionalProperties` and `required` of one node
//   become one keyword (`members`) that looks each member's key up once, not once per keyword.
// - A subschema that is only a `$ref` is passed over: the keywords that would apply it apply
//   its target (through chains of such subschemas, never round a cycle). Not when the schema
//   has a `$dynamicRef` or `$recursiveRef`, which read the scope that passing over changes.
// Where failures are collected, the keywords as written are applied, and where annotations
// are gathered for `unevaluated*`, `members` applies the keywords it stands for. The suite's
// tests run both ways, and a test compares the two verdicts on seeded random instances.

/// `properties`, `patternProperties`, `additionalProperties` and `required` in one pass.
final class SchemaMemberPlan: Sendable {
  /// The names of `properties`; each entry's value is its index in `children`.
  let table: SchemaKeyTable
  /// The subschema of each named property (references followed).
  let children: [Int]
  /// Each named property's bit among the required names (0 when not required).
  let requiredBits: [UInt64]
  /// Every required name's bit (0 when `required` is not part of the plan).
  let requiredAll: UInt64
  let patterns: [(pattern: SchemaPattern, node: Int)]
  /// The subschema of the members no property names and no pattern matches, if planned.
  let additional: Int?
  let refusesAdditional: Bool
  /// The keywords the plan stands for, as written.
  let originals: [CompiledKeyword]

  init(
    table: SchemaKeyTable, children: [Int], requiredBits: [UInt64], requiredAll: UInt64,
    patterns: [(pattern: SchemaPattern, node: Int)], additional: Int?, refusesAdditional: Bool,
    originals: [CompiledKeyword]
  ) {
    self.table = table
    self.children = children
    self.requiredBits = requiredBits
    self.requiredAll = requiredAll
    self.patterns = patterns
    self.additional = additional
    self.refusesAdditional = refusesAdditional
    self.originals = originals
  }
}

enum SchemaVerdictPlanner {
  static func plan(_ program: CompiledSchema) {
    let scoped = program.nodes.contains { node in
      node.keywords.contains {
        switch $0.keyword {
        case .dynamicReference, .recursiveReference: true
        default: false
        }
      }
    }
    func onlyReference(_ node: SchemaNode) -> Int? {
      guard node.constant == nil, !node.tracksEvaluation, node.keywords.count == 1,
        case .reference(let target) = node.keywords[0].keyword
      else { return nil }
      return target
    }
    /// The node that validating `index` comes down to.
    func target(_ index: Int) -> Int {
      guard !scoped else { return index }
      var current = index
      var seen: Set<Int> = [index]
      while let next = onlyReference(program.nodes[current]) {
        guard seen.insert(next).inserted else { return index }  // a cycle: left as written
        current = next
      }
      return current
    }
    for node in program.nodes where node.constant == nil {
      node.verdictKeywords = planned(node.keywords, program, target)
    }
  }

  private static func planned(
    _ keywords: [CompiledKeyword], _ program: CompiledSchema, _ target: (Int) -> Int
  ) -> [CompiledKeyword] {
    var result: [CompiledKeyword] = []
    var memberKeywords: [CompiledKeyword] = []
    var memberPosition: Int?
    for compiled in keywords {
      let keyword: SchemaKeyword
      switch compiled.keyword {
      case .properties, .patternProperties, .additionalProperties, .required:
        memberKeywords.append(compiled)
        if memberPosition == nil { memberPosition = result.count }
        continue
      case .reference(let node): keyword = .reference(target(node))
      case .items(let node, let after): keyword = .items(target(node), after: after)
      case .prefixItems(let nodes, let rest): keyword = .prefixItems(nodes.map(target), rest: rest.map(target))
      case .allOf(let nodes): keyword = .allOf(nodes.map(target))
      case .anyOf(let nodes): keyword = .anyOf(nodes.map(target))
      case .oneOf(let nodes): keyword = .oneOf(nodes.map(target))
      case .not(let node): keyword = .not(target(node))
      case .contains(let node, let minimum, let maximum, let annotates):
        keyword = .contains(target(node), minimum: minimum, maximum: maximum, annotates: annotates)
      default:
        result.append(compiled)
        continue
      }
      result.append(CompiledKeyword(name: compiled.name, keyword: keyword))
    }
    guard let memberPosition else { return result }
    let (plan, rest) = memberPlan(memberKeywords, program, target)
    result.insert(contentsOf: rest, at: memberPosition)
    if let plan { result.insert(CompiledKeyword(name: plan.originals[0].name, keyword: .members(plan)), at: memberPosition) }
    return result
  }

  /// The plan of a node's member keywords, and those it leaves as written.
  private static func memberPlan(
    _ keywords: [CompiledKeyword], _ program: CompiledSchema, _ target: (Int) -> Int
  ) -> (SchemaMemberPlan?, [CompiledKeyword]) {
    var properties: SchemaKeyTable?
    var patterns: [(pattern: SchemaPattern, node: Int)] = []
    var additional: (node: Int, names: SchemaKeyTable, patterns: [SchemaPattern])?
    var required: [String] = []
    var originals: [CompiledKeyword] = []
    var rest: [CompiledKeyword] = []
    for compiled in keywords {
      switch compiled.keyword {
      case .properties(let table): properties = table
      case .patternProperties(let list): patterns = list
      case .additionalProperties(let node, let names, let list): additional = (node, names, list)
      case .required(let names, _): required = names
      default: break
      }
    }
    let names = properties?.names ?? []
    let nameSet = Set(names)
    var requiredAll: UInt64 = 0
    var requiredBits = [UInt64](repeating: 0, count: names.count)
    for compiled in keywords {
      switch compiled.keyword {
      case .required:
        // Planned when every required name is a property's (then found by the same lookup).
        guard required.count <= 64, required.allSatisfy(nameSet.contains) else {
          rest.append(compiled)
          continue
        }
        for (bit, name) in required.enumerated() { requiredBits[names.firstIndex(of: name)!] |= 1 << UInt64(bit) }
        requiredAll = required.count == 64 ? ~0 : (1 << UInt64(required.count)) - 1
      case .additionalProperties:
        // Planned when it reads the same names and patterns as the planned keywords.
        guard let additional, Set(additional.names.names) == nameSet,
          additional.patterns.map(\.source) == patterns.map(\.pattern.source)
        else {
          rest.append(compiled)
          continue
        }
      default: break
      }
      originals.append(compiled)
    }
    let plansAdditional = originals.contains { if case .additionalProperties = $0.keyword { true } else { false } }
    guard originals.count > 1 || properties != nil else { return (nil, keywords) }
    let plan = SchemaMemberPlan(
      table: SchemaKeyTable(names.enumerated().map { ($1, $0) }),
      children: (properties?.values ?? []).map(target), requiredBits: requiredBits, requiredAll: requiredAll,
      patterns: patterns.map { ($0.pattern, target($0.node)) },
      additional: plansAdditional ? additional.map { target($0.node) } : nil,
      refusesAdditional: plansAdditional && additional.map { program.nodes[$0.node].constant == false } == true,
      originals: originals)
    return (plan, rest)
  }
}
