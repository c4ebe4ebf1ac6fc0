import Foundation
import SkillKit
import Testing

@Suite("SkillRegistry")
struct SkillRegistryTests {
    static let weatherCall = ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])
    static let calendarCall = ToolCall(id: "call-2", name: "query_calendar", arguments: ["start": "1970-01-01T00:00:00Z"])

    @Test("schemas come in registration order; every pack is shown until showPacks is called")
    func order() {
        let registry = SkillRegistry()
        registry.register(CalendarTool(), in: "calendar")
        registry.register(WeatherTool())
        #expect(registry.visibleSchemas().map(\.name) == ["query_calendar", "query_weather"])
        #expect(registry.shownPacks == nil)
        #expect(registry.skills.map(\.id) == ["calendar.query", "weather.query"])
        #expect(registry.pack(ofSkill: "calendar.query") == "calendar")
        #expect(registry.pack(ofSkill: "weather.query") == .general)
        #expect(registry.pack(ofSkill: "nope") == nil)
    }

    @Test("registering the same id again replaces the skill in place, keeping its position")
    func replace() {
        let registry = SkillRegistry()
        registry.register(WeatherTool())
        registry.register(CalendarTool())
        registry.register(WeatherTool(description: "新描述"), in: "weather")
        #expect(registry.skills.map(\.id) == ["weather.query", "calendar.query"])
        #expect(registry.visibleSchemas().first?.description == "新描述")
        #expect(registry.pack(ofSkill: "weather.query") == "weather")
        #expect(registry.unregister(id: "weather.query"))
        #expect(!registry.unregister(id: "weather.query"))
        #expect(registry.skills.map(\.id) == ["calendar.query"])
    }

    @Test("packs are shown per scene: a hidden pack's schemas disappear and its calls are refused")
    func packs() async throws {
        let registry = SkillRegistry()
        registry.register(WeatherTool())
        registry.register(CalendarTool(requiresPermission: false), in: "calendar")
        registry.showPacks([.general])
        #expect(registry.visibleSchemas().map(\.name) == ["query_weather"])
        await #expect(throws: ToolCallError.notVisible("query_calendar", pack: "calendar")) {
            try await registry.execute(Self.calendarCall)
        }
        registry.showPacks([.general, "calendar"])
        #expect(registry.visibleSchemas().map(\.name) == ["query_weather", "query_calendar"])
        #expect(try await registry.execute(Self.calendarCall) == "0.0 7")
        registry.showPacks([])
        #expect(registry.visibleSchemas().isEmpty)
    }

    @Test("the permission switch affects only skills that require permission")
    func permission() async throws {
        let registry = SkillRegistry()
        registry.register(WeatherTool())
        registry.register(CalendarTool())
        registry.setPermission(false, for: "weather.query")
        registry.setPermission(false, for: "calendar.query")
        #expect(registry.isPermitted("weather.query"))
        #expect(!registry.isPermitted("calendar.query"))
        #expect(!registry.isPermitted("unknown"))
        #expect(registry.visibleSchemas().map(\.name) == ["query_weather"])
        #expect(try await registry.execute(Self.weatherCall) == "北京 晴")
        await #expect(throws: ToolCallError.permissionDenied("query_calendar")) { try await registry.execute(Self.calendarCall) }
        registry.setPermission(true, for: "calendar.query")
        #expect(registry.visibleSchemas().map(\.name) == ["query_weather", "query_calendar"])
        #expect(try await registry.execute(Self.calendarCall) == "0.0 7")
    }

    @Test("an unknown name lists the tools the model can see now")
    func unknown() async {
        let registry = SkillRegistry()
        registry.register(WeatherTool())
        registry.register(CalendarTool(), in: "calendar")
        registry.showPacks([.general])
        let call = ToolCall(id: "c", name: "send_email", arguments: [:])
        await #expect(throws: ToolCallError.unknownSkill("send_email", available: ["query_weather"])) { try await registry.execute(call) }
        let error = ToolCallError.unknownSkill("send_email", available: ["query_weather"])
        #expect(error.description == "No skill named send_email (available: query_weather)")
        #expect(error.message(in: .zhHans) == "没有名为 send_email 的技能（可用：query_weather）")
        #expect(ToolCallError.unknownSkill("x", available: []).description == "No skill named x (available: none)")
        #expect(ToolCallError.notVisible("a", pack: "p").description == "Skill a is in pack p, which this scene does not show")
        #expect(ToolCallError.permissionDenied("a").message(in: .zhHans) == "用户已关闭技能 a")
    }

    @Test("what the skill throws comes out of execute unchanged")
    func skillErrors() async {
        let registry = SkillRegistry()
        registry.register(WeatherTool())
        let call = ToolCall(id: "c", name: "query_weather", arguments: ["town": "北京"])
        await #expect(throws: SkillError.invalidInput("city: is required")) { try await registry.execute(call) }
    }

    @Test("two packs with a tool of the same name: the visible one takes the call")
    func sameNameInTwoPacks() async throws {
        let registry = SkillRegistry()
        registry.register(WeatherTool(id: "weather.hidden", description: "hidden"), in: "travel")
        registry.register(WeatherTool(), in: .general)
        registry.showPacks([.general])
        #expect(registry.visibleSchemas().map(\.description) == ["查询城市天气"])
        #expect(try await registry.execute(Self.weatherCall) == "北京 晴")
        guard case .success(let skill) = registry.resolve(Self.weatherCall) else {
            Issue.record("not resolved")
            return
        }
        #expect(skill.id == "weather.query")
    }

    @Test("two visible skills with one name are a clash, listed with their ids; hiding a pack or switching one off ends it")
    func nameClashes() {
        let registry = SkillRegistry()
        registry.register(WeatherTool(), in: .general)
        registry.register(CalendarTool(), in: .general)
        // A permission-gated skill in another pack, under the weather tool's name.
        registry.register(CalendarTool(id: "travel.weather", name: "query_weather"), in: "travel")
        #expect(registry.visibleNameClashes() == [ToolNameClash(name: "query_weather", skillIDs: ["weather.query", "travel.weather"])])
        registry.showPacks([.general])
        #expect(registry.visibleNameClashes().isEmpty)
        registry.showPacks([.general, "travel"])
        registry.setPermission(false, for: "travel.weather")
        #expect(registry.visibleNameClashes().isEmpty)
    }

    @Test("SkillPack encodes as its name")
    func packCoding() throws {
        let data = try JSONEncoder().encode([SkillPack.general, "calendar"])
        #expect(String(decoding: data, as: UTF8.self) == #"["general","calendar"]"#)
        #expect(try JSONDecoder().decode([SkillPack].self, from: data) == [.general, "calendar"])
    }
}
