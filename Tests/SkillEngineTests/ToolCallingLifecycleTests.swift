import Foundation
import SkillEngine
import SkillKit
import SkillTesting
import Testing

@Suite("ToolCallingEngine: cancellation, superseded runs and concurrency policies")
struct ToolCallingLifecycleTests {
    static let call = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])

    @available(SkillCheckTesting, *)
    @Test("cancelling the task that iterates the stream cancels the skill in flight")
    func consumerCancelled() async throws {
        try await withVirtualTime { clock in
            let probe = CancellationProbe()
            let model = ListModel(clock: clock, [.call("query_weather", ["city": "北京"])])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, delay: .seconds(60), probe: probe))
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
            let session = ConversationSession()
            let events = await withTaskGroup(of: [ToolCallingEvent].self) { group in
                group.addTask { await collect(engine.run(input: "北京天气", in: session)).events }
                clock.advance(by: .seconds(1))
                group.cancelAll()
                return await group.next() ?? []
            }
            #expect(probe.wasCancelled)
            // A cancelled consumer gets no more events (AsyncThrowingStream ends); the log has the rest.
            #expect(events.last == .skillState(skillID: "weather", .cancelled))
            #expect(
                engine.eventLog.suffix(3).map(\.event) == [
                    .skillState(skillID: "weather", .cancelled), .cancelled(.callerCancelled), .phase(.idle),
                ])
            #expect(clock.now.offset == .seconds(1))
            #expect(session.history == [.user("北京天气"), .toolCall(Self.call)] || session.history == [.user("北京天气")])
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a newer run supersedes the running one; a result its skill returns anyway is dropped, not added to the history")
    func supersededLateResult() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.call("query_weather", ["city": "北京"]), .text("second answer")])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, delay: .seconds(5), ignoresCancellation: true))
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
            let session = ConversationSession()
            async let first = collect(engine.run(input: "北京天气", in: session))
            clock.advance(by: .seconds(1))
            let second = await collect(engine.run(input: "算了", in: session))
            let firstEvents = await first.events
            #expect(
                firstEvents.suffix(4) == [
                    .skillState(skillID: "weather", .cancelled), .lateResultDropped(Self.call), .cancelled(.superseded), .phase(.idle),
                ])
            #expect(second.events.contains(.completed("second answer")))
            #expect(session.history == [.user("北京天气"), .user("算了"), .assistant("second answer")])
            #expect(session.generation == 2)
            #expect(engine.eventLog.filter { $0.run == 1 }.map(\.event) == firstEvents)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("concurrent(maxConcurrent: 2): a third overlapping run waits for a slot, then runs")
    func concurrentTwo() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(
                clock: clock,
                [
                    .call("query_weather", ["city": "A"], id: "a"), .call("query_weather", ["city": "B"], id: "b"),
                    .text("one"), .text("two"), .call("query_weather", ["city": "C"], id: "c"), .text("three"),
                ])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, delay: .seconds(3)))
            let engine = ToolCallingEngine(
                model: model, registry: registry, clock: clock,
                configuration: .init(concurrencyPolicy: .concurrent(maxConcurrent: 2)))
            async let one = collect(engine.run(input: "1", in: ConversationSession()))
            async let two = collect(engine.run(input: "2", in: ConversationSession()))
            async let three = collect(engine.run(input: "3", in: ConversationSession()))
            let results = await [one, two, three]
            #expect(results.map { $0.events.last } == [.phase(.idle), .phase(.idle), .phase(.idle)])
            #expect(results[2].events.first == .queued)
            #expect(results.map { $0.events.contains { if case .completed = $0 { true } else { false } } } == [true, true, true])
            // Runs 1 and 2 overlap for 3 s; run 3 starts when one of them ends, and needs 3 s more.
            #expect(clock.now.offset == .seconds(6))
            let log = engine.eventLog
            let thirdStarts = log.firstIndex { $0.run == 3 && $0.event == .phase(.thinking) }!
            let firstEnd = log.firstIndex { $0.run != 3 && $0.event == .phase(.idle) }!
            #expect(firstEnd < thirdStarts)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("exclusive: a run while one runs is turned away with the busy text")
    func exclusive() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.call("query_weather", ["city": "北京"]), .text("ok")])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, delay: .seconds(2)))
            let engine = ToolCallingEngine(
                model: model, registry: registry, clock: clock,
                configuration: .init(concurrencyPolicy: .exclusive))
            async let first = collect(engine.run(input: "北京天气", in: ConversationSession()))
            clock.advance(by: .seconds(1))
            let second = await collect(engine.run(input: "again", in: ConversationSession()))
            #expect(second.events == [.rejected("正在处理上一条指令，请稍候")])
            #expect(await first.events.contains(.completed("ok")))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a run whose stream is dropped before it ends gives its slot back to the queue")
    func droppedStream() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.text("one", pieces: [1]), .text("two")])
            let engine = ToolCallingEngine(
                model: model, registry: SkillRegistry(), clock: clock,
                configuration: .init(concurrencyPolicy: .serial))
            do {
                var iterator = engine.run(input: "1", in: ConversationSession()).makeAsyncIterator()
                while let event = try await iterator.next(), event != .textChunk("o") {}
            }
            let second = await collect(engine.run(input: "2", in: ConversationSession()))
            #expect(second.events.contains(.completed("two")))
            #expect(engine.eventLog.contains(.init(run: 1, event: .cancelled(.callerCancelled))))
        }
    }
}

