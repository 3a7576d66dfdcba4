// SQLite stores of `@JSONModel` types: the store's model is made from the types
// (`ObjectModel(models:)`); fetching values of the types is `RelationalStore`'s. Everything
// else — uniquing by primary key, references by id, batches — is the same as for entities of
// a model file.

import MapwrightEngine
import MapwrightGraph
import MapwrightSchema

extension SQLiteStore {
  /// Opens (creating if needed) a store for `@JSONModel` types and the types they refer to.
  ///
  /// ```swift
  /// let store = try SQLiteStore(path: "library.sqlite", models: [Author.self, Book.self])
  /// try store.importJSON(data, sources: [ImportSource("authors", model: Author.self)])
  /// let author = try store.value(Author.self, key: 7)
  /// ```
  public convenience init(
    path: String, models: [any JSONModel.Type], readOnly: Bool = false, addingToExistingDatabase: Bool = false
  ) throws {
    try self.init(
      path: path, model: ObjectModel(models: models), readOnly: readOnly, addingToExistingDatabase: addingToExistingDatabase)
  }
}
