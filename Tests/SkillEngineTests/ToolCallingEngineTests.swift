import Foundation
import SkillEngine
import SkillKit
import SkillTesting
import Testing

@Suite("ToolCallingEngine: the model-driven loop of seed 002")
struct ToolCallingEngineTests {
    @available(SkillCheckTesting, *)
    @Test("a tool call runs the skill, feeds the result back, and the model's text ends the run")
    func singleCall() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.call("query_weather", ["city": "北京"]), .text("北京今天晴")])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock))
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
            let session = ConversationSession()
            let (events, error) = await collect(engine.run(input: "北京天气", in: session))
            #expect(error == nil)
            let call = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])
            #expect(
                events == [
                    .phase(.thinking), .skillSelected(call), .phase(.executing(skillID: "weather")),
                    .skillState(skillID: "weather", .starting), .skillState(skillID: "weather", .executing(progress: nil)),
                    .skillState(skillID: "weather", .completed), .skillResult(call, "晴 in 北京"), .phase(.thinking),
                    .phase(.responding), .textChunk("北京今天晴"), .completed("北京今天晴"), .phase(.idle),
                ])
            #expect(session.history == [.user("北京天气"), .toolCall(call), .toolResult(call, "晴 in 北京"), .assistant("北京今天晴")])
            #expect(model.requests.map(\.tools) == [["query_weather"], ["query_weather"]])
            #expect(model.requests[1].messages.last == .toolResult(call, "晴 in 北京"))
            #expect(engine.eventLog.allSatisfy { $0.run == 1 })
        }
    }

    @available(SkillCheckTesting, *)
    @Test("text streamed in pieces that split a character arrives whole", arguments: [[1], [2, 4], [1, 2, 3, 4, 5, 7, 8, 10]])
    func splitCharacter(pieces: [Int]) async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.text("你好😀!", pieces: pieces)])
            let engine = ToolCallingEngine(model: model, registry: SkillRegistry(), clock: clock)
            let (events, _) = await collect(engine.run(input: "hi", in: ConversationSession()))
            let chunks = events.compactMap { if case .textChunk(let text) = $0 { text } else { nil } }
            #expect(chunks.joined() == "你好😀!")
            #expect(!chunks.joined().contains("\u{FFFD}"))
            #expect(events.contains(.completed("你好😀!")))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a model that never stops calling tools ends at the iteration limit, with a failure")
    func iterationLimit() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, (1...5).map { .call("query_weather", ["city": "北京"], id: "call-\($0)") })
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock))
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock, configuration: .init(maxIterations: 3))
            let (events, error) = await collect(engine.run(input: "loop", in: ConversationSession()))
            #expect(error as? ToolCallingError == .iterationLimit(3))
            #expect(model.requests.count == 3)
            #expect(events.suffix(2) == [.failed("模型连续调用技能 3 次仍未作答（已达 maxIterations 上限）"), .phase(.idle)])
        }
    }

    @available(SkillCheckTesting, *)
    @Test(
        "calls in a row that each take time all run to their results, whatever the policy",
        arguments: [ConcurrencyPolicy.cancelPrevious, .serial])
    func callsInARowThatTakeTime(policy: ConcurrencyPolicy) async throws {
        try await withVirtualTime { clock in
            let model = ListModel(
                clock: clock,
                [
                    .call("query_weather", ["city": "北京"], id: "call-1"), .call("query_weather", ["city": "上海"], id: "call-2"),
                    .call("query_weather", ["city": "广州"], id: "call-3"), .text("都晴"),
                ])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, delay: .seconds(1)))
            let engine = ToolCallingEngine(
                model: model, registry: registry, clock: clock,
                configuration: .init(concurrencyPolicy: policy))
            let (events, error) = await collect(engine.run(input: "三地天气", in: ConversationSession()))
            #expect(error == nil)
            let results = events.compactMap { if case .skillResult(_, let result) = $0 { result } else { nil } }
            #expect(results == ["晴 in 北京", "晴 in 上海", "晴 in 广州"])
            #expect(events.contains(.completed("都晴")))
            #expect(clock.now.offset == .seconds(3))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("two visible skills with one tool name fail the run before the model is asked; hiding one pack lets it run")
    func nameClash() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.text("北京今天晴")])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock))
            registry.register(CityTool(id: "travel.weather", clock: clock), in: "travel")
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
            let (events, error) = await collect(engine.run(input: "北京天气", in: ConversationSession()))
            let clash = ToolNameClash(name: "query_weather", skillIDs: ["weather", "travel.weather"])
            #expect(error as? ToolCallingError == .toolNameClash(clash))
            #expect(model.requests.isEmpty)
            #expect(
                events.suffix(2) == [
                    .failed("多个可见技能使用同一工具名“query_weather”（weather、travel.weather）：只显示其中一个技能包，或为它们取不同的名字"),
                    .phase(.idle),
                ])
            #expect(
                ToolCallingError.toolNameClash(clash).description
                    == "more than one visible skill has the tool name 'query_weather' (weather, travel.weather): "
                    + "show only one of their packs, or give each its own name")
            registry.showPacks([.general])
            let (after, again) = await collect(engine.run(input: "北京天气", in: ConversationSession()))
            #expect(again == nil)
            #expect(after.contains(.completed("北京今天晴")))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("each skill has its own timeout on the engine's clock, and a timeout is fed back to the model")
    func perSkillTimeout() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.call("query_weather", ["city": "北京"]), .text("查询超时了")])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, delay: .seconds(30)))
            let engine = ToolCallingEngine(
                model: model, registry: registry, clock: clock,
                configuration: .init(timeouts: ["weather": .seconds(2)]))
            let (events, _) = await collect(engine.run(input: "北京天气", in: ConversationSession()))
            let call = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])
            #expect(events.contains(.timedOut(call, seconds: 2)))
            #expect(events.contains(.skillState(skillID: "weather", .failed("技能执行超时"))))
            #expect(model.requests[1].messages.last == .toolResult(call, "技能执行失败：技能执行超时"))
            #expect(clock.now.offset == .seconds(2))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("unknown tools, arguments that break the schema, hidden packs and switched-off skills are fed back as failures")
    func refusedCalls() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(
                clock: clock,
                [
                    .call("book_flight", [:], id: "a"), .call("query_weather", ["city": 42], id: "b"),
                    .call("query_calendar", ["city": "x"], id: "c"), .call("read_contacts", ["city": "x"], id: "d"), .text("done"),
                ])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock))
            registry.register(CityTool(id: "calendar", name: "query_calendar", clock: clock), in: "calendar")
            registry.register(CityTool(id: "contacts", name: "read_contacts", clock: clock, requiresPermission: true))
            registry.showPacks([.general])
            registry.setPermission(false, for: "contacts")
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock, configuration: .init(catalog: .english))
            let (events, _) = await collect(engine.run(input: "go", in: ConversationSession()))
            let failures = events.compactMap { if case .skillFailed(let call, let error) = $0 { "\(call.id): \(error)" } else { nil } }
            #expect(
                failures == [
                    "a: No skill named book_flight (available: query_weather)",
                    "b: Invalid input: city: expected a string, found 42",
                    "c: Skill query_calendar is in pack calendar, which this scene does not show",
                    "d: The user switched off skill read_contacts",
                ])
            #expect(model.requests.allSatisfy { $0.tools == ["query_weather"] })
            #expect(events.last == .phase(.idle))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a result over the limit is summarized to fit before the model sees it")
    func oversizedResult() async throws {
        try await withVirtualTime { clock in
            let model = ListModel(clock: clock, [.call("query_weather", ["city": "北京"]), .text("ok")])
            let registry = SkillRegistry()
            registry.register(CityTool(clock: clock, repeatResult: 400))
            let engine = ToolCallingEngine(model: model, registry: registry, clock: clock)
            let (events, _) = await collect(engine.run(input: "北京天气", in: ConversationSession()))
            let call = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])
            let full = String(repeating: "晴 in 北京", count: 400)
            #expect(events.contains(.resultSummarized(call, bytes: full.utf8.count)))
            guard case .toolResult(_, let fed)? = model.requests[1].messages.last else {
                Issue.record("the model was not sent a tool result")
                return
            }
            #expect(fed.utf8.count <= 2048)
            #expect(fed.hasSuffix("…（结果共 \(full.utf8.count) 字节，超过上限 2048 字节，只保留开头）"))
        }
    }
}

