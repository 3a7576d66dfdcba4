// Streams of `Mappable` models: the elements of JSON Lines, text sequences, concatenated
// values or a large array, each decoded with this mapper's options and context, through the
// one splitter every stream uses (MapwrightJSON/Streaming).

import MapwrightEngine

extension Mapper {
  /// The elements of an async stream of byte chunks (or single bytes), mapped as they arrive.
  ///
  /// ```swift
  /// for try await user in Mapper<User>().elements(of: body, format: .jsonLines) { print(user.username) }
  /// ```
  public func elements<Source: AsyncSequence>(
    of source: Source, format: JSONStreamFormat, options streamOptions: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONElementSequence<Source, N> where Source.Element: JSONByteChunk {
    N.streamTarget(options, context: context).elements(of: source, format: format, options: streamOptions)
  }

  /// The elements of a file or standard input, read a chunk at a time.
  public func elements(
    of file: JSONStreamFile, format: JSONStreamFormat, options streamOptions: JSONStreamOptions = JSONStreamOptions()
  ) throws(JSONStreamFileError) -> JSONElementReader<N> {
    try N.streamTarget(options, context: context).elements(of: file, format: format, options: streamOptions)
  }
}
