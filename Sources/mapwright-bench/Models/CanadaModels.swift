// canada.json (GeoJSON): one type serves both sides — Codable for Foundation, @JSONModel for
// Mapwright — since its keys need no renaming.

import Mapwright

@JSONModel
struct FeatureCollection: Codable {
  var type: String
  var features: [Feature]
}

@JSONModel
struct Feature: Codable {
  var type: String
  var properties: [String: String]
  var geometry: Geometry
}

@JSONModel
struct Geometry: Codable {
  var type: String
  var coordinates: [[[Double]]]
}
