// The entity rules hold for ModelObject and the import alike: relationship counts, unknown
// keys, named transformers that are missing.

import Foundation
import MapwrightSQLite
import Testing

@Suite struct EntityRulesTests {
  /// A team needs two to three members; members carry a named transformer.
  static let xml = #"""
    <model>
      <entity name="Team">
        <userInfo><entry key="primaryKey" value="teamId"/></userInfo>
        <attribute name="teamId" attributeType="Integer 64"/>
        <relationship name="members" toMany="YES" minCount="2" maxCount="3" destinationEntity="Member" inverseName="team" inverseEntity="Member"/>
      </entity>
      <entity name="Member">
        <attribute name="name" attributeType="String"/>
        <attribute name="since" optional="YES" attributeType="Date">
          <userInfo><entry key="JSONValueTransformer" value="noSuchTransformer"/></userInfo>
        </attribute>
        <relationship name="team" optional="YES" maxCount="1" destinationEntity="Team" inverseName="members" inverseEntity="Team"/>
      </entity>
    </model>
    """#

  func outcomes(_ json: String, options: MappingOptions = MappingOptions()) throws -> (object: String, imported: String) {
    let model = try ObjectModel(xml: Array(Self.xml.utf8))
    let team = model.entity(named: "Team")!
    let object: String
    do {
      _ = try ModelObject(entity: team, json: json, options: options)
      object = "ok"
    } catch let error as MappingError {
      object = "\(error.code) \(error.path)"
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).sqlite").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let store = try SQLiteStore(path: path, model: model)
    let imported: String
    do {
      _ = try store.importJSON(Array("[\(json)]".utf8), sources: [ImportSource("", entity: team)], options: ImportOptions(mapping: options))
      imported = "ok"
    } catch let error as MappingError {
      imported = "\(error.code) \("\(error.path)".replacingOccurrences(of: "$[0]", with: "$"))"
    }
    return (object, imported)
  }

  @Test func relationshipCountsAreCheckedByBoth() throws {
    let two = #"{"teamId": 1, "members": [{"name": "a"}, {"name": "b"}]}"#
    #expect(try outcomes(two) == ("ok", "ok"))
    let one = #"{"teamId": 1, "members": [{"name": "a"}]}"#
    #expect(try outcomes(one) == ("invalidValue $.members", "invalidValue $.members"))
    let four = #"{"teamId": 1, "members": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}]}"#
    #expect(try outcomes(four) == ("invalidValue $.members", "invalidValue $.members"))
  }

  @Test func unknownKeysFollowThePolicyInBoth() throws {
    let json = #"{"teamId": 1, "extra": true, "members": [{"name": "a"}, {"name": "b"}]}"#
    var reject = MappingOptions()
    reject.unknownKeys = .reject
    #expect(try outcomes(json, options: reject) == ("unknownKey $.extra", "unknownKey $.extra"))
    #expect(try outcomes(json) == ("ok", "ok"))
  }

  @Test func aMissingNamedTransformerIsTransformFailedInBoth() throws {
    let json = #"{"teamId": 1, "members": [{"name": "a", "since": "2020"}, {"name": "b"}]}"#
    #expect(try outcomes(json) == ("transformFailed $.members[0].since", "transformFailed $.members[0].since"))
  }
}
