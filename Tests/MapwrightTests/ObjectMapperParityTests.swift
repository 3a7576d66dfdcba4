import Foundation
import MapwrightObjectMapper
import Testing

// ObjectMapper 4.4.3 code that must compile unchanged and behave as with ObjectMapper (issue 19):
// each case is written as ObjectMapper's README and tests write it.

// MARK: Models

private struct Puppy: ImmutableMappable, Equatable {
  let name: String
  let age: Int
  init(name: String, age: Int) { (self.name, self.age) = (name, age) }
  init(map: Map) throws {
    name = try map.value("name")
    age = try map.value("age")
  }
  func mapping(map: Map) {
    name >>> map["name"]
    age >>> map["age"]
  }
}

private enum KennelError: Error { case noContext }

private struct Kennel: ImmutableMappable {
  let dogs: [Puppy]
  init(map: Map) throws {
    guard map.context != nil else { throw KennelError.noContext }
    dogs = try map.value("dogs")
  }
}

private struct KennelContext: MapContext {}

private var upper: TransformOf<String, String> { TransformOf(fromJSON: { $0?.uppercased() }, toJSON: { $0?.lowercased() }) }

private struct TransformShapes: ImmutableMappable {
  let one: String
  let maybe: String?
  let list: [String]
  let table: [String: String]
  let grid: [[String]]
  init(map: Map) throws {
    one = try map.value("one", using: upper)
    maybe = try? map.value("missing", using: upper)
    list = try map.value("list", using: upper)
    table = try map.value("table", using: upper)
    grid = try map.value("grid", using: upper)
  }
}

private final class TransformCollections: Mappable {
  var grid: [[String]] = []
  var gridOptional: [[String]]?
  var groups: [String: [String]] = [:]
  var groupsOptional: [String: [String]]?
  var tableOptional: [String: String]?
  var set: Set<String> = []
  var setOptional: Set<String>?
  var unwrapped: [String]!
  init?(map: Map) {}
  func mapping(map: Map) {
    grid <- (map["grid"], upper)
    gridOptional <- (map["grid"], upper)
    groups <- (map["groups"], upper)
    groupsOptional <- (map["groups"], upper)
    tableOptional <- (map["table"], upper)
    set <- (map["set"], upper)
    setOptional <- (map["set"], upper)
    unwrapped <- (map["list"], upper)
  }
}

private enum LoudnessLevel: NSNumber {
  case low = 1
  case high = 10
}

private struct GeoPoint: Codable, Equatable {
  var lat: Double
  var lon: Double
}

private final class FoundationTypes: Mappable {
  var number: NSNumber?
  var numbers: [NSNumber] = []
  var numberTable: [String: NSNumber] = [:]
  var decimal: NSDecimalNumber = .zero
  var level: LoudnessLevel?
  var levels: [LoudnessLevel] = []
  var location: GeoPoint?
  var places: [GeoPoint]?
  var anyObject: Any = true
  var ratio: Float = 0
  var ratios: [String: Float] = [:]
  init?(map: Map) {}
  func mapping(map: Map) {
    number <- map["number"]
    numbers <- map["numbers"]
    numberTable <- map["numberTable"]
    decimal <- map["decimal"]
    level <- map["level"]
    levels <- map["levels"]
    location <- (map["location"], CodableTransform<GeoPoint>())
    places <- (map["places"], CodableTransform<[GeoPoint]>())
    anyObject <- map["anyObject"]
    ratio <- map["ratio"]
    ratios <- map["ratios"]
  }
}

private final class Relative: Mappable {
  var name: String?
  var nickname: String?
  var spouse: Relative?
  var children: [String: Relative]?
  init?(map: Map) {}
  func mapping(map: Map) {
    name <- map["name"]
    nickname <- map["nickname"]
    spouse <- map["spouse"]
    children <- map["children"]
  }
}

// MARK: Tests

