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
/// The mutex and the value share one block of memory of their own rather than living in stored
/// properties: the scheduler takes a lock a few dozen times per virtual-time wake, and a stored property
/// costs a dynamic exclusivity check on each access, on top of the lock (`NSLock` adds a class call of its
/// own). One block rather than two, because a test makes a clock, and so three of these, per scope.
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    /// Where the value starts in the block: after the mutex, aligned for the value.
    @usableFromInline static var valueOffset: Int {
        let end = MemoryLayout<pthread_mutex_t>.size, alignment = MemoryLayout<Value>.alignment
        return (end + alignment - 1) / alignment * alignment
    }

    @inlinable
    package init(_ value: Value) {
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: Self.valueOffset + MemoryLayout<Value>.size,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment))
        mutex = block.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        pthread_mutex_init(mutex, nil)
        storage = (block + Self.valueOffset).bindMemory(to: Value.self, capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        pthread_mutex_destroy(mutex)
        UnsafeMutableRawPointer(mutex).deallocate()
    }

    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
