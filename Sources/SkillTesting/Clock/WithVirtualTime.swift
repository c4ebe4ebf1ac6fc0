import Foundation

/// Runs `body` with a fresh ``VirtualClock``, and fails when the body leaves work behind.
///
/// At the end the clock's scheduler is drained; then any pending sleeper, unfinished spawned task or
/// escaped job is listed in a ``VirtualTimeLeftovers`` error (they are cancelled first, so nothing
/// leaks into the next test). With `failOnWarnings`, the clock's ``VirtualClock/warnings`` count too.
///
/// ```swift
/// try await withVirtualTime { clock in
///     let engine = AgentEngine(context: .virtual(clock: clock))
///     ...
/// }
/// ```
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@discardableResult
public func withVirtualTime<Result>(
    origin: Date = VirtualClock.defaultOrigin,
    failOnWarnings: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (VirtualClock) async throws -> Result
) async throws -> Result {
    let clock = VirtualClock(origin: origin)
    let result: Result
    do {
        result = try await body(clock)
    } catch {
        clock.cancelAll()
        throw error
    }
    clock.scheduler.runUntilIdle()
    let leftovers = VirtualTimeLeftovers(
        sleepers: clock.pendingSleepers,
        tasks: clock.scheduler.unfinishedTasks,
        escapes: clock.scheduler.escapes,
        warnings: clock.warnings
    )
    if !leftovers.isEmpty || (failOnWarnings && !leftovers.warnings.isEmpty) {
        clock.cancelAll()
        throw leftovers
    }
    return result
}
