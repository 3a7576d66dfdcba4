import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

@Suite struct ObjectMapperTests {
  let userJSON = """
    {"username": "bob", "age": 31, "weight": 72.5, "arr": [1, "two", true],
     "dict": {"k": "v", "n": 2}, "best_friend": {"username": "ana", "age": 30},
     "friends": [{"username": "cy"}, {"username": "di", "age": 22}], "birthday": 1303479228}
    """

  @Test func basicMapping() throws {
    let user = try #require(User(JSONString: userJSON))
    #expect(user.username == "bob")
    #expect(user.age == 31)
    #expect(user.weight == 72.5)
    #expect(user.array?.count == 3)
    #expect(user.array?[1] as? String == "two")
    #expect(user.dictionary["k"] as? String == "v")
    #expect(user.dictionary["n"] as? Int == 2)
    #expect(user.bestFriend?.username == "ana")
    #expect(user.friends?.map(\.username) == ["cy", "di"])
    #expect(user.friends?[1].age == 22)
    #expect(user.birthday == Date(timeIntervalSince1970: 1_303_479_228))
  }

  @Test func mapperFormsAgree() throws {
    let mapper = Mapper<User>()
    #expect(mapper.map(JSONString: userJSON)?.username == "bob")
    let object = try JSONSerialization.jsonObject(with: Data(userJSON.utf8)) as! [String: Any]
    #expect(mapper.map(JSON: object)?.bestFriend?.username == "ana")
    #expect(mapper.map(JSONObject: object)?.age == 31)
    #expect(mapper.map(JSONString: "not json") == nil)
    #expect(mapper.map(JSONString: "[1, 2]") == nil)
    #expect(try mapper.decode(JSONString: userJSON).username == "bob")
  }

  @Test func toJSONRoundTrip() throws {
    let user = try #require(User(JSONString: userJSON))
    let json = user.toJSON()
    #expect(json["username"] as? String == "bob")
    #expect(json["age"] as? Int == 31)
    #expect((json["best_friend"] as? [String: Any])?["username"] as? String == "ana")
    #expect(json["birthday"] as? Double == 1_303_479_228)
    let text = try #require(user.toJSONString())
    let again = try #require(User(JSONString: text))
    #expect(again.friends?.count == 2)
    #expect(again.birthday == user.birthday)
    let reparsed = try JSON(parsing: text)
    #expect(reparsed["arr"] == [1, "two", true])
    #expect(reparsed["dict"] == ["k": "v", "n": 2])
    #expect(user.toJSONString(prettyPrint: true)?.contains("\n  \"username\": \"bob\"") == true)
  }

  @Test func nilValuesAreLeftOutUnlessIncluded() throws {
    let user = try #require(User(JSONString: #"{"username": "x"}"#))
    #expect(user.toJSON()["age"] == nil)
    let withNils = Mapper<User>(shouldIncludeNilValues: true).toJSON(user)
    #expect(withNils["age"] is NSNull)
  }

  @Test func structs() throws {
    let temperature = try #require(Temperature(JSONString: #"{"celsius": 21.5, "fahrenheit": 70.7}"#))
    #expect(temperature.celsius == 21.5)
    #expect(temperature.fahrenheit == 70.7)
  }

