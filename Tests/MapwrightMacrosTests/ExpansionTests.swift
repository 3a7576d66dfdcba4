import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import MapwrightMacrosCore

@Suite struct ExpansionTests {
  @Test func structWithEveryPropertyKind() {
    expectExpansion(
      """
      @JSONModel(keys: .snakeCase)
      struct Issue {
        var number: Int
        @Key("user.login") var reporterLogin: String
        @Key("html_url", "htmlUrl") var htmlURL: URL
        @Transform(.iso8601) var updatedAt: Date
        @Default([Label]()) var labels: [Label]
        @Lossy var assignees: [User]
        @Coercion(.lenient) var comments: Int?
        var body: String = ""
        @Ignore var retrievedAt = Date()
      }
      """,
      expands: """
        struct Issue {
          var number: Int
          var reporterLogin: String
          var htmlURL: URL
          var updatedAt: Date
          var labels: [Label]
          var assignees: [User]
          var comments: Int?
          var body: String = ""
          var retrievedAt = Date()
        }

        extension Issue: Mapwright.JSONModel, Mapwright.JSONConvertible, CustomStringConvertible {
          static let _jsonModelFields = Mapwright._MapwrightRuntime.Fields(keys: ["number", nil, nil, "updated_at", "labels", "assignees", "comments", "body"], paths: ["number", "user.login", "html_url", "updated_at", "labels", "assignees", "comments", "body"], otherKnownKeys: ["htmlUrl", "html_url", "user.login"])

          init(_jsonReader reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) {
            var _0: Int? = nil
            var _1: String? = nil
            var _2: URL? = nil
            var _3: Date? = nil
            var _4: [Label]? = nil
            var _5: [User]? = nil
            var _6: Int?? = nil
            var _7: String? = nil
            while let member = reader.next() {
              switch member.field {
              case 0:
                _0 = reader.decode(Int.self, member)
              case 3:
                _3 = reader.decode(member, using: .iso8601)
              case 4:
                _4 = reader.decode([Label].self, member)
              case 5:
                _5 = reader.decodeLossy([User].self, member)
              case 6:
                _6 = reader.decode(Int?.self, member, coercion: .lenient)
              case 7:
                _7 = reader.decode(String.self, member)
              default:
                break
              }
            }
            _1 = reader.decode(String.self, field: 1, paths: ["user.login"])
            _2 = reader.decode(URL.self, field: 2, paths: ["html_url", "htmlUrl"])
            reader.require(_0 != nil, 0)
            reader.require(_1 != nil, 1)
            reader.require(_2 != nil, 2)
            reader.require(_3 != nil, 3)
            reader.require(_5 != nil, 5)
            try reader.finish()
            self.number = _0!
            self.reporterLogin = _1!
            self.htmlURL = _2!
            self.updatedAt = _3!
            if let value = _4 {
              self.labels = value
            } else {
              reader.noteDefault(4)
              self.labels = [Label]()
            }
            self.assignees = _5!
            self.comments = _6 ?? nil
            if let value = _7 {
              self.body = value
            } else {
              reader.noteDefault(7)
            }
          }

          func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            var writer = Mapwright._MapwrightRuntime.Writer(session: session)
            writer.write(self.number, key: "number")
            writer.write(self.reporterLogin, path: Self._jsonModelFields.keyPaths[1].keys)
            writer.write(self.htmlURL, key: "html_url")
            writer.write(self.updatedAt, key: "updated_at", using: .iso8601)
            writer.write(self.labels, key: "labels")
            writer.write(self.assignees, key: "assignees")
            writer.write(self.comments, key: "comments")
            writer.write(self.body, key: "body")
            return writer.json
          }

          func _jsonModelDescribedFields() -> [Mapwright._MapwrightRuntime.DescribedField] {
            [.init("number", self.number), .init("reporterLogin", self.reporterLogin), .init("htmlURL", self.htmlURL), .init("updatedAt", self.updatedAt), .init("labels", self.labels, default: [Label]()), .init("assignees", self.assignees), .init("comments", self.comments), .init("body", self.body, default: "")]
          }

          var description: String {
            _jsonModelDescription
          }

          static var _jsonModelFieldKeyPaths: [AnyKeyPath] {
            [\\Self.number, \\Self.reporterLogin, \\Self.htmlURL, \\Self.updatedAt, \\Self.labels, \\Self.assignees, \\Self.comments, \\Self.body]
          }

          static func _jsonModelDecodeField(_ field: Int, _ reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) -> Any {
            switch field {
            case 0:
              var _0: Int? = nil
              while let member = reader.next() {
                guard member.field == 0 else {
                  continue
                }
                _0 = reader.decode(Int.self, member)
                break
              }
              reader.require(_0 != nil, 0)
              try reader.finish()
              return _0!
            case 1:
              var _1: String? = nil
              _1 = reader.decode(String.self, field: 1, paths: ["user.login"])
              reader.require(_1 != nil, 1)
              try reader.finish()
              return _1!
            case 2:
              var _2: URL? = nil
              _2 = reader.decode(URL.self, field: 2, paths: ["html_url", "htmlUrl"])
              reader.require(_2 != nil, 2)
              try reader.finish()
              return _2!
            case 3:
              var _3: Date? = nil
              while let member = reader.next() {
                guard member.field == 3 else {
                  continue
                }
                _3 = reader.decode(member, using: .iso8601)
                break
              }
              reader.require(_3 != nil, 3)
              try reader.finish()
              return _3!
            case 4:
              var _4: [Label]? = nil
              while let member = reader.next() {
                guard member.field == 4 else {
                  continue
                }
                _4 = reader.decode([Label].self, member)
                break
              }
              try reader.finish()
              return _4 ?? ([Label]())
            case 5:
              var _5: [User]? = nil
              while let member = reader.next() {
                guard member.field == 5 else {
                  continue
                }
                _5 = reader.decodeLossy([User].self, member)
                break
              }
              reader.require(_5 != nil, 5)
              try reader.finish()
              return _5!
            case 6:
              var _6: Int?? = nil
              while let member = reader.next() {
                guard member.field == 6 else {
                  continue
                }
                _6 = reader.decode(Int?.self, member, coercion: .lenient)
                break
              }
              try reader.finish()
              return (_6 ?? nil) as Any
            case 7:
              var _7: String? = nil
              while let member = reader.next() {
                guard member.field == 7 else {
                  continue
                }
                _7 = reader.decode(String.self, member)
                break
              }
              try reader.finish()
              return _7 ?? ("")
            default:
              throw Mapwright.MappingError(invalidValue: "no field \\(field)")
            }
          }

          static var _jsonModelEntity: Mapwright._MapwrightRuntime.Entity? {
            Mapwright._MapwrightRuntime.Entity(Self.self, primaryKey: nil, properties: [
              .init("number", key: "number", Int.self),
              .init("reporterLogin", key: "user.login", String.self),
              .init("htmlURL", key: "html_url", URL.self),
              .init("updatedAt", key: "updated_at", Date.self, transformer: .iso8601),
              .init("labels", key: "labels", [Label].self, hasDefault: true),
              .init("assignees", key: "assignees", [User].self, lossy: true),
              .init("comments", key: "comments", Int?.self),
              .init("body", key: "body", String.self, hasDefault: true)
            ])
          }

          static var _jsonModelProperties: [Mapwright._MapwrightRuntime.Property<Self>] {
            [
              .init("number", \\Self.number, json: ["number"]),
              .init("reporterLogin", \\Self.reporterLogin, json: ["user.login"]),
              .init("htmlURL", \\Self.htmlURL, json: ["html_url", "htmlUrl"]),
              .init("updatedAt", \\Self.updatedAt, json: ["updated_at"]),
              .init("labels", \\Self.labels, json: ["labels"]),
              .init("assignees", \\Self.assignees, json: ["assignees"]),
              .init("comments", \\Self.comments, json: ["comments"]),
              .init("body", \\Self.body, json: ["body"]),
              .init("retrievedAt", \\Self.retrievedAt, json: nil),
            ]
          }

          init(_jsonModelDraft draft: Mapwright.JSONModelDraft<Self>) {
            self.number = draft[dynamicMember: \\Self.number]
            self.reporterLogin = draft[dynamicMember: \\Self.reporterLogin]
            self.htmlURL = draft[dynamicMember: \\Self.htmlURL]
            self.updatedAt = draft[dynamicMember: \\Self.updatedAt]
            self.labels = draft[dynamicMember: \\Self.labels]
            self.assignees = draft[dynamicMember: \\Self.assignees]
            self.comments = draft[dynamicMember: \\Self.comments]
            self.body = draft[dynamicMember: \\Self.body]
            self.retrievedAt = draft[dynamicMember: \\Self.retrievedAt]
          }
        }
        """)
  }
}

