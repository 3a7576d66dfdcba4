// ObjectMapper's conveniences on models and collections of models.

import Foundation

extension BaseMappable {
  /// A model from JSON text, or nil (ObjectMapper's `init?(JSONString:context:)`).
  public init?(JSONString: String, context: MappingContext? = nil) {
    guard let object = Mapper<Self>(context: context).map(JSONString: JSONString) else { return nil }
    self = object
  }

  /// A model from a Foundation dictionary, or nil.
  public init?(JSON: [String: Any], context: MappingContext? = nil) {
    guard let object = Mapper<Self>(context: context).map(JSON: JSON) else { return nil }
    self = object
  }

  /// The model as a Foundation dictionary.
  public func toJSON() -> [String: Any] { Mapper<Self>().toJSON(self) }

  /// The model as JSON text.
  public func toJSONString(prettyPrint: Bool = false) -> String? {
    Mapper<Self>().toJSONString(self, prettyPrint: prettyPrint)
  }
}

extension ImmutableMappable {
  /// A model from JSON text, throwing what went wrong.
  public init(JSONString: String, context: MappingContext? = nil) throws {
    self = try Mapper<Self>(context: context).decode(JSONString: JSONString)
  }

  /// A model from a Foundation dictionary, throwing what went wrong.
  public init(JSON: [String: Any], context: MappingContext? = nil) throws {
    self = try Mapper<Self>(context: context).decode(JSON: JSON)
  }

  /// A model from a Foundation object, which must be a dictionary; throws what went wrong.
  public init(JSONObject: Any, context: MappingContext? = nil) throws {
    guard let dictionary = JSONObject as? [String: Any] else {
      throw MappingError(.typeMismatch(expected: "object", found: "\(type(of: JSONObject))"), path: .root)
    }
    try self.init(JSON: dictionary, context: context)
  }
}

extension Array where Element: BaseMappable {
  /// Models from a JSON array text, or nil.
  public init?(JSONString: String, context: MappingContext? = nil) {
    guard let objects = Mapper<Element>(context: context).mapArray(JSONString: JSONString) else { return nil }
    self = objects
  }

  /// Models from Foundation dictionaries; those that do not map are left out.
  public init(JSONArray: [[String: Any]], context: MappingContext? = nil) {
    self = Mapper<Element>(context: context).mapArray(JSONArray: JSONArray)
  }

  /// The models as Foundation dictionaries.
  public func toJSON() -> [[String: Any]] { Mapper<Element>().toJSONArray(self) }

  /// The models as JSON array text.
  public func toJSONString(prettyPrint: Bool = false) -> String? {
    Mapper<Element>().toJSONString(self, prettyPrint: prettyPrint)
  }
}

extension Set where Element: BaseMappable {
  /// Models from a JSON array text, or nil.
  public init?(JSONString: String, context: MappingContext? = nil) {
    guard let objects = Mapper<Element>(context: context).mapSet(JSONString: JSONString) else { return nil }
    self = objects
  }

  /// Models from Foundation dictionaries; those that do not map are left out.
  public init(JSONArray: [[String: Any]], context: MappingContext? = nil) {
    self = Mapper<Element>(context: context).mapSet(JSONArray: JSONArray)
  }

  /// The models as Foundation dictionaries.
  public func toJSON() -> [[String: Any]] { Mapper<Element>().toJSONSet(self) }

  /// The models as JSON array text.
  public func toJSONString(prettyPrint: Bool = false) -> String? {
    Mapper<Element>().toJSONString(self, prettyPrint: prettyPrint)
  }
}
