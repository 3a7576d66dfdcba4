// swift-tools-version: 6.0
// libFuzzer targets for Mapwright (see README.md). A package of its own so that the main
// package builds without them; it depends on the repository it sits in.

import Foundation
import PackageDescription

/// The main package's identity: the name of the directory holding this folder.
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "MapwrightFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(name: "FuzzParser", dependencies: [.product(name: "MapwrightJSON", package: parent)]),
    .executableTarget(name: "FuzzPatch", dependencies: [.product(name: "MapwrightJSON", package: parent)]),
    .executableTarget(
      name: "FuzzPartial",
      dependencies: [.product(name: "MapwrightEngine", package: parent), .product(name: "MapwrightJSON", package: parent)]),
    .executableTarget(
      name: "FuzzCodable",
      dependencies: [.product(name: "MapwrightCodable", package: parent), .product(name: "MapwrightJSON", package: parent)]),
    // @JSONModel models, the macro plugin built apart and loaded by run.sh (see FuzzModels.swift).
    .executableTarget(name: "FuzzModels", dependencies: [.product(name: "MapwrightEngine", package: parent)]),
    .executableTarget(
      name: "FuzzSchema",
      dependencies: [
        .product(name: "MapwrightSQLite", package: parent), .product(name: "MapwrightSchema", package: parent),
        .product(name: "MapwrightJSONSchema", package: parent),
      ]),
  ]
)