@Suite struct ObjectMapperParityTests {
  @Test func throwingMapperFormsForImmutableModels() throws {
    let json: [String: Any] = ["name": "Rex", "age": 3]
    let dog = try? Mapper<Puppy>().map(JSON: json) as Puppy
    #expect(dog == Puppy(name: "Rex", age: 3))
    let fromText: Puppy = try Mapper().map(JSONString: #"{"name": "Ada", "age": 5}"#)
    #expect(fromText.name == "Ada")
    #expect(try Mapper<Puppy>().map(JSONObject: json as Any).age == 3)
    #expect(try Mapper<Puppy>().mapArray(JSONString: #"[{"name": "A", "age": 1}, {"name": "B", "age": 2}]"#).map(\.age) == [1, 2])
    #expect(try Mapper<Puppy>().mapArray(JSONArray: [json, json]).count == 2)
    #expect(try Mapper<Puppy>().mapDictionary(JSON: ["a": json])["a"]?.name == "Rex")
    #expect(try Mapper<Puppy>().mapDictionaryOfArrays(JSON: ["pack": [json, json]])["pack"]?.count == 2)
    #expect(try Mapper<Puppy>().mapArrayOfArrays(JSONObject: [[json], [json, json]]).map(\.count) == [1, 2])

    // One element that does not map fails the whole, with where and why.
    #expect(throws: MappingError.self) { try Mapper<Puppy>().mapDictionary(JSON: ["a": json, "b": ["name": "no age"]]) }
    do {
      _ = try Mapper<Puppy>().mapArray(JSONString: #"[{"name": "A", "age": 1}, {"name": "B", "age": "two"}]"#)
      Issue.record("expected an error")
    } catch let error as MappingError {
      #expect(error.path.description == "$[1].age")
      #expect(error.code == .typeMismatch)
    }
  }

  @Test func aModelsOwnErrorIsRethrownAsItWas() throws {
    #expect(throws: KennelError.noContext) { try Mapper<Kennel>().map(JSONString: #"{"dogs": []}"#) }
    let kennel = try Mapper<Kennel>(context: KennelContext()).map(JSONString: #"{"dogs": [{"name": "A", "age": 1}]}"#)
    #expect(kennel.dogs.count == 1)
    // The throwing decode keeps Mapwright's error, which still holds the model's own.
    do {
      _ = try Mapper<Kennel>().decode(JSONString: #"{"dogs": []}"#)
      Issue.record("expected an error")
    } catch let error as MappingError {
      #expect(error.underlyingError as? KennelError == .noContext)
    }
  }

  @Test func valueUsingATransformInEveryShape() throws {
    let shapes = try Mapper<TransformShapes>().map(
      JSONString: """
        {"one": "a", "list": ["b", "c"], "table": {"k": "d"}, "grid": [["e"], ["f", "g"]]}
        """)
    #expect(shapes.one == "A")
    #expect(shapes.maybe == nil)
    #expect(shapes.list == ["B", "C"])
    #expect(shapes.table == ["k": "D"])
    #expect(shapes.grid == [["E"], ["F", "G"]])
    // A transform that fails on one element throws for the whole value.
    let failing = TransformOf<Int, Int>(fromJSON: { $0.flatMap { $0 > 0 ? $0 : nil } }, toJSON: { $0 })
    let map = Map(mappingType: .fromJSON, JSON: ["n": [1, -1]])
    #expect(throws: MappingError.self) { try map.value("n", using: failing) as [Int] }
  }

  @Test func transformsOnEveryCollectionShape() throws {
    let text = """
      {"grid": [["a"], ["b", "c"]], "groups": {"x": ["d"]}, "table": {"k": "e"}, "set": ["f", "f", "g"],
       "list": ["h"]}
      """
    let model = try #require(Mapper<TransformCollections>().map(JSONString: text))
    #expect(model.grid == [["A"], ["B", "C"]])
    #expect(model.gridOptional == [["A"], ["B", "C"]])
    #expect(model.groups == ["x": ["D"]])
    #expect(model.groupsOptional == ["x": ["D"]])
    #expect(model.tableOptional == ["k": "E"])
    #expect(model.set == ["F", "G"])
    #expect(model.setOptional == ["F", "G"])
    #expect(model.unwrapped == ["H"])
    let json = model.toJSON()
    #expect(json["grid"] as? [[String]] == [["a"], ["b", "c"]])
    #expect(json["groups"] as? [String: [String]] == ["x": ["d"]])
    #expect(json["table"] as? [String: String] == ["k": "e"])
    #expect(Set(json["set"] as? [String] ?? []) == ["f", "g"])
    #expect(json["list"] as? [String] == ["h"])
  }

  @Test func foundationTypesRawValuesAndCodableValues() throws {
    let text = """
      {"number": 7, "numbers": [1, 2.5], "numberTable": {"a": 3}, "decimal": 0.1000000000000000055511151231257827,
       "level": 10, "levels": [1, 10, 1], "location": {"lat": 1.5, "lon": -2}, "places": [{"lat": 0, "lon": 0}],
       "anyObject": "STRING", "ratio": 1.1, "ratios": {"a": 0.1, "b": 2.5}}
      """
    let model = try #require(Mapper<FoundationTypes>().map(JSONString: text))
    #expect(model.number == 7)
    #expect(model.numbers == [1, 2.5])
    #expect(model.numberTable == ["a": 3])
    #expect(model.decimal == NSDecimalNumber(string: "0.1000000000000000055511151231257827"))
    #expect(model.level == .high)
    #expect(model.levels == [.low, .high, .low])
    #expect(model.location == GeoPoint(lat: 1.5, lon: -2))
    #expect(model.places == [GeoPoint(lat: 0, lon: 0)])
    #expect(model.anyObject as? String == "STRING")

    let json = model.toJSON()
    #expect(json["ratio"] as? Float == 1.1)
    #expect(json["ratios"] as? [String: Float] == ["a": 0.1, "b": 2.5])
    #expect(json["level"] as? Int == 10)
    #expect((json["location"] as? [String: Any])?["lat"] as? Double == 1.5)
    #expect(json["number"] as? Int == 7)
    let again = try #require(Mapper<FoundationTypes>().map(JSON: json))
    #expect(again.decimal == model.decimal)
    #expect(again.ratio == 1.1)
    #expect(again.levels == model.levels)
  }

  @Test func mappingIntoAnExistingObjectKeepsNestedObjects() throws {
    let person = try #require(
      Mapper<Relative>().map(
        JSONString: """
          {"name": "Ana", "spouse": {"name": "Bo", "nickname": "B"}, "children": {"c1": {"name": "Cy", "nickname": "C"}}}
          """))
    let spouse = try #require(person.spouse)
    let child = try #require(person.children?["c1"])
    _ = Mapper<Relative>().map(
      JSONString: #"{"spouse": {"name": "Bob"}, "children": {"c1": {"name": "Cyd"}, "c2": {"name": "Di"}}}"#, toObject: person)
    #expect(person.spouse === spouse)
    #expect(spouse.name == "Bob")
    #expect(spouse.nickname == "B")
    #expect(person.children?["c1"] === child)
    #expect(child.name == "Cyd")
    #expect(child.nickname == "C")
    #expect(person.children?["c2"]?.name == "Di")
    #expect(person.name == "Ana")

    _ = Mapper<Relative>().map(JSONObject: ["name": "Ann"] as Any?, toObject: person)
    #expect(person.name == "Ann")
    #expect(person.spouse === spouse)
    let updated = Mapper<Relative>().mapDictionary(JSONObject: ["c1": ["nickname": "Cee"]] as Any?, toDictionary: person.children ?? [:])
    #expect(updated["c1"] === child)
    #expect(child.nickname == "Cee")
  }

  @Test func problemsTheOptionalFormsDiscardAreNotRecorded() throws {
    // ObjectMapper's forms leave a property that does not convert as it was and go on.
    let text = #"{"name": "Ana", "nickname": ["not", "a", "string"], "spouse": {"name": 5}}"#
    let person = try #require(Mapper<Relative>().map(JSONString: text))
    #expect(person.name == "Ana")
    #expect(person.nickname == nil)
    #expect(person.spouse?.name == nil)
    // An optional whose value does not convert becomes nil, as ObjectMapper set it.
    let existing = try #require(Mapper<Relative>().map(JSONString: #"{"nickname": "X"}"#))
    _ = Mapper<Relative>().map(JSONString: #"{"nickname": 5}"#, toObject: existing)
    #expect(existing.nickname == nil)
    // The throwing form says what went wrong.
    #expect(throws: MappingError.self) { try Mapper<Relative>().decode(JSONString: text) }
  }
}
