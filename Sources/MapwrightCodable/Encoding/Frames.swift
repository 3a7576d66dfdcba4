// Opening and closing frames (see CodableEncoder.swift): separators and indentation as
// members arrive, and, when an object closes, deferred containers spliced in, repeated keys
// dropped (the last one stays) and members sorted by key when asked.

import Foundation
import MapwrightJSON

extension CodableEncoder {
  func openFrame(object: Bool) -> Int {
    out.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    frames.append(Frame(isObject: object, start: out.count - 1, membersBase: members.count))
    return frames.count - 1
  }

  /// The separator and indentation before the next element of frame `frame`.
  @inline(__always)
  func beginElement(frame: Int) {
    precondition(frame == frames.count - 1, "A container was used after its value finished encoding.")
    if frames[frame].count > 0 { out.append(UInt8(ascii: ",")) }
    frames[frame].count += 1
    if pretty {
      out.append(UInt8(ascii: "\n"))
      out.appendSpaces(2 * (frame + depthAdjust + 1))
    }
  }

  /// The separator, key and colon of the next member of the object `frame`.
  @inline(__always)
  func beginMember(frame: Int, key: String) {
    beginElement(frame: frame)
    let start = out.count
    withUTF8Bytes(of: key) { writer.writeString(utf8: $0, to: &out) }
    let keyLength = out.count - start
    if sorted { sortKeys.append(key) }
    endKey(frame: frame, start: start, keyLength: keyLength, hash: keyHash(start, keyLength))
  }

  /// `beginMember` with the key as written before (quoted and escaped) and its hash
  /// (`keyHash`), kept by a container (see `KeyNames`); never while sorting keys.
  @inline(__always)
  func beginMember(frame: Int, writtenKey: UnsafeBufferPointer<UInt8>, hash: UInt64) {
    beginElement(frame: frame)
    let start = out.count
    out.append(writtenKey)
    endKey(frame: frame, start: start, keyLength: writtenKey.count, hash: hash)
  }

  /// Records the member whose key was just written at `start`, and writes the colon.
  @inline(__always)
  private func endKey(frame: Int, start: Int, keyLength: Int, hash: UInt64) {
    if members.count > frames[frame].membersBase {
      noteKey(start, keyLength, hash: hash, frame: frame)
    } else {
      markKey(Int(truncatingIfNeeded: hash >> 56), frame: frame)
    }
    members.append(Member(start: start, keyLength: keyLength, hash: hash))
    if pretty { out.append(" : ") } else { out.append(UInt8(ascii: ":")) }
  }

  /// A hash of a key as written at `start` in `out` (`length` bytes, quotes included); its
  /// top 8 bits choose the key's bit in the frame's filter.
  @inline(__always)
  private func keyHash(_ start: Int, _ length: Int) -> UInt64 {
    keyHash(UnsafeBufferPointer(rebasing: out.writtenBytes[start..<start + length]))
  }

