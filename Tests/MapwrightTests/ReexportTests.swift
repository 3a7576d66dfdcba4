import Mapwright
import Testing

/// `import Mapwright` alone gives the JSON core.
@Suite struct ReexportTests {
  @Test func jsonCoreIsAvailableThroughMapwright() throws {
    let json = try JSON(parsing: #"{"user": {"login": "octocat"}}"#)
    #expect(json["user"]?["login"]?.stringValue == "octocat")
    #expect(try JSONDocument("[1]").root[0]?.intValue == 1)
  }
}
