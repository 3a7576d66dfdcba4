// One walk of a snapshot through the partial value being built (see PartialJSONScanner.swift):
// what arrived at each level of the spine, read by `_partialApply` of each type on the way.

import MapwrightJSON

extension _MapwrightRuntime {
  /// What arrived at each level of one walk from the root, and the decisions the model makes
  /// on the levels it sees for the first time.
  /// - Note: For the code that `@JSONModel` generates; not meant to be used directly.
  public final class PartialUpdate {
    // Read at every level of every walk: not checked for overlapping access (the walk is
    // one thread's, and never holds an access across a call).
    /// The snapshot's levels and keys (the scanner's, lent until `end()`).
    @exclusivity(unchecked) @usableFromInline private(set) var levels: [PartialLevel] = []
    @exclusivity(unchecked) @usableFromInline private(set) var keys: [String] = []
    /// The walk: where its levels start among `levels`, how many there are, and its leaf.
    @exclusivity(unchecked) @usableFromInline private(set) var base = 0
    @exclusivity(unchecked) @usableFromInline private(set) var levelCount = 0
    @exclusivity(unchecked) @usableFromInline private(set) var leafText: String?
    @exclusivity(unchecked) @usableFromInline private(set) var leafAddition: String?
    /// The tape indices of the snapshot's pieces (the pending children of every level, parsed
    /// once as one document, the session's), kept as indices: a `JSONValue` per piece would
    /// retain and release the document once more each. Overwritten, not emptied, at each
    /// snapshot (entries past the snapshot's pieces are left from earlier ones, never read).
    @exclusivity(unchecked) @usableFromInline private(set) var pieces: [Int] = []
    @exclusivity(unchecked) @usableFromInline private(set) var session: DecodingSession?
    /// Per level: whether the model builds it in place (levels seen for the first time); one
    /// more for the open string below the deepest level: whether the model shows it. Only the
    /// first `levelCount + 1` belong to the walk (the rest are left from deeper walks).
    @exclusivity(unchecked) @usableFromInline var taken: [Bool] = []

    @usableFromInline init() {}

    /// Starts a snapshot: its levels and keys held, its pieces parsed as one document.
    @usableFromInline
    func begin(_ snapshot: PartialSnapshot, options: MappingOptions) throws(MappingError) {
      levels = snapshot.levels
      keys = snapshot.keys
      guard let text = snapshot.pieces else {
        session = nil
        return
      }
      let session = try DecodingSession(parsing: text, options: options)
      self.session = session
      let tape = session.document.tape
      let count = Int(tape[0].length)
      var index = 1
      while pieces.count < count { pieces.append(0) }
      for piece in 0..<count {
        pieces[piece] = index
        index = Int(tape[index].next)
      }
    }

    /// Piece `piece` of the snapshot, in the session's document.
    @usableFromInline
    func piece(_ piece: Int, in session: DecodingSession) -> JSONValue {
      JSONValue(document: session.document, index: pieces[piece])
    }

    /// Starts one walk of the snapshot.
    @usableFromInline
    func begin(_ pass: PartialPass) {
      base = pass.levels.lowerBound
      levelCount = pass.levels.count
      leafText = pass.leafText
      leafAddition = pass.leafAddition
      while taken.count <= levelCount { taken.append(false) }
      taken.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
    }

    /// The walk's levels' decisions, and one more for its open string (for the scanner).
    @usableFromInline
    var walkTaken: ArraySlice<Bool> { taken[0...levelCount] }

    /// Drops what the snapshot held (the scanner's arrays then have one owner again).
    @usableFromInline
    func end() {
      levels = []
      keys = []
      levelCount = 0
      leafText = nil
      leafAddition = nil
      session = nil
    }

    /// Level `level` of the walk.
    @inlinable
    func level(_ level: Int) -> PartialLevel { levels[base + level] }

    /// Whether level `level` is an object.
    @inlinable
    public func isObject(_ level: Int) -> Bool { level < levelCount && self.level(level).isObject }

