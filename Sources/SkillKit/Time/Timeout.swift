/// Runs `operation`, and cancels it when `duration` passes on `clock` first.
///
/// The seed architecture's task-group race, on an injected clock. The timer is started before the
/// operation, so on a virtual clock an operation that needs exactly `duration` times out: reaching the
/// deadline counts as running out of time. The loser is cancelled, and `withTimeout` returns once it
/// has stopped: an operation that ignores cancellation delays the return (never the error).
///
/// ```swift
/// let weather = try await withTimeout(.seconds(5), clock: context.clock) {
///     try await context.networkService.fetchWeather(city: "北京")
/// }
/// ```
///
/// - Throws: ``SkillError/timeout`` when the deadline passes first; `CancellationError` when the caller is
///   cancelled, even if `operation` still returns; otherwise what `operation` throws.
public func withTimeout<C: Clock, Value: Sendable>(
    _ duration: C.Duration,
    clock: C,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask {
            try await clock.sleep(for: duration)
            return nil
        }
        group.addTask { try await operation() }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            // A caller cancelled as the deadline passed is told of its cancellation, not of a timeout.
            try Task.checkCancellation()
            throw SkillError.timeout
        }
        // A caller cancelled while it waited gets its cancellation, even when an answer already on its way won
        // the race: a skill that awaits `withTimeout` then ends with CancellationError (CAN-3), as it would
        // awaiting the operation alone.
        try Task.checkCancellation()
        return value
    }
}
