// `@Key` texts are checked at compile time by the grammar the runtime reads them with
// (MapwrightNaming's KeyPathGrammar): an escaped dot is part of a key, not an empty component.

import Testing

@testable import MapwrightMacrosCore

@Suite struct KeyPathLintTests {
  @Test func theMacroReadsKeyPathsByTheRuntimeGrammar() {
    #expect(ModelChecker.pathProblem(#"a\..b"#) == nil)  // the keys "a." and "b"
    #expect(ModelChecker.pathProblem(#"a\.b"#) == nil)
    #expect(ModelChecker.pathProblem(#"a\."#) == nil)  // the one key "a."
    #expect(ModelChecker.pathProblem("a..b") == "has an empty component")
    #expect(ModelChecker.pathProblem(".a") == "starts or ends with a dot")
    #expect(ModelChecker.pathProblem("a.") == "starts or ends with a dot")
    #expect(ModelChecker.pathProblem("") == "is empty")
  }
}
