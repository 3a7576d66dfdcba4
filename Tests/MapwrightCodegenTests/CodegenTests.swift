import Foundation
import Mapwright
import MapwrightCodegen
import MapwrightObjectMapper
import MapwrightTestSupport
import Testing

// `Generated/Library.swift` is `mapwright generate swift Examples/Library.xcdatamodeld`,
// compiled as part of this test target; these tests check it is what the generator writes
// today and that it decodes the example payload.

private let examples = RepositoryFolders.examples

struct LibraryPayload: Mappable {
  var version = 0
  var authors: [Author] = []
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    version <- map["version"]
    authors <- map["authors"]
  }
}

@Suite struct CodegenTests {
  @Test func theCheckedInFileIsWhatTheGeneratorWrites() throws {
    let model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"))
    let generated = SwiftModelGenerator(model: model, origin: "Library.xcdatamodeld").source()
    let checkedIn = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated/Library.swift"),
      encoding: .utf8)
    #expect(
      generated == checkedIn,
      "regenerate with: swift run mapwright generate swift Examples/Library.xcdatamodeld --output Tests/MapwrightCodegenTests/Generated/Library.swift"
    )
  }

  @Test func generatedTypesDecodeThePayload() throws {
    TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
    let data = try Data(contentsOf: examples.appendingPathComponent("library.json"))
    let payload = try LibraryPayload(json: data, options: .lenient)
    #expect(payload.version == 2)
    let twain = try #require(payload.authors.first)
    #expect(twain.authorId == 101 && twain.firstName == "Mark" && twain.lastName == "Twain")
    #expect(twain.imageURL == URL(string: "https://example.com/images/twain.jpg"))
    #expect(twain.books.map(\.title) == ["Adventures of Huckleberry Finn", "The Adventures of Tom Sawyer"])
    #expect(twain.books.map(\.year) == [1884, 1876])
    #expect(twain.books[0].tags == ["novel", "satire"])
    #expect(twain.books[0].pricing?.retailPrice == Decimal(string: "14.99"))
    // Inverses, as the model declares them.
    #expect(twain.books.allSatisfy { $0.author === twain })
    #expect(twain.books[0].pricing?.book === twain.books[0])
    #expect(payload.authors[1].books.first?.pricing == nil)
    // And back: the same keys as the payload.
    let json = twain.json()
    #expect(json["author_id"] == 101 && json["born"] == "1835-11-30")
    #expect(json["books"]?[0]?["book_id"] == 3001)
  }

  @Test func generatorCoversInheritanceKeywordsAndDefaults() throws {
    let xml = #"""
      <model>
        <entity name="Item" isAbstract="YES">
          <attribute name="id" attributeType="UUID"/>
          <attribute name="default" optional="YES" attributeType="String"/>
        </entity>
        <entity name="Note" parentEntity="Item">
          <attribute name="pinned" attributeType="Boolean" defaultValueString="YES"/>
          <attribute name="body" attributeType="Binary"/>
          <attribute name="score" attributeType="Double" defaultValueString="1.5"/>
          <relationship name="tags" toMany="YES" destinationEntity="Tag" inverseName="notes"/>
        </entity>
        <entity name="Tag">
          <attribute name="label" attributeType="String" defaultValueString="a &quot;b&quot;"/>
          <relationship name="notes" toMany="YES" destinationEntity="Note" inverseName="tags"/>
        </entity>
      </model>
      """#
    let model = try ObjectModel(xml: Array(xml.utf8))
    let source = SwiftModelGenerator(model: model, origin: "Notes.xcdatamodel").source()
    #expect(source.contains("/// Abstract in the model: decode one of its sub-entities.\n@JSONModel\nclass Item {"))
    #expect(source.contains("var id: UUID\n"))
    #expect(source.contains("var `default`: String?"))
    #expect(source.contains("@JSONModel\nfinal class Note: Item {"))
    #expect(source.contains("var pinned: Bool = true"))
    #expect(source.contains("@Transform(.base64) var body: Data"))
    #expect(source.contains("var score: Double = 1.5"))
    #expect(source.contains("var tags: [Tag] = []"))  // many-to-many: no @Inverse
    #expect(source.contains(#"var label: String = "a \"b\"""#))
  }
}
