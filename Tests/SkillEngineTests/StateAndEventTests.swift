import Foundation
import Observation
import SkillEngine
import SkillKit
import SkillTesting
import Synchronization
import Testing

@Suite("AgentEngine state and events")
struct StateAndEventTests {
    @available(SkillCheckTesting, *)
    @Test("state goes idle → processing → idle on success")
    func successStates() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "s", keywords: ["go"], delay: .seconds(1))])
        #expect(harness.engine.state == .idle)
        harness.start("go")
        #expect(harness.engine.state == .processing)
        try harness.clock.run()
        #expect(harness.engine.state == .idle)
    }

    @available(SkillCheckTesting, *)
    @Test("state becomes failed, then processing again on the next send")
    func failureStates() async throws {
        let harness = EngineHarness(skills: [
            ScriptedSkill(id: "bad", keywords: ["bad"], error: SkillError.executionFailed("x")),
            ScriptedSkill(id: "good", keywords: ["good"], delay: .seconds(1)),
        ])
        try await harness.send("bad")
        #expect(harness.engine.state == .failed("执行失败：x"))
        harness.start("good")
        #expect(harness.engine.state == .processing)
        try harness.clock.run()
        #expect(harness.engine.state == .idle)
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that asks for confirmation leaves the engine waitingForConfirmation")
    func confirmation() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "pay", keywords: ["pay"], requiresConfirmation: true)])
        try await harness.send("pay")
        #expect(harness.engine.state == .waitingForConfirmation)
    }

    @available(SkillCheckTesting, *)
    @Test("events for a success")
    func successEvents() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "s", keywords: ["go"])])
        try await harness.send("go")
        #expect(
            harness.engine.eventLog == [
                .received(text: "go"), .routed(.skill, skillID: "s"), .skillStarted(skillID: "s"),
                .skillFinished(skillID: "s", summary: "done: go"),
            ])
    }

    @available(SkillCheckTesting, *)
    @Test("events for a failure")
    func failureEvents() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "s", keywords: ["go"], error: SkillError.invalidInput("空"))])
        try await harness.send("go")
        #expect(
            harness.engine.eventLog == [
                .received(text: "go"), .routed(.skill, skillID: "s"), .skillStarted(skillID: "s"),
                .skillFailed(skillID: "s", error: "输入无效：空"),
            ])
    }

    @available(SkillCheckTesting, *)
    @Test("events for a timeout")
    func timeoutEvents() async throws {
        let harness = EngineHarness(skills: [SleepingSkill(duration: .seconds(11), probe: CancellationProbe())])
        try await harness.send("sleep")
        #expect(
            harness.engine.eventLog == [
                .received(text: "sleep"), .routed(.skill, skillID: "sleeper"), .skillStarted(skillID: "sleeper"),
                .timedOut(skillID: "sleeper", seconds: 10),
            ])
    }

    @available(SkillCheckTesting, *)
    @Test("events for a cancellation by the caller: no reply, back to idle")
    func cancellationEvents() async throws {
        let probe = CancellationProbe()
        let harness = EngineHarness(skills: [SleepingSkill(duration: .seconds(5), probe: probe)])
        let task = harness.start("sleep")
        task.cancel()
        try harness.clock.run()
        #expect(await task.value.summary == "已取消")
        #expect(probe.wasCancelled)
        #expect(harness.contents == ["sleep"])
        #expect(harness.engine.state == .idle)
        #expect(
            harness.engine.eventLog == [
                .received(text: "sleep"), .routed(.skill, skillID: "sleeper"), .skillStarted(skillID: "sleeper"),
                .cancelled(skillID: "sleeper", reason: .callerCancelled),
            ])
    }

    @available(SkillCheckTesting, *)
    @Test("events() streams the events that follow")
    func eventStream() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "s", keywords: ["go"])])
        let stream = harness.engine.events()
        try await harness.send("go")
        var received: [AgentEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == 4 { break }
        }
        #expect(received == harness.engine.eventLog)
    }

    @available(SkillCheckTesting, *)
    @Test("the same inputs give byte-identical messages and events")
    func byteIdentical() async throws {
        func run() async throws -> Data {
            let harness = EngineHarness(skills: [
                ScriptedSkill(id: "s", keywords: ["go"], delay: .seconds(2)),
                ScriptedSkill(id: "f", keywords: ["fail"], error: SkillError.executionFailed("x")),
            ])
            try await harness.send("go")
            try await harness.send("fail")
            try await harness.send("nothing")
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(harness.engine.messages) + encoder.encode(harness.engine.eventLog)
        }
        let first = try await run()
        #expect(try await run() == first)
    }

    @available(SkillCheckTesting, *)
    @Test("message ids are sequential and timestamps are the virtual clock's dates")
    func idsAndTimestamps() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "s", keywords: ["go"], delay: .seconds(3))])
        try await harness.send("go")
        let messages = harness.engine.messages
        #expect(messages.map(\.id) == [UUID(sequence: 1), UUID(sequence: 2)])
        #expect(messages[0].timestamp == VirtualClock.defaultOrigin)
        #expect(messages[1].timestamp == VirtualClock.defaultOrigin.addingTimeInterval(3))
    }

    @available(SkillCheckTesting, *)
    @Test("observers of messages and state are told when a send changes them")
    func observation() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "s", keywords: ["go"])])
        let changed = Mutex(0)
        withObservationTracking {
            _ = harness.engine.messages
        } onChange: {
            changed.withLock { $0 += 1 }
        }
        try await harness.send("go")
        #expect(changed.withLock { $0 } == 1)
    }

    @available(SkillCheckTesting, *)
    @Test("send works from the main actor with production wiring")
    @MainActor
    func mainActor() async {
        let engine = AgentEngine(context: SkillContext(storage: InMemoryDataStore(), networkService: FakeNetworkService()))
        engine.register(ScriptedSkill(id: "s", keywords: ["go"]))
        let output = await engine.send("go")
        #expect(output.summary == "done: go")
        #expect(engine.messages.count == 2)
        #expect(engine.state == .idle)
    }
}
