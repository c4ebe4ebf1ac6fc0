import Foundation

/// A value behind a lock that ThreadSanitizer understands.
///
/// `Synchronization.Mutex` would do, but on Linux its lock lives in the uninstrumented toolchain
/// library, so ThreadSanitizer sees two threads touching the guarded value with nothing between them
/// and reports a race that is not there. The kit runs skills under ThreadSanitizer to find their races,
/// so its own locks must not cry wolf: an `NSLock` is a pthread mutex, which ThreadSanitizer intercepts.
@available(SkillCheckTesting, *)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
