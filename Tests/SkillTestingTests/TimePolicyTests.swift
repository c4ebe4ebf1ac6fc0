import SkillKit
import SkillTesting
import Synchronization
import Testing

@Suite("Time policies on the virtual clock")
struct TimePolicyTests {
    @available(SkillCheckTesting, *)
    @Test("withTimeout returns the operation's value when it finishes first, and leaves no timer behind")
    func timeoutNotReached() async throws {
        let clock = VirtualClock()
        let task = clock.scheduler.spawn("op") {
            try await withTimeout(.seconds(10), clock: clock) {
                try await clock.sleep(for: .seconds(3))
                return "ok"
            }
        }
        clock.advance(by: .seconds(3))
        #expect(try await task.value == "ok")
        #expect(clock.pendingCount == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("withTimeout throws SkillError.timeout at the deadline and cancels the operation")
    func timeoutReached() async throws {
        let clock = VirtualClock()
        let cancelled = Mutex(false)
        let task = clock.scheduler.spawn("op") {
            try await withTimeout(.seconds(10), clock: clock) {
                do { try await clock.sleep(for: .seconds(60)) } catch {
                    cancelled.withLock { $0 = true }
                    throw error
                }
            }
        }
        clock.advance(by: .seconds(10))
        await #expect(throws: SkillError.timeout) { try await task.value }
        #expect(cancelled.withLock { $0 })
        #expect(clock.pendingCount == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("withTimeout throws CancellationError to a cancelled caller, even when the operation still returns a value")
    func cancelledCaller() async throws {
        let clock = VirtualClock()
        let cancelCaller = Mutex<(@Sendable () -> Void)?>(nil)
        let task = clock.scheduler.spawn("op") {
            try await withTimeout(.seconds(10), clock: clock) {
                try await clock.sleep(for: .seconds(3))
                // The caller is cancelled just as the answer arrives: the answer wins the race.
                cancelCaller.withLock { $0?() }
                return "late answer"
            }
        }
        cancelCaller.withLock { $0 = { task.cancel() } }
        clock.advance(by: .seconds(3))
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.pendingCount == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("RetryPolicy waits base × factor^n: 1 s, 2 s, 4 s, capped at maxDelay")
    func schedule() {
        #expect(RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).schedule == [.seconds(1), .seconds(2), .seconds(4)])
        #expect(
            RetryPolicy(maxRetries: 5, baseDelay: .seconds(1), maxDelay: .seconds(5)).schedule
                == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        #expect(
            RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(100), factor: 1.5).schedule
                == [.milliseconds(100), .milliseconds(150)])
    }

    @available(SkillCheckTesting, *)
    @Test("seeded jitter gives the same waits for the same seed, within its bounds")
    func jitter() {
        let full = RetryPolicy(maxRetries: 6, baseDelay: .seconds(1), jitter: .full(seed: 7))
        #expect(full.schedule == full.schedule)
        for (wait, bound) in zip(full.schedule, RetryPolicy(maxRetries: 6, baseDelay: .seconds(1)).schedule) {
            #expect(wait >= .zero && wait <= bound)
        }
        let other = RetryPolicy(maxRetries: 6, baseDelay: .seconds(1), jitter: .full(seed: 8))
        #expect(full.schedule != other.schedule)
        let proportional = RetryPolicy(
            maxRetries: 3, baseDelay: .seconds(10),
            jitter: .proportional(fraction: 0.1, seed: 1))
        for wait in proportional.schedule.prefix(1) { #expect(wait >= .seconds(9) && wait <= .seconds(11)) }
    }

    @available(SkillCheckTesting, *)
    @Test("a test can assert the exact backoff schedule from the pending sleepers")
    func exactBackoff() async throws {
        let clock = VirtualClock()
        let attempts = Trace()
        let task = clock.scheduler.spawn("retry") {
            try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).run(clock: clock) { attempt in
                attempts.record("attempt \(attempt) at \(clock.now)")
                if attempt < 3 { throw NetworkError.offline }
                return attempt
            }
        }
        for expected in [1, 2, 4] {
            clock.scheduler.runUntilIdle()
            #expect(clock.pendingSleepers.map(\.duration) == [.seconds(expected)])
            clock.advance(by: .seconds(expected))
        }
        #expect(try await task.value == 3)
        #expect(
            attempts.all == [
                "attempt 0 at t+0.0 seconds", "attempt 1 at t+1.0 seconds",
                "attempt 2 at t+3.0 seconds", "attempt 3 at t+7.0 seconds",
            ])
    }

