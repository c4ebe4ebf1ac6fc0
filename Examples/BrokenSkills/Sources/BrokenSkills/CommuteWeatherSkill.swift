import SkillKit

/// Breaks ERR-1 at its second operation only: it looks up the weather where the user is and where they are
/// going. The first lookup maps the service's errors to `SkillError`; the second, added later, has a bare
/// `try`, so when only the second request fails, the raw `NetworkError` reaches the engine. A fault on
/// every request stops at the first lookup, which maps it, and never shows this.
public struct CommuteWeatherSkill: AgentSkill {
    public let id = "commute-weather"
    public let displayName = "通勤天气"
    public let description = "Tells the weather in Beijing and in Shanghai for a commute, such as 通勤天气."
    public let keywords = ["通勤天气", "commute weather"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["通勤天气", "commute weather please"], unhandled: ["记一下买牛奶"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let here: WeatherResponse
        do {
            here = try await context.networkService.fetchWeather(city: "北京")
        } catch let error as NetworkError {
            throw SkillError.executionFailed("天气服务暂时不可用：\(error.message(in: .zhHans))")
        }
        let there = try await context.networkService.fetchWeather(city: "上海")
        return SkillOutput(summary: "北京 \(here.temperature)°C，上海 \(there.temperature)°C")
    }
}
