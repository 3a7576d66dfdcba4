import Foundation
import MapwrightCodable
import Testing

// The switch the README shows: a declaration in one's own module shadows Foundation's.
private typealias JSONDecoder = MapwrightJSONDecoder
private typealias JSONEncoder = MapwrightJSONEncoder

/// The README's example, as written there.
@Test func readmeExample() throws {
  struct User: Codable {
    var id: Int
    var fullName: String
  }

  let decoder = JSONDecoder()  // MapwrightJSONDecoder
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let users = try decoder.decode([User].self, from: Data(#"[{"id": 1, "full_name": "Ada"}]"#.utf8))
  #expect(users.map(\.fullName) == ["Ada"])
  #expect(type(of: decoder) == MapwrightJSONDecoder.self)
  #expect(type(of: JSONEncoder()) == MapwrightJSONEncoder.self)
}
