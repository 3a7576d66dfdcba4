// A plain mutex for the little state that is shared across threads: a stream sequence's
// report (shared between copies of the sequence), the Codable decoder's process-wide answers
// about types. MapwrightJSON does without Foundation's `NSLock`, and `Synchronization.Mutex`
// needs newer Apple platforms than the package supports.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

package final class PlainLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
