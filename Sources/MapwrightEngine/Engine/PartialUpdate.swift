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
    @exclusivity(unchecked) @usableFromInline private(set) var pass = PartialPass(levels: [], leafText: nil)
    /// The tape indices of the snapshot's pieces (the pending children of every level, parsed
    /// once as one document, the session's), kept as indices: a `JSONValue` per piece would
    /// retain and release the document once more each.
    @exclusivity(unchecked) @usableFromInline private(set) var pieces: [Int] = []
    @exclusivity(unchecked) @usableFromInline private(set) var session: DecodingSession?
    /// Per level: whether the model builds it in place (levels seen for the first time); one
    /// more for the open string below the deepest level: whether the model shows it.
    @exclusivity(unchecked) @usableFromInline var taken: [Bool] = []

    @usableFromInline init() {}

    /// Starts a snapshot: its pieces parsed as one document.
    @usableFromInline
    func begin(pieces text: [UInt8]?, options: MappingOptions) throws(MappingError) {
      guard let text else {
        session = nil
        pieces.removeAll(keepingCapacity: true)
        return
      }
      let session = try DecodingSession(parsing: text, options: options)
      self.session = session
      pieces.removeAll(keepingCapacity: true)
      let tape = session.document.tape
      let count = Int(tape[0].length)
      var index = 1
      for _ in 0..<count {
        pieces.append(index)
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
      self.pass = pass
      taken.removeAll(keepingCapacity: true)
      for _ in 0...pass.levels.count { taken.append(false) }
    }

    /// Drops what the snapshot held.
    @usableFromInline
    func end() {
      pass = PartialPass(levels: [], leafText: nil)
      session = nil
      pieces.removeAll(keepingCapacity: true)
    }

    /// Whether level `level` is an object.
    @inlinable
    public func isObject(_ level: Int) -> Bool { level < pass.levels.count && pass.levels[level].isObject }

    /// Whether level `level` is an array.
    @inlinable
    public func isArray(_ level: Int) -> Bool { level < pass.levels.count && !pass.levels[level].isObject }

    /// The key of object level `level`'s child still arriving.
    @inlinable
    public func openKey(_ level: Int) -> String? {
      guard level < pass.levels.count, case .key(let key)? = pass.levels[level].open else { return nil }
      return key
    }

    /// The index of array level `level`'s element still arriving.
    @inlinable
    public func openIndex(_ level: Int) -> Int? {
      guard level < pass.levels.count, case .index(let index)? = pass.levels[level].open else { return nil }
      return index
    }

    /// The text so far of the string that is level `level`'s open child, when it is one.
    @inlinable
    public func text(below level: Int) -> String? { level == pass.levels.count - 1 ? pass.leafText : nil }

    /// The text added since the last snapshot to the string that is level `level`'s open
    /// child, when the last snapshot showed the rest of it (nil when it began since).
    @inlinable
    public func addedText(below level: Int) -> String? { level == pass.levels.count - 1 ? pass.leafAddition : nil }

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
      guard level < pass.levels.count, let piece = pass.levels[level].pending, let session else { return nil }
      let value = try T.decode(from: self.piece(piece, in: session), in: session)
      if let recorded = session.errors.first { throw recorded }
      return value
    }

    /// Puts the elements of array level `level` completed since the last snapshot into
    /// `array`, each decoded as an array's elements are (`session.decodeElement`), in place of
    /// any shown while it arrived (a string) from the index of the first.
    @inlinable
    public func takePendingElements<T: JSONConvertible>(into array: inout [T], level: Int) throws(MappingError) {
      guard level < pass.levels.count, let piece = pass.levels[level].pending, let session else { return }
      let first = pass.levels[level].pendingFirstIndex
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
