import SkillCheckSupport
import SkillEngine
import SkillKit

/// Suspends until the task is cancelled, then throws `CancellationError`: a call that never answers.
@available(SkillCheckTesting, *)
package func suspendUntilCancelled() async throws -> Never {
    enum Phase { case starting, waiting(UnsafeContinuation<Void, any Error>), cancelled }
    let phase = Locked(Phase.starting)
    try await withTaskCancellationHandler {
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
            let cancelled = phase.withLock { phase -> Bool in
                if case .cancelled = phase { return true }
                phase = .waiting(continuation)
                return false
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
        }
    } onCancel: {
        let waiter = phase.withLock { phase -> UnsafeContinuation<Void, any Error>? in
            defer { phase = .cancelled }
            if case .waiting(let continuation) = phase { return continuation }
            return nil
        }
        waiter?.resume(throwing: CancellationError())
    }
    throw CancellationError()
}
