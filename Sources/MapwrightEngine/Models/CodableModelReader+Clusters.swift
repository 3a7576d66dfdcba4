// A class cluster's base through a decoder that is not Mapwright's. Swift's `init(from:)` of a
// class makes an instance of the class it is called on, so it cannot hand back the subclass an
// object chooses. Inside a model that does not matter: a cluster base's Codable form is not its
// JSON form (`_codableFormIsJSONForm` is false), so a property of that type is read as `JSON`
// and decoded by the engine, which makes the chosen class. Called directly (a top-level
// `decode(Animal.self, …)`, or a plain Codable struct's property), the initialiser checks the
// choice first and fails with a clear error rather than making the wrong class in silence.

import MapwrightJSON

extension _MapwrightRuntime.CodableReader {
  /// Throws `DecodingError.dataCorrupted` when the decoder's object chooses, in `type`'s class
  /// cluster, a class other than `type` (nothing to do for a model that is no cluster).
  public static func requireOwnClass<Model: JSONModel>(_ type: Model.Type, in decoder: any Decoder) throws {
    guard let cluster = Model._jsonModelCluster else { return }
    let json = try JSON(from: decoder)
    guard case .object = json else { return }
    let document = try JSONDocument(json.jsonBytes())
    let session = DecodingSession(document: document, options: options(of: decoder))
    guard let chosen = cluster.type(for: document.root, in: session), ObjectIdentifier(chosen) != ObjectIdentifier(type) else {
      return
    }
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: "the object chooses \(chosen) in \(type)'s class cluster, and a class's init(from:) can only make a \(type); "
          + "decode it with init(json:), with MapwrightJSONDecoder, or as a property of a @JSONModel model"))
  }
}
