// Docs/UntaggedEnums.md's examples (see DocExampleTests), run and checked.

import Foundation
import Mapwright
import Testing

@JSONModel(tagging: .untagged, keys: .snakeCase)
enum Block: Equatable {
  case image(url: String, altText: String?)  // {"url": "a.png", "alt_text": "…"}
  case code(language: String, source: String)  // {"language": "swift", "source": "…"}
  case text(String)  // "plain text"
  case divider  // null
}

@Suite struct UntaggedEnumsDocExampleTests {
  @Test func blocksDecodeToTheirCases() throws {
    let blocks = try [Block](json: #"["Hi", {"url": "a.png"}, null, {"language": "swift", "source": "let x = 1"}]"#)
    #expect(blocks == [.text("Hi"), .image(url: "a.png", altText: nil), .divider, .code(language: "swift", source: "let x = 1")])
  }

  @Test func theErrorListsEachCase() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    do {
      _ = try Block(json: #"{"url": 3}"#)
    } catch let error as MappingError {
      print(error)
      for failure in error.caseFailures { print(failure.name, failure.error.path) }
    }
    #expect(printed.count == 5)
    #expect(printed[0].hasPrefix(#"$: no case of Block matches (image: $.url: expected string, found number 3 (line 1, column 9); code: "#))
    #expect(Array(printed.dropFirst()) == ["image $.url", "code $.language", "text $", "divider $"])
  }
}
