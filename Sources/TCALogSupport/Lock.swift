#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Foundation's `NSLock`, `NSCondition` and `Thread` without Foundation: on Linux, loading
// Foundation (with ICU) took a third of every command's start-up (BENCHMARKS.md,
// "Start-up"), and tcalog needs nothing else of it that FoundationEssentials lacks.
// `Synchronization.Mutex` needs macOS 15. Each pthread object lives on the heap, where
// it never moves.

/// A mutex.
package final class Lock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() {
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }
}

/// A mutex with a condition variable.
package final class Condition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    mutex.initialize(to: pthread_mutex_t())
    condition.initialize(to: pthread_cond_t())
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Waits, the lock held, until a `broadcast` or a spurious wake-up (callers loop on
  /// what they wait for).
  package func wait() { pthread_cond_wait(condition, mutex) }

  package func broadcast() { pthread_cond_broadcast(condition) }
}

/// A detached thread that runs `body` and ends.
package enum DetachedThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a thread that runs `body`; false when the system cannot start one (a pids or
  /// memory limit: `pthread_create`'s EAGAIN), and `body` is then never run.
  @discardableResult
  package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let status = pthread_create(
      &thread, &attributes,
      { context in
        #if canImport(Glibc)
          Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        #else
          Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        #endif
        return nil
      }, context)
    if status != 0 {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    return true
  }
}
