// A thread that runs an import's store work — lookups while the payload is scanned, batch
// writes while the next batch is mapped — so that the Swift work of the import overlaps the
// database's. Jobs run one at a time, in order, on the worker's thread alone: while a worker
// runs, only it uses the store. The first job that throws stops the rest; its error is
// rethrown by the next `submit` or by `finish`.

import Foundation

final class SerialWorker: @unchecked Sendable {
  private let condition = NSCondition()
  /// Jobs submitted and not started; `submit` waits while there are `capacity` of them
  /// (writes keep one batch in flight, so memory holds at most two).
  private let capacity: Int
  // Guarded by `condition`.
  private var jobs: [() throws -> Void] = []
  private var running = false
  private var stopping = false
  private var failure: (any Error)?

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    Thread { [self] in loop() }.start()
  }

  /// Queues `job` (waiting for room); rethrows an earlier job's error instead.
  func submit(_ job: @escaping () throws -> Void) throws {
    condition.lock()
    defer { condition.unlock() }
    while jobs.count >= capacity && failure == nil { condition.wait() }
    if let failure { throw failure }
    jobs.append(job)
    condition.broadcast()
  }

  /// Waits until every job submitted has run (or one failed); rethrows the error.
  func drain() throws {
    condition.lock()
    defer { condition.unlock() }
    while (running || !jobs.isEmpty) && failure == nil { condition.wait() }
    if let failure { throw failure }
  }

  /// `drain`, then ends the thread. Call it on every path, errors included.
  func finish() throws {
    defer {
      condition.lock()
      stopping = true
      jobs.removeAll()
      condition.broadcast()
      condition.unlock()
    }
    try drain()
  }

  private func loop() {
    condition.lock()
    while true {
      while jobs.isEmpty && !stopping { condition.wait() }
      if stopping { break }
      let job = jobs.removeFirst()
      running = true
      condition.unlock()
      var error: (any Error)?
      do { try job() } catch let caught { error = caught }
      condition.lock()
      running = false
      if let error {
        failure = error
        jobs.removeAll()
      }
      condition.broadcast()
    }
    condition.unlock()
  }
}
