/// Everything a decoding forgave, each with its path: coercions, defaults used, array
/// elements skipped and unknown keys.
///
/// ```swift
/// let (authors, report) = try [Author].decodeReporting(json: data, options: .lenient)
/// for entry in report.entries { print(entry) }
/// // $[0].author_id: coerced string "101" to Int
/// // $[1].email: missing key, default used
/// ```
public struct MappingReport: Sendable, Hashable, CustomStringConvertible {
  /// One thing that was forgiven.
  public struct Entry: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
      /// A value of another type was converted (lenient coercion).
      case coerced(from: String, to: CoercionTarget)
      /// The key was missing (or null where allowed) and the property's default was kept.
      case defaultUsed
      /// An element of a lossy or ObjectMapper-style array did not map and was left out.
      case elementSkipped(reason: String)
      /// The object had a key the model does not map.
      case unknownKey
      /// A raw value named no case, and the enum's fallback case was used.
      case fallbackUsed(from: String)
    }

    public let kind: Kind
    /// Where it was (resolved before a report is handed out; see `ValuePlace`).
    public let place: ValuePlace
    /// The JSON path of what was forgiven.
    public var path: JSONPath { place.path }

    public init(kind: Kind, path: JSONPath) { self.init(kind: kind, place: ValuePlace(path: path)) }

    public init(kind: Kind, place: ValuePlace) {
      self.kind = kind
      self.place = place
    }

    /// A coercion of the value at `place` whose description of the value found is written
    /// when the report is resolved (a report of a million coercions makes no text until read).
    package static func coercion(at value: JSONValue, to target: CoercionTarget) -> Entry {
      Entry(kind: .coerced(from: "", to: target), place: ValuePlace(value))
    }

    public var description: String {
      switch kind {
      case .coerced(let from, let to): "\(path): coerced \(from) to \(to)"
      case .defaultUsed: "\(path): missing key, default used"
      case .elementSkipped(let reason): "\(path): element skipped (\(reason))"
      case .unknownKey: "\(path): unknown key"
      case .fallbackUsed(let from): "\(path): \(from) is not a known case, fallback used"
      }
    }
  }

  public internal(set) var entries: [Entry] = []

  public init() {}

  public var isEmpty: Bool { entries.isEmpty }

  /// Adds an entry (for the other decoders of this package, such as MapwrightCodable's).
  package mutating func record(_ kind: Entry.Kind, at path: JSONPath) {
    entries.append(Entry(kind: kind, path: path))
  }

  /// Adds an entry made elsewhere (see `Entry.coercion(at:to:)`).
  package mutating func record(_ entry: Entry) { entries.append(entry) }

  /// Adds an entry whose place is resolved later, with the others.
  package mutating func record(_ kind: Entry.Kind, at place: ValuePlace) {
    entries.append(Entry(kind: kind, place: place))
  }

  /// The same report with every place resolved, in one walk over each document.
  package func resolved() -> MappingReport {
    guard entries.contains(where: { if case .pending = $0.place.storage { true } else { false } }) else { return self }
    var report = MappingReport()
    let places = ValuePlace.resolvingAll(entries.map(\.place))
    report.entries = zip(entries, places).map { entry, place in
      if case .coerced("", let target) = entry.kind, case .pending(let document, let index, _) = entry.place.storage {
        return Entry(kind: .coerced(from: describeFound(document.value(atTapeIndex: index)), to: target), place: place)
      }
      return Entry(kind: entry.kind, place: place)
    }
    return report
  }

  public var coercions: [Entry] { entries.filter { if case .coerced = $0.kind { true } else { false } } }
  public var defaultsUsed: [Entry] { entries.filter { $0.kind == .defaultUsed } }
  public var skippedElements: [Entry] {
    entries.filter { if case .elementSkipped = $0.kind { true } else { false } }
  }
  public var unknownKeys: [Entry] { entries.filter { $0.kind == .unknownKey } }

  public var description: String {
    entries.isEmpty ? "nothing forgiven" : entries.map(\.description).joined(separator: "\n")
  }
}
