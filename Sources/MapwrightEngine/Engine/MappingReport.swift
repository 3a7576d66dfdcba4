import Foundation

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
    /// What was forgiven.
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

    /// What was forgiven.
    public let kind: Kind
    /// Where it was (resolved before a report is handed out; see `ValuePlace`).
    public let place: ValuePlace
    /// The JSON path of what was forgiven.
    public var path: JSONPath { place.path }

    /// An entry at a known path.
    public init(kind: Kind, path: JSONPath) { self.init(kind: kind, place: ValuePlace(path: path)) }

    /// An entry at `place` (resolved when the report is read).
    public init(kind: Kind, place: ValuePlace) {
      self.kind = kind
      self.place = place
    }

    /// A coercion of the value at `place` whose description of the value found is written
    /// when the report is resolved (a report of a million coercions makes no text until read).
    package static func coercion(at value: JSONValue, to target: CoercionTarget) -> Entry {
      Entry(kind: .coerced(from: "", to: target), place: ValuePlace(value))
    }

    /// The path, then what was forgiven.
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

  /// The entries as recorded: their places may still be pending (see `ValuePlace`).
  package private(set) var recorded: [Entry] = [] {
    didSet { cache = nil }
  }
  /// Where a handed-out report keeps its entries once resolved (nil while it is recorded to).
  private var cache: ResolvedOnce<[Entry]>?

  /// An empty report.
  public init() {}

  /// Everything forgiven, in the order it was met, each with its path, line and column.
  /// Resolved when first read, all in one walk over the document, then kept.
  public var entries: [Entry] {
    if let cache { return cache.value { Self.resolve(recorded) } }
    return Self.resolve(recorded)
  }

  /// How many things were forgiven (nothing is resolved to count them).
  public var count: Int { recorded.count }

  /// Whether nothing was forgiven.
  public var isEmpty: Bool { recorded.isEmpty }

  /// Adds an entry (for the other decoders of this package, such as MapwrightCodable's).
  package mutating func record(_ kind: Entry.Kind, at path: JSONPath) {
    recorded.append(Entry(kind: kind, path: path))
  }

  /// Adds an entry made elsewhere (see `Entry.coercion(at:to:)`).
  package mutating func record(_ entry: Entry) { recorded.append(entry) }

  /// Adds an entry whose place is resolved later, with the others.
  package mutating func record(_ kind: Entry.Kind, at place: ValuePlace) {
    recorded.append(Entry(kind: kind, place: place))
  }

  /// Forgets the entries recorded after the first `count` (an element taken back).
  package mutating func forget(after count: Int) {
    if recorded.count > count { recorded.removeSubrange(count...) }
  }

  /// The report as handed out: its entries are resolved once, when first read.
  package func sealed() -> MappingReport {
    var report = self
    report.cache = ResolvedOnce()
    return report
  }

  /// The entries with every place resolved, in one walk over each document, and each
  /// coercion's found value described.
  private static func resolve(_ entries: [Entry]) -> [Entry] {
    guard entries.contains(where: { if case .pending = $0.place.storage { true } else { false } }) else { return entries }
    let places = ValuePlace.resolvingAll(entries.map(\.place))
    return zip(entries, places).map { entry, place in
      if case .coerced("", let target) = entry.kind, case .pending(let document, let index, _) = entry.place.storage {
        return Entry(kind: .coerced(from: describeFound(document.value(atTapeIndex: index)), to: target), place: place)
      }
      return Entry(kind: entry.kind, place: place)
    }
  }

  /// Equal when the entries are, in order.
  public static func == (lhs: MappingReport, rhs: MappingReport) -> Bool { lhs.entries == rhs.entries }
  /// Hashes the entries in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

  /// The values converted from another type.
  public var coercions: [Entry] { entries.filter { if case .coerced = $0.kind { true } else { false } } }
  /// The missing keys whose default was used.
  public var defaultsUsed: [Entry] { entries.filter { $0.kind == .defaultUsed } }
  /// The elements of lossy collections that were skipped, each with why.
  public var skippedElements: [Entry] {
    entries.filter { if case .elementSkipped = $0.kind { true } else { false } }
  }
  /// The keys the model does not name, with `unknownKeys: .report`.
  public var unknownKeys: [Entry] { entries.filter { $0.kind == .unknownKey } }

  /// Each entry on a line of its own.
  public var description: String {
    isEmpty ? "nothing forgiven" : entries.map(\.description).joined(separator: "\n")
  }
}

/// A value worked out once, on first use, from any thread (a report's or an error list's
/// resolved places). Unchecked `Sendable`: its one mutable member is only touched under `lock`.
final class ResolvedOnce<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?

  func value(_ make: () -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let stored { return stored }
    let made = make()
    stored = made
    return made
  }
}
