// A growable stack of plain values (no references) in memory the encoder manages itself, for
// its open frames and their members. A Swift array in a class checks that its buffer is
// unique at each change of an element, and the encoder changes the top frame at every member
// (its count, its key filter); here a change is a store.

struct PlainStack<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 4)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The element at `index`, which must be below `count`.
  subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      assert(index >= 0 && index < count, "index \(index) out of \(count)")
      return UnsafePointer(base + index)
    }
    @inline(__always) unsafeMutableAddress {
      assert(index >= 0 && index < count, "index \(index) out of \(count)")
      return base + index
    }
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity *= 2
  }

  /// Drops the elements from `newCount` on.
  @inline(__always)
  mutating func truncate(to newCount: Int) {
    precondition(newCount >= 0)
    count = min(count, newCount)
  }
}
