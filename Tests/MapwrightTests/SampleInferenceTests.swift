import Foundation
import Mapwright
import MapwrightJSON
import MapwrightTestSupport
import Testing

@testable import MapwrightCodegen

/// Keywords as property names, escaped with backticks: the key is the bare word.
@JSONModel(keys: .snakeCase)
struct KeywordNamedProperties: Equatable {
  var `default`: Bool
  var `class`: String
  var `public`: Int?
}

/// Models inferred from real-world samples (`mapwright generate swift SAMPLE --name …`): the
/// generated files in Generated/ are compiled into this target; each test checks that the
/// generator still writes that file byte for byte, and that the compiled types decode the
/// sample and write it back equal as JSON, nulls included (`@WritesNull` on the members that
/// were null in the sample).
@Suite struct SampleInferenceTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  struct Case: Sendable, CustomTestStringConvertible {
    let path: String  // relative to the repository
    let name: String
    let prefix: String
    var enums = false
    var testDescription: String { path }
  }

  static let cases = [
    Case(path: "../shared/bench-data/twitter.json", name: "Search", prefix: "GenTwitter"),
    Case(path: "../shared/bench-data/citm_catalog.json", name: "Catalog", prefix: "GenCitm"),
    Case(path: "../shared/bench-data/canada.json", name: "FeatureCollection", prefix: "GenGeoJSON"),
    Case(path: "../shared/bench-data/github_events.json", name: "Event", prefix: "GenGitHubEvents"),
    // A map root: the alias takes the root's name, the values' type another.
    Case(path: "../shared/bench-data/gsoc-2018.json", name: "Root", prefix: "GenGsoc"),
    Case(path: "../shared/bench-data/apache_builds.json", name: "Root", prefix: "GenApache"),
    Case(path: "../shared/bench-data/instruments.json", name: "Root", prefix: "GenInstruments"),
    Case(path: "../shared/bench-data/update-center.json", name: "Root", prefix: "GenUpdateCenter"),
    Case(path: "../shared/bench-data/mesh.json", name: "Root", prefix: "GenMesh"),
    Case(path: "../shared/bench-data/marine_ik.json", name: "Root", prefix: "GenMarine"),
    Case(path: "../shared/bench-data/numbers.json", name: "Root", prefix: "GenNumbers"),
    Case(path: "Tests/MapwrightTests/Samples/geojson.json", name: "FeatureCollection", prefix: "GenGeoFeatures"),
    Case(path: "Tests/MapwrightTests/Samples/github-issues.json", name: "Issue", prefix: "GenGitHubIssues"),
    Case(path: "Tests/MapwrightTests/Samples/package.json", name: "Package", prefix: "GenPackage"),
    Case(path: "Tests/MapwrightTests/Samples/openapi.json", name: "Document", prefix: "GenOpenAPI"),
    Case(path: "Tests/MapwrightTests/Samples/mixed.jsonl", name: "Row", prefix: "GenMixed"),
    Case(path: "Tests/MapwrightTests/Samples/enums.json", name: "Item", prefix: "GenEnums", enums: true),
    Case(path: "Tests/MapwrightTests/Samples/inventory.json", name: "Root", prefix: "GenInventory"),
  ]

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: repository.appendingPathComponent(path)))
  }

  @Test(arguments: cases)
  func generatedFileIsWhatTheGeneratorWrites(_ sample: Case) throws {
    var options = SampleModelOptions()
    options.typePrefix = sample.prefix
    options.enums = sample.enums
    let generator = SampleModelGenerator(rootName: sample.name, options: options)
    try generator.addSamples(from: try Self.bytes(sample.path), jsonLines: sample.path.hasSuffix(".jsonl"))
    let output = "Tests/MapwrightTests/Generated/\(sample.prefix).swift"
    let command =
      "mapwright generate swift \(sample.path) --name \(sample.name) --prefix \(sample.prefix)"
      + (sample.enums ? " --enums" : "") + " --output \(output)"
    let source = generator.source(command: command)
    let committed = String(decoding: try Self.bytes(output), as: UTF8.self)
    #expect(source == committed, "regenerate with: \(command)")
    // Deterministic: the same samples give the same bytes.
    #expect(generator.source(command: command) == source)
  }

  /// canada.json's types are compiled and its generation checked, but 2.2 MB of coordinates
  /// take too long to decode in a debug build; geojson.json covers the same shape.
  @Test func generatedTypesDecodeTheirSamples() throws {
    try roundTrip(GenTwitterSearch.self, "../shared/bench-data/twitter.json")
    try roundTrip(GenCitmCatalog.self, "../shared/bench-data/citm_catalog.json")
    try roundTrip([GenGitHubEventsEvent].self, "../shared/bench-data/github_events.json")
    try roundTrip(GenGsocRoot.self, "../shared/bench-data/gsoc-2018.json")
  }

  /// The rest of the benchmark corpus (canada.json aside, above), nulls included.
  @Test func generatedTypesRoundTripTheBenchmarkFiles() throws {
    try roundTrip(GenApacheRoot.self, "../shared/bench-data/apache_builds.json")
    try roundTrip(GenInstrumentsRoot.self, "../shared/bench-data/instruments.json")
    try roundTrip(GenUpdateCenterRoot.self, "../shared/bench-data/update-center.json")
    try roundTrip(GenMeshRoot.self, "../shared/bench-data/mesh.json")
    try roundTrip(GenMarineRoot.self, "../shared/bench-data/marine_ik.json")
    try roundTrip([GenNumbersRoot].self, "../shared/bench-data/numbers.json")
    // Samples with a member sometimes absent, sometimes null: its nil cannot say which, so it
    // is left out (nulls aside here; every benchmark file comes back with its nulls).
    try roundTrip(GenGeoFeaturesFeatureCollection.self, "Tests/MapwrightTests/Samples/geojson.json", nullsAside: true)
    try roundTrip([GenGitHubIssuesIssue].self, "Tests/MapwrightTests/Samples/github-issues.json")
    try roundTrip(GenPackagePackage.self, "Tests/MapwrightTests/Samples/package.json")
    try roundTrip(GenOpenAPIDocument.self, "Tests/MapwrightTests/Samples/openapi.json")
    try roundTrip([GenEnumsItem].self, "Tests/MapwrightTests/Samples/enums.json")
    try roundTrip(GenInventoryRoot.self, "Tests/MapwrightTests/Samples/inventory.json", nullsAside: true)
    // A value no sample had is the fallback case.
    let item = try GenEnumsItem(json: #"{"id": 5, "state": "merged", "lang": "fr", "kind": "default", "labels": [true, 2.5, "a"], "size": "xl"}"#)
    #expect(item.state == .unknown)
    // Mixed scalars (with --enums): a case per kind seen, written back as they came.
    guard case .bool(true) = item.labels[0], case .number(2.5) = item.labels[1], case .string("a") = item.labels[2],
      case .string("xl")? = item.size
    else {
      Issue.record("\(item.labels) \(String(describing: item.size))")
      return
    }
    #expect(item.json()["labels"] == [true, 2.5, "a"])
    #expect(throws: MappingError.self) { try GenEnumsItem(json: #"{"id": 5, "state": "open", "lang": "ja", "kind": "default", "labels": [{}]}"#) }
    let lines = String(decoding: try Self.bytes("Tests/MapwrightTests/Samples/mixed.jsonl"), as: UTF8.self)
      .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(lines.count == 3)
    for line in lines { try roundTrip(GenMixedRow.self, Array(line.utf8), nullsAside: true) }  // "extra": absent or null
    _ = GenGeoJSONFeatureCollection.self
  }

  /// generate → compile → decode → encode gives the text it read: dates keep their offsets
  /// (one fixed offset through a format, differing offsets as strings), numbers their values;
  /// `id`-keyed products are one dictionary, and prices of 1.19 and 3 are one `Double`.
  @Test func inventoryComesBackAsWritten() throws {
    let bytes = try Self.bytes("Tests/MapwrightTests/Samples/inventory.json")
    let inventory = try GenInventoryRoot(json: bytes)
    func withoutNulls(_ json: JSON) -> JSON {
      switch json {
      case .array(let elements): return .array(elements.map(withoutNulls))
      case .object(let object):
        var result = JSONObject()
        for (key, value) in object where value != .null { result[key] = withoutNulls(value) }
        return .object(result)
      default: return json
      }
    }
    let written = inventory.json()
    #expect(withoutNulls(written) == withoutNulls(try JSON(parsing: bytes)))
    #expect(written["generated"] == "2025-01-31T23:59:59+01:00")
    #expect(inventory.generated == Date(timeIntervalSince1970: 1_738_364_399))
    let items: [String: GenInventoryItem] = inventory.items
    #expect(items.keys.sorted() == ["sku-1001", "sku-1002", "sku-1003"])
    let price: Double? = items["sku-1003"]?.price
    #expect(price == 3 && items["sku-1001"]?.price == 1.19)
    #expect(inventory.audits.map(\.at) == ["2025-01-15T09:00:00+01:00", "2025-07-15T09:00:00+02:00"])
    #expect(inventory.shipped.first == Date(timeIntervalSince1970: 1_738_318_500.25))
    // The two suppliers (rating 4.5 and 4) are one type.
    let acme: GenInventoryAcme = inventory.suppliers.acme
    let boltCo: GenInventoryAcme = inventory.suppliers.boltCo
    #expect(acme.rating == 4.5 && boltCo.rating == 4)
  }

  /// Ids of one form with values of one shape make a dictionary; names do not.
  @Test func idKeysMakeADictionary() throws {
    func source(_ json: String) throws -> String {
      let generator = SampleModelGenerator(rootName: "Root")
      try generator.addSamples(from: Array(json.utf8))
      return generator.source(command: "test")
    }
    let hashes = try source(#"{"commits": {"a1b2c3d": {"n": 1}, "0f9e8d7": {"n": 2}, "1234abc": {"n": 3}}}"#)
    #expect(hashes.contains("var commits: [String: Commit]"), "\(hashes)")
    let prefixed = try source(#"{"users": {"user_1": "a", "user_2": "b", "user_10": "c"}}"#)
    #expect(prefixed.contains("var users: [String: String]"), "\(prefixed)")
    // Two keys are too few; keys of other forms, or values of different shapes, are a type.
    let lines = try source(#"{"address": {"line1": "a", "line2": "b"}}"#)
    #expect(lines.contains("var line1: String") && lines.contains("var line2: String"), "\(lines)")
    let mixedPrefixes = try source(#"{"parts": {"sku-1": {"n": 1}, "part-2": {"n": 2}, "sku-3": {"n": 3}}}"#)
    #expect(!mixedPrefixes.contains("[String: "), "\(mixedPrefixes)")
    let mixedValues = try source(#"{"slots": {"slot1": 1, "slot2": "two", "slot3": {"x": 3}}}"#)
    #expect(!mixedValues.contains("[String: "), "\(mixedValues)")
    let unlikeObjects = try source(#"{"steps": {"step1": {"a": 1}, "step2": {"b": 2}, "step3": {"c": 3}}}"#)
    #expect(!unlikeObjects.contains("[String: "), "\(unlikeObjects)")
  }

  /// Date-times become `Date` only where the transformer writes each back as it was.
  @Test func datesThatWouldChangeStayStrings() throws {
    func property(_ values: [String]) throws -> String {
      let generator = SampleModelGenerator(rootName: "Row")
      try generator.addSamples(from: Array(("[" + values.map { #"{"at": "\#($0)"}"# }.joined(separator: ",") + "]").utf8))
      let source = generator.source(command: "test")
      let lines = source.split(separator: "\n")
      guard let index = lines.firstIndex(where: { $0.contains(" at: ") }) else { return source }
      return (index > 0 && lines[index - 1].contains("//") ? lines[index - 1] + "\n" : "") + lines[index]
    }
    #expect(try property(["2025-01-31T23:59:59Z", "2025-02-01T00:00:00Z"]) == "  @Transform(.iso8601) var at: Date")
    #expect(try property(["2025-01-31T23:59:59.120Z"]) == "  @Transform(.iso8601WithFractionalSeconds) var at: Date")
    #expect(
      try property(["2025-01-31T23:59:59-05:00"])
        == #"  @Transform(.dateFormat("yyyy-MM-dd'T'HH:mm:ssxxx", timeZone: TimeZone(secondsFromGMT: -18000)!)) var at: Date"#)
    #expect(try property(["2025-01-31T23:59:59+01:00", "2025-06-30T23:59:59+02:00"]).hasSuffix("\n  var at: String"))
    #expect(try property(["2025-01-31T23:59:59Z", "2025-01-31T23:59:59.5Z"]).hasSuffix("\n  var at: String"))
    #expect(try property(["2025-01-31t23:59:59z"]).hasSuffix("\n  var at: String"))
  }

  @Test func inferenceRules() throws {
    let generator = SampleModelGenerator(rootName: "user_profile")
    try generator.addSamples(
      from: Array(
        """
        [{"id": 1, "html_url": "https://example.com/a", "joined": "2020-01-02T03:04:05Z", "Nick Name": "x",
          "score": 1, "tags": ["a"], "meta": {"2021-01-01": 3}, "mixed": 1},
         {"id": 9223372036854775807, "html_url": "https://example.com/b", "joined": "2021-01-02T03:04:05.5+01:00",
          "score": 2.5, "tags": [], "meta": {}, "mixed": "one", "extra": null}]
        """.utf8))
    let source = generator.source(command: "test")
    #expect(source.contains("@JSONModel(keys: .snakeCase)\nstruct UserProfile {"))
    #expect(source.contains("  var id: Int\n"))
    #expect(source.contains("  var htmlURL: URL\n"))
    // One without fractions, one with one digit at another offset: text, kept as written.
    #expect(source.contains("  var joined: String\n"), "\(source)")
    #expect(source.contains("  @Key(\"Nick Name\") var nickName: String?\n"))
    #expect(source.contains("  var score: Double\n"))
    #expect(source.contains("  var tags: [String]\n"))
    #expect(source.contains("  var meta: [String: Int]\n"))
    #expect(source.contains("  var mixed: JSON\n"))
    #expect(source.contains("  var extra: JSON?\n"))

    var options = SampleModelOptions()
    options.declaration = .class
    options.immutable = true
    options.sendable = true
    options.isPublic = true
    options.dates = false
    options.decimals = true
    let other = SampleModelGenerator(rootName: "Row", options: options)
    try other.addSamples(from: Array(#"{"when": "2020-01-02T03:04:05Z", "price": 1.5, "huge": 99999999999999999999}"#.utf8))
    let classes = other.source(command: "test")
    #expect(classes.contains("public final class Row: Sendable {"))
    #expect(classes.contains("  public let when: String\n"))
    #expect(classes.contains("  public let price: Decimal\n"))
    #expect(classes.contains("  public let huge: Decimal\n"))

    var enumOptions = SampleModelOptions()
    enumOptions.enums = true
    let enums = SampleModelGenerator(rootName: "Event", options: enumOptions)
    try enums.addSamples(
      from: Array(#"[{"level": "warn", "id": "a"}, {"level": "warn", "id": "b"}, {"level": "error", "id": "c"}, {"level": "error", "id": "d"}]"#.utf8)
    )
    let enumSource = enums.source(command: "test")
    #expect(enumSource.contains("  var level: Level\n"))
    #expect(enumSource.contains("enum Level: String {\n  case error\n  case warn\n  @Fallback case unknown\n}"))
    #expect(enumSource.contains("  var id: String\n"))  // four values, none repeated: not an enum
  }

  @Test func objectsToldApartByATagAreATaggedEnum() throws {
    let generator = SampleModelGenerator(rootName: "events")
    try generator.addSamples(
      from: Array(
        """
        [{"type": "push", "repo_name": "a", "commit_count": 2, "at": "2020-01-02T03:04:05Z"},
         {"type": "push", "repo_name": "b", "commit_count": 1, "at": "2020-01-02T03:04:05Z"},
         {"type": "issue_opened", "issue_number": 7, "at": "2020-01-02T03:04:05Z", "label": {"name": "bug"}},
         {"type": "issue_opened", "issue_number": 8, "at": "2020-01-02T03:04:05Z", "label": null},
         {"type": "star", "at": "2020-01-02T03:04:05Z"}]
        """.utf8))
    let source = generator.source(command: "test")
    // A case per value in the order first seen; associated values keyed by one naming; a date
    // stays a String (an associated value takes no transformer).
    #expect(
      source.contains(
        """
        @JSONModel(tag: "type", keys: .snakeCase)
        enum Events {
          case push(repoName: String, commitCount: Int, at: String)
          @Key("issue_opened") case issueOpened(issueNumber: Int, at: String, label: Label?)
          case star(at: String)
        }
        """))

    // A key not named like a tag, or a tag that explains nothing, leaves a struct.
    for samples in [
      #"[{"lang": "en", "a": 1}, {"lang": "en", "a": 2}, {"lang": "ja", "b": 1}, {"lang": "ja", "b": 2}]"#,
      #"[{"kind": "x", "a": 1}, {"kind": "y", "a": 2}, {"kind": "x", "a": 3, "b": 1}, {"kind": "y", "a": 4, "b": 2}]"#,
      #"[{"type": "x", "a": 1}, {"type": "y", "a": 2}]"#,
    ] {
      let plain = SampleModelGenerator(rootName: "Row")
      try plain.addSamples(from: Array(samples.utf8))
      let text = plain.source(command: "test")
      #expect(text.contains("struct Row {") && !text.contains("enum"), "\(samples)")
    }
  }

  @Test func similarTypesAreOneTypeWithOptionals() throws {
    let samples = Array(
      """
      {"author": {"login": "a", "id": 1, "url": "u", "profile": {"bio": "x", "site": "s", "avatar": "p"}},
       "committer": {"login": "b", "id": 2, "url": "v", "email": "e", "profile": {"bio": "y", "site": "t", "avatar": "q", "twitter": "@b"}},
       "parent": {"author": {"login": "c", "id": 3, "url": "w"}, "committer": null, "parent": null, "message": "m"},
       "message": "n"}
      """.utf8)
    let generator = SampleModelGenerator(rootName: "Commit")
    try generator.addSamples(from: samples)
    let source = generator.source(command: "test")
    #expect(
      source.contains(
        """
        struct Author {
          var login: String
          var id: Int
          var url: String
          var profile: Profile?
          var email: String?
        }
        """))
    #expect(source.contains("struct Profile {\n  var bio: String\n  var site: String\n  var avatar: String\n  var twitter: String?\n}"))
    #expect(source.contains("  var committer: Author\n"))
    // `parent` is like Commit but inside it: a struct cannot hold itself, so it stays a type.
    #expect(source.contains("  var parent: Parent\n"))
    #expect(!source.contains("CommitterProfile") && !source.contains("struct Committer"))

    var options = SampleModelOptions()
    options.mergesSimilarShapes = false
    let separate = SampleModelGenerator(rootName: "Commit", options: options)
    try separate.addSamples(from: samples)
    let kept = separate.source(command: "test")
    #expect(kept.contains("struct Committer {") && kept.contains("  var committer: Committer\n"))
  }

  /// A large document is read in parts (its largest array in batches): the output is the one
  /// a whole parse gives, and malformed input is still reported by the whole parse.
  @Test(arguments: [
    "../shared/bench-data/twitter.json", "../shared/bench-data/github_events.json", "Tests/MapwrightTests/Samples/geojson.json",
    "Tests/MapwrightTests/Samples/openapi.json",
  ])
  func aDocumentReadInPartsGivesTheSameTypes(_ path: String) throws {
    let bytes = try Self.bytes(path)
    // Each of these has an array holding most of it (openapi.json has none: read whole).
    #expect((LargestArray.path(in: bytes) != nil) == !path.hasSuffix("openapi.json"))
    let whole = SampleModelGenerator(rootName: "Root")
    try whole.addSamples(from: bytes)
    var parts = SampleModelGenerator(rootName: "Root")
    parts.splitThreshold = 0
    try parts.addSamples(from: bytes)
    #expect(parts.source(command: "test") == whole.source(command: "test"))

    var broken = SampleModelGenerator(rootName: "Root")
    broken.splitThreshold = 0
    #expect(throws: JSONError.self) { try broken.addSamples(from: Array(bytes.dropLast(2))) }
  }

  /// Hundreds of object shapes, many similar: merging stays quick (passes over pairs, not a
  /// restart after every merge), and the result still decodes the sample.
  @Test func manyShapesMergeQuickly() throws {
    var random = SeededGenerator(seed: 2026)
    var members: [String] = []
    for place in 0..<300 {
      var keys: [String] = []
      for _ in 0..<6 { keys.append("\"k\(random.next() % 10)\": \(random.next() % 100)") }
      members.append("\"place\(place)\": {\(keys.joined(separator: ", "))}")
    }
    let generator = SampleModelGenerator(rootName: "Root")
    try generator.addSamples(from: Array("{\(members.joined(separator: ", "))}".utf8))
    let clock = ContinuousClock()
    var source = ""
    let elapsed = clock.measure { source = generator.source(command: "test") }
    #expect(elapsed < .seconds(5), "\(elapsed)")
    #expect(source.components(separatedBy: "struct ").count - 1 < 300)
  }

  @Test func aBadLineOfJSONLinesIsNamed() {
    let generator = SampleModelGenerator(rootName: "Row")
    do {
      try generator.addSamples(from: Array("{\"a\": 1}\n\n{\"a\": 2,}\n".utf8), jsonLines: true)
      Issue.record("expected an error")
    } catch let error as SampleLineError {
      #expect(error.line == 3)
      #expect(error.description.hasPrefix("line 3: "))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func keywordPropertiesUseTheBareWordAsKey() throws {
    let value = try KeywordNamedProperties(json: #"{"default": true, "class": "A", "public": 3}"#)
    #expect(value == KeywordNamedProperties(default: true, class: "A", public: 3))
    #expect(try value.jsonString([.sortedKeys]) == #"{"class":"A","default":true,"public":3}"#)
  }

  @Test func namesFromAnyKey() {
    #expect(SwiftNames.propertyName(forKey: "snake_case_key") == "snakeCaseKey")
    #expect(SwiftNames.propertyName(forKey: "kebab-case-key") == "kebabCaseKey")
    #expect(SwiftNames.propertyName(forKey: "PascalCase") == "pascalCase")
    #expect(SwiftNames.propertyName(forKey: "with spaces") == "withSpaces")
    #expect(SwiftNames.propertyName(forKey: "3d_model") == "_3dModel")
    #expect(SwiftNames.propertyName(forKey: "class") == "`class`")
    #expect(SwiftNames.propertyName(forKey: "user_id") == "userID")
    #expect(SwiftNames.propertyName(forKey: "+1") == "plus1")
    #expect(SwiftNames.propertyName(forKey: "ÉTÉ_été") == "étéÉté")
    #expect(SwiftNames.typeName(forKey: "labels", singular: true) == "Label")
    #expect(SwiftNames.typeName(forKey: "categories", singular: true) == "Category")
    #expect(SwiftNames.typeName(forKey: "statuses", singular: true) == "Status")
    #expect(SwiftNames.typeName(forKey: "boxes", singular: true) == "Box")
    #expect(SwiftNames.typeName(forKey: "string") == "StringValue")
    // Two keys with one Swift name get two properties.
    let generator = SampleModelGenerator(rootName: "Row")
    let document = try? JSONDocument(#"{"a_b": 1, "aB": 2, "a-b": 3}"#)
    generator.add(sample: document!.root)
    let source = generator.source(command: "test")
    #expect(source.contains("var aB: Int"))
    #expect(source.contains("var aB2: Int"))
    #expect(source.contains("var aB3: Int"))
  }

  private func roundTrip<T: JSONConvertible>(_ type: T.Type, _ path: String, nullsAside: Bool = false) throws {
    try roundTrip(type, try Self.bytes(path), nullsAside: nullsAside)
  }

  private func roundTrip<T: JSONConvertible>(_ type: T.Type, _ bytes: [UInt8], nullsAside: Bool = false) throws {
    let value = try T(json: bytes)
    let written = normalised(value.json(), nullsAside: nullsAside)
    let original = normalised(try JSON(parsing: bytes), nullsAside: nullsAside)
    #expect(written == original)
  }

  /// The value (nulls included: a member null in the sample is written back as null) with
  /// each value as its Swift type writes it: a number with a fraction as the shortest text of its `Double`
  /// (`-65.613616999999977` → `-65.61361699999998`), a UUID in capitals, a date as its instant
  /// (dates are written in UTC).
  private func normalised(_ json: JSON, nullsAside: Bool = false) -> JSON {
    switch json {
    case .array(let elements): return .array(elements.map { normalised($0, nullsAside: nullsAside) })
    case .object(let object):
      var result = JSONObject()
      for (key, value) in object where !(nullsAside && value == .null) { result[key] = normalised(value, nullsAside: nullsAside) }
      return .object(result)
    case .number(let number) where !number.isIntegerLiteral:
      return number.doubleValue.map { .number(JSONNumber($0)) } ?? json
    case .string(let text):
      if let uuid = UUID(uuidString: text) { return .string(uuid.uuidString) }
      if let date = try? ISO8601Transformer().decode(json) { return .number(JSONNumber(date.timeIntervalSince1970)) }
      return json
    default: return json
    }
  }
}
