import SkillKit

/// A weather skill for the rule tests: the same name, keywords and samples; what differs is how it fetches, waits and
/// maps errors.
protocol WeatherFixture: AgentSkill {}

extension WeatherFixture {
    var displayName: String { "Weather" }
    var description: String { "Says the weather, such as weather in Paris." }
    var keywords: [String] { ["weather"] }
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }
}