    @available(SkillCheckTesting, *)
    @Test(
        "errors the policy does not retry are thrown at once",
        arguments: [
            SkillError.invalidInput("x") as any Error, NetworkError.httpStatus(404),
        ])
    func nonRetryable(error: any Error) async throws {
        let clock = VirtualClock()
        let count = Mutex(0)
        let task = clock.scheduler.spawn("retry") {
            try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).run(clock: clock) { _ in
                count.withLock { $0 += 1 }
                throw error
            }
        }
        clock.scheduler.runUntilIdle()
        await #expect(throws: (any Error).self) { try await task.value }
        #expect(count.withLock { $0 } == 1)
    }

    struct Unrelated: Error {}

    @Test(
        "the default condition retries all but invalid input and client statuses other than 408 and 429",
        arguments: [
            (SkillError.invalidInput("x") as any Error, false), (SkillError.executionFailed("x"), true),
            (SkillError.timeout, true), (NetworkError.httpStatus(400), false), (NetworkError.httpStatus(404), false),
            (NetworkError.httpStatus(499), false), (NetworkError.httpStatus(408), true),
            (NetworkError.httpStatus(429), true), (NetworkError.httpStatus(500), true),
            (NetworkError.httpStatus(302), true), (NetworkError.offline, true), (NetworkError.timedOut, true),
            (Unrelated(), true),
        ])
    func defaultCondition(error: any Error, retried: Bool) {
        #expect(RetryPolicy.retriesTransientErrors(error) == retried)
    }

    @available(SkillCheckTesting, *)
    @Test("a CancellationError from the operation is never retried, whatever the condition says")
    func cancellationFromOperation() async throws {
        let clock = VirtualClock()
        let count = Mutex(0)
        let task = clock.scheduler.spawn("retry") {
            try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1), shouldRetry: { _ in true }).run(clock: clock) { _ in
                count.withLock { $0 += 1 }
                throw CancellationError()
            }
        }
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(count.withLock { $0 } == 1)
    }

    /// Keeps a count that only its own isolation touches.
    actor Counter {
        var attempts = 0

        func fetch(policy: RetryPolicy, clock: VirtualClock) async throws -> Int {
            // The operation runs in the actor's isolation: it touches `attempts` without an await.
            try await policy.run(clock: clock) { attempt in
                attempts += 1
                if attempt < 2 { throw NetworkError.offline }
                return attempts
            }
        }
    }

    @available(SkillCheckTesting, *)
    @Test("the operation may be a function value, or a closure in the caller's actor isolation")
    func operationForms() async throws {
        let clock = VirtualClock()
        let policy = RetryPolicy(maxRetries: 3, baseDelay: .seconds(1))
        let operation: @Sendable (Int) async throws -> String = { attempt in
            if attempt < 1 { throw NetworkError.timedOut }
            return "attempt \(attempt)"
        }
        let fromValue = clock.scheduler.spawn("value") { try await policy.run(clock: clock, operation) }
        let counter = Counter()
        let fromActor = clock.scheduler.spawn("actor") { try await counter.fetch(policy: policy, clock: clock) }
        try clock.run()
        #expect(try await fromValue.value == "attempt 1")
        #expect(try await fromActor.value == 3)
    }

    @available(SkillCheckTesting, *)
    @Test("cancelling during a backoff wait stops the retries at once")
    func cancelDuringBackoff() async throws {
        let clock = VirtualClock()
        let task = clock.scheduler.spawn("retry") {
            try await RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)).run(clock: clock) { _ in
                throw NetworkError.offline
            }
        }
        clock.scheduler.runUntilIdle()
        task.cancel()
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now.offset == .zero)
    }

    @available(SkillCheckTesting, *)
    struct Flaky: AgentSkill {
        let id = "flaky"
        let displayName = "Flaky"
        let description = "fails a few times"
        let keywords = ["flaky"]
        let failures: Int
        let calls = Calls()

        @available(SkillCheckTesting, *)
        final class Calls: Sendable { let count = Mutex(0) }

        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            let call = calls.count.withLock { value in
                value += 1
                return value
            }
            if call <= failures { throw NetworkError.timedOut }
            try await context.clock.sleep(for: .seconds(30))
            return SkillOutput(summary: "call \(call)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("RetryingSkill retries its base skill on the context's clock")
    func retryingSkill() async throws {
        let clock = VirtualClock()
        let skill = RetryingSkill(Flaky(failures: 2), policy: RetryPolicy(maxRetries: 3, baseDelay: .seconds(1)))
        #expect(skill.id == "flaky" && skill.canHandle("so flaky"))
        let task = clock.scheduler.spawn("skill") {
            try await skill.execute(input: SkillInput(rawText: "flaky"), context: .virtual(clock: clock))
        }
        try clock.run()
        #expect(try await task.value.summary == "call 3")
        #expect(clock.now.offset == .seconds(33))
    }

    @available(SkillCheckTesting, *)
    @Test("TimeoutSkill throws SkillError.timeout when its base skill runs past the limit")
    func timeoutSkill() async throws {
        let clock = VirtualClock()
        let skill = TimeoutSkill(Flaky(failures: 0), limit: .seconds(5))
        let task = clock.scheduler.spawn("skill") {
            try await skill.execute(input: SkillInput(rawText: "flaky"), context: .virtual(clock: clock))
        }
        try clock.run()
        await #expect(throws: SkillError.timeout) { try await task.value }
        #expect(clock.now.offset == .seconds(5))
    }
}
