import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Hands the weather service's answer to the model as it came.
private struct RawWeatherTool: ToolSkill {
    var decodes = false
    let id = "raw-weather"
    let name = "current_weather"
    let description = "The current weather in a city."
    let inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
    var sampleArguments: [JSON] { [["city": "Paris"]] }
    let context: SkillContext

    func execute(arguments: Data) async throws -> String {
        let response = try await sendParisWeatherRequest(context.networkService)
        guard decodes else { return String(decoding: response.body, as: UTF8.self) }
        guard let weather = try? JSONDecoder().decode(WeatherResponse.self, from: response.body) else {
            throw SkillError.executionFailed("The weather service sent something unreadable.")
        }
        return "\(weather.temperature)°C, \(weather.condition)"
    }
}

@Suite("TOOL-6 measures a result against a service's answer of a real size")
struct ResultSizeTests {
    @available(SkillCheckTesting, *)
    @Test("a tool that hands the service's answer on gets a TOOL-6 warning once the answer carries a long field")
    func passesTheAnswerOn() async {
        let findings = await SkillConformance.check(for: "TOOL-6").run(SkillUnderTest(tool: { RawWeatherTool(context: $0) }))
        #expect(findings.map(\.outcome) == [.warning], "\(findings.map(\.message))")
        #expect(findings.first?.subject.hasSuffix("with a 6 KB field added to the service's answer") == true, "\(findings.map(\.message))")
        #expect(findings.first?.observed.contains("the tool hands the service's answer on as it came") == true)
    }

    @available(SkillCheckTesting, *)
    @Test("a tool that returns the fields it read passes, saying what it measured")
    func returnsTheFields() async {
        let findings = await SkillConformance.check(for: "TOOL-6").run(
            SkillUnderTest(tool: { RawWeatherTool(decodes: true, context: $0) }))
        #expect(findings.map(\.outcome) == [.passed], "\(findings.map(\.message))")
        #expect(
            findings.first?.observed.hasSuffix("bytes with a 6 KB field added to the service's answer") == true,
            "\(findings.map(\.message))")
    }
}