    /// Whether level `level` is an array.
    @inlinable
    public func isArray(_ level: Int) -> Bool { level < levelCount && !self.level(level).isObject }

    /// The key of object level `level`'s child still arriving.
    @inlinable
    public func openKey(_ level: Int) -> String? {
      guard level < levelCount, case .key(let key)? = self.level(level).open else { return nil }
      return keys[key]
    }

    /// The index of array level `level`'s element still arriving.
    @inlinable
    public func openIndex(_ level: Int) -> Int? {
      guard level < levelCount, case .index(let index)? = self.level(level).open else { return nil }
      return index
    }

    /// The text so far of the string that is level `level`'s open child, when it is one.
    @inlinable
    public func text(below level: Int) -> String? { level == levelCount - 1 ? leafText : nil }

    /// The text added since the last snapshot to the string that is level `level`'s open
    /// child, when the last snapshot showed the rest of it (nil when it began since).
    @inlinable
    public func addedText(below level: Int) -> String? { level == levelCount - 1 ? leafAddition : nil }

    /// Adds the text that arrived since the last snapshot to `value`, which shows the rest of
    /// the string that is level `level`'s open child; false when the last snapshot did not show
    /// it or `T` makes its value from the whole text.
    @inlinable
    public func extendText<T: JSONConvertible>(_ type: T.Type, _ value: inout T.Partial, level: Int) -> Bool {
      guard let added = addedText(below: level) else { return false }
      return T._partialExtend(&value, with: added)
    }

    /// Shows the text so far of the string that is level `level`'s open child in `value`:
    /// by adding what arrived since the last snapshot to the text `value` shows, when it shows
    /// it (so that a long string costs time in proportion to what arrives), or as a new value.
    /// False when `T` does not show a string as it grows.
    @inlinable
    public func showText<T: JSONConvertible>(_ type: T.Type, in value: inout T.Partial?, level: Int) -> Bool {
      if value != nil, extendText(T.self, &value!, level: level) { return true }
      guard let text = text(below: level), let partial = T._partialText(text) else { return false }
      value = partial
      return true
    }

    /// The children of level `level` completed since the last snapshot, decoded as `T` (an
    /// object's members as a partial model or a dictionary, an array's elements as an array).
    @inlinable
    public func pending<T: JSONConvertible>(_ type: T.Type, level: Int) throws(MappingError) -> T? {
      guard level < levelCount, let piece = self.level(level).pending, let session else { return nil }
      let value = try T.decode(from: self.piece(piece, in: session), in: session)
      if let recorded = session.errors.first { throw recorded }
      return value
    }

    /// Puts the elements of array level `level` completed since the last snapshot into
    /// `array`, each decoded as an array's elements are (`session.decodeElement`), in place of
    /// any shown while it arrived (a string) from the index of the first.
    @inlinable
    public func takePendingElements<T: JSONConvertible>(into array: inout [T], level: Int) throws(MappingError) {
      guard level < levelCount, let piece = self.level(level).pending, let session else { return }
      let first = self.level(level).pendingFirstIndex
      if array.count > first { array.removeSubrange(first...) }
      for element in self.piece(piece, in: session).elements {
        if let decoded = try session.decodeElement(T.self, from: element) { array.append(decoded) }
      }
      if let recorded = session.errors.first { throw recorded }
    }

    /// Applies what arrived for level `level`'s open child to `field`, a value of `T` being
    /// built: the string's text so far, or the next level into the value (made empty first).
    /// False when `T` is built only once complete.
    @inlinable
    public func apply<T: JSONConvertible>(_ type: T.Type, to field: inout T.Partial?, level: Int) throws(MappingError) -> Bool {
      if text(below: level) != nil { return showText(T.self, in: &field, level: level) }
      if field == nil {
        guard let empty = T._partialEmpty(self, level: level + 1) else { return false }
        field = empty
      }
      try T._partialApply(&field!, self, level: level + 1)
      return true
    }

    /// Records whether the model builds level `level` in place.
    @inlinable
    public func take(_ isTaken: Bool, level: Int) {
      if level < taken.count { taken[level] = isTaken }
    }
  }
}
