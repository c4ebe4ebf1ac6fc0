import Foundation
import SkillKit
import SkillTesting
import Testing

@Suite("VirtualClock.run and withVirtualTime")
struct VirtualClockRunTests {
    @available(SkillCheckTesting, *)
    @Test("run() advances until nothing is pending")
    func runToEnd() async throws {
        let clock = VirtualClock()
        let task = clock.scheduler.spawn("steps") {
            for _ in 0..<10 { try await clock.sleep(for: .seconds(60)) }
            return clock.now.offset
        }
        try clock.run()
        #expect(try await task.value == .seconds(600))
    }

    @available(SkillCheckTesting, *)
    @Test("run() stops at the virtual horizon and names the sleeper that never ends")
    func horizon() async throws {
        let clock = VirtualClock()
        clock.scheduler.spawn("poller") {
            while true { try await clock.sleep(for: .seconds(30)) }
        }
        #expect {
            try clock.run(horizon: .seconds(3600))
        } throws: { error in
            guard case VirtualClockError.horizonExceeded(_, let next) = error else { return false }
            return next.label == "poller" && next.deadline.offset == .seconds(3630)
        }
        clock.cancelAll()
    }

    @available(SkillCheckTesting, *)
    @Test("run() stops after maxWakes and names the next sleeper")
    func maxWakes() async throws {
        let clock = VirtualClock()
        clock.scheduler.spawn("spinner") {
            while true { try await clock.sleep(for: .milliseconds(1)) }
        }
        #expect(throws: VirtualClockError.self) { try clock.run(maxWakes: 100) }
        #expect(clock.now.offset == .milliseconds(100))
        clock.cancelAll()
    }

    @available(SkillCheckTesting, *)
    @Test("run() reports a task that waits on something that never comes as stalled")
    func stalled() async throws {
        let clock = VirtualClock()
        let network = FakeNetworkService(clock: clock)
        network.stub(.init(path: "/slow"), reply: .hang)
        clock.scheduler.spawn("hung request") {
            _ = try await network.send(NetworkRequest(url: URL(string: "https://x.test/slow")!))
        }
        #expect(throws: VirtualClockError.stalled(unfinished: ["hung request"])) { try clock.run() }
        clock.cancelAll()
        #expect(clock.scheduler.unfinishedWork.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("withVirtualTime returns the body's value when nothing is left over")
    func scopeClean() async throws {
        let value = try await withVirtualTime { clock in
            let task = clock.scheduler.spawn("t") {
                try await clock.sleep(for: .seconds(1))
                return 42
            }
            clock.advance(by: .seconds(1))
            return try await task.value
        }
        #expect(value == 42)
    }

    @available(SkillCheckTesting, *)
    @Test("withVirtualTime fails, listing each leftover sleeper and task")
    func scopeLeftovers() async throws {
        do {
            try await withVirtualTime { clock in
                clock.scheduler.spawn("forgotten") { try await clock.sleep(for: .seconds(5)) }
            }
            Issue.record("expected leftovers")
        } catch let leftovers as VirtualTimeLeftovers {
            #expect(leftovers.sleepers.map(\.label) == ["forgotten"])
            #expect(leftovers.tasks == ["forgotten"])
            #expect(leftovers.description.contains("forgotten #0 sleeping 5.0 seconds"))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("withVirtualTime can treat warnings as failures")
    func scopeWarnings() async throws {
        await #expect(throws: VirtualTimeLeftovers.self) {
            try await withVirtualTime(failOnWarnings: true) { clock in clock.advance(by: .seconds(1)) }
        }
    }
}

@Suite("VirtualClock bounded advance")
struct BoundedAdvanceTests {
    @available(SkillCheckTesting, *)
    @Test("advance(by:maxWakes:) stops a tight sleep loop and names its sleeper")
    func boundedAdvance() async throws {
        let clock = VirtualClock()
        clock.scheduler.spawn("poller") {
            while true { try await clock.sleep(for: .milliseconds(1)) }
        }
        #expect {
            try clock.advance(by: .seconds(86_400 * 365), maxWakes: 50)
        } throws: { error in
            guard case VirtualClockError.tooManyWakes(50, let next) = error else { return false }
            return next.label == "poller"
        }
        #expect(clock.now.offset == .milliseconds(50))
        clock.cancelAll()
    }
}
