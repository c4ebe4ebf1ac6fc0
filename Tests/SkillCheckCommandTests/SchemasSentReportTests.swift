import Foundation
import SkillCheckCommand
import SkillConformance
import SkillKit
import Testing

@Suite("The report shows the schema each chosen provider is sent")
struct SchemasSentReportTests {
    struct WeatherTool: ToolSkill {
        let id = "weather.query"
        let name = "query_weather"
        let description = "查询城市天气。"
        let inputSchema: JSON = [
            "type": "object",
            "properties": ["city": ["type": "string"], "unit": ["type": "string", "enum": ["celsius", "fahrenheit"]]],
            "required": ["city"], "additionalProperties": false,
        ]
        func execute(arguments: Data) async throws -> String { "晴" }
    }

    @available(SkillCheckTesting, *)
    @Test("TOOL-7 with openai-strict and gemini chosen: the text and JSON reports carry each variant, and what it cannot say")
    func textAndJSON() async throws {
        let tool = WeatherTool()
        let findings = await SkillConformance.check(for: "TOOL-7").run(SkillUnderTest(tool: tool), providers: ["openai-strict", "gemini"])
        let report = ConformanceReport(
            package: .init(path: "/tmp/Weather"), stages: [],
            skills: [SkillReport(type: "WeatherTool", id: tool.id, findings: findings)])
        let text = TextReport().render(report)
        let strict = JSONSchema.variant(of: tool.inputSchema, for: .openAIStrict).schema.text
        let gemini = JSONSchema.variant(of: tool.inputSchema, for: .geminiParameters)
        #expect(text.contains("Schemas sent to the chosen providers (TOOL-7):"), "\(text)")
        #expect(text.contains("    openai-strict gets the openAIStrict variant derived from inputSchema:\n      \(strict)\n"), "\(text)")
        #expect(text.contains("    gemini gets the geminiParameters variant derived from inputSchema:\n      \(gemini.schema.text)\n"))
        #expect(text.contains("      it cannot say: " + gemini.losses.joined(separator: "; ")))
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains("\"schemasSent\""))
        let back = try JSONDecoder().decode(ConformanceReport.self, from: Data(json.utf8))
        #expect(back.skills.first?.result(for: "TOOL-7")?.schemasSent?.map(\.profile) == ["openai-strict", "gemini"])
        // With no provider chosen, nothing is sent in another dialect, and the section is not there.
        let plain = await SkillConformance.check(for: "TOOL-7").run(SkillUnderTest(tool: tool))
        let plainText = TextReport().render(
            ConformanceReport(
                package: .init(path: "/tmp/Weather"), stages: [], skills: [SkillReport(type: "WeatherTool", id: tool.id, findings: plain)]))
        #expect(!plainText.contains("Schemas sent"))
    }
}
