// The models both servers decode and answer with, and the bodies the tests send.

import Foundation
import Mapwright

@JSONModel(keys: .snakeCase)
struct Order: Codable, Equatable, Sendable {
  var id: Int
  @Key("customer.name") var customer: String
  var items: [OrderItem]
  @Transform(.iso8601) var placedAt: Date
  var note: String = ""
}

@JSONModel
struct OrderItem: Codable, Equatable, Sendable {
  var sku: String
  var quantity: Int
  var price: Double
}

/// A plain Codable answer that nests a model (so the encoder meets it inside).
struct OrderSummary: Codable, Equatable, Sendable {
  var id: Int
  var total: Double
  var order: Order
}

extension Order {
  var total: Double { items.reduce(0) { $0 + Double($1.quantity) * $1.price } }

  /// Order `id` as compact JSON, with `count` items.
  static func json(id: Int, items count: Int = 2) -> String {
    let items = (0..<count).map { #"{"sku": "S\#(id)-\#($0)", "quantity": \#($0 + 1), "price": 2.5}"# }.joined(separator: ", ")
    return #"{"id": \#(id), "customer": {"name": "C\#(id)"}, "items": [\#(items)], "placed_at": "2026-11-27T10:00:00Z"}"#
  }
}

/// What a problem-details answer says.
struct Problem: Decodable, Equatable {
  var status: Int
  var title: String
  var detail: String
  var path: String?
  var line: Int?
  var column: Int?
  var element: Int?
}
