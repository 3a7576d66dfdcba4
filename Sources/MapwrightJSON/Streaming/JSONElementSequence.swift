// The async forms: an `AsyncSequence` of decoded elements over any `AsyncSequence` of byte
// chunks (`[UInt8]`, `ArraySlice<UInt8>`, `Data`; NIO's `ByteBuffer` in the server products)
// or of single bytes (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`). Each pulls the next
// chunk only when the splitter has no complete element left, so memory holds one chunk and
// one element, and a slow consumer slows the source (back-pressure).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A chunk of bytes a stream can read: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, and anything
/// else that lends its bytes contiguously.
public protocol JSONByteChunk {
  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: JSONByteChunk where Element == UInt8 {}
extension ArraySlice: JSONByteChunk where Element == UInt8 {}
extension ContiguousArray: JSONByteChunk where Element == UInt8 {}
extension Data: JSONByteChunk {}

/// Decoded elements of a stream of byte chunks, as an `AsyncSequence`.
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

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      source: source.makeAsyncIterator(),
      decoder: JSONStreamDecoder(format: format, options: options, locate: locate, decode: decode, report: reportBox))
  }

  public struct AsyncIterator: AsyncIteratorProtocol {
    var source: Source.AsyncIterator
    var decoder: JSONStreamDecoder<Element>
    var sourceEnded = false

    public mutating func next() async throws -> Element? {
      while true {
        if let element = try decoder.next() { return element }
        if sourceEnded { return nil }
        if let chunk = try await source.next() {
          chunk.withUnsafeBytes { decoder.append($0) }
        } else {
          sourceEnded = true
          decoder.finish()
        }
      }
    }
  }
}

/// Decoded elements of a stream of single bytes (`URLSession.AsyncBytes`), as an
/// `AsyncSequence`: each element is handed out as soon as its last byte arrives.
public struct JSONElementByteSequence<Source: AsyncSequence, Element>: AsyncSequence where Source.Element == UInt8 {
  let source: Source
  let format: JSONStreamFormat
  let options: JSONStreamOptions
  let locate: JSONStreamDecoder<Element>.Locate?
  let decode: JSONStreamDecoder<Element>.Decode
  let reportBox = JSONStreamReportBox()

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

  public var report: JSONStreamReport { reportBox.report }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      source: source.makeAsyncIterator(),
      decoder: JSONStreamDecoder(format: format, options: options, locate: locate, decode: decode, report: reportBox))
  }

  public struct AsyncIterator: AsyncIteratorProtocol {
    var source: Source.AsyncIterator
    var decoder: JSONStreamDecoder<Element>
    var sourceEnded = false

    public mutating func next() async throws -> Element? {
      while true {
        if let element = try decoder.next() { return element }
        if sourceEnded { return nil }
        if let byte = try await source.next() {
          decoder.append(byte: byte)
        } else {
          sourceEnded = true
          decoder.finish()
        }
      }
    }
  }
}
