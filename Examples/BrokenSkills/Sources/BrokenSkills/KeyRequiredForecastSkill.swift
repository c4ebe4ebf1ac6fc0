import Foundation
import SkillKit

/// Breaks CRASH-1 only where its API key is not set: it reads `BROKEN_FORECAST_API_KEY` on its first request and
/// ends the program when it is missing, as a ported server does at start-up (`console.error(…); process.exit(1)`).
/// In an app, that is a crash on the first question of every user who has no key. Everything else it does right,
/// so with a key (`skillcheck` gives it a placeholder) every rule passes: only the run of its checks with the key
/// unset, `skillcheck`'s or the one-line test's for a skill given with its package, fails.
public struct KeyRequiredForecastSkill: AgentSkill {
    public let id = "key-forecast"
    public let displayName = "天气预报"
    public let description = "Tells a city's weather from a keyed forecast service, such as 北京天气预报."
    public let keywords = ["天气预报"]

    public init() {}

    public var samples: SkillSamples {
        SkillSamples(handled: ["北京天气预报", "上海天气预报"], unhandled: ["记一下买牛奶"])
    }

    public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        _ = forecastAPIKey
        let city = input.rawText.hasPrefix("上海") ? "上海" : "北京"
        do {
            let weather = try await context.networkService.fetchWeather(city: city)
            return SkillOutput(summary: "\(city) \(weather.temperature)°C，\(weather.condition)")
        } catch let error as NetworkError {
            throw SkillError.executionFailed("无法获取\(city)的天气预报（\(error.message(in: .zhHans))）")
        }
    }
}

/// Read once, on first use: the first request.
let forecastAPIKey: String = {
    let key = ProcessInfo.processInfo.environment["BROKEN_FORECAST_API_KEY"] ?? ""
    if key.isEmpty {
        FileHandle.standardError.write(Data("Error: BROKEN_FORECAST_API_KEY environment variable is required\n".utf8))
        exit(1)
    }
    return key
}()
