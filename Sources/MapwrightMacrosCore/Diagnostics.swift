import SwiftDiagnostics

/// A diagnostic of the Mapwright macros: lower-case message, stable identifier.
struct MapwrightDiagnostic: DiagnosticMessage {
  let message: String
  let id: String
  let severity: DiagnosticSeverity

  init(_ id: String, _ message: String, severity: DiagnosticSeverity = .error) {
    self.id = id
    self.message = message
    self.severity = severity
  }

  var diagnosticID: MessageID { MessageID(domain: "Mapwright", id: id) }
}

struct MapwrightFixIt: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "Mapwright", id: message) }

  init(_ message: String) { self.message = message }
}
