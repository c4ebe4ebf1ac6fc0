import Foundation
import SkillEngine
import SkillKit
import SkillTesting
import Testing

/// Asks the weather service and answers with the condition: it waits on the network fake.
@available(SkillCheckTesting, *)
struct ForecastSkill: AgentSkill {
    let id = "forecast"
    let displayName = "Forecast"
    let description = "asks the weather service"
    let keywords = ["天气"]

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let weather = try await context.networkService.fetchWeather(city: "北京")
        return SkillOutput(summary: weather.condition)
    }
}

@Suite("withVirtualTime: the first test a newcomer writes")
struct VirtualTimeScopeTests {
    @available(SkillCheckTesting, *)
    @Test("await engine.send inside withVirtualTime completes: time moves by itself to the 10 s timeout")
    func sendCompletesOnVirtualTime() async throws {
        let reply = try await withVirtualTime { clock in
            let network = FakeNetworkService(clock: clock)
            network.stubWeather(city: "北京", reply: .hang)
            let engine = AgentEngine(
                context: .virtual(clock: clock, networkService: network),
                configuration: .init(messageIDs: .sequential()))
            engine.register(ForecastSkill())
            let output = await engine.send("北京天气")
            #expect(clock.now == .init(offset: .seconds(10)))
            #expect(engine.state == .failed("技能执行超时"))
            return output.summary
        }
        #expect(reply == "技能执行失败：技能执行超时")
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that sleeps 3 s answers after exactly 3 virtual seconds, with no advance written")
    func sleepsAutoAdvance() async throws {
        try await withVirtualTime { clock in
            let engine = AgentEngine(context: .virtual(clock: clock), configuration: .init(messageIDs: .sequential()))
            engine.register(ScriptedSkill(id: "slow", keywords: ["慢"], summary: "ok", delay: .seconds(3)))
            let output = await engine.send("慢")
            #expect(output.summary == "ok: 慢")
            #expect(clock.now == .init(offset: .seconds(3)))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("the README's way still works: spawn, advance by hand, then await the reply")
    func readmeWay() async throws {
        try await withVirtualTime { clock in
            let engine = AgentEngine(context: .virtual(clock: clock), configuration: .init(messageIDs: .sequential()))
            engine.register(ScriptedSkill(id: "slow", keywords: ["慢"], summary: "ok", delay: .seconds(3)))
            let reply = clock.scheduler.spawn("send") { await engine.send("慢") }
            clock.advance(by: .seconds(2))
            #expect(engine.state == .processing)
            clock.advance(by: .seconds(1))
            #expect(engine.state == .idle)
            #expect(await reply.value.summary == "ok: 慢")
            #expect(clock.now == .init(offset: .seconds(3)))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("awaiting a spawned task that waits on a sleeper moves time instead of hanging")
    func awaitSpawnedWithoutAdvance() async throws {
        try await withVirtualTime { clock in
            let task = clock.scheduler.spawn("sleeper") {
                try await clock.sleep(for: .seconds(60))
                return 1
            }
            let value = try await task.value
            #expect(value == 1)
            #expect(clock.now == .init(offset: .seconds(60)))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a continuation nobody resumes fails the scope as stalled, without hanging")
    func stalledBodyFails() async throws {
        let error = await #expect(throws: VirtualClockError.self) {
            try await withVirtualTime(stallTimeout: .milliseconds(5)) { _ in
                await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
            }
        }
        guard case .stalled(let unfinished)? = error else {
            Issue.record("expected stalled, got \(String(describing: error))")
            return
        }
        #expect(unfinished == ["the withVirtualTime body"])
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a retry loop that swallows cancellation is stopped at the real-time limit, not left spinning",
        arguments: ["the clock's sleep", "a request that never answers", "a storage write"])
    func loopThatIgnoresCancellationIsStopped(_ waitsOn: String) async throws {
        let error = await #expect(throws: VirtualClockError.self) {
            try await withVirtualTime(realTimeLimit: .milliseconds(50)) { [waitsOn] clock in
                let network = FakeNetworkService(clock: clock)
                network.stubWeather(city: "北京", reply: .hang)
                let store = InMemoryDataStore(clock: clock, latency: .seconds(1))
                withUnsafeCurrentTask { $0?.cancel() }
                // Once cancelled, each of these throws at once; `try?` swallows it and the loop goes round.
                while true {
                    switch waitsOn {
                    case "the clock's sleep": try? await clock.sleep(for: .seconds(2))
                    case "a request that never answers": _ = try? await network.fetchWeather(city: "北京")
                    default: try? await store.save(NoteItem(content: "x"))
                    }
                }
            }
        }
        guard case .overran(let limit, let unfinished, let suspends)? = error else {
            Issue.record("expected overran, got \(String(describing: error))")
            return
        }
        // `suspends`: the scheduler stopped the loop between two of its jobs; its thread is not left spinning.
        #expect(limit == .milliseconds(50) && suspends)
        #expect(unfinished == ["the withVirtualTime body"])
        #expect(error?.description.contains("catches CancellationError") == true)
    }

    @available(SkillCheckTesting, *)
    @Test("a loop that sleeps forever stops at the wake limit, naming its sleeper")
    func endlessLoopStops() async throws {
        let error = await #expect(throws: VirtualClockError.self) {
            try await withVirtualTime(maxWakes: 1_000) { clock in
                while true { try await clock.sleep(for: .seconds(1)) }
            }
        }
        guard case .tooManyWakes(let limit, let next)? = error else {
            Issue.record("expected tooManyWakes, got \(String(describing: error))")
            return
        }
        #expect(limit == 1_000)
        #expect(next.label == "the withVirtualTime body")
    }

    @available(SkillCheckTesting, *)
    @Test("waitForSleepers in the body runs the rest first, and is refused at once when no sleeper can come")
    func waitForSleepersInScope() async throws {
        try await withVirtualTime { clock in
            let task = clock.scheduler.spawn("sleeper") { try await clock.sleep(for: .seconds(1)) }
            await clock.waitForSleepers(1)
            #expect(clock.pendingCount == 1)
            try await task.value
        }
        let error = await #expect(throws: VirtualClockError.self) {
            try await withVirtualTime { clock in await clock.waitForSleepers(1) }
        }
        guard case .misused(let messages)? = error else {
            Issue.record("expected misused, got \(String(describing: error))")
            return
        }
        #expect(messages.first?.contains("await the result instead") == true)
    }
}
