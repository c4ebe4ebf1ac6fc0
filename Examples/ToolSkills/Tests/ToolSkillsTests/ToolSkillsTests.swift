import Foundation
import SkillConformance
import SkillConformanceTesting
import SkillKit
import SkillTesting
import Testing
import ToolSkills

@Suite("The tool skills, called as a model would call them")
struct ToolSkillsTests {
    @available(macOS 15.0, iOS 18.0, *)
    @Test("query_weather reads the stubbed service and answers in the unit asked for")
    func weather() async throws {
        let network = FakeNetworkService()
        network.stubWeather(city: "上海", WeatherResponse(temperature: 30, condition: "小雨", feelsLike: 33, humidity: 90))
        let tool = WeatherTool(context: .virtual(clock: VirtualClock(), networkService: network))
        let answer = try await tool.execute(arguments: Data(#"{"city": "上海", "unit": "fahrenheit"}"#.utf8))
        #expect(answer == "上海 当前 86°F，小雨，体感 91°F，湿度 90%")
    }

    @available(macOS 15.0, iOS 18.0, *)
    @Test("arguments that do not fit the schema are invalidInput naming the field, before any request")
    func weatherRejectsBadArguments() async throws {
        let network = FakeNetworkService()
        let tool = WeatherTool(context: .virtual(clock: VirtualClock(), networkService: network))
        await #expect(throws: SkillError.invalidInput("unit: expected one of \"celsius\", \"fahrenheit\", found \"kelvin\"")) {
            try await tool.execute(arguments: Data(#"{"city": "北京", "unit": "kelvin"}"#.utf8))
        }
        await #expect(throws: SkillError.invalidInput("city: is required")) { try await tool.execute(arguments: Data("{}".utf8)) }
        #expect(network.requests.isEmpty)
    }

    @available(macOS 15.0, iOS 18.0, *)
    @Test("query_calendar lists the events of the last seven days by default, and needs the user's permission")
    func calendar() async throws {
        let clock = VirtualClock()
        let store = InMemoryDataStore(clock: clock)
        let now = VirtualClock.defaultOrigin
        try await store.save(CalendarEvent(title: "周会", start: now.addingTimeInterval(-2 * 24 * 3600)), id: "1", in: CalendarEvent.collection)
        try await store.save(CalendarEvent(title: "旧事", start: now.addingTimeInterval(-30 * 24 * 3600)), id: "2", in: CalendarEvent.collection)
        let tool = CalendarTool(context: .virtual(clock: clock, storage: store))
        let answer = try await tool.execute(arguments: Data("{}".utf8))
        #expect(answer.contains("共 1 个日程") && answer.contains("周会") && !answer.contains("旧事"), "\(answer)")
        #expect(tool.requiresPermission)
        await #expect(throws: SkillError.invalidInput("start: expected a date-time such as \"2025-04-09T00:00:00Z\", found \"明天\"")) {
            try await tool.execute(arguments: Data(#"{"start": "明天"}"#.utf8))
        }
    }

    @available(macOS 15.0, iOS 18.0, *)
    @Test("save_note stores the note with the context's id and date")
    func notes() async throws {
        let clock = VirtualClock()
        let store = InMemoryDataStore(clock: clock)
        let tool = NotesTool(context: .virtual(clock: clock, storage: store))
        #expect(try await tool.execute(arguments: Data(#"{"content": "买牛奶", "tags": ["家务"]}"#.utf8)) == "已保存笔记：买牛奶 #家务")
        let notes = try await store.fetchAllNotes()
        #expect(notes.map(\.content) == ["买牛奶 #家务"])
        #expect(notes.first?.createdAt == VirtualClock.defaultOrigin)
    }
}

/// Every conformance rule that runs in-process, for every tool skill of this package, in one test. The
/// compile-time rules (SEND-1, SEND-3) build the package again under strict concurrency, which
/// `swift run skillcheck Examples/ToolSkills` does; here they would only report `skipped`.
@available(macOS 15.0, iOS 18.0, *)
@Test(arguments: SkillConformance.cases(for: [
    SkillUnderTest(tool: { context in WeatherTool(context: context) }),
    SkillUnderTest(tool: { context in CalendarTool(context: context) }),
    SkillUnderTest(tool: { context in NotesTool(context: context) }),
], rules: SkillConformance.implementedRuleIDs.filter { !SkillConformance.staticRuleIDs.contains($0) }))
func conformance(_ c: ConformanceCase) async { await c.expectPasses() }
