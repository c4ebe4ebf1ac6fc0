import SkillKit
/// Lets a newer request end an older one under the cancel-previous policy.
///
/// A task-group child can only be cancelled from inside its group, so the older request races its
/// skill against ``wait()``, and the newer request calls ``fire()``.
final class SupersedeSignal: Sendable {
    private enum Phase {
        case armed(UnsafeContinuation<Void, any Error>?)
        case fired
        case cancelled
    }

    struct Superseded: Error {}

    private let phase = Locked(Phase.armed(nil))

    func fire() {
        let waiter: UnsafeContinuation<Void, any Error>? = phase.withLock { phase in
            guard case .armed(let waiter) = phase else { return nil }
            phase = .fired
            return waiter
        }
        waiter?.resume()
    }

    /// Runs `operation`, and cancels it with ``Superseded`` when the signal fires first.
    func race<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await self.wait()
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw Superseded() }
            return value
        }
    }

    private func wait() async throws {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = phase.withLock { phase in
                    switch phase {
                    case .armed:
                        phase = .armed(continuation)
                        return nil
                    case .fired: return .success(())
                    case .cancelled: return .failure(CancellationError())
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter: UnsafeContinuation<Void, any Error>? = phase.withLock { phase in
                guard case .armed(let waiter) = phase else { return nil }
                phase = .cancelled
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
