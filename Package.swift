// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Mapwright",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "Mapwright", targets: ["Mapwright"]),
    .library(name: "MapwrightJSON", targets: ["MapwrightJSON"]),
    .library(name: "MapwrightEngine", targets: ["MapwrightEngine"]),
    .library(name: "MapwrightObjectMapper", targets: ["MapwrightObjectMapper"]),
    .library(name: "MapwrightCodable", targets: ["MapwrightCodable"]),
    .library(name: "MapwrightSchema", targets: ["MapwrightSchema"]),
    .library(name: "MapwrightJSONSchema", targets: ["MapwrightJSONSchema"]),
    .library(name: "MapwrightCodegen", targets: ["MapwrightCodegen"]),
    .library(name: "MapwrightGraph", targets: ["MapwrightGraph"]),
    .library(name: "MapwrightStore", targets: ["MapwrightStore"]),
    .library(name: "MapwrightSQLite", targets: ["MapwrightSQLite"]),
    // A product of its own: only users who name it build PostgresNIO and SwiftNIO.
    .library(name: "MapwrightPostgres", targets: ["MapwrightPostgres"]),
    // Server adapters, each a product of its own: only their users build SwiftNIO and the
    // framework.
    .library(name: "MapwrightHummingbird", targets: ["MapwrightHummingbird"]),
    .library(name: "MapwrightVapor", targets: ["MapwrightVapor"]),
    .executable(name: "mapwright", targets: ["mapwright"]),
    .executable(name: "mapwright-postgres", targets: ["mapwright-postgres"]),
    .executable(name: "mapwright-bench", targets: ["mapwright-bench"]),
  ],
  // The integrations, each a package trait that a consumer enables by name, so that a package
  // that uses only `Mapwright` or `MapwrightCodable` resolves none of their dependencies:
  //   .package(url: "https://github.com/mapwright/mapwright", from: "0.9.0", traits: ["Hummingbird"])
  // Without its trait, an integration's module is empty. Here, `--enable-all-traits` builds
  // and tests everything (CI does); plain `swift build` / `swift test` leave them out.
  traits: [
    .trait(name: "Hummingbird", description: "MapwrightHummingbird, the Hummingbird 2 adapters (SwiftNIO and Hummingbird)."),
    .trait(name: "Vapor", description: "MapwrightVapor, the Vapor 4 adapters (SwiftNIO and Vapor)."),
    .trait(name: "Postgres", description: "MapwrightPostgres and mapwright-postgres, the store on PostgreSQL (PostgresNIO)."),
    .trait(
      name: "BenchmarkServers",
      description: """
        mapwright-bench's server benchmark and its imports into PostgreSQL, which build SwiftNIO, \
        Hummingbird and PostgresNIO. Off by default: the release build of the benchmark then has \
        68 steps instead of about 960.
        """,
      enabledTraits: ["Hummingbird", "Postgres"]
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", "1.5.0"..<"2.0.0"),
    // A range, so Mapwright resolves beside other macro packages. SwiftPM picks the newest in
    // range; 603.0.1 matches Swift 6.3 (600/602 build but print a spurious "Internal Error:
    // DecodingError" on every macro use with this toolchain; see Docs/Macros.md).
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
  ],
  targets: [
    // JSON core: parser (tape), read-only views, owned values, writer. No dependencies.
    .target(name: "CMapwrightSIMD"),
    .target(name: "MapwrightJSON", dependencies: ["CMapwrightSIMD", "MapwrightNaming"]),
    // Key naming rules (`keys: .snakeCase`…) and the key-path grammar, shared by the macros,
    // the runtime and the model generators.
    .target(name: "MapwrightNaming"),
    // The macros' logic (parse → check → generate), a plain library so it is unit-tested.
    .target(
      name: "MapwrightMacrosCore",
      dependencies: [
        "MapwrightNaming",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    // The compiler plugin: a thin shell over MapwrightMacrosCore.
    .macro(
      name: "MapwrightMacros",
      dependencies: [
        "MapwrightMacrosCore",
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    // The mapping core, no macros: coercion, object rules, key paths, transformers, errors,
    // reports, and the runtime that generated models call. Every path above calls it.
    .target(name: "MapwrightEngine", dependencies: ["MapwrightJSON"]),
    // The public library for @JSONModel: re-exports the engine and declares the macros.
    .target(name: "Mapwright", dependencies: ["MapwrightEngine", "MapwrightMacros"]),
    // ObjectMapper's API (Mappable, Map, Mapper, <-, transforms) over the engine.
    .target(name: "MapwrightObjectMapper", dependencies: ["MapwrightEngine", "MapwrightCodable"]),
    // Drop-in JSONDecoder/JSONEncoder for Codable types, on the MapwrightJSON tape and writer.
    .target(name: "MapwrightCodable", dependencies: ["MapwrightEngine"]),
    // Xcode model files (.xcdatamodeld) read on any platform, dynamic objects, Modelmatic's API:
    // what the import and the stores need of a model.
    .target(name: "MapwrightSchema", dependencies: ["MapwrightEngine", "MapwrightNaming"]),
    // JSON Schema validation (every dialect from draft 4 to 2020-12, formats, output formats).
    // A model's own schema (`jsonSchema(for:)`) is part of how it describes itself, in
    // MapwrightSchema beside the transformers' `jsonSchema`.
    .target(name: "MapwrightJSONSchema", dependencies: ["MapwrightEngine"]),
    // Swift models generated from model files, sample JSON and JSON Schema: what
    // `mapwright generate` runs. No store depends on it.
    .target(name: "MapwrightCodegen", dependencies: ["MapwrightSchema", "MapwrightJSONSchema", "MapwrightNaming"]),
    // Importing JSON into an object graph: uniquing by primary key, references by id, batches,
    // written through `GraphStore`, whatever the database.
    .target(name: "MapwrightGraph", dependencies: ["MapwrightSchema"]),
    // The store layer above the import: fetches, typed conditions, `AsyncStore`.
    .target(name: "MapwrightStore", dependencies: ["MapwrightGraph"]),
    // The system SQLite (libsqlite3-dev), and the store on it.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "MapwrightSQLite", dependencies: ["MapwrightStore", "CSQLite"]),
    // The same store on a PostgreSQL server, through PostgresNIO.
    .target(
      name: "MapwrightPostgres",
      dependencies: [
        "MapwrightStore",
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["Postgres"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
      ]
    ),
    // What the server adapters share: ByteBuffer as JSON input and output, problem details.
    .target(
      name: "MapwrightNIO",
      dependencies: ["MapwrightCodable", .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird", "Vapor"]))]
    ),
    // Hummingbird 2: request decoder, response encoder, context, streaming bodies.
    .target(
      name: "MapwrightHummingbird",
      dependencies: [
        "MapwrightNIO", .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    // Vapor 4: content coders, problem details middleware, streaming bodies.
    .target(
      name: "MapwrightVapor",
      dependencies: [
        "MapwrightNIO", .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Vapor"])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Vapor"])),
      ]
    ),
    // The commands of the `mapwright` tool. No macros and no SwiftNIO: the first
    // `swift run mapwright` builds neither swift-syntax nor PostgresNIO.
    .target(
      name: "MapwrightCLI",
      dependencies: ["MapwrightCodegen", "MapwrightStore", "MapwrightSQLite", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    // Its folder is not `Sources/mapwright`: that would equal `Sources/Mapwright` on a
    // case-insensitive file system (macOS's default), where git would merge the two.
    .executableTarget(name: "mapwright", dependencies: ["MapwrightCLI"], path: "Sources/mapwright-tool"),
    // The same commands with PostgreSQL stores; `mapwright` hands postgres:// imports to it.
    .executableTarget(name: "mapwright-postgres", dependencies: ["MapwrightCLI", "MapwrightPostgres"]),
    // The example service (Examples/FeedService): a library for its tests, and the executable.
    .target(
      name: "FeedService",
      dependencies: [
        "Mapwright", "MapwrightHummingbird", "MapwrightSQLite", "MapwrightStore",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
      ],
      path: "Examples/FeedService/Sources/FeedService"
    ),
    .executableTarget(
      name: "feed-service",
      dependencies: [
        "FeedService", "MapwrightSQLite", "MapwrightPostgres",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
      ],
      path: "Examples/FeedService/Sources/feed-service"
    ),
    .executableTarget(
      name: "mapwright-bench",
      dependencies: [
        "Mapwright", "MapwrightObjectMapper", "MapwrightCodable", "MapwrightSQLite", "MapwrightJSONSchema",
        // The server benchmark and imports into PostgreSQL (the `BenchmarkServers` trait).
        .target(name: "MapwrightPostgres", condition: .when(traits: ["BenchmarkServers"])),
        .target(name: "MapwrightHummingbird", condition: .when(traits: ["BenchmarkServers"])),
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["BenchmarkServers"])),
      ]
    ),
    // Shared by the test targets (a seeded generator); not a product.
    .target(name: "MapwrightTestSupport", path: "Tests/MapwrightTestSupport"),
    .testTarget(name: "MapwrightJSONTests", dependencies: ["MapwrightJSON", "CMapwrightSIMD", "MapwrightTestSupport"]),
    .testTarget(
      name: "MapwrightTests", dependencies: ["Mapwright", "MapwrightObjectMapper", "MapwrightCodable", "MapwrightCodegen", "MapwrightTestSupport"],
      exclude: ["Samples"]  // read from their paths by the tests
    ),
    .testTarget(name: "MapwrightCodableTests", dependencies: ["MapwrightCodable", "MapwrightTestSupport"], exclude: ["Fuzz"]),
    .testTarget(name: "MapwrightSchemaTests", dependencies: ["Mapwright", "MapwrightSchema", "MapwrightJSONSchema", "MapwrightTestSupport"]),
    .testTarget(name: "MapwrightJSONSchemaTests", dependencies: ["Mapwright", "MapwrightJSONSchema", "MapwrightSchema", "MapwrightTestSupport"]),
    .testTarget(name: "MapwrightCodegenTests", dependencies: ["Mapwright", "MapwrightObjectMapper", "MapwrightCodegen", "MapwrightTestSupport"]),
    // Store behaviour, run for SQLite and (with MAPWRIGHT_POSTGRES_URL set) PostgreSQL.
    .testTarget(
      name: "MapwrightStoreTests",
      dependencies: [
        "Mapwright", "MapwrightSQLite", "MapwrightPostgres", "MapwrightGraph", "MapwrightStore", "MapwrightTestSupport",
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
      ]
    ),
    .testTarget(
      name: "MapwrightCLITests",
      dependencies: ["MapwrightCLI", "mapwright", "mapwright-postgres", "MapwrightSQLite", "MapwrightPostgres", "MapwrightTestSupport"]
    ),
    // One table of inputs through every path (@JSONModel, Mappable, MapwrightJSONDecoder,
    // ModelObject, the SQLite import): same value, or same error code and path, same report.
    // The examples of README.md and Docs/*.md, compiled (and run where they touch no files).
    .testTarget(
      name: "MapwrightDocTests",
      dependencies: [
        "Mapwright", "MapwrightObjectMapper", "MapwrightCodable", "MapwrightSQLite", "MapwrightPostgres", "MapwrightHummingbird",
        "MapwrightVapor", "MapwrightJSONSchema", "MapwrightCodegen",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Hummingbird", "Vapor"])),
      ]
    ),
    .testTarget(
      name: "MapwrightParityTests",
      dependencies: [
        "Mapwright", "MapwrightObjectMapper", "MapwrightCodable", "MapwrightSchema", "MapwrightSQLite", "MapwrightGraph", "MapwrightStore",
        "MapwrightJSONSchema", "MapwrightCodegen",
      ]
    ),
    // Real servers on loopback ports, talked to over HTTP.
    .testTarget(
      name: "MapwrightServerTests",
      dependencies: [
        "Mapwright", "MapwrightHummingbird", "MapwrightVapor", "MapwrightCodable",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird", "Vapor"])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Vapor"])),
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Hummingbird", "Vapor"])),
      ]
    ),
    .testTarget(
      name: "FeedServiceTests",
      dependencies: [
        "FeedService", "MapwrightSQLite",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
      ],
      path: "Examples/FeedService/Tests/FeedServiceTests"
    ),
    .testTarget(
      name: "MapwrightMacrosTests",
      dependencies: [
        "MapwrightMacrosCore",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
