import SkillKit

/// Breaks ERR-1 in its second child only: it asks for two cities' weather at once in a task group and
/// reads the first answer to come back in a `do`/`catch` that maps the service's errors, on the thinking that
/// a service that is down fails the first answer. When only the answer that comes back second fails, the
/// raw `NetworkError` leaves through the loop that reads the rest. ``CarefulTwoCityWeatherSkill`` is its
/// correct twin.
public struct TwoCityWeatherSkill: AgentSkill {
    public let id = "two-city-weather"
    public let displayName = "两地天气"
    public let description = "Tells the weather in Beijing and in Shanghai side by side, such as 两地天气."
    public let keywords = TwoCityWeather.keywords

    public init() {}

    public var samples: SkillSamples { TwoCityWeather.samples }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await TwoCityWeather.answer(context: context, mapsEveryChild: false)
    }
}

/// The correct twin of ``TwoCityWeatherSkill``: every child maps its own failure. It passes every rule.
public struct CarefulTwoCityWeatherSkill: AgentSkill {
    public let id = "careful-two-city-weather"
    public let displayName = "两地天气"
    public let description = "Tells the weather in Beijing and in Shanghai side by side, such as 两地天气."
    public let keywords = TwoCityWeather.keywords

    public init() {}

    public var samples: SkillSamples { TwoCityWeather.samples }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        try await TwoCityWeather.answer(context: context, mapsEveryChild: true)
    }
}

/// What both two-city skills share: the fan-out, and where they differ.
enum TwoCityWeather {
    static let keywords = ["两地天气", "two cities weather"]
    static let samples = SkillSamples(handled: ["两地天气", "two cities weather"], unhandled: ["记一下买牛奶"])
    static let cities = ["北京", "上海"]

    static func answer(context: SkillContext, mapsEveryChild: Bool) async throws -> SkillOutput {
        try Task.checkCancellation()
        let network = context.networkService
        var rows = [WeatherResponse?](repeating: nil, count: cities.count)
        try await withThrowingTaskGroup(of: (Int, WeatherResponse).self) { group in
            for (index, city) in cities.enumerated() {
                group.addTask {
                    guard mapsEveryChild else { return (index, try await network.fetchWeather(city: city)) }
                    do {
                        return (index, try await network.fetchWeather(city: city))
                    } catch let error as NetworkError {
                        throw SkillError.executionFailed("\(city)的天气暂时查不到：\(error.message(in: .zhHans))")
                    }
                }
            }
            do {
                if let (index, weather) = try await group.next() { rows[index] = weather }
            } catch let error as NetworkError {
                throw SkillError.executionFailed("天气服务暂时不可用：\(error.message(in: .zhHans))")
            }
            while let (index, weather) = try await group.next() { rows[index] = weather }
        }
        let lines = zip(cities, rows).map { city, weather in "\(city) \(weather.map { "\($0.temperature)°C" } ?? "—")" }
        return SkillOutput(summary: lines.joined(separator: "，"))
    }
}
