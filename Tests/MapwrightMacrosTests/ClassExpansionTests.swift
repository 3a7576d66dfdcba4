import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct ClassExpansionTests {
  @Test func subclassReadsItsKeysThenHandsTheObjectToItsSuperclass() {
    expectExpansion(
      """
      @JSONModel
      final class Dog: Animal {
        var barks: Bool
      }
      """,
      expands: """
        final class Dog: Animal {
          var barks: Bool

          private static let _jsonModelFieldsStorage = Mapwright._MapwrightRuntime.Fields(keys: ["barks"], superclass: Animal._jsonModelFields)

          override class var _jsonModelFields: Mapwright._MapwrightRuntime.Fields {
            Dog._jsonModelFieldsStorage
          }

          required init(_jsonReader reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) {
            var _0: Bool? = nil
            while let member = reader.next() {
              switch member.field {
              case 0:
                _0 = reader.decode(Bool.self, member)
              default:
                break
              }
            }
            reader.require(_0 != nil, 0)
            try reader.finish()
            self.barks = _0!
            var _superReader = try reader.superclassReader(fields: Animal._jsonModelFields)
            defer {
              _superReader.restore()
            }
            try super.init(_jsonReader: &_superReader)
          }

          required init(_codableReader reader: inout Mapwright._MapwrightRuntime.CodableReader) throws {
            var _0: Bool? = nil
            _0 = reader.decode(Bool.self, field: 0)
            reader.require(_0 != nil, 0)
            try reader.finish()
            self.barks = _0!
            var _superReader = try reader.superclassReader(fields: Animal._jsonModelFields)
            defer {
              _superReader.restore()
            }
            try super.init(_codableReader: &_superReader)
          }

          required convenience init(from decoder: any Decoder) throws {
            try Mapwright._MapwrightRuntime.CodableReader.requireOwnClass(Self.self, in: decoder)
            var reader = try Mapwright._MapwrightRuntime.CodableReader(decoder, fields: Self._jsonModelFields)
            try self.init(_codableReader: &reader)
          }

          override func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            var writer = Mapwright._MapwrightRuntime.Writer(session: session)
            writer.merge(super.encodeJSON(in: session))
            writer.write(self.barks, key: "barks")
            return writer.json
          }

          override func _jsonModelEncode(to writer: inout Mapwright._MapwrightRuntime.CodableWriter) throws {
            try super._jsonModelEncode(to: &writer)
            writer.write(self.barks, key: "barks")
          }

          override func _jsonModelDescribedFields() -> [Mapwright._MapwrightRuntime.DescribedField] {
            super._jsonModelDescribedFields() + [.init("barks", self.barks)]
          }

          override func _jsonModelIsEqual(to other: AnyObject) -> Bool {
            guard let other = other as? Dog, type(of: self) == type(of: other) else {
              return false
            }
            guard super._jsonModelIsEqual(to: other) else {
              return false
            }
            return Mapwright._MapwrightRuntime.fieldEqual(self.barks, other.barks)
          }

          override func _jsonModelHash(into hasher: inout Hasher) {
            super._jsonModelHash(into: &hasher)
            Mapwright._MapwrightRuntime.fieldHash(self.barks, into: &hasher)
          }
        }

        extension Dog: Mapwright.JSONModel, Mapwright.JSONConvertible, CustomStringConvertible {
          var description: String {
            _jsonModelDescription
          }
        }
        """)
  }

  @Test func clusterBaseChoosesByDiscriminatorAndWritesIt() {
    expectExpansion(
      """
      @JSONModel(discriminator: "kind", subclasses: ["dog": "Dog"])
      open class Animal {
        public var name: String
      }
      """,
      expands: """
        open class Animal {
          public var name: String

          private static let _jsonModelFieldsStorage = Mapwright._MapwrightRuntime.Fields(keys: ["name"])

          open class var _jsonModelFields: Mapwright._MapwrightRuntime.Fields {
            Animal._jsonModelFieldsStorage
          }

          private static let _jsonModelClusterStorage = Mapwright._MapwrightRuntime.Cluster(discriminator: "kind", subclasses: ["dog": Dog.self])

          open class var _jsonModelCluster: Mapwright._MapwrightRuntime.Cluster? {
            Animal._jsonModelClusterStorage
          }

          public required init(_jsonReader reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) {
            var _0: String? = nil
            while let member = reader.next() {
              switch member.field {
              case 0:
                _0 = reader.decode(String.self, member)
              default:
                break
              }
            }
            reader.require(_0 != nil, 0)
            try reader.finish()
            self.name = _0!
          }

          public required init(_codableReader reader: inout Mapwright._MapwrightRuntime.CodableReader) throws {
            var _0: String? = nil
            _0 = reader.decode(String.self, field: 0)
            reader.require(_0 != nil, 0)
            try reader.finish()
            self.name = _0!
          }

          open func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            var writer = Mapwright._MapwrightRuntime.Writer(session: session)
            if let cluster = type(of: self)._jsonModelCluster, let key = cluster.discriminator, let tag = cluster.tag(for: type(of: self)) {
              writer.write(tag, key: key)
            }
            writer.write(self.name, key: "name")
            return writer.json
          }

          open func _jsonModelEncode(to writer: inout Mapwright._MapwrightRuntime.CodableWriter) throws {
            if let cluster = type(of: self)._jsonModelCluster, let key = cluster.discriminator, let tag = cluster.tag(for: type(of: self)) {
              writer.write(tag, key: key)
            }
            writer.write(self.name, key: "name")
          }

          open func _jsonModelDescribedFields() -> [Mapwright._MapwrightRuntime.DescribedField] {
            [.init("name", self.name)]
          }

          open func _jsonModelIsEqual(to other: AnyObject) -> Bool {
            guard let other = other as? Animal, type(of: self) == type(of: other) else {
              return false
            }
            return Mapwright._MapwrightRuntime.fieldEqual(self.name, other.name)
          }

          open func _jsonModelHash(into hasher: inout Hasher) {
            Mapwright._MapwrightRuntime.fieldHash(self.name, into: &hasher)
          }
        }

        extension Animal: Mapwright.JSONModel, Mapwright.JSONConvertible, CustomStringConvertible {
          public var description: String {
            _jsonModelDescription
          }
        }
        """)
  }

  @Test func clusterBaseWithAClassChoosingFunction() {
    expectExpansion(
      """
      @JSONModel
      class Shape {
        var label: String
        class func jsonModelClass(for object: JSONValue) -> Shape.Type? { nil }
      }
      """,
      expands: """
        class Shape {
          var label: String
          class func jsonModelClass(for object: JSONValue) -> Shape.Type? { nil }

          private static let _jsonModelFieldsStorage = Mapwright._MapwrightRuntime.Fields(keys: ["label"])

          class var _jsonModelFields: Mapwright._MapwrightRuntime.Fields {
            Shape._jsonModelFieldsStorage
          }

          private static let _jsonModelClusterStorage = Mapwright._MapwrightRuntime.Cluster(choosing: {
              Shape.jsonModelClass(for: $0)
            })

          class var _jsonModelCluster: Mapwright._MapwrightRuntime.Cluster? {
            Shape._jsonModelClusterStorage
          }

          required init(_jsonReader reader: inout Mapwright._MapwrightRuntime.Reader) throws(Mapwright.MappingError) {
            var _0: String? = nil
            while let member = reader.next() {
              switch member.field {
              case 0:
                _0 = reader.decode(String.self, member)
              default:
                break
              }
            }
            reader.require(_0 != nil, 0)
            try reader.finish()
            self.label = _0!
          }

          required init(_codableReader reader: inout Mapwright._MapwrightRuntime.CodableReader) throws {
            var _0: String? = nil
            _0 = reader.decode(String.self, field: 0)
            reader.require(_0 != nil, 0)
            try reader.finish()
            self.label = _0!
          }

          func encodeJSON(in session: Mapwright.EncodingSession) -> Mapwright.JSON {
            var writer = Mapwright._MapwrightRuntime.Writer(session: session)
            writer.write(self.label, key: "label")
            return writer.json
          }

          func _jsonModelEncode(to writer: inout Mapwright._MapwrightRuntime.CodableWriter) throws {
            writer.write(self.label, key: "label")
          }

          func _jsonModelDescribedFields() -> [Mapwright._MapwrightRuntime.DescribedField] {
            [.init("label", self.label)]
          }

          func _jsonModelIsEqual(to other: AnyObject) -> Bool {
            guard let other = other as? Shape, type(of: self) == type(of: other) else {
              return false
            }
            return Mapwright._MapwrightRuntime.fieldEqual(self.label, other.label)
          }

          func _jsonModelHash(into hasher: inout Hasher) {
            Mapwright._MapwrightRuntime.fieldHash(self.label, into: &hasher)
          }
        }

        extension Shape: Mapwright.JSONModel, Mapwright.JSONConvertible, CustomStringConvertible {
          var description: String {
            _jsonModelDescription
          }
        }
        """)
  }
}

