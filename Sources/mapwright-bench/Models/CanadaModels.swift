// canada.json (GeoJSON): plain Codable types for Foundation and the Codable drop-in
// (synthesised conformance), and @JSONModel types with the same properties for Mapwright.
// (A @JSONModel type declared Codable is Codable by its own mapping, so the two sides need
// types of their own.)

import Mapwright

struct FeatureCollection: Codable {
  var type: String
  var features: [Feature]
}

struct Feature: Codable {
  var type: String
  var properties: [String: String]
  var geometry: Geometry
}

struct Geometry: Codable {
  var type: String
  var coordinates: [[[Double]]]
}

@JSONModel
struct MFeatureCollection: Codable {
  var type: String
  var features: [MFeature]
}

@JSONModel
struct MFeature: Codable {
  var type: String
  var properties: [String: String]
  var geometry: MGeometry
}

@JSONModel
struct MGeometry: Codable {
  var type: String
  var coordinates: [[[Double]]]
}