  @Test func nestedKeysIndicesLiteralDotsAndCustomDelimiters() throws {
    let json = """
      {"distance": {"text": "102 ft", "value": 31}, "distances": [{"value": 7}, {"value": 8}],
       "app.identifier": "com.example", "app": {"identifier": "wrong"},
       "com.myapp.info": {"com.myapp.name": "Mapwright"}}
      """
    let distance = try #require(Distance(JSONString: json))
    #expect(distance.text == "102 ft")
    #expect(distance.value == 31)
    #expect(distance.firstValue == 7)
    #expect(distance.identifier == "com.example")
    #expect(distance.appName == "Mapwright")

    // Encoding builds the nested objects and arrays, sharing "distance".
    let encoded = try JSON(parsing: try #require(distance.toJSONString()))
    #expect(encoded["distance"] == ["text": "102 ft", "value": 31])
    #expect(encoded["distances"] == [["value": 7]])
    #expect(encoded["app.identifier"] == "com.example")
    #expect(encoded["com.myapp.info"] == ["com.myapp.name": "Mapwright"])
  }

  @Test func subclassesRunTheSuperclassMapping() throws {
    let object = try #require(Subclass(JSONString: #"{"base": "b", "sub": "s"}"#))
    #expect(object.base == "b")
    #expect(object.sub == "s")
    #expect(object.toJSON() as NSDictionary == ["base": "b", "sub": "s"] as NSDictionary)
  }

  @Test func genericModels() throws {
    let result = try #require(Mapper<Result<Temperature>>().map(JSONString: #"{"result": {"celsius": 3}, "count": 1}"#))
    #expect(result.result?.celsius == 3)
    #expect(result.count == 1)
  }

  @Test func mapContextReachesNestedMaps() throws {
    let json = #"{"name": "Ana"}"#
    #expect(Mapper<ContextualPerson>(context: ImportantContext(shouldMapName: true)).map(JSONString: json)?.name == "Ana")
    #expect(Mapper<ContextualPerson>(context: ImportantContext(shouldMapName: false)).map(JSONString: json)?.name == nil)
    #expect(Mapper<ContextualPerson>().map(JSONString: json)?.name == nil)
    let people = Mapper<ContextualPerson>(context: ImportantContext(shouldMapName: true)).mapArray(JSONString: "[\(json)]")
    #expect(people?.first?.name == "Ana")
  }

  @Test func classClusters() throws {
    let vehicles = try #require(
      Mapper<Vehicle>().mapArray(JSONString: #"[{"type": "car", "name": "Beetle"}, {"type": "bus", "seats": 40}, {"type": "boat"}]"#))
    #expect(vehicles.count == 2)
    #expect((vehicles[0] as? Car)?.name == "Beetle")
    #expect((vehicles[1] as? Bus)?.seats == 40)
    #expect(vehicles[1].type == "bus")
    // The throwing form reports the declined element.
    let (decoded, report) = try [Vehicle].decodeReporting(json: #"[{"type": "boat"}]"#)
    #expect(decoded.isEmpty)
    #expect(report.skippedElements.map(\.path.description) == ["$[0]"])
  }

  @Test func immutableModels() throws {
    let repo = try Repo(JSONString: #"{"id": 1, "name": "mapwright", "created_at": "2011-04-22T13:33:48Z", "note": "n"}"#)
    #expect(repo.id == 1)
    #expect(repo.name == "mapwright")
    #expect(repo.stars == 0)
    #expect(repo.topics == nil)
    #expect(repo.createdAt == Date(timeIntervalSince1970: 1_303_479_228))
    #expect(repo.note == "n")
    let json = repo.toJSON()
    #expect(json["created_at"] as? String == "2011-04-22T13:33:48Z")
    #expect(json["topics"] == nil)
    #expect(try Repo(JSON: json).name == "mapwright")

    do {
      _ = try Repo(JSONString: #"{"id": 1}"#)
      Issue.record("missing name accepted")
    } catch let error as MapError {
      #expect(error.code == .missingKey)
      #expect(error.key == "name")
      #expect(error.description == "$.name: missing key (line 1, column 1)")
    }
    #expect(Mapper<Repo>().map(JSONString: #"{"id": "one", "name": "x"}"#) == nil)
  }

  @Test func enums() throws {
    let json = #"{"main": "green", "accent": "blue", "all": ["red", "blue"], "by_name": {"a": "green"}, "priority": 2, "via_transform": "red"}"#
    let palette = try #require(Palette(JSONString: json))
    #expect(palette.main == .green)
    #expect(palette.accent == .blue)
    #expect(palette.all == [.red, .blue])
    #expect(palette.byName == ["a": .green])
    #expect(palette.priority == .high)
    #expect(palette.viaTransform == .red)
    let encoded = try JSON(parsing: try #require(palette.toJSONString()))
    #expect(encoded == (try JSON(parsing: json)))

    do {
      _ = try Mapper<Palette>().decode(JSONString: #"{"main": "purple"}"#)
      Issue.record("unknown enum value accepted")
    } catch let error as MappingError {
      #expect(error.description == #"$.main: string "purple" is not a valid Color (line 1, column 10)"#)
    }
  }

  @Test func collectionsOfModels() throws {
    let json = #"{"a": [{"celsius": 1}], "b": [{"celsius": 2}, {"celsius": 3}]}"#
    let dictionaryOfArrays = try #require(
      Mapper<Temperature>().mapDictionaryOfArrays(JSONObject: try JSONSerialization.jsonObject(with: Data(json.utf8))))
    #expect(dictionaryOfArrays["b"]?.compactMap(\.celsius) == [2, 3])
    let dictionary = try #require(Mapper<Temperature>().mapDictionary(JSONString: #"{"x": {"celsius": 5}}"#))
    #expect(dictionary["x"]?.celsius == 5)
    let arrays = try #require(Mapper<Temperature>().mapArrayOfArrays(JSONObject: [[["celsius": 1]], [["celsius": 2]]]))
    #expect(arrays.map { $0.count } == [1, 1])
    let array = [Temperature](JSONArray: [["celsius": 4], ["celsius": 5]])
    #expect(array.compactMap(\.celsius) == [4, 5])
    #expect(array.toJSON().count == 2)
  }

  @Test func mapIntoAnExistingObject() throws {
    let user = try #require(User(JSONString: #"{"username": "bob", "age": 3}"#))
    let same = Mapper<User>().map(JSONString: #"{"age": 4}"#, toObject: user)
    #expect(same === user)
    #expect(user.username == "bob")
    #expect(user.age == 4)
  }

  @Test func mapExposesJSONAndCurrentValue() throws {
    final class Validated: Mappable {
      var name = ""
      required init?(map: Map) {
        if map.JSON["name"] == nil { return nil }
        guard map["name"].isKeyPresent, map.currentValue as? String != nil else { return nil }
      }
      func mapping(map: Map) { name <- map["name"] }
    }
    #expect(Validated(JSONString: #"{"name": "ok"}"#)?.name == "ok")
    #expect(Validated(JSONString: #"{"other": 1}"#) == nil)
    let map = Map(mappingType: .fromJSON, JSON: ["name": "direct"])
    #expect(Validated(map: map) != nil)
  }
}

extension ObjectMapperTests {
  @Test func mapArrayAcceptsASingleObject() {
    #expect(Mapper<Temperature>().mapArray(JSONString: #"{"celsius": 1}"#)?.count == 1)
    #expect(Mapper<Temperature>().mapArray(JSONString: "3") == nil)
  }

  @Test func untypedPartsAsViewsOrValues() throws {
    struct Envelope: Mappable {
      var payload: JSONValue?
      var raw: JSON = .null
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        payload <- map["payload"]
        raw <- map["raw"]
      }
    }
    let envelope = try Envelope(json: #"{"payload": {"deep": [1, 2]}, "raw": [true]}"#)
    #expect(envelope.payload?["deep"]?[1]?.intValue == 2)
    #expect(envelope.raw == [true])
    #expect(try JSON(parsing: try envelope.jsonBytes()) == ["payload": ["deep": [1, 2]], "raw": [true]])
    #expect(try envelope.jsonString(.sortedKeys) == #"{"payload":{"deep":[1,2]},"raw":[true]}"#)
  }
}
