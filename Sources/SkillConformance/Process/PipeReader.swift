import Foundation
import SkillEngine

/// Reads a pipe to its end on a thread of its own, handing each piece it reads to `onData`, in order;
/// ``waitForEnd(timeout:)`` returns once the end is reached.
///
/// Why not `FileHandle.readabilityHandler`: clearing the handler once the process has exited does not
/// stop a call of it already under way, and that call can hand on its piece after the rest was read
/// (`readDataToEndOfFile`), or after the caller stopped listening: under load, output arrived out of
/// order or cut short. One reader per pipe, reading until the end, leaves no such window.
///
/// ```swift
/// let reader = PipeReader(pipe.fileHandleForReading) { data in collected.append(data) }
/// try process.run()
/// process.waitUntilExit()
/// reader.waitForEnd()
/// ```
@available(SkillCheckTesting, *)
public final class PipeReader: Sendable {
    private let ended = DispatchSemaphore(value: 0)
    /// Kept so that the descriptor stays open while the thread reads it.
    private let handle: FileHandle

    public init(_ handle: FileHandle, onData: @escaping @Sendable (Data) -> Void) {
        self.handle = handle
        let descriptor = handle.fileDescriptor
        let ended = ended
        let thread = Thread { [handle] in
            // The handle lives as long as the loop, so its descriptor is never closed (and reused) under it.
            defer { withExtendedLifetime(handle) {} }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                onData(Data(buffer[0..<count]))
            }
            ended.signal()
        }
        thread.start()
    }

    /// Waits until the pipe's end was read and handed on: once every process that could write to it has
    /// ended (or closed it). Returns `false` when `timeout` passed first (a process the tool started
    /// still holds the pipe); the reader then goes on by itself.
    @discardableResult
    public func waitForEnd(timeout: Duration? = nil) -> Bool {
        guard let timeout else {
            ended.wait()
            return true
        }
        return ended.wait(timeout: .now() + dispatchInterval(timeout)) == .success
    }
}
