// Streams of model objects: the elements of JSON Lines, text sequences, concatenated values
// or a large array, each an object of an entity of a model file, through the one splitter
// every stream uses (MapwrightJSON/Streaming).

import MapwrightEngine
import MapwrightJSON

extension ModelObject {
  package static func streamTarget(_ entity: EntityDescription, _ mapping: MappingOptions) -> JSONStreamTarget<ModelObject> {
    JSONStreamTarget { element in
      let document = try JSONDocument(element.bytes, options: mapping.parsing)
      let session = DecodingSession(document: document, options: mapping)
      let object = try ModelObject(entity: entity, json: document.root, session: session)
      try session.throwIfFailed()
      return object
    }
  }

  /// The objects of `entity` in an async stream of byte chunks (or single bytes), decoded as
  /// they arrive.
  ///
  /// ```swift
  /// for try await author in ModelObject.elements(of: body, entity: author, format: .jsonLines) {
  ///   print(author["lastName"] ?? "")
  /// }
  /// ```
  public static func elements<Source: AsyncSequence>(
    of source: Source, entity: EntityDescription, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(),
    mapping: MappingOptions = MappingOptions()
  ) -> JSONElementSequence<Source, ModelObject> where Source.Element: JSONByteChunk {
    streamTarget(entity, mapping).elements(of: source, format: format, options: options)
  }

  /// The objects of `entity` in a file or standard input, read a chunk at a time.
  public static func elements(
    of file: JSONStreamFile, entity: EntityDescription, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(),
    mapping: MappingOptions = MappingOptions()
  ) throws(JSONStreamFileError) -> JSONElementReader<ModelObject> {
    try streamTarget(entity, mapping).elements(of: file, format: format, options: options)
  }
}
