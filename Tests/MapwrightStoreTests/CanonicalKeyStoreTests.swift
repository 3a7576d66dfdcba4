import Foundation
import Mapwright
import MapwrightGraph
import MapwrightSQLite
import Testing

/// A city keyed by its name: "é" written precomposed (C3 A9) and decomposed (65 CC 81) are two
/// keys, as SQLite compares TEXT by bytes.
@JSONModel(primaryKey: "code")
struct CanonicalCity: Equatable {
  var code: String
  var label: String
}

@Suite("Canonically equivalent text keys in the store")
struct CanonicalKeyStoreTests {
  @Test(arguments: StoreKind.all) func precomposedAndDecomposedKeysAreTwoRows(_ kind: StoreKind) throws {
    let t = try TemporaryModelStore(kind, [CanonicalCity.self])
    let summary = try t.run(#"[{"code": "\u00e9", "label": "nfc"}, {"code": "e\u0301", "label": "nfd"}]"#, [("", CanonicalCity.self)])
    #expect(summary.inserted == 2 && summary.updated == 0)
    #expect(try t.store.count(CanonicalCity.self) == 2)
    // Updating one leaves the other alone.
    let update = try t.run(#"[{"code": "e\u0301", "label": "nfd, updated"}]"#, [("", CanonicalCity.self)])
    #expect(update.inserted == 0 && update.updated == 1)
    #expect(try t.store.value(CanonicalCity.self, key: "\u{E9}")?.label == "nfc")
    #expect(try t.store.value(CanonicalCity.self, key: "e\u{301}")?.label == "nfd, updated")
  }

  @Test func primaryKeyValuesCompareBytes() {
    #expect(PrimaryKeyValue.text("\u{E9}") != PrimaryKeyValue.text("e\u{301}"))
    #expect(Set([PrimaryKeyValue.text("\u{E9}"), .text("e\u{301}"), .text("\u{E9}")]).count == 2)
    #expect(PrimaryKeyValue.text("a") == PrimaryKeyValue.text("a") && PrimaryKeyValue.integer(1) != .text("1"))
  }
}
