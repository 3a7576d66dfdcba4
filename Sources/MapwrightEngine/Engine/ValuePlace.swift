// Where an error or a report entry points, recorded in constant time.
//
// A place in a parsed document is kept as the document and a tape index (plus, for a missing,
// unknown or defaulted key, the keys below that value). Its JSON path, line and column are
// worked out only when read — one value at a time, or many in one walk over the document
// (`resolvingAll`), which is what collected errors and reports do before they are handed
// out. So recording a problem costs the same wherever it is in the document, and a problem
// that is discarded (a lossy element skipped, ObjectMapper's non-throwing `map`) costs nothing
// more than its recording.

/// Where an error or a report entry points: a place in a parsed document, resolved to its
/// path, line and column when read, or an already known path.
public struct ValuePlace: Sendable, Hashable {
  enum Storage: Sendable {
    case resolved(path: JSONPath, line: Int?, column: Int?)
    /// The value at `index` of `document`, then `suffix` below it (a missing key path).
    case pending(document: JSONDocument, index: Int, suffix: [JSONPath.Component])
  }

  var storage: Storage

  /// A known path, with a line and column when the place has one in the source.
  public init(path: JSONPath, line: Int? = nil, column: Int? = nil) {
    storage = .resolved(path: path, line: line, column: column)
  }

  /// The place of `value` in its document, or of the member keys `keys` below it (the line
  /// and column are then those of `value`).
  public init(_ value: JSONValue, keys: [String] = []) {
    self.init(value, suffix: keys.map { .key($0) })
  }

  /// The place of `value`, then of `suffix` below it.
  public init(_ value: JSONValue, suffix: [JSONPath.Component]) {
    storage = .pending(document: value.document, index: value.tapeIndex, suffix: suffix)
  }

  /// The JSON path.
  public var path: JSONPath { resolved.path }
  /// The 1-based line in the source, when the place has one.
  public var line: Int? { resolved.line }
  /// The 1-based column (Unicode scalars) in the source, when the place has one.
  public var column: Int? { resolved.column }

  /// Path, line and column, worked out now if they were not yet.
  public var resolved: (path: JSONPath, line: Int?, column: Int?) {
    switch storage {
    case .resolved(let path, let line, let column):
      return (path, line, column)
    case .pending(let document, let index, let suffix):
      let path = JSONPath(document.value(atTapeIndex: index).path.components + suffix)
      let location = document.lineAndColumn(ofOffsets: [document.byteOffset(ofTapeIndex: index)])[0]
      return (path, location.line, location.column)
    }
  }

  /// The places, each resolved, with one walk per document however many there are.
  public static func resolvingAll(_ places: [ValuePlace]) -> [ValuePlace] {
    var result = places
    // Group pending places by document, keeping their slots.
    var groups: [ObjectIdentifier: (document: JSONDocument, slots: [Int])] = [:]
    for (slot, place) in places.enumerated() {
      guard case .pending(let document, _, _) = place.storage else { continue }
      groups[ObjectIdentifier(document), default: (document, [])].slots.append(slot)
    }
    for (_, group) in groups {
      var indices: [Int] = []
      indices.reserveCapacity(group.slots.count)
      for slot in group.slots {
        if case .pending(_, let index, _) = places[slot].storage { indices.append(index) }
      }
      let paths = group.document.paths(ofTapeIndices: indices)
      let locations = group.document.lineAndColumn(ofOffsets: indices.map { group.document.byteOffset(ofTapeIndex: $0) })
      for (position, slot) in group.slots.enumerated() {
        guard case .pending(_, _, let suffix) = places[slot].storage else { continue }
        let path = JSONPath(paths[position].components + suffix)
        result[slot] = ValuePlace(path: path, line: locations[position].line, column: locations[position].column)
      }
    }
    return result
  }

  /// Places compare as recorded: two pending places are equal when they name the same value
  /// of the same document and the same keys below it; two resolved ones when path, line and
  /// column agree. (What a decoding hands out is resolved, so users compare like with like.)
  public static func == (lhs: ValuePlace, rhs: ValuePlace) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.pending(let a, let i, let k), .pending(let b, let j, let l)):
      return a === b && i == j && k == l
    case (.resolved(let p, let l, let c), .resolved(let q, let m, let d)):
      return p == q && l == m && c == d
    default:
      return false
    }
  }

  /// Hashes the place, as `==` compares it.
  public func hash(into hasher: inout Hasher) {
    switch storage {
    case .pending(let document, let index, let suffix):
      hasher.combine(ObjectIdentifier(document))
      hasher.combine(index)
      hasher.combine(suffix)
    case .resolved(let path, let line, let column):
      hasher.combine(path)
      hasher.combine(line)
      hasher.combine(column)
    }
  }
}
