import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting
import Testing

/// `Task {}` and `Task.detached` started by code under `withVirtualTime` run on its scheduler, on virtual time,
/// where the kit interposes task creation (Linux with glibc, no sanitizer).
@Suite("Unstructured tasks run on the virtual clock")
struct UnstructuredTaskTests {
    /// A client that streams from a `Task {}`, as URLSession-based clients do.
    @available(SkillCheckTesting, *)
    static func ticks(_ clock: VirtualClock, count: Int) -> AsyncThrowingStream<Int, any Error> {
        AsyncThrowingStream { continuation in
            let producer = Task {
                for tick in 0..<count {
                    try await clock.sleep(for: .seconds(1))
                    continuation.yield(tick)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a Task {} and a Task.detached sleep on the virtual clock and are awaited: an hour passes at once")
    func awaitedTasks() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let started = ContinuousClock.now
        let (values, elapsed) = try await withVirtualTime { clock in
            let plain = Task {
                try await clock.sleep(for: .seconds(1_800))
                return 1
            }
            let detached = Task.detached {
                try await clock.sleep(for: .seconds(3_600))
                return 2
            }
            let values = [try await plain.value, try await detached.value]
            return (values, clock.now.offset.inSeconds)
        }
        #expect(values == [1, 2])
        #expect(elapsed == 3_600)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @available(SkillCheckTesting, *)
    @Test("a stream produced in a Task {} is read on virtual time, the same way every run")
    func streamFromTask() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        for _ in 0..<20 {
            let read = try await withVirtualTime { clock in
                var read: [String] = []
                for try await tick in Self.ticks(clock, count: 3) {
                    read.append("\(tick)@\(Int(clock.now.offset.inSeconds))")
                }
                return read
            }
            #expect(read == ["0@1", "1@2", "2@3"])
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a Task {} left running when the body returns fails the scope, named, and is cancelled")
    func leftRunning() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let cancelled = Locked(false)
        do {
            try await withVirtualTime { clock in
                Task {
                    do { try await clock.sleep(for: .seconds(60)) } catch { cancelled.withLock { $0 = true } }
                }
            }
            Issue.record("the scope passed with a task still sleeping")
        } catch let leftovers as VirtualTimeLeftovers {
            #expect(leftovers.tasks.contains { $0.hasPrefix(DeterministicScheduler.unstructuredTaskLabel) }, "\(leftovers)")
            #expect(leftovers.sleepers.count == 1, "\(leftovers)")
        }
        #expect(cancelled.withLock { $0 })
    }

    @available(SkillCheckTesting, *)
    @Test("the scheduler tells which unstructured tasks are still running: not one whose end is only waiting to be seen")
    func runningTasks() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        try await withVirtualTime { clock in
            let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
            let quick = Task { 1 }
            #expect(clock.scheduler.unstructuredTasksStarted == 2)
            #expect(clock.scheduler.unstructuredTasksRunning.count == 2)
            _ = await quick.value
            #expect(clock.scheduler.unstructuredTasksRunning.count == 1)
            try await sleeper.value
            #expect(clock.scheduler.unstructuredTasksRunning.isEmpty)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a scheduler that does not run unstructured tasks, drained inside one that does, leaves its tasks alone")
    func nestedSchedulerKeepsItsTasks() async throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        try await withVirtualTime { clock in
            let inner = DeterministicScheduler()
            inner.spawn("inner") { _ = Task.detached { 1 } }
            inner.runUntilIdle()
            #expect(clock.scheduler.unstructuredTasksStarted == 0)
        }
    }
}
