// Partial decoding: one JSON document arriving as a stream of text deltas (a language model's
// structured output, tool-call arguments, incremental search results), shown as it grows.
// After each chunk the decoder hands out the partial model (`Model.Partial`) built so far;
// at the end, the complete model — by a whole decode of the same bytes, so it is exactly what
// `Model(json:)` gives — or the error a whole decode throws.
//
// What is shown when (documented in Docs/PartialJSON.md):
// - a string as it grows (or only once closed, `growingStrings: false`), never half an
//   escape, surrogate pair or UTF-8 sequence;
// - a number, `true`, `false` or `null` once terminated (a number at the end of a chunk may
//   have more digits to come);
// - an array's completed elements and the element in progress; an object's completed members
//   and the member in progress, once its value has begun;
// - a value the model builds only once complete (an enum, a transformed property, a type
//   without a partial form, a key path into a member) when it is complete.
//
// Malformed text fails as soon as the few bytes after the fault have arrived (a whole decode
// reads them to word its error), with the error and place a whole decode gives. A value that
// does not map (a string where a number belongs) stops the snapshots; `finish()` then throws
// the whole decode's error for it (with its path, line and column). The cost is linear in
// the whole text: each byte is scanned once and decoded once, however the text is cut.

import MapwrightJSON

/// How a partial decoding reads and shows what arrives.
public struct PartialDecodingOptions: Sendable {
  /// The mapping options, as for a whole decode (the complete model is decoded with them).
  public var mapping: MappingOptions
  /// Strings shown as their text arrives (true), or only once closed.
  public var growingStrings: Bool
  /// A snapshot after every chunk, or (false) only after a chunk that changed it.
  public var snapshotEveryChunk: Bool

  /// Options for a partial decoding.
  public init(mapping: MappingOptions = MappingOptions(), growingStrings: Bool = true, snapshotEveryChunk: Bool = false) {
    self.mapping = mapping
    self.growingStrings = growingStrings
    self.snapshotEveryChunk = snapshotEveryChunk
  }
}

/// Decodes one JSON document that arrives in chunks, handing out the partial model after each.
///
/// ```swift
/// @JSONModel(partial: true)
/// struct Answer { var title: String; var steps: [String] }
///
/// var decoder = PartialDecoder(Answer.self)
/// for delta in [#"{"title": "Sou"#, #"p", "steps": ["Boil"#, #" water"]}"#] {
///   if let answer = try decoder.append(delta) { print(answer.title ?? "", answer.steps ?? []) }
/// }
/// // Sou []   ·   Soup ["Boil"]   ·   Soup ["Boil water"]
/// let answer = try decoder.finish()   // Answer(title: "Soup", steps: ["Boil water"])
/// ```
public struct PartialDecoder<Model: JSONConvertible> {
  // The chunk-by-chunk path is inlinable, so that it is specialised for the model in the
  // caller's module (unspecialised, every level of every walk looks up generic metadata).
  @usableFromInline var scanner: PartialJSONScanner
  @usableFromInline let options: PartialDecodingOptions
  /// The partial options' mapping, with errors stopping at the first (a pending piece is
  /// decoded to be shown, not to be reported).
  @usableFromInline let pieceOptions: MappingOptions
  @usableFromInline var built: Model.Partial?
  /// What each snapshot hands the model (one object, reused).
  @usableFromInline let walk = _MapwrightRuntime.PartialUpdate()
  /// Snapshots stopped: a piece did not map (`finish()` reports it), or the model is built
  /// only once complete.
  @usableFromInline var stopped = false
  /// Whether the last snapshot showed a string still arriving.
  @usableFromInline var showedLeaf = false
  /// Malformed text was found: the place, kept until the bytes after it that a whole decode
  /// reads to word its error have arrived.
  @usableFromInline var malformed: Int?

  /// A decoder of one document into `Model`.
  public init(_ type: Model.Type = Model.self, options: PartialDecodingOptions = PartialDecodingOptions()) {
    self.options = options
    var pieceOptions = options.mapping
    pieceOptions.errorMode = .stopAtFirst
    self.pieceOptions = pieceOptions
    scanner = PartialJSONScanner(parsing: options.mapping.parsing, partialStrings: options.growingStrings)
  }

  /// The partial model built so far (nil before anything of it arrived).
  public var partial: Model.Partial? { built }

