import Foundation
import SkillKit

/// Reads its API key from the environment and answers "set the key" without it, as most ported tools do; with
/// it, it fetches and lets the network's error through unmapped (ERR-1's finding). `skillcheck` must give the
/// key a placeholder, or every run stops at the guard and ERR-1 finds nothing to judge.
public struct KeyedWeatherSkill: AgentSkill {
    public let id = "weather.keyed"
    public let displayName = "天气"
    public let description = "The weather, such as weather in Paris."
    public let keywords = ["weather"]

    public init() {}

    public var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["echo hi"]) }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard let key = ProcessInfo.processInfo.environment["STRAY_WEATHER_API_KEY"], !key.isEmpty else {
            return SkillOutput(summary: "Set STRAY_WEATHER_API_KEY to get the weather.")
        }
        let weather = try await context.networkService.fetchWeather(city: "Paris")
        return SkillOutput(summary: "\(weather.temperature)°")
    }
}