extension DiagnosticTests {
  @Test func clustersNeedANonFinalClassAndBothArguments() {
    expectExpansion(
      """
      @JSONModel(discriminator: "kind", subclasses: ["a": "A"])
      struct S {}
      @JSONModel(discriminator: "kind", subclasses: ["a": "A"])
      final class F {}
      @JSONModel(discriminator: "kind")
      class D {}
      @JSONModel(subclasses: ["a": A.self])
      class E {}
      """,
      expands: """
        struct S {}
        final class F {}
        class D {}
        class E {}
        """,
      diagnostics: [
        DiagnosticSpec(message: "a class cluster needs a class: a struct has no subclasses to choose from", line: 1, column: 1),
        DiagnosticSpec(message: "a class cluster's base cannot be final: it has subclasses", line: 3, column: 1),
        DiagnosticSpec(
          message: "a discriminator needs its subclasses: add subclasses: [\"value\": \"Subclass\", …]", line: 5, column: 12),
        DiagnosticSpec(
          message: "each subclass is a string literal value and the subclass's name as a string literal", line: 7, column: 25),
        DiagnosticSpec(message: "subclasses: needs the discriminator key that names them", line: 7, column: 1),
      ])
  }

  @Test func defaultsMustMatchThePropertyType() {
    expectExpansion(
      """
      @JSONModel
      struct M {
        @Default(0) var name: String
        @Default("x") var count: Int
        @Default(1.5) var whole: Int
        @Default([]) var flag: Bool
        @Default(nil) var size: Int
        @Default([:]) var tags: [String]
        @Default(1) var ratio: Double?
        @Default(Level.low) var level: Level
        @Default(["a": 1]) var table: [String: Int]
      }
      """,
      expands: """
        struct M {
          var name: String
          var count: Int
          var whole: Int
          var flag: Bool
          var size: Int
          var tags: [String]
          var ratio: Double?
          var level: Level
          var table: [String: Int]
        }
        """,
      diagnostics: [
        DiagnosticSpec(message: "@Default(0) does not match the type 'String' of 'name'", line: 3, column: 12),
        DiagnosticSpec(message: "@Default(\"x\") does not match the type 'Int' of 'count'", line: 4, column: 12),
        DiagnosticSpec(message: "@Default(1.5) does not match the type 'Int' of 'whole'", line: 5, column: 12),
        DiagnosticSpec(message: "@Default([]) does not match the type 'Bool' of 'flag'", line: 6, column: 12),
        DiagnosticSpec(
          message: "@Default(nil) is nil, which cannot be a value of the non-optional type 'Int' of 'size'", line: 7, column: 12),
        DiagnosticSpec(message: "@Default([:]) does not match the type '[String]' of 'tags'", line: 8, column: 12),
      ])
  }
}
