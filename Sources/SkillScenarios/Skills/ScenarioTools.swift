import Foundation
import SkillKit
import SkillTesting

/// Small, predictable tool skills for tool-calling transcripts, each made from the replay's context (its
/// fakes and virtual clock). A transcript names them by id in `"tools"`; the model calls them by name.
///
/// | id | name | does |
/// |---|---|---|
/// | `weather` | `query_weather` | `{"city"}`: asks the fake network for the city's weather |
/// | `calendar` | `query_calendar` | `{"start": date-time, "days"?}`: lists stored events; requires permission |
/// | `echo` | `echo` | `{"text"}`: returns the text |
/// | `slow` | `wait` | `{"seconds"}`: sleeps on the clock, honouring cancellation |
/// | `stubborn` | `stubborn_wait` | `{"seconds"}`: sleeps on the clock, ignoring cancellation |
/// | `report` | `big_report` | `{"bytes"}`: returns a report exactly that many bytes long |
///
/// ```json
/// {"schema": "skillcheck.transcript/1", "tools": ["weather", {"id": "calendar", "pack": "calendar"}], "model": [...], "steps": [...]}
/// ```
@available(SkillCheckTesting, *)
@usableFromInline
package enum ScenarioTools {
    /// Makes each tool skill for a replay's context.
    @usableFromInline
    package static let all: [@Sendable (SkillContext) -> any ToolSkill] = [
        { WeatherTool(context: $0) }, { CalendarTool(context: $0) }, { _ in EchoTool() },
        { SlowTool(context: $0) }, { StubbornTool(context: $0) }, { _ in ReportTool() },
    ]

    /// `query_weather {"city": "北京"}` → `北京：晴，21°C，体感 20°C，湿度 30%`, from the fake network
    /// (stub it with `{"match": {"weather": "北京"}, ...}`).
    package struct WeatherTool: ToolSkill {
        package let id = "weather"
        package let name = "query_weather"
        package let description = "查询城市当前天气。用户问天气、温度、下雨时使用。"
        package let inputSchema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
        let network: any NetworkServing

        package init(context: SkillContext) { network = context.networkService }

        struct Arguments: Decodable { let city: String }

        package func execute(arguments: Data) async throws -> String {
            let city = try decodeArguments(Arguments.self, from: arguments).city
            let weather = try await network.fetchWeather(city: city)
            return "\(city)：\(weather.condition)，\(weather.temperature)°C，体感 \(weather.feelsLike)°C，湿度 \(weather.humidity)%"
        }
    }

    /// `query_calendar {"start": "2026-01-01T00:00:00Z", "days": 2}` → the stored events of collection
    /// `calendar` (`{"title", "start"}`) in those days, one a line; requires the user's permission.
    package struct CalendarTool: ToolSkill {
        package let id = "calendar"
        package let name = "query_calendar"
        package let description = "查找用户在指定时间段内的日历日程。时间段缺省时默认最近7天。"
        package let inputSchema: JSON = [
            "type": "object",
            "properties": ["start": ["type": "string", "format": "date-time"], "days": ["type": "integer"]],
            "required": ["start"],
        ]
        package let requiresPermission = true
        let storage: any DataStoring

        package init(context: SkillContext) { storage = context.storage }

        struct Arguments: Decodable {
            let start: Date
            let days: Int?
        }
        struct Event: Decodable {
            let title: String
            let start: Date
        }

        package func execute(arguments: Data) async throws -> String {
            let arguments = try decodeArguments(Arguments.self, from: arguments)
            let end = arguments.start.addingTimeInterval(Double(arguments.days ?? 7) * 86_400)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let events = try await storage.documents(in: "calendar")
                .compactMap { try? decoder.decode(Event.self, from: $0.data) }
                .filter { $0.start >= arguments.start && $0.start < end }
                .sorted { $0.start < $1.start }
            guard !events.isEmpty else { return "没有日程" }
            let format = ISO8601DateFormatter()
            return events.map { "\(format.string(from: $0.start)) \($0.title)" }.joined(separator: "\n")
        }
    }

    /// `echo {"text": "你好"}` → `你好`.
    package struct EchoTool: ToolSkill {
        package let id = "echo"
        package let name = "echo"
        package let description = "原样返回 text。"
        package let inputSchema: JSON = ["type": "object", "properties": ["text": ["type": "string"]], "required": ["text"]]

        package init() {}

        struct Arguments: Decodable { let text: String }

        package func execute(arguments: Data) async throws -> String {
            try decodeArguments(Arguments.self, from: arguments).text
        }
    }

    /// `wait {"seconds": 5}` sleeps 5 s on the clock (a cancelled call ends at once), then returns `waited 5s`.
    package struct SlowTool: ToolSkill {
        package let id = "slow"
        package let name = "wait"
        package let description = "等待 seconds 秒后返回。"
        package var inputSchema: JSON { ScenarioTools.secondsSchema }
        let clock: any Clock<Duration>

        package init(context: SkillContext) { clock = context.clock }

        package func execute(arguments: Data) async throws -> String {
            let duration = ScenarioTools.duration(try decodeArguments(ScenarioTools.Seconds.self, from: arguments).seconds)
            try await clock.sleep(for: duration)
            return "waited \(duration.written)"
        }
    }

    /// `stubborn_wait {"seconds": 5}` sleeps 5 s on the clock even when its call is cancelled, then returns
    /// `finished after 5s`: a skill that returns late, after its run was superseded or cancelled.
    package struct StubbornTool: ToolSkill {
        package let id = "stubborn"
        package let name = "stubborn_wait"
        package let description = "等待 seconds 秒后返回，取消也不停。"
        package var inputSchema: JSON { ScenarioTools.secondsSchema }
        let clock: any Clock<Duration>

        package init(context: SkillContext) { clock = context.clock }

        package func execute(arguments: Data) async throws -> String {
            let duration = ScenarioTools.duration(try decodeArguments(ScenarioTools.Seconds.self, from: arguments).seconds)
            let clock = clock
            if let virtual = clock as? VirtualClock {
                // A task of its own on the replay's scheduler, which the call's cancellation does not reach.
                _ = await virtual.scheduler.spawn("stubborn_wait") { try? await virtual.sleep(for: duration) }.value
            } else {
                _ = await Task { try? await clock.sleep(for: duration) }.value
            }
            return "finished after \(duration.written)"
        }
    }

    /// `big_report {"bytes": 3000}` → a report of exactly 3000 bytes: numbered lines of digits.
    package struct ReportTool: ToolSkill {
        package let id = "report"
        package let name = "big_report"
        package let description = "生成一份 bytes 字节长的报告。"
        package let inputSchema: JSON = ["type": "object", "properties": ["bytes": ["type": "integer"]], "required": ["bytes"]]

        package init() {}

        struct Arguments: Decodable { let bytes: Int }

        package func execute(arguments: Data) async throws -> String {
            let bytes = try decodeArguments(Arguments.self, from: arguments).bytes
            guard bytes >= 0, bytes <= 10_000_000 else { throw SkillError.invalidInput("bytes: expected 0 to 10000000") }
            var text = ""
            var line = 1
            while text.utf8.count < bytes {
                text += "line \(line): 0123456789\n"
                line += 1
            }
            return String(text.utf8.prefix(bytes)) ?? text
        }
    }

    /// The arguments of the two waiting tools, `{"seconds": 5}`.
    static let secondsSchema: JSON = ["type": "object", "properties": ["seconds": ["type": "number"]], "required": ["seconds"]]

    struct Seconds: Decodable { let seconds: Double }

    static func duration(_ seconds: Double) -> Duration {
        .nanoseconds(Int64((min(max(seconds, 0), 86_400 * 365) * 1e9).rounded()))
    }
}
