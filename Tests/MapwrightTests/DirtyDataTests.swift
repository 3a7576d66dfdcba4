// Imperfect data: lossy collections of models, errors and reports that cost the same wherever
// they are in the document, and key paths parsed by one rule.

import Foundation
import Mapwright
import MapwrightObjectMapper
import MapwrightTestSupport
import Testing

@JSONModel
struct Assignee: Equatable {
  var id: Int
  var login: String
}

@JSONModel
struct LossyTicket {
  var number: Int
  @Lossy var assignees: [Assignee]
  @Lossy var byName: [String: Assignee] = [:]
}

@JSONModel
struct Team {
  var name: String
  var members: [Assignee]
}

@JSONModel
struct DottedKeys: Equatable {
  @Key(#"version\.major"#) var major: Int  // the one key "version.major"
  @Key("meta.version.minor") var minor: Int  // a path
}

@JSONModel
struct DirtyRow {
  var id: Int
  var name: String
}

@JSONModel
struct Located {
  @Key("address.city") @Default("nowhere") var city: String
  @Key("labels.0.name") var firstLabel: String?
}

@JSONModel
struct Outline: Equatable {
  var points: [[Double]]
  var spans: [[Int]]
  var marks: [[Double?]] = []
}

@Suite struct DirtyDataTests {
  /// Two-element arrays are made whole by the readers' fast path; where an element needs the
  /// engine (a coercion, a null, a wrong type) the engine reads the whole field, with the same
  /// values, report entries and errors as for arrays of any other length.
  @Test func pairsReadFastAgreeWithTheEngine() throws {
    let clean = #"{"points": [[1.5, -2.25], [3, 4e2], [5.5]], "spans": [[1, 2], [3, 4, 5]], "marks": [[null, 1.5], [2.5, null]]}"#
    let outline = try Outline(json: clean)
    #expect(outline.points == [[1.5, -2.25], [3, 400], [5.5]])
    #expect(outline.spans == [[1, 2], [3, 4, 5]])
    #expect(outline.marks == [[nil, 1.5], [2.5, nil]])

    let coerced = #"{"points": [["1.5", 2], [3, "4"]], "spans": [[1, "2"], ["3", 4, 5]]}"#
    let (lenient, report) = try Outline.decodeReporting(json: coerced, options: .lenient)
    #expect(lenient.points == [[1.5, 2], [3, 4]])
    #expect(lenient.spans == [[1, 2], [3, 4, 5]])
    #expect(report.entries.map(\.path.description) == ["$.points[0][0]", "$.points[1][1]", "$.spans[0][1]", "$.spans[1][0]", "$.marks"])

    for (json, path) in [
      (#"{"points": [[1, 2], [3, "x"]], "spans": []}"#, "$.points[1][1]"),
      (#"{"points": [[1, 2]], "spans": [[1.5, 2]]}"#, "$.spans[0][0]"),
      (#"{"points": [[1, 2]], "spans": [[1, 2], [true, 2, 3]]}"#, "$.spans[1][0]"),
    ] {
      #expect {
        try Outline(json: json)
      } throws: { error in
        "\(error)".contains(path)
      }
    }
  }

  @Test func lossyArraysOfModelsSkipAndReportTheElementsThatFail() throws {
    let json = #"""
      {"number": 7,
       "assignees": [{"id": 1, "login": "ada"}, {"id": "not-a-number", "login": "bob"}, {"login": "eve"}, {"id": 4, "login": "kim"}],
       "byName": {"a": {"id": 1, "login": "ada"}, "b": {"id": true, "login": "x"}}}
      """#
    let (ticket, report) = try LossyTicket.decodeReporting(json: json)
    #expect(ticket.assignees == [Assignee(id: 1, login: "ada"), Assignee(id: 4, login: "kim")])
    #expect(ticket.byName == ["a": Assignee(id: 1, login: "ada")])
    #expect(
      report.skippedElements.map(\.description) == [
        #"$.assignees[1]: element skipped (expected integer, found string "not-a-number")"#,
        "$.assignees[2]: element skipped (missing key)",
        "$.byName.b: element skipped (expected integer, found bool true)",
      ])
  }

  @Test func aSkippedElementTakesBackWhatItCoerced() throws {
    // The second element coerces "2" and then fails on login: its coercion is not reported.
    let json = #"{"number": 1, "assignees": [{"id": "1", "login": "a"}, {"id": "2", "login": [5]}]}"#
    let (ticket, report) = try LossyTicket.decodeReporting(json: json, options: .lenient)
    #expect(ticket.assignees.map(\.id) == [1])
    #expect(report.coercions.map(\.path.description) == ["$.assignees[0].id"])
    #expect(report.skippedElements.map(\.path.description) == ["$.assignees[1]"])
  }

  @Test func collectedErrorsCarryPathsLinesAndColumns() throws {
    let json = "[\n" + (0..<3).map { #"  {"id": "x\#($0)", "name": "n"}"# }.joined(separator: ",\n") + "\n]"
    var options = MappingOptions()
    options.errorMode = .collectAll
    #expect {
      _ = try [DirtyRow](json: json, options: options)
    } throws: { error in
      guard let errors = error as? MappingErrors else { return false }
      return errors.errors.map(\.description) == [
        #"$[0].id: expected integer, found string "x0" (line 2, column 10)"#,
        #"$[1].id: expected integer, found string "x1" (line 3, column 10)"#,
        #"$[2].id: expected integer, found string "x2" (line 4, column 10)"#,
      ]
    }
  }

  @Test func nestedErrorsAreCollectedOnceEach() throws {
    var options = MappingOptions()
    options.errorMode = .collectAll
    let json = #"[{"name": 1, "members": [{"id": "x", "login": 2}, {"id": 3}]}, {"name": "b", "members": 7}]"#
    #expect {
      _ = try [Team](json: json, options: options)
    } throws: { error in
      (error as? MappingErrors)?.errors.map { "\($0.code) \($0.path)" } == [
        "typeMismatch $[0].name", "typeMismatch $[0].members[0].id", "typeMismatch $[0].members[0].login",
        "missingKey $[0].members[1].login", "typeMismatch $[1].members",
      ]
    }
  }

  @Test func defaultsAndMissingKeysAtKeyPathsArePlacedAlike() throws {
    let (located, report) = try Located.decodeReporting(json: #"{"address": {}, "labels": []}"#)
    #expect(located.city == "nowhere")
    #expect(report.defaultsUsed.map(\.path.description) == ["$.address.city"])
  }

  /// Ten times the errors costs about ten times the time, not a hundred: each error's place
  /// is worked out in one walk at the end. The bound is loose (a quadratic cost would be
  /// ~100×); timing is only compared within this test.
  @Test(arguments: [
    MappingOptions.lenient,
    {
      var o = MappingOptions()
      o.errorMode = .collectAll
      return o
    }(),
  ])
  func costStaysLinearInTheNumberOfErrors(_ options: MappingOptions) throws {
    func rows(_ count: Int) -> [UInt8] {
      Array(("[" + (0..<count).map { #"{"id": "\#($0)", "name": "row"}"# }.joined(separator: ",\n") + "]").utf8)
    }
    func time(_ json: [UInt8]) -> Duration {
      let clock = ContinuousClock()
      return clock.measure {
        if options.errorMode == .collectAll {
          do { _ = try [DirtyRow].decodeReporting(json: json, options: options) } catch { _ = "\(error)" }
        } else {
          _ = try? [DirtyRow].decodeReporting(json: json, options: options).report.description
        }
      }
    }
    let small = rows(2_000)
    let large = rows(20_000)
    _ = time(small)
    let ratio = time(large) / time(small)
    #expect(ratio < 40, "20,000 rows took \(ratio)× the time of 2,000")
  }

  /// Errors the optional-returning Mapper discards cost the same wherever they are: ten
  /// times the objects, each with one mismatched value, takes about ten times the time (the
  /// bound is loose; a cost per error in proportion to the document would be ~100×).
  @Test func swallowedObjectMapperErrorsStayLinear() {
    struct Item: Mappable {
      var id = 0
      var tags: [String] = []
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        id <- map["id"]
        tags <- map["tags"]
      }
    }
    func json(_ count: Int) -> String {
      "[" + (0..<count).map { #"{"id": \#($0), "tags": {"a": 1}}"# }.joined(separator: ",") + "]"
    }
    let (small, large) = (json(1_000), json(10_000))
    let clock = ContinuousClock()
    var items: [Item]?
    _ = Mapper<Item>().mapArray(JSONString: small)
    let smallTime = clock.measure { items = Mapper<Item>().mapArray(JSONString: small) }
    #expect(items?.count == 1_000 && items?.first?.tags == [])
    let largeTime = clock.measure { items = Mapper<Item>().mapArray(JSONString: large) }
    #expect(items?.count == 10_000)
    #expect(largeTime / smallTime < 40, "10,000 objects took \(largeTime / smallTime)× the time of 1,000")
  }

  @Test func batchPathsAgreeWithSinglePaths() throws {
    // Random documents (seeded), every value's path resolved one by one and all at once.
    var generator = SeededGenerator(seed: 0x5EED)
    for round in 0..<20 {
      let text = randomJSON(depth: 0, &generator)
      let document = try JSONDocument(text)
      var values: [JSONValue] = []
      func collect(_ value: JSONValue) {
        values.append(value)
        for element in value.elements { collect(element) }
        for member in value.members { collect(member.value) }
      }
      collect(document.root)
      let places = values.shuffled(using: &generator).map { ValuePlace($0) }
      let resolved = ValuePlace.resolvingAll(places)
      for (place, batch) in zip(places, resolved) {
        #expect(place.path == batch.path, "seed 0x5EED round \(round): \(text)")
        #expect(place.line == batch.line && place.column == batch.column, "seed 0x5EED round \(round)")
      }
    }
  }

  @Test func anEscapedDotIsPartOfTheKeyBothWays() throws {
    let model = try DottedKeys(json: #"{"version.major": 2, "meta": {"version": {"minor": 5}}}"#)
    #expect(model == DottedKeys(major: 2, minor: 5))
    #expect(model.json() == ["version.major": 2, "meta": ["version": ["minor": 5]]])
    #expect(throws: MappingError.self) { try DottedKeys(json: #"{"version": {"major": 2}, "meta": {"version": {"minor": 5}}}"#) }
  }

  @Test func keyPathsFollowOneRule() {
    #expect(JSONKeyPath("user.login").keys == ["user", "login"])
    #expect(JSONKeyPath("labels.0.name").components.map(\.index) == [nil, 0, nil])
    #expect(JSONKeyPath(#"a\.b.c"#).keys == ["a.b", "c"])
    #expect(JSONKeyPath("a..b").keys == ["a", "", "b"])
    #expect(JSONKeyPath("").keys == [""])
    #expect(JSONKeyPath(components: ["a.b", "c"]).text == #"a\.b.c"#)
    let document = try! JSONDocument(#"{"a.b": {"c": 1}, "a": {"": {"b": 2}}, "0": "zero", "list": ["x"]}"#)
    #expect(document.root.value(at: #"a\.b.c"#)?.intValue == 1)
    #expect(document.root.value(at: "a..b")?.intValue == 2)
    #expect(document.root.value(at: "0")?.stringValue == "zero")
    #expect(document.root.value(at: "list.0")?.stringValue == "x")
    #expect(document.root.value(at: "list.1") == nil)
    #expect(MappingError.missingKey(atKeyPath: "list.1.name", in: document.root).path.description == "$.list[1].name")
  }
}

func randomJSON(depth: Int, _ generator: inout SeededGenerator) -> String {
  let choice = depth > 3 ? Int.random(in: 0..<3, using: &generator) : Int.random(in: 0..<5, using: &generator)
  switch choice {
  case 0: return String(Int.random(in: -99...99, using: &generator))
  case 1: return ["\"é\"", "\"a\\nb\"", "\"x\"", "\"\""].randomElement(using: &generator)!
  case 2: return ["null", "true", "1.5"].randomElement(using: &generator)!
  case 3:
    let count = Int.random(in: 0..<4, using: &generator)
    return "[\n" + (0..<count).map { _ in randomJSON(depth: depth + 1, &generator) }.joined(separator: ", ") + "]"
  default:
    let count = Int.random(in: 0..<4, using: &generator)
    let keys = ["a", "b.c", "ü", "", "k\\\"q"]
    return "{" + (0..<count).map { i in "\"\(keys[i])\": " + randomJSON(depth: depth + 1, &generator) }.joined(separator: ",\n ") + "}"
  }
}

@JSONModel
struct Appointment {
  @Transform(named: "appointmentDay") var day: Date
}

@Suite struct TransformerRegistryOptionsTests {
  @Test func namedTransformersComeFromTheRegistryTheOptionsGive() throws {
    let registry = TransformerRegistry(fallback: .shared)
    registry.register(.dateFormat("dd.MM.yyyy"), named: "appointmentDay")
    let json = #"{"day": "24.11.2026"}"#
    #expect { try Appointment(json: json) } throws: { ($0 as? MappingError)?.code == .transformFailed }
    let appointment = try Appointment(json: json, options: MappingOptions(transformers: registry))
    #expect(try appointment.jsonString(transformers: registry) == json.replacingOccurrences(of: " ", with: ""))
    #expect(appointment.json(transformers: registry) == ["day": "24.11.2026"])
    #expect(throws: MappingError.self) { try appointment.jsonString() }
  }
}
