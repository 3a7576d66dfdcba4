// Streams of `Codable` values: the elements of JSON Lines, text sequences, concatenated values
// or a large array, each decoded by this decoder (its strategies and options apply), through
// the one splitter every stream uses (MapwrightJSON/Streaming). A `DecodingError` is placed
// in the whole stream from the path, line and column its description ends with
// (`DecodingErrorPlace`).

import Foundation
import MapwrightEngine
import MapwrightJSON

extension MapwrightJSONDecoder {
  package func streamTarget<T: Decodable>(_ type: T.Type) -> JSONStreamTarget<T> {
    JSONStreamTarget(locate: Self.locate) { element in
      do {
        return try self.decode(T.self, from: element.bytes)
      } catch let error as DecodingError {
        // A syntax error is the parser's, so that the stream reports it (and a cut-off last
        // line) as such.
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let parse = context.underlyingError as? JSONError {
          throw parse
        }
        throw error
      }
    }
  }

  /// The elements of an async stream of byte chunks (or single bytes: `URLSession.AsyncBytes`),
  /// decoded as they arrive.
  ///
  /// ```swift
  /// let decoder = MapwrightJSONDecoder()
  /// decoder.keyDecodingStrategy = .convertFromSnakeCase
  /// for try await user in decoder.elements(User.self, of: body, format: .jsonLines) { print(user.fullName) }
  /// ```
  public func elements<T: Decodable, Source: AsyncSequence>(
    _ type: T.Type, of source: Source, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONElementSequence<Source, T> where Source.Element: JSONByteChunk {
    streamTarget(type).elements(of: source, format: format, options: options)
  }

  /// The elements of a file or standard input, read a chunk at a time.
  public func elements<T: Decodable>(
    _ type: T.Type, of file: JSONStreamFile, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions()
  ) throws(JSONStreamFileError) -> JSONElementReader<T> {
    try streamTarget(type).elements(of: file, format: format, options: options)
  }

  /// Message, path, line and column of a `DecodingError` made by this decoder (read from its
  /// description's suffix by `DecodingErrorPlace`, the one reader of what the decoder writes).
  static func locate(_ error: any Error, _ element: JSONStreamElement) -> (message: String?, path: String?, line: Int?, column: Int?) {
    guard let error = error as? DecodingError else { return JSONStreamDecoder<Any>.failureLocation(error, element) }
    guard let place = error.mapwrightPlace else { return (nil, nil, nil, nil) }
    return (place.message, place.path, place.line, place.column)
  }
}
