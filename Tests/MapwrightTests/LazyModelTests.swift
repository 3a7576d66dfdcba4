import Foundation
import Mapwright
import MapwrightObjectMapper
import Testing

@JSONModel(keys: .snakeCase)
struct LazyUser {
  var name: String
  var age: Int
  var nickname: String?
  var score: Int = 5
  @Key("address.city") var city: String
}

@Suite struct LazyModelTests {
  @Test func propertiesDecodeOnFirstAccessWithTheirPaths() throws {
    let users = try JSONArray<LazyModel<LazyUser>>(
      json: #"""
        [{"name": "Ana", "age": 30, "address": {"city": "Lyon"}},
         {"name": "Bob", "age": "old", "nickname": "b", "score": 9, "address": {}}]
        """#)
    #expect(users.count == 2)
    let ana = try users.element(at: 0)
    #expect(try ana.name == "Ana")
    #expect(try ana.age == 30)
    #expect(try ana.nickname == nil)
    #expect(try ana.score == 5)
    #expect(try ana.city == "Lyon")
    let bob = try users[1].get()
    #expect(try bob.name == "Bob" && bob.nickname == "b" && bob.score == 9)
    // Bob's bad age and missing city surface only when read, at their paths.
    #expect {
      try bob.age
    } throws: { error in
      (error as? MappingError)?.description == #"$[1].age: expected integer, found string "old" (line 2, column 25)"#
    }
    #expect {
      try bob.city
    } throws: { error in
      (error as? MappingError)?.path.description == "$[1].address.city"
    }
    #expect(throws: MappingError.self) { try bob.model() }
    #expect(try ana.model().city == "Lyon")
  }

  @Test func elementsDecodeOnAccess() throws {
    let numbers = try JSONArray<Int>(json: #"[1, "two", 3]"#)
    #expect(try numbers.element(at: 0) == 1)
    #expect(try numbers.element(at: 2) == 3)
    #expect(throws: MappingError.self) { try numbers.element(at: 1) }
    #expect(numbers.compactMap { try? $0.get() } == [1, 3])
    // Encoding writes what decodes, and the source where it does not.
    #expect(numbers.json() == [1, "two", 3])
  }

  @Test func classesWithSubclassesDecodeWholeOnFirstAccess() throws {
    let lazy = try LazyModel<Animal>(json: #"{"kind": "cat", "name": "Tom", "lives": 9}"#)
    #expect(try lazy.name == "Tom")
    #expect(try lazy.model() is Cat)
    #expect(lazy.json() == ["kind": "cat", "name": "Tom", "lives": 9])
  }
}
