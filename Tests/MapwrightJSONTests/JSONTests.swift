import MapwrightJSON
import Testing

@Suite struct JSONTests {
  @Test func literalsBuildValues() throws {
    let json: JSON = ["a": 1, "b": [true, nil], "c": "text", "d": 2.5, "e": [:]]
    #expect(json["a"]?.intValue == 1)
    #expect(json["b"]?[0]?.boolValue == true)
    #expect(json["b"]?[1] == .null)
    #expect(json["c"]?.stringValue == "text")
    #expect(json["d"]?.doubleValue == 2.5)
    #expect(json["e"]?.objectValue?.isEmpty == true)
    #expect(json.objectValue?.keys == ["a", "b", "c", "d", "e"])
    #expect(try json.jsonString() == #"{"a":1,"b":[true,null],"c":"text","d":2.5,"e":{}}"#)
  }

  @Test func parsedEqualsLiteral() throws {
    let parsed = try JSON(parsing: #"{"a": 1, "b": [true, null], "c": "text", "d": 2.5}"#)
    let literal: JSON = ["a": 1, "b": [true, nil], "c": "text", "d": 2.5]
    #expect(parsed == literal)
    #expect(parsed.hashValue == literal.hashValue)
  }

  @Test func objectEqualityIgnoresOrderButKeepsIt() throws {
    let a = try JSON(parsing: #"{"x": 1, "y": 2}"#)
    let b = try JSON(parsing: #"{"y": 2, "x": 1}"#)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(try b.jsonString() == #"{"y":2,"x":1}"#)
    #expect(a != (try JSON(parsing: #"{"x": 1, "y": 3}"#)))
    #expect(a != (try JSON(parsing: #"{"x": 1}"#)))
  }

  @Test func numbersCompareByValueAndKeepTheirText() throws {
    let a = try JSON(parsing: "1.50")
    #expect(a == JSON(1.5))
    #expect(a == (try JSON(parsing: "15e-1")))
    #expect(a.hashValue == JSON(1.5).hashValue)
    #expect(try a.jsonString() == "1.50")
    #expect(try JSON(parsing: "0") == (try JSON(parsing: "-0.0")))
    #expect(try JSON(parsing: "1") != (try JSON(parsing: "1.0000000000000000000001")))
    #expect(JSON(0.1).numberValue?.text == "0.1")
    #expect(JSONNumber(Float(0.1)).text == "0.1")
    #expect(JSONNumber(text: "01") == nil)
    #expect(JSONNumber(text: "1.") == nil)
    #expect(JSONNumber(text: "-2.5E+3")?.doubleValue == -2500)
    #expect(JSON(UInt64.max).uint64Value == .max)
  }

  @Test func editing() throws {
    var json: JSON = ["name": "Mark", "tags": ["a", "b"]]
    json["age"] = 42
    json["name"] = nil
    json["tags"]?[1] = "c"
    #expect(try json.jsonString() == #"{"tags":["a","c"],"age":42}"#)
    var object = try #require(json.objectValue)
    object["z"] = .null
    #expect(object.count == 3)
    #expect(object.removeValue(forKey: "age") == 42)
    #expect(object.keys == ["tags", "z"])
  }

  @Test func largeObjectsStayConsistent() throws {
    var object = JSONObject()
    for i in 0..<100 { object["k\(i)"] = JSON(i) }
    #expect(object["k57"] == 57)
    object.removeValue(forKey: "k10")
    #expect(object["k57"] == 57)
    #expect(object["k10"] == nil)
    #expect(object.position(of: "k11") == 10)
    object["k10"] = "back"
    #expect(object.keys.last == "k10")
    #expect(Array(object).count == 100)
  }

  @Test func duplicateKeysKeepTheFirst() throws {
    let json = try JSON(parsing: #"{"a": 1, "a": 2}"#)
    #expect(json == ["a": 1])
    let literal: JSON = ["a": 1, "a": 2]
    #expect(literal == ["a": 1])
  }

  @Test func conversionFromAView() throws {
    let document = try JSONDocument(#"{"list": [1, {"x": "y"}]}"#)
    let list = try #require(document.root["list"])
    #expect(JSON(list) == [1, ["x": "y"]])
  }
}
