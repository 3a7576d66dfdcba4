import Foundation
import MapwrightSchema
import Testing

/// Graphs of `ModelObject`s free themselves once nothing outside holds them: back-references
/// (child to parent, the other side of a one-to-one or of a many-to-many) are weak. Found by
/// LeakSanitizer on the whole suite: many-to-many graphs leaked.
@Suite("ModelObject graphs are released")
struct ModelObjectGraphReleaseTests {
  static let xml = #"""
    <model>
      <entity name="Student">
        <attribute name="name" optional="YES" attributeType="String"/>
        <relationship name="courses" optional="YES" toMany="YES" destinationEntity="Course" inverseName="students"/>
        <relationship name="card" optional="YES" maxCount="1" destinationEntity="Card" inverseName="owner"/>
      </entity>
      <entity name="Course">
        <attribute name="title" optional="YES" attributeType="String"/>
        <relationship name="students" optional="YES" toMany="YES" destinationEntity="Student" inverseName="courses"/>
      </entity>
      <entity name="Card">
        <attribute name="number" optional="YES" attributeType="Integer 64"/>
        <relationship name="owner" optional="YES" maxCount="1" destinationEntity="Student" inverseName="card"/>
      </entity>
    </model>
    """#

  @Test func manyToManyAndOneToOneGraphsAreFreed() throws {
    let model = try ObjectModel(xml: Array(Self.xml.utf8))
    weak var student: ModelObject?
    weak var course: ModelObject?
    weak var card: ModelObject?
    do {
      let s = try ModelObject(
        entity: model.entity(named: "Student")!,
        json: #"{"name": "Ada", "courses": [{"title": "Logic"}], "card": {"number": 7}}"#)
      student = s
      course = s.objects("courses").first
      card = s.object("card")
      // The inverses are set: each side sees the other.
      #expect(course?.objects("students").first === s)
      #expect(card?.object("owner") === s)
    }
    #expect(student == nil && course == nil && card == nil)
  }

  @Test func aParentKeepsItsChildrenAndTheCourseKeepsItsStudents() throws {
    let model = try ObjectModel(xml: Array(Self.xml.utf8))
    let s = try ModelObject(entity: model.entity(named: "Student")!, json: #"{"courses": [{"title": "Logic"}]}"#)
    // Held from the side that named it: the student holds the course strongly.
    #expect(s.objects("courses").first?.string("title") == "Logic")
  }
}
