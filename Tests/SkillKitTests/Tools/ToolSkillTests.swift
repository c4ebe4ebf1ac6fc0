import Foundation
import SkillKit
import Testing

@Suite("ToolSkill")
struct ToolSkillTests {
    @Test("defaults: no permission needed, one sample built from the schema, the schema the model sees")
    func defaults() {
        let tool = WeatherTool()
        #expect(tool.requiresPermission == false)
        #expect(tool.sampleArguments == [["city": "example"]])
        #expect(tool.toolSchema == ToolSchema(name: "query_weather", description: "查询城市天气", parameters: tool.inputSchema))
    }

    @Test("decodeArguments decodes arguments that fit, dates as ISO 8601 with or without fractional seconds")
    func decodes() async throws {
        #expect(try await WeatherTool().execute(arguments: Data(#"{"city":"北京"}"#.utf8)) == "北京 晴")
        #expect(try await CalendarTool().execute(arguments: Data(#"{"start":"1970-01-01T00:01:00Z","days":2}"#.utf8)) == "60.0 2")
        #expect(try await CalendarTool().execute(arguments: Data(#"{"start":"1970-01-01T00:01:00.500Z"}"#.utf8)) == "60.5 7")
        #expect(try await CalendarTool().execute(arguments: Data(#"{"start":"1970-01-01T08:01:00+08:00"}"#.utf8)) == "60.0 7")
    }

    @Test(
        "arguments that violate the schema are invalidInput naming the field",
        arguments: [
            (#"{"start":"明天"}"#, "start: expected a date-time such as \"2025-04-09T00:00:00Z\", found \"明天\""),
            (#"{"days":3}"#, "start: is required"),
            (#"{"start":"2025-04-09T00:00:00Z","days":"3"}"#, "days: expected an integer, found \"3\""),
            (#"{"start":"2025-04-09T00:00:00Z","filter":{"tags":[1]}}"#, "filter.tags[0]: expected a string, found 1"),
            (#"{"start": "#, #"arguments are not JSON: {"start": "#),
        ])
    func schemaViolations(text: String, message: String) async {
        await #expect(throws: SkillError.invalidInput(message)) { try await CalendarTool().execute(arguments: Data(text.utf8)) }
    }

    @Test(
        "a DecodingError becomes invalidInput naming the field, never leaks out",
        arguments: [
            (#"{"items":[]}"#, "name: is required"),
            (#"{"name":1,"items":[]}"#, "name: expected String"),
            (#"{"name":"a","items":[{"count":1},{"count":"x"}]}"#, "items[1].count: expected Int"),
            (#"{"name":"a","items":[{}]}"#, "items[0].count: is required"),
            (#"{"name":null,"items":[]}"#, "name: expected String"),
            (#"{"name":"a","items":[],"when":"tomorrow"}"#, "when: "),
        ])
    func decodingErrors(text: String, message: String) async {
        do {
            _ = try await LooseTool().execute(arguments: Data(text.utf8))
            Issue.record("expected invalidInput")
        } catch let SkillError.invalidInput(found) {
            #expect(found.hasPrefix(message), "\(found)")
        } catch {
            Issue.record("leaked \(type(of: error)): \(error)")
        }
    }
}
