import SkillEngine
import SkillKit
import SkillTesting
import Testing

@Suite("AgentEngine timeout on the virtual clock")
struct TimeoutTests {
    @available(SkillCheckTesting, *)
    @Test("the timeout fires at the clock's deadline, not a moment before, and cancels the skill")
    func timeoutAtDeadline() async throws {
        let probe = CancellationProbe()
        let harness = EngineHarness(skills: [SleepingSkill(duration: .seconds(60), probe: probe)])
        let task = harness.start("sleep")
        harness.clock.advance(by: .seconds(10) - .nanoseconds(1))
        #expect(harness.engine.state == .processing)
        #expect(harness.contents == ["sleep"])
        harness.clock.advance(by: .nanoseconds(1))
        #expect(harness.contents == ["sleep", "技能执行失败：技能执行超时"])
        #expect(harness.engine.state == .failed("技能执行超时"))
        #expect(probe.wasCancelled)
        #expect(await task.value.summary == "技能执行失败：技能执行超时")
        #expect(harness.clock.pendingCount == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("the timedOut event reports the limit that fired: a skill's own 3 s, not the engine's 10 s")
    func timedOutReportsTheLimitThatFired() async throws {
        let sleeper = SleepingSkill(duration: .seconds(60), probe: CancellationProbe())
        let harness = EngineHarness(skills: [TimeoutSkill(sleeper, limit: .seconds(3))])
        try await harness.send("sleep")
        #expect(harness.engine.eventLog.last == .timedOut(skillID: "sleeper", seconds: 3))
        let engineLimit = EngineHarness(skills: [SleepingSkill(duration: .seconds(60), probe: CancellationProbe())])
        try await engineLimit.send("sleep")
        #expect(engineLimit.engine.eventLog.last == .timedOut(skillID: "sleeper", seconds: 10))
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that finishes just before the deadline succeeds")
    func justBeforeDeadline() async throws {
        let probe = CancellationProbe()
        let harness = EngineHarness(skills: [SleepingSkill(duration: .seconds(10) - .milliseconds(1), probe: probe)])
        try await harness.send("sleep")
        #expect(harness.contents == ["sleep", "woke"])
        #expect(harness.clock.now.offset == .seconds(10) - .milliseconds(1))
        #expect(!probe.wasCancelled)
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that needs exactly the timeout times out: reaching the deadline is running out of time")
    func exactlyAtDeadline() async throws {
        let probe = CancellationProbe()
        let harness = EngineHarness(skills: [SleepingSkill(duration: .seconds(10), probe: probe)])
        try await harness.send("sleep")
        #expect(harness.contents.last == "技能执行失败：技能执行超时")
        #expect(probe.wasCancelled)
    }

    @available(SkillCheckTesting, *)
    @Test("the timeout is configurable and reported in the event")
    func configuredTimeout() async throws {
        let probe = CancellationProbe()
        let harness = EngineHarness(
            timeout: .milliseconds(1500),
            skills: [SleepingSkill(duration: .seconds(5), probe: probe)]
        )
        try await harness.send("sleep")
        #expect(harness.clock.now.offset == .milliseconds(1500))
        #expect(harness.engine.eventLog.last == .timedOut(skillID: "sleeper", seconds: 1.5))
    }
}
