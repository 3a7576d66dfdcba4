import Foundation
import MapwrightJSON
import Testing

/// JSON keys are byte strings: "é" as C3 A9 and as 65 CC 81 (canonically equivalent in Swift's
/// `String` equality) are two keys everywhere.
@Suite("Canonically equivalent keys are two keys")
struct CanonicalKeyTests {
  static let nfc = "\u{E9}"
  static let nfd = "e\u{301}"

  /// An object of `filler` members with the pair after them.
  static func object(filler: Int) -> String {
    let members = (0..<filler).map { #""k\#($0)": \#($0)"# } + [#""\#(nfc)": "nfc""#, #""\#(nfd)": "nfd""#]
    return "{" + members.joined(separator: ", ") + "}"
  }

  @Test(arguments: [0, 10, 63, 64, 70, 200])
  func theOwnedValueKeepsBoth(filler: Int) throws {
    let json = try JSON(parsing: Self.object(filler: filler))
    let object = try #require(json.objectValue)
    #expect(object.count == filler + 2)
    #expect(object[Self.nfc] == "nfc" && object[Self.nfd] == "nfd")
    // Written and read back: both members, in order.
    let again = try JSON(parsing: json.jsonString())
    #expect(again == json && again.objectValue?.keys.suffix(2) == [Self.nfc, Self.nfd])
  }

  @Test func objectsDifferingOnlyInTheFormOfAKeyAreNotEqual() throws {
    #expect(try JSON(parsing: #"{"\#(Self.nfc)": 1}"#) != JSON(parsing: #"{"\#(Self.nfd)": 1}"#))
  }

  @Test func rejectingDuplicateKeysDoesNotRejectThem() throws {
    var options = JSONParsingOptions()
    options.duplicateKeys = .reject
    _ = try JSONDocument(Array(Self.object(filler: 3).utf8), options: options)
    #expect(throws: JSONError.self) { try JSONDocument(Array(#"{"a": 1, "\u0061": 2}"#.utf8), options: options) }
  }

  @Test func theTapeFindsEach() throws {
    let document = try JSONDocument(Self.object(filler: 70))
    #expect(document.root[Self.nfc]?.stringValue == "nfc")
    #expect(document.root[Self.nfd]?.stringValue == "nfd")
  }
}
