import Foundation
import Mapwright
import MapwrightSchema
import MapwrightTestSupport
import Testing

/// The repository's Examples folder.
let examples = RepositoryFolders.examples

/// Registers the `birthDate` transformer the example model names (a plain date, UTC).
func registerBirthDate() {
  TransformerRegistry.shared.register(.dateFormat("yyyy-MM-dd"), named: "birthDate")
}

@Suite struct ModelLoadingTests {
  @Test func loadsTheExampleBundleThroughItsCurrentVersion() throws {
    let model = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld"))
    #expect(model.entities.map(\.name) == ["Author", "Book", "Pricing"])
    let author = try #require(model.entity(named: "Author"))
    #expect(author.primaryKey == "authorId")
    #expect(author.attributes.map(\.name) == ["authorId", "dateOfBirth", "firstName", "imageURL", "lastName"])
    let id = try #require(author.attribute(named: "authorId"))
    #expect(id.type == .integer64 && !id.isOptional && id.jsonKeyPath == "author_id" && id.defaultValueString == "0")
    let born = try #require(author.attribute(named: "dateOfBirth"))
    #expect(born.type == .date && born.isOptional && born.jsonKeyPath == "born" && born.transformerName == "birthDate")
    let books = try #require(author.relationship(named: "books"))
    #expect(books.isToMany && books.isOrdered && books.destinationEntityName == "Book" && books.inverseName == "author")
    let book = try #require(model.entity(named: "Book"))
    let tags = try #require(book.attribute(named: "tags"))
    #expect(tags.type == .transformable && tags.customClassName == "[String]" && tags.transformerName == nil)
    #expect(book.attribute(named: "year")?.type == .integer16)
    #expect(book.relationship(named: "author")?.isToMany == false && book.relationship(named: "author")?.maxCount == 1)
    #expect(model.entity(named: "Pricing")?.attribute(named: "retailPrice")?.type == .decimal)
    // The .xcdatamodel alone, and its XML, give the same model.
    let single = try ObjectModel(contentsOf: examples.appendingPathComponent("Library.xcdatamodeld/Library.xcdatamodel"))
    #expect(single.entities.map(\.name) == model.entities.map(\.name))
  }

  @Test func everyAttributeTypeAndInheritance() throws {
    let types = AttributeType.allCases.enumerated().map { i, type in
      #"<attribute name="a\#(i)" optional="YES" attributeType="\#(type.rawValue)"/>"#
    }.joined()
    let xml = #"""
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel">
        <entity name="Base" isAbstract="YES">
          <attribute name="id" attributeType="String"/>
          <userInfo><entry key="primaryKey" value="id"/><entry key="note" value="a &amp; b"/></userInfo>
        </entity>
        <entity name="Item" parentEntity="Base">\#(types)</entity>
      </model>
      """#
    let model = try ObjectModel(xml: Array(xml.utf8), file: "Types.xcdatamodel")
    let base = try #require(model.entity(named: "Base"))
    #expect(base.isAbstract && base.userInfo["note"] == "a & b")
    let item = try #require(model.entity(named: "Item"))
    #expect(item.parent === base && item.primaryKey == "id" && item.isKind(of: base))
    #expect(item.attributes.map(\.name) == ["id"] + AttributeType.allCases.indices.map { "a\($0)" })
    #expect(item.attributes.dropFirst().map(\.type) == AttributeType.allCases)
  }

  @Test func badModelsAreSchemaErrorsThatNameThePlace() throws {
    func error(_ body: String) -> SchemaError? {
      let xml = #"<?xml version="1.0"?><model>"# + body + "</model>"
      do {
        _ = try ObjectModel(xml: Array(xml.utf8), file: "Bad.xcdatamodel")
        return nil
      } catch {
        return error
      }
    }
    let destination = error(#"<entity name="A"><relationship name="b" destinationEntity="Nope"/></entity>"#)
    #expect(destination?.code == .unknownDestination && destination?.entity == "A" && destination?.property == "b")
    #expect(destination?.description == "Bad.xcdatamodel, entity A, property b: the destination entity Nope does not exist")
    let inverse = error(
      #"""
      <entity name="A"><relationship name="b" destinationEntity="B" inverseName="a"/></entity>
      <entity name="B"><relationship name="a" destinationEntity="A" inverseName="other"/></entity>
      """#)
    #expect(inverse?.code == .inverseMismatch && inverse?.entity == "A")
    #expect(error(#"<entity name="A"><relationship name="b" destinationEntity="A" inverseName="zz"/></entity>"#)?.code == .inverseMismatch)
    // Found by FuzzSchema: an inverse whose own destination does not exist (it crashed).
    let inverseToNowhere = error(
      #"""
      <entity name="A"><relationship name="b" destinationEntity="B" inverseName="a"/></entity>
      <entity name="B"><relationship name="a" destinationEntity="Nowhere" inverseName="b"/></entity>
      """#)
    #expect(inverseToNowhere?.code == .inverseMismatch && inverseToNowhere?.entity == "A")
    let type = error(#"<entity name="A"><attribute name="x" attributeType="Integer 128"/></entity>"#)
    #expect(type?.code == .unknownAttributeType && type?.property == "x" && type?.line == 1)
    #expect(error(#"<entity name="A" parentEntity="Z"/>"#)?.code == .unknownParent)
    #expect(error(#"<entity name="A" parentEntity="B"/><entity name="B" parentEntity="A"/>"#)?.code == .inheritanceCycle)
    #expect(error(#"<entity name="A"><userInfo><entry key="primaryKey" value="id"/></userInfo></entity>"#)?.code == .unknownPrimaryKey)
    #expect(error(#"<entity name="A"><attribute name="n" attributeType="Integer 16" defaultValueString="x"/></entity>"#)?.code == .invalidDefault)
    #expect(error(#"<entity name="A"/><entity name="A"/>"#)?.code == .duplicateName)
    #expect(error(#"<entity><attribute/></entity>"#)?.code == .missingValue)
    let malformed = error(#"<entity name="A"><attribute name="x" attributeType="String"></entity>"#)
    #expect(malformed?.code == .malformedXML)
    #expect(malformed?.description.contains("</entity> closes <attribute>") == true)
    #expect(throws: SchemaError.self) { try ObjectModel(contentsOf: examples.appendingPathComponent("Missing.xcdatamodeld")) }
    #expect(throws: SchemaError.self) { try ObjectModel(xml: Array("not xml".utf8)) }
    #expect(throws: SchemaError.self) { try ObjectModel(xml: Array("<plist/>".utf8)) }
  }
}
