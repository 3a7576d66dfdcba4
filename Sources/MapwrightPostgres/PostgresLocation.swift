// Where a PostgreSQL store lives: a `postgres://user:password@host:port/database` URL, read
// into PostgresNIO's connection configuration. TLS is off unless the URL asks for it
// (`?sslmode=require`): a loopback server needs none, and a remote one should be named with
// its mode.

#if Postgres
  import MapwrightGraph
  import MapwrightStore
  import NIOCore
  import NIOSSL
  import PostgresNIO

  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// A PostgreSQL server and database, from a URL.
  ///
  /// ```swift
  /// let location = try PostgresLocation(url: "postgres://mapwright@127.0.0.1:5432/library")
  /// let store = try PostgresStore(location: location, model: model)
  /// ```
  public struct PostgresLocation: Sendable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's port (5432 by default).
    public var port: Int
    /// The user to sign in as.
    public var username: String
    /// The user's password, if the server asks for one.
    public var password: String?
    /// The database (nil: the one named as the user).
    public var database: String?
    /// Ask the server for TLS (`sslmode=require` in the URL); off by default.
    public var requiresTLS: Bool
    /// How long connecting (and signing in) may take before `connectionFailed`.
    public var connectTimeout: Duration
    /// The schema the store's tables live in (created if missing); nil: the user's default
    /// (`public`). Several stores can share a database, one schema each.
    public var schema: String?

    /// A location from its parts (see the properties).
    public init(
      host: String = "127.0.0.1", port: Int = 5432, username: String, password: String? = nil, database: String? = nil,
      requiresTLS: Bool = false, connectTimeout: Duration = .seconds(10), schema: String? = nil
    ) {
      self.host = host
      self.port = port
      self.username = username
      self.password = password
      self.database = database
      self.requiresTLS = requiresTLS
      self.connectTimeout = connectTimeout
      self.schema = schema
    }

    /// Reads `postgres://` or `postgresql://` URLs; `connect_timeout` (seconds), `sslmode`
    /// (`disable`, `require`) and `schema` are the query items understood.
    public init(url text: String) throws {
      guard let components = URLComponents(string: text), let scheme = components.scheme,
        scheme == "postgres" || scheme == "postgresql"
      else {
        throw StoreError(.connectionFailed, "\(text) is not a postgres:// URL (postgres://user:password@host:port/database)")
      }
      guard let user = components.user, !user.isEmpty else {
        throw StoreError(.connectionFailed, "\(redactedStoreURL(text)) names no user (postgres://user@host/database)")
      }
      self.init(
        host: components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1",
        port: components.port ?? 5432,
        username: user.removingPercentEncoding ?? user,
        password: components.password.map { $0.removingPercentEncoding ?? $0 },
        database: components.path.isEmpty || components.path == "/" ? nil : String(components.path.dropFirst()))
      for item in components.queryItems ?? [] {
        switch (item.name, item.value) {
        case ("sslmode", "require"), ("sslmode", "verify-full"): requiresTLS = true
        case ("sslmode", _): requiresTLS = false
        case ("connect_timeout", let value?):
          guard let seconds = Int(value), seconds > 0 else {
            throw StoreError(.connectionFailed, "connect_timeout must be a whole number of seconds, not \(value)")
          }
          connectTimeout = .seconds(seconds)
        case ("schema", let value?) where !value.isEmpty:
          schema = value
        default:
          throw StoreError(.connectionFailed, "unknown option \(item.name) in \(redactedStoreURL(text)) (known: sslmode, connect_timeout, schema)")
        }
      }
    }

    /// The location as a URL without the password.
    public var description: String {
      "postgres://\(username)@\(host):\(port)/\(database ?? username)" + (schema.map { "?schema=\($0)" } ?? "")
    }

    func configuration() throws -> PostgresConnection.Configuration {
      var configuration = PostgresConnection.Configuration(
        host: host, port: port, username: username, password: password, database: database,
        tls: requiresTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable)
      let (seconds, attoseconds) = connectTimeout.components
      configuration.options.connectTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
      if let schema { configuration.options.additionalStartupParameters.append(Self.searchPath(schema)) }
      return configuration
    }

    /// The startup parameter that puts the schema first, so that the store's tables are created
    /// and found there.
    static func searchPath(_ schema: String) -> (String, String) {
      ("search_path", quoteIdentifier(schema))
    }
  }
#endif