@Suite struct DiagnosticTests {
  @Test func protocolsAndActorsAreRejected() {
    expectExpansion(
      """
      @JSONModel
      protocol Shape {}
      """,
      expands: """
        protocol Shape {}
        """,
      diagnostics: [DiagnosticSpec(message: "@JSONModel applies to a struct or a class, not to a protocol", line: 1, column: 1)])
    expectExpansion(
      """
      @JSONModel
      actor Counter {}
      """,
      expands: """
        actor Counter {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@JSONModel applies to a struct or a class, not to an actor (its state cannot be read synchronously)",
          line: 1, column: 1)
      ])
  }

  @Test func everyProblemOfADeclarationIsReportedAtOnce() {
    expectExpansion(
      """
      @JSONModel
      struct Broken {
        @Key("a..b") var first: Int
        @Key("") var second: Int
        @Key("id") var third: Int
        @Key("id") var fourth: Int
        @Key("x") var computed: Int { 1 }
        @Lossy var notACollection: Int
        var untyped = 3
      }
      """,
      expands: """
        struct Broken {
          var first: Int
          var second: Int
          var third: Int
          var fourth: Int
          var computed: Int { 1 }
          var notACollection: Int
          var untyped = 3
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Key cannot apply to the computed property 'computed'; it has no storage to decode into", line: 7, column: 3),
        DiagnosticSpec(message: #"the key path "a..b" has an empty component"#, line: 3, column: 3),
        DiagnosticSpec(message: #"the key path "" is empty"#, line: 4, column: 3),
        DiagnosticSpec(message: #"'fourth' and 'third' both write the key "id""#, line: 6, column: 3),
        DiagnosticSpec(message: "@Lossy applies to an array, a set or a dictionary, not to 'Int'", line: 8, column: 14),
        DiagnosticSpec(message: "add a type annotation to 'untyped' so that @JSONModel can decode it", line: 9, column: 7),
      ])
  }

  @Test func letWithInitialValueOffersVar() {
    expectExpansion(
      """
      @JSONModel
      struct Fixed {
        let kind: String = "user"
      }
      """,
      expands: """
        struct Fixed {
          let kind: String = "user"
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'kind' is a let with an initial value, so it cannot be decoded; make it var or mark it @Ignore",
          line: 3, column: 7, fixIts: [FixItSpec(message: "make it 'var'")])
      ],
      applyFixIts: ["make it 'var'"],
      fixedSource: """
        @JSONModel
        struct Fixed {
          var kind: String = "user"
        }
        """)
  }

  @Test func primaryKeyNamesAMappedNonOptionalPropertyOfAStruct() {
    expectExpansion(
      """
      @JSONModel(primaryKey: "identifier")
      struct A {
        var id: Int
        var name: String
      }
      """,
      expands: """
        struct A {
          var id: Int
          var name: String
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "primaryKey: names 'identifier', which is not a property of A (its properties: 'id', 'name')", line: 1, column: 12)
      ])
    expectExpansion(
      """
      @JSONModel(primaryKey: "id")
      struct B {
        var id: Int?
      }
      """,
      expands: """
        struct B {
          var id: Int?
        }
        """,
      diagnostics: [DiagnosticSpec(message: "the primary key 'id' cannot be optional: every stored object has one", line: 1, column: 12)])
    expectExpansion(
      """
      @JSONModel(primaryKey: "id")
      class C {
        var id: Int = 0
      }
      """,
      expands: """
        class C {
          var id: Int = 0
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "primaryKey: needs a struct or a final class without a superclass (a store holds one table per model)", line: 1, column: 12)
      ])
  }

  @Test func ignoredPropertiesNeedAValue() {
    expectExpansion(
      """
      @JSONModel
      struct Cache {
        @Ignore var stamp: Date
      }
      """,
      expands: """
        struct Cache {
          var stamp: Date
        }
        """,
      diagnostics: [DiagnosticSpec(message: "the ignored property 'stamp' needs an initial value", line: 3, column: 15)])
  }
}

@Suite struct KeyNamingTests {
  @Test func strategies() {
    expectExpansion(
      """
      @JSONModel(keys: .kebabCase)
      struct A {
        var htmlURL: String
        var userID2: Int
      }
      """,
      expands: """
        struct A {
          var htmlURL: String
          var userID2: Int
        }

        extension A: Mapwright.JSONModel, Mapwright.JSONConvertible, CustomStringConvertible {
          static let _jsonModelFields = Mapwright._MapwrightRuntime.Fields(keys: ["html-url", "user-id2"])

          init(_jsonReader reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) {
            var _0: String? = nil
            var _1: Int? = nil
            while let member = reader.next() {
              switch member.field {
              case 0:
                _0 = reader.decode(String.self, member)
              case 1:
                _1 = reader.decode(Int.self, member)
              default:
                break
              }
            }
            reader.require(_0 != nil, 0)
            reader.require(_1 != nil, 1)
            try reader.finish()
            self.init(htmlURL: _0!, userID2: _1!)
          }

          func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            var writer = Mapwright._MapwrightRuntime.Writer(session: session)
            writer.write(self.htmlURL, key: "html-url")
            writer.write(self.userID2, key: "user-id2")
            return writer.json
          }

          func writeJSON(to output: inout Mapwright.JSONOutput, in session: Mapwright.EncodingSession) {
            output.beginObject()
            output.write(self.htmlURL, jsonKey: ",\\"html-url\\":", in: session)
            output.write(self.userID2, jsonKey: ",\\"user-id2\\":", in: session)
            output.endObject()
          }

          func _jsonModelDescribedFields() -> [Mapwright._MapwrightRuntime.DescribedField] {
            [.init("htmlURL", self.htmlURL), .init("userID2", self.userID2)]
          }

          var description: String {
            _jsonModelDescription
          }

          static var _jsonModelFieldKeyPaths: [AnyKeyPath] {
            [\\Self.htmlURL, \\Self.userID2]
          }

          static func _jsonModelDecodeField(_ field: Int, _ reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) -> Any {
            switch field {
            case 0:
              var _0: String? = nil
              while let member = reader.next() {
                guard member.field == 0 else {
                  continue
                }
                _0 = reader.decode(String.self, member)
                break
              }
              reader.require(_0 != nil, 0)
              try reader.finish()
              return _0!
            case 1:
              var _1: Int? = nil
              while let member = reader.next() {
                guard member.field == 1 else {
                  continue
                }
                _1 = reader.decode(Int.self, member)
                break
              }
              reader.require(_1 != nil, 1)
              try reader.finish()
              return _1!
            default:
              throw Mapwright.MappingError(invalidValue: "no field \\(field)")
            }
          }

          static var _jsonModelEntity: Mapwright._MapwrightRuntime.Entity? {
            Mapwright._MapwrightRuntime.Entity(Self.self, primaryKey: nil, properties: [
              .init("htmlURL", key: "html-url", String.self),
              .init("userID2", key: "user-id2", Int.self)
            ])
          }

          static var _jsonModelProperties: [Mapwright._MapwrightRuntime.Property<Self>] {
            [
              .init("htmlURL", \\Self.htmlURL, json: ["html-url"]),
              .init("userID2", \\Self.userID2, json: ["user-id2"]),
            ]
          }

          init(_jsonModelDraft draft: Mapwright.JSONModelDraft<Self>) {
            self.htmlURL = draft[dynamicMember: \\Self.htmlURL]
            self.userID2 = draft[dynamicMember: \\Self.userID2]
          }
        }
        """)
  }
}

@Suite struct EnumExpansionTests {
  @Test func rawValueEnumWithFallback() {
    expectExpansion(
      """
      @JSONModel
      public enum State: String {
        case open, closed
        @Fallback case unknown
      }
      """,
      expands: """
        public enum State: String {
          case open, closed
          case unknown
        }

        extension State: Mapwright.JSONConvertible {
          public static func decode(from value: Mapwright.JSONValue, in session: Mapwright.DecodingSession) throws(Mapwright.MappingError) -> Self {
            let raw = try String.decode(from: value, in: session)
            if let decoded = Self(rawValue: raw) {
              return decoded
            }
            session.noteFallback(at: value)
            return .unknown
          }

          public func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            rawValue.encodeJSON(in: session)
          }

          public func writeJSON(to output: inout Mapwright.JSONOutput, in session: Mapwright.EncodingSession) {
            rawValue.writeJSON(to: &output, in: session)
          }
        }
        """)
  }
}

extension DiagnosticTests {
  @Test func flattenNeedsAModel() {
    expectExpansion(
      """
      @JSONModel
      struct Repo {
        @Flatten var count: Int
        @Flatten @Key("x") var stats: Stats
      }
      """,
      expands: """
        struct Repo {
          var count: Int
          var stats: Stats
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Flatten applies to a @JSONModel type, not to 'Int'", line: 3, column: 16),
        DiagnosticSpec(message: "@Flatten cannot be combined with @Key, @Transform or @Lossy", line: 4, column: 26),
      ])
  }
}

