import Foundation
import SkillEngine
import SkillKit
import SkillTesting
import Testing

/// The kit's ScriptedLLMClient driving the tool-calling engine, as a skill author's test does.
@Suite("ScriptedLLMClient drives the ToolCallingEngine")
struct ScriptedModelEngineTests {
    @available(SkillCheckTesting, *)
    @Test("a weather question: the script checks each request, streams its answer split inside characters, on virtual time")
    func weatherQuestion() async throws {
        try await withVirtualTime { clock in
            let model = ScriptedLLMClient(
                clock: clock,
                turns: [
                    .toolCall("query_weather", ["city": "北京"])
                        .latency(first: .milliseconds(400))
                        .expecting(tools: .exactly(["query_weather"]), lastMessage: .user("北京天气怎么样")),
                    .text("北京今天晴🌞", chunks: .bytes(2))
                        .latency(first: .milliseconds(300), between: .milliseconds(20))
                        .expecting(lastMessage: .toolResult(callID: "call-1", containing: "晴 in 北京")),
                ])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock))
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
            let session = ConversationSession()
            let (events, error) = await collect(engine.run(input: "北京天气怎么样", in: session))
            #expect(error == nil)
            try model.verifyFinished()
            let text = events.compactMap { if case .textChunk(let text) = $0 { text } else { nil } }
            #expect(text.joined() == "北京今天晴🌞")
            #expect(!text.joined().contains("\u{FFFD}"))
            #expect(events.contains(.completed("北京今天晴🌞")))
            #expect(model.requests.map(\.toolNames) == [["query_weather"], ["query_weather"]])
            // 400 ms, then 300 ms and 9 more pieces 20 ms apart (19 bytes in pieces of 2).
            #expect(clock.now.offset == .milliseconds(400 + 300 + 9 * 20))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a departure fails the run with the script's message, and verifyFinished fails too")
    func departure() async throws {
        try await withVirtualTime { clock in
            let model = ScriptedLLMClient(
                clock: clock,
                turns: [
                    .toolCall("query_weather", ["city": "北京"]),
                    .text("北京今天下雨").expecting(lastMessage: .toolResult(callID: "call-1", containing: "雨")),
                ])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock))
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
            let (events, error) = await collect(engine.run(input: "北京天气", in: ConversationSession()))
            guard case ToolCallingError.model(let message)? = error else {
                Issue.record("expected a model error, got \(String(describing: error))")
                return
            }
            #expect(message.contains("turn 2 of 2 departs from the script"))
            #expect(events.contains(.failed(message)))
            #expect(throws: ScriptError.self) { try model.verifyFinished() }
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a permission switched off hides the tool from the request the script checks")
    func permission() async throws {
        try await withVirtualTime { clock in
            let model = ScriptedLLMClient(
                clock: clock,
                turns: [
                    .text("没有可用的天气工具").expecting(tools: .excluding(["query_weather"]))
                ])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, requiresPermission: true))
            registry.setPermission(false, for: "weather")
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock, configuration: .init(streaming: false))
            let (events, error) = await collect(engine.run(input: "北京天气", in: ConversationSession()))
            #expect(error == nil)
            #expect(events.contains(.completed("没有可用的天气工具")))
            #expect(model.requests.map(\.streamed) == [false])
            try model.verifyFinished()
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a rate-limited request fails the run with the model's error")
    func rateLimited() async throws {
        try await withVirtualTime { clock in
            let model = ScriptedLLMClient(clock: clock, turns: [.rateLimited])
            let engine = ToolCallingEngine(model: model, registry: SkillRegistry(), clock: clock)
            let (_, error) = await collect(engine.run(input: "你好", in: ConversationSession()))
            #expect(error as? ToolCallingError == .model(ScriptedModelError.rateLimited.description))
            try model.verifyFinished()
        }
    }
}
