// The async form: an `AsyncSequence` of decoded elements over any `AsyncSequence` of byte
// chunks (`[UInt8]`, `ArraySlice<UInt8>`, `Data`; NIO's `ByteBuffer` in the server products)
// or of single bytes (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`). It pulls the next
// chunk only when the splitter has no complete element left, so memory holds one chunk and
// one element, and a slow consumer slows the source (back-pressure).

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an async source of a stream hands out: a chunk of bytes (`[UInt8]`,
/// `ArraySlice<UInt8>`, `ContiguousArray<UInt8>`, `Data`; NIO's `ByteBuffer` in the server
/// products), or a single byte (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`: each element
/// is then handed out as soon as its last byte arrives).
public protocol JSONByteChunk {
  /// Gives the bytes to a stream's decoder.
  func append<Element>(to decoder: inout JSONStreamDecoder<Element>)
}

extension JSONByteChunk where Self: ContiguousBytes {
  /// Gives the bytes to a stream's decoder, without copying.
  public func append<Element>(to decoder: inout JSONStreamDecoder<Element>) {
    withUnsafeBytes { decoder.append($0) }
  }
}

extension Array: JSONByteChunk where Element == UInt8 {}
extension ArraySlice: JSONByteChunk where Element == UInt8 {}
extension ContiguousArray: JSONByteChunk where Element == UInt8 {}
extension Data: JSONByteChunk {}

extension UInt8: JSONByteChunk {
  /// Gives the byte to a stream's decoder.
  public func append<Element>(to decoder: inout JSONStreamDecoder<Element>) { decoder.append(byte: self) }
}

/// Decoded elements of an async stream of byte chunks or single bytes, as an `AsyncSequence`.
///
/// Made by each target's `elements(of:format:options:)` (`Issue.elements(of: body, format:
/// .array(at: "items"))`, `JSON.elements(…)`, `decoder.elements(…)`). `report` tells what was
/// skipped under `.skip`, and the members around the array once the stream is over.
public struct JSONElementSequence<Source: AsyncSequence, Element>: AsyncSequence where Source.Element: JSONByteChunk {
  let source: Source
  let format: JSONStreamFormat
  let options: JSONStreamOptions
  let locate: JSONStreamDecoder<Element>.Locate?
  let decode: JSONStreamDecoder<Element>.Decode
  let reportBox = JSONStreamReportBox()

  /// The elements of `source` framed as `format`, decoded with `decode` (`locate` places its
  /// errors).
  public init(
    _ source: Source, format: JSONStreamFormat, options: JSONStreamOptions = JSONStreamOptions(),
    locate: JSONStreamDecoder<Element>.Locate? = nil, decode: @escaping JSONStreamDecoder<Element>.Decode
  ) {
    self.source = source
    self.format = format
    self.options = options
    self.locate = locate
    self.decode = decode
  }

  /// What was skipped so far, how many elements were decoded, and (once the stream is over)
  /// the members around the array.
  public var report: JSONStreamReport { reportBox.report }

  /// An iterator that reads the source as elements are asked for.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      source: source.makeAsyncIterator(),
      decoder: JSONStreamDecoder(format: format, options: options, locate: locate, decode: decode, report: reportBox))
  }

  /// Reads chunks from the source and hands out decoded elements.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var source: Source.AsyncIterator
    var decoder: JSONStreamDecoder<Element>
    var sourceEnded = false

    /// The next element, reading as many chunks as it takes; nil at the end of the stream.
    public mutating func next() async throws -> Element? {
      while true {
        if let element = try decoder.next() { return element }
        if sourceEnded || decoder.isOver { return nil }
        if let chunk = try await source.next() {
          chunk.append(to: &decoder)
        } else {
          sourceEnded = true
          decoder.finish()
        }
      }
    }
  }
}