extension DiagnosticTests {
  @Test func inverseNeedsAClass() {
    expectExpansion(
      """
      @JSONModel
      struct Author {
        @Inverse(\\Book.author) var books: [Book]
      }
      """,
      expands: """
        struct Author {
          var books: [Book]
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@Inverse needs a class model: a struct has no identity for its children to point back to",
          line: 3, column: 30)
      ])
  }
}

extension EnumExpansionTests {
  @Test func associatedValuesNeedLabels() {
    expectExpansion(
      """
      @JSONModel(tag: "type")
      enum Shape {
        case circle(Double)
      }
      """,
      expands: """
        enum Shape {
          case circle(Double)
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "label the associated value 1 of 'circle': its label is its JSON key", line: 3, column: 15)
      ])
  }
}

extension EnumExpansionTests {
  @Test func enumKeyNamingIsBuiltInAndMayNotMakeTheTag() {
    expectExpansion(
      """
      @JSONModel(tag: "kind", keys: .custom { $0 })
      enum A {
        case a(value: Int)
      }
      @JSONModel(tag: "kind_name", keys: .snakeCase)
      enum B {
        case b(kindName: String)
      }
      """,
      expands: """
        enum A {
          case a(value: Int)
        }
        enum B {
          case b(kindName: String)
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "an enum's associated values take a built-in key naming (.snakeCase, .kebabCase, .pascalCase, .screamingSnakeCase); .custom is for structs and classes",
          line: 1, column: 31),
        DiagnosticSpec(message: "an associated value is named like the tag \"kind_name\"; choose another tag: or add content:", line: 5, column: 1),
      ])
  }
}

extension EnumExpansionTests {
  @Test func internallyTaggedEnum() {
    expectExpansion(
      """
      @JSONModel(tag: "type")
      enum Shape {
        case circle(radius: Double)
        case empty
      }
      """,
      expands: """
        enum Shape {
          case circle(radius: Double)
          case empty
        }

        extension Shape: Mapwright.JSONConvertible, Sendable {
          static func decode(from value: Mapwright.JSONValue, in session: Mapwright.DecodingSession) throws(Mapwright.MappingError) -> Self {
            let (tag, tagValue) = try session.enumTag(of: value, key: "type")
            switch tag {
            case "circle":
              return .circle(radius: try session.enumField(Double.self, "radius", in: value))
            case "empty":
              return .empty
            default:
              throw session.unknownCase(tag, of: Self.self, at: tagValue)
            }
          }

          func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            switch self {
            case .circle(let radius):
              var values = Mapwright.JSONObject()
              if !radius.isNilValue || session.includesNilValues {
                values["radius"] = radius.encodeJSON(in: session)
              }
              var object: Mapwright.JSONObject = ["type": .string("circle")]
              for (key, member) in values {
                object[key] = member
              }
              return .object(object)
            case .empty:
              return .object(["type": .string("empty")])
            }
          }

          static var _jsonModelEnum: Mapwright._MapwrightRuntime.EnumDescription? {
            Mapwright._MapwrightRuntime.EnumDescription(tag: "type", content: nil, cases: [
              .init("circle", [.init("radius", key: "radius", Double.self)]),
              .init("empty", [])
            ])
          }
        }
        """,
      requestingSendable: true)
  }
}

@Suite struct LocalsTests {
  /// A field whose type may be a large struct (a nested model) has its local's address taken
  /// once (`_jsonModelLocal`), so that the member loop writes it in place instead of copying
  /// it on every turn; collections (one reference) and standard types are left as they are.
  @Test func nestedModelLocalsStayInMemory() {
    for type in ["User", "User?", "Optional<User>", "Outer.Inner", "Mapwright.JSONValue", "(Int, Int)"] {
      #expect(ModelGenerator.mayBeLargeStruct(type), "\(type)")
    }
    for type in ["String", "Int?", "[User]", "[String: User]?", "Set<User>", "Array<User>", "Date", "URL?", "JSON"] {
      #expect(!ModelGenerator.mayBeLargeStruct(type), "\(type)")
    }
  }

  /// Such a local is moved into the property at the end (`take()`), not copied and then
  /// destroyed: kept in memory, it would otherwise be copied whole, every reference in it
  /// retained and released once more.
  @Test func nestedModelLocalsAreMovedOut() throws {
    let file = Parser.parse(
      source: """
        @JSONModel struct Post {
          var author: User
          var editor: User?
          var reviewer: User = User()
          var title: String
        }
        """)
    let declaration = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
    let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
    let model = try #require(JSONModelExpansion.model(attribute, declaration, report: { _ in }))
    let lines = ModelGenerator(model: model).decodingInitializer().split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for expected in [
      "Mapwright._jsonModelLocal(&_0)", "Mapwright._jsonModelLocal(&_1)", "Mapwright._jsonModelLocal(&_2)",
      "self.author = _0.take()!", "self.editor = _1.take() ?? nil", "if let value = _2.take() {", "self.title = _3!",
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
    #expect(!lines.contains("Mapwright._jsonModelLocal(&_3)"))
  }

  /// A class's `var` of type `T?` starts as nil and is written only when there is a value
  /// (writing a class's property again is checked for exclusive access at run time); a `let`,
  /// an `Optional<T>` and a struct's optional are always written.
  @Test func classOptionalsAreWrittenOnlyWithAValue() throws {
    func initializer(_ source: String) throws -> [String] {
      let file = Parser.parse(source: source)
      let item = try #require(file.statements.first?.item)
      let declaration: any DeclGroupSyntax = try #require(item.as(ClassDeclSyntax.self) ?? item.as(StructDeclSyntax.self))
      let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
      let parsed = JSONModelExpansion.model(attribute, declaration, report: { _ in })
      let model = try #require(parsed)
      return ModelGenerator(model: model).decodingInitializer().split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    let members = "var a: String?; var b: Optional<Int>; var c: [Int]?; let d: String?; var e: User?"
    let inClass = try initializer("@JSONModel final class Note { \(members) }")
    for expected in [
      "if case .some(.some(let value)) = _0 { self.a = value }", "self.b = _1 ?? nil",
      "if case .some(.some(let value)) = _2 { self.c = value }", "self.d = _3 ?? nil",
      "if case .some(.some(let value)) = _4.take() { self.e = value }",
    ] {
      #expect(inClass.contains(expected), "\(expected)")
    }
    // A struct calls its memberwise initialiser (see `memberwiseInitializerBuildsTheStruct`),
    // or, with an initialiser of its own, assigns each property.
    let inStruct = try initializer("@JSONModel struct Note { \(members) }")
    #expect(inStruct.contains("self.init(a: _0 ?? nil, b: _1 ?? nil, c: _2 ?? nil, d: _3 ?? nil, e: _4.take() ?? nil)"))
    let assigning = try initializer("@JSONModel struct Note { \(members); init() { a = nil; b = nil; c = nil; d = nil; e = nil } }")
    for expected in ["self.a = _0 ?? nil", "self.c = _2 ?? nil", "self.e = _4.take() ?? nil"] {
      #expect(assigning.contains(expected), "\(expected)")
    }
  }

  /// A struct's decoding initialiser ends in Swift's memberwise initialiser when its
  /// parameters are known: assigned one by one, a struct of four or more properties with a
  /// `var` of type `T?` is copied whole at the end (each reference retained and released once
  /// more). `@Default` values are made first; ignored properties keep their initial values.
  /// Anything that could change the memberwise initialiser's parameters keeps the assigning
  /// form.
  @Test func memberwiseInitializerBuildsTheStruct() throws {
    func initializer(_ source: String) throws -> [String] {
      let file = Parser.parse(source: source)
      let declaration = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
      let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
      let model = try #require(JSONModelExpansion.model(attribute, declaration, report: { Issue.record("\($0.message)") }))
      return ModelGenerator(model: model).decodingInitializer().split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    let memberwise = try initializer(
      """
      @JSONModel struct User {
        let id: Int
        var name: String?, `default`: Bool
        @Default(0) var age: Int
        var friend: Friend?
        @Ignore var seen = false
        @Ignore var note: String?
        @Ignore let kind = "user"
        var computed: Int { 1 }
        static var shared = 0
      }
      """)
    for expected in [
      "let _value3: Int", "reader.noteDefault(3)", "_value3 = 0",
      "self.init(id: _0!, name: _1 ?? nil, `default`: _2!, age: _value3, friend: _4.take() ?? nil)",
    ] {
      #expect(memberwise.contains(expected), "\(expected)")
    }
    #expect(!memberwise.contains { $0.hasPrefix("self.") && !$0.hasPrefix("self.init(") })
    for blocker in [
      "init(id: Int) { self.id = id }", "private var secret: Int", "private(set) var count: Int", "lazy var cached = 0",
      "@Wrapped var wrapped: Int", "var (x, y): (Int, Int)", "#if DEBUG\nvar debug: Int\n#endif", "var initial: Int = 1",
    ] {
      let lines = try initializer("@JSONModel struct User {\n  var id: Int\n  \(blocker)\n}")
      #expect(!lines.contains { $0.hasPrefix("self.init(") }, "\(blocker)")
      #expect(lines.contains("self.id = _0!"), "\(blocker)")
    }
    for attribute in ["@MainActor", "@Observable", "@SomeMacro(1)"] {
      let lines = try initializer("@JSONModel \(attribute) struct User { var id: Int }")
      #expect(!lines.contains { $0.hasPrefix("self.init(") }, "\(attribute)")
    }
    let preserving = try initializer("@JSONModel(unknownKeys: .preserve) struct User { var id: Int }")
    #expect(preserving.contains("self._jsonPreserved = reader.preserved()"))
  }
}

extension EnumExpansionTests {
  @Test func untaggedEnumTriesEachCaseInOrder() {
    expectExpansion(
      """
      @JSONModel(tagging: .untagged)
      enum Content {
        case image(url: String)
        case text(String)
        case none
      }
      """,
      expands: """
        enum Content {
          case image(url: String)
          case text(String)
          case none
        }

        extension Content: Mapwright.JSONConvertible, Sendable {
          static func decode(from value: Mapwright.JSONValue, in session: Mapwright.DecodingSession) throws(Mapwright.MappingError) -> Self {
            var untagged = Mapwright._MapwrightRuntime.UntaggedDecoding(Self.self, at: value, in: session)
            repeat {
              if let decoded = untagged.attempt("image", { () throws(Mapwright.MappingError) -> Self in
                  .image(url: try session.enumField(String.self, "url", in: value))
                }) {
                return decoded
              }
              if let decoded = untagged.attempt("text", { () throws(Mapwright.MappingError) -> Self in
                  .text(try String.decode(from: value, in: session))
                }) {
                return decoded
              }
              if let decoded = untagged.attempt("none", { () throws(Mapwright.MappingError) -> Self in
                  try session.untaggedUnit(.none, at: value)
                }) {
                return decoded
              }
            } while untagged.nextRound()
            throw untagged.noMatchingCase()
          }

          func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            switch self {
            case .image(let url):
              var values = Mapwright.JSONObject()
              if !url.isNilValue || session.includesNilValues {
                values["url"] = url.encodeJSON(in: session)
              }
              return .object(values)
            case .text(let value):
              return value.encodeJSON(in: session)
            case .none:
              return .null
            }
          }

          static var _jsonModelEnum: Mapwright._MapwrightRuntime.EnumDescription? {
            Mapwright._MapwrightRuntime.EnumDescription(tag: nil, content: nil, cases: [
              .init("image", [.init("url", key: "url", String.self)]),
              .init("text", [.init("value", key: "", String.self)], valueItself: true),
              .init("none", [])
            ], untagged: true)
          }
        }
        """,
      requestingSendable: true)
  }

  @Test func untaggedIsForEnumsWithValuesAndTaggingIsForEnums() {
    expectExpansion(
      """
      @JSONModel(tagging: .untagged)
      enum State: String {
        case open
      }
      @JSONModel(tagging: .untagged)
      enum Pair {
        case pair(Int, Int)
      }
      """,
      expands: """
        enum State: String {
          case open
        }
        enum Pair {
          case pair(Int, Int)
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "tagging: .untagged is for enums with associated values; a String enum is its raw value", line: 1, column: 1),
        DiagnosticSpec(message: "label the associated value 1 of 'pair': its label is its JSON key", line: 7, column: 13),
        DiagnosticSpec(message: "label the associated value 2 of 'pair': its label is its JSON key", line: 7, column: 18),
      ])
    expectExpansion(
      """
      @JSONModel(tagging: .untagged)
      struct Point {
        var x: Int
      }
      """,
      expands: """
        struct Point {
          var x: Int
        }
        """,
      diagnostics: [DiagnosticSpec(message: "tagging: is for enums with associated values", line: 1, column: 12)])
  }
}

extension DiagnosticTests {
  @Test func keyPointersMustBePointersToAMember() {
    expectExpansion(
      """
      @JSONModel
      struct A {
        @Key(pointer: "user/login") var login: String
        @Key(pointer: "/a/~2") var bad: Int
        @Key(pointer: "/list/-") var last: Int
      }
      """,
      expands: """
        struct A {
          var login: String
          var bad: Int
          var last: Int
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: #""user/login" is not a JSON Pointer to a member: it starts with "/", escapes "~" as ~0 and "/" as ~1, and has no "-" token"#,
          line: 3, column: 17),
        DiagnosticSpec(
          message: #""/a/~2" is not a JSON Pointer to a member: it starts with "/", escapes "~" as ~0 and "/" as ~1, and has no "-" token"#,
          line: 4, column: 17),
        DiagnosticSpec(
          message: #""/list/-" is not a JSON Pointer to a member: it starts with "/", escapes "~" as ~0 and "/" as ~1, and has no "-" token"#,
          line: 5, column: 17),
      ])
  }
}
