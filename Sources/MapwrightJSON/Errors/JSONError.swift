/// An error found while parsing JSON: what went wrong and where.
///
/// `description` reads like `unexpected character ',' at line 3, column 17`; `message` is
/// the same without the location, and `excerpt` shows the line with a caret under the column:
///
/// ```swift
/// do {
///   _ = try JSONDocument("[1, 2,, 3]")
/// } catch {
///   print(error)          // unexpected character ',' at line 1, column 7, expected a value
///   print(error.excerpt)  // [1, 2,, 3]
///                         //       ^
///   if error.code == .unexpectedCharacter { … }
/// }
/// ```
///
/// Line and column are computed only when the error is created, by a scan of the input up
/// to the error's offset; the parser never tracks lines while it runs. Columns count Unicode
/// scalars from 1.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A stable code for each kind of error, for matching in `catch` clauses.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    /// The code's name.
    public let description: String
    init(_ description: String) { self.description = description }

    /// A byte that cannot come where it is (`expected …`).
    public static let unexpectedCharacter = Code("unexpectedCharacter")
    /// The input ends where more was expected.
    public static let unexpectedEnd = Code("unexpectedEnd")
    /// A string with no closing quote.
    public static let unterminatedString = Code("unterminatedString")
    /// A backslash escape JSON does not define, or a malformed `\uXXXX`.
    public static let invalidEscape = Code("invalidEscape")
    /// Bytes that are not well-formed UTF-8 (or input in UTF-16).
    public static let invalidUTF8 = Code("invalidUTF8")
    /// A `\uD800`–`\uDFFF` escape without its other half.
    public static let loneSurrogate = Code("loneSurrogate")
    /// A number outside JSON's grammar (leading zeros, a lone `-`, `1.`).
    public static let invalidNumber = Code("invalidNumber")
    /// Nesting deeper than `JSONParsingOptions.maximumDepth`.
    public static let tooDeep = Code("tooDeep")
    /// Something other than whitespace after the value.
    public static let trailingData = Code("trailingData")
    /// A key repeated in one object, with `duplicateKeys: .reject`.
    public static let duplicateKey = Code("duplicateKey")
    /// A control byte below 0x20 unescaped inside a string.
    public static let controlCharacter = Code("controlCharacter")
    /// An input of 4 GiB or more.
    public static let inputTooLarge = Code("inputTooLarge")
  }

  enum Kind: Sendable, Hashable {
    case unexpectedCharacter(UInt8, expected: String)
    case unexpectedEnd(expected: String)
    case unterminatedString
    case invalidEscape(String)
    case invalidUTF8(UInt8, utf16: Bool)
    case loneSurrogate(UInt16)
    case invalidNumber(String, reason: String)
    case tooDeep(limit: Int)
    case trailingData(UInt8)
    case duplicateKey(String)
    case controlCharacter(UInt8)
    case inputTooLarge(Int)
    /// A UTF-8 byte order mark past the start of the input (`expected` nil: after the value).
    case byteOrderMark(expected: String?)
  }

  let kind: Kind
  /// The byte offset in the input where the error was found.
  public let offset: Int
  /// The 1-based line of `offset`.
  public let line: Int
  /// The 1-based column of `offset`, in Unicode scalars.
  public let column: Int
  /// The source line around the error, and a second line with a caret under the column.
  public let excerpt: String

  init(_ kind: Kind, offset: Int, location: SourceLocation) {
    self.kind = kind
    self.offset = offset
    self.line = location.line
    self.column = location.column
    self.excerpt = location.excerpt
  }

  /// The error's code.
  public var code: Code {
    switch kind {
    case .unexpectedCharacter: .unexpectedCharacter
    case .unexpectedEnd: .unexpectedEnd
    case .unterminatedString: .unterminatedString
    case .invalidEscape: .invalidEscape
    case .invalidUTF8: .invalidUTF8
    case .loneSurrogate: .loneSurrogate
    case .invalidNumber: .invalidNumber
    case .tooDeep: .tooDeep
    case .trailingData: .trailingData
    case .duplicateKey: .duplicateKey
    case .controlCharacter: .controlCharacter
    case .inputTooLarge: .inputTooLarge
    case .byteOrderMark(let expected): expected == nil ? .trailingData : .unexpectedCharacter
    }
  }

  /// What went wrong, without the location: lower case, no final period.
  public var message: String { Self.describe(kind) }

  /// The message of an error of `kind` (the stream splitter words its errors by it too).
  static func describe(_ kind: Kind) -> String {
    switch kind {
    case .unexpectedCharacter(let byte, let expected):
      "unexpected character \(Self.show(byte)), expected \(expected)"
    case .unexpectedEnd(let expected):
      "unexpected end of input, expected \(expected)"
    case .unterminatedString:
      "unterminated string"
    case .invalidEscape(let escape):
      "invalid escape sequence \(escape)"
    case .invalidUTF8(let byte, let utf16):
      utf16
        ? "input is UTF-16, JSON must be UTF-8"
        : "invalid UTF-8 byte 0x\(Self.hex(byte, width: 2))"
    case .loneSurrogate(let unit):
      "lone surrogate \\u\(Self.hex(unit, width: 4)) in escape"
    case .invalidNumber(let text, let reason):
      "invalid number '\(text)': \(reason)"
    case .tooDeep(let limit):
      "nesting deeper than \(limit) levels"
    case .trailingData(let byte):
      "unexpected \(Self.show(byte)) after the JSON value"
    case .duplicateKey(let key):
      "duplicate key \"\(key)\""
    case .controlCharacter(let byte):
      "unescaped control character 0x\(Self.hex(byte, width: 2)) in string"
    case .inputTooLarge(let size):
      "input of \(size) bytes is larger than the 4 GiB a document can hold"
    case .byteOrderMark(let expected):
      "unexpected byte order mark (U+FEFF) \(expected.map { "where \($0) was expected" } ?? "after the JSON value"): one is allowed only at the start"
    }
  }

  /// The message, the line and the column.
  public var description: String { "\(message) at line \(line), column \(column)" }

  /// A UTF-8 byte order mark's bytes (U+FEFF).
  package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Whether `bytes` hold a UTF-8 byte order mark at `offset`.
  static func isByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    offset + 3 <= bytes.count && bytes[offset] == 0xEF && bytes[offset + 1] == 0xBB && bytes[offset + 2] == 0xBF
  }

  static func show(_ byte: UInt8) -> String {
    switch byte {
    case 0x20...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
    default: "0x\(hex(byte, width: 2))"
    }
  }

  static func hex(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

extension JSONError: MapwrightError {
  /// `code`'s name.
  public var errorCode: String { code.description }
  /// `endOfInput` when the input ended inside a value (more bytes may complete it), else
  /// `syntax`.
  public var errorCategory: MapwrightErrorCategory {
    code == .unexpectedEnd || code == .unterminatedString ? .endOfInput : .syntax
  }
  /// The offset, line and column.
  public var errorPlace: MapwrightErrorPlace { MapwrightErrorPlace(line: line, column: column, offset: offset) }
}
