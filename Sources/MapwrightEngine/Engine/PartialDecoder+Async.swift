// Partial decoding over an async sequence of chunks (bytes or text deltas): the partial model
// after each chunk that changed it, then the complete model. A thin layer over
// `PartialDecoder`, which does the work.

import MapwrightJSON

/// What a partial decoding hands out: the model as far as it arrived, then the whole model.
public enum PartialResult<Model: JSONConvertible> {
  /// The model so far.
  case partial(Model.Partial)
  /// The whole document arrived: the model, as `Model(json:)` decodes it.
  case complete(Model)

  /// The complete model, once it arrived.
  public var complete: Model? {
    if case .complete(let model) = self { return model }
    return nil
  }

  /// The partial model, for a snapshot.
  public var partial: Model.Partial? {
    if case .partial(let partial) = self { return partial }
    return nil
  }
}

extension PartialResult: Sendable where Model: Sendable, Model.Partial: Sendable {}

/// The partial models of one document arriving from `Source`, then the complete model.
///
/// ```swift
/// for try await result in Answer.partials(of: deltas) {   // deltas: an AsyncSequence of String
///   switch result {
///   case .partial(let answer): show(answer.title ?? "…")
///   case .complete(let answer): save(answer)
///   }
/// }
/// ```
public struct PartialSequence<Source: AsyncSequence, Model: JSONConvertible>: AsyncSequence {
  /// A partial model, then the complete one.
  public typealias Element = PartialResult<Model>

  let source: Source
  let options: PartialDecodingOptions
  let bytes: (Source.Element) -> [UInt8]

  /// Reads the source, a chunk at a time.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var source: Source.AsyncIterator
    var decoder: PartialDecoder<Model>
    let bytes: (Source.Element) -> [UInt8]
    var done = false

    /// The next partial model, the complete one, or nil after it.
    public mutating func next() async throws -> PartialResult<Model>? {
      while !done {
        guard let chunk = try await source.next() else {
          done = true
          return .complete(try decoder.finish())
        }
        if let partial = try decoder.append(bytes(chunk)) { return .partial(partial) }
      }
      return nil
    }
  }

  /// An iterator over the source's chunks.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(source: source.makeAsyncIterator(), decoder: PartialDecoder(Model.self, options: options), bytes: bytes)
  }
}

extension JSONConvertible {
  /// The partial models of one document whose text arrives in deltas, then the model.
  public static func partials<Source: AsyncSequence>(
    of deltas: Source, options: PartialDecodingOptions = PartialDecodingOptions()
  ) -> PartialSequence<Source, Self> where Source.Element == String {
    PartialSequence(source: deltas, options: options, bytes: { Array($0.utf8) })
  }

  /// The partial models of one document whose bytes arrive in chunks, then the model.
  public static func partials<Source: AsyncSequence>(
    of chunks: Source, options: PartialDecodingOptions = PartialDecodingOptions()
  ) -> PartialSequence<Source, Self> where Source.Element == [UInt8] {
    PartialSequence(source: chunks, options: options, bytes: { $0 })
  }
}
