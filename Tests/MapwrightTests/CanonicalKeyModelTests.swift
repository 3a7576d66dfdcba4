import Foundation
import Mapwright
import Testing

/// A model whose key is "café" written precomposed; its JSON may carry the decomposed form too.
@JSONModel(unknownKeys: .preserve)
struct AccentedMenu {
  @Key("caf\u{E9}") var cafe: Int
}

@Suite("Canonically equivalent keys through @JSONModel")
struct CanonicalKeyModelTests {
  @Test func theDecomposedKeyIsUnknownAndKeptOnTheWayBack() throws {
    let text = #"{"caf\u00e9": 1, "cafe\u0301": 2}"#
    let menu = try AccentedMenu(json: Array(text.utf8))
    #expect(menu.cafe == 1)
    let back = try JSON(parsing: menu.jsonBytes())
    #expect(back == (try JSON(parsing: text)))
    #expect(back.objectValue?.count == 2)
  }

  @Test func onlyTheDecomposedKeyIsAMissingKey() throws {
    #expect(throws: MappingError.self) { try AccentedMenu(json: Array(#"{"cafe\u0301": 2}"#.utf8)) }
  }
}
