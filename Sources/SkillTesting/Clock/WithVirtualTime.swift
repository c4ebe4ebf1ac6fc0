import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit

/// Runs `body` on a fresh ``VirtualClock``'s scheduler, moving virtual time by itself whenever everything on the clock waits.
///
/// Fails when the body leaves work behind or work leaves the scheduler.
///
/// The body is the test: it runs on the clock's ``VirtualClock/scheduler``, and so does everything it
/// awaits (`send`, child tasks, `async let`). Whenever every task on the scheduler is suspended and
/// the body has not finished, time jumps to the next sleeper's deadline, as kotlinx-coroutines-test's
/// `runTest` does. So the first test a newcomer writes just works, in microseconds:
///
/// ```swift
/// @Test func slowServiceTimesOut() async throws {
///     try await withVirtualTime { clock in
///         let network = FakeNetworkService(clock: clock)
///         network.stubWeather(city: "北京", reply: .hang)
///         let engine = AgentEngine(context: .virtual(clock: clock, networkService: network))
///         engine.register(WeatherSkill())
///         let reply = await engine.send("北京天气")     // the 10 s timeout fires on virtual time
///         #expect(reply.summary == "技能执行失败：技能执行超时")
///     }
/// }
/// ```
///
/// Driving the clock by hand works too: ``VirtualClock/advance(by:)`` inside the body runs the other
/// tasks right away, and time moves by itself only while the body itself waits.
///
/// The scope runs on a thread of its own; the calling task waits for it, holding its thread (a
/// semaphore, an order ThreadSanitizer sees), so each running scope takes one of the cooperative pool's
/// threads until it ends.
///
/// It fails, never hangs:
/// - with ``VirtualTimeLeftovers`` when the body returns leaving sleepers, unfinished spawned tasks or
///   escapes behind (they are cancelled first, so nothing leaks into the next test), or warnings when
///   `failOnWarnings`;
/// - with ``VirtualClockError/escaped(_:)`` as soon as work leaves the scheduler (an unstructured task where
///   the kit cannot run it, a hop to `@MainActor` that comes back), naming the task;
/// - with ``VirtualTimeLeftovers`` naming a sleep on a real clock (`Task.sleep(for:)`), once the body ends:
///   the sleep lasted as long on the virtual clock, so the body went on as it would have;
/// - with ``VirtualClockError/stalled(unfinished:)`` when nothing is runnable, nothing sleeps and
///   nothing comes back from outside within `stallTimeout` of real time (a continuation never resumed);
/// - with ``VirtualClockError/horizonExceeded(horizon:next:)`` or
///   ``VirtualClockError/tooManyWakes(limit:next:)`` when time would run on without end;
/// - with ``VirtualClockError/overran(limit:unfinished:suspends:)`` when the scope is still running after
///   `realTimeLimit` of real time: a loop that never ends while virtual time stands still (polling
///   without sleeping, or a retry loop that swallows cancellation). Its remaining jobs are never run. A
///   loop with no suspension point at all cannot be stopped from outside its thread: the scope still
///   fails after the limit (plus a second), and that thread is left running.
@available(SkillCheckTesting, *)
@discardableResult
public func withVirtualTime<Result: Sendable>(
    origin: Date = VirtualClock.defaultOrigin,
    failOnWarnings: Bool = false,
    stallTimeout: Duration = .seconds(1),
    horizon: Duration = .seconds(86_400 * 365),
    maxWakes: Int = 1_000_000,
    realTimeLimit: Duration = .seconds(60),
    _ body: sending @escaping (VirtualClock) async throws -> Result
) async throws -> Result {
    try await withVirtualTime(
        scheduler: DeterministicScheduler(reportsUnstructuredTasks: true), origin: origin, failOnWarnings: failOnWarnings,
        stallTimeout: stallTimeout, horizon: horizon, maxWakes: maxWakes, realTimeLimit: realTimeLimit, body)
}

/// ``withVirtualTime(origin:failOnWarnings:stallTimeout:horizon:maxWakes:realTimeLimit:_:)`` on a scheduler of
/// the caller's: one that explores another schedule.
@available(SkillCheckTesting, *)
package func withVirtualTime<Result: Sendable>(
    scheduler: DeterministicScheduler,
    origin: Date = VirtualClock.defaultOrigin,
    failOnWarnings: Bool = false,
    stallTimeout: Duration = .seconds(1),
    horizon: Duration = .seconds(86_400 * 365),
    maxWakes: Int = 1_000_000,
    realTimeLimit: Duration = .seconds(60),
    _ body: sending @escaping (VirtualClock) async throws -> Result
) async throws -> Result {
    let clock = VirtualClock(origin: origin, scheduler: scheduler)
    let finished = Locked(false)
    let task = clock.scheduler.spawn("the withVirtualTime body", isWork: false) {
        defer { finished.withLock { $0 = true } }
        return try await VirtualClock.$scoped.withValue(clock) { try await body(clock) }
    }
    let driver = VirtualTimeDriver(
        clock: clock, stallTimeout: stallTimeout, horizon: horizon, maxWakes: maxWakes, realTimeLimit: realTimeLimit
    )
    if case .failed(let error) = driver.drive(until: { finished.withLock { $0 } }) {
        task.cancel()
        clock.cancelAll()
        throw error
    }
    let result: Result
    do {
        result = try await task.value
    } catch {
        clock.cancelAll()
        throw error
    }
    clock.finishRealSleeps()
    let leftovers = VirtualTimeLeftovers(
        sleepers: clock.pendingSleepers,
        tasks: clock.scheduler.unfinishedWork,
        escapes: clock.scheduler.escapesSeen + clock.scheduler.realSleepsSeen,
        warnings: clock.warnings
    )
    if !leftovers.isEmpty || (failOnWarnings && !leftovers.warnings.isEmpty) {
        clock.cancelAll()
        throw leftovers
    }
    return result
}
