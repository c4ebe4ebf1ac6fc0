import Foundation
import SkillCheckSupport

@available(SkillCheckTesting, *)
extension VirtualClock {
    /// The clock of the virtual-time scope the current task runs in, if any.
    ///
    /// `@Test(.virtualTime)` (SkillTestingTraits) and ``withVirtualTime(origin:failOnWarnings:stallTimeout:horizon:maxWakes:realTimeLimit:_:)``
    /// set it for their body and everything the body starts on the scope's scheduler:
    ///
    /// ```swift
    /// @Test(.virtualTime)
    /// func reminderFiresTomorrow() async throws {
    ///     let clock = try #require(VirtualClock.current)
    ///     try await clock.sleep(for: .seconds(86_400))   // instant
    /// }
    /// ```
    public static var current: VirtualClock? { scoped }

    /// The task-local behind ``current``, set only by the kit's scopes.
    @TaskLocal package static var scoped: VirtualClock?
}

/// One test body run on a fresh virtual clock, for a test framework's scope: what went wrong, and whether the
/// body ended. Unlike `withVirtualTime`, it does not return while the body runs unless the body cannot be
/// ended: a framework's body closure must not outlive its scope.
@available(SkillCheckTesting, *)
package struct VirtualTimeScope: Sendable {
    package var origin: Date = VirtualClock.defaultOrigin
    package var stallTimeout: Duration = .seconds(1)
    package var realTimeLimit: Duration = .seconds(60)

    package init(origin: Date = VirtualClock.defaultOrigin, stallTimeout: Duration = .seconds(1), realTimeLimit: Duration = .seconds(60)) {
        self.origin = origin
        self.stallTimeout = stallTimeout
        self.realTimeLimit = realTimeLimit
    }

    /// What a run found.
    package struct Outcome: Sendable {
        /// What the scope itself found: a stall, an escape, an overrun, leftovers.
        package var problems: [any Error] = []
        /// What the body threw, if it ended.
        package var thrown: (any Error)?
        /// Whether the body's task ended. `false` only when it ignored the cancellation that followed a
        /// problem (a continuation nothing resumes, a loop that swallows cancellation).
        package var ended: Bool
        /// Waits for the body, which has not ended (only called then): the caller's closure must outlive it.
        package var wait: @Sendable () async -> Void = {}
        /// The scheduler's choices among two or more ready jobs (``DeterministicScheduler/choices``).
        package var choices: [Int] = []
    }

    /// Runs `body` as the scope's body: on the clock's scheduler, with ``VirtualClock/current`` set, time
    /// moving by itself whenever everything waits. After a stall, an escape or an overrun, the body is
    /// cancelled and given `stallTimeout` of real time to end.
    package func run(_ body: @escaping @Sendable () async throws -> Void, schedule: Schedule = .firstInFirstOut) async -> Outcome {
        let clock = VirtualClock(origin: origin, scheduler: DeterministicScheduler(reportsUnstructuredTasks: true, schedule: schedule))
        let finished = Locked(false)
        let task = clock.scheduler.spawn("the test body", isWork: false) {
            defer { finished.withLock { $0 = true } }
            try await VirtualClock.$scoped.withValue(clock) { try await body() }
        }
        var outcome = Outcome(ended: true)
        let driver = VirtualTimeDriver(
            clock: clock, stallTimeout: stallTimeout, horizon: .seconds(86_400 * 365), maxWakes: 1_000_000,
            realTimeLimit: realTimeLimit)
        if case .failed(let error) = driver.drive(until: { finished.withLock { $0 } }) {
            outcome.problems.append(error)
            task.cancel()
            clock.cancelAll()
            settle(clock, until: { finished.withLock { $0 } })
            guard finished.withLock({ $0 }) else {
                outcome.ended = false
                outcome.choices = clock.scheduler.choices
                outcome.wait = { _ = await task.result }
                return outcome
            }
        }
        if case .failure(let error) = await task.result { outcome.thrown = error }
        outcome.choices = clock.scheduler.choices
        clock.finishRealSleeps()
        let leftovers = VirtualTimeLeftovers(
            sleepers: clock.pendingSleepers, tasks: clock.scheduler.unfinishedWork,
            escapes: outcome.problems.isEmpty ? clock.scheduler.escapesSeen + clock.scheduler.realSleepsSeen : [], warnings: [])
        if !leftovers.isEmpty {
            clock.cancelAll()
            outcome.problems.append(leftovers)
        }
        return outcome
    }

    /// Drains the cancelled body's jobs, and waits for work coming back from elsewhere (a `@MainActor`
    /// hop), until `isFinished` or `stallTimeout` of real time without progress.
    private func settle(_ clock: VirtualClock, until isFinished: @escaping @Sendable () -> Bool) {
        let scheduler = clock.scheduler
        let deadline = ContinuousClock.now.advanced(by: stallTimeout)
        scheduler.resumeDraining(until: deadline)
        let done = DispatchSemaphore(value: 0)
        DriverThreads.shared.run {
            defer { done.signal() }
            while !isFinished(), ContinuousClock.now < deadline {
                scheduler.runUntilIdle()
                if isFinished() || scheduler.overran { break }
                clock.cancelAll()
                _ = scheduler.park(timeout: .milliseconds(10))
            }
        }
        done.wait()
    }
}
