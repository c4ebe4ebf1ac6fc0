import SkillKit

/// Breaks ERR-1: lets the network's own error (NetworkError) through with a bare `try`.
public struct UmbrellaSkill: AgentSkill {
    public let id = "umbrella"
    public let displayName = "带伞"
    public let description = "Says whether to take an umbrella, such as 今天要带伞吗."
    public let keywords = ["带伞", "umbrella"]

    public init() {}

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let weather = try await context.networkService.fetchWeather(city: "北京")
        let rainy = weather.condition.contains("雨")
        return SkillOutput(summary: rainy ? "要带伞" : "不用带伞")
    }
}
