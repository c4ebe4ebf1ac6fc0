#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock, shared with the other modules of this package (`package`).
///
/// Not `Synchronization.Mutex`, for two reasons: it needs macOS 15 and this module supports macOS 14; and
/// on Linux its lock lives in the uninstrumented toolchain library, so ThreadSanitizer sees two threads
/// touching the guarded value with nothing between them and reports a race that is not there. The kit
/// runs skills under ThreadSanitizer to find their races, so its own locks must not cry wolf: a pthread
/// mutex is one ThreadSanitizer intercepts.
///
/// The mutex and the value live in memory of their own rather than in stored properties: the scheduler
/// takes a lock a few dozen times per virtual-time wake, and a stored property costs a dynamic
/// exclusivity check on each access, on top of the lock (`NSLock` adds a class call of its own).
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    @inlinable
    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
