import SkillKit

/// Breaks SEND-2: it numbers its answers with a counter in an `@unchecked Sendable` class that has no
/// lock. It reads the count before it awaits the weather and writes it back after, so calls running at
/// the same time read the same count: two users are both told "第 1 次查询", and ThreadSanitizer reports
/// the unsynchronised reads and writes.
public struct CountingWeatherSkill: AgentSkill {
    /// "The compiler complained, so": `@unchecked Sendable` silences it without making it safe.
    final class QueryCounter: @unchecked Sendable {
        var count = 0
    }

    public let id = "counting-weather"
    public let displayName = "天气次数"
    public let description = "Tells Beijing's weather and how many times it was asked, such as 今天第几次问天气."
    public let keywords = ["第几次问天气", "weather count"]
    private let counter = QueryCounter()

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["今天第几次问天气", "weather count please"], unhandled: ["记一下买牛奶"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let number = counter.count + 1
        let weather: WeatherResponse
        do {
            weather = try await context.networkService.fetchWeather(city: "北京")
        } catch let error as NetworkError {
            throw SkillError.executionFailed(error.localizedDescription)
        }
        counter.count = number
        return SkillOutput(summary: "第 \(number) 次查询：北京 \(weather.temperature)°C，\(weather.condition)")
    }
}
