import Foundation
import MapwrightGraph
import MapwrightSQLite
import MapwrightSchema
import Testing

/// Many-to-many relationships and to-manys without an inverse live in join tables; an
/// import replaces an owner's links with the ids the payload names, in their order.
@Suite struct JoinTableImportTests {
  static let xml = #"""
    <model>
      <entity name="Student">
        <attribute name="studentId" attributeType="Integer 64"/>
        <attribute name="name" optional="YES" attributeType="String"/>
        <relationship name="courses" optional="YES" toMany="YES" ordered="YES" destinationEntity="Course" inverseName="students"/>
        <relationship name="favorites" optional="YES" toMany="YES" ordered="YES" destinationEntity="Course"/>
        <userInfo><entry key="primaryKey" value="studentId"/></userInfo>
      </entity>
      <entity name="Course">
        <attribute name="courseId" attributeType="Integer 64"/>
        <relationship name="students" optional="YES" toMany="YES" destinationEntity="Student" inverseName="courses"/>
        <userInfo><entry key="primaryKey" value="courseId"/></userInfo>
      </entity>
    </model>
    """#

  func ids(_ objects: [ModelObject], _ key: String) -> [Int64?] { objects.map { $0.int64(key) } }

  /// A store with courses 1, 2 and 3 and student 7 (`student` is its JSON members), and the
  /// entities.
  func courses(_ kind: StoreKind, student seven: String) throws -> (TemporaryStore, student: EntityDescription, course: EntityDescription) {
    let t = try TemporaryStore(kind, model: try ObjectModel(xml: Array(Self.xml.utf8)))
    let (student, course) = (t.entity("Student"), t.entity("Course"))
    _ = try t.store.importJSON(
      Array(#"{"courses": [{"courseId": 1}, {"courseId": 2}, {"courseId": 3}], "students": [{"studentId": 7, \#(seven)}]}"#.utf8),
      sources: [ImportSource("courses", entity: course), ImportSource("students", entity: student)])
    return (t, student, course)
  }

  @Test(arguments: StoreKind.all) func linksAreReplacedPerOwnerInPayloadOrder(_ kind: StoreKind) throws {
    let (t, student, course) = try courses(kind, student: #""courses": [1, 2], "favorites": [3]"#)
    #expect(ids(try #require(try t.store.object(student, key: 7)).objects("courses"), "courseId") == [1, 2])

    // A stored owner's links are replaced; an owner that comes twice in one batch keeps its
    // later list; a new owner gets its own; owners without the key keep theirs.
    var options = ImportOptions()
    options.batchSize = 10
    let summary = try t.store.importJSON(
      Array(
        #"""
        {"students": [{"studentId": 7, "courses": [3, 1], "favorites": []},
                      {"studentId": 8, "courses": [2], "favorites": [1, 2]},
                      {"studentId": 8, "courses": [3, 2, 1]},
                      {"studentId": 7, "name": "Ann"}]}
        """#.utf8), sources: [ImportSource("students", entity: student)], options: options)
    #expect(summary.inserted == 1 && summary.updated == 1 && summary.unresolved.isEmpty)
    let seven = try #require(try t.store.object(student, key: 7))
    #expect(ids(seven.objects("courses"), "courseId") == [3, 1] && seven.objects("favorites").isEmpty && seven.string("name") == "Ann")
    let eight = try #require(try t.store.object(student, key: 8))
    #expect(ids(eight.objects("courses"), "courseId") == [3, 2, 1] && ids(eight.objects("favorites"), "courseId") == [1, 2])
    // The other side of the many-to-many sees the same links.
    #expect(ids(try #require(try t.store.object(course, key: 2)).objects("students"), "studentId") == [8])
    #expect(Set(ids(try #require(try t.store.object(course, key: 3)).objects("students"), "studentId")) == [7, 8])

    // From the other side (the join table read reversed).
    _ = try t.store.importJSON(Array(#"{"courses": [{"courseId": 3, "students": [8]}]}"#.utf8), sources: [ImportSource("courses", entity: course)])
    #expect(ids(try #require(try t.store.object(student, key: 7)).objects("courses"), "courseId") == [1])
    #expect(ids(try #require(try t.store.object(student, key: 8)).objects("courses"), "courseId").sorted { $0! < $1! } == [1, 2, 3])
  }

  @Test(arguments: StoreKind.all) func aTargetNamedTwiceIsLinkedOnceAtItsFirstPlace(_ kind: StoreKind) throws {
    let (t, student, _) = try courses(kind, student: #""favorites": [2, 1, 2], "courses": [3, 3]"#)
    var seven = try #require(try t.store.object(student, key: 7))
    #expect(ids(seven.objects("favorites"), "courseId") == [2, 1] && ids(seven.objects("courses"), "courseId") == [3])
    // A stored owner's list replaced by one that names a target twice.
    _ = try t.store.importJSON(
      Array(#"{"students": [{"studentId": 7, "favorites": [3, 1, 3, 1]}]}"#.utf8), sources: [ImportSource("students", entity: student)])
    seven = try #require(try t.store.object(student, key: 7))
    #expect(ids(seven.objects("favorites"), "courseId") == [3, 1])
  }

  @Test(arguments: StoreKind.all) func manyOwnersInOneBatchGoInFewStatementsAndStayRight(_ kind: StoreKind) throws {
    let t = try TemporaryStore(kind, model: try ObjectModel(xml: Array(Self.xml.utf8)))
    let (student, course) = (t.entity("Student"), t.entity("Course"))
    let courses = (1...20).map { #"{"courseId": \#($0)}"# }.joined(separator: ",")
    // 1,200 students (more than one statement's worth of owners and links), half stored first.
    func students(_ range: ClosedRange<Int>, shift: Int) -> String {
      range.map { #"{"studentId": \#($0), "favorites": [\#(($0 + shift) % 20 + 1), \#(($0 + shift + 7) % 20 + 1)]}"# }.joined(separator: ",")
    }
    _ = try t.store.importJSON(
      Array(#"{"courses": [\#(courses)], "students": [\#(students(1...600, shift: 0))]}"#.utf8),
      sources: [ImportSource("courses", entity: course), ImportSource("students", entity: student)])
    var options = ImportOptions()
    options.batchSize = 5_000
    let summary = try t.store.importJSON(
      Array(#"{"students": [\#(students(1...1_200, shift: 3))]}"#.utf8), sources: [ImportSource("students", entity: student)], options: options)
    #expect(summary.inserted == 600 && summary.updated == 600)
    for id in [1, 300, 600, 601, 1_200] {
      let favorites = ids(try #require(try t.store.object(student, key: Int64(id))).objects("favorites"), "courseId")
      #expect(favorites == [Int64((id + 3) % 20 + 1), Int64((id + 10) % 20 + 1)])
    }
  }

  /// A join table is indexed on `target` only when the pair has an inverse that reads it from
  /// that side (`courses`/`students`); `favorites` has none, and is read from its owners only.
  @Test(arguments: StoreKind.all) func onlyAJoinTableReadFromItsTargetsIsIndexedOnThem(_ kind: StoreKind) throws {
    let (t, student, _) = try courses(kind, student: #""courses": [3, 1], "favorites": [2, 3]"#)
    let sql =
      kind == .sqlite
      ? "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%target' ORDER BY name"
      : "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%target' ORDER BY indexname"
    var names: [StoreValue] = []
    try t.store.query(sql, []) { names.append($0[0]) }
    #expect(names == [.text("Course_students_target")])  // named by the pair's first side
    // Both still read right, from either side where there is one.
    let seven = try #require(try t.store.object(student, key: Int64(7)))
    #expect(ids(seven.objects("courses"), "courseId") == [3, 1] && ids(seven.objects("favorites"), "courseId") == [2, 3])
    let three = try #require(try t.store.object(t.entity("Course"), key: Int64(3)))
    #expect(ids(three.objects("students"), "studentId") == [7])
  }
}
