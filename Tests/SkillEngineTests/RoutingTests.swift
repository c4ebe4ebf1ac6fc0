import SkillEngine
import SkillKit
import SkillTesting
import Testing

@Suite("AgentEngine routing")
struct RoutingTests {
    @available(SkillCheckTesting, *)
    @Test("overlapping keywords go to the first registered skill, the same one in 100 of 100 runs")
    func overlappingKeywordsRouteInRegistrationOrder() async throws {
        var winners: Set<String> = []
        for _ in 0..<100 {
            let harness = EngineHarness(skills: [
                ScriptedSkill(id: "weather", keywords: ["天气"]),
                ScriptedSkill(id: "note", keywords: ["记一下", "天气"]),
                ScriptedSkill(id: "any", keywords: ["明天"]),
            ])
            try await harness.send("记一下明天天气")
            winners.insert(harness.engine.messages.last?.skillID ?? "none")
        }
        #expect(winners == ["weather"])
    }

    @available(SkillCheckTesting, *)
    @Test("re-registering an id replaces that skill in place, keeping its routing position")
    func reRegisterReplacesInPlace() async throws {
        let harness = EngineHarness(skills: [
            ScriptedSkill(id: "a", keywords: ["x"], summary: "old a"),
            ScriptedSkill(id: "b", keywords: ["x"]),
        ])
        harness.engine.register(ScriptedSkill(id: "a", keywords: ["x"], summary: "new a"))
        #expect(harness.engine.skills.map(\.id) == ["a", "b"])
        try await harness.send("x")
        #expect(harness.contents.last == "new a: x")
    }

    @available(SkillCheckTesting, *)
    @Test("a text no skill handles goes to the fallback skill")
    func fallback() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "note", keywords: ["记一下"])])
        harness.engine.fallbackSkill = ScriptedSkill(id: "chat", keywords: [], summary: "chat")
        try await harness.send("你好")
        #expect(harness.contents == ["你好", "chat: 你好"])
        #expect(harness.engine.messages.last?.skillID == "chat")
        #expect(harness.engine.eventLog.contains(.routed(.fallback, skillID: "chat")))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "with no match and no fallback the engine answers the catalogue's no-skill text",
        arguments: [
            (MessageCatalog.zhHans, "没有找到能处理这条指令的技能"),
            (MessageCatalog.english, "No skill can handle this request"),
        ])
    func noSkill(catalog: MessageCatalog, expected: String) async throws {
        let harness = EngineHarness(catalog: catalog)
        let output = try await harness.send("你好")
        #expect(output.summary == expected)
        #expect(harness.contents == ["你好", expected])
        #expect(harness.engine.state == .idle)
        #expect(harness.engine.eventLog == [.received(text: "你好"), .routed(.none, skillID: nil)])
    }

    @available(SkillCheckTesting, *)
    @Test("unregister removes a skill from routing")
    func unregister() async throws {
        let harness = EngineHarness(skills: [ScriptedSkill(id: "a", keywords: ["x"])])
        #expect(harness.engine.unregister(id: "a"))
        #expect(!harness.engine.unregister(id: "a"))
        #expect(harness.engine.route(for: "x") == nil)
    }
}
