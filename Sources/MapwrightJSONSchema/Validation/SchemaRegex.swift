// A small matcher for the regular expressions most schemas use (`^[0-9]+$`, `^[A-Z_]{2,8}$`,
// `\.json$`): a sequence of single-character atoms, each with a quantifier, optionally
// anchored by `^` at the start and `$` at the end, with ECMA-262's meaning.
//
// - Atoms: a literal, `.` (any code point but \n, \r, U+2028, U+2029), `\d` `\w` `\s` and
//   their negations, escapes of punctuation, `\n` `\t` `\r` `\f` `\v`, `\uXXXX`, `\xHH`, and
//   classes `[...]` / `[^...]` of those (ranges included; `\D`, `\W`, `\S` not inside a class).
// - Quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, greedy or lazy (which does not change
//   whether a string matches). A counted one is unrolled: `a{2,4}` is `a a a? a?`.
// - Anything else (groups, `|`, back references, look-arounds, `\b`, `\p{…}`, more than 63
//   unrolled atoms) is not this matcher's: `SchemaRegex(_:)` returns nil and the pattern is run
//   by ICU (`SchemaPattern`).
//
// Matching runs the atoms as a nondeterministic automaton whose state set is one 64-bit mask
// (bit i: "before atom i", bit n: matched), one step per code point of the subject: linear in
// the subject, no backtracking. The subject is read as UTF-8 bytes, straight from the parse.

struct SchemaRegex: Sendable {
  /// A set of code points: a bitmap for ASCII, ranges above it.
  struct CharacterSet: Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var ranges: [ClosedRange<UInt32>] = []
    var negated = false

    mutating func insert(_ range: ClosedRange<UInt32>) {
      var lower = range.lowerBound
      while lower <= range.upperBound, lower < 128 {
        if lower < 64 { low |= 1 << UInt64(lower) } else { high |= 1 << UInt64(lower - 64) }
        lower += 1
      }
      if lower <= range.upperBound { ranges.append(lower...range.upperBound) }
    }

