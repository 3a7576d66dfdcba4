// Docs/Macros.md's examples (see DocExampleTests).

import Foundation
import Mapwright
import Testing

// Macro-declared types live at file scope: a macro's extensions cannot see a namespace's
// other members. `User` is shared with RoundTripsExamples.swift.
@JSONModel struct Label { var name: String }
@JSONModel struct User { var login: String?; var name: String? }
@JSONModel struct Milestone { var title: String }

@JSONModel
enum State: String {
  case open, closed
  @Fallback case unknown
}

@JSONModel(keys: .snakeCase)
struct Ticket {
  var number: Int
  @Key("user.login") var reporterLogin: String
  @Key("html_url", "htmlUrl") var htmlURL: URL          // first present key wins; encoding uses the first
  @Transform(.iso8601) var updatedAt: Date
  @Transform(.valueMap(["open": State.open, "closed": .closed], default: .open)) var state: State
  @Default([Label]()) var labels: [Label]
  @Lossy var assignees: [User]                           // bad elements skipped and reported
  @Coercion(.lenient) var comments: Int                  // "12" accepted for this property
  var body: String = ""                                  // missing → "" (reported as a default)
  var milestone: Milestone?                              // missing or null → nil
  @Ignore var retrievedAt = Date()
}

enum MacrosDocExample {
  static func run(_ data: Data) throws -> (Ticket, [Ticket], MappingReport, String, JSON) {
    let issue = try Ticket(json: data)                        // Data, [UInt8], String, JSON
    let issues = try { (data: Data) in
      let issues = try [Ticket](json: data)
      return issues
    }(Data("[".utf8) + data + Data("]".utf8))
    let (value, report) = try Ticket.decodeReporting(json: data, options: .lenient)
    let text = try issue.jsonString([.prettyPrinted])
    let json = issue.json()                                  // an owned JSON value
    _ = value
    return (issue, issues, report, text, json)
  }

  static func classes() throws -> (Truck, [Animal]) {
    let truck = try Truck(json: #"{"name": "Big", "max_load": 12.5}"#)
    let pets = try [Animal](json: #"[{"kind": "dog", "name": "Rex", "barks": true}, {"name": "Any"}]"#)
    _ = pets[0] is Dog                      // true; pets[1] is an Animal
    _ = pets[0].json()                      // {"kind": "dog", "name": "Rex", "barks": true}
    return (truck, pets)
  }
}

@JSONModel(keys: .snakeCase) class Vehicle { var name: String; var wheelCount: Int = 4 }
@JSONModel(keys: .snakeCase) final class Truck: Vehicle { var maxLoad: Double }

@JSONModel(discriminator: "kind", subclasses: ["dog": "Dog", "cat": "Cat"])
class Animal { var name: String }
@JSONModel final class Dog: Animal { var barks: Bool }
@JSONModel final class Cat: Animal { var lives: Int }

@JSONModel(tag: "type")                  // internally tagged
enum Shape {
  case circle(radius: Double)            // {"type": "circle", "radius": 1.5}
  @Key("sq") case square(side: Double)   // {"type": "sq", "side": 2}
  case empty                             // {"type": "empty"}
}

@JSONModel(tag: "kind", content: "data") // adjacently tagged
enum Event {
  case opened(by: String, at: Int?)      // {"kind": "opened", "data": {"by": "ana"}}
  case closed                            // {"kind": "closed"}
}

@JSONModel                               // externally tagged
enum Value {
  case number(value: Double)             // {"number": {"value": 2}}
  case none                              // "none"
}

@Test func macrosDocExamplesRun() throws {
  let json = #"""
    {"number": 1, "user": {"login": "ana"}, "htmlUrl": "https://example.com/1", "updated_at": "2011-04-22T13:33:48Z",
     "state": "closed", "assignees": [{"login": "bo"}, {"login": [5]}], "comments": "12"}
    """#
  let (issue, issues, report, _, encoded) = try MacrosDocExample.run(Data(json.utf8))
  #expect(issue.reporterLogin == "ana" && issue.state == .closed && issue.comments == 12 && issue.assignees.count == 1)
  #expect(issues.count == 1)
  #expect(report.skippedElements.map(\.path.description) == ["$.assignees[1]"])
  #expect(encoded["html_url"] == "https://example.com/1")
  let (truck, pets) = try MacrosDocExample.classes()
  #expect(truck.maxLoad == 12.5 && truck.wheelCount == 4)
  #expect(pets[0] is Dog && !(pets[1] is Dog))
  #expect(try Shape(json: #"{"type": "sq", "side": 2}"#).json() == ["type": "sq", "side": 2])
}
