import Foundation
import MapwrightJSON
import Testing

@Suite struct DepthTests {
  /// Runs `body` on a thread with a 512 KiB stack and waits for it.
  func onSmallStack<R: Sendable>(_ body: @escaping @Sendable () -> R) -> R {
    let box = ResultBox<R>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return box.value!
  }

  @Test func hundredThousandNestedArraysAreTooDeepNotACrash() {
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
    let code = onSmallStack { () -> JSONError.Code? in
      do {
        _ = try JSONDocument(bytes)
        return nil
      } catch let error as JSONError {
        return error.code
      } catch {
        return nil
      }
    }
    #expect(code == .tooDeep)
  }

  @Test func depthIsAPolicyNotAStackLimit() {
    // With the limit raised, the same document parses on the same small stack.
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
    let count = onSmallStack { () -> Int in
      var options = JSONParsingOptions()
      options.maximumDepth = 200_000
      return (try? JSONDocument(bytes, options: options))?.valueCount ?? -1
    }
    #expect(count == 100_000)
  }

  @Test func limitIsExact() throws {
    var options = JSONParsingOptions()
    options.maximumDepth = 3
    #expect(throws: Never.self) { try JSONDocument("[[[1]]]", options: options) }
    #expect(throws: Never.self) { try JSONDocument(#"{"a":{"b":[]}}"#, options: options) }
    do {
      _ = try JSONDocument("[[[[1]]]]", options: options)
      Issue.record("accepted")
    } catch {
      #expect(error.code == .tooDeep)
      #expect(error.message == "nesting deeper than 3 levels")
      #expect(error.column == 4)
    }
  }

  /// The parser keeps its first 32 open containers on the call stack and moves them to memory
  /// of its own beyond that: documents nested across that boundary (objects and arrays in
  /// turn, with members before and after each deeper level) read back whole.
  @Test(arguments: [1, 15, 16, 17, 31, 32, 33, 64, 200])
  func nestingAcrossTheStackBoundaryReadsBack(depth: Int) throws {
    // Level i: {"before": i, "inner": [i, <level i + 1>, "after"]}, innermost `true`.
    var text = "true"
    for level in stride(from: depth - 1, through: 0, by: -1) {
      text = #"{"before": \#(level), "inner": [\#(level), \#(text), "after"]}"#
    }
    let document = try JSONDocument(text)
    var value = document.root
    for level in 0..<depth {
      #expect(value.count == 2)
      #expect(value["before"]?.intValue == level)
      let inner = try #require(value["inner"])
      #expect(inner.count == 3)
      #expect(inner[0]?.intValue == level)
      #expect(inner[2]?.stringValue == "after")
      value = try #require(inner[1])
    }
    #expect(value.boolValue == true)
  }

  @Test func defaultLimitIs512() {
    let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(throws: Never.self) { try JSONDocument(deep) }
    #expect(throws: JSONError.self) { try JSONDocument(tooDeep) }
  }
}

final class ResultBox<R>: @unchecked Sendable {
  var value: R?
}
