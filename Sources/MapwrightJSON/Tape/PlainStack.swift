// A growable stack of plain values (no references) in memory it manages itself: the parser's
// open containers, and the `Codable` encoder's open frames and their members. A Swift array
// checks its bounds at each access and, held in a class, that its buffer is unique at each
// change of an element; the encoder changes its top frame at every member. Here an access is
// a load and a change is a store (bounds are asserted in debug builds only).
//
// `@usableFromInline` as well as `package`, like `OutputBuffer`: this toolchain inlines a
// `package` type's `@inlinable` mutating methods into other modules only then.

@usableFromInline
package struct PlainStack<Element: BitwiseCopyable>: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline package internal(set) var count = 0
  @usableFromInline var capacity: Int
  /// Whether `base` was allocated here (false while the stack is in a buffer it was lent).
  @usableFromInline var ownsBase = true

  package init(capacity: Int) {
    self.capacity = max(capacity, 4)
    base = .allocate(capacity: self.capacity)
  }

  /// A stack that starts in `buffer` (the caller's, which must outlive it: memory on the
  /// call stack, so that a short parse allocates nothing for it) and moves to memory of its
  /// own if it outgrows it.
  package init(startingIn buffer: UnsafeMutableBufferPointer<Element>) {
    precondition(buffer.count >= 1)
    capacity = buffer.count
    base = buffer.baseAddress!
    ownsBase = false
  }

  deinit { if ownsBase { base.deallocate() } }

  /// The element at `index`, which must be below `count`.
  @inlinable
  package subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      assert(index >= 0 && index < count, "index \(index) out of \(count)")
      return UnsafePointer(base + index)
    }
    @inline(__always) unsafeMutableAddress {
      assert(index >= 0 && index < count, "index \(index) out of \(count)")
      return base + index
    }
  }

  @inlinable @inline(__always)
  package mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Removes and returns the last element (there must be one).
  @inlinable @inline(__always)
  package mutating func removeLast() -> Element {
    assert(count > 0, "removeLast of an empty stack")
    count -= 1
    return base[count]
  }

  /// Drops the elements from `newCount` on.
  @inlinable @inline(__always)
  package mutating func truncate(to newCount: Int) {
    precondition(newCount >= 0)
    count = min(count, newCount)
  }

  @inline(never) @usableFromInline
  mutating func grow() {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
    grown.moveInitialize(from: base, count: count)
    if ownsBase { base.deallocate() }
    base = grown
    ownsBase = true
    capacity *= 2
  }
}
