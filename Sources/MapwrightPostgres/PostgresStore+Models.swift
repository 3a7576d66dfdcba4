// PostgreSQL stores of `@JSONModel` types: the store's model is made from the types; fetching
// values of the types is `RelationalStore`'s, as for SQLite.

#if Postgres
  import MapwrightEngine
  import MapwrightGraph
  import MapwrightSchema

  extension PostgresStore {
    /// Connects and opens (creating if needed) a store for `@JSONModel` types and the types
    /// they refer to.
    ///
    /// ```swift
    /// let store = try PostgresStore(url: "postgres://mapwright@127.0.0.1/library", models: [Author.self, Book.self])
    /// try store.importJSON(data, sources: [ImportSource("authors", model: Author.self)])
    /// let author = try store.value(Author.self, key: 7)
    /// ```
    public convenience init(url: String, models: [any JSONModel.Type], addingToExistingDatabase: Bool = false) throws {
      try self.init(url: url, model: ObjectModel(models: models), addingToExistingDatabase: addingToExistingDatabase)
    }
  }
#endif