  /// Its first and last eight bytes (four, or three bytes, for short keys) and its length,
  /// mixed by MurmurHash3's finalizer.
  @inline(__always)
  private func keyHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let n = bytes.count
    guard let base = bytes.baseAddress, n > 0 else { return 0 }
    let raw = UnsafeRawPointer(base)
    let head: UInt64
    let tail: UInt64
    if n >= 8 {
      head = raw.loadUnaligned(as: UInt64.self)
      tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    } else if n >= 4 {
      head = UInt64(raw.loadUnaligned(as: UInt32.self))
      tail = UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
    } else {
      head = UInt64(base[0]) | UInt64(base[n / 2]) << 8 | UInt64(base[n - 1]) << 16
      tail = 0
    }
    var hash = head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(n)
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    return hash
  }

  /// Whether member `member`'s key, as written, is `bytes`.
  @inline(__always)
  private func memberKey(_ member: Int, is bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let written = members[member]
    guard written.keyLength == bytes.count else { return false }
    return memcmp(out.writtenBytes.baseAddress! + written.start, bytes.baseAddress!, bytes.count) == 0
  }

  @inline(__always)
  private func markKey(_ bit: Int, frame: Int) {
    let mask: UInt64 = 1 << UInt64(bit & 63)
    switch bit >> 6 {
    case 0: frames[frame].seenKeys.0 |= mask
    case 1: frames[frame].seenKeys.1 |= mask
    case 2: frames[frame].seenKeys.2 |= mask
    default: frames[frame].seenKeys.3 |= mask
    }
  }

  /// Marks the key just written (at `start`, `length` bytes) as written in `frame`, noting
  /// whether it was written before (the filter first, then the hashes of the frame's keys,
  /// then the keys themselves).
  @inline(__always)
  private func noteKey(_ start: Int, _ length: Int, hash: UInt64, frame: Int) {
    if mayHaveKey(hash: hash, frame: frame), !frames[frame].hasRepeatedKeys {
      let key = UnsafeBufferPointer(rebasing: out.writtenBytes[start..<start + length])
      for i in frames[frame].membersBase..<members.count where members[i].hash == hash && memberKey(i, is: key) {
        frames[frame].hasRepeatedKeys = true
        break
      }
    }
    markKey(Int(truncatingIfNeeded: hash >> 56), frame: frame)
  }

  /// Whether the frame's key filter has the bit of `hash` (false: no key of that hash yet).
  @inline(__always)
  private func mayHaveKey(hash: UInt64, frame: Int) -> Bool {
    let bit = Int(truncatingIfNeeded: hash >> 56)
    let mask: UInt64 = 1 << UInt64(bit & 63)
    let seen =
      switch bit >> 6 {
      case 0: frames[frame].seenKeys.0 & mask
      case 1: frames[frame].seenKeys.1 & mask
      case 2: frames[frame].seenKeys.2 & mask
      default: frames[frame].seenKeys.3 & mask
      }
    return seen != 0
  }

  /// Leaves room for a deferred container as the value of the member or element just begun
  /// (`member`: its index in `members`, nil for an array element).
  func addPlaceholder(_ node: DeferredNode, frame: Int, member: Int? = nil) {
    placeholders.append(Placeholder(frame: frame, member: member, offset: out.count, node: node, depth: frame + depthAdjust + 1))
  }

  /// The index in `members` of the last member `key` of the object `frame`, if it has one
  /// (the frame's key filter first, then the hashes of its keys, then the keys as written).
  func lastMember(named key: String, frame: Int) -> Int? {
    var written = OutputBuffer(capacity: key.utf8.count + 16)
    withUTF8Bytes(of: key) { writer.writeString(utf8: $0, to: &written) }
    return written.copyBytes().withUnsafeBufferPointer { bytes in
      let hash = keyHash(bytes)
      guard mayHaveKey(hash: hash, frame: frame) else { return nil }
      let base = frames[frame].membersBase
      return (base..<members.count).last { members[$0].hash == hash && memberKey($0, is: bytes) }
    }
  }

  /// The deferred container that is the value of member `member` of the object `frame`, if
  /// that member is one.
  func placeholderNode(frame: Int, member: Int) -> DeferredNode? {
    placeholders.last { $0.frame == frame && $0.member == member }?.node
  }

  /// The bytes of the value of member `member` (written in full) of the open object.
  func memberValueBytes(_ member: Int) -> [UInt8] {
    let bytes = out.writtenBytes
    var start = members[member].start + members[member].keyLength
    while bytes[start] == 0x20 || bytes[start] == UInt8(ascii: ":") { start += 1 }
    return DeferredNode.trimmed(bytes, from: start, to: member + 1 < members.count ? members[member + 1].start : bytes.count)
  }

  func closeFrame(_ index: Int) {
    precondition(index == frames.count - 1, "A container was used after its value finished encoding.")
    let frame = frames[index]
    let depth = index + depthAdjust
    if let last = placeholders.last, last.frame == index {
      let first = placeholders.lastIndex { $0.frame != index }.map { $0 + 1 } ?? 0
      splicePlaceholders(Array(placeholders[first...]), of: frame)
      placeholders.removeLast(placeholders.count - first)
    }
    let memberCount = members.count - frame.membersBase
    if frame.isObject, memberCount > 1, sorted || frame.hasRepeatedKeys {
      reorderMembers(of: frame, depth: depth)
    }
    if frame.count == 0 {
      out.truncate(to: frame.start)
      writeEmptyContainer(object: frame.isObject, depth: depth)
    } else {
      if pretty {
        out.append(UInt8(ascii: "\n"))
        out.appendSpaces(2 * depth)
      }
      out.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
    dropMembers(from: frame.membersBase)
    frames.truncate(to: index)
  }

  /// Forgets the members recorded from `base` on.
  @inline(__always)
  func dropMembers(from base: Int) {
    let extra = members.count - base
    guard extra > 0 else { return }
    members.truncate(to: base)
    if sorted { sortKeys.removeLast(extra) }
  }

  /// Writes each deferred container into the frame's bytes, shifting later member starts.
  private func splicePlaceholders(_ placeholders: [Placeholder], of frame: Frame) {
    let bytes = out.writtenBytes
    var region: [UInt8] = []
    region.reserveCapacity(bytes.count - frame.start + 256)
    var cursor = frame.start
    var insertedBefore: [(offset: Int, total: Int)] = []
    var total = 0
    for placeholder in placeholders {
      region.append(contentsOf: bytes[cursor..<placeholder.offset])
      let rendered = renderNode(placeholder.node, depth: placeholder.depth)
      region.append(contentsOf: rendered)
      total += rendered.count
      insertedBefore.append((placeholder.offset, total))
      cursor = placeholder.offset
    }
    region.append(contentsOf: bytes[cursor..<bytes.count])
    for i in frame.membersBase..<members.count {
      let start = members[i].start
      let shift = insertedBefore.last { $0.offset < start }?.total ?? 0
      members[i].start = start + shift
    }
    out.truncate(to: frame.start)
    region.withUnsafeBufferPointer { out.append($0) }
  }

  /// Rewrites the members of an object frame: the last of each repeated key, in key order
  /// when sorting.
  private func reorderMembers(of frame: Frame, depth: Int) {
    let base = frame.membersBase
    let count = members.count - base
    let separator: [UInt8] = pretty ? [UInt8(ascii: ","), 0x0A] + Array(repeating: 0x20, count: 2 * (depth + 1)) : [UInt8(ascii: ",")]
    let bytes = out.writtenBytes
    func range(_ i: Int) -> Range<Int> {
      let start = members[base + i].start
      let end = i + 1 < count ? members[base + i + 1].start - separator.count : bytes.count
      return start..<end
    }
    var order = Array(0..<count)
    func writtenKey(_ i: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[members[base + i].start..<members[base + i].start + members[base + i].keyLength])
    }
    if frame.hasRepeatedKeys {
      // By the keys as written, so by their bytes: "é" and "e\u{301}" are two keys.
      var last: [ArraySlice<UInt8>: Int] = [:]
      for i in 0..<count { last[ArraySlice(writtenKey(i))] = i }
      order = order.filter { last[ArraySlice(writtenKey($0))] == $0 }
    }
    guard sorted || order.count < count else { return }
    if sorted {
      order.sort { sortKeys[base + $0] < sortKeys[base + $1] }
    }
    let first = members[base].start
    var region: [UInt8] = []
    region.reserveCapacity(bytes.count - first)
    for (position, i) in order.enumerated() {
      if position > 0 { region.append(contentsOf: separator) }
      region.append(contentsOf: bytes[range(i)])
    }
    out.truncate(to: first)
    region.withUnsafeBufferPointer { out.append($0) }
  }
}
