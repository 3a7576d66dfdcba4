// Imports in segments (`ImportOptions.maximumKeysPerSegment`): the store ends as one pass
// leaves it, whatever the segment size, references to objects of later segments included.

import Foundation
import MapwrightEngine
import MapwrightGraph
import MapwrightSchema
import MapwrightTestSupport
import Testing

@Suite struct SegmentedImportTests {
  static func sources(_ model: ObjectModel) -> [ImportSource] { RowIDKeyTests.sources(model) }

  static func segmented(batchSize: Int, keys: Int) -> ImportOptions {
    var options = ImportOptions(batchSize: batchSize)
    options.maximumKeysPerSegment = keys
    return options
  }

  /// A pet names an owner, an owner names pets and favourites, all before their rows come,
  /// each in a later segment: every link is written once its segment is.
  @Test(arguments: StoreKind.all) func referencesToLaterSegmentsResolve(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let (owner, pet) = (try #require(model.entity(named: "Owner")), try #require(model.entity(named: "Pet")))
    let place = StorePlace(kind)
    let store = try place.open(model)
    let payload = #"""
      {"owners": [{"ownerId": 1, "pets": [10, 11], "favorites": [11, 12, 10]}, {"ownerId": 2}, {"ownerId": 3}],
       "pets": [{"petId": 12, "owner": 3}, {"petId": 10}, {"petId": 11, "owner": 2}, {"petId": 13, "owner": 1}]}
      """#
    let summary = try store.importJSON(Array(payload.utf8), sources: Self.sources(model), options: Self.segmented(batchSize: 1, keys: 1))
    #expect(summary.segments == 7 && summary.inserted == 7 && summary.unresolvedCount == 0)
    let first = try #require(try store.object(owner, key: 1))
    // Pet 11's own owner wins over the owner that named it before its row came, as in one pass.
    #expect(first.objects("pets").compactMap { $0.int64("petId") }.sorted() == [10, 13])
    #expect(first.objects("favorites").compactMap { $0.int64("petId") } == [11, 12, 10])
    #expect(try store.object(pet, key: 11)?.object("owner")?.int64("ownerId") == 2)
    #expect(try store.object(pet, key: 12)?.object("owner")?.int64("ownerId") == 3)
  }

  /// A segment holds its payload's keys and the distinct keys its references name: six pets
  /// naming one owner hold eight keys (one owner, six pets, the owner named), not thirteen.
  @Test func aKeyNamedAgainIsHeldOnce() throws {
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let pets = (10..<16).map { #"{"petId": \#($0), "owner": 1}"# }.joined(separator: ", ")
    let payload = Array(#"{"owners": [{"ownerId": 1}], "pets": [\#(pets)]}"#.utf8)
    var segments: [Int] = []
    for keys in [8, 7] {
      let place = StorePlace(.sqlite)
      let store = try place.open(model)
      let summary = try store.importJSON(payload, sources: Self.sources(model), options: Self.segmented(batchSize: 1, keys: keys))
      #expect(summary.inserted == 7 && summary.unresolvedCount == 0)
      segments.append(summary.segments)
    }
    #expect(segments == [1, 2], "\(segments)")
  }

  /// Parents naming a child by id before its row, in segments of their own: the last parent's
  /// claim decides, a later parent in the child's own segment wins over earlier ones, and a
  /// parent that dropped the child from its set leaves it with none — as in one pass.
  @Test(arguments: StoreKind.all) func theLastClaimOnAChildDecides(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let pet = try #require(model.entity(named: "Pet"))
    let payload = #"""
      {"owners": [{"ownerId": 1, "pets": [10, 11, 12]}, {"ownerId": 2, "pets": [10, 11]}, {"ownerId": 2, "pets": [11]},
                  {"ownerId": 3, "pets": [13]}],
       "pets": [{"petId": 10}, {"petId": 11}, {"petId": 12}, {"petId": 13, "owner": 1}]}
      """#
    var owners: [[Int64?]] = []
    for options in [ImportOptions(batchSize: 1), Self.segmented(batchSize: 1, keys: 1)] {
      let place = StorePlace(kind)
      let store = try place.open(model)
      _ = try store.importJSON(Array(payload.utf8), sources: Self.sources(model), options: options)
      owners.append(try (10...13).map { try store.object(pet, key: Int64($0))?.object("owner")?.int64("ownerId") })
    }
    // 10: taken by 2, then dropped by 2's second write; 11: 2's; 12: 1's; 13: its own value.
    #expect(owners[0] == [nil, 2, 1, 1] && owners[1] == owners[0], "\(owners)")
  }

  /// A reference nothing resolves meets the policy after the last segment: listed with its
  /// path, a placeholder, or an error with its path, line and column in the payload.
  @Test(arguments: StoreKind.all) func aReferenceNothingResolvesMeetsThePolicyAtTheEnd(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let owner = try #require(model.entity(named: "Owner"))
    let payload = Array(#"{"owners": [{"ownerId": 1, "favorites": [5, 404]}, {"ownerId": 2}], "pets": [{"petId": 5}]}"#.utf8)
    for policy in [MissingReferencePolicy.report, .placeholder, .error] {
      var whole = ImportOptions(batchSize: 1)
      whole.missingReferences = policy
      var segmented = Self.segmented(batchSize: 1, keys: 1)
      segmented.missingReferences = policy
      let places = [StorePlace(kind), StorePlace(kind)]
      let stores = try places.map { try $0.open(model) }
      if policy == .error {
        let errors = [whole, segmented].enumerated().map { i, options in
          #expect(throws: MappingError.self) { try stores[i].importJSON(payload, sources: Self.sources(model), options: options) }
        }
        #expect(errors[0]?.description == errors[1]?.description)
        #expect(errors[1]?.description == "$.owners[0].favorites[1]: no Pet has the key 404 (line 1, column 45)")
        continue
      }
      let summaries = try [whole, segmented].enumerated().map { i, options in
        try stores[i].importJSON(payload, sources: Self.sources(model), options: options)
      }
      #expect(summaries[1].segments > 1)
      #expect(summaries[0].unresolved.map(\.description) == summaries[1].unresolved.map(\.description))
      #expect(summaries[0].placeholders == summaries[1].placeholders && summaries[0].inserted == summaries[1].inserted)
      let favorites = try stores.map { try #require(try $0.object(owner, key: 1)).objects("favorites").compactMap { $0.int64("petId") } }
      #expect(favorites[0] == favorites[1] && favorites[1] == (policy == .report ? [5] : [5, 404]))
    }
  }

  /// The random payloads of the row-id differential test, imported in one pass and in
  /// segments of a few keys: the same objects and links, the same unresolved references and
  /// placeholders.
  @Test(arguments: StoreKind.all) func segmentsEndAsOnePassEnds(_ kind: StoreKind) throws {
    var random = SeededGenerator(seed: 0x5E6_0030)  // fixed: a failure replays exactly
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let places = [StorePlace(kind), StorePlace(kind)]
    let stores = try places.map { try $0.open(model) }
    var seen: [Int] = []
    var segments = 0
    for round in 0..<8 {
      let payload = Array(RowIDKeyDifferentialTests.payload(&random, round: round, seen: &seen).utf8)
      let batchSize = Int.random(in: 1...6, using: &random)
      var whole = ImportOptions(batchSize: batchSize)
      var segmented = Self.segmented(batchSize: batchSize, keys: Int.random(in: 1...12, using: &random))
      let policy: MissingReferencePolicy = Bool.random(using: &random) ? .report : .placeholder
      (whole.missingReferences, segmented.missingReferences) = (policy, policy)
      let summaries = try [whole, segmented].enumerated().map { i, options in
        try stores[i].importJSON(payload, sources: Self.sources(model), options: options)
      }
      segments += summaries[1].segments
      #expect(summaries[0].segments == 1, "round \(round)")
      #expect(
        summaries[0].placeholders == summaries[1].placeholders && summaries[0].unresolvedCount == summaries[1].unresolvedCount, "round \(round)")
      #expect(try RowIDKeyDifferentialTests.contents(stores[0]) == RowIDKeyDifferentialTests.contents(stores[1]), "round \(round)")
    }
    #expect(segments > 30)
  }
}
