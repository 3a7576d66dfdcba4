// Dates from samples that round-trip: a place whose strings are all ISO 8601 date-times becomes
// a `Date` only with a transformer that writes every sample back as it was read, so that a
// generated model never changes the data it passes through.
//
// - all in UTC written `Z`, all without fractions (or all with three digits): `.iso8601`
//   (or `.iso8601WithFractionalSeconds`), which write that form;
// - all at one fixed offset (`+01:00`, `-05:00`, `+00:00`), fractions as above: a
//   `.dateFormat` in that offset, which writes it back (and reads any other offset right);
// - otherwise (offsets that differ, as a zone with daylight saving time gives; other numbers
//   of fraction digits; a lower-case `t` or `z`): `String`, with a comment saying why, so
//   that each value is kept exactly as written.

extension SampleShape {
  /// Notes how the date-time `text` is written (called while every string here is one).
  func noteDateForm(_ text: String) {
    let bytes = Array(text.utf8)
    var i = 19
    var digits = 0
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
        i += 1
        digits += 1
      }
    }
    dateFractionDigits.insert(digits)
    let ending = String(decoding: bytes[min(i, bytes.count)...], as: UTF8.self)
    dateOffsets.insert(bytes[10] == UInt8(ascii: "T") && ending != "z" ? ending : "t")
  }
}

extension DeclarationBuilder {
  /// The type and attributes of a place whose strings are all ISO 8601 date-times.
  func dateType(of shape: SampleShape) -> (String, [String]) {
    let fractions = shape.dateFractionDigits
    guard fractions == [0] || fractions == [3] else {
      return (
        "String",
        [
          "// ISO 8601 date-times with \(fractions.count > 1 ? "and without fractions of a second" : "\(fractions.first ?? 0)-digit fractions of a second"): a String keeps each as written"
        ]
      )
    }
    guard shape.dateOffsets.count == 1, let offset = shape.dateOffsets.first, offset != "t" else {
      return (
        "String",
        [
          "// ISO 8601 date-times \(shape.dateOffsets.contains("t") ? "with a lower-case t or z" : "at different UTC offsets"): a String keeps each offset as written"
        ]
      )
    }
    let fractional = fractions == [3]
    if offset == "Z" {
      return ("Date", [fractional ? "@Transform(.iso8601WithFractionalSeconds)" : "@Transform(.iso8601)"])
    }
    // `+hh:mm`: a format in that fixed offset writes it back.
    let sign = offset.hasPrefix("-") ? -1 : 1
    let parts = offset.dropFirst().split(separator: ":").compactMap { Int($0) }
    guard parts.count == 2 else { return ("String", []) }
    let seconds = sign * (parts[0] * 3600 + parts[1] * 60)
    let format = "yyyy-MM-dd'T'HH:mm:ss\(fractional ? ".SSS" : "")xxx"
    return ("Date", [#"@Transform(.dateFormat("\#(format)", timeZone: TimeZone(secondsFromGMT: \#(seconds))!))"#])
  }
}