/// A model client for Gemini's `parameters`: it keeps the tools it was sent.
final class GeminiShapedClient: LLMClient, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [[ToolSchema]] = []
    var schemaDialect: SchemaDialect { .geminiParameters }
    var requests: [[ToolSchema]] { lock.withLock { sent } }

    func complete(messages: [LLMMessage], tools: [ToolSchema]) async throws -> LLMResponse {
        lock.withLock { sent.append(tools) }
        return LLMResponse(text: "好的", toolCall: nil)
    }
}

@Suite("The engine sends each provider its variant of the tools' schemas")
struct SchemaDialectEngineTests {
    struct NoteTool: ToolSkill {
        let id = "note"
        let name = "save_note"
        let description = "Saves a note."
        let inputSchema: JSON = [
            "type": "object", "properties": ["text": ["type": "string"], "tag": ["type": ["string", "null"]]], "required": ["text"],
            "additionalProperties": false,
        ]
        func execute(arguments: Data) async throws -> String { "saved" }
    }

    @Test("a client that takes Gemini's parameters is sent the derived variant, not the schema as written")
    func geminiVariant() async throws {
        let registry = SkillRegistry()
        registry.register(NoteTool())
        let client = GeminiShapedClient()
        var configuration = ToolCallingEngine.Configuration()
        configuration.streaming = false
        let engine = ToolCallingEngine(model: client, registry: registry, clock: VirtualClock(), configuration: configuration)
        for try await _ in engine.run(input: "记一下", in: ConversationSession()) {}
        let parameters = try #require(client.requests.first?.first?.parameters)
        #expect(parameters == JSONSchema.variant(of: NoteTool().inputSchema, for: .geminiParameters).schema)
        #expect(parameters["additionalProperties"] == nil)
        #expect(parameters["properties"]?["tag"]?["nullable"] == true)
    }
}
