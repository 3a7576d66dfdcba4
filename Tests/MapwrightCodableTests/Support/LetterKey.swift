/// A key of one byte that is not an enum: its name is its byte, an ASCII letter. Keyed
/// containers keep the names of such keys by their byte (see `KeyNames`), as they do an
/// enum's.
struct LetterKey: CodingKey {
  let letter: UInt8
  init(_ letter: Character) { self.letter = letter.asciiValue! }
  init?(stringValue: String) {
    guard stringValue.utf8.count == 1, let first = stringValue.utf8.first else { return nil }
    letter = first
  }
  init?(intValue: Int) { nil }
  var stringValue: String { String(UnicodeScalar(letter)) }
  var intValue: Int? { nil }
}