  /// Reads the next bytes: the partial model when the chunk changed it (after every chunk with
  /// `snapshotEveryChunk`), nil otherwise. Throws the whole decode's error for malformed text.
  @inlinable
  public mutating func append(_ bytes: some Sequence<UInt8>) throws -> Model.Partial? {
    if malformed != nil {
      scanner.keep(bytes)
    } else {
      do {
        try scanner.append(bytes)
        guard !stopped else { return options.snapshotEveryChunk ? built : nil }
        let changed = try update()
        return changed || options.snapshotEveryChunk ? built : nil
      } catch {
        malformed = error.offset
      }
    }
    if let error = settledSyntaxError() { throw error }
    return nil
  }

  /// Reads the next text delta (see the bytes form).
  @inlinable
  public mutating func append(_ text: String) throws -> Model.Partial? {
    try append(text.utf8)
  }

  /// The complete model, decoded whole from every byte that arrived (what `Model(json:)`
  /// gives for them), or its error.
  public func finish() throws -> Model {
    try Model.decodeReporting(json: scanner.bytes, options: options.mapping).value
  }

  /// Applies what arrived since the last snapshot; whether it changed the partial model.
  @inlinable
  mutating func update() throws(PartialScanError) -> Bool {
    let snapshot = try scanner.snapshot()
    defer { walk.end() }
    var changed = false
    do throws(MappingError) {
      try walk.begin(snapshot, options: pieceOptions)
      for (index, pass) in snapshot.passes.enumerated() {
        let isSpine = index == snapshot.passes.count - 1
        walk.begin(pass)
        changed = try apply(walk, isSpine: isSpine) || changed
        if isSpine { scanner.decide(walk.walkTaken) }
      }
    } catch {
      if case .invalidJSON = error.kind { throw PartialScanError(offset: scanner.bytes.count) }
      stopped = true
      return false
    }
    return changed
  }

  @inlinable
  mutating func apply(_ update: _MapwrightRuntime.PartialUpdate, isSpine: Bool) throws(MappingError) -> Bool {
    var changed = false
    for level in 0..<update.levelCount where update.level(level).pending != nil || update.level(level).isNew {
      changed = true
      break
    }
    if isSpine {
      // A string still arriving changed when it began since or grew (its text is not
      // compared: that would cost its length at every snapshot).
      let showsLeaf = update.leafText != nil
      if showsLeaf ? update.leafAddition?.isEmpty != true : showedLeaf { changed = true }
      showedLeaf = showsLeaf
    } else if update.leafAddition?.isEmpty == false {
      // A string shown as it grew, finished by its last text.
      changed = true
    }
    guard update.levelCount > 0 else {
      // The root is a string still arriving.
      if update.leafText != nil { _ = update.showText(Model.self, in: &built, level: -1) }
      return changed
    }
    if built == nil {
      guard let empty = Model._partialEmpty(update, level: 0) else {
        stopped = true
        return false
      }
      built = empty
    }
    update.take(true, level: 0)
    try Model._partialApply(&built!, update, level: 0)
    return changed
  }

  /// The error a whole decode gives for the malformed text, once it is settled: a whole decode
  /// of the text so far words it from the bytes at its place and a few after them (a UTF-8
  /// sequence cut by the end of a chunk reads otherwise than a whole one), so it is thrown once
  /// those have arrived; `finish()` gives it in any case.
  @usableFromInline
  func settledSyntaxError() -> (any Error)? {
    guard let offset = malformed else { return nil }
    let count = scanner.bytes.count
    do {
      _ = try Model.decodeReporting(json: scanner.bytes, options: options.mapping)
    } catch let error as MappingError {
      // Settled once the bytes after its place have arrived (at most `lookahead` more chunks
      // decode the text again).
      guard let parseError = error.jsonError else { return error }
      // The text so far merely cut off (the scanner's fault is further on than the parser
      // looked, such as a repeated key, which the parser finds when its object closes): wait.
      if parseError.code == .unexpectedEnd || parseError.code == .unterminatedString { return nil }
      return parseError.offset + Self.lookahead <= count ? error : nil
    } catch {
      return error
    }
    return offset + Self.lookahead <= count ? MappingError(invalidValue: "the text cannot be read as it arrives (at byte \(offset))") : nil
  }

  /// The bytes after an error's place that a whole decode may read to word it.
  private static var lookahead: Int { 8 }
}
