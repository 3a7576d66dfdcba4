#if Postgres
  import Foundation
  import Mapwright
  import MapwrightSQLite
  import MapwrightSchema
  import Synchronization
  import Testing

  @testable import MapwrightGraph
  @testable import MapwrightPostgres

  /// Every attribute type, for the column types and exact round trips.
  let everyTypeModel = #"""
    <model><entity name="Thing">
      <attribute name="id" attributeType="String"/>
      <attribute name="count" optional="YES" attributeType="Integer 64"/>
      <attribute name="small" optional="YES" attributeType="Integer 16"/>
      <attribute name="flag" optional="YES" attributeType="Boolean"/>
      <attribute name="ratio" optional="YES" attributeType="Double"/>
      <attribute name="price" optional="YES" attributeType="Decimal"/>
      <attribute name="when" optional="YES" attributeType="Date"/>
      <attribute name="uuid" optional="YES" attributeType="UUID"/>
      <attribute name="link" optional="YES" attributeType="URI"/>
      <attribute name="bytes" optional="YES" attributeType="Binary"/>
      <attribute name="extra" optional="YES" attributeType="Transformable"/>
      <userInfo><entry key="primaryKey" value="id"/></userInfo>
    </entity></model>
    """#

  @Suite struct StoreValueTests {
    static let things = #"""
      [{"id": "plain", "count": 9007199254740993, "small": -32768, "flag": true, "ratio": 0.1, "price": 12345678901234567890.123456789,
        "when": "2024-02-29T12:34:56Z", "uuid": "0F6E5C1A-8B7D-4C2E-9A3B-1D2E3F405162", "link": "https://example.com/a?b=c&d=%20",
        "bytes": "AAEC/w==", "extra": {"tags": ["a", "b"], "n": 1.5, "nested": {"ok": null}}},
       {"id": "'; DROP TABLE \"Thing\"; --", "flag": false, "ratio": -1e-300},
       {"id": "é ☃ 𝄞 \"quoted\" back\\slash {braces} ,comma NULL", "price": -0.5}]
      """#

    /// Each value comes back as it went in, on every store; keys that look like SQL or hold
    /// quotes, braces and astral characters are plain keys (bound, never in the SQL text).
    @Test(arguments: StoreKind.all) func everyAttributeTypeRoundTrips(_ kind: StoreKind) throws {
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      let place = StorePlace(kind)
      let store = try place.open(model)
      let thing = try #require(model.entity(named: "Thing"))
      let summary = try store.importJSON(Array(Self.things.utf8), sources: [ImportSource("", entity: thing)])
      #expect(summary.inserted == 3)
      // Twice: the second run updates the same three rows.
      #expect(try store.importJSON(Array(Self.things.utf8), sources: [ImportSource("", entity: thing)]).updated == 3)
      #expect(try store.count(thing) == 3)

      let plain = try #require(try store.object(thing, key: "plain"))
      #expect(plain.int64("count") == 9_007_199_254_740_993)
      #expect(plain.int64("small") == -32768)
      #expect(plain.bool("flag") == true)
      #expect(plain.double("ratio") == 0.1)
      #expect(plain.decimal("price") == Decimal(string: "12345678901234567890.123456789"))
      #expect(plain.date("when") == ISO8601DateFormatter().date(from: "2024-02-29T12:34:56Z"))
      #expect(plain["uuid"] as? UUID == UUID(uuidString: "0F6E5C1A-8B7D-4C2E-9A3B-1D2E3F405162"))
      #expect(plain.url("link")?.absoluteString == "https://example.com/a?b=c&d=%20")
      #expect(plain["bytes"] as? Data == Data([0, 1, 2, 255]))
      #expect(plain["extra"] as? JSON == ["tags": ["a", "b"], "n": 1.5, "nested": ["ok": nil]])

      let injected = try #require(try store.object(thing, key: "'; DROP TABLE \"Thing\"; --"))
      #expect(injected.bool("flag") == false && injected.double("ratio") == -1e-300)
      let unicode = try #require(try store.object(thing, key: "é ☃ 𝄞 \"quoted\" back\\slash {braces} ,comma NULL"))
      #expect(unicode.decimal("price") == Decimal(string: "-0.5"))
      #expect(unicode["count"] == nil && unicode["extra"] == nil)
      // Predicates on typed columns bind their values too.
      #expect(try store.count(thing, where: .equal("flag", true)) == 1)
      #expect(try store.count(thing, where: .greater("price", Decimal(0))) == 1)
      #expect(try store.count(thing, where: .less("when", Date())) == 1)
      #expect(try store.count(thing, where: .equal("uuid", UUID(uuidString: "0F6E5C1A-8B7D-4C2E-9A3B-1D2E3F405162")!)) == 1)
      #expect(try store.count(thing, where: .isNull("extra")) == 2)
    }
  }

  @Suite(.enabled(if: StoreKind.all.contains(.postgres))) struct PostgresStoreTests {
    /// The columns have the types the docs promise.
    @Test func columnsAreTyped() throws {
      let place = StorePlace(.postgres)
      let store = try #require(try place.open(try ObjectModel(xml: Array(everyTypeModel.utf8))) as? PostgresStore)
      var types: [String: String] = [:]
      try store.session.query(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'Thing'"
      ) { row in
        let cells = row.makeRandomAccess()
        types[try cells[0].decode(String.self)] = try cells[1].decode(String.self)
      }
      #expect(
        types == [
          "_id": "bigint", "id": "text", "count": "bigint", "small": "bigint", "flag": "boolean", "ratio": "double precision",
          "price": "numeric", "when": "timestamp with time zone", "uuid": "uuid", "link": "text", "bytes": "bytea", "extra": "jsonb",
        ])
    }

    /// Refused connections, wrong passwords and missing databases are clear errors, quickly.
    @Test func connectionProblemsAreClearErrors() throws {
      let base = try #require(StoreKind.postgresURL)
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      var components = try #require(URLComponents(string: base))
      func failure(_ change: (inout URLComponents) -> Void) -> String {
        var url = components
        change(&url)
        let started = ContinuousClock.now
        do {
          _ = try PostgresStore(url: url.string!, model: model)
          return "connected"
        } catch let error as StoreError {
          #expect(error.code == .connectionFailed)
          #expect(ContinuousClock.now - started < .seconds(5))
          return error.message
        } catch {
          return "other error: \(error)"
        }
      }
      let refused = failure { $0.port = 1 }
      #expect(refused.contains("connection refused"), "\(refused)")
      let password = failure { $0.password = "wrong" }
      #expect(password.contains("password authentication failed"), "\(password)")
      #expect(!password.contains("wrong"))
      let database = failure { $0.path = "/no_such_database" }
      #expect(database.contains("does not exist"), "\(database)")
      components.scheme = "mysql"
      #expect(failure { _ in }.contains("is not a postgres:// URL"))
    }

    /// A schema with tables of its own is refused, unchanged.
    @Test func aForeignSchemaIsRefusedAndLeftAsItWas() throws {
      let place = StorePlace(.postgres)
      let location = try PostgresLocation(url: try place.url)
      let session = try PostgresSession(location: location)
      try session.execute("CREATE SCHEMA \"\(place.schema)\"")
      try session.execute("CREATE TABLE \"\(place.schema)\".orders (id int)")
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      #expect {
        try place.open(model)
      } throws: { ($0 as? StoreError)?.code == .foreignDatabase }
      let tables = try session.integer("SELECT count(*) FROM pg_tables WHERE schemaname = $1", [place.schema])
      #expect(tables == 1)
      _ = try place.open(model, addingToExistingDatabase: true)
      #expect(try session.integer("SELECT count(*) FROM pg_tables WHERE schemaname = $1", [place.schema]) == 3)
    }
  }

  /// Two importers at once on one PostgreSQL store, with overlapping keys.
  @Suite(.enabled(if: StoreKind.all.contains(.postgres))) struct PostgresConcurrencyTests {
    /// Authors `range` with two books each (a keyless pricing under each); `label` marks whose.
    static func payload(_ range: ClosedRange<Int>, label: String) -> [UInt8] {
      let authors = range.map { id in
        #"{"author_id": \#(id), "firstName": "\#(label)", "lastName": "L\#(id)", "books": ["#
          + (0..<2).map { #"{"book_id": \#(id * 10 + $0), "title": "\#(label) \#(id)-\#($0)", "pricing": {"retailPrice": \#(id).\#($0)}}"# }
          .joined(separator: ",") + "]}"
      }
      return Array("{\"authors\": [\(authors.joined(separator: ","))]}".utf8)
    }

    /// Everything the store holds, in a comparable form (keys, values, and who links to whom).
    static func contents(_ store: any RelationalStore, _ model: ObjectModel) throws -> [String] {
      var lines: [String] = []
      for author in try store.objects(model.entity(named: "Author")!) {
        let books = author.objects("books").map { "\($0.int64("bookId")!):\($0.string("title")!)" }
        lines.append("A\(author.int64("authorId")!) \(author.string("firstName")!) [\(books.joined(separator: ","))]")
      }
      for book in try store.objects(model.entity(named: "Book")!) {
        lines.append(
          "B\(book.int64("bookId")!) by \(book.object("author")?.int64("authorId") ?? -1) at \(book.object("pricing")?.decimal("retailPrice") ?? -1)")
      }
      lines.append("pricings \(try store.count(model.entity(named: "Pricing")!))")
      return lines.sorted()
    }

    /// The result is exactly that of one import after the other (whichever went first): one
    /// row per key, no relationship lost, no keyless child left behind.
    @Test func overlappingImportsEndAsOneAfterTheOther() throws {
      TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
      let model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"))
      let author = model.entity(named: "Author")!
      let a = Self.payload(1...60, label: "a")
      let b = Self.payload(31...90, label: "b")
      let place = StorePlace(.postgres)
      let first = try place.open(model)
      let second = try place.open(model)
      nonisolated(unsafe) let stores = [first, second]
      let payloads = [a, b]
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 2) { i in
        do {
          _ = try stores[i].importJSON(payloads[i], sources: [ImportSource("authors", entity: author)], options: ImportOptions(batchSize: 8))
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      #expect(failures.withLock { $0 } == [])
      let concurrent = try Self.contents(first, model)
      #expect(try first.count(author) == 90)

      var orders: [[String]] = []
      for order in [[a, b], [b, a]] {
        let sequential = StorePlace(.postgres)
        let store = try sequential.open(model)
        for payload in order {
          _ = try store.importJSON(payload, sources: [ImportSource("authors", entity: author)], options: ImportOptions(batchSize: 8))
        }
        orders.append(try Self.contents(store, model))
      }
      #expect(orders[0] != orders[1])
      #expect(concurrent == orders[0] || concurrent == orders[1])
    }

    /// The physical place of each row (`ctid`), which an update moves.
    static func rowPlaces(_ store: any RelationalStore, _ table: String) throws -> [String: String] {
      var places: [String: String] = [:]
      try store.query("SELECT \"id\", ctid::text FROM \"\(table)\"", []) { row in
        if case .text(let id) = row[0], case .text(let place) = row[1] { places[id] = place }
      }
      return places
    }

    /// An object sent again with the values it has is left alone (no new row version); one
    /// whose values differ is updated; a new one is inserted.
    @Test func anUnchangedObjectIsNotRewritten() throws {
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      let thing = try #require(model.entity(named: "Thing"))
      let place = StorePlace(.postgres)
      let store = try place.open(model)
      _ = try store.importJSON(Array(StoreValueTests.things.utf8), sources: [ImportSource("", entity: thing)])
      let before = try Self.rowPlaces(store, "Thing")
      let again =
        #"[{"id": "plain", "count": 9007199254740993, "small": -32768, "ratio": 0.1, "price": 12345678901234567890.123456789, "when": "2024-02-29T12:34:56Z", "extra": {"nested": {"ok": null}, "n": 1.5, "tags": ["a", "b"]}}, {"id": "'; DROP TABLE \"Thing\"; --", "ratio": 2}, {"id": "new", "count": 1}]"#
      let summary = try store.importJSON(Array(again.utf8), sources: [ImportSource("", entity: thing)])
      #expect(summary.updated == 2 && summary.inserted == 1)
      let after = try Self.rowPlaces(store, "Thing")
      #expect(after["plain"] == before["plain"])
      #expect(after["'; DROP TABLE \"Thing\"; --"] != before["'; DROP TABLE \"Thing\"; --"])
      #expect(try store.object(thing, key: "'; DROP TABLE \"Thing\"; --")?.double("ratio") == 2)
      #expect(try store.object(thing, key: "new")?.int64("count") == 1)
      #expect(try store.object(thing, key: "plain")?.bool("flag") == true)  // absent: kept
      // The import's planner settings (index probes) end with it: reads are planned as usual.
      var settings: [String] = []
      for name in ["enable_hashjoin", "enable_mergejoin"] {
        try store.query("SELECT current_setting('\(name)')", []) { row in if case .text(let value) = row[0] { settings.append(value) } }
      }
      #expect(settings == ["on", "on"])
    }

    /// Re-importing an owner with nested children: the children it lists again are neither
    /// set to NULL and back nor rewritten when their values are the same (PostgreSQL leaves
    /// their rows where they are); a child it no longer lists is detached; a child another
    /// owner now lists moves there — on both stores alike.
    @Test(arguments: StoreKind.all) func childrenAnOwnerListsAgainAreLeftAlone(_ kind: StoreKind) throws {
      let t = try TemporaryStore(kind)
      let sources = [ImportSource("authors", entity: t.entity("Author"))]
      func author(_ id: Int, _ books: [Int]) -> String {
        let nested = books.map { #"{"book_id": \#($0), "title": "T\#($0)", "pricing": {"retailPrice": \#($0).5}}"# }
        return #"{"author_id": \#(id), "firstName": "F\#(id)", "lastName": "L", "books": [\#(nested.joined(separator: ","))]}"#
      }
      func payload(_ authors: [String]) -> [UInt8] { Array("{\"authors\": [\(authors.joined(separator: ","))]}".utf8) }
      func places() throws -> [String: String] {
        guard kind == .postgres else { return [:] }
        var places: [String: String] = [:]
        try t.store.query("SELECT \"bookId\"::text, ctid::text FROM \"Book\"", []) { row in
          if case .text(let id) = row[0], case .text(let place) = row[1] { places[id] = place }
        }
        return places
      }
      func owners() throws -> [Int64: Int64] {
        var owners: [Int64: Int64] = [:]
        for book in try t.store.objects(t.entity("Book")) { owners[book.int64("bookId")!] = book.object("author")?.int64("authorId") ?? -1 }
        return owners
      }
      _ = try t.store.importJSON(payload([author(1, [10, 11]), author(2, [20, 21])]), sources: sources)
      let first = try places()
      _ = try t.store.importJSON(payload([author(1, [10, 11]), author(2, [20, 21])]), sources: sources)
      #expect(try places() == first)
      #expect(try owners() == [10: 1, 11: 1, 20: 2, 21: 2])
      // Author 1 drops book 11, which author 2 now lists; author 2 drops book 21.
      _ = try t.store.importJSON(payload([author(1, [10]), author(2, [11, 20])]), sources: sources)
      #expect(try owners() == [10: 1, 11: 2, 20: 2, 21: -1])
      if kind == .postgres {
        let now = try places()
        #expect(now["10"] == first["10"] && now["20"] == first["20"] && now["11"] != first["11"] && now["21"] != first["21"])
      }
      // A book sent again gets its new pricing in place of the old (a keyless child); book 21,
      // detached but not sent, keeps its own.
      #expect(try t.store.count(t.entity("Pricing")) == 4)
    }

    /// A batch's columns travel as binary arrays written by `PostgresBinaryArray`: the server
    /// reads back every element, in order, extremes and empty arrays included.
    @Test func binaryArraysReachTheServerIntact() throws {
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      let place = StorePlace(.postgres)
      let store = try #require(try place.open(model) as? PostgresStore)
      func elements(_ type: String, _ parameter: PostgresSession.Parameter) throws -> [String] {
        var texts: [String] = []
        try store.session.query(
          "SELECT x::text FROM unnest($1::\(type)[]) WITH ORDINALITY AS u(x, n) ORDER BY n", [parameter]
        ) { row in texts.append(try row.makeRandomAccess()[0].decode(String.self)) }
        return texts
      }
      let integers: [Int64] = [.min, -1, 0, 1, .max]
      #expect(try elements("bigint", .integers(integers)) == integers.map(String.init))
      #expect(try elements("double precision", .reals([0.1, -2.5, 1e308, .infinity])) == ["0.1", "-2.5", "1e+308", "Infinity"])
      let texts = ["", "plain", "é", "𝄞 clef", "quote \" and \\ backslash", "日本語", "{\"json\": [1, 2]}"]
      #expect(try elements("text", .texts(texts)) == texts)
      for type in ["bigint", "double precision", "text"] {
        let empty: PostgresSession.Parameter = type == "bigint" ? .integers([]) : type == "text" ? .texts([]) : .reals([])
        #expect(try elements(type, empty).isEmpty)
      }
    }

    /// A look-up bucket of 2,000 keys or more goes in two halves on the two connections: both
    /// halves' answers come back (every stored object found, every new one inserted once).
    @Test func aLargeBucketIsLookedUpInTwoHalvesAndFindsEveryKey() throws {
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      let thing = try #require(model.entity(named: "Thing"))
      let place = StorePlace(.postgres)
      let store = try #require(try place.open(model) as? PostgresStore)
      func payload(_ ids: StrideTo<Int>, count: Int) -> [UInt8] {
        Array("[\(ids.map { #"{"id": "t\#($0)", "count": \#(count)}"# }.joined(separator: ","))]".utf8)
      }
      // The even keys first; then all 6,000 in one bucket of 10,000: half stored, half new.
      _ = try store.importJSON(payload(stride(from: 0, to: 6_000, by: 2), count: 1), sources: [ImportSource("", entity: thing)])
      let summary = try store.importJSON(payload(stride(from: 0, to: 6_000, by: 1), count: 2), sources: [ImportSource("", entity: thing)])
      #expect(summary.updated == 3_000 && summary.inserted == 3_000 && summary.lookups == 1)
      #expect(try store.count(thing) == 6_000)
      #expect(try store.count(thing, where: .equal("count", Int64(2))) == 6_000)
    }

    /// New objects are inserted without a conflict check: a row that another writer (not an
    /// import, which would wait for the lock) put under the id or the key pass 1 gave a new
    /// object fails that batch with the server's unique violation; nothing is overwritten.
    @Test func aRowWrittenBehindTheImportIsNeverOverwritten() throws {
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      let thing = try #require(model.entity(named: "Thing"))
      let place = StorePlace(.postgres)
      let store = try place.open(model)
      let other = try place.open(model)
      let payload = #"[{"id": "a", "count": 1}, {"id": "b", "count": 2}, {"id": "c", "count": 3}, {"id": "d", "count": 4}]"#
      var options = ImportOptions(batchSize: 1)
      nonisolated(unsafe) let intruder = other
      options.progress = { progress in
        // After the first batch: another writer takes the row id the third object was given.
        if progress.written == 1 { try? intruder.query("INSERT INTO \"Thing\" (\"_id\", \"id\", \"count\") VALUES (3, 'other', 99)", []) { _ in } }
      }
      let error = #expect(throws: PostgresStoreError.self) {
        try store.importJSON(Array(payload.utf8), sources: [ImportSource("", entity: thing)], options: options)
      }
      #expect(error?.sqlState == "23505")
      #expect(try store.object(thing, key: "other")?.int64("count") == 99)
      #expect(try store.object(thing, key: "a")?.int64("count") == 1 && store.object(thing, key: "b") != nil)
      #expect(try store.object(thing, key: "c") == nil)
      // The batch after the failing one was being written on the other connection: it is not
      // committed either.
      #expect(try store.object(thing, key: "d") == nil)
    }

    @Test func consecutiveBatchesGoOnTwoConnectionsAndEndAsOneConnectionWouldWriteThem() throws {
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      let thing = try #require(model.entity(named: "Thing"))
      let first = (0..<30).map { #"{"id": "t\#($0)", "count": \#($0), "small": 1}"# }
      // Keys come twice in a row, so that some batches (of 3) share a row with the batch before
      // and others do not; the later ones are new.
      let second = (0..<40).map { #"{"id": "t\#($0 / 2 * 3)", "count": \#(100 + $0)}"# }
      var options = ImportOptions(batchSize: 3)
      options.rowsPerPart = 2
      var results: [[String]] = []
      for kind in [StoreKind.sqlite, .postgres] {
        let place = StorePlace(kind)
        let store = try place.open(model)
        defer { withExtendedLifetime(place) {} }
        for payload in [first, second] {
          _ = try store.importJSON(Array("[\(payload.joined(separator: ","))]".utf8), sources: [ImportSource("", entity: thing)], options: options)
        }
        if let postgres = store as? PostgresStore { #expect(postgres.batchesOnSecondLane > 10) }
        results.append(try store.objects(thing).map { "\($0.string("id") ?? "") \($0.int64("count") ?? -1) \($0.int64("small") ?? -1)" }.sorted())
      }
      #expect(results[0] == results[1])
      var expected: [String: Int] = [:]
      for i in 0..<30 { expected["t\(i)"] = i }
      for j in 0..<40 { expected["t\(j / 2 * 3)"] = 100 + j }
      #expect(results[1].count == expected.count)
      for line in results[1] {
        let fields = line.split(separator: " ")
        #expect(Int(fields[1]) == expected[String(fields[0])])
      }
    }
  }

  @Suite struct PostgresConnectionTimeoutTests {
    /// A listener that never answers (the kernel accepts the connection; nothing replies): the
    /// store gives up after `connect_timeout` with a clear error instead of hanging.
    @Test func aServerThatNeverAnswersTimesOut() throws {
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #expect(listener >= 0)
      defer { close(listener) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
        }
      }
      #expect(bound)
      let port = Int(UInt16(bigEndian: address.sin_port))
      let model = try ObjectModel(xml: Array(everyTypeModel.utf8))
      let started = ContinuousClock.now
      #expect {
        try PostgresStore(url: "postgres://user:secret@127.0.0.1:\(port)/db?connect_timeout=1", model: model)
      } throws: { error in
        (error as? StoreError)?.code == .connectionFailed && "\(error)".contains("connect time-out") && !"\(error)".contains("secret")
      }
      #expect(ContinuousClock.now - started < .seconds(3))
    }
  }
#endif
