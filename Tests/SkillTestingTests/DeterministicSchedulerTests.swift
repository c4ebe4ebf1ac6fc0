import Foundation
import SkillTesting
import Synchronization
import Testing

@Suite("DeterministicScheduler")
struct DeterministicSchedulerTests {
    @available(SkillCheckTesting, *)
    @Test("spawned work runs only when the scheduler is drained, in the order it was enqueued")
    func runsOnlyWhenDrained() async {
        let scheduler = DeterministicScheduler()
        let trace = Trace()
        for name in ["a", "b", "c"] { scheduler.spawn(name) { trace.record(name) } }
        #expect(trace.all.isEmpty)
        #expect(scheduler.hasRunnableJobs)
        scheduler.runUntilIdle()
        #expect(trace.all == ["a", "b", "c"])
        #expect(scheduler.unfinishedWork.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("child tasks and async let stay on the scheduler")
    func structuredChildrenStay() async throws {
        let clock = VirtualClock()
        let task = clock.scheduler.spawn("parent") {
            async let left: Int = {
                try await clock.sleep(for: .seconds(1))
                return 1
            }()
            let right = try await withThrowingTaskGroup(of: Int.self) { group in
                for value in 2...3 {
                    group.addTask {
                        try await clock.sleep(for: .seconds(value))
                        return value
                    }
                }
                return try await group.reduce(0, +)
            }
            return try await left + right
        }
        clock.scheduler.runUntilIdle()
        #expect(clock.pendingCount == 3)
        clock.advance(by: .seconds(3))
        #expect(try await task.value == 6)
        #expect(clock.scheduler.escapesSeen.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("a job that arrives from another thread while draining is recorded as an escape")
    func detectsEscape() async throws {
        let scheduler = DeterministicScheduler()
        scheduler.spawn("escaper") {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                Task(executorPreference: scheduler) {}
                done.signal()
            }
            thread.start()
            done.wait()
        }
        scheduler.runUntilIdle()
        #expect(scheduler.escapesSeen.count == 1)
        #expect(scheduler.escapesSeen.first?.description.contains("came back") == true)
    }

    @available(SkillCheckTesting, *)
    actor Counter {
        let scheduler: DeterministicScheduler
        var value = 0
        init(scheduler: DeterministicScheduler) { self.scheduler = scheduler }
        nonisolated var unownedExecutor: UnownedSerialExecutor { scheduler.asUnownedSerialExecutor() }
        func bump() -> Int {
            preconditionIsolated()
            value += 1
            return value
        }
    }

    @available(SkillCheckTesting, *)
    @Test("an actor can use the scheduler as its executor, and its isolation checks pass")
    func actorOnScheduler() async throws {
        let scheduler = DeterministicScheduler()
        let counter = Counter(scheduler: scheduler)
        let task = scheduler.spawn("bumps") {
            var last = 0
            for _ in 0..<5 { last = await counter.bump() }
            return last
        }
        scheduler.runUntilIdle()
        #expect(await task.value == 5)
    }

    @available(SkillCheckTesting, *)
    @Test("draining from inside a job runs the other jobs right there, as a test body on the scheduler needs")
    func reentrantDrain() async {
        let scheduler = DeterministicScheduler()
        let inner = Mutex(-1)
        let trace = Trace()
        scheduler.spawn("outer") {
            scheduler.spawn("inner") { trace.record("inner") }
            inner.withLock { $0 = scheduler.runUntilIdle() }
            trace.record("outer after drain")
        }
        #expect(scheduler.runUntilIdle() == 1)
        #expect(inner.withLock { $0 } == 1)
        #expect(trace.all == ["inner", "outer after drain"])
        #expect(scheduler.misuse.isEmpty)
    }
}
