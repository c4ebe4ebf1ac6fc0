import Foundation
import SkillKit
import SkillTesting
import Testing

@Suite("Adapters between AgentSkill and ToolSkill")
struct SkillAdaptersTests {
    struct EchoSkill: AgentSkill {
        var id = "seed.echo"
        let displayName = "Echo"
        let description = "Repeats what the user said."
        let keywords = ["echo", "重复"]
        var samples = SkillSamples(handled: ["echo hello", "重复一下"])

        func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
            SkillOutput(summary: "echo: \(input.rawText) @\(context.userInfo["user"] ?? "-")")
        }
    }

    @available(SkillCheckTesting, *)
    static var context: SkillContext {
        SkillContext(storage: InMemoryDataStore(), networkService: FakeNetworkService(), userInfo: ["user": "李"])
    }

    @available(SkillCheckTesting, *)
    @Test("asTool: one required text argument, a tool name built from the id, the skill's samples")
    func asToolShape() {
        let tool = EchoSkill().asTool(context: Self.context)
        #expect(tool.id == "seed.echo")
        #expect(tool.name == "seed_echo")
        #expect(tool.description == "Repeats what the user said.")
        #expect(JSONSchema.problems(in: tool.inputSchema).isEmpty)
        #expect(tool.inputSchema["required"] == ["text"])
        #expect(tool.sampleArguments == [["text": "echo hello"], ["text": "重复一下"]])
        #expect(EchoSkill(samples: SkillSamples(handled: [])).asTool(context: Self.context).sampleArguments == [["text": "example"]])
        #expect(EchoSkill(id: "笔记 note/2").asTool(context: Self.context).name == "u7b14u8bb0_note_2")
        #expect(EchoSkill(id: "日程").asTool(context: Self.context).name == "u65e5u7a0b")
        #expect(EchoSkill(id: String(repeating: "a", count: 70)).asTool(context: Self.context).name.count == 64)
    }

    @available(SkillCheckTesting, *)
    @Test("asTool runs the skill with the text and its context, and returns the summary")
    func asToolRuns() async throws {
        let tool = EchoSkill().asTool(context: Self.context)
        #expect(try await tool.execute(arguments: Data(#"{"text":"你好"}"#.utf8)) == "echo: 你好 @李")
        await #expect(throws: SkillError.invalidInput("text: is required")) { try await tool.execute(arguments: Data("{}".utf8)) }
        await #expect(throws: SkillError.invalidInput("text: expected a string, found 1")) {
            try await tool.execute(arguments: Data(#"{"text":1}"#.utf8))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("asTool joins a registry like any tool skill")
    func asToolInRegistry() async throws {
        let registry = SkillRegistry()
        registry.register(EchoSkill().asTool(context: Self.context))
        #expect(registry.visibleSchemas().map(\.name) == ["seed_echo"])
        #expect(try await registry.execute(ToolCall(id: "c", name: "seed_echo", arguments: ["text": "x"])) == "echo: x @李")
    }

    @available(SkillCheckTesting, *)
    @Test("asAgentSkill: routed by keywords, the text turned into arguments, the result as the summary")
    func asAgentSkill() async throws {
        let skill = WeatherTool().asAgentSkill(keywords: ["天气"]) { input in
            guard let city = ["北京", "上海"].first(where: { input.rawText.contains($0) }) else {
                throw SkillError.invalidInput("没有城市")
            }
            return ["city": .string(city)]
        }
        #expect(skill.id == "weather.query")
        #expect(skill.displayName == "query_weather")
        #expect(skill.description == "查询城市天气")
        #expect(skill.canHandle("北京天气"))
        #expect(!skill.canHandle("记一下"))
        #expect(try await skill.execute(input: SkillInput(rawText: "北京天气"), context: Self.context) == SkillOutput(summary: "北京 晴"))
        await #expect(throws: SkillError.invalidInput("没有城市")) {
            try await skill.execute(input: SkillInput(rawText: "天气"), context: Self.context)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("asAgentSkill: arguments that miss the schema are the tool's invalidInput naming the field")
    func asAgentSkillInvalid() async {
        let skill = WeatherTool().asAgentSkill(keywords: ["天气"]) { _ in ["town": "北京"] }
        await #expect(throws: SkillError.invalidInput("city: is required")) {
            try await skill.execute(input: SkillInput(rawText: "天气"), context: Self.context)
        }
    }
}
