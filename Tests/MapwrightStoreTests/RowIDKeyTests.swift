// An integer primary key is its row's id (`RelationalLayout.Table.keyIsRowID`): one index
// instead of two. These tests hold both stores to it, at the extremes of Int64, and check
// that a store made before keeps the ids it handed out.

import Foundation
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema
import MapwrightTestSupport
import Synchronization
import Testing

@Suite struct RowIDKeyTests {
  static let xml = #"""
    <model>
      <entity name="Owner">
        <attribute name="ownerId" attributeType="Integer 64"/>
        <attribute name="name" optional="YES" attributeType="String"/>
        <relationship name="pets" optional="YES" toMany="YES" destinationEntity="Pet" inverseName="owner"/>
        <relationship name="favorites" optional="YES" toMany="YES" ordered="YES" destinationEntity="Pet"/>
        <userInfo><entry key="primaryKey" value="ownerId"/></userInfo>
      </entity>
      <entity name="Pet">
        <attribute name="petId" attributeType="Integer 32"/>
        <attribute name="name" optional="YES" attributeType="String"/>
        <relationship name="owner" optional="YES" maxCount="1" destinationEntity="Owner" inverseName="pets"/>
        <userInfo><entry key="primaryKey" value="petId"/></userInfo>
      </entity>
    </model>
    """#

  static let owners: [Int64] = [.min, -5, 0, 7, .max]

  static func payload(name: String, pets: String) -> [UInt8] {
    let owners = Self.owners.map { #"{"ownerId": \#($0), "name": "\#(name) \#($0)"}"# }.joined(separator: ",")
    return Array(#"{"owners": [\#(owners)], "pets": [\#(pets)]}"#.utf8)
  }

  static func sources(_ model: ObjectModel) -> [ImportSource] {
    [ImportSource("owners", entity: model.entity(named: "Owner")!), ImportSource("pets", entity: model.entity(named: "Pet")!)]
  }

  /// Turns a new, empty store into one as an earlier version made it: no `row_ids` in its
  /// meta table, a unique index on each key.
  static func makeTheEarlierWay(_ store: any RelationalStore) throws {
    for sql in [
      "DELETE FROM _mapwright_meta WHERE key = 'row_ids'",
      #"CREATE UNIQUE INDEX "Owner_ownerId" ON "Owner" ("ownerId")"#,
      #"CREATE UNIQUE INDEX "Pet_petId" ON "Pet" ("petId")"#,
    ] { try store.query(sql, []) { _ in } }
  }

  @Test(arguments: StoreKind.all) func anIntegerKeyIsItsRowsID(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(Self.xml.utf8))
    let (owner, pet) = (try #require(model.entity(named: "Owner")), try #require(model.entity(named: "Pet")))
    let place = StorePlace(kind)
    let store = try place.open(model)
    #expect(store.layout.tables["Owner"]?.keyIsRowID == true && store.layout.tables["Owner"]?.keyColumn == "_id")
    let pets = #"{"petId": -1, "owner": -9223372036854775808}, {"petId": 2147483647, "owner": 9223372036854775807}, {"petId": 0, "owner": 0}"#
    let first = try store.importJSON(Self.payload(name: "a", pets: pets), sources: Self.sources(model))
    #expect(first.inserted == 8 && first.updated == 0)
    // The row id is the key, and the key has no index besides the row id's.
    var pairs: [[StoreValue]] = []
    try store.query(#"SELECT "_id", "ownerId" FROM "Owner" ORDER BY "_id""#, []) { pairs.append($0) }
    #expect(pairs == Self.owners.map { [.integer($0), .integer($0)] })
    var indexes: [StoreValue] = []
    let list =
      kind == .sqlite
      ? "SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'Owner_ownerId'"
      : "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'Owner_ownerId'"
    try store.query(list, []) { indexes.append($0[0]) }
    #expect(indexes.isEmpty)
    // Fetches by key and by conditions on it.
    let lowest = try #require(try store.object(owner, key: Int64.min))
    #expect(lowest.string("name") == "a \(Int64.min)" && lowest.objects("pets").map { $0.int64("petId") } == [-1])
    #expect(try store.objects(owner, where: .lessOrEqual("ownerId", Int64(0))).map { $0.int64("ownerId") } == [.min, -5, 0])
    #expect(try store.count(owner, where: .greater("ownerId", Int64(0))) == 2)
    #expect(try store.object(pet, key: Int32.max)?.object("owner")?.int64("ownerId") == .max)
    // Sent again: every owner updated in place, a pet moved to another owner.
    let again = try store.importJSON(
      Self.payload(name: "b", pets: #"{"petId": 0, "owner": -5}"#), sources: Self.sources(model))
    #expect(again.inserted == 0 && again.updated == 6)
    #expect(try store.count(owner) == 5 && store.count(owner, where: .equal("name", "b 7")) == 1)
    #expect(try store.object(owner, key: Int64(-5))?.objects("pets").map { $0.int64("petId") } == [0])
    #expect(try store.object(owner, key: Int64(0))?.objects("pets").isEmpty == true)
  }

  /// A placeholder for an owner no payload object has gets the key as its row id too.
  @Test(arguments: StoreKind.all) func aPlaceholderTakesItsKeyAsRowID(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(Self.xml.utf8))
    let place = StorePlace(kind)
    let store = try place.open(model)
    var options = ImportOptions()
    options.missingReferences = .placeholder
    let summary = try store.importJSON(
      Array(#"{"owners": [], "pets": [{"petId": 1, "owner": 42}, {"petId": 2, "owner": 42}]}"#.utf8), sources: Self.sources(model),
      options: options)
    #expect(summary.placeholders == 1 && summary.inserted == 2)
    var rows: [[StoreValue]] = []
    try store.query(#"SELECT "_id", "ownerId" FROM "Owner""#, []) { rows.append($0) }
    #expect(rows == [[.integer(42), .integer(42)]])
    #expect(try store.object(model.entity(named: "Owner")!, key: 42)?.objects("pets").count == 2)
  }

  /// An object without the key that would be its row id is refused, with its place: an id
  /// handed out could be the key of another object.
  @Test(arguments: StoreKind.all) func anObjectWithoutItsRowIDKeyIsRefused(_ kind: StoreKind) throws {
    let model = try ObjectModel(
      xml: Array(
        Self.xml.replacingOccurrences(
          of: #"<attribute name="ownerId" attributeType="Integer 64"/>"#,
          with: #"<attribute name="ownerId" optional="YES" attributeType="Integer 64"/>"#
        ).utf8))
    let place = StorePlace(kind)
    let store = try place.open(model)
    let error = #expect(throws: MappingError.self) {
      try store.importJSON(Array(#"{"owners": [{"ownerId": 1}, {"name": "nobody"}], "pets": []}"#.utf8), sources: Self.sources(model))
    }
    #expect(error?.description.contains("$.owners[1]") == true && error?.description.contains("needs its ownerId") == true)
    #expect(try store.count(model.entity(named: "Owner")!) == 0)
  }

  /// A store made before row ids followed keys (no `row_ids` in its meta table, a unique
  /// index on the key, ids handed out in order) keeps working that way.
  @Test(arguments: StoreKind.all) func aStoreMadeBeforeKeepsHandingOutIDs(_ kind: StoreKind) throws {
    let model = try ObjectModel(xml: Array(Self.xml.utf8))
    let owner = try #require(model.entity(named: "Owner"))
    let place = StorePlace(kind)
    do {
      // Made as an earlier version made it.
      let old = try place.open(model)
      try Self.makeTheEarlierWay(old)
      for sql in [
        #"INSERT INTO "Owner" ("_id", "ownerId", "name") VALUES (1, 100, 'x'), (2, 200, 'y')"#,
        #"INSERT INTO "Pet" ("_id", "petId", "owner") VALUES (1, 5, 2)"#,
      ] { try old.query(sql, []) { _ in } }
    }
    let store = try place.open(model)
    #expect(store.layout.tables["Owner"]?.keyIsRowID == false && store.layout.tables["Owner"]?.keyColumn == "ownerId")
    let summary = try store.importJSON(
      Array(#"{"owners": [{"ownerId": 200, "name": "z"}, {"ownerId": 300}], "pets": [{"petId": 6, "owner": 300}]}"#.utf8),
      sources: Self.sources(model))
    #expect(summary.updated == 1 && summary.inserted == 2)
    var rows: [[StoreValue]] = []
    try store.query(#"SELECT "_id", "ownerId", "name" FROM "Owner" ORDER BY "_id""#, []) { rows.append($0) }
    #expect(rows == [[.integer(1), .integer(100), .text("x")], [.integer(2), .integer(200), .text("z")], [.integer(3), .integer(300), .null]])
    #expect(try store.object(owner, key: 200)?.objects("pets").map { $0.int64("petId") } == [5])
    #expect(try store.object(owner, key: 300)?.objects("pets").map { $0.int64("petId") } == [6])
  }
}

/// The same random imports into a store whose integer keys are row ids and into one made the
/// earlier way (ids handed out) end with the same objects and links: keys repeated and
/// negative, children nested and named by id before and after their rows, ids that resolve
/// to nothing, small batches (links across batches), owners sent again.
@Suite struct RowIDKeyDifferentialTests {
  /// A random payload: owners (some nesting pets, some naming them by id, some with
  /// favourites) and pets (some naming their owner). Pets come from a pool of ids mostly new
  /// to the store (`seen` holds the earlier rounds'), so owners often name a pet by id before
  /// its row comes, in a later batch.
  static func payload(_ random: inout SeededGenerator, round: Int, seen: inout [Int]) -> String {
    let pool = (0..<8).map { _ in Int.random(in: -30_000...30_000, using: &random) } + seen.shuffled(using: &random).prefix(4)
    seen += pool
    func petID() -> Int {
      Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: -30_000...30_000, using: &random) : pool.randomElement(using: &random)!
    }
    func pet(_ id: Int) -> String { #"{"petId": \#(id), "name": "p\#(id) r\#(round)"}"# }
    let owners = (0..<Int.random(in: 5...20, using: &random)).map { _ -> String in
      let id = Int.random(in: -20...20, using: &random)
      var members = [#""ownerId": \#(id)"#, #""name": "o\#(id) r\#(round)""#]
      switch Int.random(in: 0..<3, using: &random) {
      case 0: members.append(#""pets": [\#((0..<Int.random(in: 0...2, using: &random)).map { _ in pet(petID()) }.joined(separator: ","))]"#)
      case 1: members.append(#""pets": [\#((0..<Int.random(in: 0...3, using: &random)).map { _ in "\(petID())" }.joined(separator: ","))]"#)
      default: break
      }
      if Bool.random(using: &random) {
        members.append(#""favorites": [\#((0..<Int.random(in: 0...4, using: &random)).map { _ in "\(petID())" }.joined(separator: ","))]"#)
      }
      return "{" + members.joined(separator: ", ") + "}"
    }
    let pets = pool.shuffled(using: &random).prefix(Int.random(in: 2...10, using: &random)).map { id -> String in
      let owner = Int.random(in: 0..<3, using: &random) == 0 ? #", "owner": \#(Int.random(in: -25...25, using: &random))"# : ""
      return #"{"petId": \#(id), "name": "p\#(id) r\#(round)"\#(owner)}"#
    }
    return #"{"owners": [\#(owners.joined(separator: ","))], "pets": [\#(pets.joined(separator: ","))]}"#
  }

  /// Everything the store holds, by key, in a form that does not depend on row ids.
  static func contents(_ store: any RelationalStore) throws -> [String] {
    let model = store.model
    var lines: [String] = []
    for owner in try store.objects(model.entity(named: "Owner")!) {
      let pets = owner.objects("pets").compactMap { $0.int64("petId") }.sorted()
      let favorites = owner.objects("favorites").compactMap { $0.int64("petId") }
      lines.append("owner \(owner.int64("ownerId")!) \(owner.string("name") ?? "-") pets \(pets) favorites \(favorites)")
    }
    for pet in try store.objects(model.entity(named: "Pet")!) {
      lines.append("pet \(pet.int64("petId")!) \(pet.string("name") ?? "-") owner \(pet.object("owner")?.int64("ownerId").map(String.init) ?? "-")")
    }
    return lines.sorted()
  }

  @Test(arguments: StoreKind.all) func keysAsRowIDsEndAsHandedOutIDs(_ kind: StoreKind) throws {
    var random = SeededGenerator(seed: 0x5EED_0033)  // fixed: a failure replays exactly
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let (keyed, earlier) = (StorePlace(kind), StorePlace(kind))
    do {
      try RowIDKeyTests.makeTheEarlierWay(try earlier.open(model))
    }
    let stores = [try keyed.open(model), try earlier.open(model)]
    #expect(stores[0].layout.tables["Pet"]?.keyIsRowID == true && stores[1].layout.tables["Pet"]?.keyIsRowID == false)
    let sources = [ImportSource("owners", entity: model.entity(named: "Owner")!), ImportSource("pets", entity: model.entity(named: "Pet")!)]
    var seen: [Int] = []
    for round in 0..<8 {
      let payload = Array(Self.payload(&random, round: round, seen: &seen).utf8)
      var options = ImportOptions(batchSize: Int.random(in: 3...9, using: &random))
      options.missingReferences = Bool.random(using: &random) ? .report : .placeholder
      let summaries = try stores.map { try $0.importJSON(payload, sources: sources, options: options) }
      #expect(summaries[0].inserted == summaries[1].inserted && summaries[0].updated == summaries[1].updated, "round \(round)")
      #expect(summaries[0].placeholders == summaries[1].placeholders && summaries[0].unresolvedCount == summaries[1].unresolvedCount)
      #expect(try Self.contents(stores[0]) == Self.contents(stores[1]), "round \(round)")
    }
    #expect(try stores[0].count(model.entity(named: "Pet")!) > 20)
  }
}

/// SQLite: a key another writer took after the import found it absent stops the import; the
/// other writer's row is not overwritten.
@Suite struct RowIDKeyWriterTests {
  @Test func aKeyAnotherWriterTookIsNeverOverwritten() throws {
    let model = try ObjectModel(xml: Array(RowIDKeyTests.xml.utf8))
    let owner = try #require(model.entity(named: "Owner"))
    let place = StorePlace(.sqlite)
    let a = try place.open(model)
    let b = try place.open(model)
    let sources = [ImportSource("", entity: owner)]
    // A row above the payload's keys, so that the other writer's key does not move the
    // table's largest id (the check for ids handed out in order).
    _ = try a.importJSON(Array(#"[{"ownerId": 1000, "name": "top"}]"#.utf8), sources: sources)
    var options = ImportOptions(batchSize: 10)
    nonisolated(unsafe) let other = b
    nonisolated(unsafe) let shared = sources
    let wrote = Mutex(false)
    options.progress = { progress in
      guard progress.written == 10, !wrote.withLock({ $0 }) else { return }
      wrote.withLock { $0 = true }
      _ = try? other.importJSON(Array(#"[{"ownerId": 25, "name": "other"}]"#.utf8), sources: shared)
    }
    let payload = "[" + (1...30).map { #"{"ownerId": \#($0), "name": "a"}"# }.joined(separator: ",") + "]"
    #expect {
      _ = try a.importJSON(Array(payload.utf8), sources: sources, options: options)
    } throws: { ($0 as? StoreError)?.code == .changedDuringImport && "\($0)".contains("a row this import found absent") }
    #expect(try b.object(owner, key: 25)?.string("name") == "other")
    #expect(try b.count(owner) == 22)  // the top row, A's first two batches, B's row
  }
}
