import Foundation
import SkillCheckSupport
import SkillTesting
import Testing

/// A `Task.sleep` or a `ContinuousClock` sleep by code on a virtual clock's scheduler: it lasts as long on the virtual
/// clock, so the code goes on as it would (a back-off, a timeout racing it), and the scope still fails, naming it.
@Suite("A real sleep runs on the virtual clock, and is still reported")
struct RealSleepTests {
    @available(SkillCheckTesting, *)
    @Test("real sleeps wake after their length of virtual time, in order with the clock's own sleepers, every run")
    func realSleepsKeepTheirLength() async throws {
        for _ in 0..<20 {
            let woke = Locked<[String]>([])
            do {
                try await withVirtualTime { clock in
                    async let real: Void = {
                        try await Task.sleep(for: .seconds(5))
                        woke.withLock { $0.append("Task.sleep at \(clock.now)") }
                    }()
                    async let continuous: Void = {
                        try await ContinuousClock().sleep(until: .now + .seconds(7))
                        woke.withLock { $0.append("ContinuousClock at \(clock.now)") }
                    }()
                    async let virtual: Void = {
                        try await clock.sleep(for: .seconds(6))
                        woke.withLock { $0.append("virtual at \(clock.now)") }
                    }()
                    _ = try await (real, continuous, virtual)
                }
                Issue.record("a scope whose body slept on a real clock passed")
            } catch let leftovers as VirtualTimeLeftovers {
                #expect(leftovers.sleepers.isEmpty && leftovers.tasks.isEmpty, "\(leftovers)")
                #expect(leftovers.escapes.count == 2, "\(leftovers)")
                #expect(leftovers.escapes.allSatisfy { "\($0)".contains("the kit ran that sleep on the virtual clock") }, "\(leftovers)")
                #expect("\(leftovers)".contains("sleep on context.clock"), "\(leftovers)")
            }
            #expect(
                woke.withLock { $0 } == ["Task.sleep at t+5.0 seconds", "virtual at t+6.0 seconds", "ContinuousClock at t+7.0 seconds"])
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a real sleep a virtual timeout cancels throws at the timeout's instant and leaves no sleeper behind")
    func timeoutCancelsARealSleep() async throws {
        for _ in 0..<20 {
            let ends = Locked<[String]>([])
            do {
                try await withVirtualTime { clock in
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            do {
                                try await Task.sleep(for: .seconds(30))
                                ends.withLock { $0.append("slept") }
                            } catch {
                                ends.withLock { $0.append("\(type(of: error)) at \(clock.now)") }
                            }
                        }
                        group.addTask {
                            try? await clock.sleep(for: .seconds(10))
                            ends.withLock { $0.append("timeout") }
                        }
                        await group.next()
                        group.cancelAll()
                    }
                }
                Issue.record("a scope whose body slept on a real clock passed")
            } catch let leftovers as VirtualTimeLeftovers {
                #expect(leftovers.sleepers.isEmpty, "the cancelled sleep is not left sleeping: \(leftovers)")
                #expect(leftovers.escapes.count == 1, "\(leftovers)")
            }
            #expect(ends.withLock { $0 } == ["timeout", "CancellationError at t+10.0 seconds"])
        }
    }

    /// Waits a second before asking again, as a polling loop does.
    private static func courtesyDelay() async throws {
        try await Task.sleep(for: .seconds(1))
    }

    @available(SkillCheckTesting, *)
    @Test("the scope names the function that slept, though the runtime's sleep leaves it on no thread's stack")
    func namesTheFunctionThatSlept() async throws {
        try #require(RealWorldObservation.isAvailable, "\(RealWorldObservation.unavailableReason)")
        do {
            try await withVirtualTime { _ in try await Self.courtesyDelay() }
            Issue.record("a scope whose body slept on a real clock passed")
        } catch let leftovers as VirtualTimeLeftovers {
            #expect(
                leftovers.escapes.map(\.description) == [
                    "task \"the withVirtualTime body\" slept for 1.0 seconds on ContinuousClock, a real clock, in RealSleepTests.courtesyDelay() "
                        + "(after 1 jobs): sleep on context.clock, the injected clock, instead; the kit ran that sleep on the virtual clock"
                ])
        }
    }

    @available(SkillCheckTesting, *)
    @Test("VirtualClock.run() runs a real sleep on its time, then throws, naming it")
    func clockRunReportsIt() async throws {
        let clock = VirtualClock()
        let task = clock.scheduler.spawn("poller") {
            try await Task.sleep(for: .seconds(60))
            return clock.now
        }
        #expect(throws: VirtualClockError.self) { try clock.run() }
        #expect(try await task.value == .init(offset: .seconds(60)))
    }

    @available(SkillCheckTesting, *)
    @Test("DispatchQueue.asyncAfter's work runs on its queue at its virtual instant, in order, and fails the scope, naming it")
    func dispatchTimerRunsOnVirtualTime() async throws {
        for _ in 0..<20 {
            let woke = Locked<[String]>([])
            do {
                try await withVirtualTime { clock in
                    async let timer: Void = withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        DispatchQueue.global().asyncAfter(deadline: .now() + 3) {
                            woke.withLock { $0.append("asyncAfter at \(clock.now)") }
                            done.resume()
                        }
                    }
                    async let before: Void = {
                        try? await clock.sleep(for: .seconds(2))
                        woke.withLock { $0.append("virtual at \(clock.now)") }
                    }()
                    async let after: Void = {
                        try? await clock.sleep(for: .seconds(4))
                        woke.withLock { $0.append("virtual at \(clock.now)") }
                    }()
                    _ = await (timer, before, after)
                }
                Issue.record("a scope whose body waited on a dispatch timer passed")
            } catch let leftovers as VirtualTimeLeftovers {
                #expect(leftovers.sleepers.isEmpty && leftovers.tasks.isEmpty, "\(leftovers)")
                #expect("\(leftovers)".contains("3.0 seconds on DispatchQueue.asyncAfter"), "\(leftovers)")
            }
            #expect(woke.withLock { $0 } == ["virtual at t+2.0 seconds", "asyncAfter at t+3.0 seconds", "virtual at t+4.0 seconds"])
        }
    }

    @available(SkillCheckTesting, *)
    @Test("without the interposer, a deadline read back a few microseconds late gives its duration to the millisecond")
    func deadlineToTheMillisecond() {
        #expect(DeterministicScheduler.nearestMillisecond(.nanoseconds(4_999_998_556)) == .seconds(5))
        #expect(DeterministicScheduler.nearestMillisecond(.nanoseconds(499_996_052)) == .milliseconds(500))
        #expect(DeterministicScheduler.nearestMillisecond(.microseconds(-3)) == .zero)
    }
}
