// Fetching values of `@JSONModel` types from any relational store: the store's model is made
// from the types (`ObjectModel(models:)`), fetches decode values of the types.

import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

extension RelationalStore {
  /// The store's entity for a model type.
  public func entity(for type: any JSONModel.Type) throws -> EntityDescription {
    let name = ObjectModel.entityName(of: type)
    guard let entity = model.entity(named: name) else {
      throw StoreError(.unknownEntity, "the store has no entity \(name): open it with \(type) among its models")
    }
    return entity
  }

  /// The stored objects of a model type matching `predicate` (on attributes, by property
  /// name), in row order, with their related objects one level deep.
  public func values<T: JSONModel>(_ type: T.Type, where predicate: StorePredicate? = nil, options: MappingOptions = MappingOptions()) throws -> [T] {
    try values(type, of: entity(for: type), where: predicate, options: options)
  }

  /// The stored object of a model type whose primary key is `key`, or nil.
  public func value<T: JSONModel>(_ type: T.Type, key: some StoreKey, options: MappingOptions = MappingOptions()) throws -> T? {
    try object(entity(for: type), key: key).map { try T(json: $0.jsonObject, options: options) }
  }

  /// How many objects of a model type are stored.
  public func count<T: JSONModel>(_ type: T.Type, where predicate: StorePredicate? = nil) throws -> Int {
    try count(entity(for: type), where: predicate)
  }
}
