// Docs/Codable.md's examples (see DocExampleTests).

import Foundation
import MapwrightCodable
import Testing

enum CodableDocExample {
  typealias JSONDecoder = MapwrightJSONDecoder      // once per module
  typealias JSONEncoder = MapwrightJSONEncoder

  struct User: Codable {
    var id: Int
    var fullName: String
    var joined: Date
  }

  static func run(_ data: Data) throws -> ([User], Data) {
    let decoder = JSONDecoder()                       // MapwrightJSONDecoder
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    let users = try decoder.decode([User].self, from: data)

    let encoder = JSONEncoder()                       // MapwrightJSONEncoder
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let out = try encoder.encode(users)
    return (users, out)
  }
}

@Test func codableDocExampleRuns() throws {
  let (users, out) = try CodableDocExample.run(Data(#"[{"id": 1, "full_name": "Ada", "joined": "2020-01-02T03:04:05Z"}]"#.utf8))
  #expect(users.map(\.fullName) == ["Ada"])
  #expect(String(decoding: out, as: UTF8.self).contains(#""fullName" : "Ada""#))
}
