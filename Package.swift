// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Mapwright",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "Mapwright", targets: ["Mapwright"]),
    .library(name: "MapwrightJSON", targets: ["MapwrightJSON"]),
    .executable(name: "mapwright", targets: ["mapwright"]),
    .executable(name: "mapwright-bench", targets: ["mapwright-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    // JSON core: parser (tape), read-only views, owned values, writer. No dependencies.
    .target(name: "MapwrightJSON"),
    // The public library; re-exports MapwrightJSON.
    .target(name: "Mapwright", dependencies: ["MapwrightJSON"]),
    .executableTarget(
      name: "mapwright",
      dependencies: [
        "Mapwright",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "mapwright-bench", dependencies: ["Mapwright"]),
    .testTarget(name: "MapwrightJSONTests", dependencies: ["MapwrightJSON"]),
    .testTarget(name: "MapwrightTests", dependencies: ["Mapwright"]),
    .testTarget(name: "MapwrightCLITests", dependencies: ["mapwright"]),
  ],
  swiftLanguageModes: [.v6]
)
