import Foundation
import SkillTesting
import Testing

@Suite("VirtualClock")
struct VirtualClockTests {
    @available(SkillCheckTesting, *)
    @Test("now starts at zero and advance(by:) moves it by exactly that much")
    func advanceBy() {
        let clock = VirtualClock()
        #expect(clock.now.offset == .zero)
        clock.advance(by: .milliseconds(1500))
        #expect(clock.now.offset == .milliseconds(1500))
    }

    @available(SkillCheckTesting, *)
    @Test("advance(to:) wakes sleepers due at the target instant")
    func advanceToWakesAtTarget() async throws {
        let clock = VirtualClock()
        let trace = Trace()
        let task = clock.scheduler.spawn("sleeper") {
            try await clock.sleep(for: .seconds(2))
            trace.record("woke at \(clock.now)")
        }
        clock.advance(to: .init(offset: .seconds(2) - .nanoseconds(1)))
        #expect(trace.all.isEmpty)
        clock.advance(to: .init(offset: .seconds(2)))
        #expect(trace.all == ["woke at t+2.0 seconds"])
        try await task.value
    }

    @available(SkillCheckTesting, *)
    @Test("sleepers wake in (deadline, registration) order, first-come first-served among equal deadlines")
    func wakeOrder() async throws {
        let clock = VirtualClock()
        let trace = Trace()
        for (name, seconds) in [("c", 3), ("a1", 1), ("b", 2), ("a2", 1), ("a3", 1)] {
            clock.scheduler.spawn(name) {
                try await clock.sleep(for: .seconds(seconds))
                trace.record(name)
            }
        }
        clock.advance(by: .seconds(3))
        #expect(trace.all == ["a1", "a2", "a3", "b", "c"])
    }

    @available(SkillCheckTesting, *)
    @Test("each woken sleeper runs to its next suspension before the next wakes, with now at its deadline")
    func runsToNextSuspension() async throws {
        let clock = VirtualClock()
        let trace = Trace()
        clock.scheduler.spawn("a") {
            try await clock.sleep(for: .seconds(1))
            trace.record("a at \(clock.now)")
            try await clock.sleep(for: .milliseconds(500))
            trace.record("a again at \(clock.now)")
        }
        clock.scheduler.spawn("b") {
            try await clock.sleep(for: .seconds(1))
            trace.record("b at \(clock.now)")
        }
        clock.scheduler.spawn("c") {
            try await clock.sleep(for: .seconds(2))
            trace.record("c at \(clock.now)")
        }
        clock.advance(by: .seconds(3))
        #expect(
            trace.all == [
                "a at t+1.0 seconds", "b at t+1.0 seconds", "a again at t+1.5 seconds", "c at t+2.0 seconds",
            ])
        #expect(clock.now.offset == .seconds(3))
    }

    @available(SkillCheckTesting, *)
    @Test("sleeping until a deadline at or before now returns at once")
    func pastDeadlineReturnsAtOnce() async throws {
        let clock = VirtualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: .init(offset: .seconds(5)))
        try await clock.sleep(until: .init(offset: .seconds(1)))
        try await clock.sleep(for: .zero)
        #expect(clock.pendingCount == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("a cancelled sleeper throws CancellationError at once, with no advance")
    func cancelWhileSleeping() async throws {
        let clock = VirtualClock()
        let task = clock.scheduler.spawn("sleeper") { try await clock.sleep(for: .seconds(60)) }
        clock.scheduler.runUntilIdle()
        #expect(clock.pendingCount == 1)
        task.cancel()
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.pendingCount == 0)
        #expect(clock.now.offset == .zero)
    }

    @available(SkillCheckTesting, *)
    @Test("a cancel that lands before the sleep is registered still throws at once")
    func cancelBeforeSleep() async throws {
        let clock = VirtualClock()
        let task = clock.scheduler.spawn("sleeper") { try await clock.sleep(for: .seconds(60)) }
        task.cancel()
        clock.scheduler.runUntilIdle()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.pendingCount == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("pendingSleepers lists deadline, duration, order and task label; nextDeadline is the earliest")
    func inspection() {
        let clock = VirtualClock()
        clock.advance(by: .seconds(1))
        clock.scheduler.spawn("retry") { try await clock.sleep(for: .seconds(4)) }
        clock.scheduler.spawn("poll") { try await clock.sleep(for: .seconds(2)) }
        clock.scheduler.runUntilIdle()
        let sleepers = clock.pendingSleepers
        #expect(sleepers.map(\.label) == ["poll", "retry"])
        #expect(sleepers.map(\.deadline.offset) == [.seconds(3), .seconds(5)])
        #expect(sleepers.map(\.duration) == [.seconds(2), .seconds(4)])
        #expect(sleepers.map(\.sequence) == [1, 0])
        #expect(clock.nextDeadline?.offset == .seconds(3))
        clock.cancelAll()
        #expect(clock.nextDeadline == nil)
    }

    @available(SkillCheckTesting, *)
    @Test("a task spawned from a thread that runs no task names its sleepers and its child's, and is no escape")
    func labelFromPlainThread() async throws {
        let clock = VirtualClock()
        // The label is bound around the task's creation: on a thread outside any task it lives in the
        // thread's own task-local storage until the task copies it.
        await withCheckedContinuation { (spawned: CheckedContinuation<Void, Never>) in
            Thread {
                clock.scheduler.spawn("from a thread") {
                    async let child: Void = clock.sleep(for: .seconds(2))
                    try await clock.sleep(for: .seconds(1))
                    try await child
                }
                spawned.resume()
            }.start()
        }
        clock.scheduler.runUntilIdle()
        #expect(clock.pendingSleepers.map(\.label) == ["from a thread", "from a thread"])
        clock.advance(by: .seconds(2))
        #expect(clock.scheduler.unfinishedWork.isEmpty)
        #expect(clock.scheduler.escapesSeen.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("waitForSleepers returns once code that is not on the scheduler has reached its sleep")
    func waitForSleepers() async throws {
        let clock = VirtualClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(1))
        try await task.value
    }

    @available(SkillCheckTesting, *)
    @Test("advance with nothing pending is recorded as a warning")
    func warnsWhenNothingPending() {
        let clock = VirtualClock()
        clock.advance(by: .seconds(1))
        #expect(clock.warnings.count == 1)
        #expect(clock.warnings.first?.contains("no sleeper pending") == true)
    }

    @available(SkillCheckTesting, *)
    @Test("dates follow the virtual clock from its origin")
    func dates() {
        let clock = VirtualClock()
        clock.advance(by: .seconds(90))
        #expect(clock.dateSource() == VirtualClock.defaultOrigin.addingTimeInterval(90))
    }

    @available(SkillCheckTesting, *)
    @Test("many clocks in parallel do not see each other's time or sleepers")
    func parallelClocks() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 1...32 {
                group.addTask {
                    let clock = VirtualClock()
                    let trace = Trace()
                    clock.scheduler.spawn("s") {
                        for step in 0..<index {
                            try await clock.sleep(for: .milliseconds(index))
                            trace.record("\(step)")
                        }
                    }
                    try clock.run()
                    return clock.now.offset == .milliseconds(index * index) && trace.all.count == index
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
