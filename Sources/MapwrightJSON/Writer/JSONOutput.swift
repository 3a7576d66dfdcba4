// Streaming compact output, for encoders that know their structure (the code `@JSONModel`
// generates): values are written straight to bytes, with no `JSON` tree in between. Commas
// need no stack: a container always holds at least one value when it closes, so after a
// close the enclosing container is never at its first element.

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Compact JSON written as it is produced.
///
/// ```swift
/// var out = JSONOutput()
/// out.beginObject()
/// out.key("id"); out.integer(7)
/// out.key("tags"); out.beginArray(); out.string("a"); out.endArray()
/// out.endObject()
/// out.bytes   // {"id":7,"tags":["a"]}
/// ```
public struct JSONOutput {
  @usableFromInline final class Storage {
    @exclusivity(unchecked) @usableFromInline var buffer = OutputBuffer(capacity: 4096)
    @usableFromInline init() {}
  }

  // The punctuation and the scalars are inlinable: generated encoders write a key and a value
  // per member, and a call for each would cost as much as the writing.
  @usableFromInline let storage = Storage()
  /// True when the next value or key is the first of its container (no comma before it).
  @usableFromInline var first = true
  /// Set by `key(_:)`: the next value follows a colon, not a comma.
  @usableFromInline var afterKey = false
  /// NaN or an infinity was given: the output is not JSON.
  public private(set) var sawNonFinite = false

  /// An empty output.
  public init() {}

  @inlinable @inline(__always)
  mutating func separate() {
    if takesSeparator() { storage.buffer.append(UInt8(ascii: ",")) }
  }

  /// Whether the value about to be written follows a sibling (and so a comma goes first);
  /// moves the state past the value's start.
  @inlinable @inline(__always)
  mutating func takesSeparator() -> Bool {
    if afterKey {
      afterKey = false
      return false
    }
    if first {
      first = false
      return false
    }
    return true
  }

  /// Writes an object member's key; its value comes next.
  public mutating func key(_ key: String) {
    separate()
    JSONWriter.writeString(key, to: &storage.buffer)
    storage.buffer.append(UInt8(ascii: ":"))
    afterKey = true
  }

  /// Writes an object member's key given as its JSON text: a comma, the quoted key (escaped
  /// where JSON needs it) and the colon, as in `,"id":`. The comma is left out before the
  /// first member. One copy of a literal instead of quoting and escaping a `String`: the code
  /// `@JSONModel` generates writes its plain keys this way.
  ///
  /// ```swift
  /// var out = JSONOutput()
  /// out.beginObject()
  /// out.key(json: ",\"id\":")
  /// out.integer(7)
  /// out.key(json: ",\"name\":")
  /// out.string("Ana")
  /// out.endObject()
  /// out.bytes   // {"id":7,"name":"Ana"}
  /// ```
  @inlinable @inline(__always)
  public mutating func key(json text: StaticString) {
    var start = text.utf8Start
    var count = text.utf8CodeUnitCount
    if afterKey || first {  // no comma: the first member (or a misplaced key, as `key(_:)`)
      first = false
      start += 1
      count -= 1
    }
    storage.buffer.append(UnsafeBufferPointer(start: start, count: count))
    afterKey = true
  }

  /// Opens an object.
  @inlinable
  public mutating func beginObject() {
    separate()
    storage.buffer.append(UInt8(ascii: "{"))
    first = true
  }

  /// Closes the innermost object.
  @inlinable
  public mutating func endObject() {
    storage.buffer.append(UInt8(ascii: "}"))
    first = false
  }

  /// Opens an array.
  @inlinable
  public mutating func beginArray() {
    separate()
    storage.buffer.append(UInt8(ascii: "["))
    first = true
  }

  /// Closes the innermost array.
  @inlinable
  public mutating func endArray() {
    storage.buffer.append(UInt8(ascii: "]"))
    first = false
  }

  /// Writes a string, escaped.
  public mutating func string(_ value: String) {
    separate()
    JSONWriter.writeString(value, to: &storage.buffer)
  }

  /// Writes an integer.
  @inlinable
  public mutating func integer(_ value: Int64) {
    separate()
    storage.buffer.appendDecimal(value.magnitude, negative: value < 0)
  }

  /// Writes an unsigned integer.
  @inlinable
  public mutating func unsignedInteger(_ value: UInt64) {
    separate()
    storage.buffer.appendDecimal(value, negative: false)
  }

  /// A double, shortest round-trip text; NaN and infinities are written as `null` and flagged
  /// (`sawNonFinite`), for the caller to report.
  public mutating func double(_ value: Double) {
    separate()
    guard value.isFinite else {
      sawNonFinite = true
      storage.buffer.append("null")
      return
    }
    storage.buffer.appendDouble(value)
  }

  /// Writes an array of doubles: the text of `beginArray()`, then `double(_:)` for each
  /// element, then `endArray()`, in one loop (coordinates, vectors, samples).
  ///
  /// ```swift
  /// var out = JSONOutput()
  /// out.doubleArray([1.5, -0.25, 100])
  /// out.bytes   // [1.5,-0.25,100.0]
  /// ```
  public mutating func doubleArray(_ values: [Double]) {
    // A block of elements at a time into room reserved for the longest texts, with room for
    // the separator and brackets too (short arrays, like coordinates, are one block: one
    // reservation for the whole array).
    let room = OutputBuffer.longestDoubleText &+ 1
    var index = 0
    repeat {
      let end = min(index &+ 4096, values.count)
      let start = storage.buffer.unsafeTail(reserving: (end &- index) &* room &+ 3)
      var at = start
      if index == 0 {
        if takesSeparator() {
          at.pointee = UInt8(ascii: ",")
          at += 1
        }
        at.pointee = UInt8(ascii: "[")
        at += 1
      }
      while index < end {
        if index > 0 {
          at.pointee = UInt8(ascii: ",")
          at += 1
        }
        let value = values[index]
        if value.isFinite {
          at += OutputBuffer.writeDouble(value, at: at)
        } else {
          sawNonFinite = true
          UnsafeMutableRawPointer(at).storeBytes(of: UInt32(0x6C6C_756E).littleEndian, as: UInt32.self)  // "null"
          at += 4
        }
        index &+= 1
      }
      if index == values.count {
        at.pointee = UInt8(ascii: "]")
        at += 1
      }
      storage.buffer.advance(by: start.distance(to: at))
    } while index < values.count
    first = false
  }

  /// Writes `true` or `false`.
  @inlinable
  public mutating func bool(_ value: Bool) {
    separate()
    value ? storage.buffer.append("true") : storage.buffer.append("false")
  }

  /// Writes `null`.
  @inlinable
  public mutating func null() {
    separate()
    storage.buffer.append("null")
  }

  /// Any JSON value (written compactly).
  public mutating func json(_ value: JSON) {
    separate()
    do {
      try JSONWriter().write(value, to: &storage.buffer, depth: 0)
    } catch {
      sawNonFinite = true
    }
  }

  /// The bytes written.
  public var bytes: [UInt8] { storage.buffer.copyBytes() }

  /// The bytes written as `Data`, which takes over the output's memory; the output is left
  /// empty, as a new one.
  package mutating func takeData() -> Data {
    first = true
    afterKey = false
    sawNonFinite = false
    return storage.buffer.takeData()
  }

  /// The bytes written, without a copy.
  package func withWrittenBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: storage.buffer.base, count: storage.buffer.count))
  }
}
