import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a file, held until ``unlock()`` (or the process ends: the kernel releases
/// it then, so a run that crashed never leaves the cache locked).
package final class FileLock: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The open file, or -1 once unlocked; behind a lock of its own, so one `FileLock` may be waited for off the
    /// cooperative pool and released from the task that took it.
    private let descriptor: Locked<Int32>
    package let path: String

    package init(_ url: URL) throws {
        path = url.path
        let opened = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw Failure(path: url.path, reason: String(cString: strerror(errno))) }
        descriptor = Locked(opened)
    }

    /// Takes the lock if no one holds it.
    package func tryLock() -> Bool { flock(descriptor.withLock { $0 }, LOCK_EX | LOCK_NB) == 0 }

    /// Waits for the lock.
    package func lock() throws {
        let file = descriptor.withLock { $0 }
        while flock(file, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        }
    }

    /// Releases the lock and closes the file; a second call does nothing.
    package func unlock() {
        descriptor.withLock { file in
            guard file >= 0 else { return }
            flock(file, LOCK_UN)
            close(file)
            file = -1
        }
    }

    deinit { unlock() }
}
