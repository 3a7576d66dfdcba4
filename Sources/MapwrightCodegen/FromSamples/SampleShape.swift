// What sample JSON showed at one place of a document: how often each kind of value appeared
// there, and for each kind what a type needs to know (integer ranges, whether every string was
// a date, a URL or a UUID, the members of objects and how often each was present, one merged
// shape for all elements of arrays). Every sample is walked once and folded into one tree of
// shapes, so inference costs time linear in the samples and memory in the number of distinct
// places, not in the input.

import Foundation
import MapwrightEngine
import MapwrightJSON
import MapwrightJSONSchema

/// The statistics of the values seen at one place of the samples.
public final class SampleShape {
  /// Values seen here (nulls included).
  public internal(set) var count = 0
  /// `null`s seen here.
  public internal(set) var nulls = 0
  /// Booleans seen here.
  public internal(set) var bools = 0
  /// Numbers without a fraction or exponent, and the range they need.
  public internal(set) var integers = 0
  var fitsInt = true
  var fitsInt64 = true
  var fitsUInt64 = true
  /// Numbers with a fraction or exponent.
  public internal(set) var fractions = 0
  /// Strings seen here.
  public internal(set) var strings = 0
  var allDates = true
  /// How the dates were written, while every string is one: the endings after the seconds
  /// (`Z`, `+01:00`; `t` stands for a lower-case `T` or `Z`, which no transformer writes) and
  /// the numbers of fraction digits (0 for none). A generated transformer must write each back
  /// as it was (SampleDates.swift).
  var dateOffsets: Set<String> = []
  var dateFractionDigits: Set<Int> = []
  var allURLs = true
  var allUUIDs = true
  /// Distinct strings, while there are few (nil once past `maximumDistinctStrings`).
  var distinctStrings: Set<String>? = []
  static let maximumDistinctStrings = 16
  /// Arrays seen here.
  public internal(set) var arrays = 0
  /// Every element of every array here, merged.
  var element: SampleShape?
  /// Objects seen here.
  public internal(set) var objects = 0
  /// Members in the order first seen.
  var memberKeys: [String] = []
  var members: [String: SampleShape] = [:]
  /// Whether this place and those below it look for a member that tells their objects apart
  /// (TagInference.swift); not inside such a split, nor in merged copies.
  let looksForTags: Bool
  /// The members that may still be such a tag, each with the objects split by its value.
  var tagSplits: [TagSplit] = []

  /// An empty shape (nothing seen yet).
  public init() { looksForTags = true }

  init(looksForTags: Bool) { self.looksForTags = looksForTags }

  /// Folds one value into the shape.
  public func add(_ value: JSONValue) {
    count += 1
    switch value.kind {
    case .null: nulls += 1
    case .bool: bools += 1
    case .number: addNumber(value)
    case .string: addString(value.stringValue ?? "")
    case .array:
      arrays += 1
      let element = self.element ?? SampleShape(looksForTags: looksForTags)
      self.element = element
      for item in value.elements { element.add(item) }
    case .object:
      objects += 1
      for item in value.members { member(named: item.key).add(item.value) }
      if looksForTags { splitByTags(value) }
    }
  }

  /// Folds one element of an array counted here already (an array read in parts).
  func addElement(_ value: JSONValue) {
    let element = self.element ?? SampleShape(looksForTags: looksForTags)
    self.element = element
    element.add(value)
  }

  private func member(named key: String) -> SampleShape {
    if let shape = members[key] { return shape }
    let shape = SampleShape(looksForTags: looksForTags)
    members[key] = shape
    memberKeys.append(key)
    return shape
  }

  private func addNumber(_ value: JSONValue) {
    guard value.isIntegerLiteral else {
      fractions += 1
      return
    }
    integers += 1
    if fitsInt, value.intValue == nil { fitsInt = false }
    if fitsInt64, value.int64Value == nil { fitsInt64 = false }
    if fitsUInt64, value.uint64Value == nil { fitsUInt64 = false }
  }

  private func addString(_ text: String) {
    strings += 1
    if allDates, !SampleShape.isISO8601Date(text) { allDates = false }
    if allDates { noteDateForm(text) }
    if allURLs, !SampleShape.isURL(text) { allURLs = false }
    if allUUIDs, UUID(uuidString: text) == nil { allUUIDs = false }
    if distinctStrings != nil {
      distinctStrings!.insert(text)
      if distinctStrings!.count > Self.maximumDistinctStrings { distinctStrings = nil }
    }
  }

  /// Merges `other` into this shape (for places that describe one type).
  public func merge(_ other: SampleShape) {
    count += other.count
    nulls += other.nulls
    bools += other.bools
    integers += other.integers
    fitsInt = fitsInt && other.fitsInt
    fitsInt64 = fitsInt64 && other.fitsInt64
    fitsUInt64 = fitsUInt64 && other.fitsUInt64
    fractions += other.fractions
    strings += other.strings
    allDates = allDates && other.allDates
    dateOffsets.formUnion(other.dateOffsets)
    dateFractionDigits.formUnion(other.dateFractionDigits)
    allURLs = allURLs && other.allURLs
    allUUIDs = allUUIDs && other.allUUIDs
    if let mine = distinctStrings, let theirs = other.distinctStrings {
      let union = mine.union(theirs)
      distinctStrings = union.count > Self.maximumDistinctStrings ? nil : union
    } else {
      distinctStrings = nil
    }
    arrays += other.arrays
    if let theirs = other.element {
      if let mine = element { mine.merge(theirs) } else { element = theirs.copy() }
    }
    objects += other.objects
    for key in other.memberKeys {
      guard let theirs = other.members[key] else { continue }
      member(named: key).merge(theirs)
    }
  }

  func copy() -> SampleShape {
    let copy = SampleShape(looksForTags: false)
    copy.merge(self)
    return copy
  }

  /// Kinds other than null seen here.
  var nonNullKinds: Int {
    [bools, integers + fractions, strings, arrays, objects].filter { $0 > 0 }.count
  }

  // MARK: Recognising strings

  /// `2024-05-01T12:30:00Z`, with optional fractional seconds and any UTC offset (what the
  /// `.iso8601` transformer reads): RFC 3339's date-time, by the rule the validator's
  /// `format: date-time` applies.
  static func isISO8601Date(_ text: String) -> Bool { SchemaFormat.dateTime.accepts(text) }

  /// An absolute `http`, `https` or `ftp` URL with a host, which `URL(string:)` reads and
  /// writes back unchanged (a URI template such as `…/issues{/number}` is not one: it would be
  /// written percent-encoded).
  static func isURL(_ text: String) -> Bool {
    guard text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("ftp://"),
      let url = URL(string: text), let host = url.host, !host.isEmpty
    else { return false }
    return url.absoluteString == text
  }
}