    mutating func formUnion(_ other: CharacterSet) {
      low |= other.low
      high |= other.high
      ranges += other.ranges
    }

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
      let inside: Bool
      if scalar < 64 {
        inside = low & (1 << UInt64(scalar)) != 0
      } else if scalar < 128 {
        inside = high & (1 << UInt64(scalar - 64)) != 0
      } else {
        inside = ranges.contains { $0.contains(scalar) }
      }
      return inside != negated
    }
  }

  enum Repeat: Sendable { case once, optional, any }

  struct Atom: Sendable {
    var set: CharacterSet
    var repeats: Repeat
  }

  private(set) var atoms: [Atom] = []
  private(set) var anchoredStart = false
  private(set) var anchoredEnd = false
  /// Atoms that may be skipped (`?`, `*`), as a mask.
  private var skippable: UInt64 = 0

  static let maximumAtoms = 63

  /// The matcher for `source`, or nil when the pattern is not one it runs.
  init?(_ source: String) {
    var parser = Parser(Array(source.unicodeScalars.map(\.value)))
    guard let parsed = parser.parse() else { return nil }
    (atoms, anchoredStart, anchoredEnd) = parsed
    guard atoms.count <= Self.maximumAtoms else { return nil }
    for (index, atom) in atoms.enumerated() where atom.repeats != .once { skippable |= 1 << UInt64(index) }
  }

  /// Adds, to each state, the states after the skippable atoms that follow it.
  @inline(__always)
  private func closure(_ states: UInt64) -> UInt64 {
    var states = states
    var pending = states & skippable
    while pending != 0 {
      let index = pending.trailingZeroBitCount
      pending &= pending - 1
      let next: UInt64 = 1 << UInt64(index + 1)
      if states & next == 0 {
        states |= next
        pending |= next & skippable
      }
    }
    return states
  }

  /// Whether the pattern matches somewhere in `text` (ECMA-262's `test`), `text` being valid
  /// UTF-8.
  func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let accept: UInt64 = 1 << UInt64(atoms.count)
    let start = closure(1)
    var states = start
    var position = 0
    while true {
      if states & accept != 0, !anchoredEnd { return true }
      guard position < text.count else { return states & accept != 0 }
      let scalar = Self.scalar(in: text, at: &position)
      var next: UInt64 = 0
      var live = states & (accept - 1)
      while live != 0 {
        let index = live.trailingZeroBitCount
        live &= live - 1
        let atom = atoms[index]
        guard atom.set.contains(scalar) else { continue }
        next |= atom.repeats == .any ? 1 << UInt64(index) : 1 << UInt64(index + 1)
      }
      states = closure(next)
      if !anchoredStart { states |= start }
      if states == 0 { return false }
    }
  }

  func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { matches($0) }
  }

  @inline(__always)
  private static func scalar(in text: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt32 {
    let lead = UInt32(text[position])
    if lead < 0x80 {
      position += 1
      return lead
    }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var scalar = lead & (0x7F >> UInt32(length))
    for offset in 1..<length where position + offset < text.count {
      scalar = scalar << 6 | UInt32(text[position + offset]) & 0x3F
    }
    position += length
    return scalar
  }

  // MARK: Parsing

  private struct Parser {
    let source: [UInt32]
    var position = 0
    /// Where the members of the class being read begin.
    var classStart = 0

    init(_ source: [UInt32]) { self.source = source }

    static func ascii(_ character: Character) -> UInt32 { UInt32(character.asciiValue!) }

    static let digits: CharacterSet = {
      var set = CharacterSet()
      set.insert(ascii("0")...ascii("9"))
      return set
    }()
    static let word: CharacterSet = {
      var set = digits
      set.insert(ascii("a")...ascii("z"))
      set.insert(ascii("A")...ascii("Z"))
      set.insert(ascii("_")...ascii("_"))
      return set
    }()
    /// ECMA-262's WhiteSpace and LineTerminator.
    static let space: CharacterSet = {
      var set = CharacterSet()
      for range: ClosedRange<UInt32> in [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
      ] { set.insert(range) }
      return set
    }()
    static let lineTerminators: CharacterSet = {
      var set = CharacterSet()
      set.insert(0x0A...0x0A)
      set.insert(0x0D...0x0D)
      set.insert(0x2028...0x2029)
      return set
    }()

    mutating func parse() -> (atoms: [Atom], anchoredStart: Bool, anchoredEnd: Bool)? {
      var atoms: [Atom] = []
      var anchoredStart = false
      var anchoredEnd = false
      if source.first == Self.ascii("^") {
        anchoredStart = true
        position = 1
      }
      while position < source.count {
        let character = source[position]
        if character == Self.ascii("$") {
          guard position == source.count - 1 else { return nil }
          anchoredEnd = true
          break
        }
        guard let set = atom() else { return nil }
        guard let repeats = quantifier() else { return nil }
        switch repeats {
        case .single(let kind): atoms.append(Atom(set: set, repeats: kind))
        case .counted(let minimum, let maximum):
          let total = maximum ?? minimum + 1
          guard total <= SchemaRegex.maximumAtoms else { return nil }
          for _ in 0..<minimum { atoms.append(Atom(set: set, repeats: .once)) }
          if let maximum {
            for _ in minimum..<maximum { atoms.append(Atom(set: set, repeats: .optional)) }
          } else {
            atoms.append(Atom(set: set, repeats: .any))
          }
        }
        guard atoms.count <= SchemaRegex.maximumAtoms else { return nil }
      }
      return (atoms, anchoredStart, anchoredEnd)
    }

    enum Quantifier {
      case single(Repeat)
      case counted(Int, Int?)
    }

    /// The quantifier after an atom (or `once`); nil for one this matcher does not take.
    mutating func quantifier() -> Quantifier? {
      guard position < source.count else { return .single(.once) }
      var result: Quantifier
      switch source[position] {
      case Self.ascii("*"):
        result = .single(.any)
        position += 1
      case Self.ascii("+"):
        result = .counted(1, nil)
        position += 1
      case Self.ascii("?"):
        result = .single(.optional)
        position += 1
      case Self.ascii("{"):
        position += 1
        guard let minimum = number() else { return nil }
        var maximum: Int? = minimum
        if position < source.count, source[position] == Self.ascii(",") {
          position += 1
          maximum = number()
        }
        guard position < source.count, source[position] == Self.ascii("}") else { return nil }
        position += 1
        if let maximum, maximum < minimum { return nil }
        result = .counted(minimum, maximum)
      default:
        return .single(.once)
      }
      if position < source.count, source[position] == Self.ascii("?") { position += 1 }  // lazy
      if position < source.count, [Self.ascii("*"), Self.ascii("+"), Self.ascii("?"), Self.ascii("{")].contains(source[position]) {
        return nil
      }
      return result
    }

    mutating func number() -> Int? {
      var value = 0
      var digits = 0
      while position < source.count, source[position] >= Self.ascii("0"), source[position] <= Self.ascii("9") {
        value = value * 10 + Int(source[position] - Self.ascii("0"))
        digits += 1
        position += 1
        if digits > 4 { return nil }
      }
      return digits == 0 ? nil : value
    }

    /// One atom outside a class.
    mutating func atom() -> CharacterSet? {
      let character = source[position]
      position += 1
      switch character {
      case Self.ascii("."):
        var set = Self.lineTerminators
        set.negated = true
        return set
      case Self.ascii("["): return characterClass()
      case Self.ascii("\\"):
        guard position < source.count else { return nil }
        let escaped = source[position]
        position += 1
        switch escaped {
        case Self.ascii("d"): return Self.digits
        case Self.ascii("w"): return Self.word
        case Self.ascii("s"): return Self.space
        case Self.ascii("D"), Self.ascii("W"), Self.ascii("S"):
          var set = escaped == Self.ascii("D") ? Self.digits : escaped == Self.ascii("W") ? Self.word : Self.space
          set.negated = true
          return set
        default:
          guard let scalar = escapedScalar(escaped) else { return nil }
          return single(scalar)
        }
      case Self.ascii("("), Self.ascii(")"), Self.ascii("|"), Self.ascii("^"), Self.ascii("$"), Self.ascii("*"),
        Self.ascii("+"), Self.ascii("?"), Self.ascii("{"), Self.ascii("}"), Self.ascii("]"):
        return nil
      default:
        return single(character)
      }
    }

    func single(_ scalar: UInt32) -> CharacterSet {
      var set = CharacterSet()
      set.insert(scalar...scalar)
      return set
    }

    /// The code point of an escape that stands for one (after the backslash), or nil.
    mutating func escapedScalar(_ escaped: UInt32) -> UInt32? {
      switch escaped {
      case Self.ascii("n"): return 0x0A
      case Self.ascii("t"): return 0x09
      case Self.ascii("r"): return 0x0D
      case Self.ascii("f"): return 0x0C
      case Self.ascii("v"): return 0x0B
      case Self.ascii("u"): return hex(4)
      case Self.ascii("x"): return hex(2)
      default:
        // Punctuation stands for itself; letters and digits are escapes this matcher leaves to ICU.
        guard escaped < 128, !(Self.word.contains(escaped)) else { return nil }
        return escaped
      }
    }

    mutating func hex(_ count: Int) -> UInt32? {
      guard position + count <= source.count else { return nil }
      var value: UInt32 = 0
      for _ in 0..<count {
        let digit = source[position]
        position += 1
        switch digit {
        case Self.ascii("0")...Self.ascii("9"): value = value << 4 | (digit - Self.ascii("0"))
        case Self.ascii("a")...Self.ascii("f"): value = value << 4 | (digit - Self.ascii("a") + 10)
        case Self.ascii("A")...Self.ascii("F"): value = value << 4 | (digit - Self.ascii("A") + 10)
        default: return nil
        }
      }
      // A lone surrogate is not a code point of valid UTF-8 text.
      return (0xD800...0xDFFF).contains(value) ? nil : value
    }

    /// A class after its `[`, through its `]`.
    mutating func characterClass() -> CharacterSet? {
      var set = CharacterSet()
      if position < source.count, source[position] == Self.ascii("^") {
        set.negated = true
        position += 1
      }
      // `[]`, `[^]` and ICU's set syntax (`[[`, `&&`, `--`, `[:alpha:]`) are left to ICU.
      guard position < source.count, source[position] != Self.ascii("]"), source[position] != Self.ascii(":") else {
        return nil
      }
      classStart = position
      while true {
        guard position < source.count else { return nil }
        if source[position] == Self.ascii("]") {
          position += 1
          return set
        }
        switch classMember() {
        case nil: return nil
        case .set(let members): set.formUnion(members)
        case .scalar(let lower):
          if position + 1 < source.count, source[position] == Self.ascii("-"), source[position + 1] != Self.ascii("]") {
            position += 1
            guard case .scalar(let upper) = classMember(), lower <= upper else { return nil }
            set.insert(lower...upper)
          } else {
            set.insert(lower...lower)
          }
        }
      }
    }

    enum ClassMember {
      case scalar(UInt32)
      case set(CharacterSet)
    }

    mutating func classMember() -> ClassMember? {
      guard position < source.count else { return nil }
      let character = source[position]
      position += 1
      switch character {
      case Self.ascii("["), Self.ascii("&"): return nil
      case Self.ascii("-"):
        // A literal only first or last in the class; ICU reads other places otherwise.
        guard position - 1 == classStart || (position < source.count && source[position] == Self.ascii("]")) else {
          return nil
        }
        return .scalar(character)
      case Self.ascii("\\"):
        guard position < source.count else { return nil }
        let escaped = source[position]
        position += 1
        switch escaped {
        case Self.ascii("d"): return .set(Self.digits)
        case Self.ascii("w"): return .set(Self.word)
        case Self.ascii("s"): return .set(Self.space)
        default: return escapedScalar(escaped).map { .scalar($0) }
        }
      default: return .scalar(character)
      }
    }
  }
}