@Suite("AgentEngine: phases, lifecycle states and concurrent(maxConcurrent:)")
struct AgentEngineActivityTests {
    @available(SkillCheckTesting, *)
    @Test("a request goes thinking → executing → responding → idle, and its skill starting → executing → completed")
    func activity() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "fast", keywords: ["fast"], delay: .seconds(1))])
        harness.start("fast")
        try harness.clock.run()
        #expect(
            harness.engine.activityLog == [
                .phase(.thinking), .phase(.executing(skillID: "fast")), .skill(skillID: "fast", .starting),
                .skill(skillID: "fast", .executing(progress: nil)), .skill(skillID: "fast", .completed),
                .phase(.responding), .phase(.idle),
            ])
    }

    @available(SkillCheckTesting, *)
    @Test("concurrent(maxConcurrent: 2): requests for two skills run at once, a third skill's waits for a slot")
    func concurrent() async throws {
        let skills = ["alpha", "beta", "gamma"].map { ScriptedSkill(id: $0, keywords: [$0], summary: $0, delay: .seconds(5)) }
        let harness = EngineHarness(policy: .concurrent(maxConcurrent: 2), skills: skills)
        let runs = ["alpha 1", "beta 2", "gamma 3"].map { harness.start($0) }
        try harness.clock.run()
        for (run, skill) in zip(runs, ["alpha", "beta", "gamma"]) { #expect(await run.value.summary.hasPrefix("\(skill): ")) }
        #expect(harness.clock.now.offset == .seconds(10))
        // The first request to finish hands its slot to the third at once, before the second's reply.
        #expect(harness.contents == ["alpha 1", "beta 2", "alpha: alpha 1", "gamma 3", "beta: beta 2", "gamma: gamma 3"])
        #expect(harness.engine.eventLog.contains(.queued(text: "gamma 3")))
    }

    @available(SkillCheckTesting, *)
    @Test("concurrent(maxConcurrent: 2): one skill's requests take turns, and another skill's request goes ahead of them")
    func concurrentSameSkill() async throws {
        let harness = EngineHarness(
            policy: .concurrent(maxConcurrent: 2),
            skills: [
                ScriptedSkill(id: "slow", keywords: ["slow"], summary: "slow", delay: .seconds(5)),
                ScriptedSkill(id: "fast", keywords: ["fast"], summary: "fast", delay: .seconds(1)),
            ])
        let runs = ["slow 1", "slow 2", "fast 3"].map { harness.start($0) }
        try harness.clock.run()
        #expect(await runs[1].value.summary == "slow: slow 2")
        #expect(harness.clock.now.offset == .seconds(10))
        // "slow 2" waits for "slow 1" though a slot is free; "fast 3", sent after it, runs at once.
        #expect(harness.contents == ["slow 1", "fast 3", "fast: fast 3", "slow: slow 1", "slow 2", "slow: slow 2"])
        #expect(harness.engine.eventLog.contains(.queued(text: "slow 2")))
        #expect(!harness.engine.eventLog.contains(.queued(text: "fast 3")))
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that throws seed 004's alreadyRunning is answered with the busy text, not as a failure")
    func alreadyRunning() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "pay", keywords: ["pay"], error: SkillError.alreadyRunning)])
        let reply = try await harness.send("pay")
        #expect(reply.summary == "正在处理上一条指令，请稍候")
        #expect(harness.engine.state == .idle)
        #expect(harness.engine.eventLog.last == .skillFailed(skillID: "pay", error: "技能正在执行中，请稍后再试"))
    }

    @Test("policies encode as before, and concurrent as an object")
    func policyCoding() throws {
        let encoded = try JSONEncoder().encode([ConcurrencyPolicy.serial, .concurrent(maxConcurrent: 2)])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["serial",{"concurrent":{"maxConcurrent":2}}]"#)
        #expect(try JSONDecoder().decode([ConcurrencyPolicy].self, from: encoded) == [.serial, .concurrent(maxConcurrent: 2)])
    }
}
