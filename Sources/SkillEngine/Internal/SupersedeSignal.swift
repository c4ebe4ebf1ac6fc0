import SkillCheckSupport
import SkillKit

/// Lets a newer request end an older one under the cancel-previous policy.
///
/// A task-group child can only be cancelled from inside its group, so the older request races its
/// skill against ``wait()``, and the newer request calls ``fire()``.
final class SupersedeSignal: Sendable {
    /// A run may race several skills against one signal, one after another, so a wait that ends
    /// without the signal firing leaves it armed for the next.
    private enum Phase {
        case armed(UnsafeContinuation<Void, any Error>?)
        case fired
        /// A wait was cancelled before it could register its continuation; that wait ends at once.
        case cancelledBeforeWaiting
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

    /// Runs `operation`, and cancels it with ``Superseded`` when the signal fires first (what a late
    /// result would have been is dropped).
    func race<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        guard case .finished(let value) = try await raceKeepingLate(operation) else { throw Superseded() }
        return value
    }

    /// Whether ``fire()`` was called.
    var isFired: Bool {
        phase.withLock { phase in
            if case .fired = phase { return true }
            return false
        }
    }

    /// How ``raceKeepingLate(_:)`` ended.
    enum RaceOutcome<Value: Sendable>: Sendable {
        case finished(Value)
        /// The signal fired first; `late` is what the operation returned anyway, when it ignored the
        /// cancellation and did not throw.
        case superseded(late: Value?)
    }

    /// Runs `operation` against the signal. When the signal fires first, the operation is cancelled and
    /// waited for, and what it returned all the same is reported, so that the caller can say it dropped it.
    func raceKeepingLate<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> RaceOutcome<Value> {
        try await withThrowingTaskGroup(of: RaceOutcome<Value>?.self) { group in
            group.addTask { .finished(try await operation()) }
            group.addTask {
                try await self.wait()
                return nil
            }
            guard let first = try await group.next() else { throw Superseded() }
            if let outcome = first {
                group.cancelAll()
                return outcome
            }
            group.cancelAll()
            var late: Value?
            while let next = try? await group.next() {
                if case .finished(let value)? = next { late = value }
            }
            return .superseded(late: late)
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
                    case .cancelledBeforeWaiting:
                        phase = .armed(nil)
                        return .failure(CancellationError())
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter: UnsafeContinuation<Void, any Error>? = phase.withLock { phase in
                guard case .armed(let waiter) = phase else { return nil }
                phase = waiter == nil ? .cancelledBeforeWaiting : .armed(nil)
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
