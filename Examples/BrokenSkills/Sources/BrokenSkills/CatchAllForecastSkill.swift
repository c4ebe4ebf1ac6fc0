import SkillKit

/// Breaks CAN-3: its `catch` maps every error, cancellation included, into `executionFailed`, so a
/// cancelled run reads as a failure of the weather service.
public struct CatchAllForecastSkill: AgentSkill {
    public let id = "forecast"
    public let displayName = "天气预报"
    public let description = "Gives Shanghai's forecast, such as 天气预报 上海."
    public let keywords = ["天气预报", "forecast"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        do {
            let weather = try await context.networkService.fetchWeather(city: "上海")
            return SkillOutput(summary: "上海 \(weather.temperature)°C，\(weather.condition)")
        } catch {
            throw SkillError.executionFailed("天气服务不可用：\(error.localizedDescription)")
        }
    }
}
