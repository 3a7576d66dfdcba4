// Docs/PartialJSON.md's examples (see DocExampleTests), run and checked.

import Foundation
import Mapwright
import Testing

@JSONModel(partial: true)
struct Answer: Equatable {
  var title: String
  var steps: [Step]
  var confidence: Double
}

@JSONModel(partial: true)
struct Step: Equatable {
  var text: String
  var minutes: Int?
}

enum PartialJSONDocExample {
  static func deltas() throws -> (printed: [String], answer: Answer) {
    var printed: [String] = []
    func print(_ title: String, _ steps: [String]) { printed.append("\(title) \(steps)") }
    var decoder = PartialDecoder(Answer.self)
    for delta in [#"{"title": "Onion so"#, #"up", "steps": [{"text": "Slice"#, #" the onions"}], "confidence": 0.9}"#] {
      if let answer = try decoder.append(delta) {
        print(answer.title ?? "…", answer.steps?.map { $0.text ?? "…" } ?? [])
      }
    }
    let answer = try decoder.finish()
    return (printed, answer)
  }

}

func show(_ deltas: AsyncStream<String>) async throws -> Answer? {
  for try await result in Answer.partials(of: deltas) {
    switch result {
    case .partial(let answer): print(answer.title ?? "…")
    case .complete(let answer): return answer
    }
  }
  return nil
}

@Suite struct PartialJSONDocExampleTests {
  @Test func theDeltasExampleShowsWhatItSays() throws {
    let (printed, answer) = try PartialJSONDocExample.deltas()
    #expect(printed == [#"Onion so []"#, #"Onion soup ["Slice"]"#, #"Onion soup ["Slice the onions"]"#])
    #expect(answer == Answer(title: "Onion soup", steps: [Step(text: "Slice the onions")], confidence: 0.9))
  }

  @Test func theAsyncExampleEndsWithTheModel() async throws {
    let deltas = AsyncStream<String> { continuation in
      for delta in [#"{"title": "Soup", "#, #""steps": [], "confidence": 1}"#] { continuation.yield(delta) }
      continuation.finish()
    }
    #expect(try await show(deltas) == Answer(title: "Soup", steps: [], confidence: 1))
  }

  @Test func theErrorExampleIsWhatADecodeSays() throws {
    var decoder = PartialDecoder(Answer.self)
    let error = try #require(throws: MappingError.self) { try decoder.append(#"{"title": "a\qb", "steps": []"#) }
    #expect(error.description == #"$: invalid JSON: invalid escape sequence \q (line 1, column 13)"#)
  }
}
