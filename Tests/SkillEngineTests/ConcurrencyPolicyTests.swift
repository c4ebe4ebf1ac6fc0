import SkillEngine
import SkillKit
import SkillTesting
import Testing

@Suite("AgentEngine concurrency policies")
struct ConcurrencyPolicyTests {
    static let skills: [any AgentSkill] = [
        ScriptedSkill(id: "slow", keywords: ["slow"], summary: "slow", delay: .seconds(5)),
        ScriptedSkill(id: "fast", keywords: ["fast"], summary: "fast", delay: .seconds(1)),
    ]

    @available(SkillCheckTesting, *)
    @Test("cancel-previous: a new send cancels the running one, which adds no reply")
    func cancelPrevious() async throws {
        let harness = EngineHarness(policy: .cancelPrevious, skills: Self.skills)
        let first = harness.start("slow")
        let second = harness.start("fast")
        try harness.clock.run()
        #expect(await first.value.summary == "已取消")
        #expect(await second.value.summary == "fast: fast")
        #expect(harness.contents == ["slow", "fast", "fast: fast"])
        #expect(harness.clock.now.offset == .seconds(1))
        #expect(harness.engine.eventLog.contains(.cancelled(skillID: "slow", reason: .superseded)))
        #expect(harness.engine.state == .idle)
    }

    @available(SkillCheckTesting, *)
    @Test("serial: sends queue and run one at a time, each reply after its own message")
    func serial() async throws {
        let harness = EngineHarness(policy: .serial, skills: Self.skills)
        let first = harness.start("slow")
        let second = harness.start("fast")
        let third = harness.start("fast")
        #expect(harness.contents == ["slow"])
        try harness.clock.run()
        #expect(await first.value.summary == "slow: slow")
        #expect(await second.value.summary == "fast: fast")
        #expect(await third.value.summary == "fast: fast")
        #expect(harness.contents == ["slow", "slow: slow", "fast", "fast: fast", "fast", "fast: fast"])
        #expect(harness.clock.now.offset == .seconds(7))
        #expect(harness.engine.eventLog.filter { if case .queued = $0 { true } else { false } }.count == 2)
    }

    @available(SkillCheckTesting, *)
    @Test("serial: a queued send whose task is cancelled leaves the queue without a trace in the conversation")
    func serialCancelWhileQueued() async throws {
        let harness = EngineHarness(policy: .serial, skills: Self.skills)
        harness.start("slow")
        let queued = harness.start("fast")
        queued.cancel()
        try harness.clock.run()
        #expect(await queued.value.summary == "已取消")
        #expect(harness.contents == ["slow", "slow: slow"])
        #expect(harness.engine.eventLog.contains(.cancelled(skillID: nil, reason: .callerCancelled)))
    }

    @available(SkillCheckTesting, *)
    @Test("exclusive: a send while one runs is turned away and the conversation is untouched")
    func exclusive() async throws {
        let harness = EngineHarness(policy: .exclusive, skills: Self.skills)
        let first = harness.start("slow")
        let second = harness.start("fast")
        #expect(await second.value.summary == "正在处理上一条指令，请稍候")
        try harness.clock.run()
        #expect(await first.value.summary == "slow: slow")
        #expect(harness.contents == ["slow", "slow: slow"])
        #expect(harness.engine.eventLog.contains(.rejected(text: "fast")))
        try await harness.send("fast")
        #expect(harness.contents.suffix(2) == ["fast", "fast: fast"])
    }

    @available(SkillCheckTesting, *)
    @Test(
        "no policy interleaves or reorders messages under a burst of overlapping sends",
        arguments: ConcurrencyPolicy.simpleCases)
    func noInterleaving(policy: ConcurrencyPolicy) async throws {
        let harness = EngineHarness(policy: policy, skills: Self.skills)
        for index in 0..<12 {
            harness.start(index.isMultiple(of: 3) ? "slow \(index)" : "fast \(index)")
            harness.clock.advance(by: .milliseconds(700))
        }
        try harness.clock.run()
        let messages = harness.engine.messages
        var index = 0
        while index < messages.count {
            #expect(messages[index].role == .user)
            if index + 1 < messages.count, messages[index + 1].role == .agent {
                #expect(messages[index + 1].content.hasSuffix(messages[index].content))
                index += 2
            } else {
                index += 1
            }
        }
        #expect(harness.engine.state == .idle)
    }
}
