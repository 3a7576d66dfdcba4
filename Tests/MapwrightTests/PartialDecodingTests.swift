import Foundation
import Mapwright
import MapwrightTestSupport
import Testing

@JSONModel(partial: true)
struct Recipe: Equatable {
  var title: String
  var servings: Int
  var steps: [RecipeStep]
  var tags: [String]
  var notes: [String: String]
  var author: RecipeAuthor?
  var extra: JSON?
}

@JSONModel(partial: true)
struct RecipeStep: Equatable {
  var text: String
  var minutes: Double?
  var tools: [String] = []
}

@JSONModel(partial: true)
struct RecipeAuthor: Equatable {
  var name: String
  var links: [[String]]
}

@JSONModel enum RecipeState: String { case draft, published }

/// Properties filled only once their member is complete: a key path, a transformer, an enum.
@JSONModel(partial: true)
struct RecipeCard: Equatable {
  var title: String
  @Key("meta.source") var source: String?
  @Transform(.iso8601) var created: Date?
  var state: RecipeState
}

/// A JSON prefix closed as partial decoding reads it, written apart from the scanner: a
/// number, literal, key or member without a value at the end is dropped, a string is cut
/// before an escape, surrogate pair or UTF-8 sequence that is not complete and closed, and
/// every open container is closed. Nil when nothing of the root can be shown.
func closedReference(_ prefix: [UInt8]) -> [UInt8]? {
  var stack: [(isObject: Bool, commit: Int)] = []
  var string: (start: Int, isKey: Bool)?
  var expectsKey = false
  var inScalar = false
  var rootEnd: Int?
  func complete(at end: Int) {
    if stack.isEmpty { rootEnd = end } else { stack[stack.count - 1].commit = end }
  }
  var index = 0
  while index < prefix.count {
    let byte = prefix[index]
    if let open = string {
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") {
        string = nil
        if !open.isKey { complete(at: index + 1) }
      }
      index += 1
      continue
    }
    if inScalar {
      if (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || [0x2E, 0x2B, 0x2D, 0x45].contains(byte) {
        index += 1
        continue
      }
      inScalar = false
      complete(at: index)
    }
    switch byte {
    case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ":"): break
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      stack.append((byte == UInt8(ascii: "{"), index + 1))
      expectsKey = byte == UInt8(ascii: "{")
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      stack.removeLast()
      complete(at: index + 1)
    case UInt8(ascii: "\""):
      string = (index, expectsKey)
      expectsKey = false
    case UInt8(ascii: ","): expectsKey = stack.last?.isObject ?? false
    default: inScalar = true
    }
    index += 1
  }
  if let rootEnd { return Array(prefix[..<rootEnd]) }
  var text: [UInt8]
  if let open = string, !open.isKey {
    // A value string: its bytes up to the last whole character, closed.
    var end = open.start + 1
    var position = end
    while position < prefix.count {
      var length = 1
      if prefix[position] == UInt8(ascii: "\\") {
        length = position + 1 < prefix.count && prefix[position + 1] == UInt8(ascii: "u") ? 6 : 2
        if length == 6, position + 6 <= prefix.count,
          let unit = Int(String(decoding: prefix[(position + 2)..<(position + 6)], as: UTF8.self), radix: 16), (0xD800..<0xDC00).contains(unit)
        {
          length = 12
        }
      } else if prefix[position] >= 0xC0 {
        length = prefix[position] >= 0xF0 ? 4 : prefix[position] >= 0xE0 ? 3 : 2
      }
      guard position + length <= prefix.count else { break }
      position += length
      end = position
    }
    text = Array(prefix[..<end]) + [UInt8(ascii: "\"")]
    if stack.isEmpty { return text }
  } else {
    guard let top = stack.last else { return nil }
    text = Array(prefix[..<top.commit])
  }
  for level in stack.reversed() { text.append(level.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
  return text
}

@Suite struct PartialDecodingTests {
  static let recipe = #"""
    {"title": "Soupe \u00e0 l'oignon \ud83e\uddc5 très bonne", "servings": 4,
     "steps": [{"text": "Slice the onions", "minutes": 10, "tools": ["knife", "board"]},
               {"text": "Brown them slowly", "minutes": 4.5e1},
               {"text": "Add stock \"and\" simmer"}],
     "tags": ["french", "soup", "", "héhé"], "notes": {"wine": "dry white", "cheese": "gruyère"},
     "author": {"name": "Julia", "links": [["a", "b"], [], ["c"]]},
     "extra": {"ratings": [5, 4.5, null, true], "nested": {"deep": [{"x": "y"}]}, "empty": {}}}
    """#

  /// The recipe laid out as indented documents are: whitespace of every kind between tokens
  /// (spaces, tabs, CR LF), runs of eight spaces and more inside strings, next to escaped
  /// quotes and backslashes, and a string ending in an escaped backslash.
  static let indentedRecipe = """
    {
        "title": "Soupe        \\"à\\"        l'oignon \\\\",\r
        "servings":\t4 ,
        "steps": [
            {
                "text": "Slice   \\\\\\"   the onions        ",
                "minutes": 10,
                "tools": [ "knife" ,\t"board  \\\\" ]
            },
            {"text": "        ", "minutes": 4.5e1   }
        ],
        "tags": [
            "french",
            "so\\tup"
        ],
        "notes": {
            "wine":        "dry\\n        white"
        },
        "author": { "name": "Julia", "links": [ [ "a" , "b" ] , [ ] ] },
        "extra": {
            "ratings": [ 5 , 4.5 , null , true ],
            "empty": { }
        }
    }
    """

  /// Every prefix of the document, closed by the reference above and decoded whole, is what
  /// the decoder shows after it, cut at every byte and in seeded random chunks; the same for
  /// the indented document.
  @Test(arguments: [0, 1, 2, 3])
  func everyPrefixShowsWhatTheClosedPrefixDecodesTo(seed: UInt64) throws {
    try checkEveryPrefix(of: Self.recipe, seed: seed)
    try checkEveryPrefix(of: Self.indentedRecipe, seed: seed)
  }

  private func checkEveryPrefix(of text: String, seed: UInt64) throws {
    let bytes = Array(text.utf8)
    var decoder = PartialDecoder(Recipe.self)
    var json = PartialDecoder(JSON.self)
    var random = SeededGenerator(seed: seed)
    var position = 0
    while position < bytes.count {
      let size = seed == 0 ? 1 : Int(random.next() % 9) + 1
      let end = min(bytes.count, position + size)
      _ = try decoder.append(bytes[position..<end])
      _ = try json.append(bytes[position..<end])
      position = end
      let prefix = Array(bytes[..<position])
      let expected = try closedReference(prefix).map { try Recipe.Partial(json: $0) }
      #expect(decoder.partial == expected, "after \(position) bytes: \(String(decoding: prefix, as: UTF8.self))")
      let expectedJSON = try closedReference(prefix).map { try JSON(parsing: $0) }
      #expect(json.partial == expectedJSON, "JSON after \(position) bytes")
    }
    #expect(try decoder.finish() == Recipe(json: text))
    #expect(try json.finish() == JSON(parsing: text))
  }

  @Test func snapshotsWhileTheTextArrives() throws {
    var decoder = PartialDecoder(Recipe.self)
    var seen: [Recipe.Partial] = []
    for delta in [
      #"{"title": "Pa"#, #"ncakes", "servings": 2"#, #", "steps": [{"text": "Mix"#, #" flour"}, {"te"#, #"xt": "Fry", "minutes": 3"#, "}]",
    ] {
      if let snapshot = try decoder.append(delta) { seen.append(snapshot) }
    }
    #expect(seen.map(\.title) == ["Pa", "Pancakes", "Pancakes", "Pancakes", "Pancakes", "Pancakes"])
    #expect(seen[1].servings == nil && seen[2].servings == 2)  // a number shows once terminated
    #expect(seen[2].steps?.first?.text == "Mix" && seen[3].steps?.first?.text == "Mix flour")
    #expect(seen[3].steps?.count == 2 && seen[3].steps?[1].text == nil)  // a key shows once its value begins
    #expect(seen[4].steps?[1].text == "Fry" && seen[4].steps?[1].minutes == nil)
    #expect(seen[5].steps?[1].minutes == 3)
    // Strings only once closed, on request.
    var closedOnly = PartialDecoder(Recipe.self, options: PartialDecodingOptions(growingStrings: false))
    #expect(try closedOnly.append(#"{"title": "Pa"#) != nil)
    #expect(closedOnly.partial?.title == nil)
    _ = try closedOnly.append(#"ncakes", "#)
    #expect(closedOnly.partial?.title == "Pancakes")
  }

  @Test func propertiesReadWholeAppearOnceTheirMemberIsComplete() throws {
    var decoder = PartialDecoder(RecipeCard.self)
    _ = try decoder.append(#"{"title": "T", "meta": {"source": "bo"#)
    #expect(decoder.partial?.title == "T" && decoder.partial?.source == nil)
    _ = try decoder.append(#"ok"}, "created": "2024-05-0"#)
    #expect(decoder.partial?.source == "book" && decoder.partial?.created == nil)
    _ = try decoder.append(#"1T10:00:00Z", "state": "dra"#)
    #expect(decoder.partial?.created == Date(timeIntervalSince1970: 1_714_557_600))
    #expect(decoder.partial?.state == nil)
    _ = try decoder.append(#"ft"}"#)
    #expect(decoder.partial?.state == .draft)
    #expect(try decoder.finish() == RecipeCard(title: "T", source: "book", created: Date(timeIntervalSince1970: 1_714_557_600), state: .draft))
  }

  /// Malformed text fails at once with the error a whole decode gives, at the same place.
  @Test(arguments: [
    #"{"title": "x",, "servings": 1}"#, #"{"title": "a\qb", "servings": 1}"#, #"{"tags": ["a" "b"]}"#, #"{"title": "x"} tail"#,
    #"{"title": "x\ud800y"}"#, #"{"servings": 01}"#, #"{"servings": tru}"#, #"{"title" "x"}"#, #"[1, 2]"#,
    String(repeating: "[", count: 600),
    // A character beyond ASCII where a value belongs, its UTF-8 cut by the chunks (found by FuzzModels).
    #"{"title": ã, "servings": 1}"#, #"{"tags": ["a", 日本]}"#,
  ])
  func malformedTextFailsAsAWholeDecodeDoes(text: String) throws {
    let whole = try #require(throws: (any Error).self) { try Recipe(json: text) }
    for size in [1, 3, 1000] {
      var decoder = PartialDecoder(Recipe.self)
      let bytes = Array(text.utf8)
      let error = try #require(throws: (any Error).self) {
        var position = 0
        while position < bytes.count {
          _ = try decoder.append(bytes[position..<min(bytes.count, position + size)])
          position += size
        }
        _ = try decoder.finish()
      }
      #expect(String(describing: error) == String(describing: whole), "chunks of \(size)")
    }
  }

  /// A repeated key's member is never shown: a whole decode reads the first (found by
  /// FuzzPartial, where a later member replaced what was shown).
  @Test func aRepeatedKeyShowsTheFirstMember() throws {
    let text = #"{"notes": {"a": "first", "b": "x", "a": "second", "\u0061": {"c": 1}}, "title": "T", "title": "U", "tags": ["t"]}"#
    let bytes = Array(text.utf8)
    let whole = try JSON(parsing: bytes)
    for size in [1, 4, 29] {
      var json = PartialDecoder(JSON.self)
      var recipe = PartialDecoder(Recipe.self, options: PartialDecodingOptions(snapshotEveryChunk: true))
      var position = 0
      while position < bytes.count {
        let chunk = bytes[position..<min(bytes.count, position + size)]
        if let shown = try json.append(chunk) {
          for (key, value) in shown["notes"]?.objectValue ?? [:] {
            #expect(whole["notes"]?[key]?.stringValue?.hasPrefix(value.stringValue ?? "-") == true, "after \(position) bytes: \(shown)")
          }
        }
        let card = try recipe.append(chunk)
        #expect(card?.title.map { "T".hasPrefix($0) } ?? true, "after \(position) bytes: \(String(describing: card?.title))")
        #expect(card?.notes?["a"].map { "first".hasPrefix($0) } ?? true)
        position += size
      }
      #expect(try json.finish() == whole)
      #expect(json.partial == whole)
      #expect(recipe.partial?.title == "T" && recipe.partial?.notes == ["a": "first", "b": "x"])
    }
  }

  /// With strings shown only once closed, a string that has begun shows nothing in its place
  /// (found by FuzzPartial: `JSON` showed an empty array there).
  @Test func aStringNotShownLeavesNoPlaceholder() throws {
    var decoder = PartialDecoder(JSON.self, options: PartialDecodingOptions(growingStrings: false))
    _ = try decoder.append(#"{"tags": ["hot", "qu"#)
    #expect(decoder.partial == ["tags": ["hot"]])
    _ = try decoder.append(#"ick"], "title": "So"#)
    #expect(decoder.partial == ["tags": ["hot", "quick"]])
    _ = try decoder.append(#"up"}"#)
    #expect(decoder.partial == ["tags": ["hot", "quick"], "title": "Soup"])
  }

  /// In an object past the keys compared by hash (its keys then in a set), repeated keys,
  /// plain and escaped, are found too.
  @Test func aRepeatedKeyInALargeObjectShowsTheFirstMember() throws {
    let members = (0..<40).map { #""k\#($0)": "v\#($0)""# } + [#""k3": "late""#, #""k\u0035": "late""#, #""k39": "late""#]
    let bytes = Array(("{" + members.joined(separator: ", ") + "}").utf8)
    let whole = try JSON(parsing: bytes)
    var decoder = PartialDecoder(JSON.self)
    for start in stride(from: 0, to: bytes.count, by: 7) {
      if let shown = try decoder.append(bytes[start..<min(bytes.count, start + 7)]) {
        #expect(shown.objectValue?.allSatisfy { $0.value.stringValue?.hasPrefix("l") != true } == true, "\(shown)")
      }
    }
    #expect(decoder.partial == whole && whole["k5"] == "v5")
  }

  /// Under `DuplicateKeyPolicy.reject` a repeated key fails as a whole decode does.
  @Test func aRepeatedKeyUnderRejectFailsAsAWholeDecodeDoes() throws {
    var options = MappingOptions()
    options.parsing.duplicateKeys = .reject
    let bytes = Array(#"{"title": "T", "tags": [], "title": "U", "servings": 1}"#.utf8)
    let whole = try #require(throws: MappingError.self) { try JSON.decodeReporting(json: bytes, options: options) }
    var decoder = PartialDecoder(JSON.self, options: PartialDecodingOptions(mapping: options))
    let error = try #require(throws: MappingError.self) {
      for byte in bytes {
        let shown = try decoder.append([byte])
        #expect(shown?["title"]?.stringValue != "U")
      }
      _ = try decoder.finish()
    }
    #expect(error.description == whole.description)
  }

  @Test func invalidUTF8InAStringFailsAtItsPlace() throws {
    let bytes = Array(#"{"title": "ab"#.utf8) + [0xFF] + Array(#"cd"}"#.utf8)
    let whole = try #require(throws: MappingError.self) { try Recipe.decodeReporting(json: bytes) }
    var decoder = PartialDecoder(Recipe.self)
    let error = try #require(throws: MappingError.self) {
      for byte in bytes { _ = try decoder.append([byte]) }
      _ = try decoder.finish()
    }
    #expect(error.description == whole.description && error.code == .invalidJSON)
  }

  /// A string that ends in what would wait for more (a lone high surrogate escape, a UTF-8
  /// sequence cut by the closing quote) fails once its closing quote and the bytes after it
  /// have arrived, in a chunk, not only at the end, with the whole decode's error; so does a
  /// lone surrogate inside it. With chunks of 1 to 9 bytes, the string shown as it grew first.
  @Test func aStringEndingInAnIncompleteSequenceFailsWhenItCloses() throws {
    let faults: [[UInt8]] = [Array(#"\ud83d"#.utf8), [0xC3], [0xE6, 0x97], Array(#"\ud83dx"#.utf8), Array(#"\udc00"#.utf8)]
    for fault in faults {
      let bytes = Array(#"{"title": "Soupe "#.utf8) + fault + Array(#"", "servings": 4, "steps": [], "tags": [], "notes": {}}"#.utf8)
      let whole = try #require(throws: MappingError.self) { try Recipe.decodeReporting(json: bytes) }
      for size in 1...9 {
        var decoder = PartialDecoder(Recipe.self)
        let error = try #require(throws: MappingError.self, "\(fault) \(size)") {
          var start = 0
          while start < bytes.count {
            _ = try decoder.append(bytes[start..<min(bytes.count, start + size)])
            start += size
          }
        }
        #expect(error.description == whole.description && error.code == .invalidJSON, "\(fault) \(size)")
      }
    }
  }

  /// A value that does not map stops the snapshots; the end throws the whole decode's error.
  @Test func aValueThatDoesNotMapFailsAtTheEnd() throws {
    let text = #"{"title": "Soup", "servings": "four", "steps": [], "tags": [], "notes": {}}"#
    var decoder = PartialDecoder(Recipe.self)
    _ = try decoder.append(String(text.prefix(20)))
    #expect(decoder.partial?.title == "Soup")
    _ = try decoder.append(String(text.dropFirst(20)))
    let error = try #require(throws: MappingError.self) { try decoder.finish() }
    #expect(error == (try #require(throws: MappingError.self) { try Recipe(json: text) }))
    #expect(error.path.description == "$.servings")
  }

  @Test func deltasFromAnAsyncSequence() async throws {
    let text = Self.recipe
    var deltas: [String] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      deltas.append(String(rest.prefix(17)))
      rest = rest.dropFirst(17)
    }
    let stream = AsyncStream<String> { continuation in
      for delta in deltas { continuation.yield(delta) }
      continuation.finish()
    }
    var partials = 0
    var complete: Recipe?
    for try await result in Recipe.partials(of: stream) {
      if let recipe = result.complete { complete = recipe } else { partials += 1 }
    }
    #expect(partials > 10 && partials <= deltas.count)
    #expect(complete == (try Recipe(json: text)))
  }

  /// A string the model shows as it grows is finished by its last text when its closing quote
  /// arrives, whatever follows it in the same chunk (the next member, its container's end):
  /// with chunks of every size from 1 to 30 bytes, each snapshot shows a string only as a
  /// prefix of its whole text, and whole once anything after it is shown.
  @Test func aStringShownAsItGrewIsFinishedByItsLastText() throws {
    let whole = try Recipe.Partial(json: Self.recipe)
    let final = try #require(whole.steps)
    for size in 1...30 {
      var decoder = PartialDecoder(Recipe.self)
      var rest = Substring(Self.recipe)
      var last: Recipe.Partial?
      while !rest.isEmpty {
        if let shown = try decoder.append(String(rest.prefix(size))) {
          last = shown
          if let title = shown.title {
            #expect(whole.title!.hasPrefix(title), "\(size)")
            if shown.servings != nil { #expect(title == whole.title, "\(size)") }
          }
          for (index, step) in (shown.steps ?? []).enumerated() {
            guard let text = step.text else { continue }
            #expect(final[index].text!.hasPrefix(text), "\(size)")
            if index + 1 < (shown.steps ?? []).count || step.minutes != nil { #expect(text == final[index].text, "\(size)") }
          }
          let tags = shown.tags ?? []
          for (index, tag) in tags.enumerated() {
            #expect(whole.tags![index].hasPrefix(tag), "\(size)")
            if index + 1 < tags.count || shown.notes != nil { #expect(tag == whole.tags![index], "\(size)") }
          }
        }
        rest = rest.dropFirst(size)
      }
      #expect(last == whole, "\(size)")
      #expect(try decoder.finish() == (try Recipe(json: Self.recipe)))
    }
  }

  /// A long array or object arriving one member a delta costs time in proportion to its
  /// length: each snapshot changes the container in place. (A container with a second owner
  /// during a snapshot was copied whole at each one: ten times the members cost a hundred
  /// times the time.) The bound is loose; the snapshots are checked at the end.
  @Test(arguments: [false, true])
  func aLongContainerArrivingAMemberADeltaCostsLinearTime(isObject: Bool) throws {
    // Into `JSON`, and into `[Int]` or `[String: Int]`.
    try checkLinearCost(isObject: isObject, JSON.self)
    if isObject { try checkLinearCost(isObject: true, [String: Int].self) } else { try checkLinearCost(isObject: false, [Int].self) }
  }

  private func checkLinearCost<Target: JSONConvertible>(isObject: Bool, _ target: Target.Type) throws where Target.Partial: Equatable {
    func deltas(_ count: Int) -> [String] {
      let members = (0..<count).map { isObject ? #""k\#($0)": \#($0)"# : "\($0)" }
      return [isObject ? "{" : "["] + members.enumerated().map { $0.offset == 0 ? $0.element : ", " + $0.element } + [isObject ? "}" : "]"]
    }
    func decode(_ deltas: [String]) throws -> (Target.Partial?, Duration) {
      var decoder = PartialDecoder(Target.self, options: PartialDecodingOptions(snapshotEveryChunk: true))
      var last: Target.Partial?
      let time = try ContinuousClock().measure {
        for delta in deltas {
          // The last snapshot let go of first: one kept while the decoder changes what it
          // shares with it would be copied (copy-on-write), as any Swift value would.
          last = nil
          last = try decoder.append(delta)
        }
      }
      return (last, time)
    }
    let small = deltas(1_000)
    let large = deltas(10_000)
    _ = try decode(small)
    let (shown, smallTime) = try decode(small)
    let (largeShown, largeTime) = try decode(large)
    // The last snapshot holds every member (the last one once the closing bracket came).
    #expect(shown == (try Target(json: small.joined())) as? Target.Partial)
    #expect(largeShown == (try Target(json: large.joined())) as? Target.Partial)
    #expect(largeTime / smallTime < 40, "\(Target.self): 10,000 members took \(largeTime / smallTime)× the time of 1,000")
  }

  /// A long string arriving a few bytes a delta (the shape of a language model's answer)
  /// costs time in proportion to its length: each snapshot adds what arrived to the text the
  /// model shows. (Each snapshot copied the whole text so far: ten times the deltas cost a
  /// hundred times the time.) Cuts fall inside escapes and UTF-8 sequences; in the smaller
  /// run every snapshot's text is checked to extend the one before.
  @Test(arguments: ["title", "tag", "note", "extra member", "extra element", "root"])
  func aLongStringArrivingADeltaAtATimeCostsLinearTime(place: String) throws {
    func text(_ deltas: Int) -> [UInt8] {
      let words = [#"Onion "#, #"caf\u00e9 "#, "déjà ", #"\"quoted\" "#, "日本語 ", #"\ud83c\udf72 "#, #"line\n"#]
      var text: [UInt8] = []
      var index = 0
      while text.count < deltas * 8 {
        text += Array(words[index % words.count].utf8)
        index += 1
      }
      return text
    }
    func document(_ long: [UInt8]) -> [UInt8] {
      let string = [UInt8(ascii: "\"")] + long + [UInt8(ascii: "\"")]
      func recipe(title: [UInt8] = Array(#""Soup""#.utf8), tags: [UInt8] = [], notes: [UInt8] = [], extra: [UInt8] = Array("null".utf8)) -> [UInt8] {
        Array(#"{"title": "#.utf8) + title + Array(#", "servings": 2, "steps": [], "tags": ["#.utf8) + tags
          + Array(#"], "notes": {"#.utf8) + notes + Array(#"}, "extra": "#.utf8) + extra + [UInt8(ascii: "}")]
      }
      switch place {
      case "title": return recipe(title: string)
      case "tag": return recipe(tags: Array(#""short", "#.utf8) + string)
      case "note": return recipe(notes: Array(#""n": "#.utf8) + string)
      case "extra member": return recipe(extra: Array(#"{"x": "#.utf8) + string + [UInt8(ascii: "}")])
      case "extra element": return recipe(extra: [UInt8(ascii: "[")] + string + [UInt8(ascii: "]")])
      default: return string
      }
    }
    func decode<Target: JSONConvertible>(_ bytes: [UInt8], deltas: Int, _: Target.Type, checkingGrowth: Bool) throws -> (Target.Partial?, Duration)
    where Target.Partial: Equatable {
      var decoder = PartialDecoder(Target.self, options: PartialDecodingOptions(snapshotEveryChunk: true))
      var last: Target.Partial?
      var shown: [String] = []
      let size = bytes.count / deltas + 1
      let time = try ContinuousClock().measure {
        var start = 0
        while start < bytes.count {
          let end = min(bytes.count, start + size)
          last = nil  // the last snapshot let go of first (one kept is copied when changed, as any Swift value)
          last = try decoder.append(bytes[start..<end])
          if checkingGrowth, let last { shown.append("\(last)") }
          start = end
        }
      }
      _ = try decoder.finish()
      // Each snapshot shows at least what the one before showed (written out, the snapshots
      // grow as the text does: no character is shown and then taken back).
      for (before, after) in zip(shown, shown.dropFirst()) {
        #expect(after.hasPrefix(before.dropLast()))
      }
      return (last, time)
    }
    func check<Target: JSONConvertible>(_: Target.Type) throws where Target.Partial: Equatable {
      let small = document(text(1_000))
      let large = document(text(10_000))
      _ = try decode(small, deltas: 1_000, Target.self, checkingGrowth: false)
      // Written out, only the root's snapshots are the string alone.
      let (shown, smallTime) = try decode(small, deltas: 1_000, Target.self, checkingGrowth: place == "root")
      let (largeShown, largeTime) = try decode(large, deltas: 10_000, Target.self, checkingGrowth: false)
      // After the last delta, everything is shown as a whole decode reads it.
      #expect(shown == (try Target.Partial(json: small)))
      #expect(largeShown == (try Target.Partial(json: large)))
      #expect(largeTime / smallTime < 40, "\(place): 10,000 deltas took \(largeTime / smallTime)× the time of 1,000")
    }
    if place == "root" {
      try check(String.self)
      try check(JSON.self)
    } else {
      try check(Recipe.self)
    }
  }
}

/// Beside Python's jiter in partial mode, on seeded cuts of the benchmark corpus: at every
/// cut, what Mapwright shows of the text so far (as `JSON`) is what jiter reads from it. One
/// difference is documented and left out: a number or literal at the very end of the text
/// jiter takes as complete, where Mapwright waits for the byte after it (`12` may become
/// `123`), so cuts just after a letter, digit, `.`, `+` or `-` are not compared.
@Suite struct PartialDecodingBesideJiterTests {
  static let files = ["twitter.json", "citm_catalog.json", "github_events.json", "gsoc-2018.json", "update-center.json", "instruments.json"]

  @Test(.enabled(if: PythonJiter.available), arguments: files)
  func whatArrivedIsWhatJiterReads(file: String) throws {
    let path = "../shared/bench-data/" + file
    guard let data = FileManager.default.contents(atPath: path) else { return }
    let bytes = [UInt8](data.prefix(96 << 10))
    var random = SeededGenerator(seed: UInt64(file.utf8.count))
    var cuts: [Int] = []
    while cuts.count < 40 {
      let cut = Int.random(in: 1...bytes.count, using: &random)
      let last = bytes[cut - 1]
      let waits = (0x30...0x39).contains(last) || (0x41...0x5A).contains(last) || (0x61...0x7A).contains(last) || [0x2E, 0x2B, 0x2D].contains(last)
      if !waits { cuts.append(cut) }
    }
    cuts.sort()
    let (values, problem) = try PythonJiter.read(path: path, cuts: cuts)
    #expect(problem == nil, "\(problem ?? "")")
    guard values.count == cuts.count else { return }
    var decoder = PartialDecoder(JSON.self)
    var position = 0
    for (cut, value) in zip(cuts, values) {
      while position < cut {
        let end = min(cut, position + Int.random(in: 1...4096, using: &random))
        _ = try decoder.append(bytes[position..<end])
        position = end
      }
      if value.hasPrefix("error: ") {
        Issue.record("\(file), \(cut) bytes: jiter says \(value)")
        continue
      }
      #expect(decoder.partial == (try JSON(parsing: value)), "\(file), \(cut) bytes")
    }
  }
}
