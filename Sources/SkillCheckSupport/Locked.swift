import Foundation

/// A value behind a lock, shared with the other modules of this package (`package`).
///
/// Not `Synchronization.Mutex`, for two reasons: it needs macOS 15 and this module supports macOS 14; and
/// on Linux its lock lives in the uninstrumented toolchain library, so ThreadSanitizer sees two threads
/// touching the guarded value with nothing between them and reports a race that is not there. The kit
/// runs skills under ThreadSanitizer to find their races, so its own locks must not cry wolf: an
/// `NSLock` is a pthread mutex, which ThreadSanitizer intercepts.
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    @inlinable
    package init(_ value: Value) {
        self.value = value
    }

    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
