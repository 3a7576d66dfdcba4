// A thread of its own for a store's blocking work, so that async callers — a server's
// handlers on the cooperative pool or on a NIO event loop — never block: a call is queued, runs
// on this thread with the store's synchronous code, and resumes its caller when it is done.
// Calls run one at a time, in order.

import Foundation

package final class StoreThread: @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var jobs: [() -> Void] = []
  private var stopping = false
  /// Calls queued or running (guarded), for choosing the least busy of several threads.
  private var queued = 0

  package var load: Int {
    condition.lock()
    defer { condition.unlock() }
    return queued
  }

  package init(name: String) {
    let thread = Thread { [self] in loop() }
    thread.name = name
    thread.start()
  }

  /// Runs `body` on the thread and returns what it returns (or throws what it throws).
  package func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
      condition.lock()
      if stopping {
        condition.unlock()
        continuation.resume(throwing: StoreError(.connectionFailed, "the store was closed"))
        return
      }
      queued += 1
      jobs.append { [self] in
        let result = Result { try body() }
        condition.lock()
        queued -= 1
        condition.unlock()
        continuation.resume(with: result)
      }
      condition.signal()
      condition.unlock()
    }
  }

  /// Ends the thread once the calls queued have run.
  package func stop() {
    condition.lock()
    stopping = true
    condition.signal()
    condition.unlock()
  }

  private func loop() {
    condition.lock()
    while true {
      while jobs.isEmpty && !stopping { condition.wait() }
      if jobs.isEmpty && stopping { break }
      let job = jobs.removeFirst()
      condition.unlock()
      job()
      condition.lock()
    }
    condition.unlock()
  }
}
