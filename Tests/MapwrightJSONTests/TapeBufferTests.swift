import CMapwrightSIMD
import Foundation
import MapwrightTestSupport
import Testing

@testable import MapwrightJSON

/// A document's tape buffer is kept when the document goes and reused by a later parse
/// (TapeBuffers.c): the cache's rules on a cache of the test's own, and documents parsed on
/// many threads at once through the parser's shared cache, none sharing a buffer.
@Suite struct TapeBufferTests {
  /// Takes from `cache`, checking the buffer can be written whole.
  static func take(_ cache: OpaquePointer, _ bytes: Int) throws -> (UnsafeMutableRawPointer, Int) {
    var capacity = 0
    let buffer = try #require(mw_tape_buffer_take(cache, bytes, &capacity))
    #expect(capacity >= bytes && capacity % 16 == 0 && Int(bitPattern: buffer) % 16 == 0)
    buffer.initializeMemory(as: UInt8.self, repeating: 0xA5, count: capacity)
    return (buffer, capacity)
  }

  static func kept(_ cache: OpaquePointer) -> (buffers: Int, bytes: Int) {
    var bytes = 0
    let buffers = mw_tape_buffers_kept(cache, &bytes)
    return (buffers, bytes)
  }

  @Test func aGivenBufferIsTakenAgainWhenItsSizeFits() throws {
    let cache = try #require(mw_tape_cache_create())
    defer { mw_tape_cache_destroy(cache) }
    let (first, capacity) = try Self.take(cache, 40_000)
    mw_tape_buffer_give(cache, first, capacity)
    #expect(Self.kept(cache) == (1, capacity))
    // Asked again for a size it serves: the same buffer, whole.
    let (again, againCapacity) = try Self.take(cache, 30_000)
    #expect(again == first && againCapacity == capacity)
    #expect(Self.kept(cache).buffers == 0)
    // Not while it is out: a second parse gets a buffer of its own.
    let (other, otherCapacity) = try Self.take(cache, 30_000)
    #expect(other != again)
    mw_tape_buffer_give(cache, again, againCapacity)
    mw_tape_buffer_give(cache, other, otherCapacity)
    #expect(Self.kept(cache).buffers == 2)
  }

  @Test func tooSmallTooLargeAndOversizedBuffersAreNotKeptOrNotGiven() throws {
    let cache = try #require(mw_tape_cache_create())
    defer { mw_tape_cache_destroy(cache) }
    // Under 1 KiB: plain allocations, never kept.
    let (small, smallCapacity) = try Self.take(cache, 512)
    mw_tape_buffer_give(cache, small, smallCapacity)
    #expect(Self.kept(cache).buffers == 0)
    // Over 8 MiB: freed when given back.
    let (huge, hugeCapacity) = try Self.take(cache, (8 << 20) + 16)
    mw_tape_buffer_give(cache, huge, hugeCapacity)
    #expect(Self.kept(cache).buffers == 0)
    // A kept buffer more than eight times the size asked for stays kept; the parse gets a
    // new one.
    let (large, largeCapacity) = try Self.take(cache, 1 << 20)
    mw_tape_buffer_give(cache, large, largeCapacity)
    let (modest, modestCapacity) = try Self.take(cache, 100_000)
    #expect(modest != large && modestCapacity < largeCapacity)
    #expect(Self.kept(cache) == (1, largeCapacity))
    // A kept buffer smaller than asked for is not given either.
    let (bigger, biggerCapacity) = try Self.take(cache, 2 << 20)
    #expect(bigger != large && Self.kept(cache).buffers == 1)
    mw_tape_buffer_give(cache, modest, modestCapacity)
    mw_tape_buffer_give(cache, bigger, biggerCapacity)
    #expect(Self.kept(cache).buffers == 3)
  }

  @Test func atMostFourBuffersAreKeptAndReleaseFreesThem() throws {
    let cache = try #require(mw_tape_cache_create())
    defer { mw_tape_cache_destroy(cache) }
    let buffers = try (0..<6).map { _ in try Self.take(cache, 4_096) }
    for (buffer, capacity) in buffers { mw_tape_buffer_give(cache, buffer, capacity) }
    #expect(Self.kept(cache) == (4, 4 * 4_096))
    mw_tape_buffers_release(cache)
    #expect(Self.kept(cache) == (0, 0))
  }

  /// Seeded documents of 1 KB to 100 KB parsed on eight threads at once, each kept alive while
  /// others are parsed and freed: every value read back is the one written, so no two live
  /// documents ever shared a tape buffer.
  @Test func documentsParsedOnManyThreadsNeverShareATape() async throws {
    func text(_ seed: UInt64) -> (json: String, values: [Int]) {
      var generator = SeededGenerator(seed: seed)
      let count = Int.random(in: 100...12_000, using: &generator)
      let values = (0..<count).map { _ in Int.random(in: -1_000_000...1_000_000, using: &generator) }
      return ("[" + values.map(String.init).joined(separator: ",") + "]", values)
    }
    try await withThrowingTaskGroup(of: Int.self) { group in
      for thread in 0..<8 {
        group.addTask {
          var checked = 0
          var held: [(JSONDocument, [Int])] = []
          for round in 0..<8 {
            let (json, values) = text(UInt64(thread * 100 + round))
            held.append((try JSONDocument(json), values))
            // Two documents alive at a time, the older freed as the next is parsed.
            if held.count > 2 { held.removeFirst() }
            for (document, values) in held {
              let read = document.root.elements.map { $0.intValue }
              #expect(read == values)
              checked += 1
            }
          }
          return checked
        }
      }
      var total = 0
      for try await checked in group { total += checked }
      #expect(total == 8 * (1 + 7 * 2))
    }
  }

  /// Freeing the kept buffers leaves later parses working.
  @Test func releasingKeptBuffersLeavesParsingWorking() throws {
    let json = "[" + (0..<5_000).map(String.init).joined(separator: ",") + "]"
    _ = try JSONDocument(json)
    JSONDocument.releaseKeptBuffers()
    let document = try JSONDocument(json)
    #expect(document.root[4_999]?.intValue == 4_999)
  }
}
